// The socket calls of the connection layer (connection.h) that know nothing of its connections:
// the open-file limit, client addresses, the kernel's send queue and the busy refusal.
#pragma once

#include <sys/resource.h>
#include <sys/socket.h>

#include <string>

namespace nimkit::server {

// Raises the soft limit on open files to the hard limit (at most 2^20) and returns the soft
// limit in force.
rlim_t raise_open_file_limit();
// A client's address without its port: connections are counted per address.
std::string peer_key(const sockaddr_storage& address);
// The address and port as text and number, for the request's REMOTE_ADDR and the log.
void numeric_address(const sockaddr_storage& address, std::string& ip, int& port);
// Bytes written to the socket that its client has not acknowledged yet; -1 when unknown.
int unacknowledged(int fd);
// Answers 503 (Retry-After: 1, "too many connections") without waiting, reads what the client
// already sent (so that closing does not reset the connection before the answer is read), and
// closes the socket.
void refuse_busy(int fd);

}  // namespace nimkit::server
