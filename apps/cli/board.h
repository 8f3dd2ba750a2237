// The terminal game's board: each numbered heap drawn with its objects (stones, or pins for the
// bowling games), other views as their state text, and the objects the last move changed marked.
#pragma once

#include <optional>
#include <string>

#include "nimkit/position.h"

namespace nimkit::cli {

// The move just played and the position it was played from, so that the board can mark what
// changed.
struct LastMove {
  const Position* before = nullptr;
  Move move;
};

struct BoardStyle {
  bool colour = false;  // ANSI colour: only when standard output is a terminal and NO_COLOR unset
  std::string marker = "";  // said beside the changed lines: "computer"
};

// Whether to colour standard output: it is a terminal and NO_COLOR is unset (https://no-color.org).
bool colour_wanted();

// The board of `position`, one line per heap (one per component for other views), each line
// ending in '\n'. With `last`, the components the move changed are marked, and on heaps the
// objects it took are drawn as dots.
std::string draw_board(const Position& position, const std::optional<LastMove>& last,
                       const BoardStyle& style);

}  // namespace nimkit::cli
