#include "connection.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sockets.h"

namespace nimkit::server {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

constexpr std::size_t kReadChunk = 16 * 1024;
constexpr int kMaxEvents = 256;
// New connections taken per wake-up, so that a burst of them cannot delay reads for long.
constexpr int kAcceptBatch = 64;
// File descriptors left for everything but connections (the listener, epoll, logs, files).
constexpr rlim_t kReservedFiles = 128;
// Answers this small are held past the answer budget: health, refusals and most answers are
// never refused for want of room (each connection holds one answer at most).
constexpr std::size_t kSmallAnswer = 16 * 1024;
// A stopping reactor checks this often whether the workers have given back their connections.
constexpr milliseconds kSlice{100};
// When accept() finds no file descriptor left, new connections wait in the backlog this long.
constexpr milliseconds kAcceptPause{100};
constexpr std::uint64_t kListenerTag = 0;
constexpr std::uint64_t kWakeTag = 1;

thread_local const Refusal* current_refusal = nullptr;
thread_local Connection* current_connection = nullptr;

}  // namespace

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

namespace {

// What httplib's parser reads and writes through: the request's bytes from memory (the reactor
// has read them all), the answer to memory (the reactor writes it as the socket takes it).
class RequestStream final : public httplib::Stream {
 public:
  explicit RequestStream(Connection& connection) : connection_(connection) {}

  bool is_readable() const override { return true; }
  bool is_writable() const override { return true; }

  ssize_t read(char* ptr, size_t size) override {
    const std::string& bytes = connection_.parser_bytes;
    const std::size_t n = std::min(size, bytes.size() - read_);
    std::copy_n(bytes.data() + read_, n, ptr);
    read_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    connection_.output.append(ptr, size);
    return static_cast<ssize_t>(size);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = connection_.remote_ip;
    port = connection_.remote_port;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    if (connection_.local_port < 0) {
      sockaddr_storage address{};
      socklen_t length = sizeof(address);
      if (::getsockname(connection_.fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
        numeric_address(address, connection_.local_ip, connection_.local_port);
      }
    }
    ip = connection_.local_ip;
    port = connection_.local_port;
  }
  socket_t socket() const override { return connection_.fd; }

 private:
  Connection& connection_;
  std::size_t read_ = 0;
};

}  // namespace

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

bool Reactor::run() {
  std::array<epoll_event, kMaxEvents> events{};
  bool failed = false;
  while (!server_.stopping() && !failed) {
    const int ready = ::epoll_wait(epoll_, events.data(), kMaxEvents, timeout_ms(Clock::now()));
    failed = ready < 0 && errno != EINTR;
    const auto now = Clock::now();
    for (int i = 0; i < ready; ++i) {
      const std::uint64_t tag = events[static_cast<std::size_t>(i)].data.u64;
      if (tag == kListenerTag) {
        accept_ready(now);
      } else if (tag == kWakeTag) {
        std::uint64_t count = 0;
        (void)!::read(server_.wake_fd_, &count, sizeof(count));
        take_back(now);
      } else if (const auto found = connections_.find(tag); found != connections_.end()) {
        // (A connection closed earlier in this batch is no longer found.)
        on_event(*found->second, events[static_cast<std::size_t>(i)].events, now);
      }
    }
    if (accept_paused_ && now >= accept_resumes_) accept_paused_ = !add(listener_, kListenerTag);
    expire(now);
  }
  // Stopping: no new connections; waiting ones are closed, served ones when they come back.
  ::epoll_ctl(epoll_, EPOLL_CTL_DEL, listener_, nullptr);
  std::vector<Connection*> waiting;
  for (auto& [id, connection] : connections_) {
    if (connection->state != State::kServing) waiting.push_back(connection.get());
  }
  for (Connection* connection : waiting) close(*connection);
  while (serving_ > 0) {
    pollfd p{server_.wake_fd_, POLLIN, 0};
    ::poll(&p, 1, static_cast<int>(kSlice.count()));
    std::uint64_t count = 0;
    (void)!::read(server_.wake_fd_, &count, sizeof(count));
    take_back(Clock::now());
  }
  join_workers();
  return !failed;
}

void Reactor::accept_ready(Clock::time_point now) {
  for (int i = 0; i < kAcceptBatch; ++i) {
    sockaddr_storage address{};
    socklen_t length = sizeof(address);
    const int fd = ::accept4(listener_, reinterpret_cast<sockaddr*>(&address), &length,
                             SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
        // No descriptor to accept with: the listener would stay readable and spin the loop.
        ::epoll_ctl(epoll_, EPOLL_CTL_DEL, listener_, nullptr);
        accept_paused_ = true;
        accept_resumes_ = now + kAcceptPause;
      }
      return;
    }
    std::string peer = peer_key(address);
    // Connections the workers have finished with may be waiting in the returned list (the
    // wake-up not read yet): take them back before deciding that every connection is busy.
    bool room = make_room(peer);
    if (!room) {
      take_back(now);
      room = make_room(peer);
    }
    if (!room) {
      ++server_.refused_;
      refuse_busy(fd);
      continue;
    }
    const std::uint64_t id = next_id_++;
    if (!add(fd, id)) {
      ::close(fd);
      continue;
    }
    auto connection = std::make_unique<Connection>(fd, id, options_.framing);
    numeric_address(address, connection->remote_ip, connection->remote_port);
    connection->peer = std::move(peer);
    ++peers_[connection->peer].connections;
    Connection& added = *connection;
    connections_.emplace(id, std::move(connection));
    wait_for(added, State::kIdle, now + options_.idle_timeout);
  }
}

// Makes room for one more connection from `peer` under both caps by closing the waiting
// connection whose deadline comes first (of that address for its cap, of any for the total).
// False when a cap is reached and every connection it counts is being served.
bool Reactor::make_room(const std::string& peer) {
  auto evict = [this](const Deadlines& waiting) {
    if (waiting.empty()) return false;
    ++server_.evicted_;
    close(*connections_.at(waiting.begin()->second));
    return true;
  };
  if (const auto found = peers_.find(peer); found != peers_.end() &&
                                            found->second.connections >= max_per_address_ &&
                                            !evict(found->second.waiting)) {
    return false;
  }
  return connections_.size() < max_connections_ || evict(waiting_);
}

void Reactor::on_event(Connection& connection, std::uint32_t events, Clock::time_point now) {
  if (connection.state != State::kWriting) {
    read_ready(connection, now);
    return;
  }
  // Errors and hang-ups show in the write.
  if ((events & (EPOLLOUT | EPOLLERR | EPOLLHUP)) != 0 && !write_ready(connection, now)) return;
  if ((events & EPOLLIN) != 0 && connection.state == State::kWriting) discard_input(connection);
}

void Reactor::read_ready(Connection& connection, Clock::time_point now) {
  if (connection.state == State::kLingering) {
    // Read and dropped until the client closes or the linger time ends, however much it sends:
    // a client that writes its whole body before reading then reads the answer, not a reset.
    discard_input(connection);
    return;
  }
  std::array<char, kReadChunk> buffer;
  const ssize_t n = ::recv(connection.fd, buffer.data(), buffer.size(), 0);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (n <= 0) {
    close(connection);  // the client is done (or gone)
    return;
  }
  const auto size = static_cast<std::size_t>(n);
  connection.input.append(buffer.data(), size);
  if (connection.state == State::kIdle) {
    wait_for(connection, State::kReading, now + options_.request_deadline);
  }
  scan(connection);
}

// Hands the connection to a worker once its request is whole (or refused).
void Reactor::scan(Connection& connection) {
  auto request = connection.scanner.scan(connection.input);
  if (!request) {
    if (connection.scanner.take_continue()) {
      constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      (void)!::send(connection.fd, kContinue.data(), kContinue.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    }
    return;
  }
  connection.parser_bytes = parser_input(connection.input, *request);
  if (request->close_after) {
    connection.input.clear();
  } else {
    connection.input.erase(0, request->length);
  }
  connection.request = std::move(*request);
  connection.scanner.reset();
  unindex(connection);
  ::epoll_ctl(epoll_, EPOLL_CTL_DEL, connection.fd, nullptr);
  connection.state = State::kServing;
  ++serving_;
  ++server_.handed_;
  Connection* lent = &connection;
  workers_.enqueue([this, lent] {
    server_.serve_request(*lent);
    give_back(lent);
  });
}

void Reactor::take_back(Clock::time_point now) {
  std::vector<Connection*> back;
  {
    const std::lock_guard lock(returned_mutex_);
    back.swap(returned_);
  }
  for (Connection* connection : back) {
    --serving_;
    // The answer is written as the socket takes it; the input of a connection that closes after
    // it is read and dropped meanwhile, so that a client still sending its body is not stuck.
    const std::uint32_t events = EPOLLOUT | (connection->keep_alive ? 0U : std::uint32_t{EPOLLIN});
    if (server_.stopping() || !connection->answered ||
        !add(connection->fd, connection->id, events)) {
      close(*connection);
      continue;
    }
    wait_for(*connection, State::kWriting, now + options_.write_timeout);
    write_ready(*connection, now);
  }
}

// Writes what the socket takes of the answer; each piece of progress moves the deadline, so a
// slow reader gets the whole answer and only one that takes nothing for write_timeout is cut off.
// False when the connection was closed.
bool Reactor::write_ready(Connection& connection, Clock::time_point now) {
  std::size_t progress = 0;
  while (connection.sent < connection.output.size()) {
    const ssize_t n = ::send(connection.fd, connection.output.data() + connection.sent,
                             connection.output.size() - connection.sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n <= 0) {
      close(connection);  // the client is gone
      return false;
    }
    const auto size = static_cast<std::size_t>(n);
    connection.sent += size;
    progress += size;
  }
  server_.release_answer_bytes(connection.reserved, progress);
  if (connection.sent < connection.output.size()) {
    if (progress > 0) {
      connection.queued = unacknowledged(connection.fd);
      wait_for(connection, State::kWriting, now + options_.write_timeout);
    }
    return true;
  }
  std::string().swap(connection.output);  // an answer of megabytes is not kept for the next
  connection.sent = 0;
  answered(connection, now);
  return connections_.contains(connection.id);
}

// Reads and drops what the client sends; closes the connection when the client is done.
void Reactor::discard_input(Connection& connection) {
  std::array<char, kReadChunk> buffer;
  for (int i = 0; i < 16; ++i) {
    const ssize_t n = ::recv(connection.fd, buffer.data(), buffer.size(), 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
    if (n > 0) {
      connection.discarded += static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0 && connection.state == State::kWriting) {
      // The client finished sending (and may still read the rest of the answer).
      watch(connection, EPOLLOUT);
      return;
    }
    close(connection);
    return;
  }
}

// The answer is written: the connection waits for the next request, or closes.
void Reactor::answered(Connection& connection, Clock::time_point now) {
  if (!connection.keep_alive) {
    // Our side is done; the client's unread input is read and dropped until it closes.
    ::shutdown(connection.fd, SHUT_WR);
    watch(connection, EPOLLIN);
    wait_for(connection, State::kLingering, now + options_.linger);
    return;
  }
  watch(connection, EPOLLIN);
  if (connection.input.empty()) {
    wait_for(connection, State::kIdle, now + options_.idle_timeout);
  } else {
    // The next request began in the same read: its deadline counts from now.
    wait_for(connection, State::kReading, now + options_.request_deadline);
    scan(connection);
  }
}

void Reactor::expire(Clock::time_point now) {
  while (!waiting_.empty() && waiting_.begin()->first <= now) {
    Connection& connection = *connections_.at(waiting_.begin()->second);
    if (connection.state == State::kReading) ++server_.dropped_slow_;
    close(connection);
  }
  while (!draining_.empty() && draining_.begin()->first <= now) {
    Connection& connection = *connections_.at(draining_.begin()->second);
    // The kernel's send buffer (megabytes) hides a slow reader's progress: the socket turns
    // writable again only once much of it is taken. Bytes the client acknowledged since the
    // last look are progress too.
    const int queued = unacknowledged(connection.fd);
    if (queued >= 0 && queued < connection.queued) {
      connection.queued = queued;
      wait_for(connection, State::kWriting, now + options_.write_timeout);
      continue;
    }
    ++server_.cut_off_;
    close(connection);
  }
}

// A connection writing its answer is not one a new connection may take the place of: it is
// indexed apart from the waiting ones.
void Reactor::wait_for(Connection& connection, State state, Clock::time_point deadline) {
  unindex(connection);
  connection.state = state;
  connection.deadline = deadline;
  if (state == State::kWriting) {
    draining_.emplace(deadline, connection.id);
  } else {
    waiting_.emplace(deadline, connection.id);
    peers_[connection.peer].waiting.emplace(deadline, connection.id);
  }
  connection.indexed = true;
}

void Reactor::unindex(Connection& connection) {
  if (!connection.indexed) return;
  if (connection.state == State::kWriting) {
    draining_.erase({connection.deadline, connection.id});
  } else {
    waiting_.erase({connection.deadline, connection.id});
    peers_[connection.peer].waiting.erase({connection.deadline, connection.id});
  }
  connection.indexed = false;
}

void Reactor::close(Connection& connection) {
  unindex(connection);
  server_.release_answer_bytes(connection.reserved, connection.reserved);
  ::close(connection.fd);  // also leaves the epoll set
  if (const auto peer = peers_.find(connection.peer);
      peer != peers_.end() && --peer->second.connections == 0) {
    peers_.erase(peer);
  }
  connections_.erase(connection.id);
}

int Reactor::timeout_ms(Clock::time_point now) const {
  auto next = Clock::time_point::max();
  if (!waiting_.empty()) next = waiting_.begin()->first;
  if (!draining_.empty()) next = std::min(next, draining_.begin()->first);
  if (accept_paused_) next = std::min(next, accept_resumes_);
  if (next == Clock::time_point::max()) return -1;
  if (next <= now) return 0;
  // Rounded up: waking a little early would only spin until the deadline.
  const auto left = std::chrono::ceil<milliseconds>(next - now).count();
  return static_cast<int>(std::min<long long>(left, std::numeric_limits<int>::max()));
}

ReactorHttpServer::ReactorHttpServer(ConnectionOptions options)
    : options_(options), wake_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

ReactorHttpServer::~ReactorHttpServer() {
  if (const socket_t sock = svr_sock_.exchange(INVALID_SOCKET); sock != INVALID_SOCKET) {
    ::close(sock);
  }
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

bool ReactorHttpServer::serve() {
  const socket_t listener = svr_sock_;
  if (listener == INVALID_SOCKET || wake_fd_ < 0) return false;
  bool served = false;
  {
    Reactor reactor(*this, listener);
    served = reactor.start() && reactor.run();
  }
  if (const socket_t sock = svr_sock_.exchange(INVALID_SOCKET); sock != INVALID_SOCKET) {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
  }
  return served;
}

void ReactorHttpServer::stop_serving() {
  stopping_ = true;
  if (wake_fd_ >= 0) Reactor::wake(wake_fd_);
}

const Refusal* ReactorHttpServer::refusal_of_current_request() { return current_refusal; }

bool ReactorHttpServer::admit_answer(std::size_t bytes) {
  Connection* connection = current_connection;
  if (connection == nullptr) return true;
  std::size_t held = held_bytes_.load();
  do {
    if (bytes > kSmallAnswer && held > 0 && held + bytes > options_.answer_budget) {
      ++over_budget_;
      return false;
    }
  } while (!held_bytes_.compare_exchange_weak(held, held + bytes));
  connection->reserved += bytes;
  return true;
}

void ReactorHttpServer::release_answer_bytes(std::size_t& reserved, std::size_t bytes) {
  bytes = std::min(bytes, reserved);
  reserved -= bytes;
  held_bytes_ -= bytes;
}

void ReactorHttpServer::serve_request(Connection& connection) {
  RequestStream stream(connection);
  const bool last = connection.request.close_after ||
                    connection.served + 1 >= keep_alive_max_count_ || stopping();
  bool client_closes = false;
  current_refusal = connection.request.refusal ? &*connection.request.refusal : nullptr;
  current_connection = &connection;
  bool answered = false;
  try {
    answered = process_request(stream, last, client_closes, nullptr);
  } catch (...) {
    // Handlers' exceptions are answered 500 by httplib; this is the parser running out of
    // memory: the connection is closed.
    answered = false;
  }
  current_refusal = nullptr;
  current_connection = nullptr;
  // What admit_answer() reserved was the body; the answer held is the whole of it, headers too.
  const std::size_t whole = connection.output.size();
  if (whole >= connection.reserved) {
    held_bytes_ += whole - connection.reserved;
  } else {
    held_bytes_ -= connection.reserved - whole;
  }
  connection.reserved = whole;
  ++connection.served;
  connection.parser_bytes.clear();
  connection.answered = answered;
  connection.keep_alive = answered && !client_closes && !last;
}

}  // namespace nimkit::server
