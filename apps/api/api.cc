#include "api.h"

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
#include "nimkit/heap_game.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/random_start.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"
#include "nimkit/text.h"
#include "nimkit/version.h"
#include "request.h"

namespace nimkit::server {
namespace {

using contract::analysis_json;
using contract::AnswerBudget;
using contract::move_json;
using contract::nimber_json;
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

namespace {

json ruleset_json(const RulesetEntry& entry) {
  json j{{"name", entry.name},   {"parameters", entry.parameters}, {"summary", entry.summary},
         {"title", entry.title}, {"rules", entry.rules},           {"examples", entry.examples}};
  // The view the page draws its components with, the position a new game starts from, and how a
  // position is written (the form's help, with the start as its example): all the registry's.
  j["view"] = entry.facts.view;
  // Whether play can come back to a position (a draw is then possible).
  j["loopy"] = entry.facts.loopy;
  j["start"] = entry.start;
  j["notation"] = {{"syntax", entry.notation}, {"example", entry.start}};
  // Heaps per component, from the first example that builds (the form needs it to draw random
  // positions of a legal size).
  // Which picture of its values the Grundy view draws: "sequence", "grid" or "none".
  j["shape"] = std::string(to_string(ValueShape::kNone));
  // Whether POST /api/random draws a start for it (the form's Random button).
  j["random"] = false;
  for (const std::string& example : entry.examples) {
    if (auto rules = make_ruleset(example)) {
      if (const auto arity = heap_arity(**rules)) j["arity"] = *arity;
      j["random"] = has_random_start(**rules);
      j["shape"] = std::string(to_string(value_shape(**rules)));
      break;
    }
  }
  return j;
}

}  // namespace

std::shared_ptr<WorkMeter> Api::new_meter() const {
  return std::make_shared<WorkMeter>(limits_.max_request_steps, limits_.max_request_time);
}

Limits Api::engine_limits(std::shared_ptr<WorkMeter> meter) const {
  Limits engine = limits_.engine;
  engine.meter = meter ? std::move(meter) : new_meter();
  return engine;
}

ApiResponse Api::health() const {
  return ApiResponse{
      200,
      json{{"status", "ok"}, {"version", std::string(version())}, {"rulesets", registry().size()}}};
}

ApiResponse Api::rulesets() const {
  json list = json::array();
  for (const RulesetEntry& entry : registry()) list.push_back(ruleset_json(entry));
  return ApiResponse{200, json{{"rulesets", list}}};
}

nlohmann::json Api::first_answers() const {
  json list = rulesets().body["rulesets"];
  const RulesetEntry& first = registry().front();
  const json request{{"rules", first.name},
                     {"misere", false},
                     {"position", first.start},
                     {"moves", json::array()},
                     {"played", 0},
                     {"people", json::array({0})},
                     {"analysis", true},
                     {"legal_moves", limits_.max_listed_moves}};
  ApiResponse game_answer = game(request.dump());
  json answers{{"rulesets", std::move(list)}};
  // A first ruleset whose start the limits refuse leaves the page to ask (and show the refusal).
  if (game_answer.status == 200) answers["game"] = std::move(game_answer.body);
  return answers;
}

ApiResponse Api::analyze(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  auto call = game_call(text, limits_, engine_limits(std::move(meter)), {});
  if (auto* refusal = std::get_if<ApiResponse>(&call)) return *refusal;
  auto& [engine, budget, body, g] = std::get<GameCall>(call);
  auto answer = analysis_answer(g.position, g.convention, engine, budget);
  if (auto* refusal = std::get_if<ApiResponse>(&answer)) return *refusal;
  return answered(std::move(std::get<json>(answer)), g, budget, engine);
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

ApiResponse Api::move(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  auto call = game_call(text, limits_, engine_limits(std::move(meter)), {"level", "seed"});
  if (auto* refusal = std::get_if<ApiResponse>(&call)) return *refusal;
  auto& [engine, budget, body, g] = std::get<GameCall>(call);
  auto level = level_field(body, "level");
  if (auto* refusal = std::get_if<ApiResponse>(&level)) return *refusal;
  const ComputerLevel& computer = std::get<ComputerLevel>(level);
  auto chosen = computer_move(g.position, g.convention, computer, engine);
  if (auto* refusal = std::get_if<ApiResponse>(&chosen)) return *refusal;
  // The move and the position first: the analysis after it lists its moves in the room left.
  json moved = move_json(g.position, std::get<Move>(chosen));
  json position = format_position(g.position);
  if (!budget.charge(moved) || !budget.charge(position)) {
    return budget_refusal(budget, engine);
  }
  const Position after = g.position.after(std::get<Move>(chosen));
  auto after_analysis = analysis_answer(after, g.convention, engine, budget);
  if (auto* refusal = std::get_if<ApiResponse>(&after_analysis)) return *refusal;
  json& next = std::get<json>(after_analysis);
  // A move wins when it leaves the opponent (now "first" to move) a lost position.
  moved["winning"] = next["winner"] == "second";
  json answer{
      {"rules", g.rules->spec()},        {"convention", std::string(to_string(g.convention))},
      {"position", std::move(position)}, {"level", computer.level.to_string()},
      {"seed", computer.seed},           {"move", std::move(moved)},
      {"analysis", std::move(next)}};
  return answered(std::move(answer), g, budget, engine);
}

namespace {

// The moves a /api/moves request selects: all of them, those of the component holding item
// "heap", those "heap"/"take" or "move" names. `total` counts them, listed or not.
struct Selection {
  std::vector<Move> listed;
  Count total = 0;
};

std::variant<Selection, ApiResponse> select_moves(const Position& position, const json& body,
                                                  std::uint64_t limit, const Limits& engine) {
  auto heap_field = optional_u64(body, "heap", DigitString::kAccepted);
  if (auto* refusal = std::get_if<ApiResponse>(&heap_field)) return *refusal;
  auto take_field = optional_u64(body, "take", DigitString::kAccepted);
  if (auto* refusal = std::get_if<ApiResponse>(&take_field)) return *refusal;
  const auto heap = std::get<std::optional<std::uint64_t>>(heap_field);
  const auto take = std::get<std::optional<std::uint64_t>>(take_field);
  auto partial = body.find("partial");
  if (partial != body.end() && !partial->is_boolean()) {
    return bad_request(
        fmt::format("\"partial\" must be true or false, got {}", type_name(*partial)));
  }
  Selection out;
  auto keep = [&](std::vector<Move> moves) {
    out.total = moves.size();
    if (moves.size() > limit) moves.resize(limit);
    out.listed = std::move(moves);
  };
  if (auto it = body.find("move"); it != body.end()) {
    if (!it->is_string()) {
      return bad_request(
          fmt::format("\"move\" must be a string such as \"1 2\", got {}", type_name(*it)));
    }
    if (heap || take) return bad_request("give either \"move\" or \"heap\"/\"take\", not both");
    const bool all = partial != body.end() && partial->get<bool>();
    auto parsed = parse_partial_move(position, it->get<std::string>(), all, engine);
    if (!parsed) return engine_refusal(parsed.failure(), engine);
    keep(std::move(*parsed));
    return out;
  }
  if (take && !heap) return bad_request("\"take\" needs \"heap\"");
  if (heap && (*heap < 1 || *heap > position.item_count())) {
    return unprocessable(fmt::format("there is no heap {}: the position has heaps 1 to {}", *heap,
                                     position.item_count()));
  }
  // Every move, or those of the component holding item "heap"; with "take", those whose move
  // fields (the heaps view's "heap" and "take", as the ruleset writes them) are the ones asked.
  std::size_t first = 0;
  std::size_t last = position.components().size();
  if (heap) {
    while (first + 1 < last && position.first_item(first + 1) <= *heap) ++first;
    last = first + 1;
  }
  const auto asked = [&](const Component& comp, const Option& option, std::size_t c) {
    if (!take) return true;
    bool heap_named = false;
    bool take_named = false;
    for (const ViewField& f : comp.rules->move_fields(comp.state, option, position.first_item(c))) {
      if (!f.scalar || f.values.empty()) continue;
      if (f.name == "heap") heap_named = f.values.front() == *heap;
      if (f.name == "take") take_named = f.values.front() == *take;
    }
    return heap_named && take_named;
  };
  for (std::size_t c = first; c < last; ++c) {
    const Component& comp = position.components()[c];
    const Count n = comp.rules->count_options(comp.state);
    if (!take) out.total += n;
    for (Count i = 0; i < n && (take || out.listed.size() < limit); ++i) {
      if (!engine.charge()) return work_limit(engine);
      Option option = comp.rules->option(comp.state, i);
      if (!asked(comp, option, c)) continue;
      if (take) ++out.total;
      if (out.listed.size() < limit) out.listed.push_back(Move{c, std::move(option)});
    }
  }
  return out;
}

// "count", "truncated" and "moves" (each as move_json writes it) of `selection`.
std::variant<json, ApiResponse> moves_json(const Position& position, const Selection& selection,
                                           AnswerBudget& budget, const Limits& engine) {
  // Writing a move's play notation can scan every option of its component (to tell whether its
  // take alone names it), so the list stops once that work would pass the scan limit: a
  // splitting game's huge heap gets a truncated list, never a request that runs for seconds. It
  // stops too at the first move that would take the answer past its size limit.
  json list = json::array();
  Count work = 0;
  for (const Move& m : selection.listed) {
    const Component& component = position.components()[m.component];
    const Count options = component.rules->count_options(component.state);
    const Count cap = Count{engine.max_scan} + 1;  // saturate: counts reach 2^128-1
    work = options >= cap || work + options >= cap ? cap : work + options;
    if (!list.empty() && work == cap) break;
    json move = move_json(position, m);
    const std::uint64_t size = contract::json_size(move);
    if (!budget.fits(size)) {
      if (!budget.work(size)) return budget_refusal(budget, engine);
      break;
    }
    if (!budget.charge(size)) return budget_refusal(budget, engine);
    list.push_back(std::move(move));
  }
  const bool truncated = Count{list.size()} < selection.total;
  return json{{"count", nimber_json(selection.total)},
              {"truncated", truncated},
              {"moves", std::move(list)}};
}

}  // namespace

std::variant<json, ApiResponse> legal_moves_json(const Position& position, std::uint64_t limit,
                                                 AnswerBudget& budget, const Limits& engine) {
  auto selected = select_moves(position, json::object(), limit, engine);
  if (auto* refusal = std::get_if<ApiResponse>(&selected)) return *refusal;
  return moves_json(position, std::get<Selection>(selected), budget, engine);
}

ApiResponse Api::moves(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  auto call = game_call(text, limits_, engine_limits(std::move(meter)),
                        {"heap", "take", "move", "partial", "limit"});
  if (auto* refusal = std::get_if<ApiResponse>(&call)) return *refusal;
  auto& [engine, budget, body, g] = std::get<GameCall>(call);
  const Position& position = g.position;

  auto limit_field = optional_u64(body, "limit");
  if (auto* refusal = std::get_if<ApiResponse>(&limit_field)) return *refusal;
  const std::uint64_t limit =
      std::get<std::optional<std::uint64_t>>(limit_field).value_or(limits_.max_listed_moves);
  if (limit > limits_.max_listed_moves) {
    return unprocessable(
        fmt::format("\"limit\" {} is above the maximum of {}", limit, limits_.max_listed_moves));
  }
  auto selected = select_moves(position, body, limit, engine);
  if (auto* refusal = std::get_if<ApiResponse>(&selected)) return *refusal;

  json written = format_position(position);
  if (!budget.charge(written)) {
    return budget_refusal(budget, engine);
  }
  auto listed = moves_json(position, std::get<Selection>(selected), budget, engine);
  if (auto* refusal = std::get_if<ApiResponse>(&listed)) return *refusal;
  json answer{{"rules", g.rules->spec()}, {"position", std::move(written)}};
  answer.update(std::get<json>(listed));
  return answered(std::move(answer), g, budget, engine);
}

}  // namespace nimkit::server
