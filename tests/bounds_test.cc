// Work the game record and the notation do on large inputs stays bounded: positions of hundreds
// of thousands of heaps parse in linear time, a saved game of thousands of moves loads in time
// about linear in its moves, a load stops at its work meter (leaving the marks it could not check
// unchecked) or at a cancel, graph lists refuse the empty items they used to skip, and every
// player name a game can be saved with reads back.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "nimkit/limits.h"
#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"
#include "nimkit/strategy.h"
#include "test_rulesets.h"
#include "time_factor.h"

namespace {

using Clock = std::chrono::steady_clock;

using nimkit_test::rules_of;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

nimkit::Limits metered(std::uint64_t steps) {
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(steps);
  return limits;
}

// Inserting each heap at the front made 160,000 heaps take 30 s; a linear parse takes
// milliseconds, so a second is generous on any machine.
TEST(Bounds, TwoHundredThousandHeapsParseInLinearTime) {
  std::string text;
  for (int i = 0; i < 200'000; ++i) text += i % 2 == 0 ? "3 " : "kayles:2 ";
  const auto start = Clock::now();
  auto position = nimkit::parse_position(text, rules_of("nim"));
  const double took = seconds_since(start);
  ASSERT_TRUE(position.ok()) << position.error();
  ASSERT_EQ(position->components().size(), 200'000u);
  // Bare heaps and qualified components keep the order the text gives them.
  EXPECT_EQ(position->components()[0].rules->spec(), "nim");
  EXPECT_EQ(position->components()[1].rules->spec(), "kayles");
  EXPECT_EQ(position->components()[199'998].rules->spec(), "nim");
  EXPECT_LT(took, 1.0 * nimkit_test::kTimeFactor);
}

// A game of 20,000 heaps of one and 200 moves: reading each move counted the items of every
// component before each component, O(n^2) a move (minutes for this game). Now each move costs
// a few passes over the position: well under a second.
TEST(Bounds, MovesInAPositionOfManyComponentsLoadInLinearTime) {
  constexpr int kHeaps = 20'000;
  constexpr int kMoves = 200;
  std::string text = "nimkit-game 3\nrules nim\nconvention normal\nstart";
  for (int i = 0; i < kHeaps; ++i) text += " 1";
  text += '\n';
  for (int i = 0; i < kMoves; ++i) text += fmt::format("move {} 1\n", kHeaps - i);
  const auto start = Clock::now();
  auto loaded = nimkit::load_game(text, metered(nimkit::kDefaultWorkSteps));
  const double took = seconds_since(start);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(loaded->match->history().size(), std::size_t{kMoves});
  EXPECT_LT(took, 5.0 * nimkit_test::kTimeFactor);
}

// The record keeps the position after every move: 4000 heaps and 4000 moves took 1.1 GB. The
// record is bounded like the positions a search keeps: past max_search_bytes the load fails
// naming the limit, and within it the same game loads.
TEST(Bounds, AGameRecordPastTheMemoryLimitIsRefusedNamingIt) {
  constexpr int kHeaps = 300;
  constexpr int kMoves = 300;
  std::string text = "nimkit-game 3\nrules nim\nconvention normal\nstart";
  for (int i = 0; i < kHeaps; ++i) text += " 1";
  text += '\n';
  for (int i = 0; i < kMoves; ++i) text += fmt::format("move {} 1\n", kHeaps - i);
  nimkit::Limits tight;
  tight.max_search_bytes = 1 << 20;  // 300 positions of 300 components take more
  auto refused = nimkit::load_game(text, tight);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error_kind(), nimkit::ErrorKind::kLimit);
  EXPECT_NE(refused.error().find("the memory limit of 1048576 bytes"), std::string::npos)
      << refused.error();
  EXPECT_NE(refused.error().find("line "), std::string::npos) << refused.error();
  auto loaded = nimkit::load_game(text, nimkit::Limits{});
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(loaded->match->history().size(), std::size_t{kMoves});
}

// A misère sum of Moore's Nim_3 and a Nim heap has no rule (Moore's misère rule is for a Moore
// component alone): every mark is a search. The load stops at its meter in
// bounded time; the file is valid, so it loads, the marks beyond the meter left unchecked and
// kept as the file has them (a '!' claimed stays claimed, so a save writes it back).
TEST(Bounds, LoadStopsAtItsMeterLeavingMarksUnchecked) {
  const std::string text =
      "nimkit-game 3\nrules sum\nconvention misere\nstart moore:3:3,4,5999 nim:1\n"
      "move 1:3 2:4 3:4\n"
      "move 3 1 !\n";
  const auto start = Clock::now();
  auto loaded = nimkit::load_game(text, metered(200'000));
  const double took = seconds_since(start);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const auto& history = loaded->match->history();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_FALSE(history[1].mark_checked);
  EXPECT_TRUE(history[1].threw_away_win);
  EXPECT_NE(nimkit::save_game(*loaded->match, "a", "b").find("move 3 1 !"), std::string::npos);
  EXPECT_LT(took, 5.0 * nimkit_test::kTimeFactor);
}

TEST(Bounds, CancelledLoadFailsAsCancelled) {
  const std::string text =
      "nimkit-game 3\nrules sum\nconvention misere\nstart moore:3:3,4,5999 nim:1\n"
      "move 1:3 2:4 3:4\n";
  nimkit::Limits limits = metered(0);
  limits.meter->cancel();
  auto loaded = nimkit::load_game(text, limits);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error_kind(), nimkit::ErrorKind::kCancelled);
  EXPECT_EQ(loaded.error(), "line 5: work stopped: cancellation was reached");
}

// Within the limits every mark is checked, and a wrong one is still refused.
TEST(Bounds, MarksWithinTheLimitsAreStillChecked) {
  const std::string text = "nimkit-game 3\nrules nim\nconvention normal\nstart 3 4 5\nmove 1 2 !\n";
  auto loaded = nimkit::load_game(text, metered(nimkit::kDefaultWorkSteps));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error(), "line 5: move is marked '!' but did not throw away a win");
}

// "1-2,,3" was read as the items "1-2" and "3": the empty item between the commas vanished.
TEST(Bounds, GraphListsRefuseEmptyItems) {
  for (const char* text : {"node-kayles:1-2,,3", "node-kayles:,1-2", "node-kayles:1-2,",
                           "hackenbush:1-2,,2-3", "digraph:a>b,,@a"}) {
    auto position = nimkit::parse_position(std::string_view(text), nullptr);
    ASSERT_FALSE(position.ok()) << text;
    EXPECT_NE(position.error().find("empty"), std::string::npos) << position.error();
    EXPECT_NE(position.error().find(text), std::string::npos) << position.error();
  }
  auto fine = nimkit::parse_position(std::string_view("node-kayles:1-2,3"), nullptr);
  ASSERT_TRUE(fine.ok()) << fine.error();
  EXPECT_EQ(fine->components().size(), 2u);
}

// Names with spaces, quotes, backslashes, control characters, bytes that are not UTF-8, or none
// at all: the file quotes them and reads them back.
RC_GTEST_PROP(Bounds, EveryPlayerNameSavesAndReloads, ()) {
  const auto byte = rc::gen::oneOf(
      rc::gen::element<char>(' ', '\t', '\n', '\r', '"', '\\', '\0', '#', '!', 'a', 'Z', '\x7f'),
      rc::gen::arbitrary<char>());
  const auto first = *rc::gen::container<std::string>(byte);
  const auto second = *rc::gen::container<std::string>(byte);
  nimkit::Match match(rules_of("nim"), *nimkit::parse_position("3 4", rules_of("nim")),
                      nimkit::Convention::kNormal);
  match.play(match.position().move_at(0));
  const std::string saved = nimkit::save_game(match, first, second);
  RC_LOG() << saved;
  auto loaded = nimkit::load_game(saved);
  RC_ASSERT(loaded.ok());
  RC_ASSERT(loaded->first_player == first);
  RC_ASSERT(loaded->second_player == second);
  RC_ASSERT(nimkit::save_game(*loaded->match, first, second) == saved);
}

TEST(Bounds, PlainNamesAreWrittenAsTheyWereAndOldFilesLoad) {
  nimkit::Match match(rules_of("nim"), *nimkit::parse_position("3 4", rules_of("nim")),
                      nimkit::Convention::kNormal);
  EXPECT_NE(nimkit::save_game(match, "you", "computer").find("\nplayers you computer\n"),
            std::string::npos);
  EXPECT_NE(nimkit::save_game(match, "a b", "").find("\nplayers \"a b\" \"\"\n"),
            std::string::npos);
  auto bad = nimkit::load_game("nimkit-game 3\nplayers \"a b\nrules nim\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "line 2: player name \"a b\" has no closing quote");
}

// A 64 x 64 Turning Corners board of heads with two tails a row, lost for the player to move:
// the perfect player listed its millions of moves (2.4 GB) before falling back to the smallest
// move. It now sees that there are more than its search could examine and answers at once.
TEST(Bounds, PerfectPlayerInAHugeLostPositionAnswersWithinTheMemoryBound) {
  std::string board;
  for (int r = 0; r < 64; ++r) {
    std::string row(64, 'h');
    row[r] = 't';
    row[(r * 7 + 3) % 64] = 't';
    board += (r == 0 ? "" : "/") + row;
  }
  auto position = nimkit::parse_position(board, rules_of("turning-corners"));
  ASSERT_TRUE(position.ok()) << position.error();
  const auto start = Clock::now();
  nimkit::Rng rng(1);
  auto move = nimkit::choose_move(*position, nimkit::Convention::kNormal, nimkit::Level{}, rng,
                                  metered(nimkit::kDefaultWorkSteps));
  ASSERT_TRUE(move.ok()) << move.error();
  EXPECT_LT(seconds_since(start), 5.0 * nimkit_test::kTimeFactor);
  // Lost: every move loses, and the one chosen is legal.
  auto after = nimkit::first_player_wins(position->after(*move), nimkit::Convention::kNormal);
  ASSERT_TRUE(after.ok());
  EXPECT_TRUE(*after);
}

}  // namespace
