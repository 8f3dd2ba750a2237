// Moves read in the program's own words, for every family alike (notation.cc's parse_move):
// a move as describe() tells it ("remove vertex 3 (and 2, 4)", "turn coin 3 in coins hth") reads
// back as that move, and text no component claims gets a message naming what is there; and the
// heap families' words, which HeapGame::parse_move reads on heaps of any size (heap_move_text.cc).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit {
enum class MoveWords;  // heap_game.h
}

namespace nimkit::detail {

// The moves whose description (Ruleset::describe_move, and describe()'s " in LABEL" after it
// when the words are shared) `text` is, read without regard to case or spacing; a trailing
// "(...)" or ": ..." of the description may be left out ("remove vertex 3"). In component
// `only` alone when given. Only text with a letter is read, and only in components of at most
// kDescribedScan moves (a family with larger components reads its words in parse_move, as the
// heap families do); each description costs a step of `limits`. Fails when the words name moves
// in two components, or on the meter's stop.
inline constexpr Count kDescribedScan = 4096;
Result<std::vector<Move>> described_moves(const Position& position, std::string_view text,
                                          std::optional<std::size_t> only, const Limits& limits);

// The refusal of `text` read as moves in two components (0-based `first` and `second`).
Error ambiguous_move(std::string_view text, std::size_t first, std::size_t second);

// Why `text` names no move when no component claims it nor refuses it: a family's own account
// (Ruleset::unclaimed_move), else the position's moves listed, the first few and their count.
std::string unclaimed_move_message(const Position& position, std::string_view text,
                                   const Limits& limits);

// A family's account alone, when one has it (it comes before another family's refusal of a text
// it does not read: "z9-z8" is Cram's, whatever a heap makes of it).
std::optional<std::string> family_unclaimed_message(const Position& position,
                                                    std::string_view text);

// A move told in words, as describe_move() tells it or a person says it, in the notation the rest
// of parse_move() reads:
//   "take 2 from heap 3" -> "3:2", the move among those taking 2 that leaves one heap or none
//   "take 1 from heap 1 leaving 2 and 3" -> "1 1 2 3"
//   "take 2 from heap 1 and 2 from heap 2" -> "1:2 2:2"
//   "split heap 1 into 3 and 4", "heap 1 into 3 and 4", "1 into 3 and 4" -> "1 0 3 4"
//   "knock pin 5 of row 1", "knock pins 2-3 of row 1" -> "1 5", "1 2-3"
//   "zero move on heap 2" -> "2 0"
//   "add 2 to heap 1" -> "1 +2" (a family whose moves may add)
// Words are read without regard to case, commas as spaces.
struct ToldMove {
  std::string notation;
  bool one_heap_left = false;  // "take N from heap H" with no heaps named: it leaves one or none
};

// nullopt when the text is not in words (it starts with neither a letter nor "HEAP into"): it is
// the notation itself; fails on words it does not read.
Result<std::optional<ToldMove>> told_move(std::string_view text, MoveWords kind);

}  // namespace nimkit::detail
