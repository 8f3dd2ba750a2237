// Nim.
//
// Rules: there are several heaps of objects. A move takes at least one object from one heap (as
// many as the player likes, up to the whole heap). Under normal play the player who cannot move
// loses, i.e. whoever takes the last object wins; under the misère convention whoever takes the
// last object loses.
//
// Theory: a heap of n objects has Grundy value n, so a position is lost for the player to move
// exactly when the nim-sum (XOR of the heap sizes) is 0. The winning moves reduce a heap h to
// h XOR X where that is smaller (X the nim-sum). Misère Nim is played the same way until every
// heap is ≤ 1; then the player to move wants to leave an odd number of heaps of size 1 (Bouton).
#pragma once

#include "nimkit/heap_game.h"

namespace nimkit {

class Nim final : public HeapGame {
 public:
  Nim()
      : HeapGame({.value_source = ValueSource::kClosedForm,
                  .view = "heaps",
                  .values_are_sizes = "the heap sizes"}) {}
  std::string spec() const override { return "nim"; }
  std::string summary() const override;
  // Bouton's rule: with a heap of two or more, play as in normal Nim; with none, leave an odd
  // number of heaps of one.
  const MisereSumRule* misere_rule() const override;
  // The nim-sum of the sizes and the first heap it reduces ("1 2"), read from up to 64 heaps of
  // plain decimal sizes below 10^19 separated by blanks; nullopt for any other text.
  std::optional<SumAnswer> answer_sum_text(std::string_view text,
                                           bool components = false) const override;

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;
};

}  // namespace nimkit
