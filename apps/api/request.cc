// The readers of a request body, the refusals, the answer budget and the engine calls every
// handler shares (request.h).
#include "request.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"
#include "nimkit/text.h"

namespace nimkit::server {
namespace {

using contract::analysis_json;
using contract::AnswerBudget;
using nlohmann::json;

}  // namespace

ApiResponse refuse(int status, std::string message) {
  return ApiResponse{status, json{{"error", std::move(message)}}};
}
ApiResponse bad_request(std::string message) { return refuse(400, std::move(message)); }
ApiResponse unprocessable(std::string message) { return refuse(422, std::move(message)); }

ApiResponse work_limit(const Limits& engine) {
  const std::string reason = engine.meter ? engine.meter->reason() : std::string();
  return unprocessable(fmt::format(
      "the request needs more work than the server allows one request: it stopped at {}",
      reason.empty() ? std::string("the work limit") : reason));
}

// The refusal of an answer its budget stopped: past its size limit, or past the request's work.
ApiResponse budget_refusal(const AnswerBudget& budget, const Limits& engine) {
  if (engine.meter && engine.meter->exhausted()) return work_limit(engine);
  return unprocessable(
      fmt::format("{}: the server writes at most that much for one request (ask for less: fewer "
                  "heaps, or a \"limit\" on the moves listed)",
                  budget.stopped()));
}

ApiResponse engine_refusal(const Error& error, const Limits& engine) {
  // By the error's kind, never its words: a cancel (the server stopping) is 503, as the client
  // may ask again elsewhere or later; everything else the engine refuses is 422.
  if (error.kind == ErrorKind::kCancelled || (engine.meter && engine.meter->cancelled())) {
    return refuse(503, fmt::format("the server stopped the request: {}", error.message));
  }
  if (error.kind == ErrorKind::kLimit && engine.meter && engine.meter->exhausted()) {
    return work_limit(engine);
  }
  return unprocessable(error.message);
}

std::string type_name(const json& value) {
  if (value.is_number_unsigned()) return fmt::format("the number {}", value.dump());
  if (value.is_number_integer()) return fmt::format("the negative number {}", value.dump());
  if (value.is_number_float()) {
    // Integers beyond 64 bits arrive as floating point: name them as too large, not as
    // fractions.
    const double v = value.get<double>();
    if (std::isfinite(v) && std::trunc(v) == v && std::fabs(v) >= 18446744073709551615.0) {
      return v > 0 ? "a number larger than 18446744073709551615"
                   : "a negative number below -9223372036854775808";
    }
    if (std::isfinite(v) && std::trunc(v) == v) {
      return fmt::format("the number {} written with an exponent or a decimal point", value.dump());
    }
    return fmt::format("the fraction {}", value.dump());
  }
  return value.type_name();
}

std::variant<std::uint64_t, ApiResponse> u64_value(const json& value, std::string_view field) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  // Integers in exponent or decimal form (1e3, 1000.0) are refused rather than converted: the
  // parser has turned them into a double, which may not be what was written (1.00000000000000001e3
  // is 1000.0, and so are integers past 2^53 near theirs).
  std::string why;
  if (value.is_number_integer()) {
    why = fmt::format("must not be negative, got {}", value.dump());
  } else if (value.is_number_float()) {
    const double v = value.get<double>();
    if (!std::isfinite(v) || std::fabs(v) >= 18446744073709551615.0) {
      why = v > 0 ? "is larger than 18446744073709551615, the largest allowed"
                  : "must not be negative, got a number below -9223372036854775808";
    } else if (v < 0) {
      why = fmt::format("must not be negative, got {}", value.dump());
    } else if (std::trunc(v) != v) {
      why = fmt::format("must be a whole number, got the fraction {}", value.dump());
    } else {
      why = fmt::format(
          "must be written in digits only (such as {:.0f}), got {} written with an exponent or a "
          "decimal point",
          v, value.dump());
    }
  } else if (value.is_string()) {
    why = fmt::format("must be a JSON number such as 42, not the string {}",
                      nimkit::quoted(value.get<std::string>()));
  } else {
    why = fmt::format("must be a non-negative integer, got {}", type_name(value));
  }
  return bad_request(fmt::format("{} {}", field, why));
}

Request parse_body(std::string_view text, const ApiLimits& limits,
                   std::span<const std::string_view> allowed) {
  if (text.size() > limits.max_body_bytes) {
    return {{},
            refuse(413, fmt::format("request body too large: {} bytes, the limit is {}",
                                    text.size(), limits.max_body_bytes))};
  }
  // nlohmann keeps the last of a key given twice: the keys of each object open are remembered,
  // and the first one repeated refuses the request. "-0" is the number 0, not a negative one.
  std::vector<std::set<std::string, std::less<>>> keys;
  std::optional<std::string> repeated;
  const json::parser_callback_t check = [&](int /*depth*/, json::parse_event_t event,
                                            json& parsed) {
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    if (event == json::parse_event_t::object_end) keys.pop_back();
    if (event == json::parse_event_t::key &&
        !keys.back().insert(parsed.get<std::string>()).second && !repeated) {
      repeated = parsed.get<std::string>();
    }
    if (event == json::parse_event_t::value && parsed.is_number_integer() &&
        parsed.get<std::int64_t>() == 0) {
      parsed = std::uint64_t{0};
    }
    return true;
  };
  json body = json::parse(text, check, /*allow_exceptions=*/false);
  if (body.is_discarded()) return {{}, bad_request("request body is not valid JSON")};
  if (repeated) {
    return {{}, bad_request(fmt::format("field {} is given twice", nimkit::quoted(*repeated)))};
  }
  if (!body.is_object()) {
    return {
        {},
        bad_request(fmt::format("request body must be a JSON object, got {}", type_name(body)))};
  }
  for (const auto& [key, value] : body.items()) {
    bool known = false;
    for (std::string_view name : allowed) known = known || key == name;
    if (!known) {
      std::string names;
      for (std::string_view name : allowed)
        names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", name);
      return {
          {},
          bad_request(fmt::format("unknown field {} (expected {})", nimkit::quoted(key), names))};
    }
  }
  return {std::move(body), std::nullopt};
}

std::variant<std::string, ApiResponse> rules_field(const json& body, std::string_view example) {
  auto it = body.find("rules");
  if (it == body.end()) return std::string("nim");
  if (!it->is_string()) {
    return bad_request(
        fmt::format("\"rules\" must be a string such as \"{}\", got {}", example, type_name(*it)));
  }
  return it->get<std::string>();
}

std::variant<std::optional<std::uint64_t>, ApiResponse> optional_u64(const json& body,
                                                                     std::string_view name,
                                                                     DigitString digits) {
  auto it = body.find(name);
  if (it == body.end()) return std::optional<std::uint64_t>{};
  if (it->is_string() && digits == DigitString::kAccepted) {
    const std::string& text = it->get_ref<const std::string&>();
    auto parsed = parse_u64(text, fmt::format("\"{}\"", name));
    if (!parsed) return bad_request(parsed.error());
    return std::optional<std::uint64_t>{*parsed};
  }
  auto value = u64_value(*it, fmt::format("\"{}\"", name));
  if (auto* refusal = std::get_if<ApiResponse>(&value)) return *refusal;
  return std::optional<std::uint64_t>{std::get<std::uint64_t>(value)};
}

namespace {

constexpr std::string_view kHeapsDeprecated =
    "\"heaps\" is deprecated and will be refused by the next contract version: send the "
    "position's text as \"position\" (e.g. \"3 4 5\")";

// The tokens of the old "heaps" list: numbers or notation strings.
std::variant<std::vector<std::string>, ApiResponse> heap_tokens(const json& heaps,
                                                                const ApiLimits& limits) {
  if (!heaps.is_array()) {
    return bad_request(
        fmt::format("\"heaps\" must be an array such as [3,4,5], got {}", type_name(heaps)));
  }
  if (heaps.empty()) return unprocessable("\"heaps\" is empty: give at least one heap");
  if (heaps.size() > limits.max_heaps) {
    return unprocessable(
        fmt::format("{} heaps is more than the limit of {}", heaps.size(), limits.max_heaps));
  }
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const json& heap = heaps[i];
    if (heap.is_string()) {
      tokens.push_back(heap.get<std::string>());  // a notation token, such as "7x"
    } else if (heap.is_number()) {
      auto value = u64_value(heap, fmt::format("heaps[{}]", i));
      if (auto* refusal = std::get_if<ApiResponse>(&value)) return *refusal;
      tokens.push_back(std::to_string(std::get<std::uint64_t>(value)));
    } else {
      return bad_request(fmt::format(
          "heaps[{}] must be a non-negative integer up to 18446744073709551615 or a notation "
          "string such as \"7x\", got {}",
          i, type_name(heap)));
    }
  }
  return tokens;
}

}  // namespace

std::variant<GameRequest, ApiResponse> parse_game(const json& body, const ApiLimits& limits,
                                                  bool with_convention) {
  GameRequest game;
  auto spec = rules_field(body, "nim");
  if (auto* refusal = std::get_if<ApiResponse>(&spec)) return *refusal;
  if (with_convention) {
    if (auto it = body.find("misere"); it != body.end()) {
      if (!it->is_boolean()) {
        return bad_request(fmt::format("\"misere\" must be true or false, got {}", type_name(*it)));
      }
      game.convention = it->get<bool>() ? Convention::kMisere : Convention::kNormal;
    }
  }
  const auto text = body.find("position");
  const auto heaps = body.find("heaps");
  if (text != body.end() && heaps != body.end()) {
    return bad_request("give either \"position\" or the deprecated \"heaps\", not both");
  }
  if (text == body.end() && heaps == body.end()) {
    return bad_request(
        "missing field \"position\" (the position's text such as \"3 4 5\"; the deprecated "
        "\"heaps\" list is read too)");
  }
  if (text != body.end() && !text->is_string()) {
    return bad_request(fmt::format(
        "\"position\" must be the position's text such as \"3 4 5\", got {}", type_name(*text)));
  }
  std::vector<std::string> tokens;
  if (heaps != body.end()) {
    auto listed = heap_tokens(*heaps, limits);
    if (auto* refusal = std::get_if<ApiResponse>(&listed)) return *refusal;
    tokens = std::move(std::get<std::vector<std::string>>(listed));
    game.deprecated = std::string(kHeapsDeprecated);
  } else {
    // As many words as the old list could hold heaps.
    tokens = words(text->get_ref<const std::string&>());
    if (tokens.size() > limits.max_heaps) {
      return unprocessable(fmt::format("the position has {} tokens, more than the limit of {}",
                                       tokens.size(), limits.max_heaps));
    }
  }
  auto rules = make_ruleset(std::get<std::string>(spec));
  if (!rules) return unprocessable(rules.error());
  game.rules = *rules;
  auto position = parse_position(tokens, game.rules);
  if (!position) return unprocessable(position.error());
  game.position = std::move(*position);
  return game;
}

std::variant<GameCall, ApiResponse> game_call(std::string_view text, const ApiLimits& limits,
                                              Limits engine,
                                              std::initializer_list<std::string_view> extra) {
  std::vector<std::string_view> allowed{"rules", "misere", "position", "heaps"};
  allowed.insert(allowed.end(), extra.begin(), extra.end());
  Request request = parse_body(text, limits, allowed);
  if (request.refusal) return *request.refusal;
  auto game = parse_game(request.body, limits, true);
  if (auto* refusal = std::get_if<ApiResponse>(&game)) return *refusal;
  AnswerBudget budget = answer_budget(limits.max_answer_bytes, engine);
  return GameCall{std::move(engine), std::move(budget), std::move(request.body),
                  std::move(std::get<GameRequest>(game))};
}

std::variant<json, ApiResponse> analysis_answer(const Position& position, Convention convention,
                                                const Limits& limits, AnswerBudget& budget) {
  auto analysis = analyze(position, convention, limits, AnalysisOptions{.remoteness = true});
  if (!analysis) return engine_refusal(analysis.failure(), limits);
  auto answer = analysis_json(position, *analysis, budget);
  if (!answer) return budget_refusal(budget, limits);
  (*answer)["terminal"] = position.is_terminal();
  return std::move(*answer);
}

// Room an answer keeps beyond its pieces for the keys and scalars around them.
constexpr std::uint64_t kAnswerEnvelope = 64 * 1024;

// The budget of one answer's pieces: max_bytes less the envelope, charged to the request's meter.
AnswerBudget answer_budget(std::uint64_t max_bytes, const Limits& engine) {
  return AnswerBudget(max_bytes, engine.meter, std::min(kAnswerEnvelope, max_bytes / 2));
}

// 200 with `answer`, or 422 naming the size limit: the pieces were charged as they were built
// within the budget, and an answer whose pieces came near it is measured whole, so none past
// max_bytes is ever written.
ApiResponse answered(json answer, const AnswerBudget& budget, std::uint64_t max_bytes,
                     const Limits& engine) {
  if (max_bytes != 0 && budget.used() + 2 * kAnswerEnvelope > max_bytes) {
    AnswerBudget whole(max_bytes, nullptr);
    if (!whole.charge(answer)) return budget_refusal(whole, engine);
  }
  return ApiResponse{200, std::move(answer)};
}

ApiResponse answered(json answer, const GameRequest& game, const AnswerBudget& budget,
                     const Limits& engine) {
  if (game.deprecated) answer["deprecated"] = *game.deprecated;
  return answered(std::move(answer), budget, budget.max_bytes(), engine);
}

std::variant<ComputerLevel, ApiResponse> level_field(const json& body, std::string_view field) {
  std::string level_text = "perfect";
  if (auto it = body.find(field); it != body.end()) {
    if (!it->is_string()) {
      return bad_request(
          fmt::format("\"{}\" must be a string: \"perfect\", \"random\" or \"skilled:P\", got {}",
                      field, type_name(*it)));
    }
    level_text = it->get<std::string>();
  }
  auto level = Level::parse(level_text);
  if (!level) return unprocessable(level.error());
  auto seed_field = optional_u64(body, "seed");
  if (auto* refusal = std::get_if<ApiResponse>(&seed_field)) return *refusal;
  // Without a seed every request draws a fresh one; the answer reports it so a client can
  // repeat the move.
  const std::uint64_t seed =
      std::get<std::optional<std::uint64_t>>(seed_field)
          .value_or((std::uint64_t{std::random_device{}()} << 32) | std::random_device{}());
  return ComputerLevel{*level, seed};
}

std::variant<Move, ApiResponse> computer_move(const Position& position, Convention convention,
                                              const ComputerLevel& level, const Limits& engine) {
  if (position.is_terminal()) {
    return unprocessable("the game is over: no move is possible from this position");
  }
  // Choosing a move lists no legal moves (choose_move: a winning move from the analysis, a random
  // one by its index, the longest game's only among few), so a heap of any size may be played.
  Rng rng(level.seed);
  auto chosen = choose_move(position, convention, level.level, rng, engine);
  if (!chosen) return engine_refusal(chosen.failure(), engine);
  return std::move(*chosen);
}

}  // namespace nimkit::server
