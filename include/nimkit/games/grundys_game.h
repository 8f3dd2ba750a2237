// Grundy's game.
//
// Rules: there are several heaps. A move splits one heap into two non-empty heaps of different
// sizes (so heaps of 1 and 2 are dead). The player who cannot move loses (normal play) or wins
// (misère play). Notation: "grundy", heaps as in Nim; a move "1 3 4" splits heap 1 into heaps
// of 3 and 4.
//
// Options of a heap n: split into a + (n - a) for a = 1, 2, ... below n/2, in that order.
//
// Theory: g(n) = mex{g(a) ^ g(n - a) : 1 ≤ a < n/2}. No formula or period is known (the values
// have been computed far beyond 10^9 without one), so nimkit computes them by mex up to
// Limits::max_table (by the sparse-space algorithm of grundy_sequence.h) and states that no period
// theorem applies.
#pragma once

#include <memory>

#include "nimkit/heap_ruleset.h"

namespace nimkit {
class GrundysGame final : public HeapRuleset {
 public:
  // Drawn as heaps of stones split at a chosen divider (the view "split").
  GrundysGame();
  ~GrundysGame() override;

  std::string spec() const override { return "grundy"; }
  std::string summary() const override;
  // "1 3 4": split heap 1 into 3 and 4.
  MoveWords move_words() const override { return MoveWords::kSplit; }

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  // Arithmetic: a split into two parts summing to the heap of different sizes.
  Result<std::optional<HeapOption>> option_leaving(std::span<const Heap> component,
                                                   std::size_t heap, std::uint64_t take,
                                                   std::span<const std::uint64_t> parts,
                                                   const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;
  std::optional<SplitGame> split_game() const override { return SplitGame::grundy(); }
  std::uint64_t mex_value(std::span<const std::uint64_t> previous,
                          std::uint64_t& work) const override;
};

}  // namespace nimkit
