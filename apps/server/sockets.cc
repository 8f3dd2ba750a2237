#include "sockets.h"

#include <arpa/inet.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>

namespace nimkit::server {

namespace {

// The answer to a connection past the caps when no waiting connection can make room for it.
const std::string& busy_answer() {
  static const std::string answer = [] {
    const std::string body =
        R"({"error":"the server has too many connections: try again in a second"})";
    return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
           "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nRetry-After: 1\r\n"
           "Connection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  }();
  return answer;
}

}  // namespace

rlim_t raise_open_file_limit() {
  constexpr rlim_t kMaxOpenFiles = rlim_t{1} << 20;
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) != 0) return 1024;
  const rlim_t wanted = std::min(files.rlim_max, kMaxOpenFiles);
  if (files.rlim_cur < wanted) {
    rlimit raised = files;
    raised.rlim_cur = wanted;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) files = raised;
  }
  return files.rlim_cur;
}

std::string peer_key(const sockaddr_storage& address) {
  if (address.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(address);
    return std::string("4") + std::string(reinterpret_cast<const char*>(&in.sin_addr), 4);
  }
  if (address.ss_family == AF_INET6) {
    const auto& in = reinterpret_cast<const sockaddr_in6&>(address);
    return std::string("6") + std::string(reinterpret_cast<const char*>(&in.sin6_addr), 16);
  }
  return "?";
}

void numeric_address(const sockaddr_storage& address, std::string& ip, int& port) {
  std::array<char, INET6_ADDRSTRLEN> text{};
  if (address.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(address);
    if (::inet_ntop(AF_INET, &in.sin_addr, text.data(), text.size()) != nullptr) ip = text.data();
    port = ntohs(in.sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto& in = reinterpret_cast<const sockaddr_in6&>(address);
    if (::inet_ntop(AF_INET6, &in.sin6_addr, text.data(), text.size()) != nullptr) {
      ip = text.data();
    }
    port = ntohs(in.sin6_port);
  }
}

int unacknowledged(int fd) {
  int queued = 0;
  return ::ioctl(fd, SIOCOUTQ, &queued) == 0 ? queued : -1;
}

void refuse_busy(int fd) {
  const std::string& answer = busy_answer();
  (void)!::send(fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  ::shutdown(fd, SHUT_WR);
  std::array<char, 4096> discard{};
  for (int i = 0; i < 4 && ::recv(fd, discard.data(), discard.size(), MSG_DONTWAIT) > 0; ++i) {
  }
  ::close(fd);
}

}  // namespace nimkit::server
