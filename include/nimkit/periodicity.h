// Periods of Grundy sequences, proved by the periodicity theorems of octal and subtraction games,
// and arithmetic periods (with a saltus) of all-but subtraction games.
//
// A sequence g(0), g(1), ... has period p, saltus s and preperiod n0 when g(n + p) = g(n) + s for
// all n ≥ n0 (s = 0: an ordinary period; s > 0: arithmetic-periodic); nimkit reports the period
// whose proof needs the fewest values and, for it, the smallest n0 (every period of an eventually
// periodic sequence has the same smallest n0).
//
// The theorems (ordinary periods): for a heap game where a move removes at most k objects and
// leaves at most m heaps, if g(n + p) = g(n) holds for every n with n0 ≤ n < E, then it holds for
// every n ≥ n0, where
//  - subtraction games with a finite set S, k = max S:           E = n0 + k;
//  - octal games (finite code, k = the last non-zero digit's index, n1 = max(n0, 1)):
//      E = max(E1, E2, E3) over the kinds of move the code has:
//        moves leaving at most one heap (digits 1-3):  E1 = max(n0 + k, k + 1),
//        moves leaving two heaps (digits 4-7):         E2 = 2·n1 + p + k   (Guy–Smith),
//        moves leaving three heaps (digits 8-F):       E3 = 3·n1 + 2·p + k.
// Proof sketch (two heaps): a move from N + p (N ≥ E) leaves a + b with b ≥ (N + p - k)/2 ≥
// n1 + p, so b - p ≥ n1 and g(b) = g(b - p) by induction; the heaps a and b - p are a move from N.
// Conversely a move from N leaves a + b' with b' ≥ (N - k)/2 ≥ n0, and a + (b' + p) is a move from
// N + p. With one heap left the same holds once N - k ≥ max(n0, 1); with three heaps the largest
// is at least a third of the rest. So the values g(0) ... g(E + p - 1) prove the period; nimkit
// reports E + p - 1 as `checked_to`.
//
// All-but subtraction games (a move takes any number of objects except those of a finite set X,
// k = max X ≥ 1): g(N) = mex{g(m) : m < N, N - m ∉ X}, so every heap m < N - k is an option of N.
// Theorem (arithmetic periodicity). Let p ≥ 1, s ≥ 0, n0 ≥ 0, M = max{g(m) : m < n0 + p}, and let
// T ≥ n0 + k be such that every value 0 ... M + s occurs among g(0) ... g(T - k - 1). If
// g(n + p) = g(n) + s for n0 ≤ n < T, then it holds for every n ≥ n0.
// Proof, by induction on N ≥ T (the relation holding below N). Let Y be the option values of N,
// so g(N) = mex Y =: μ, and X those of N + p. Write c(N) for the mex of g(0) ... g(N - k - 1);
// Y contains those values, so μ ≥ c(N) ≥ c(T) > M + s, and X contains g(0) ... g(N + p - k - 1),
// so [0, M + s] ⊆ X. The options m ≥ n0 + p of N + p are m = j + p for the options j ≥ n0 of N
// (the same distance N - j = N + p - m; N - k ≥ n0 makes every near option j ≥ n0), with
// g(m) = g(j) + s. (1) Every v < μ has v + s ∈ X: v = g(j) for an option j of N; if j ≥ n0 then
// g(j + p) = v + s with j + p an option of N + p; if j < n0 then v ≤ M and v + s ≤ M + s is in X.
// (2) μ + s ∉ X: an option m < n0 + p has g(m) ≤ M < μ + s; an option m = j + p ≥ n0 + p has
// g(m) = g(j) + s ≠ μ + s since j is an option of N. Hence g(N + p) = mex X = μ + s.
// Every value occurs (each value repeats only at distances in X, so at most k + 1 times, and an
// unbounded sequence of mexes of all earlier values skips none), so T exists; the values
// g(0) ... g(T + p - 1) prove the arithmetic period, and nimkit reports T + p - 1 as `checked_to`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "nimkit/nimber.h"
#include "nimkit/octal_code.h"

namespace nimkit {

// The data a periodicity theorem needs about a ruleset, and the bound E it gives.
struct PeriodTheorem {
  enum class Family { kSubtraction, kOctal, kAllBut } family = Family::kOctal;
  std::uint64_t max_take = 0;     // k (for all-but games: the largest excluded number)
  bool one_heap_moves = false;    // octal digits with bit 1 or 2
  bool two_heap_moves = false;    // octal digits with bit 4
  bool three_heap_moves = false;  // octal digits with bit 8

  static PeriodTheorem subtraction(std::uint64_t max_take);
  static PeriodTheorem octal(const OctalCode& code);
  static PeriodTheorem all_but(std::uint64_t max_excluded);

  // Whether the theorem proves arithmetic periods (a saltus s > 0 allowed).
  bool arithmetic() const { return family == Family::kAllBut; }

  // E: checking n0 ≤ n < E proves the period (see the top of this file). Saturates at 2^64-1.
  // For all-but games the bound T also depends on the values: this is its lower bound n0 + k.
  std::uint64_t end(std::uint64_t preperiod, std::uint64_t period) const;
  // The bound in words, e.g. "2·n0 + p + k with k = 2".
  std::string describe() const;
};

struct Periodicity {
  std::uint64_t period = 0;     // p ≥ 1
  std::uint64_t preperiod = 0;  // n0
  bool proved = false;
  // The largest heap whose value the proof compared (E + p - 1), or, unproved, the largest heap
  // the values were checked to.
  std::uint64_t checked_to = 0;
  // How the period was proved, in words: the theorem's bound or the closed form.
  std::string proof;
  // s: g(n + p) = g(n) + s for n ≥ n0 (0 for an ordinary period).
  std::uint64_t saltus = 0;
  // Values the proof needs, g(0) ... g(needed - 1) (E + p); 0 when not known (a closed form).
  std::uint64_t needed = 0;

  // g(n) for any n ≥ preperiod, from the values of one period: `first(r)` is g(r) for
  // preperiod ≤ r < preperiod + period.
  template <typename First>
  Nimber extend(std::uint64_t n, const First& first) const {
    const std::uint64_t offset = n - preperiod;
    return Nimber{first(preperiod + offset % period)} + Nimber{offset / period} * saltus;
  }
};

// The period candidate of `values` (g(0) ... g(size-1)) whose proof by `theorem` needs the fewest
// values, with its smallest preperiod: proved (and `proof` set) when it needs at most the values
// given, otherwise a candidate with checked_to = size - 1 and `needed` saying how many values
// would settle it. nullopt when no period fits at all (fewer than two values). Periods p with
// 2p > size are not considered. This is the one period finder: heap rulesets' tables (64-bit) and
// the sparse-space engine's tables (8, 16 or 32 bits) both use it. It passes over the periods that
// cannot need fewer values than the best found so far (a run of t repeating values at the end
// needs at least E(size - t, 0)), so most periods cost a vector compare of the last values.
std::optional<Periodicity> find_period(std::span<const std::uint8_t> values,
                                       const PeriodTheorem& theorem);
std::optional<Periodicity> find_period(std::span<const std::uint16_t> values,
                                       const PeriodTheorem& theorem);
std::optional<Periodicity> find_period(std::span<const std::uint32_t> values,
                                       const PeriodTheorem& theorem);
std::optional<Periodicity> find_period(std::span<const std::uint64_t> values,
                                       const PeriodTheorem& theorem);
// The most memory find_period takes beside the values, for `count` values: a bit per period up to
// count / 2 (the periods it skips), rounded up to whole 64-bit words.
constexpr std::uint64_t period_search_bytes(std::uint64_t count) {
  return (count / 2 + 1 + 63) / 64 * 8;
}

}  // namespace nimkit
