// The JSON API's routes as one table (each path, the method it takes and its handler) and the
// answer to a request by its method and path, so that `nimkit serve` (server.cc puts the table on
// HTTP) and the WebAssembly engine (apps/wasm, which answers without HTTP) answer every path
// alike, refusals included, and write every answer alike (render).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "api.h"
#include "nimkit/limits.h"

namespace nimkit::server {

enum class ApiMethod { kGet, kPost };

std::string_view method_name(ApiMethod method);

// One path of the API. A GET route answers at once from the registry (health, the rulesets); a
// POST route is engine work, run under the request's meter (the server queues it on its engine
// pool).
struct ApiRoute {
  std::string_view path;
  ApiMethod method;
  ApiResponse (*answer)(const Api& api, std::string_view body, std::shared_ptr<WorkMeter> meter);
};

// Every route, in a fixed order.
std::span<const ApiRoute> api_routes();
// The route of `path`, or null.
const ApiRoute* find_api_route(std::string_view path);

// "request body too large: the limit is 65536 bytes": the one wording of a 413 for a body past
// ApiLimits::max_body_bytes.
std::string body_too_large(std::size_t limit);
// 405: the route asked with the method it does not take ("/api/analyze takes POST").
ApiResponse wrong_method(const ApiRoute& route);
// 404 for a path no route (and, on the server, no file of the page) has: `no such path "/x"` asked
// with GET, `no such path POST "/x"` with any other method. The method is written escaped.
ApiResponse no_such_path(std::string_view method, std::string_view path);
// 503: the request needed more memory than there was. 500: the handler failed unexpectedly.
ApiResponse out_of_memory();
ApiResponse internal_error();

// The answer to `method` `path` (its query, "?..." on, ignored) with `body`, as the server gives
// it to a client asking for no file of the page: 413 for a body past the limit, 404 for a path no
// route has, 405 for the other method, otherwise the route's answer, engine work under `meter`
// (a new one with the per-request budget when null). The server's own refusals of HTTP (framing,
// a busy queue, multipart bodies) have no counterpart here.
ApiResponse answer_request(const Api& api, std::string_view method, std::string_view path,
                           std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr);

// An answer as its client reads it: the body written as text with the contract's version
// ("contract") in it. Writing never fails: invalid UTF-8 in a message becomes U+FFFD.
struct RenderedAnswer {
  int status = 500;
  std::string body;
};
RenderedAnswer render(ApiResponse answer);

}  // namespace nimkit::server
