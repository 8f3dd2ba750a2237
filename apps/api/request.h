// What every handler of the JSON API uses to read a request body and to refuse one (defined in
// request.cc; api.cc, game_api.cc and grundy_api.cc use them). A refusal travels as an ApiResponse,
// which a handler returns early.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "api.h"
#include "json.h"
#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"

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
                   std::span<const std::string_view> allowed);
inline Request parse_body(std::string_view text, const ApiLimits& limits,
                          std::initializer_list<std::string_view> allowed) {
  return parse_body(text, limits, std::span(allowed.begin(), allowed.size()));
}

// The "rules" field: the ruleset spec, "nim" when absent; a refusal naming `example` (a spec such
// as "kayles") when it is not a string.
std::variant<std::string, ApiResponse> rules_field(const nlohmann::json& body,
                                                   std::string_view example);

// The one reader of a number in a request: a JSON integer from 0 to 2^64-1 written in digits.
// Anything else is refused 400 in one line naming `field` (as the message shows it: "\"seed\"",
// "heaps[2]") and the value: a string ("1"), a
// negative number, a fraction, an integer written with an exponent or a decimal point (1e3 is
// refused, not rounded: the parser keeps it as a double), a number past 2^64-1, another type.
// Ranges a field allows beyond that are its handler's to check (422).
std::variant<std::uint64_t, ApiResponse> u64_value(const nlohmann::json& value,
                                                   std::string_view field);

// Whether a field may also be written as a string of decimal digits: the fields that name a
// heap or a count of objects in it ("heap", "take"), which reach 2^64-1 where a JavaScript number
// stops being exact at 2^53 (the page sends them as strings). The other numbers (a seed, a limit,
// a count of values or of moves played) are JSON numbers only.
enum class DigitString { kRefused, kAccepted };

// An optional unsigned field, read with u64_value() (or, when `digits` accepts them, from a
// string of ASCII digits).
std::variant<std::optional<std::uint64_t>, ApiResponse> optional_u64(
    const nlohmann::json& body, std::string_view name, DigitString digits = DigitString::kRefused);

// The game a request names: "rules" (default "nim"), "misere" (default false), "position" (its
// notation text, as a person types it). `deprecated` says so when the request gave the old
// "heaps" list instead (read until the next contract version).
struct GameRequest {
  std::shared_ptr<const Ruleset> rules;
  Position position;
  Convention convention = Convention::kNormal;
  std::optional<std::string> deprecated;
};

// The game of a parsed body ("misere" read only `with_convention`); a refusal naming the field.
std::variant<GameRequest, ApiResponse> parse_game(const nlohmann::json& body,
                                                  const ApiLimits& limits, bool with_convention);

// The analysis JSON of the CLI contract (with remoteness), plus "terminal" (no move is possible),
// built within `budget`; POST /api/analyze, /api/move and /api/game answer it.
std::variant<nlohmann::json, ApiResponse> analysis_answer(const Position& position,
                                                          Convention convention,
                                                          const Limits& limits,
                                                          contract::AnswerBudget& budget);
// What every request on a game starts from: the engine limits of its meter, the budget of its
// answer, its body and the game it names.
struct GameCall {
  Limits engine;
  contract::AnswerBudget budget;
  nlohmann::json body;
  GameRequest game;
};

// Reads a request on a game within `engine` (its meter): a JSON object of the game's fields
// ("rules", "misere", "position", "heaps") and `extra`; the refusal of the first bad one.
std::variant<GameCall, ApiResponse> game_call(std::string_view text, const ApiLimits& limits,
                                              Limits engine,
                                              std::initializer_list<std::string_view> extra);

// The refusal of an answer its budget stopped: past its size limit, or past the request's work.
ApiResponse budget_refusal(const contract::AnswerBudget& budget, const Limits& engine);

// The budget of one answer's pieces: max_bytes less room for the keys around them, charged to
// the request's meter.
contract::AnswerBudget answer_budget(std::uint64_t max_bytes, const Limits& engine);

// 200 with `answer`, or 422 naming the size limit (an answer whose pieces came near it is
// measured whole, so none past max_bytes is ever written).
ApiResponse answered(nlohmann::json answer, const contract::AnswerBudget& budget,
                     std::uint64_t max_bytes, const Limits& engine);
// The same for the answer on a game, with "deprecated" when the request used an old field.
ApiResponse answered(nlohmann::json answer, const GameRequest& game,
                     const contract::AnswerBudget& budget, const Limits& engine);

// How the computer moves: its level and the seed of its random choices.
struct ComputerLevel {
  Level level;
  std::uint64_t seed = 0;
};

// The level named by `field` ("perfect" when absent) and "seed" (a fresh one when absent): POST
// /api/move's "level", POST /api/game's "reply".
std::variant<ComputerLevel, ApiResponse> level_field(const nlohmann::json& body,
                                                     std::string_view field);

// The computer's move in `position` at `level`; 422 when the game is over.
std::variant<Move, ApiResponse> computer_move(const Position& position, Convention convention,
                                              const ComputerLevel& level, const Limits& engine);

// The legal moves of `position` as POST /api/moves lists them ("count", "truncated", "moves"):
// at most `limit`, fewer when writing them would pass the scan limit or `budget`.
std::variant<nlohmann::json, ApiResponse> legal_moves_json(const Position& position,
                                                           std::uint64_t limit,
                                                           contract::AnswerBudget& budget,
                                                           const Limits& engine);

}  // namespace nimkit::server
