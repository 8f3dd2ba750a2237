// Text of the game: position notation (parse_position, format_position), move notation
// (parse_move, format_move) and moves described in words (describe). The saved-game format is
// apart, in saved_game.h.
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

#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// `default_rules` may be null only when every token names its ruleset. No tokens are the position
// with no components (terminal: no player can move). Fails on a bad item, an unknown ruleset, or
// items that do not make whole components. Time linear in the
// text; a step a token is charged to `limits`' meter, so that a cancel stops a huge parse.
Result<Position> parse_position(const std::vector<std::string>& tokens,
                                const std::shared_ptr<const Ruleset>& default_rules,
                                const Limits& limits = {});
// Splits on white space and parses.
Result<Position> parse_position(std::string_view text,
                                const std::shared_ptr<const Ruleset>& default_rules,
                                const Limits& limits = {});

// The position as text, which parse_position() reads back as the same components: bare items
// ("3 4 5") when every component has the default ruleset (or when the position has only one
// ruleset and `default_rules` is null), else every component qualified ("kayles:2,3 nim:3"), and
// qualified too where bare items would merge neighbouring components (two staircases, two graphs
// with a vertex name in common).
std::string format_position(const Position& position, const Ruleset* default_rules = nullptr);

// format_position(before.after(move), default_rules), without copying the components the move
// leaves alone (each may hold a whole graph).
std::string format_position_after(const Position& before, const Move& move,
                                  const Ruleset* default_rules = nullptr);

// Every item of the position as bare text, e.g. "3 4x 5".
std::string format_items(const Position& position);

// One component's items joined by commas, as they follow "RULES:": "3,5", "1-2,2-3".
std::string format_component(const Component& component);

// Parses move notation against a position: the notation of the rulesets of its components. For
// heaps "HEAP COUNT" ("2 0" is a zero move), with the parts left for a splitting move ("1 1 2 3":
// take 1 from heap 1 leaving 2 and 3), or "HEAP:COUNT ..." for a move on several heaps at once
// ("1:3 2:3"); for graphs "VERTEX". Text that names moves in two components (coin 3 of two coin
// rows) is refused as ambiguous; "@N TEXT" reads TEXT in component N only (from 1). Fails naming
// the bad value: no such heap, an empty heap, more than the heap holds, a spent zero move, a move
// the rules do not allow. White space around the text is ignored.
Result<Move> parse_move(const Position& position, std::string_view text, const Limits& limits = {});
// Every move the text may mean when it names a move only in part ("1 1" in a splitting game:
// take 1 from heap 1, leaving one heap or two), in legal-move order; fails like parse_move().
Result<std::vector<Move>> parse_partial_move(const Position& position, std::string_view text,
                                             bool partial, const Limits& limits = {});
// The notation parse_move() reads back for `move` ("@N " first when the text alone would name
// a move of another component too); may scan the component's options within
// `limits` to write the short form when it is unambiguous.
std::string format_move(const Position& position, const Move& move, const Limits& limits = {});

// The move in words, as its ruleset says it: "take 2 from heap 1", "remove vertex 3". When the
// same words could name a move in another component (two coin rows, two graphs numbering their
// vertices alike), the component's label follows: "turn coin 3 in coins hth". Finding that out
// writes and reads move text within `limits`, as format_move() does.
std::string describe(const Position& before, const Move& move, const Limits& limits = {});

// Whether `text`, typed as a move, also names a move of another component than move.component
// (it is then qualified "@N TEXT", N the component's place from 1; see parse_move()).
bool move_text_is_shared(const Position& before, const Move& move, std::string_view text,
                         const Limits& limits = {});

}  // namespace nimkit
