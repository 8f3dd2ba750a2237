#include "connection.h"

#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "reactor.h"
#include "sockets.h"

namespace nimkit::server {

namespace {

// Answers this small are held past the answer budget: health, refusals and most answers are
// never refused for want of room (each connection holds one answer at most).
constexpr std::size_t kSmallAnswer = 16 * 1024;
thread_local const Refusal* current_refusal = nullptr;
thread_local Connection* current_connection = nullptr;

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
