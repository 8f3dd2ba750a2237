// Zero-move Nim.
//
// Rules: Nim, plus one extra move per non-empty pile: a "zero move" that removes nothing from
// that pile but counts as a turn. Each pile's zero move can be used once, by either player; taking
// objects from a pile does not use it up. An empty pile has no zero move.
//
// Notation: a heap "7" still has its zero move; "7x" has spent it. The state is part of the
// position: shown in output, accepted in input, tracked during play.
//
// Theory: a pile of n objects has Grundy value 0 when empty, n when its zero move is spent, and
// with the zero move available n+1 for odd n and n-1 for even n > 0 (by induction: the options of
// an available pile n are the available piles below n and the spent pile n).
#pragma once

#include "nimkit/heap_game.h"

namespace nimkit {

class ZeroMoveNim final : public HeapGame {
 public:
  ZeroMoveNim() : HeapGame({.value_source = ValueSource::kClosedForm, .view = "heaps"}) {}
  std::string spec() const override { return "zero-move"; }
  std::string summary() const override;

  Result<Heap> parse_heap(std::string_view text) const override;
  std::string format_heap(const Heap& heap) const override;

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;

  // "zero move available, odd: n+1" and the like.
  std::string value_reason(const State& state) const override;

  // The closed form, for one pile.
  static Nimber closed_value(const Heap& heap);
};

}  // namespace nimkit
