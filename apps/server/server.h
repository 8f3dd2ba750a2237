// The HTTP server behind `nimkit serve`: the JSON API (api.h) and the embedded page, over
// cpp-httplib. It keeps no game state; every request carries the whole position.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "api.h"
#include "nimkit/result.h"

namespace httplib {
class Server;
}

namespace nimkit::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 picks a free port (tests)
  ApiLimits api;
  // A connection that sends nothing (or receives nothing) for this long is dropped, so a slow or
  // stalled client cannot hold a worker thread.
  std::chrono::seconds read_timeout{5};
  std::chrono::seconds write_timeout{5};
  std::size_t threads = 8;
  // One line per request: "POST /api/analyze 200 0.4ms". Called from worker threads, one call at
  // a time; null for no log.
  std::function<void(std::string_view line)> log;
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the listening socket. Fails naming the address when it is taken or invalid.
  Result<bool> bind();
  // The port bound (after bind(); the chosen one when options.port was 0).
  int port() const { return port_; }
  // "http://127.0.0.1:8080/"
  std::string address() const;
  // Serves until stop() is called; returns false when the server could not run.
  bool listen();
  // Makes listen() return once requests in flight are answered. Safe from any thread.
  void stop();

 private:
  void install_routes();

  ServerOptions options_;
  Api api_;
  std::unique_ptr<httplib::Server> http_;
  int port_ = 0;
};

}  // namespace nimkit::server
