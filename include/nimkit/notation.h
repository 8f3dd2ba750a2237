// Text notation of positions.
//
// A position is a list of tokens. A bare heap ("7", or "7x" for a zero-move pile whose zero move
// is spent) belongs to the default ruleset. A token "RULES:HEAPS" is a component of another
// ruleset: everything before the last ':' names the ruleset exactly as --rules does, and HEAPS is
// a comma-separated list of heaps: "kayles:7", "subtraction:1,3,4:10", "moore:2:3,4,5",
// "wythoff:3,5", "zero-move:5x". Heaps of an arity-1 ruleset become a component each.
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
// a bad heap, an unknown ruleset, or a heap count the ruleset's arity does not accept.
Result<Position> parse_position(const std::vector<std::string>& tokens,
                                const std::shared_ptr<const Ruleset>& default_rules);
// Splits on white space and parses.
Result<Position> parse_position(std::string_view text,
                                const std::shared_ptr<const Ruleset>& default_rules);

// The position as text: "3 4 5" when every component has the default ruleset (or when the
// position has only one ruleset and `default_rules` is null), else every component qualified.
std::string format_position(const Position& position, const Ruleset* default_rules = nullptr);

// One heap list as text, e.g. "3 4x 5".
std::string format_heaps(const Position& position);

}  // namespace nimkit
