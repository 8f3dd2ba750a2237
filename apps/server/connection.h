// The connection loop of the server: cpp-httplib's request parsing and routing, over a socket
// stream of our own that bounds the time a client may take to send a whole request (not just
// each read), and that notices a stopping server within a fraction of a second.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>

namespace nimkit::server {

struct ConnectionOptions {
  // Silence allowed between two reads of a request, and for a write to make progress.
  std::chrono::milliseconds read_timeout{5000};
  std::chrono::milliseconds write_timeout{5000};
  // Time a client may take to send one whole request (line, headers and body), counted from
  // its first byte: a client trickling one byte every few seconds is dropped at this deadline.
  std::chrono::milliseconds request_deadline{5000};
  // An idle keep-alive connection is closed after this long.
  std::chrono::milliseconds keep_alive_timeout{5000};
};

class DeadlineHttpServer : public httplib::Server {
 public:
  explicit DeadlineHttpServer(ConnectionOptions options) : options_(options) {}
  // Connections currently dropped for missing the whole-request deadline (tests, logs).
  std::uint64_t dropped_slow() const { return dropped_slow_.load(); }

 private:
  // Replaces httplib's loop (same contract: serve requests on `sock` until the client or the
  // server is done, then close it).
  bool process_and_close_socket(socket_t sock) override;
  bool stopping() const { return svr_sock_ == INVALID_SOCKET; }

  ConnectionOptions options_;
  std::atomic<std::uint64_t> dropped_slow_{0};
  friend class DeadlineStream;
};

}  // namespace nimkit::server
