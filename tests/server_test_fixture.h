// The fixture of the server's tests: one live `nimkit serve` on a free loopback port for the
// suite, and the requests a test sends it (the answer's status and JSON body); and for tests that
// need a server of their own (other options, or one they stop), OwnServer and raw connections.
#pragma once

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "json.h"
#include "server.h"
#include "time_factor.h"

namespace nimkit::server {

class ServerApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ServerOptions options;
    options.host = "127.0.0.1";
    options.port = 0;  // any free port
    // A request's time limit is set for the release build: the sanitizers' builds run the same
    // work several times slower, and tests that want the limit itself set it on a server of
    // their own.
    options.api.max_request_time *= nimkit_test::kTimeFactor;
    server_ = new Server(options);
    auto bound = server_->bind();
    ASSERT_TRUE(bound.ok()) << bound.error();
    thread_ = new std::thread([] { server_->listen(); });
  }
  static void TearDownTestSuite() {
    server_->stop();
    thread_->join();
    delete thread_;
    delete server_;
  }

  static httplib::Client client() {
    httplib::Client c("127.0.0.1", server_->port());
    c.set_connection_timeout(5);
    c.set_read_timeout(10);
    return c;
  }

  struct Answer {
    int status = 0;
    nlohmann::json body;
  };
  // Every answer, a refusal too, names the contract version it speaks.
  static Answer checked(Answer answer) {
    EXPECT_EQ(answer.body.value("contract", 0), contract::kContractVersion) << answer.body.dump();
    return answer;
  }
  static Answer get(const std::string& path) {
    auto res = client().Get(path);
    EXPECT_TRUE(res) << "no answer to GET " << path;
    if (!res) return {};
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path;
    return checked({res->status, nlohmann::json::parse(res->body)});
  }
  static Answer post(const std::string& path, const std::string& body) {
    auto res = client().Post(path, body, "application/json");
    EXPECT_TRUE(res) << "no answer to POST " << path;
    if (!res) return {};
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path << " " << body;
    return checked({res->status, nlohmann::json::parse(res->body)});
  }
  static Answer post_json(const std::string& path, const nlohmann::json& body) {
    return post(path, body.dump());
  }

  // A refusal: the status, and an error message containing `words`.
  static void expect_refused(const Answer& answer, int status, const std::string& words) {
    EXPECT_EQ(answer.status, status) << answer.body.dump();
    ASSERT_TRUE(answer.body.contains("error")) << answer.body.dump();
    EXPECT_NE(answer.body["error"].get<std::string>().find(words), std::string::npos)
        << "error \"" << answer.body["error"].get<std::string>() << "\" lacks \"" << words << "\"";
  }

  static inline Server* server_ = nullptr;
  static inline std::thread* thread_ = nullptr;
};

// A server of the test's own, on a free loopback port, with the given options.
struct OwnServer {
  explicit OwnServer(ServerOptions options) : server(std::move(options)) {
    auto bound = server.bind();
    EXPECT_TRUE(bound.ok()) << bound.error();
    thread = std::thread([this] { server.listen(); });
  }
  ~OwnServer() {
    server.stop();
    thread.join();
  }
  Server server;
  std::thread thread;
};

inline ServerOptions loopback_options() {
  ServerOptions options;
  options.port = 0;
  return options;
}

// The lines a server logs (from its worker threads), kept for a test to read.
struct CapturedLog {
  // Loopback options whose log writes here.
  ServerOptions options() const {
    ServerOptions options = loopback_options();
    options.log = [lines = lines, mutex = mutex](std::string_view line) {
      const std::lock_guard lock(*mutex);
      lines->emplace_back(line);
    };
    return options;
  }
  std::vector<std::string> taken() const {
    const std::lock_guard lock(*mutex);
    return *lines;
  }
  std::shared_ptr<std::vector<std::string>> lines = std::make_shared<std::vector<std::string>>();
  std::shared_ptr<std::mutex> mutex = std::make_shared<std::mutex>();
};

// A blocking TCP connection to the loopback port.
inline int connect_loopback(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
  return fd;
}

}  // namespace nimkit::server
