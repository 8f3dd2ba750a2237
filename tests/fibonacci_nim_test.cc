// Fibonacci Nim against an independent brute force: Grundy values of every state (N, M) with
// N ≤ 200 by a plain memoized mex over the rules; the first player loses from a fresh heap
// exactly when N is a Fibonacci number; the winning moves include the smallest Zeckendorf term;
// the P-position rule, the notation, the move text and a sum with Nim.
#include "nimkit/games/fibonacci_nim.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <set>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;

constexpr std::uint64_t kMaxN = 200;

// brute[n][m]: the Grundy value with n left and at most m to take (m ≤ n), by the rules alone.
std::vector<std::vector<std::uint64_t>> brute_table() {
  std::vector<std::vector<std::uint64_t>> g(kMaxN + 1);
  for (std::uint64_t n = 0; n <= kMaxN; ++n) {
    g[n].assign(n + 1, 0);
    for (std::uint64_t m = 0; m <= n; ++m) {
      std::set<std::uint64_t> seen;
      for (std::uint64_t k = 1; k <= m; ++k) seen.insert(g[n - k][std::min(2 * k, n - k)]);
      std::uint64_t mex = 0;
      while (seen.contains(mex)) ++mex;
      g[n][m] = mex;
    }
  }
  return g;
}

bool is_fibonacci(std::uint64_t n) {
  for (std::uint64_t a = 1, b = 2; a <= n; b += a, a = b - a) {
    if (a == n) return true;
  }
  return false;
}

TEST(FibonacciNim, ValuesMatchBruteForceMex) {
  const nimkit::FibonacciNim rules;
  const nimkit::Limits limits;
  const auto g = brute_table();
  for (std::uint64_t n = 0; n <= kMaxN; ++n) {
    for (std::uint64_t m = (n == 0 ? 0 : 1); m <= n; ++m) {
      ASSERT_EQ(*rules.value(State{n, m}, limits), Nimber{g[n][m]}) << n << "/" << m;
      ASSERT_EQ(*rules.is_p_position(State{n, m}, nimkit::Convention::kNormal), g[n][m] == 0)
          << n << "/" << m;
    }
  }
}

TEST(FibonacciNim, FirstPlayerLosesExactlyOnFibonacciNumbers) {
  const auto g = brute_table();
  for (std::uint64_t n = 1; n <= kMaxN; ++n) {
    EXPECT_EQ(g[n][n - 1] == 0, is_fibonacci(n)) << n;
  }
}

TEST(FibonacciNim, SmallestZeckendorfTermIsAWinningMove) {
  for (std::uint64_t n = 2; n <= kMaxN; ++n) {
    if (is_fibonacci(n)) continue;
    auto position = nimkit::parse_position("fibonacci-nim:" + std::to_string(n), nullptr);
    ASSERT_TRUE(position);
    auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
    ASSERT_TRUE(analysis) << analysis.error();
    ASSERT_EQ(analysis->winner, nimkit::Outcome::kFirst) << n;
    const std::vector<std::uint64_t> terms = nimkit::FibonacciNim::zeckendorf(n);
    std::uint64_t sum = 0;
    for (std::uint64_t t : terms) sum += t;
    ASSERT_EQ(sum, n);
    for (std::size_t i = 1; i < terms.size(); ++i) ASSERT_FALSE(terms[i - 1] == terms[i] + 1);
    std::vector<std::uint64_t> texts;
    for (const nimkit::Move& move : analysis->winning_moves) {
      const std::string text = nimkit::format_move(*position, move);
      texts.push_back(std::stoull(text.substr(text.find(' ') + 1)));
    }
    EXPECT_NE(std::find(texts.begin(), texts.end(), terms.back()), texts.end())
        << n << ": take " << terms.back();
  }
}

// The winning moves come from the Zeckendorf rule without scanning the takes: they must be
// exactly the takes the brute-force table says lead to value 0, for every (N, M) up to 200.
TEST(FibonacciNim, WinningMovesMatchBruteForce) {
  const nimkit::FibonacciNim rules;
  const nimkit::Limits limits;
  const auto g = brute_table();
  for (std::uint64_t n = 1; n <= kMaxN; ++n) {
    for (std::uint64_t m = 1; m <= n; ++m) {
      std::vector<std::uint64_t> want;
      for (std::uint64_t k = 1; k <= m; ++k) {
        if (g[n - k][std::min(2 * k, n - k)] == 0) want.push_back(k);
      }
      auto options = rules.options_to_value(State{n, m}, 0, limits);
      ASSERT_TRUE(options) << options.error();
      std::vector<std::uint64_t> got;
      for (const nimkit::Option& o : *options)
        got.push_back(n - (o.result.empty() ? 0 : o.result[0].at(0)));
      ASSERT_EQ(got, want) << n << "/" << m;
    }
  }
}

// Heaps far beyond any table or scan: the winner and every winning move, at once.
TEST(FibonacciNim, HugeHeapsAreAnsweredByTheRule) {
  for (const std::uint64_t n : {std::uint64_t{1'000'000'000'000}, ~std::uint64_t{0} - 5,
                                std::uint64_t{12'200'160'415'121'876'738U}}) {
    auto position = nimkit::parse_position("fibonacci-nim:" + std::to_string(n), nullptr);
    ASSERT_TRUE(position);
    auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
    ASSERT_TRUE(analysis) << n << ": " << analysis.error();
    const bool fibonacci = nimkit::FibonacciNim::zeckendorf(n).size() == 1;
    EXPECT_EQ(analysis->winner, fibonacci ? nimkit::Outcome::kSecond : nimkit::Outcome::kFirst)
        << n;
    EXPECT_EQ(analysis->winning_moves.empty(), fibonacci) << n;
    const nimkit::FibonacciNim rules;
    for (const nimkit::Move& move : analysis->winning_moves) {
      ASSERT_EQ(move.option.result.size(), 1U);
      EXPECT_EQ(rules.is_p_position(move.option.result[0], nimkit::Convention::kNormal), true) << n;
    }
  }
}

TEST(FibonacciNim, ZeckendorfOfLargeNumbers) {
  const auto terms = nimkit::FibonacciNim::zeckendorf(~std::uint64_t{0});
  std::uint64_t sum = 0;
  for (std::uint64_t t : terms) sum += t;
  EXPECT_EQ(sum, ~std::uint64_t{0});
  EXPECT_EQ(nimkit::FibonacciNim::zeckendorf(20), (std::vector<std::uint64_t>{13, 5, 2}));
  EXPECT_TRUE(nimkit::FibonacciNim::zeckendorf(0).empty());
  const nimkit::FibonacciNim rules;
  EXPECT_EQ(rules.value_reason(State{20, 19}),
            "N = 20 = 13 + 5 + 2: take 2, the smallest Zeckendorf term");
  EXPECT_EQ(*rules.is_p_position(State{12200160415121876738ULL, 12200160415121876737ULL},
                                 nimkit::Convention::kNormal),
            true);
}

TEST(FibonacciNim, NotationAndMoveText) {
  auto position = nimkit::parse_position("fibonacci-nim:20", nullptr);
  ASSERT_TRUE(position);
  EXPECT_EQ(position->components()[0].state, (State{20, 19}));
  auto move = nimkit::parse_move(*position, "1 3");
  ASSERT_TRUE(move) << move.error();
  EXPECT_EQ(nimkit::describe(*position, *move), "take 3 from heap 1");
  const nimkit::Position after = position->after(*move);
  EXPECT_EQ(nimkit::format_position(after), "17/6");
  EXPECT_EQ(nimkit::parse_move(after, "1 7").error(), "heap 1 allows taking at most 6 now, not 7");
  EXPECT_EQ(nimkit::parse_move(*position, "1 20").error(),
            "heap 1 allows taking at most 19 now, not 20");
  auto again = nimkit::parse_position("fibonacci-nim:17/6", nullptr);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->components()[0].state, (State{17, 6}));
  EXPECT_EQ(
      nimkit::parse_position("fibonacci-nim:5/0", nullptr).error(),
      "in \"fibonacci-nim:5/0\": bad heap \"5/0\": the next move may take at least 1 (N/M, M ≥ 1)");
  // M above N is the same game as M = N.
  EXPECT_EQ(nimkit::parse_position("fibonacci-nim:5/9", nullptr)->components()[0].state,
            (State{5, 5}));
}

TEST(FibonacciNim, SumWithNimAndTiming) {
  auto position = nimkit::parse_position("fibonacci-nim:20 nim:3", nullptr);
  ASSERT_TRUE(position) << position.error();
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis) << analysis.error();
  ASSERT_EQ(analysis->values.size(), 2U);
  EXPECT_EQ(analysis->grundy, analysis->values[0] ^ Nimber{3});

  const auto start = std::chrono::steady_clock::now();
  auto big = nimkit::parse_position("fibonacci-nim:10000 nim:1", nullptr);
  ASSERT_TRUE(big);
  auto answer = nimkit::analyze(*big, nimkit::Convention::kNormal);
  ASSERT_TRUE(answer) << answer.error();
  std::cout << "fibonacci-nim:10000 nim:1 analyzed in "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
            << " s\n";
}

}  // namespace
