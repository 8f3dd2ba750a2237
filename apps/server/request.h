// What every handler of the JSON API uses to read a request body and to refuse one (api.cc
// defines them; grundy_api.cc shares them). A refusal travels as an ApiResponse, which a handler
// returns early.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "api.h"
#include "nimkit/limits.h"

namespace nimkit::server {

// {"error": message} with `status`; 400 for a body that is not the expected JSON, 422 for a
// well-formed request the engine refuses.
ApiResponse refuse(int status, std::string message);
ApiResponse bad_request(std::string message);
ApiResponse unprocessable(std::string message);

// A request stopped by its meter: 422 naming the limit ("the time limit of 1000 ms").
ApiResponse work_limit(const Limits& engine);

// The refusal of an engine failure, by its kind: cancelled (the server stopping) 503; a limit
// of the request's meter 422 naming that limit (the engine's message may describe only where it
// happened to stop); any other limit, bad input or unsupported request 422 with its message.
ApiResponse engine_refusal(const Error& error, const Limits& engine);

// A JSON value's kind in an error message ("the number 3", "string", ...).
std::string type_name(const nlohmann::json& value);

// Holds either the parsed request object or the refusal to send.
struct Request {
  nlohmann::json body;
  std::optional<ApiResponse> refusal;
};

// Parses `text` as a JSON object whose keys are all in `allowed` (a misspelt field is refused
// rather than silently ignored).
Request parse_body(std::string_view text, const ApiLimits& limits,
                   std::initializer_list<std::string_view> allowed);

// The "rules" field: the ruleset spec, "nim" when absent; a refusal naming `example` (a spec such
// as "kayles") when it is not a string.
std::variant<std::string, ApiResponse> rules_field(const nlohmann::json& body,
                                                   std::string_view example);

// An optional unsigned field, given as a JSON number or a decimal string.
std::variant<std::optional<std::uint64_t>, ApiResponse> optional_u64(const nlohmann::json& body,
                                                                     std::string_view name);

}  // namespace nimkit::server
