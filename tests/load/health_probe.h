// The load tests' probe of /api/health: what a monitor asking "is the server up?" sees.
#pragma once

#include <httplib.h>

#include <algorithm>
#include <chrono>

namespace nimkit::server {

// The time a fresh connection takes to get 200 from /api/health; `give_up` (the client's
// connection and read timeouts, whole seconds) when there is no answer.
inline std::chrono::milliseconds probe_health(int port, std::chrono::seconds give_up) {
  using Clock = std::chrono::steady_clock;
  httplib::Client client("127.0.0.1", port);
  client.set_connection_timeout(give_up.count());
  client.set_read_timeout(give_up.count());
  const auto start = Clock::now();
  auto res = client.Get("/api/health");
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  if (!res || res->status != 200) return std::max<std::chrono::milliseconds>(took, give_up);
  return took;
}

}  // namespace nimkit::server
