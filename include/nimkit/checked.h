// Checked arithmetic for sizes and counts computed from user input (heap sizes reach 2^64-1, so
// `n + 1` or `a * b` can wrap and slip past a limit check). Each helper returns nullopt instead
// of wrapping; callers treat nullopt as "more than any limit".
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>

namespace nimkit {

// a + b, or nullopt when the sum does not fit in 64 bits.
constexpr std::optional<std::uint64_t> checked_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
  return sum;
}

// a * b, or nullopt when the product does not fit in 64 bits.
constexpr std::optional<std::uint64_t> checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
  return product;
}

// a * b when it is at most `limit`, else nullopt: a size check that cannot be fooled by a wrap.
constexpr std::optional<std::uint64_t> checked_size(std::uint64_t a, std::uint64_t b,
                                                    std::uint64_t limit) {
  const std::optional<std::uint64_t> product = checked_mul(a, b);
  if (!product || *product > limit) return std::nullopt;
  return product;
}

// a + b, saturating at 2^64-1: for totals that are only compared against a limit.
constexpr std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return checked_add(a, b).value_or(std::numeric_limits<std::uint64_t>::max());
}

// The sum of every term, saturating at 2^64-1.
constexpr std::uint64_t saturating_add(std::initializer_list<std::uint64_t> terms) {
  std::uint64_t sum = 0;
  for (std::uint64_t term : terms) sum = saturating_add(sum, term);
  return sum;
}

// a * b, saturating at 2^64-1.
constexpr std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  return checked_mul(a, b).value_or(std::numeric_limits<std::uint64_t>::max());
}

}  // namespace nimkit
