// JSON forms of positions, moves and analyses: the contract `nimkit analyze --json` and the HTTP
// API share. Field names are stable; new fields may be added, none renamed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "nimkit/analysis.h"
#include "nimkit/explain.h"
#include "nimkit/position.h"

namespace nimkit::contract {

// j as JSON text; invalid UTF-8 in any string becomes U+FFFD instead of throwing (every JSON dump
// goes through it, so no input can abort the program).
template <class Json>
std::string dump_json(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A nimber as a JSON number, or as a decimal string when it exceeds 2^64-1 (JSON numbers in most
// readers stop there).
nlohmann::json nimber_json(Nimber value);

// The view fields of every component, lists of the same name joined in component order:
// {"heaps": [3, 4, 5], "spent": [0, 0, 0]} for heaps, {"vertices": [...], "edges": [...]} for
// graphs.
nlohmann::json position_fields(const Position& position);

// {"heap": 1, "take": 2, "result": [1,4,5], "move": "1 2", "description": "take 2 from heap 1",
//  "position": "1 4 5", "component": 0}: the move's view fields ("heap" and "take" for heaps,
// 1-based; "vertex" for graphs), "result" the heaps after the move (heap positions only).
nlohmann::json move_json(const Position& before, const Move& move);

// {"view", "rules", "items", "label", "fields", "grundy"} of component `c`; "heaps" repeats
// "items" for heap components.
nlohmann::json component_json(const Position& position, std::size_t c,
                              const std::optional<Nimber>& value);

// The explanation record of explain.h: {"heading", "rows": [{"label", "value", "binary",
// "rules", "reason"}], "width", "total", "total_binary", "columns", "lines", "component_moves",
// "winning_moves"}.
nlohmann::json explanation_json(const Explanation& explanation);

// {"rules", "convention", "heaps", "position", "grundy", "winner", "winning_moves",
//  "winning_move_count", "method", "components", "explanation"}, plus the position's view fields;
// "remoteness" (moves left with perfect play) when the analysis has it.
nlohmann::json analysis_json(const Position& position, const Analysis& analysis);

}  // namespace nimkit::contract
