// Staircase Nim against an independent brute force: the value of every staircase of at most 4
// steps with at most 4 coins on each is the mex of its options (a plain recursion on coin
// counts), and equals the nim-sum of the odd steps; the moves of each value, the notation, the
// move text and a sum with Nim.
#include "nimkit/games/staircase.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;
using Steps = std::vector<std::uint64_t>;

// The Grundy value of a staircase by the rules alone: mex over moving 1..c coins down one step.
std::uint64_t brute_value(const Steps& steps, std::map<Steps, std::uint64_t>& memo) {
  if (auto it = memo.find(steps); it != memo.end()) return it->second;
  std::set<std::uint64_t> seen;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    for (std::uint64_t k = 1; k <= steps[i]; ++k) {
      Steps after = steps;
      after[i] -= k;
      if (i > 0) after[i - 1] += k;
      seen.insert(brute_value(after, memo));
    }
  }
  std::uint64_t mex = 0;
  while (seen.contains(mex)) ++mex;
  memo.emplace(steps, mex);
  return mex;
}

// Every staircase of `n` steps with at most `most` coins on each.
std::vector<Steps> staircases(std::size_t n, std::uint64_t most) {
  std::vector<Steps> out{Steps{}};
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<Steps> longer;
    for (const Steps& s : out) {
      for (std::uint64_t c = 0; c <= most; ++c) {
        longer.push_back(s);
        longer.back().push_back(c);
      }
    }
    out = std::move(longer);
  }
  return out;
}

TEST(Staircase, ValuesMatchBruteForceMex) {
  const nimkit::StaircaseNim rules;
  const nimkit::Limits limits;
  std::map<Steps, std::uint64_t> memo;
  std::size_t checked = 0;
  for (std::size_t n = 1; n <= 4; ++n) {
    for (const Steps& steps : staircases(n, 4)) {
      const std::uint64_t expected = brute_value(steps, memo);
      std::uint64_t odd = 0;
      for (std::size_t i = 0; i < steps.size(); i += 2) odd ^= steps[i];
      ASSERT_EQ(expected, odd) << "the closed form itself, at " << ::testing::PrintToString(steps);
      ASSERT_EQ(*rules.value(steps, limits), Nimber{expected});
      // The moves of each value are exactly the options of that value, in option order.
      for (Nimber target = 0; target <= 7; ++target) {
        std::vector<nimkit::Option> scanned;
        for (nimkit::Count i = 0; i < rules.count_options(steps); ++i) {
          nimkit::Option o = rules.option(steps, i);
          if (*rules.value(o.result.at(0), limits) == target) scanned.push_back(o);
        }
        ASSERT_EQ(*rules.options_to_value(steps, target, limits), scanned)
            << ::testing::PrintToString(steps) << " to " << static_cast<std::uint64_t>(target);
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 5U + 25 + 125 + 625);
}

TEST(Staircase, NotationAndMoveText) {
  auto rules = nimkit::make_ruleset("staircase");
  ASSERT_TRUE(rules);
  auto position = nimkit::parse_position("staircase:3,0,2", nullptr);
  ASSERT_TRUE(position) << position.error();
  EXPECT_EQ(nimkit::format_position(*position), "3 0 2");
  EXPECT_EQ(nimkit::format_position(*position, nullptr), "3 0 2");
  ASSERT_EQ(position->components().size(), 1U);
  auto bare = nimkit::parse_position("3 0 2", *rules);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->components()[0].state, (State{3, 0, 2}));

  auto move = nimkit::parse_move(*position, "3 2");
  ASSERT_TRUE(move) << move.error();
  EXPECT_EQ(nimkit::describe(*position, *move), "move 2 coins from step 3 to step 2");
  EXPECT_EQ(nimkit::format_position(position->after(*move)), "3 2 0");
  auto off = nimkit::parse_move(*position, "1 1");
  ASSERT_TRUE(off);
  EXPECT_EQ(nimkit::describe(*position, *off), "move 1 coin off the staircase from step 1");
  EXPECT_EQ(nimkit::format_move(*position, *off), "1 1");

  EXPECT_EQ(nimkit::parse_move(*position, "2 1").error(), "step 2 has only 0 coins, cannot move 1");
  EXPECT_EQ(nimkit::parse_move(*position, "4 1").error(),
            "no heap 4: steps and heaps are numbered 1 to 3");
  EXPECT_EQ(nimkit::parse_move(*position, "1 0").error(), "a move must move at least one coin");
  EXPECT_EQ(nimkit::parse_position("staircase:3,x", nullptr).error(),
            "in \"staircase:3,x\": step \"x\" is not a non-negative integer");
  EXPECT_FALSE(nimkit::parse_position("staircase:18446744073709551615,1", nullptr));
}

TEST(Staircase, SumWithNim) {
  auto position = nimkit::parse_position("staircase:3,0,2 nim:3", nullptr);
  ASSERT_TRUE(position) << position.error();
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis) << analysis.error();
  // 3 (odd steps 3 ⊕ 2 = 1) ⊕ 3 = 2: a win, by moving the sum to 0.
  EXPECT_EQ(analysis->grundy, Nimber{2});
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);
  std::vector<std::string> moves;
  for (const nimkit::Move& m : analysis->winning_moves) moves.push_back(describe(*position, m));
  // Step 1 from 3 to 1; step 3 from 2 to 0 (to step 2); step 2 gives step 1 nothing to add;
  // the Nim heap 3 to 1.
  EXPECT_EQ(moves,
            (std::vector<std::string>{"move 2 coins off the staircase from step 1",
                                      "move 2 coins from step 3 to step 2", "take 2 from heap 4"}));
}

}  // namespace
