#include "connection.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <string>

namespace nimkit::server {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Waits are cut into slices this long, so that a stopping server is noticed promptly.
constexpr milliseconds kSlice{100};

// A buffered socket stream. Reads fail once the request's deadline has passed, after
// read_timeout of silence, or when the server stops; httplib then drops the connection.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(socket_t sock, const DeadlineHttpServer& server)
      : sock_(sock), server_(server), options_(server.options_) {}

  // Starts the clock of a new request (its first byte is already readable).
  void start_request() { deadline_ = Clock::now() + options_.request_deadline; }
  bool missed_deadline() const { return missed_deadline_; }
  bool has_buffered() const { return begin_ < end_; }

  // Waits up to `limit` for input; false on timeout, stop, error or end of input.
  bool wait_readable(milliseconds limit, bool bounded_by_deadline) const {
    if (has_buffered()) return true;
    const auto give_up = Clock::now() + limit;
    for (;;) {
      if (server_.stopping()) return false;
      auto until = give_up;
      if (bounded_by_deadline && deadline_ < until) until = deadline_;
      const auto left = std::chrono::duration_cast<milliseconds>(until - Clock::now());
      if (left <= milliseconds{0}) {
        if (bounded_by_deadline && deadline_ <= give_up) missed_deadline_ = true;
        return false;
      }
      pollfd p{sock_, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min(left, kSlice).count()));
      if (ready > 0) return true;
      if (ready < 0 && errno != EINTR) return false;
    }
  }

  bool is_readable() const override { return wait_readable(options_.read_timeout, true); }
  bool is_writable() const override {
    pollfd p{sock_, POLLOUT, 0};
    return ::poll(&p, 1, static_cast<int>(options_.write_timeout.count())) > 0;
  }

  ssize_t read(char* ptr, size_t size) override {
    if (!has_buffered()) {
      if (!wait_readable(options_.read_timeout, true)) return -1;
      ssize_t n;
      do {
        n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      } while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<std::size_t>(n);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::copy_n(buffer_.data() + begin_, n, ptr);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    ssize_t n;
    do {
      n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(::getsockname, ip, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t len = sizeof(addr);
    if (get(sock_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return;
    std::array<char, NI_MAXHOST> host{};
    std::array<char, NI_MAXSERV> service{};
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host.data(), host.size(),
                      service.data(), service.size(), NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
      ip = host.data();
      port = std::stoi(service.data());
    }
  }

  socket_t sock_;
  const DeadlineHttpServer& server_;
  const ConnectionOptions& options_;
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  Clock::time_point deadline_ = Clock::now();
  mutable bool missed_deadline_ = false;
};

bool DeadlineHttpServer::process_and_close_socket(socket_t sock) {
  DeadlineStream stream(sock, *this);
  bool ok = false;
  for (std::size_t left = keep_alive_max_count_; left > 0 && !stopping(); --left) {
    if (!stream.wait_readable(options_.keep_alive_timeout, false)) break;
    stream.start_request();
    bool connection_closed = false;
    ok = process_request(stream, left == 1, connection_closed, nullptr);
    if (stream.missed_deadline()) ++dropped_slow_;
    if (!ok || connection_closed) break;
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace nimkit::server
