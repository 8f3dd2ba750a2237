// The event loop: accepts, reads until a request is whole, hands it to a worker, writes the
// answer as the socket takes it, and closes what waits past its deadline (connection.h).
#include "reactor.h"

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

using std::chrono::milliseconds;

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

}  // namespace nimkit::server
