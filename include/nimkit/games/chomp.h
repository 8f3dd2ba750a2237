// Chomp.
//
// Rules: a chocolate bar is a Young diagram of cells: row 1 at the top holds the most cells, each
// row below holds no more than the row above, and every row starts at column 1. The top-left
// cell (1,1) is poisoned. A move picks a cell (R,C) other than the poisoned one and eats it with
// every cell below and to the right of it: each (r,c) with r ≥ R and c ≥ C. A player left with
// only the poisoned cell cannot move and loses (in the usual telling, the player who must eat the
// poisoned cell loses). Notation: "chomp:4,4,3" (row lengths, row 1 first, non-increasing); with
// --rules chomp the bare tokens are the rows ("4 4 3"). The whole bar is one component; its rows
// are items numbered across the position like heaps, and a move is typed "ROW COLUMN": "2 3"
// eats (2,3) and everything below and right of it.
//
// A component's State is the row lengths, row 1 first, rows emptied by a move dropped; the bar
// with only the poisoned cell is [1], a terminal component. Option order: by the cell eaten, row
// by row from the top, then by column. Bars hold at most kMaxCells cells.
//
// Theory: no formula is known for Chomp's values. A strategy-stealing argument shows every
// rectangle but 1×1 is a first-player win (if eating the single bottom-right cell lost, the reply
// that wins would have been available at once), without saying which move wins; for a square the
// move (2,2) wins, leaving an L whose arms the first player then mirrors. Two-row bars lose
// exactly when the rows are (a, a−1). Values come from the memoized mex of ValueMemo; a diagram
// and its transpose (rows read as columns) are the same game, so they share one entry.
#pragma once

#include <cstdint>

#include "nimkit/ruleset.h"
#include "nimkit/value_memo.h"

namespace nimkit {

class Chomp final : public Ruleset {
 public:
  Chomp() : Ruleset({.value_source = ValueSource::kComputed, .view = "chomp"}) {}
  // Most cells one bar may have: the values of a bar of n cells need up to C(2k, k) diagrams for
  // a k×k square, so bars far larger could not be answered anyway.
  static constexpr std::uint64_t kMaxCells = 400;

  std::string spec() const override { return "chomp"; }
  std::string summary() const override;

  // One component from all the items: the row lengths.
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  std::size_t item_count(const State& state) const override { return state.size(); }
  std::string label(const State& state, std::size_t first_item) const override;
  // {"rows": the row lengths}, and a move's {"row": the row of the cell eaten (from 1 within the
  // bar), "column": its column (from 1)}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  // "eat (2,3): 4 cells".
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // No options (an empty list) when the row named is another component's item.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;
  std::string move_syntax() const override;

  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
  Result<Nimber> value(const State& state, const Limits& limits) const override;
  // The diagram or its transpose, whichever is lexicographically smaller.
  void append_canonical(const State& state, std::vector<std::uint64_t>& key) const override;
  // The cells left to eat.
  Count weight(const State& state) const override;
  std::string value_reason(const State& state) const override;

  // The bar left after eating cell (row, column), both from 0 (not the poisoned cell).
  static State eat(const State& state, std::uint64_t row, std::uint64_t column);
  // The rows of the diagram read as columns.
  static State transpose(const State& state);

 private:
  // The cell (row, column), both from 0, that an option eats.
  static std::pair<std::uint64_t, std::uint64_t> eaten(const State& before, const Option& option);

  ValueMemo memo_;
};

}  // namespace nimkit
