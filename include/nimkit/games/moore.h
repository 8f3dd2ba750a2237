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
// Theory (Moore 1910): under normal play a position is a P-position exactly when, for every
// binary digit, the number of heaps with that digit set is a multiple of k + 1. Under misère play
// the P-positions are the same, except when every heap is 0 or 1: then they are those whose
// number of 1-heaps is ≡ 1 (mod k + 1). (The tests check both rules against a game-tree search
// on every position of up to four heaps of at most 7, k = 1 to 3.) Both are decided for any heap
// sizes in a pass over the heaps' digits.
//
// A winning move comes from Moore's construction, also for any sizes, without listing the
// options: go down the digit columns from the highest, keeping the set of heaps already reduced
// (a heap whose digit went from 1 to 0 is smaller whatever its lower digits are, so they are free).
// At each column, with r the count of its 1s among the heaps not reduced, taken mod k + 1: when
// the reduced heaps can supply the (k + 1 − r) mod (k + 1) 1s that make the count a multiple of
// k + 1, set that many of their digits and clear the rest; otherwise (fewer than k + 1 − r heaps
// reduced, so reducing r more keeps at most k) clear the digit of r heaps not yet reduced and of
// every reduced heap. Under misère play the same move wins unless it leaves only heaps of 0 and 1;
// then every heap of 2 or more (at most k of them) is taken to 0 or 1, and some 1-heaps are
// emptied if need be, so that the number of 1-heaps left is ≡ 1 (mod k + 1).
//
// Grundy values have no known formula: they come from the ruleset's ValueMemo (the mex over the
// options, memoized on the sorted non-empty heaps, bounded by Limits::max_nodes and charging the
// caller's work meter for every option) and are needed only when a Moore component is part of a
// larger sum.
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
  // Drawn as heaps whose stones are selected on several heaps, then taken at once; a component
  // is any number of heaps.
  explicit MooreNim(std::uint64_t k)
      : HeapGame({.value_source = ValueSource::kSearch, .view = "moore"}, 0), k_(k) {}

  std::uint64_t k() const { return k_; }

  std::string spec() const override;
  std::string summary() const override;

  // The number of options saturates at 2^128-1 (several heaps near 2^64 with k ≥ 2).
  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  // Moore's rules above, normal and misère.
  std::optional<bool> p_position(std::span<const Heap> component,
                                 Convention convention) const override;
  // Moore's construction above: at most k heaps reduced, in time linear in the heaps' digits.
  std::optional<HeapOption> p_position_move(std::span<const Heap> component,
                                            Convention convention) const override;
  // The moves to P-positions, by a walk over every move judged by the rules (a step each for
  // listing and judging, paid up front), under either convention.
  Result<std::vector<Option>> options_to_p_position(const State& state, Convention convention,
                                                    const Limits& limits) const override;
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
  // The options whose result the rule of `convention` calls lost, in option order.
  Result<std::vector<HeapOption>> options_to_lost(std::span<const Heap> component,
                                                  Convention convention,
                                                  const Limits& limits) const;

  // The steps listing `options` options of `component` costs: move_cost() each, plus `extra`.
  std::uint64_t listing_cost(std::span<const Heap> component, Count options,
                             std::uint64_t extra) const;

  std::uint64_t k_;
  ValueMemo memo_;  // Grundy values of the positions met, shared by every caller
};

}  // namespace nimkit
