// The HTTP server behind `nimkit serve`: the JSON API (api.h) and the embedded page, over
// cpp-httplib. It keeps no game state; every request carries the whole position.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>

#include "api.h"
#include "nimkit/result.h"

namespace httplib {
class TaskQueue;
struct Response;
}  // namespace httplib

namespace nimkit::server {

class ReactorHttpServer;
class FilledFile;

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 picks a free port (tests)
  ApiLimits api;
  // Connections (connection.h): one may wait idle_timeout for a request's first byte, then has
  // request_deadline from it to send the whole request; an answer's write may wait write_timeout
  // for the client to take any of it (a slow reader gets it all; one that stalls is cut off).
  // Slow or stalled clients hold no thread: the event loop waits for them.
  std::chrono::milliseconds idle_timeout{5000};
  std::chrono::milliseconds write_timeout{5000};
  std::chrono::milliseconds request_deadline{5000};
  // Connections held at once, in total and from one client address; past a cap a new connection
  // takes the place of the waiting one whose deadline comes first (503 when all are busy).
  std::size_t max_connections = 4096;
  std::size_t max_connections_per_address = 1024;
  // Bytes of rendered answers held for clients to read, in total; an answer that does not fit
  // is answered 503 with Retry-After (small answers always fit; connection.h).
  std::size_t answer_budget = std::size_t{256} << 20;
  // Worker threads that answer whole requests besides those the engine queue below may hold
  // (an engine request keeps its worker while it runs or waits): health, the rulesets, the page
  // and refusals always find one of these.
  std::size_t threads = 16;
  // Engine requests (analyze, move, moves, grundy) running at once (0: one per core, at least
  // 2), and waiting for a turn; a request that finds the queue full, or waits longer than
  // queue_wait, is answered 503 with Retry-After. Health and static files never queue. The wait
  // is bounded by time; the count bounds only what waiting requests hold (a worker thread and a
  // body each), so it is large: clients of trivial requests are all answered up to about
  // max_running + max_waiting of them at once (wrk -c128; docs/performance.md).
  std::size_t max_running = 0;
  std::size_t max_waiting = 128;
  std::chrono::milliseconds queue_wait{2000};
  // Pending connections the kernel holds before accept.
  int backlog = 512;
  // One line per request: "POST /api/analyze 200 0.4ms". Called from worker threads, one call at
  // a time; null for no log.
  std::function<void(std::string_view line)> log;
};

// What the connection layer did to connections since the server started.
struct ConnectionCounts {
  std::uint64_t dropped_slow = 0;     // closed with a request not whole at its deadline
  std::uint64_t evicted = 0;          // a waiting connection closed for a new one past a cap
  std::uint64_t refused = 0;          // a new connection answered 503: every connection was busy
  std::uint64_t handed = 0;           // whole requests handed to a worker to answer
  std::uint64_t cut_off = 0;          // answers cut off: the client took none for write_timeout
  std::uint64_t over_budget = 0;      // answers refused 503: the answer budget was spent
  std::size_t held_answer_bytes = 0;  // now: bytes of answers waiting for their readers
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
  // Makes listen() return promptly: requests in flight are cancelled (answered 422 naming the
  // cancellation) and idle connections closed. Safe from any thread.
  void stop();
  ConnectionCounts connection_counts() const;

 private:
  void install_routes();
  // The parts of install_routes: socket and header options; the refusals before routing and the
  // answer budget after it; the API's routes; the page's files and the JSON of every error; the
  // request log (options_.log).
  void set_http_options();
  void install_answer_checks();
  void install_api_routes();
  void install_static_and_errors();
  void install_logger();
  // Runs one engine request under its own WorkMeter, through the bounded queue, and puts its
  // answer, rendered on the engine thread, in `res`.
  void run_engine(const std::function<ApiResponse(std::shared_ptr<WorkMeter>)>& work,
                  httplib::Response& res);
  bool admit();
  void release();

  std::mutex mutex_;  // guards everything below
  std::condition_variable turn_;
  std::size_t running_ = 0;
  std::size_t waiting_ = 0;
  bool stopping_ = false;
  std::unordered_set<std::shared_ptr<WorkMeter>> meters_;
  int listen_socket_ = -1;
  std::unique_ptr<httplib::TaskQueue> engine_pool_;  // runs the admitted engine requests

  ServerOptions options_;
  Api api_;
  // index.html with the first answers (Api::first_answers) in it.
  std::unique_ptr<FilledFile> index_;
  std::unique_ptr<ReactorHttpServer> http_;
  int port_ = 0;
};

}  // namespace nimkit::server
