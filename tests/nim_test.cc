// Nim: known answers from the articles and the closed form against brute-force mex.
#include "nimkit/games/nim.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "brute_force.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

std::shared_ptr<const nimkit::Ruleset> nim() {
  auto rules = nimkit::make_ruleset("nim");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

nimkit::Analysis analyze_text(const char* text,
                              nimkit::Convention convention = nimkit::Convention::kNormal) {
  auto position = nimkit::parse_position(text, nim());
  EXPECT_TRUE(position.ok()) << text;
  auto analysis = nimkit::analyze(*position, convention);
  EXPECT_TRUE(analysis.ok()) << text;
  return *analysis;
}

TEST(Nim, ThreeFourFiveFirstPlayerWinsOnlyByTakingTwoFromHeapOne) {
  const auto position = nimkit::parse_position("3 4 5", nim());
  ASSERT_TRUE(position.ok());
  const auto a = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->winner, nimkit::Player::kFirst);
  ASSERT_TRUE(a->grundy.has_value());
  EXPECT_EQ(nimkit::to_string(*a->grundy), "2");
  EXPECT_EQ(a->method, nimkit::Method::kNimSum);
  ASSERT_EQ(a->winning_moves.size(), 1u);
  EXPECT_EQ(a->winning_move_count, 1u);
  const nimkit::Move& move = a->winning_moves[0];
  EXPECT_EQ(move.component, 0u);
  EXPECT_EQ(nimkit::objects_taken(*position, move), 2u);
  EXPECT_EQ(nimkit::describe(*position, move), "take 2 from heap 1");
  EXPECT_EQ(nimkit::format_position(position->after(move)), "1 4 5");
}

TEST(Nim, OneFourFiveSecondPlayerWins) {
  const auto a = analyze_text("1 4 5");
  EXPECT_EQ(a.winner, nimkit::Player::kSecond);
  ASSERT_TRUE(a.grundy.has_value());
  EXPECT_EQ(nimkit::to_string(*a.grundy), "0");
  EXPECT_TRUE(a.winning_moves.empty());
  EXPECT_EQ(a.winning_move_count, 0u);
}

TEST(Nim, EmptyPositionIsLostUnderNormalPlayAndWonUnderMisere) {
  EXPECT_EQ(analyze_text("0 0").winner, nimkit::Player::kSecond);
  EXPECT_EQ(analyze_text("0 0", nimkit::Convention::kMisere).winner, nimkit::Player::kFirst);
}

TEST(Nim, LargestHeapsUseAllSixtyFourBits) {
  // 2^64-1 and 2^64-2 differ only in the last bit: the winning move takes 1 from the larger.
  const auto position = nimkit::parse_position("18446744073709551615 18446744073709551614", nim());
  ASSERT_TRUE(position.ok());
  const auto a = analyze_text("18446744073709551615 18446744073709551614");
  EXPECT_EQ(a.winner, nimkit::Player::kFirst);
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(a.winning_moves[0].component, 0u);
  EXPECT_EQ(nimkit::objects_taken(*position, a.winning_moves[0]), 1u);
  const auto misere =
      analyze_text("18446744073709551615 18446744073709551614", nimkit::Convention::kMisere);
  EXPECT_EQ(misere.winner, nimkit::Player::kFirst);
  ASSERT_EQ(misere.winning_moves.size(), 1u);
  EXPECT_EQ(nimkit::objects_taken(*position, misere.winning_moves[0]), 1u);
}

TEST(Nim, GrundyValueOfAPileIsItsSizeAsBruteForceMexSays) {
  const auto owner = nim();
  const auto& rules = dynamic_cast<const nimkit::HeapGame&>(*owner);
  nimkit_test::BruteForce brute(nimkit_test::Game::kNim, false);
  for (std::uint64_t n = 0; n <= 64; ++n) {
    const nimkit::Heap heap{n};
    const auto g = rules.grundy(std::span<const nimkit::Heap>(&heap, 1), nimkit::Limits{});
    ASSERT_TRUE(g.ok());
    EXPECT_EQ(static_cast<std::uint64_t>(*g), brute.grundy({nimkit_test::Pile{n}})) << n;
  }
}

TEST(Nim, OptionsAreEveryTakeInOrder) {
  const auto owner = nim();
  const auto& rules = dynamic_cast<const nimkit::HeapGame&>(*owner);
  const nimkit::Heap heap{3};
  const std::span<const nimkit::Heap> c(&heap, 1);
  ASSERT_EQ(rules.option_count(c), 3u);
  EXPECT_EQ(rules.option_at(c, 0), (nimkit::HeapOption{{nimkit::Heap{2}}, 1}));
  EXPECT_EQ(rules.option_at(c, 1), (nimkit::HeapOption{{nimkit::Heap{1}}, 2}));
  EXPECT_EQ(rules.option_at(c, 2), (nimkit::HeapOption{{nimkit::Heap{0}}, 3}));
  // The generic view of the same options: each leaves one component, a heap of two words.
  const nimkit::State state = nimkit::HeapGame::encode(c);
  ASSERT_EQ(rules.count_options(state), 3u);
  EXPECT_EQ(rules.option(state, 0), (nimkit::Option{{nimkit::State{2, 0}}}));
}

}  // namespace
