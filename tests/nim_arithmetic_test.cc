// Nim arithmetic against its definitions: the product table by the mex rule, the field axioms
// and inverses on random 64-bit values, known values, and the expression parser.
#include "nimkit/nim_arithmetic.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <set>
#include <string>

namespace nimkit {
namespace {

TEST(NimArithmetic, ProductTableMatchesMexDefinition) {
  // x ⊗ y = mex{a⊗y ⊕ x⊗b ⊕ a⊗b : a < x, b < y}, filled in increasing order of x and y.
  constexpr std::size_t kSize = 16;
  std::array<std::array<std::uint64_t, kSize>, kSize> table{};
  for (std::size_t x = 0; x < kSize; ++x) {
    for (std::size_t y = 0; y < kSize; ++y) {
      std::set<std::uint64_t> seen;
      for (std::size_t a = 0; a < x; ++a) {
        for (std::size_t b = 0; b < y; ++b) seen.insert(table[a][y] ^ table[x][b] ^ table[a][b]);
      }
      std::uint64_t mex = 0;
      while (seen.contains(mex)) ++mex;
      table[x][y] = mex;
      EXPECT_EQ(nim_product(x, y), mex) << x << " * " << y;
    }
  }
}

TEST(NimArithmetic, FieldAxiomsOnRandomValues) {
  std::mt19937_64 random(20261123);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = random();
    const std::uint64_t y = random();
    const std::uint64_t z = random();
    ASSERT_EQ(nim_product(nim_product(x, y), z), nim_product(x, nim_product(y, z)));
    ASSERT_EQ(nim_product(x, y), nim_product(y, x));
    ASSERT_EQ(nim_product(x, nim_sum(y, z)), nim_sum(nim_product(x, y), nim_product(x, z)));
    ASSERT_EQ(nim_product(x, 1), x);
    ASSERT_EQ(nim_product(x, 0), 0U);
    ASSERT_EQ(nim_sum(x, 0), x);
  }
}

TEST(NimArithmetic, InversesOfRandomValues) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 10000; ++i) {
    std::uint64_t x = random();
    if (x == 0) x = 1;
    const std::uint64_t inverse = nim_inverse(x);
    ASSERT_EQ(nim_product(x, inverse), 1U) << x;
    ASSERT_EQ(nim_divide(nim_product(x, 12345), x), 12345U) << x;
  }
  EXPECT_EQ(nim_inverse(1), 1U);
  EXPECT_EQ(nim_inverse(2), 3U);  // 2 ⊗ 3 = 1
}

TEST(NimArithmetic, KnownValues) {
  EXPECT_EQ(nim_product(2, 2), 3U);
  EXPECT_EQ(nim_product(4, 4), 6U);
  EXPECT_EQ(nim_product(16, 16), 24U);
  EXPECT_EQ(nim_product(std::uint64_t{1} << 32, std::uint64_t{1} << 32), std::uint64_t{3} << 31);
  EXPECT_EQ(nim_product(2, 3), 1U);
  EXPECT_EQ(nim_product(8, 8), 13U);
  EXPECT_EQ(nim_product(4, 2), 8U);  // no Fermat 2-power in common: an ordinary product
  EXPECT_EQ(nim_power(2, 3), 1U);    // {1, 2, 3} is the field of order 4
  EXPECT_EQ(nim_power(5, 0), 1U);
  EXPECT_EQ(nim_power(0, 0), 1U);
  EXPECT_EQ(nim_power(0, 5), 0U);
}

TEST(NimArithmetic, PowerIsRepeatedProduct) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = random();
    std::uint64_t repeated = 1;
    for (std::uint64_t n = 0; n < 20; ++n) {
      ASSERT_EQ(nim_power(x, n), repeated);
      repeated = nim_product(repeated, x);
    }
  }
}

TEST(NimArithmetic, EvaluatesExpressions) {
  EXPECT_EQ(*evaluate_nim_expression("2*3"), 1U);
  EXPECT_EQ(*evaluate_nim_expression("2 + 3"), 1U);
  EXPECT_EQ(*evaluate_nim_expression("1 + 2 * 2"), 2U);  // * before +
  EXPECT_EQ(*evaluate_nim_expression("(1 + 2) * 2"), 1U);
  EXPECT_EQ(*evaluate_nim_expression("2 * 2^2"), 1U);             // ^ before *
  EXPECT_EQ(*evaluate_nim_expression("2^2^3"), nim_power(3, 3));  // left to right
  EXPECT_EQ(*evaluate_nim_expression("1/2"), 3U);
  EXPECT_EQ(*evaluate_nim_expression("6 / 3 * 3"), 6U);
  EXPECT_EQ(*evaluate_nim_expression("18446744073709551615"), ~std::uint64_t{0});
  EXPECT_EQ(*evaluate_nim_expression(" ( ( 7 ) ) "), 7U);
}

TEST(NimArithmetic, ExpressionErrorsNameTheTokenAndPosition) {
  const auto error = [](std::string_view text) { return evaluate_nim_expression(text).error(); };
  EXPECT_EQ(error("2*x"), "unexpected \"x\" at position 3");
  EXPECT_EQ(error("2 ** 3"), "unexpected \"*\" at position 4");
  EXPECT_EQ(error("2*"), "unexpected end of expression: expected a number or \"(\"");
  EXPECT_EQ(error(""), "empty expression: expected a number such as \"2*3\"");
  EXPECT_EQ(error("(2+3"), "unclosed \"(\" before position 1");
  EXPECT_EQ(error("2 3"), "unexpected \"3\" at position 3");
  EXPECT_EQ(error("-1"), "unexpected \"-\" at position 1");
  EXPECT_EQ(error("5/0"), "division by 0: the divisor at position 3 is 0");
  EXPECT_EQ(error("5/(3+3)"), "division by 0: the divisor at position 3 is 0");
  EXPECT_EQ(error("1+18446744073709551616"),
            "number \"18446744073709551616\" at position 3 is larger than 18446744073709551615");
  EXPECT_EQ(
      error("2^(1)"),
      "unexpected \"(\" at position 3: the exponent at position 3 must be a plain integer ≥ 0");
  EXPECT_EQ(error("2^99999999999999999999"),
            "exponent \"99999999999999999999\" at position 3 is larger than 18446744073709551615");
}

// The parser recurses once per "(": the nesting is bounded, and the error names the limit and
// where it was passed, however deep the input goes (20,000 levels once overflowed the stack).
TEST(NimArithmetic, NestingDeeperThanTheLimitIsRefused) {
  const auto nested = [](std::size_t depth) {
    return std::string(depth, '(') + "3" + std::string(depth, ')');
  };
  EXPECT_EQ(*evaluate_nim_expression(nested(kMaxNimExpressionDepth)), 3U);
  EXPECT_EQ(*evaluate_nim_expression("(1+(2*(3)))*" + nested(kMaxNimExpressionDepth)),
            nim_product(1 ^ nim_product(2, 3), 3));
  const std::string too_deep = "\"(\" at position " + std::to_string(kMaxNimExpressionDepth + 1) +
                               " nests deeper than the limit of " +
                               std::to_string(kMaxNimExpressionDepth) + " parentheses";
  EXPECT_EQ(evaluate_nim_expression(nested(kMaxNimExpressionDepth + 1)).error(), too_deep);
  for (std::size_t depth : {std::size_t{20'000}, std::size_t{1'000'000}}) {
    EXPECT_EQ(evaluate_nim_expression(std::string(depth, '(')).error(), too_deep);
    EXPECT_EQ(nim_expression_products(nested(depth)).error(), too_deep);
  }
  // Depth is what is open at once: many parentheses one after another are fine.
  std::string flat = "1";
  for (int i = 0; i < 10'000; ++i) flat += "+(1)";
  EXPECT_EQ(*evaluate_nim_expression(flat), 1U);  // 10,001 ones
}

TEST(NimArithmetic, ExplainsProductsByFermatPowers) {
  const std::vector<std::string> lines = explain_nim_product(2, 2);
  ASSERT_EQ(lines.size(), 3U);
  EXPECT_EQ(lines[1], "  2 ⊗ 2 = 3: 2 is a Fermat 2-power F = 2 and F ⊗ F = 3F/2");
  EXPECT_EQ(lines[2], "2 ⊗ 2 = 3");
  EXPECT_EQ(lines[0].find("2 ⊗ 2: "), 0U);
  const std::vector<std::string> more = explain_nim_product(3, 2);
  EXPECT_EQ(more.back(), "3 ⊗ 2 = 3 ⊕ 2 = 1");
  auto products = nim_expression_products("2*3 + 4*(5*6)");
  ASSERT_TRUE(products);
  ASSERT_EQ(products->size(), 3U);
  EXPECT_EQ((*products)[1].x, 5U);
  EXPECT_EQ((*products)[2].x, 4U);
  // 64 × 64 pairs of powers: a line each up to the cap, the rest summed.
  EXPECT_EQ(explain_nim_product(~std::uint64_t{0}, ~std::uint64_t{0}, 16).size(), 1U + 16 + 1 + 1);
}

}  // namespace
}  // namespace nimkit
