// Wythoff's game (take from one heap of a pair, or the same from both): values against a plain
// mex over its rules, the P-positions (⌊nφ⌋, ⌊nφ⌋ + n), huge pairs decided by the rule.
#include "nimkit/games/wythoff.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "heap_family_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"

namespace {

using nimkit::Heap;
using nimkit::Nimber;
using nimkit_rules_test::make;
using nimkit_rules_test::values;

TEST(Wythoff, ValuesEqualPlainMexOnSmallPairs) {
  nimkit_rules_test::PlainGrundy brute;
  const auto wythoff = make("wythoff");
  for (std::uint64_t x = 0; x <= 14; ++x) {
    for (std::uint64_t y = 0; y <= 14; ++y) {
      const auto g = wythoff->grundy(std::vector<Heap>{Heap{x}, Heap{y}}, nimkit::Limits{});
      ASSERT_TRUE(g.ok()) << g.error();
      EXPECT_EQ(static_cast<std::uint64_t>(*g),
                brute.value(nimkit_rules_test::canonical({{"wythoff", {{x, false}, {y, false}}}})))
          << x << "," << y;
    }
  }
}

TEST(Wythoff, PPositionsAreFloorNPhiAndFloorNPhiPlusN) {
  const std::uint64_t top = 30;
  nimkit_rules_test::PlainSearch search(false);
  const double phi = (1 + std::sqrt(5.0)) / 2;
  const auto wythoff = make("wythoff");
  for (std::uint64_t x = 0; x <= top; ++x) {
    for (std::uint64_t y = 0; y <= top; ++y) {
      bool formula = false;
      for (std::uint64_t n = 0; n <= top; ++n) {
        const auto a = static_cast<std::uint64_t>(std::floor(static_cast<double>(n) * phi));
        formula = formula || (x == a && y == a + n) || (y == a && x == a + n);
      }
      const bool brute =
          !search.wins(nimkit_rules_test::canonical({{"wythoff", {{x, false}, {y, false}}}}));
      EXPECT_EQ(formula, brute) << x << "," << y;
      const std::vector<Heap> pair{Heap{x}, Heap{y}};
      EXPECT_EQ(wythoff->p_position(pair, nimkit::Convention::kNormal).value(), brute)
          << x << "," << y;
    }
  }
  // Exact for huge n: ⌊nφ⌋ against long double where it is precise, and the pairing.
  for (std::uint64_t n = 1; n < 2'000'000; n += 997) {
    const long double exact = static_cast<long double>(n) * 1.6180339887498948482L;
    EXPECT_EQ(static_cast<std::uint64_t>(nimkit::WythoffGame::lower_wythoff(n)),
              static_cast<std::uint64_t>(exact));
  }
  const std::uint64_t n = 1'000'000'000'000'000'000;
  const auto a = static_cast<std::uint64_t>(nimkit::WythoffGame::lower_wythoff(n));
  EXPECT_EQ(nimkit::to_string(nimkit::WythoffGame::partner(a)), nimkit::to_string(Nimber{a} + n));
  EXPECT_EQ(a, 1'618'033'988'749'894'848u);  // ⌊10^18 φ⌋
}

TEST(Wythoff, HugePairsAreDecidedByTheRule) {
  auto position =
      nimkit::parse_position("wythoff:1000000000000000000,1618033988749894848", nullptr);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);
  EXPECT_EQ(analysis->method, nimkit::Method::kPositionRule);
  const auto wythoff = make("wythoff");
  ASSERT_FALSE(analysis->winning_moves.empty());
  for (const nimkit::Move& m : analysis->winning_moves) {
    EXPECT_TRUE(
        wythoff->is_p_position(m.option.result.front(), nimkit::Convention::kNormal).value());
  }
}

// x + 1 wrapped to 0 for x = 2^64-1, so the table of (x + 1)(y + 1) cells passed the limit check
// as an empty table (a crash), or as a huge one (std::length_error).
TEST(Wythoff, TablesOfMaximalHeapsAreRefusedNotWrapped) {
  const auto wythoff = make("wythoff");
  for (const std::vector<Heap>& pair :
       {std::vector<Heap>{Heap{nimkit::kMaxHeap}, Heap{5}},
        std::vector<Heap>{Heap{5}, Heap{nimkit::kMaxHeap}},
        std::vector<Heap>{Heap{nimkit::kMaxHeap}, Heap{nimkit::kMaxHeap}}}) {
    const auto g = wythoff->grundy(pair, nimkit::Limits{});
    ASSERT_FALSE(g.ok());
    EXPECT_NE(g.error().find("table limit"), std::string::npos) << g.error();
    const auto options = wythoff->options_with_value(pair, 1, nimkit::Limits{});
    EXPECT_FALSE(options.ok());
  }
}

}  // namespace
