// Nim arithmetic: the field of order 2^64 on unsigned 64-bit integers (Conway, On Numbers and
// Games, ch. 6).
//
// Addition is the nim-sum (XOR). Multiplication is the nim-product, the smallest value not of
// the form a⊗y ⊕ x⊗b ⊕ a⊗b for a < x, b < y. With it the numbers below every Fermat 2-power
// F = 2^(2^k) form a field, and the rules that compute it are: F ⊗ x = F·x for x < F (an
// ordinary product), and F ⊗ F = 3F/2. The nonzero values form a group of order 2^64 − 1, so
// x ⊗ x^(2^64 − 2) = 1 gives the inverse.
//
// Expressions: decimal numbers 0 to 2^64 − 1, `+` nim-sum, `*` nim-product, `/` nim-division,
// `^` power (its exponent a plain decimal integer ≥ 0, not an expression), parentheses; `^`
// binds tightest, then `*` and `/`, then `+`, each left to right (x^2^3 = (x^2)^3). Whitespace
// is ignored. Parentheses nest at most kMaxNimExpressionDepth deep.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/result.h"

namespace nimkit {

std::uint64_t nim_sum(std::uint64_t x, std::uint64_t y);
std::uint64_t nim_product(std::uint64_t x, std::uint64_t y);
// The x' with x ⊗ x' = 1; x must not be 0.
std::uint64_t nim_inverse(std::uint64_t x);
// x ⊗ inverse(y); y must not be 0.
std::uint64_t nim_divide(std::uint64_t x, std::uint64_t y);
// x ⊗ x ⊗ ... (n factors); x^0 = 1.
std::uint64_t nim_power(std::uint64_t x, std::uint64_t n);

// Deepest nesting of parentheses an expression may have: the parser recurses once per level, and
// this bound keeps any input far from the end of a thread's stack.
inline constexpr std::size_t kMaxNimExpressionDepth = 256;

// The value of a nim-arithmetic expression. Fails naming the bad token and its position (from
// 1), a number above 2^64 − 1, a division by 0, or a "(" nested deeper than
// kMaxNimExpressionDepth.
Result<std::uint64_t> evaluate_nim_expression(std::string_view text);

// The products an expression computes, in the order it computes them (each with its factors),
// for explain_nim_product. Fails as evaluate_nim_expression does.
struct NimProduct {
  std::uint64_t x = 0;
  std::uint64_t y = 0;
};
Result<std::vector<NimProduct>> nim_expression_products(std::string_view text);

// x ⊗ y worked out by Fermat 2-powers, one line each: the expansion of both factors into powers
// of 2, the product of each pair of powers of 2 with its reason, and their nim-sum. Pairs beyond
// `max_terms` are summed without a line of their own.
std::vector<std::string> explain_nim_product(std::uint64_t x, std::uint64_t y,
                                             std::size_t max_terms = 16);

}  // namespace nimkit
