// The server's event loop (Reactor) and the connections it owns, shared by connection.cc (the
// server that hands requests to httplib's parser) and reactor.cc (the loop itself); private to
// apps/server.
#pragma once

#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "connection.h"
#include "sockets.h"

namespace nimkit::server {

using Clock = std::chrono::steady_clock;

inline constexpr std::size_t kReadChunk = 16 * 1024;
inline constexpr int kMaxEvents = 256;
// New connections taken per wake-up, so that a burst of them cannot delay reads for long.
inline constexpr int kAcceptBatch = 64;
// File descriptors left for everything but connections (the listener, epoll, logs, files).
inline constexpr rlim_t kReservedFiles = 128;
// A stopping reactor checks this often whether the workers have given back their connections.
inline constexpr std::chrono::milliseconds kSlice{100};
// When accept() finds no file descriptor left, new connections wait in the backlog this long.
inline constexpr std::chrono::milliseconds kAcceptPause{100};
inline constexpr std::uint64_t kListenerTag = 0;
inline constexpr std::uint64_t kWakeTag = 1;

enum class State { kIdle, kReading, kServing, kWriting, kLingering };

// A client connection. The reactor owns it, except while a worker serves its request (kServing).
struct Connection {
  Connection(int socket, std::uint64_t number, const FramingLimits& limits)
      : fd(socket), id(number), scanner(limits) {}

  int fd;
  std::uint64_t id;
  std::string peer;  // peer_key() of the client
  std::string remote_ip;
  int remote_port = -1;
  std::string local_ip;  // found by the first request that asks
  int local_port = -1;
  State state = State::kIdle;
  bool indexed = false;  // in the reactor's deadline sets, under `deadline`
  Clock::time_point deadline;
  std::string input;  // bytes read and not yet handed to a worker
  RequestScanner scanner;
  std::size_t served = 0;     // requests answered on this connection
  std::size_t discarded = 0;  // bytes read and dropped while lingering
  // Handed to the worker: the request as scanned, and the bytes the parser reads.
  ScannedRequest request;
  std::string parser_bytes;
  // Handed back by the worker: the answer, written by the reactor as the socket takes it.
  bool answered = false;
  bool keep_alive = false;
  std::string output;
  std::size_t sent = 0;      // bytes of `output` written
  std::size_t reserved = 0;  // bytes of the answer budget this connection holds
  int queued = 0;            // bytes the kernel held unacknowledged, when last looked at
};

// The event loop: owns the listening socket's accepts and every connection that waits for (the
// rest of) a request; see connection.h.
class Reactor {
 public:
  Reactor(ReactorHttpServer& server, int listener)
      : server_(server),
        options_(server.options_),
        listener_(listener),
        workers_(std::max<std::size_t>(1, server.options_.workers)) {
    const rlim_t files = raise_open_file_limit();
    const std::size_t room = files > kReservedFiles * 2 ? files - kReservedFiles : files / 2;
    max_connections_ = std::max<std::size_t>(1, std::min(options_.max_connections, room));
    max_per_address_ =
        std::clamp<std::size_t>(options_.max_connections_per_address, 1, max_connections_);
  }
  ~Reactor() {
    join_workers();
    for (auto& [id, connection] : connections_) ::close(connection->fd);
    if (epoll_ >= 0) ::close(epoll_);
  }
  Reactor(const Reactor&) = delete;
  Reactor& operator=(const Reactor&) = delete;

  bool start() {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    if (epoll_ < 0) return false;
    const int flags = ::fcntl(listener_, F_GETFL);
    if (flags < 0 || ::fcntl(listener_, F_SETFL, flags | O_NONBLOCK) != 0) return false;
    return add(listener_, kListenerTag) && add(server_.wake_fd_, kWakeTag);
  }

  // Serves until the server stops; false when the event loop fails.
  bool run();

  // Called by a worker when it is done with a connection.
  void give_back(Connection* connection) {
    {
      const std::lock_guard lock(returned_mutex_);
      returned_.push_back(connection);
    }
    wake(server_.wake_fd_);
  }

  static void wake(int wake_fd) {
    const std::uint64_t one = 1;
    (void)!::write(wake_fd, &one, sizeof(one));
  }

 private:
  using Deadlines = std::set<std::pair<Clock::time_point, std::uint64_t>>;
  struct Peer {
    std::size_t connections = 0;
    Deadlines waiting;  // its connections that wait, by deadline
  };

  bool add(int fd, std::uint64_t tag, std::uint32_t events = EPOLLIN) {
    epoll_event event{};
    event.events = events;
    event.data.u64 = tag;
    return ::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &event) == 0;
  }
  bool watch(const Connection& connection, std::uint32_t events) {
    epoll_event event{};
    event.events = events;
    event.data.u64 = connection.id;
    return ::epoll_ctl(epoll_, EPOLL_CTL_MOD, connection.fd, &event) == 0;
  }
  void accept_ready(Clock::time_point now);
  bool make_room(const std::string& peer);
  void on_event(Connection& connection, std::uint32_t events, Clock::time_point now);
  void read_ready(Connection& connection, Clock::time_point now);
  bool write_ready(Connection& connection, Clock::time_point now);
  void discard_input(Connection& connection);
  void answered(Connection& connection, Clock::time_point now);
  void scan(Connection& connection);
  void take_back(Clock::time_point now);
  void expire(Clock::time_point now);
  void wait_for(Connection& connection, State state, Clock::time_point deadline);
  void unindex(Connection& connection);
  void close(Connection& connection);
  int timeout_ms(Clock::time_point now) const;
  void join_workers() {
    if (!workers_joined_) workers_.shutdown();
    workers_joined_ = true;
  }

  ReactorHttpServer& server_;
  const ConnectionOptions& options_;
  int listener_;
  int epoll_ = -1;
  std::size_t max_connections_ = 0;
  std::size_t max_per_address_ = 0;
  std::uint64_t next_id_ = kWakeTag + 1;
  std::unordered_map<std::uint64_t, std::unique_ptr<Connection>> connections_;
  Deadlines waiting_;   // every waiting connection (idle, reading, lingering), by deadline
  Deadlines draining_;  // connections whose answer is being written, by no-progress deadline
  std::unordered_map<std::string, Peer> peers_;
  std::size_t serving_ = 0;  // connections lent to workers
  bool accept_paused_ = false;
  Clock::time_point accept_resumes_;
  std::mutex returned_mutex_;
  std::vector<Connection*> returned_;  // guarded by returned_mutex_
  httplib::ThreadPool workers_;
  bool workers_joined_ = false;
};

}  // namespace nimkit::server
