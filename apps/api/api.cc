#include "api.h"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/notation.h"
#include "nimkit/random_start.h"
#include "nimkit/registry.h"
#include "nimkit/version.h"
#include "request.h"

namespace nimkit::server {
namespace {

using contract::AnswerBudget;
using contract::move_json;
using contract::nimber_json;
using nlohmann::json;

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
