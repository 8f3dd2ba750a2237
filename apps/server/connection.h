// The connection layer of the server: cpp-httplib's request parsing and routing, fed by an event
// loop of our own so that connections which send nothing, or never finish a request, cost a file
// descriptor and a buffer but no thread.
//
// One reactor thread owns every connection socket except while a worker answers its request: it
// accepts, reads without blocking (epoll) and finds where each request ends (http_framing.h).
// Only a whole request reaches a worker thread, which runs httplib's process_request over the
// bytes read (held in memory) and renders the answer into memory; the reactor then writes the
// answer as the socket takes it, and a keep-alive connection waits for its next request (any
// bytes of it already read). So the workers serve complete requests only, never wait on a client,
// and /api/health answers while thousands of connections idle, trickle or read slowly.
//
// Bounds, all enforced by the reactor:
//  - a connection may wait idle idle_timeout for a request's first byte, then has
//    request_deadline from that byte to send the whole request (line, headers and body);
//  - the head and the body are bounded, and framing headers that lie are refused at once;
//  - connections are capped in total and per client address. A new connection past a cap closes
//    the waiting connection (idle, or with an unfinished request) of that address, or of any
//    address for the total, whose deadline comes first: a flood from one address recycles its own
//    slots, and a client whose request comes right after its connection gets in. When every
//    connection is busy with a request, the new one is answered 503 with Retry-After and closed;
//  - RLIMIT_NOFILE's soft limit is raised as far as the hard limit allows, and the total cap is
//    kept below it;
//  - an answer is cut off (the connection closed) only when the client takes none of it for
//    write_timeout: each piece of progress restarts the wait (nginx's send_timeout), so a slow
//    reader gets the whole answer however long it takes. Progress is bytes the socket took, or
//    bytes already in the socket that the client acknowledged (SIOCOUTQ): the kernel's send
//    buffer, megabytes on loopback, turns writable again only once much of it has drained;
//  - the answers the reactor holds are bounded in total by answer_budget bytes. A worker reserves
//    an answer's body (admit_answer(), which the server calls before writing an answer) and the
//    bytes are released as the socket takes them. An answer that does not fit what is left is
//    refused by the server (503 with Retry-After) instead of being held, unless it is small (16
//    KiB at most: health, refusals) or nothing else is held (one answer larger than the budget
//    still goes out). So the reactor holds at most answer_budget + one answer + 16 KiB a
//    connection, and a worker never waits for room;
//  - after an answer that ends the connection, the client's input is read and discarded (also
//    while the answer is written) until it closes or `linger` has passed, however much it sends:
//    a client that writes a whole refused body before reading gets the answer, not a reset.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "http_framing.h"

namespace nimkit::server {

struct ConnectionOptions {
  // Time a connection may wait for a request's first byte (a new or a keep-alive connection).
  std::chrono::milliseconds idle_timeout{5000};
  // Time a client may take to send one whole request, from its first byte.
  std::chrono::milliseconds request_deadline{5000};
  // Time an answer's write may wait for the client to take any of it (no progress).
  std::chrono::milliseconds write_timeout{5000};
  // Bytes of answers held in memory for their clients, in total (see above).
  std::size_t answer_budget = std::size_t{256} << 20;
  // After an answer that closes the connection, unread input is discarded for up to this long.
  std::chrono::milliseconds linger{1000};
  FramingLimits framing;
  std::size_t max_connections = 4096;
  std::size_t max_connections_per_address = 1024;
  // Threads that serve whole requests.
  std::size_t workers = 16;
};

struct Connection;
class Reactor;

class ReactorHttpServer : public httplib::Server {
 public:
  explicit ReactorHttpServer(ConnectionOptions options);
  ~ReactorHttpServer() override;
  ReactorHttpServer(const ReactorHttpServer&) = delete;
  ReactorHttpServer& operator=(const ReactorHttpServer&) = delete;

  // Serves the socket bound by bind_to_port() or bind_to_any_port() until stop_serving(), then
  // closes it with every connection and returns true; false when nothing is bound or the event
  // loop cannot start. Call once.
  bool serve();
  // Makes serve() return promptly, also when it has not started yet: idle connections are
  // closed, requests being served are answered, answers being written give up. Any thread.
  void stop_serving();
  bool stopping() const { return stopping_.load(); }
  // Connections closed with a request not whole at its deadline; closed to make room for a new
  // one past a cap; new ones answered 503 because every connection was busy; whole requests
  // handed to a worker.
  std::uint64_t dropped_slow() const { return dropped_slow_.load(); }
  std::uint64_t evicted() const { return evicted_.load(); }
  std::uint64_t refused() const { return refused_.load(); }
  std::uint64_t handed() const { return handed_.load(); }
  // Answers cut off because the client took none of them for write_timeout; answers refused
  // because the answer budget was spent; bytes of answers held now.
  std::uint64_t cut_off() const { return cut_off_.load(); }
  std::uint64_t over_budget() const { return over_budget_.load(); }
  std::size_t held_bytes() const { return held_bytes_.load(); }

  // Reserves `bytes` of the answer budget for the answer this (worker) thread is about to write;
  // false when they do not fit, and the answer should be a short refusal instead.
  bool admit_answer(std::size_t bytes);

  // The refusal the connection layer made of the request this thread is answering (a framing
  // header that lies, a head or body past its limit), or null. The server's pre-routing handler
  // answers it, so that refusals are routed, logged and written like every other answer.
  static const Refusal* refusal_of_current_request();

 private:
  friend class Reactor;
  // Answers the whole request the reactor handed over (on a worker thread), and says whether
  // the connection stays open for another.
  void serve_request(Connection& connection);
  // Returns up to `bytes` of a connection's `reserved` budget.
  void release_answer_bytes(std::size_t& reserved, std::size_t bytes);

  ConnectionOptions options_;
  int wake_fd_ = -1;  // an eventfd: stop_serving() and the workers wake the reactor through it
  std::atomic<bool> stopping_{false};
  std::atomic<std::uint64_t> dropped_slow_{0};
  std::atomic<std::uint64_t> evicted_{0};
  std::atomic<std::uint64_t> refused_{0};
  std::atomic<std::uint64_t> handed_{0};
  std::atomic<std::uint64_t> cut_off_{0};
  std::atomic<std::uint64_t> over_budget_{0};
  std::atomic<std::size_t> held_bytes_{0};
};

}  // namespace nimkit::server
