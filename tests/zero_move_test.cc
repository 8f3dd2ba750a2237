// Zero-move Nim: known answers from the articles, the closed form against brute-force mex in
// both zero-move states, and the notation of the state.
#include "nimkit/games/zero_move.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "brute_force.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

std::shared_ptr<const nimkit::Ruleset> zero_move() {
  auto rules = nimkit::make_ruleset("zero-move");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

nimkit::Analysis analyze_text(const char* text) {
  auto position = nimkit::parse_position(text, zero_move());
  EXPECT_TRUE(position.ok()) << text;
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  EXPECT_TRUE(analysis.ok()) << text;
  return *analysis;
}

nimkit::Nimber grundy_of(const nimkit::Heap& heap) {
  const auto owner = zero_move();
  const auto g = dynamic_cast<const nimkit::HeapGame&>(*owner).grundy(
      std::span<const nimkit::Heap>(&heap, 1), nimkit::Limits{});
  EXPECT_TRUE(g.ok());
  return *g;
}

TEST(ZeroMove, ZeroMove18_47_34SecondPlayerWins) {
  // Values 17, 48, 33: 17 ^ 48 ^ 33 = 0.
  const auto a = analyze_text("18 47 34");
  EXPECT_EQ(a.winner, nimkit::Outcome::kSecond);
  ASSERT_TRUE(a.grundy.has_value());
  EXPECT_EQ(nimkit::to_string(*a.grundy), "0");
  EXPECT_TRUE(a.winning_moves.empty());
}

TEST(ZeroMove, ZeroMove32_49_58FirstPlayerWinsWithGrundy20) {
  // Values 31, 50, 57: 31 ^ 50 ^ 57 = 20.
  const auto a = analyze_text("32 49 58");
  EXPECT_EQ(a.winner, nimkit::Outcome::kFirst);
  ASSERT_TRUE(a.grundy.has_value());
  EXPECT_EQ(nimkit::to_string(*a.grundy), "20");
  EXPECT_FALSE(a.winning_moves.empty());
}

TEST(ZeroMove, ZeroMoveEmptyPileIsZeroNotMinusOne) {
  // The articles' formula n-1 for even n gives -1 here.
  EXPECT_EQ(nimkit::ZeroMoveNim::closed_value(nimkit::Heap{0, false}), 0u);
  EXPECT_EQ(grundy_of(nimkit::Heap{0, false}), 0u);
  const auto a = analyze_text("0");
  EXPECT_EQ(a.winner, nimkit::Outcome::kSecond);
  ASSERT_TRUE(a.grundy.has_value());
  EXPECT_EQ(nimkit::to_string(*a.grundy), "0");
}

TEST(ZeroMove, ZeroMoveHugePileValueIs2Pow64) {
  const nimkit::Heap huge{18446744073709551615u, false};
  const nimkit::Nimber two_pow_64 = nimkit::Nimber{1} << 64;
  EXPECT_EQ(nimkit::ZeroMoveNim::closed_value(huge), two_pow_64);
  EXPECT_EQ(grundy_of(huge), two_pow_64);
  EXPECT_EQ(nimkit::to_string(grundy_of(huge)), "18446744073709551616");
  const auto a = analyze_text("18446744073709551615");
  const auto position = nimkit::parse_position("18446744073709551615", zero_move());
  ASSERT_TRUE(position.ok());
  ASSERT_TRUE(a.grundy.has_value());
  EXPECT_EQ(*a.grundy, two_pow_64);
  // The only move to value 0 takes the whole pile.
  EXPECT_EQ(a.winner, nimkit::Outcome::kFirst);
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(nimkit::objects_taken(*position, a.winning_moves[0]), 18446744073709551615u);
  // Spent, it is plain Nim again.
  EXPECT_EQ(grundy_of(nimkit::Heap{18446744073709551615u, true}),
            nimkit::Nimber{18446744073709551615u});
}

TEST(ZeroMove, GrundyClosedFormMatchesBruteForceMexInBothStatesUpTo64) {
  nimkit_test::BruteForce brute(nimkit_test::Game::kZeroMove, false);
  for (std::uint64_t n = 0; n <= 64; ++n) {
    for (bool spent : {false, true}) {
      if (n == 0 && spent) continue;  // an empty pile has no zero move to spend
      const nimkit::Heap heap{n, spent};
      const std::uint64_t expected = brute.grundy({nimkit_test::Pile{n, spent}});
      EXPECT_EQ(static_cast<std::uint64_t>(nimkit::ZeroMoveNim::closed_value(heap)), expected)
          << n << (spent ? "x" : "");
      EXPECT_EQ(static_cast<std::uint64_t>(grundy_of(heap)), expected) << n << (spent ? "x" : "");
    }
  }
}

TEST(ZeroMove, OptionsAreTheZeroMoveThenEveryTake) {
  const auto owner = zero_move();
  const auto& rules = dynamic_cast<const nimkit::HeapGame&>(*owner);
  const nimkit::Heap fresh{2, false};
  const std::span<const nimkit::Heap> c(&fresh, 1);
  ASSERT_EQ(rules.option_count(c), 3u);
  EXPECT_EQ(rules.option_at(c, 0), (nimkit::HeapOption{{nimkit::Heap{2, true}}, 0}));
  EXPECT_EQ(rules.option_at(c, 1), (nimkit::HeapOption{{nimkit::Heap{1, false}}, 1}));
  EXPECT_EQ(rules.option_at(c, 2), (nimkit::HeapOption{{nimkit::Heap{0, false}}, 2}));

  const nimkit::Heap spent{2, true};
  const std::span<const nimkit::Heap> s(&spent, 1);
  ASSERT_EQ(rules.option_count(s), 2u);
  EXPECT_EQ(rules.option_at(s, 0), (nimkit::HeapOption{{nimkit::Heap{1, true}}, 1}));
  // An emptied pile has no zero-move state left: it compares equal to a plain empty pile.
  EXPECT_EQ(rules.option_at(s, 1), (nimkit::HeapOption{{nimkit::Heap{0, false}}, 2}));

  const nimkit::Heap empty{0, false};
  EXPECT_EQ(rules.option_count(std::span<const nimkit::Heap>(&empty, 1)), 0u);
}

TEST(ZeroMove, StateIsWrittenAsXAndReadBack) {
  const auto owner = zero_move();
  const auto& rules = dynamic_cast<const nimkit::HeapGame&>(*owner);
  EXPECT_EQ(rules.format_heap(nimkit::Heap{7, true}), "7x");
  EXPECT_EQ(rules.format_heap(nimkit::Heap{7, false}), "7");
  const auto spent = rules.parse_heap("7x");
  ASSERT_TRUE(spent.ok());
  EXPECT_EQ(*spent, (nimkit::Heap{7, true}));
  const auto fresh = rules.parse_heap("7");
  ASSERT_TRUE(fresh.ok());
  EXPECT_EQ(*fresh, (nimkit::Heap{7, false}));
}

TEST(ZeroMove, TwoAndTwoSpentHasThreeWinningMovesOneOfThemAZeroMove) {
  // Values 1 (2: even, 2-1) and 2 (2x: spent), nim-sum 3. Heap 1 must reach value 2: by its zero
  // move (2x) or by taking 1 (1, odd, 1+1). Heap 2 must reach value 1: take 1 (1x).
  const auto position = nimkit::parse_position("2 2x", zero_move());
  ASSERT_TRUE(position.ok());
  const auto a = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->winner, nimkit::Outcome::kFirst);
  std::vector<std::string> moves;
  for (const nimkit::Move& m : a->winning_moves) moves.push_back(nimkit::describe(*position, m));
  EXPECT_EQ(moves, (std::vector<std::string>{"zero move on heap 1", "take 1 from heap 1",
                                             "take 1 from heap 2"}));
  ASSERT_EQ(a->winning_moves.size(), 3u);
  EXPECT_EQ(nimkit::format_position(position->after(a->winning_moves[0])), "2x 2x");
  EXPECT_EQ(nimkit::format_position(position->after(a->winning_moves[2])), "2 1x");
}

}  // namespace
