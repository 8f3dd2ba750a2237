#include "json.h"

#include <algorithm>

#include "nimkit/match.h"
#include "nimkit/notation.h"

namespace nimkit::contract {
namespace {

void add_fields(nlohmann::json& j, const std::vector<ViewField>& fields) {
  for (const ViewField& f : fields) {
    if (f.scalar) {
      j[f.name] = f.values.empty() ? 0 : f.values.front();
      continue;
    }
    nlohmann::json& list = j[f.name];
    if (!list.is_array()) list = nlohmann::json::array();
    for (std::uint64_t v : f.values) list.push_back(v);
  }
}

// Whether the component is made of heaps (drawn as stones, pins, a queen...): its view fields
// hold "heaps", the sizes a move's "result" lists.
bool has_heaps(const Component& c) {
  const std::vector<ViewField> fields = c.rules->view_fields(c.state);
  return std::any_of(fields.begin(), fields.end(),
                     [](const ViewField& f) { return f.name == "heaps"; });
}

}  // namespace

nlohmann::json nimber_json(Nimber value) {
  if (value <= ~std::uint64_t{0}) return static_cast<std::uint64_t>(value);
  return to_string(value);
}

nlohmann::json position_fields(const Position& position) {
  nlohmann::json j = nlohmann::json::object();
  for (const Component& c : position.components()) add_fields(j, c.rules->view_fields(c.state));
  return j;
}

nlohmann::json move_json(const Position& before, const Move& move) {
  const Position after = before.after(move);
  const Component& c = before.components()[move.component];
  nlohmann::json j;
  add_fields(j, c.rules->move_fields(c.state, move.option, before.first_item(move.component)));
  const nlohmann::json fields = position_fields(after);
  if (has_heaps(c)) {
    j["result"] = fields.contains("heaps") ? fields["heaps"] : nlohmann::json::array();
  }
  j["component"] = move.component;
  j["move"] = format_move(before, move);
  j["description"] = describe(before, move);
  j["position"] = format_position(after);
  return j;
}

nlohmann::json component_json(const Position& position, std::size_t c,
                              const std::optional<Nimber>& value) {
  const Component& comp = position.components()[c];
  nlohmann::json part;
  part["rules"] = comp.rules->spec();
  part["view"] = std::string(comp.rules->view());
  part["items"] = comp.rules->format_state(comp.state);
  if (has_heaps(comp)) part["heaps"] = part["items"];
  part["label"] = comp.rules->label(comp.state, position.first_item(c));
  nlohmann::json fields = nlohmann::json::object();
  add_fields(fields, comp.rules->view_fields(comp.state));
  part["fields"] = fields;
  if (value) part["grundy"] = nimber_json(*value);
  return part;
}

nlohmann::json explanation_json(const Explanation& e) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Explanation::Row& row : e.rows) {
    rows.push_back({{"label", row.label},
                    {"value", nimber_json(row.value)},
                    {"binary", row.binary},
                    {"rules", row.rules},
                    {"reason", row.reason}});
  }
  return {{"heading", e.heading},
          {"rows", rows},
          {"width", e.width},
          {"total", nimber_json(e.total)},
          {"total_binary", e.total_binary},
          {"columns", e.columns},
          {"lines", e.lines},
          {"component_moves", e.component_moves},
          {"winning_moves", e.winning_moves}};
}

nlohmann::json analysis_json(const Position& position, const Analysis& analysis) {
  nlohmann::json j;
  const Ruleset* single = position.single_ruleset();
  j["rules"] = single ? single->spec() : "sum";
  j["convention"] = std::string(to_string(analysis.convention));
  j["heaps"] = nlohmann::json::array();
  j.update(position_fields(position));
  j["position"] = format_position(position);
  if (analysis.grundy) j["grundy"] = nimber_json(*analysis.grundy);
  j["winner"] = std::string(to_string(analysis.winner));
  nlohmann::json moves = nlohmann::json::array();
  for (const Move& m : analysis.winning_moves) moves.push_back(move_json(position, m));
  j["winning_moves"] = moves;
  j["winning_move_count"] = nimber_json(analysis.winning_move_count);
  j["method"] = std::string(to_string(analysis.method));
  if (!analysis.moves_unlisted.empty()) j["winning_moves_unlisted"] = analysis.moves_unlisted;
  nlohmann::json components = nlohmann::json::array();
  const bool valued = analysis.grundy && analysis.values.size() == position.components().size();
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    components.push_back(component_json(
        position, c, valued ? std::optional<Nimber>(analysis.values[c]) : std::nullopt));
  }
  j["components"] = components;
  j["explanation"] = explanation_json(explanation(position, analysis));
  return j;
}

}  // namespace nimkit::contract
