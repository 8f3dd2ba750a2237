// Moore's Nim_k.
//
// Rules: there are several heaps. A move takes objects from at least one and at most k heaps (any
// number, at least one, from each heap chosen). The player who cannot move loses (normal play) or
// wins (misère play). Moore's Nim_1 is Nim. Notation: "moore:2:3,4,5" (k = 2; all the heaps of a
// moore component form one game: it is not a sum of independent heaps).
//
// Options are ordered by the total taken, then by the heaps left (smallest first). A heap emptied
// stays in the component as 0, so heap numbers do not shift.
//
// Theory: a position is a P-position exactly when, for every binary digit, the number of heaps
// with that digit set is a multiple of k + 1 (Moore 1910) — a closed form for who wins, decided
// for any heap sizes, with the moves to P-positions as the winning moves. Grundy values have no
// known formula: they come from the ruleset's ValueMemo (the mex over the options, memoized on
// the sorted non-empty heaps, bounded by Limits::max_nodes and charging the caller's work meter
// for every option) and are needed only when a Moore component is part of a larger sum.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "nimkit/heap_game.h"
#include "nimkit/value_memo.h"

namespace nimkit {

class MooreNim final : public HeapGame {
 public:
  // Parses K from the text after "moore:" (1 ≤ K ≤ 64).
  static Result<std::shared_ptr<const MooreNim>> make(std::string_view params);
  explicit MooreNim(std::uint64_t k) : k_(k) {}

  std::uint64_t k() const { return k_; }

  std::string spec() const override;
  std::string summary() const override;
  // Drawn as heaps whose stones are selected on several heaps, then taken at once.
  std::string_view view() const override { return "moore"; }
  std::size_t arity() const override { return 0; }
  ValueSource value_source() const override { return ValueSource::kSearch; }

  // The number of options saturates at 2^128-1 (several heaps near 2^64 with k ≥ 2).
  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  std::optional<bool> p_position(std::span<const Heap> component) const override;
  // option_at() finds the index-th move by counting moves with binary searches, each count a
  // pass over the heaps: on m heaps of at most M objects (T in all), about
  // (log T + m·(log M + 2))·m·min(k + 1, m) steps of 16-35 ns, tens of microseconds for ten heaps
  // of 2 where a search step takes one. A search pays for an option in those steps (32 a step).
  std::uint64_t move_cost(const State& state) const override;
  // The sorted non-empty heaps: the game does not depend on the heaps' order or empty heaps.
  void append_canonical(const State& state, std::vector<std::uint64_t>& key) const override;

  // Every option in order; the caller checks option_count() against its limit first.
  std::vector<HeapOption> all_options(std::span<const Heap> component) const;

 private:
  std::uint64_t k_;
  ValueMemo memo_;  // Grundy values of the positions met, shared by every caller
};

}  // namespace nimkit
