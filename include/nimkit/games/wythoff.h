// Wythoff's game.
//
// Rules: play is on pairs of heaps. A move takes any number of objects (at least one) from one
// heap of a pair, or the same number from both heaps of the pair. The player who cannot move
// loses (normal play) or wins (misère play). Notation: "wythoff:3,5" (heaps in pairs: "wythoff:
// 3,5,1,2" is two pairs, played side by side as a sum).
//
// Options of a pair (x, y), ordered by objects taken, then by the heaps left: for each total t,
// take t from the first heap, then t/2 from each (t even), then t from the second heap.
//
// Theory: the P-positions (second player wins) are the pairs (⌊nφ⌋, ⌊nφ⌋ + n) and their mirror
// images, φ the golden ratio (Wythoff 1907); nimkit decides them exactly with integer arithmetic
// for any heaps up to 2^64-1, and finds the moves to them directly (at most three). Grundy values
// have no known formula: they are computed by mex over the (x+1)·(y+1) table, bounded by
// Limits::max_table, and are needed only when a pair is part of a larger sum.
#pragma once

#include "nimkit/heap_game.h"

namespace nimkit {

class WythoffGame final : public HeapGame {
 public:
  // Drawn as a queen on a board, moved left, down or diagonally toward the corner; a component
  // is a pair of heaps.
  WythoffGame() : HeapGame({.value_source = ValueSource::kSearch, .view = "queen"}, 2) {}
  std::string spec() const override { return "wythoff"; }
  std::string summary() const override;

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  // Value 0: the moves to P-positions, found directly. Other values: by the Grundy table.
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;
  // Normal play only (misère Wythoff is left to the search).
  std::optional<bool> p_position(std::span<const Heap> component,
                                 Convention convention) const override;
  // The grid from one Grundy table of rows × columns cells (bounded by limits.max_table).
  Result<std::vector<Nimber>> grundy_grid(std::uint64_t rows, std::uint64_t columns,
                                          const Limits& limits) const override;

  // ⌊n·φ⌋ for n < 2^64, exact.
  static Nimber lower_wythoff(std::uint64_t n);
  // The other heap of the P-position that contains a heap of x (0 pairs with 0).
  static Nimber partner(std::uint64_t x);
};

}  // namespace nimkit
