// JSON forms of positions, moves and analyses: the contract `nimkit analyze --json` and the HTTP
// API share. Field names are stable; new fields may be added, none renamed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "nimkit/analysis.h"
#include "nimkit/position.h"

namespace nimkit::cli {

// j as JSON text; invalid UTF-8 in any string becomes U+FFFD instead of throwing (every CLI JSON
// dump goes through it, so no input can abort the program).
template <class Json>
std::string dump_json(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A nimber as a JSON number, or as a decimal string when it exceeds 2^64-1 (JSON numbers in most
// readers stop there).
nlohmann::json nimber_json(Nimber value);

// {"heap": 1, "take": 2, "result": [1,4,5], "move": "1 2", "description": "take 2 from heap 1",
//  "position": "1 4 5"}; heap numbers are 1-based.
nlohmann::json move_json(const Position& before, const Move& move);

// {"rules", "convention", "heaps", "position", "grundy", "winner", "winning_moves",
//  "winning_move_count", "method", "components"}.
nlohmann::json analysis_json(const Position& position, const Analysis& analysis);

}  // namespace nimkit::cli
