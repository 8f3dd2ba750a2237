// Subtraction games.
//
// Rules: there are several heaps. A move takes s objects from one heap, where s belongs to the
// game's subtraction set S (and s is at most the heap). The player who cannot move loses (normal
// play) or wins (misère play).
//
// Notation ("subtraction:" followed by S):
//   subtraction:1,3,4          a finite set S (positive integers, any order, repeats ignored)
//   subtraction:all-but:1,2    every positive integer except the listed ones
//   subtraction:squares        S = {1, 4, 9, 16, ...}
//   subtraction:powers-of-2    S = {1, 2, 4, 8, ...}
//   subtraction:fibonacci      S = {1, 2, 3, 5, 8, 13, ...}
//
// Theory: g(n) = mex{g(n - s) : s in S, s ≤ n}.
//  - Finite S: the values are eventually periodic; the period is proved once g(n + p) = g(n)
//    for n0 ≤ n < n0 + max S (g(n) depends only on the max S values before it), after which any
//    heap up to 2^64-1 is answered in O(1).
//  - powers-of-2: g(n) = n mod 3 (closed form: no power of two is a multiple of 3, and 1 and 2
//    reach the other two residues).
//  - all-but: arithmetic-periodic, g(n + p) = g(n) + s for n ≥ n0 (saltus s > 0); computed by mex
//    until the arithmetic periodicity theorem of periodicity.h proves p, s and n0 (with the
//    excluded set X: if g(n + p) = g(n) + s for n0 ≤ n < T, where T ≥ n0 + max X and every value
//    up to max{g(m) : m < n0 + p} + s occurs among g(0) ... g(T - max X - 1), it holds for every
//    n ≥ n0), then any heap up to 2^64-1 is answered in O(1); all-but:1,2 has p = 3, s = 1,
//    n0 = 0. The options of a given value are found from the period, not by a scan.
//  - squares, fibonacci: computed by mex, up to Limits::max_table (squares is not periodic).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "nimkit/heap_ruleset.h"

namespace nimkit {

class SubtractionGame final : public HeapRuleset {
 public:
  enum class Kind { kFinite, kAllBut, kSquares, kPowersOf2, kFibonacci };

  // Parses the text after "subtraction:"; fails naming the bad number or word.
  static Result<std::shared_ptr<const SubtractionGame>> make(std::string_view params);
  SubtractionGame(Kind kind, std::vector<std::uint64_t> numbers);

  Kind kind() const { return kind_; }
  // Finite S, or the excluded numbers of all-but; sorted, distinct. Empty for the named sets.
  const std::vector<std::uint64_t>& numbers() const { return numbers_; }
  // Whether s is in S.
  bool allows(std::uint64_t s) const;

  std::string spec() const override;
  std::string summary() const override;

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  // All-but games with a proved arithmetic period: the heaps of value `target` are found from the
  // period (a value occurs at most max X + 1 times), so a heap of any size is answered at once.
  // Every other set scans the options (HeapGame::options_with_value).
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;

  std::optional<PeriodTheorem> period_theorem() const override;
  std::optional<Nimber> closed_form(std::uint64_t heap) const override;
  std::optional<Periodicity> closed_form_period() const override;
  std::uint64_t mex_value(std::span<const std::uint64_t> previous,
                          std::uint64_t& work) const override;

 private:
  // The number of s in S with s ≤ n, and the i-th smallest s in S.
  std::uint64_t count_up_to(std::uint64_t n) const;
  std::uint64_t element(std::uint64_t index) const;

  Kind kind_;
  std::vector<std::uint64_t> numbers_;
  std::vector<std::uint64_t> named_;  // the elements of powers-of-2 and fibonacci below 2^64
};

}  // namespace nimkit
