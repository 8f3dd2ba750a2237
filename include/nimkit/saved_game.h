// The saved-game format: a Match written as text and read back, re-checked move by move.
//
// Format (plain text, one record per line; a line whose first non-blank character is
// '#' is a comment, '#' elsewhere is data, a filled Cram cell):
//   nimkit-game 3                  (versions 1 and 2 still load: version 1's bowling-game moves
//                                  were "HEAP COUNT", read now as "HEAP:COUNT"; until version 3
//                                  Hackenbush's edges were numbered afresh after every cut)
//   rules nim                      ruleset notation, as --rules takes it, or "sum" for a sum of
//                                  rulesets (then the start names each component's ruleset:
//                                  "start kayles:2,3 dawson:12 nim:3")
//   convention normal              or misere
//   players human computer         who moved first and second (free words, optional)
//   start 3 4 5                    start position, as `analyze` takes it
//   move 1 2                       the move as `play` reads it: for heaps, heap and objects
//                                  taken[, parts left for splitting moves], or the family's
//                                  words ("1 3 4" in Grundy's game, "2 3-4" in Kayles); for
//                                  graphs, a vertex
//   move 3 3 !                     '!', a word of its own, marks a move that threw away a win
//   draw agreed                    optional, last: the players ended the game as a draw where
//                                  its moves leave it
// Replay re-checks every move (legality and the '!' marks) and names the line at fault.
// docs/saved-games.md describes the format in full.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "nimkit/limits.h"
#include "nimkit/match.h"
#include "nimkit/result.h"

namespace nimkit {

// The "rules" record of a game whose position is a sum of rulesets.
inline constexpr std::string_view kSumRules = "sum";

// The saved form of the match's record (see the top of this file), the moves undone and not
// redone left out; `first_player` and `second_player` are the two names (single words).
std::string save_game(const Match& match, const std::string& first_player,
                      const std::string& second_player);

struct SavedGame {
  std::unique_ptr<Match> match;
  std::string first_player = "first";
  std::string second_player = "second";
};

// Parses and re-checks a saved game. Errors read "line 7: ..." naming the line at fault.
Result<SavedGame> load_game(std::string_view text, const Limits& limits = {});

}  // namespace nimkit
