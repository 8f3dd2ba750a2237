// Text notation of positions.
//
// A position is a list of tokens. Bare tokens ("7", "7x" for a zero-move pile whose zero move is
// spent, "1-2" for an edge) are items of the default ruleset, which groups them into components
// (heaps one by one or in pairs, edges into connected graphs); the components stand where their
// first item stood. A token "RULES:ITEMS" is one or more components of another ruleset:
// everything before the last ':' names the ruleset exactly as --rules does, and ITEMS is a
// comma-separated list of its items: "kayles:7", "subtraction:1,3,4:10", "moore:2:3,4,5",
// "wythoff:3,5", "zero-move:5x", "node-kayles:1-2,2-3".
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/position.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// `default_rules` may be null only when every token names its ruleset. Fails on an empty list,
// a bad item, an unknown ruleset, or items that do not make whole components.
Result<Position> parse_position(const std::vector<std::string>& tokens,
                                const std::shared_ptr<const Ruleset>& default_rules);
// Splits on white space and parses.
Result<Position> parse_position(std::string_view text,
                                const std::shared_ptr<const Ruleset>& default_rules);

// The position as text: bare items ("3 4 5") when every component has the default ruleset (or
// when the position has only one ruleset and `default_rules` is null), else every component
// qualified ("kayles:2,3 nim:3").
std::string format_position(const Position& position, const Ruleset* default_rules = nullptr);

// format_position(before.after(move), default_rules), without copying the components the move
// leaves alone (each may hold a whole graph).
std::string format_position_after(const Position& before, const Move& move,
                                  const Ruleset* default_rules = nullptr);

// Every item of the position as bare text, e.g. "3 4x 5".
std::string format_items(const Position& position);

// One component's items joined by commas, as they follow "RULES:": "3,5", "1-2,2-3".
std::string format_component(const Component& component);

}  // namespace nimkit
