// Periods of Grundy sequences, proved by the periodicity theorems of octal and subtraction games.
//
// A sequence g(0), g(1), ... has period p and preperiod n0 when g(n + p) = g(n) for all n ≥ n0;
// nimkit reports the smallest period and, for it, the smallest n0 (every period of an eventually
// periodic sequence has the same smallest n0).
//
// The theorems: for a heap game where a move removes at most k objects and leaves at most m heaps,
// if g(n + p) = g(n) holds for every n with n0 ≤ n < E, then it holds for every n ≥ n0, where
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
  enum class Family { kSubtraction, kOctal } family = Family::kOctal;
  std::uint64_t max_take = 0;     // k
  bool one_heap_moves = false;    // octal digits with bit 1 or 2
  bool two_heap_moves = false;    // octal digits with bit 4
  bool three_heap_moves = false;  // octal digits with bit 8

  static PeriodTheorem subtraction(std::uint64_t max_take);
  static PeriodTheorem octal(const OctalCode& code);

  // E: checking n0 ≤ n < E proves the period (see the top of this file). Saturates at 2^64-1.
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
};

// The smallest period that `theorem` proves from `values` (g(0) ... g(size-1)), with its
// smallest preperiod; nullopt when the values do not yet prove any period.
std::optional<Periodicity> find_proved_period(std::span<const std::uint64_t> values,
                                              const PeriodTheorem& theorem);

}  // namespace nimkit
