#include "json.h"

#include "nimkit/match.h"
#include "nimkit/notation.h"

namespace nimkit::cli {

nlohmann::json nimber_json(Nimber value) {
  if (value <= ~std::uint64_t{0}) return static_cast<std::uint64_t>(value);
  return to_string(value);
}

nlohmann::json move_json(const Position& before, const Move& move) {
  const Position after = before.after(move);
  nlohmann::json j;
  j["heap"] = move_heap_number(before, move);
  j["take"] = move.option.take;
  j["result"] = after.heap_sizes();
  j["move"] = format_move(before, move);
  j["description"] = describe(before, move);
  j["position"] = format_position(after);
  return j;
}

nlohmann::json analysis_json(const Position& position, const Analysis& analysis) {
  nlohmann::json j;
  const Ruleset* single = position.single_ruleset();
  j["rules"] = single ? single->spec() : "sum";
  j["convention"] = std::string(to_string(analysis.convention));
  j["heaps"] = position.heap_sizes();
  j["position"] = format_position(position);
  if (analysis.grundy) j["grundy"] = nimber_json(*analysis.grundy);
  j["winner"] = std::string(to_string(analysis.winner));
  nlohmann::json moves = nlohmann::json::array();
  for (const Move& m : analysis.winning_moves) moves.push_back(move_json(position, m));
  j["winning_moves"] = moves;
  j["winning_move_count"] = nimber_json(analysis.winning_move_count);
  j["method"] = analysis.method;
  if (!analysis.moves_unlisted.empty()) j["winning_moves_unlisted"] = analysis.moves_unlisted;
  nlohmann::json components = nlohmann::json::array();
  Limits limits;
  for (const Component& c : position.components()) {
    nlohmann::json part;
    part["rules"] = c.rules->spec();
    nlohmann::json heaps = nlohmann::json::array();
    for (const Heap& h : c.heaps) heaps.push_back(c.rules->format_heap(h));
    part["heaps"] = heaps;
    if (analysis.grundy) {
      if (auto g = c.rules->grundy(c.heaps, limits)) part["grundy"] = nimber_json(*g);
    }
    components.push_back(part);
  }
  j["components"] = components;
  return j;
}

}  // namespace nimkit::cli
