// Cram.
//
// Rules: a board of square cells, each empty or filled. A move fills two orthogonally adjacent
// empty cells (places a domino, in either direction). The player who cannot move loses (normal
// play) or wins (misère play). Notation: "cram:..../.#../...." — rows of "." (empty) and "#"
// (filled) separated by "/", every row as long as the first, at most kMaxSide rows and columns.
// Cells are named as on a spreadsheet: the column a letter ("a" to "z", then "aa", "ab", ...)
// and the row a number from 1 at the top, so "b1" is the second cell of the first row. A move is
// typed as the two cells it fills, "a1-b1" (or "a1 b1"), in either order.
//
// A board is a sum of its regions: the connected pieces of empty cells, which no domino can
// join. Parsing gives one component per region (in order of their first cell, row by row), and
// a move leaves the regions its domino cuts its region into (a lone cell is a region with no
// move). Regions keep their place on the board, so cell names keep their meaning as play goes
// on. A region's State is [top, left, rows, columns, cells, board rows, board columns]: the
// offset of its bounding box on the board, the box's size (rows × columns at most kMaxCells),
// the empty cells as bits, cell (r, c) of the box at bit r · columns + c, and the size of the
// whole board, which every region carries so that the board keeps its shape however many of its
// rows and columns are filled. A region is written back as the whole board, every cell outside
// the region filled ("##./..../####" for the region {c1, a2, b2} of a 3 × 4 board). A board
// with no empty cell is a finished position of value 0, one region without cells in a 1 × 1 box
// at the board's last cell, so that it is written back as the same board; a move filling the
// last cells of a region leaves nothing of it, as a move leaves nothing of the last heap.
// Option order: the horizontal dominoes by their left cell, row by row, then the vertical ones
// by their top cell.
//
// Theory: no formula is known. Grundy values are computed by mex over the options (ValueMemo),
// memoized on the region's shape up to the 8 symmetries of the square: canonical() drops the
// offset and keeps the smallest of the 8 rotated and reflected boxes, so mirrored and rotated
// regions share one entry (and the misère search meets each shape once). On a strip of one row
// the game is Dawson's Kayles (octal 0.07) on a heap of its length; the tests check both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "nimkit/ruleset.h"
#include "nimkit/value_memo.h"

namespace nimkit {

class Cram final : public Ruleset {
 public:
  Cram()
      : Ruleset({.value_source = ValueSource::kComputed, .view = "cram", .shares_tokens = true}) {}
  // Most rows, and most columns, of a board; most cells of one region's bounding box (a region
  // is one 64-bit word of cells).
  static constexpr std::size_t kMaxSide = 64;
  static constexpr std::size_t kMaxCells = 64;

  std::string spec() const override { return "cram"; }
  std::string summary() const override;

  // One item per board: "..../.#../....". Fails naming the board on a bad character, rows of
  // unequal length, or a region whose box has more than kMaxCells.
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  // Regions that one board can hold — no two overlapping or side by side, each starting after
  // the one before it (row by row), as parsing that board lists them — written as that board:
  // a board of 672 dominoes is one 64 × 64 board, not 672.
  std::optional<std::vector<std::string>> format_together(
      std::span<const State* const> states) const override;
  // "region a1:c2" (the corners of its box).
  std::string label(const State& state, std::size_t first_item) const override;
  // {"cells": 1 for empty, 0 for filled, row by row over the region's box}, {"columns"},
  // {"top"}, {"left"} (the box's place on the board, from 0), {"board": [rows, columns] of the
  // whole board}; a move's {"cells": the two cells filled, as places in the box from 1,
  // ascending}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  // "fill a1 and b1".
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  // "a1-b1".
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // No options when the two cells are not both empty cells of this region (another region's
  // move, or a cell filled or off the board: unclaimed_move() names it); fails on malformed text
  // or cells that are not adjacent. Cell names are read in either case.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;
  // "a1 is already filled", "z9 is off the board (columns a–d, rows 1–3)": the board is the
  // regions' extent, as the position is written.
  std::optional<std::string> unclaimed_move(std::span<const State* const> states,
                                            std::string_view text) const override;
  std::string move_syntax() const override;

  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
  Result<Nimber> value(const State& state, const Limits& limits) const override {
    return memo_.value(*this, state, limits);
  }
  // [rows, columns, cells] of the smallest of the region's 8 images under the symmetries of the
  // square (offset dropped), comparing rows, then columns, then the cells as a number.
  void append_canonical(const State& state, std::vector<std::uint64_t>& key) const override;
  // The empty cells.
  Count weight(const State& state) const override;

  // A column's letters in cell names, as on a spreadsheet: a ... z, aa ... az, ba ... (from 0).
  static std::string column_name(std::uint64_t column);
  // The two cells (places in the box from 0, ascending) the move filled.
  static std::pair<std::uint64_t, std::uint64_t> domino(const State& before, const Option& option);

 private:
  ValueMemo memo_;
};

}  // namespace nimkit
