// A heap: a number of objects, plus the one bit of per-heap state that some rulesets track.
#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace nimkit {

inline constexpr std::uint64_t kMaxHeap = std::numeric_limits<std::uint64_t>::max();

struct Heap {
  std::uint64_t size = 0;
  // Zero-move Nim only: the pile's one zero move has been used. Always false for an empty pile
  // and for every other ruleset, so that equal positions compare equal.
  bool zero_spent = false;

  friend constexpr auto operator<=>(const Heap&, const Heap&) = default;
};

}  // namespace nimkit
