#include "routes.h"

#include <fmt/format.h>

#include <array>
#include <utility>

#include "json.h"
#include "nimkit/quote.h"

namespace nimkit::server {
namespace {

using nlohmann::json;

ApiResponse error_answer(int status, std::string message) {
  return ApiResponse{status, json{{"error", std::move(message)}}};
}

template <ApiResponse (Api::*handler)(std::string_view, std::shared_ptr<WorkMeter>) const>
ApiResponse engine_route(const Api& api, std::string_view body, std::shared_ptr<WorkMeter> meter) {
  return (api.*handler)(body, std::move(meter));
}

constexpr std::array kRoutes{
    ApiRoute{
        "/api/health", ApiMethod::kGet,
        [](const Api& api, std::string_view, std::shared_ptr<WorkMeter>) { return api.health(); }},
    ApiRoute{"/api/rulesets", ApiMethod::kGet,
             [](const Api& api, std::string_view, std::shared_ptr<WorkMeter>) {
               return api.rulesets();
             }},
    ApiRoute{"/api/analyze", ApiMethod::kPost, &engine_route<&Api::analyze>},
    ApiRoute{"/api/move", ApiMethod::kPost, &engine_route<&Api::move>},
    ApiRoute{"/api/moves", ApiMethod::kPost, &engine_route<&Api::moves>},
    ApiRoute{"/api/grundy", ApiMethod::kPost, &engine_route<&Api::grundy>},
    ApiRoute{"/api/game", ApiMethod::kPost, &engine_route<&Api::game>},
    ApiRoute{"/api/random", ApiMethod::kPost, &engine_route<&Api::random_start>},
};

}  // namespace

std::string_view method_name(ApiMethod method) {
  return method == ApiMethod::kGet ? "GET" : "POST";
}

std::span<const ApiRoute> api_routes() { return kRoutes; }

const ApiRoute* find_api_route(std::string_view path) {
  for (const ApiRoute& route : kRoutes) {
    if (route.path == path) return &route;
  }
  return nullptr;
}

std::string body_too_large(std::size_t limit) {
  return fmt::format("request body too large: the limit is {} bytes", limit);
}

ApiResponse wrong_method(const ApiRoute& route) {
  return error_answer(405, fmt::format("{} takes {}", route.path, method_name(route.method)));
}

ApiResponse no_such_path(std::string_view method, std::string_view path) {
  if (method == "GET") return error_answer(404, fmt::format("no such path {}", quoted(path)));
  return error_answer(404, fmt::format("no such path {} {}", sanitize(method), quoted(path)));
}

ApiResponse out_of_memory() {
  return error_answer(503, "the server is out of memory for this request");
}

ApiResponse internal_error() { return error_answer(500, "internal error"); }

ApiResponse answer_request(const Api& api, std::string_view method, std::string_view path,
                           std::string_view body, std::shared_ptr<WorkMeter> meter) {
  // As the server's connection layer: a body past the limit is refused whatever the path.
  if (body.size() > api.limits().max_body_bytes) {
    return error_answer(413, body_too_large(api.limits().max_body_bytes));
  }
  path = path.substr(0, path.find('?'));
  const ApiRoute* route = find_api_route(path);
  if (route == nullptr) return no_such_path(method, path);
  if (method != method_name(route->method)) {
    // A method the server routes nowhere (PUT, DELETE) is a path it does not have.
    if (method != "GET" && method != "POST") return no_such_path(method, path);
    return wrong_method(*route);
  }
  return route->answer(api, body, std::move(meter));
}

RenderedAnswer render(ApiResponse answer) {
  // Every answer, a refusal too, names the version of the contract it speaks.
  json& body = answer.body;
  if (body.is_object()) body["contract"] = contract::kContractVersion;
  return RenderedAnswer{answer.status, contract::dump_json(body)};
}

}  // namespace nimkit::server
