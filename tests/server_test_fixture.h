// The fixture of the server's tests: one live `nimkit serve` on a free loopback port for the
// suite, and the requests a test sends it (the answer's status and JSON body).
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server.h"

namespace nimkit::server {

class ServerApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ServerOptions options;
    options.host = "127.0.0.1";
    options.port = 0;  // any free port
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
  static Answer get(const std::string& path) {
    auto res = client().Get(path);
    EXPECT_TRUE(res) << "no answer to GET " << path;
    if (!res) return {};
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path;
    return {res->status, nlohmann::json::parse(res->body)};
  }
  static Answer post(const std::string& path, const std::string& body) {
    auto res = client().Post(path, body, "application/json");
    EXPECT_TRUE(res) << "no answer to POST " << path;
    if (!res) return {};
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path << " " << body;
    return {res->status, nlohmann::json::parse(res->body)};
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

}  // namespace nimkit::server
