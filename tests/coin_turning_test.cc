// Coin-turning games against an independent brute force: every row of at most 10 coins, each
// heads/tails pattern as a bitmask, valued by a mex over the moves the rules allow (every subset
// of coins checked against the game's rule); the closed forms, the option lists, the moves of
// each value, the notation, the move text and a sum with Nim.
#include "nimkit/games/coin_turning.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::CoinGame;
using nimkit::CoinTurning;
using nimkit::Nimber;
using nimkit::State;

constexpr unsigned kMaxRow = 10;

// Whether turning the coins of `set` (bit i = coin i + 1) is a move shape of `game`.
bool shape_allowed(CoinGame game, unsigned set) {
  const int count = std::popcount(set);
  switch (game) {
    case CoinGame::kTurningTurtles:
      return count <= 2;
    case CoinGame::kMockTurtles:
      return count <= 3;
    case CoinGame::kRuler: {
      const unsigned low = set >> std::countr_zero(set);
      return (low & (low + 1)) == 0;  // one run of ones
    }
  }
  return false;
}

// The moves from heads `mask` of an n-coin row: the sets turned, the rightmost heads.
std::vector<unsigned> brute_moves(CoinGame game, unsigned n, unsigned mask) {
  std::vector<unsigned> out;
  for (unsigned set = 1; set < (1U << n); ++set) {
    const unsigned top = 1U << (31 - std::countl_zero(set));
    if ((mask & top) != 0 && shape_allowed(game, set)) out.push_back(set);
  }
  return out;
}

// Grundy values of every n-coin row, by mex (a move lowers the row as a binary number).
std::vector<std::uint64_t> brute_values(CoinGame game, unsigned n) {
  std::vector<std::uint64_t> g(1U << n, 0);
  for (unsigned mask = 0; mask < (1U << n); ++mask) {
    std::set<std::uint64_t> seen;
    for (unsigned set : brute_moves(game, n, mask)) seen.insert(g[mask ^ set]);
    std::uint64_t mex = 0;
    while (seen.contains(mex)) ++mex;
    g[mask] = mex;
  }
  return g;
}

State row(unsigned n, unsigned mask) { return State{n, mask}; }

class CoinTurningBrute : public ::testing::TestWithParam<CoinGame> {};

TEST_P(CoinTurningBrute, ValuesAndOptionsMatchTheRules) {
  const CoinGame game = GetParam();
  const CoinTurning rules(game);
  const nimkit::Limits limits;
  for (unsigned n = 1; n <= kMaxRow; ++n) {
    const std::vector<std::uint64_t> g = brute_values(game, n);
    for (unsigned mask = 0; mask < (1U << n); ++mask) {
      const State state = row(n, mask);
      ASSERT_EQ(*rules.value(state, limits), Nimber{g[mask]}) << n << " coins, heads " << mask;
      // The options are the brute-force moves, each once, in order of the rightmost coin.
      std::multiset<unsigned> expected;
      for (unsigned set : brute_moves(game, n, mask)) expected.insert(set);
      std::multiset<unsigned> listed;
      std::uint64_t last_top = 0;
      const nimkit::Count count = rules.count_options(state);
      ASSERT_EQ(count, nimkit::Count{expected.size()});
      for (nimkit::Count i = 0; i < count; ++i) {
        const nimkit::Option option = rules.option(state, i);
        const auto after = static_cast<unsigned>(option.result.at(0).at(1));
        const unsigned set = after ^ mask;
        const std::uint64_t top = 32 - std::countl_zero(set);
        ASSERT_GE(top, last_top);
        last_top = top;
        listed.insert(set);
      }
      ASSERT_EQ(listed, expected);
      // The moves to each value are exactly the options of that value.
      for (std::uint64_t target = 0; target < 16; ++target) {
        auto to = rules.options_to_value(state, Nimber{target}, limits);
        ASSERT_TRUE(to) << to.error();
        std::multiset<unsigned> want;
        for (unsigned set : expected) {
          if (g[mask ^ set] == target) want.insert(set);
        }
        std::multiset<unsigned> got;
        for (const nimkit::Option& o : *to)
          got.insert(static_cast<unsigned>(o.result[0][1]) ^ mask);
        ASSERT_EQ(got, want) << n << " coins, heads " << mask << ", target " << target;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, CoinTurningBrute,
                         ::testing::Values(CoinGame::kTurningTurtles, CoinGame::kMockTurtles,
                                           CoinGame::kRuler));

TEST(CoinTurning, CoinValues) {
  const std::vector<std::uint64_t> odious = {1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22};
  for (std::uint64_t i = 1; i <= odious.size(); ++i) {
    EXPECT_EQ(CoinTurning::coin_value(CoinGame::kMockTurtles, i), odious[i - 1]);
    EXPECT_EQ(CoinTurning::coin_value(CoinGame::kTurningTurtles, i), i);
  }
  const std::vector<std::uint64_t> ruler = {1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4};
  for (std::uint64_t i = 1; i <= ruler.size(); ++i) {
    EXPECT_EQ(CoinTurning::coin_value(CoinGame::kRuler, i), ruler[i - 1]);
  }
}

TEST(CoinTurning, NotationAndMoveText) {
  auto position = nimkit::parse_position("turning-turtles:hthht", nullptr);
  ASSERT_TRUE(position) << position.error();
  EXPECT_EQ(nimkit::format_position(*position), "hthht");  // one ruleset: bare tokens
  auto move = nimkit::parse_move(*position, "4 2");
  ASSERT_TRUE(move) << move.error();
  EXPECT_EQ(nimkit::describe(*position, *move), "turn coins 2 and 4");
  EXPECT_EQ(nimkit::format_move(*position, *move), "2 4");
  auto one = nimkit::parse_move(*position, "4");
  ASSERT_TRUE(one) << one.error();
  EXPECT_EQ(nimkit::describe(*position, *one), "turn coin 4");
  EXPECT_EQ(nimkit::parse_move(*position, "5").error(),
            "coin 5 is tails: the rightmost coin turned must be heads");
  EXPECT_FALSE(nimkit::parse_move(*position, "1 2 4"));
  EXPECT_FALSE(nimkit::parse_move(*position, "9"));

  auto ruler = nimkit::parse_position("ruler:hhthh", nullptr);
  ASSERT_TRUE(ruler) << ruler.error();
  auto run = nimkit::parse_move(*ruler, "5 3 4");
  ASSERT_TRUE(run) << run.error();
  EXPECT_EQ(nimkit::describe(*ruler, *run), "turn coins 3, 4 and 5");
  EXPECT_FALSE(nimkit::parse_move(*ruler, "2 5"));

  EXPECT_EQ(nimkit::parse_position("ruler:hxt", nullptr).error(),
            "in \"ruler:hxt\": coin row \"hxt\" has \"x\" at coin 2: expected h or t");
  // Lower case only, as the rules write it: "HTH" would read back as "hth".
  EXPECT_EQ(nimkit::parse_position("turning-turtles:hTh", nullptr).error(),
            "in \"turning-turtles:hTh\": coin row \"hTh\" has \"T\" at coin 2: expected h or t "
            "(lower case)");
  EXPECT_TRUE(nimkit::parse_position("ruler:" + std::string(4097, 'h'), nullptr)
                  .error()
                  .ends_with(": coin row has 4097 coins, more than 4096"));
}

TEST(CoinTurning, SumWithNimAndLongRows) {
  auto position = nimkit::parse_position("turning-turtles:hthht nim:3", nullptr);
  ASSERT_TRUE(position) << position.error();
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis) << analysis.error();
  EXPECT_EQ(analysis->grundy, Nimber{1 ^ 3 ^ 4 ^ 3});  // heads 1, 3, 4 and a heap of 3
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);

  // A 4000-coin Mock Turtles row: the closed form, and winning moves without a scan.
  std::string coins;
  for (int i = 0; i < 4000; ++i) coins += (i % 3 == 0) ? 'h' : 't';
  auto longest = nimkit::parse_position("mock-turtles:" + coins, nullptr);
  ASSERT_TRUE(longest) << longest.error();
  auto long_analysis = nimkit::analyze(*longest, nimkit::Convention::kNormal);
  ASSERT_TRUE(long_analysis) << long_analysis.error();
  EXPECT_NE(long_analysis->grundy, Nimber{0});
  EXPECT_FALSE(long_analysis->winning_moves.empty());
}

// Turning Corners on every 3 x 3 and 4 x 4 grid: a mex over the rectangles whose bottom-right
// corner is heads, against the nim products.
std::vector<std::uint64_t> brute_corners(unsigned side) {
  const unsigned cells = side * side;
  std::vector<std::uint64_t> g(1U << cells, 0);
  for (unsigned mask = 0; mask < (1U << cells); ++mask) {
    std::set<std::uint64_t> seen;
    for (unsigned x = 1; x < side; ++x) {
      for (unsigned y = 1; y < side; ++y) {
        if ((mask >> (x * side + y) & 1U) == 0) continue;
        for (unsigned a = 0; a < x; ++a) {
          for (unsigned b = 0; b < y; ++b) {
            const unsigned set = 1U << (a * side + b) | 1U << (a * side + y) |
                                 1U << (x * side + b) | 1U << (x * side + y);
            seen.insert(g[mask ^ set]);
          }
        }
      }
    }
    std::uint64_t mex = 0;
    while (seen.contains(mex)) ++mex;
    g[mask] = mex;
  }
  return g;
}

TEST(TurningCorners, ValuesMatchTheRulesOnSmallGrids) {
  const nimkit::TurningCorners rules;
  const nimkit::Limits limits;
  for (unsigned side : {3U, 4U}) {
    const std::vector<std::uint64_t> g = brute_corners(side);
    for (unsigned mask = 0; mask < g.size(); ++mask) {
      const State state{side, side, mask};
      ASSERT_EQ(*rules.value(state, limits), Nimber{g[mask]})
          << side << " x " << side << ", " << mask;
      std::set<unsigned> listed;
      const nimkit::Count count = rules.count_options(state);
      for (nimkit::Count i = 0; i < count; ++i) {
        listed.insert(static_cast<unsigned>(rules.option(state, i).result.at(0).at(2)) ^ mask);
      }
      ASSERT_EQ(nimkit::Count{listed.size()}, count);  // each move once
      // The moves to each value are exactly the options of that value.
      for (std::uint64_t target = 0; target < 8; ++target) {
        auto to = rules.options_to_value(state, Nimber{target}, limits);
        ASSERT_TRUE(to) << to.error();
        std::set<unsigned> want;
        for (unsigned set : listed) {
          if (g[mask ^ set] == target) want.insert(set);
        }
        std::set<unsigned> got;
        for (const nimkit::Option& o : *to)
          got.insert(static_cast<unsigned>(o.result[0][2]) ^ mask);
        ASSERT_EQ(got, want) << side << " x " << side << ", " << mask << ", target " << target;
      }
    }
  }
}

TEST(TurningCorners, NotationAndMoveText) {
  auto position = nimkit::parse_position("turning-corners:ttt/thh/tht", nullptr);
  ASSERT_TRUE(position) << position.error();
  EXPECT_EQ(nimkit::format_position(*position), "ttt/thh/tht");
  auto move = nimkit::parse_move(*position, "2 1 0 0");
  ASSERT_TRUE(move) << move.error();
  EXPECT_EQ(nimkit::describe(*position, *move), "turn coins (0,0), (0,1), (2,0) and (2,1)");
  EXPECT_EQ(nimkit::format_move(*position, *move), "2 1 0 0");
  EXPECT_EQ(nimkit::parse_move(*position, "2 2 0 0").error(),
            "coin (2,2) is tails: the corner X Y must go from heads to tails");
  EXPECT_FALSE(nimkit::parse_move(*position, "2 1 2 0"));
  EXPECT_TRUE(nimkit::parse_position("turning-corners:hh/h", nullptr)
                  .error()
                  .ends_with("row 1 has 1 coins, row 0 has 2"));
  EXPECT_TRUE(nimkit::parse_position("turning-corners:tt/tH", nullptr)
                  .error()
                  .ends_with("has \"H\" at coin (1,1): expected h or t (lower case)"));
}

}  // namespace
