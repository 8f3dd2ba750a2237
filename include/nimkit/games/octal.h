// Octal games (take-and-break games in Winning Ways notation), Kayles and its relatives.
//
// Rules: there is a row of heaps. A move removes j objects from one heap and, as the code's digit
// d_j allows (see octal_code.h), removes the heap entirely (bit 1, only when it held exactly j),
// leaves one non-empty heap (bit 2), splits the rest into two non-empty heaps (bit 4) or into
// three (bit 8). d0 = 4 allows splitting a heap in two without removing anything. Whoever cannot
// move loses (normal play) or wins (misère play).
//
// Notation: "octal:0.77", "octal:.137", "octal:4.12"; named games "kayles" (0.77: knock down one
// pin or two adjacent pins from a row), "dawson" (0.07), "dawsons-chess" (0.137), "guiles" (0.15),
// "officers" (0.6), "treblecross" (0.007), "double-kayles" (0.7777).
//
// Options of a heap are ordered by objects taken, then by the heaps left, smallest first, the
// heaps of a split listed in increasing order: from 7 in Kayles, take 1 leaving 1+5, 2+4, 3+3,
// 6, then take 2 leaving 1+4, 2+3, 5. Removing a whole heap leaves a heap of 0 (as in Nim).
//
// Theory: g(n) = mex of g(a) ^ g(b) ^ ... over the heaps a, b, ... each move leaves. Every finite
// code's values are examined for a period whenever the table doubles, proved by the periodicity
// theorem (periodicity.h: Guy–Smith, E = 2·max(n0,1) + p + k for two-heap moves); once proved,
// any heap up to 2^64-1 is answered in O(1). Kayles: period 12 from n0 = 71. Values are computed
// by the sparse-space algorithm of grundy_sequence.h (exact, far faster than plain mex; HeapRuleset
// chooses that engine from split_game()) unless the code has three-heap splits.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "nimkit/heap_ruleset.h"
#include "nimkit/octal_code.h"

namespace nimkit {

// A classification of heaps by a value that is additive over the heaps a move leaves (a Grundy
// value under XOR, a misère quotient's class under its product), periodic: of(h + period) =
// of(h) for h ≥ preperiod ≥ 1.
struct HeapClasses {
  std::uint64_t preperiod = 1;
  std::uint64_t period = 1;
  std::function<std::uint64_t(std::uint64_t)> of;                      // a heap's class
  std::function<std::uint64_t(std::uint64_t, std::uint64_t)> combine;  // two heaps' together
  std::function<bool(std::uint64_t)> wanted;                           // an option's, wanted?
};

class OctalGame final : public HeapRuleset {
 public:
  // `name` is the registry name for a named game ("kayles"), empty for "octal:CODE".
  // Drawn as a row of pins (the view "pins"): a move knocks a run of them out, splitting the row
  // where it falls.
  OctalGame(OctalCode code, std::string name = "");
  ~OctalGame() override;

  const OctalCode& code() const { return code_; }

  std::string spec() const override;
  std::string summary() const override;
  // Pins knocked from a row when every move takes at least one and leaves at most two rows
  // (the bowling games); otherwise heaps taken from.
  MoveWords move_words() const override;

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  // The options reaching `target`: count_options_with_value() listing at most limits.max_scan of
  // them; fails when more match.
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  // A heap of a code without three-heap splits whose period is proved (searched for when the heap
  // has more than limits.max_scan options), long enough for options_by_class(), is counted by
  // residue class (splits a + b with the same a mod p have the same value) and only the first
  // `list` matching options are made; otherwise every option is scanned.
  Result<CountedHeapOptions> count_options_with_value(std::span<const Heap> component,
                                                      Nimber target, std::uint64_t list,
                                                      const Limits& limits) const override;
  // The options of a heap of n whose class `classes` wants, by residue: splits whose parts both
  // pass the preperiod fall in classes a ≡ c (mod period), so a heap of 10^18 costs O(preperiod +
  // period) per take to count, plus O(list + period) to list the first `list` in option order.
  // Requires a code without three-heap splits and n ≥ 2·(preperiod + period) + k + 2 (k the
  // most objects a move takes).
  Result<CountedHeapOptions> options_by_class(std::uint64_t n, const HeapClasses& classes,
                                              std::uint64_t list, const Limits& limits) const;
  // Arithmetic: the digit of `take` allows leaving that many heaps, summing to the rest.
  Result<std::optional<HeapOption>> option_leaving(std::span<const Heap> component,
                                                   std::size_t heap, std::uint64_t take,
                                                   std::span<const std::uint64_t> parts,
                                                   const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;

  std::optional<PeriodTheorem> period_theorem() const override;
  // The code as a split game, unless it allows no move.
  std::optional<SplitGame> split_game() const override;
  std::uint64_t mex_value(std::span<const std::uint64_t> previous,
                          std::uint64_t& work) const override;

 private:
  // Options that take j objects from a heap of n (j ≤ n), and the k-th of them.
  Count count_taking(std::uint64_t n, std::uint64_t j) const;
  HeapOption option_taking(std::uint64_t n, std::uint64_t j, Count index) const;

  OctalCode code_;
  std::string name_;
};

}  // namespace nimkit
