// Nim: known answers from the articles and the closed form against brute-force mex.
#include "nimkit/games/nim.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
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
  EXPECT_EQ(a->winner, nimkit::Outcome::kFirst);
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
  EXPECT_EQ(a.winner, nimkit::Outcome::kSecond);
  ASSERT_TRUE(a.grundy.has_value());
  EXPECT_EQ(nimkit::to_string(*a.grundy), "0");
  EXPECT_TRUE(a.winning_moves.empty());
  EXPECT_EQ(a.winning_move_count, 0u);
}

TEST(Nim, EmptyPositionIsLostUnderNormalPlayAndWonUnderMisere) {
  EXPECT_EQ(analyze_text("0 0").winner, nimkit::Outcome::kSecond);
  EXPECT_EQ(analyze_text("0 0", nimkit::Convention::kMisere).winner, nimkit::Outcome::kFirst);
}

TEST(Nim, LargestHeapsUseAllSixtyFourBits) {
  // 2^64-1 and 2^64-2 differ only in the last bit: the winning move takes 1 from the larger.
  const auto position = nimkit::parse_position("18446744073709551615 18446744073709551614", nim());
  ASSERT_TRUE(position.ok());
  const auto a = analyze_text("18446744073709551615 18446744073709551614");
  EXPECT_EQ(a.winner, nimkit::Outcome::kFirst);
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(a.winning_moves[0].component, 0u);
  EXPECT_EQ(nimkit::objects_taken(*position, a.winning_moves[0]), 1u);
  const auto misere =
      analyze_text("18446744073709551615 18446744073709551614", nimkit::Convention::kMisere);
  EXPECT_EQ(misere.winner, nimkit::Outcome::kFirst);
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

// The general path's brief answer: what analyze_brief gives a ruleset without an answer from text.
std::string general_brief(std::string_view text) {
  auto position = nimkit::parse_position(text, nim());
  if (!position) return "error: " + position.error();
  nimkit::Limits limits;
  limits.max_listed_moves = 1;
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal, limits);
  if (!analysis) return "error: " + analysis.error();
  return std::string(nimkit::to_string(analysis->winner)) + " " +
         nimkit::to_string(*analysis->grundy) + " " +
         (analysis->winning_moves.empty()
              ? "-"
              : nimkit::format_move(*position, analysis->winning_moves.front()));
}

TEST(NimAnswerFromText, AgreesWithTheGeneralPathOnGeneratedLines) {
  // Small and huge heaps, blanks, tabs and CRs, 1 to 70 heaps (past the 64 read from text), bad
  // tokens and numbers past 2^64 - 1: every line gives the general path's answer or error.
  std::uint64_t x = 12345;
  const auto next = [&x] { return x = x * 6364136223846793005u + 1442695040888963407u; };
  int answered_from_text = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string line;
    const int heaps = 1 + static_cast<int>(next() >> 60) + (i % 50 == 0 ? 60 : 0);
    for (int j = 0; j < heaps; ++j) {
      if (j > 0) line += (i % 7 == 0) ? "\t " : " ";
      const std::uint64_t v = next();
      line += std::to_string(i % 3 == 0 ? v : i % 3 == 1 ? v % 64 : v >> 40);
    }
    if (i % 97 == 0) line += " 3x";
    if (i % 89 == 0) line += "\r";
    if (i % 83 == 0) line += " 18446744073709551616";
    const auto rules = nim();
    const auto quick = rules->answer_sum_text(line);
    if (quick) ++answered_from_text;
    auto brief = nimkit::analyze_brief(line, rules, nimkit::Convention::kNormal,
                                       [] { return nimkit::Limits{}; });
    const std::string got =
        brief ? std::string(nimkit::to_string(brief->winner)) + " " +
                    nimkit::to_string(*brief->grundy) + " " +
                    (brief->first_winning_move.empty() ? "-" : brief->first_winning_move)
              : "error: " + brief.error();
    EXPECT_EQ(got, general_brief(line)) << line;
  }
  // Most lines are plain and read from the text: the comparison is not of the general path with
  // itself.
  EXPECT_GT(answered_from_text, 1500);
}

TEST(NimAnswerFromText, LeavesAnythingButPlainSizesToTheGeneralPath) {
  const auto rules = nim();
  EXPECT_FALSE(rules->answer_sum_text(""));
  EXPECT_FALSE(rules->answer_sum_text("3 4x"));
  EXPECT_FALSE(rules->answer_sum_text("kayles:3 4"));
  EXPECT_FALSE(rules->answer_sum_text("18446744073709551616"));
  const auto answer = rules->answer_sum_text(" 3\t4 5\r");
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->value, 2u);
  EXPECT_EQ(answer->first_winning_move, "1 2");
}

}  // namespace
