// Match: a game in progress or finished — start position, moves, undo — and its saved form.
//
// Saved game format (plain text, one record per line; a line whose first non-blank character is
// '#' is a comment, '#' elsewhere is data, a filled Cram cell):
//   nimkit-game 1
//   rules nim                      ruleset notation, as --rules takes it, or "sum" for a sum of
//                                  rulesets (then the start names each component's ruleset:
//                                  "start kayles:2,3 dawson:12 nim:3"), or for components that
//                                  bare items would merge (two graphs with the same vertices)
//   convention normal              or misere
//   players human computer         who moved first and second (free words, optional)
//   start 3 4 5                    start position, as `analyze` takes it
//   move 1 2                       the move as `play` reads it: for heaps, heap and objects
//                                  taken[, parts left for splitting moves]; for graphs, a vertex
//   move 3 3 !                     '!', a word of its own, marks a move that threw away a win
// Replay re-checks every move (legality and the '!' marks) and names the line at fault.
// docs/saved-games.md describes the format in full.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit {

struct MoveRecord {
  Move move;
  std::size_t mover = 0;        // 0 = the player who moved first in the match, 1 = the other
  bool threw_away_win = false;  // the mover stood on a won position and left it lost for them
  std::string text;             // move notation, as `play` reads it ("1 2")
  std::string description;      // "take 2 from heap 1", "remove vertex 3"
  Position after;
};

// The "rules" record of a game whose position is a sum of rulesets.
inline constexpr std::string_view kSumRules = "sum";

class Match {
 public:
  // `rules` is the one ruleset of the position, or null for a sum of rulesets.
  Match(std::shared_ptr<const Ruleset> rules, Position start, Convention convention,
        Limits limits = {});

  const Position& position() const;
  const Position& start() const { return start_; }
  Convention convention() const { return convention_; }
  // The one ruleset of the game; null for a sum of rulesets.
  const std::shared_ptr<const Ruleset>& rules() const { return rules_; }
  const std::vector<MoveRecord>& history() const { return history_; }
  // 0 or 1: whose turn it is (0 = the player who moved first).
  std::size_t to_move() const { return history_.size() % 2; }
  bool over() const { return position().is_terminal(); }
  // The winner of a finished game (0 or 1).
  std::size_t winner() const;

  // Plays a move given in play notation; fails, naming the bad value, and changes nothing when
  // the text is malformed or the move illegal.
  Result<const MoveRecord*> play(std::string_view move_text);
  // Plays a move known to be legal.
  const MoveRecord& play(const Move& move);
  // Takes back the last move; false when there is none.
  bool undo();

  // The saved form (see the top of this file); `players` are the two names.
  std::string save(const std::string& first_player, const std::string& second_player) const;

 private:
  std::shared_ptr<const Ruleset> rules_;
  Position start_;
  Convention convention_;
  Limits limits_;
  std::vector<MoveRecord> history_;
};

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

struct SavedGame {
  std::unique_ptr<Match> match;
  std::string first_player = "first";
  std::string second_player = "second";
};

// Parses and re-checks a saved game. Errors read "line 7: ..." naming the line at fault.
Result<SavedGame> load_game(std::string_view text, const Limits& limits = {});

}  // namespace nimkit
