// POST /api/game: the record of a game, as the library's Match keeps it, for a client that keeps
// nothing but the game's parts (the page, which saves them in its link). The request carries the
// rules, the start and the moves in move notation; the answer is the record Match::rebuild makes
// of them, so the page and the terminal game keep one record by one rule.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "api.h"
#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "request.h"

namespace nimkit::server {
namespace {

using contract::AnswerBudget;
using contract::move_json;
using nlohmann::json;

// The "moves" field: move notation strings, at most `max` of them.
std::variant<std::vector<std::string>, ApiResponse> move_texts(const json& body, std::size_t max) {
  std::vector<std::string> texts;
  auto it = body.find("moves");
  if (it == body.end()) return texts;
  if (!it->is_array()) {
    return bad_request(fmt::format("\"moves\" must be an array of moves such as [\"1 2\"], got {}",
                                   type_name(*it)));
  }
  if (it->size() > max) {
    return unprocessable(
        fmt::format("{} moves is more than the limit of {} per game", it->size(), max));
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    if (!(*it)[i].is_string()) {
      return bad_request(
          fmt::format("moves[{}] must be a move such as \"1 2\", got {}", i, type_name((*it)[i])));
    }
    texts.push_back((*it)[i].get<std::string>());
  }
  return texts;
}

// The "people" field: the seats a person plays (0 moved first), by default both.
std::variant<Match::Seats, ApiResponse> people_field(const json& body) {
  auto it = body.find("people");
  if (it == body.end()) return Match::Seats{}.set();
  if (!it->is_array()) {
    return bad_request(
        fmt::format("\"people\" must list the seats a person plays, such as [0] or [0, 1], got {}",
                    type_name(*it)));
  }
  if (it->size() > 2) {
    return bad_request(
        fmt::format("\"people\" lists at most the two seats 0 and 1, got {} entries", it->size()));
  }
  Match::Seats seats;
  for (const json& seat : *it) {
    if (!seat.is_number_unsigned() || seat.get<std::uint64_t>() > 1) {
      return bad_request(
          fmt::format("a seat in \"people\" is 0 (moved first) or 1, got {}", type_name(seat)));
    }
    seats.set(seat.get<std::size_t>());
  }
  return seats;
}

// A move's entry in the record. A move that threw away a win names one that would have won from
// the same position ("better"), one that threw away a draw a move that would have kept it: the
// one the match found when its analysis fitted the limits. "repetition" counts how often the
// position it leaves has stood with the same player to move.
json record_json(const Position& before, const MoveRecord& record, bool played) {
  json j{{"move", record.text},
         {"description", record.description},
         {"mover", record.mover},
         {"threw_away_win", record.threw_away_win},
         {"threw_away_draw", record.threw_away_draw},
         {"repetition", record.repetition},
         {"position", format_position(record.after)},
         {"played", played}};
  if (record.better) j["better"] = describe(before, *record.better);
  return j;
}

// The "draw_agreed" field: whether the players end the game as a draw where it stands.
std::variant<bool, ApiResponse> draw_agreed_field(const json& body) {
  auto it = body.find("draw_agreed");
  if (it == body.end()) return false;
  if (!it->is_boolean()) {
    return bad_request(
        fmt::format("\"draw_agreed\" must be true or false, got {}", type_name(*it)));
  }
  if (it->get<bool>() && body.contains("reply")) {
    return bad_request("\"draw_agreed\" ends the game: it takes no \"reply\"");
  }
  return it->get<bool>();
}

// How moves are typed in `position`: each of its rulesets' move syntax once, with the title of
// the rulesets using it (the page's move box, as `help` in the terminal game).
json move_syntax_json(const Position& position) {
  json list = json::array();
  for (const Component& comp : position.components()) {
    const std::string syntax = comp.rules->move_syntax();
    const std::string title = ruleset_title(*comp.rules);
    auto known = std::find_if(list.begin(), list.end(),
                              [&](const json& entry) { return entry["syntax"] == syntax; });
    if (known == list.end()) {
      list.push_back({{"syntax", syntax}, {"titles", json::array({title})}});
    } else if (std::find((*known)["titles"].begin(), (*known)["titles"].end(), title) ==
               (*known)["titles"].end()) {
      (*known)["titles"].push_back(title);
    }
  }
  return list;
}

// The "legal_moves" field: how many of the legal moves where the game stands to list (up to `max`),
// or none when absent.
std::variant<std::optional<std::uint64_t>, ApiResponse> legal_moves_limit(const json& body,
                                                                          std::uint64_t max) {
  auto field = optional_u64(body, "legal_moves");
  if (auto* refusal = std::get_if<ApiResponse>(&field)) return *refusal;
  const auto limit = std::get<std::optional<std::uint64_t>>(field);
  if (limit && *limit > max) {
    return unprocessable(fmt::format("\"legal_moves\" {} is above the maximum of {}", *limit, max));
  }
  return limit;
}

// The record of `match` as POST /api/game answers it (the first `played` moves on the board):
// the game's texts, every move given, where the game stands and the start's components; nullopt
// when the answer's budget stops it.
std::optional<json> record_answer(const GameRequest& g, const Match& match, std::size_t played,
                                  AnswerBudget& budget) {
  // The moves in the order they were made: those on the board, then those taken back (undone()
  // holds the next one to play again last).
  std::vector<const MoveRecord*> order;
  for (const MoveRecord& r : match.history()) order.push_back(&r);
  for (auto it = match.undone().rbegin(); it != match.undone().rend(); ++it) {
    order.push_back(&*it);
  }
  json records = json::array();
  const Position* before = &match.start();
  for (std::size_t i = 0; i < order.size(); ++i) {
    json record = record_json(*before, *order[i], i < played);
    if (!budget.charge(record)) return std::nullopt;
    records.push_back(std::move(record));
    before = &order[i]->after;
  }
  json answer{{"rules", g.rules->spec()},
              {"convention", std::string(to_string(g.convention))},
              {"start", format_position(match.start())},
              {"position", format_position(match.position())},
              {"played", played},
              {"to_move", match.to_move()},
              {"over", match.over()},
              {"moves", std::move(records)},
              {"move_syntax", move_syntax_json(match.position())},
              {"repetitions", match.repetitions()},
              {"draw_offered", match.draw_offered()},
              {"draw_agreed", match.drawn_by_agreement()}};
  if (match.over() && !match.drawn_by_agreement()) answer["winner"] = match.winner();
  // The start's components with their view fields: what a board looked like before play, so that
  // a view can draw the whole board around the regions left (and a board whose every region was
  // filled).
  json start_components = json::array();
  for (std::size_t c = 0; c < match.start().components().size(); ++c) {
    json component = contract::component_json(match.start(), c, std::nullopt);
    if (!budget.charge(component)) return std::nullopt;
    start_components.push_back(std::move(component));
  }
  answer["start_components"] = std::move(start_components);
  return answer;
}

}  // namespace

ApiResponse Api::game(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  auto call = game_call(
      text, limits_, engine_limits(std::move(meter)),
      {"moves", "played", "analysis", "people", "reply", "seed", "legal_moves", "draw_agreed"});
  if (auto* refusal = std::get_if<ApiResponse>(&call)) return *refusal;
  auto& [engine, budget, body, g] = std::get<GameCall>(call);
  auto texts = move_texts(body, limits_.max_game_moves);
  if (auto* refusal = std::get_if<ApiResponse>(&texts)) return *refusal;
  auto& moves = std::get<std::vector<std::string>>(texts);
  auto analysis_field = body.find("analysis");
  if (analysis_field != body.end() && !analysis_field->is_boolean()) {
    return bad_request(
        fmt::format("\"analysis\" must be true or false, got {}", type_name(*analysis_field)));
  }
  const bool with_analysis = analysis_field != body.end() && analysis_field->get<bool>();
  auto people = people_field(body);
  if (auto* refusal = std::get_if<ApiResponse>(&people)) return *refusal;
  auto played_field = optional_u64(body, "played");
  if (auto* refusal = std::get_if<ApiResponse>(&played_field)) return *refusal;
  std::uint64_t played =
      std::get<std::optional<std::uint64_t>>(played_field).value_or(moves.size());
  if (played > moves.size()) {
    return unprocessable(
        fmt::format("\"played\" {} is more than the {} moves given", played, moves.size()));
  }
  auto listing = legal_moves_limit(body, limits_.max_listed_moves);
  if (auto* refusal = std::get_if<ApiResponse>(&listing)) return *refusal;
  const auto list_limit = std::get<std::optional<std::uint64_t>>(listing);
  std::optional<ComputerLevel> reply;
  if (body.contains("reply")) {
    auto level = level_field(body, "reply");
    if (auto* refusal = std::get_if<ApiResponse>(&level)) return *refusal;
    reply = std::get<ComputerLevel>(level);
    // The reply is a new move: like any, it forgets the moves taken back.
    moves.resize(played);
  } else if (body.contains("seed")) {
    return bad_request("\"seed\" goes with \"reply\": it seeds the computer's reply");
  }

  auto agreed = draw_agreed_field(body);
  if (auto* refusal = std::get_if<ApiResponse>(&agreed)) return *refusal;
  auto match = Match::rebuild(g.rules, g.position, g.convention, moves, played, engine);
  if (!match) return engine_refusal(match.failure(), engine);
  if (std::get<bool>(agreed)) {
    if (auto done = match->agree_draw(); !done) return engine_refusal(done.failure(), engine);
  }
  json replied;
  if (reply) {
    auto chosen = computer_move(match->position(), g.convention, *reply, engine);
    if (auto* refusal = std::get_if<ApiResponse>(&chosen)) return *refusal;
    replied = move_json(match->position(), std::get<Move>(chosen));
    if (!budget.charge(replied)) return budget_refusal(budget, engine);
    match->play(std::get<Move>(chosen));
    played += 1;
  }
  auto record = record_answer(g, *match, played, budget);
  if (!record) return budget_refusal(budget, engine);
  json& answer = *record;
  // Where the undo and redo buttons lead: the moves on the board after Match's undo_turn and
  // redo_turn for these people, or null when there is nothing to take back or play again.
  const auto played_json = [](std::optional<std::size_t> n) {
    return n ? json(*n) : json(nullptr);
  };
  answer["undo_to"] = played_json(match->played_after_undo_turn(std::get<Match::Seats>(people)));
  answer["redo_to"] = played_json(match->played_after_redo_turn(std::get<Match::Seats>(people)));
  if (with_analysis) {
    auto analysis = analysis_answer(match->position(), g.convention, engine, budget);
    if (auto* refusal = std::get_if<ApiResponse>(&analysis)) return *refusal;
    answer["analysis"] = std::move(std::get<json>(analysis));
  }
  if (reply) {
    // A move wins when it leaves the opponent (now "first" to move) a lost position.
    if (with_analysis) replied["winning"] = answer["analysis"]["winner"] == "second";
    answer["reply"] = std::move(replied);
    answer["level"] = reply->level.to_string();
    answer["seed"] = reply->seed;
  }
  if (list_limit) {
    auto listed = legal_moves_json(match->position(), *list_limit, budget, engine);
    if (auto* refusal = std::get_if<ApiResponse>(&listed)) return *refusal;
    answer["legal_moves"] = std::move(std::get<json>(listed));
  }
  return answered(std::move(answer), g, budget, engine);
}

}  // namespace nimkit::server
