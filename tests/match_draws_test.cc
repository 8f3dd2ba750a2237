// The game record where play can go on for ever (Match, saved games): a win thrown into a draw,
// a draw thrown away, positions counted as they come back, and a draw agreed, kept by the saved
// form. The outcomes are checked against analyze(), which loopy_test.cc and take_or_add_test.cc
// check against an independent retrograde analysis.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"

namespace {

using nimkit::Match;
using nimkit::Outcome;

constexpr const char* kTakeOrAdd = "take-or-add:2,3/1/12";

Match match(const std::string& start, const std::string& spec) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  auto position = nimkit::parse_position(start, *rules);
  EXPECT_TRUE(position.ok()) << start;
  return Match(*rules, *position, nimkit::Convention::kNormal);
}

Outcome outcome_of(const nimkit::Position& p) {
  auto analysis = nimkit::analyze(p, nimkit::Convention::kNormal);
  EXPECT_TRUE(analysis.ok());
  return analysis ? analysis->winner : Outcome::kSecond;
}

TEST(MatchDraws, AWinThrownIntoADrawAndADrawThrownAwayAreMarkedWithTheBetterMove) {
  // 4 1: heap 4 is ∞{0}, won by taking 3 (to 1 1, value 0); adding 1 leaves 5 1, a draw.
  Match m = match("4 1", kTakeOrAdd);
  ASSERT_EQ(outcome_of(m.position()), Outcome::kFirst);
  const nimkit::Position won = m.position();
  auto thrown = m.play("1 +1");
  ASSERT_TRUE(thrown.ok()) << thrown.error();
  ASSERT_EQ(outcome_of(m.position()), Outcome::kDraw);
  EXPECT_TRUE((*thrown)->threw_away_win);
  EXPECT_FALSE((*thrown)->threw_away_draw);
  ASSERT_TRUE((*thrown)->better);
  EXPECT_EQ(nimkit::describe(won, *(*thrown)->better), "take 3 from heap 1");
  // From the draw, taking 2 leaves 3 1, which the opponent wins (3 is ∞{0}); adding keeps it.
  const nimkit::Position drawn = m.position();
  auto lost = m.play("1 2");
  ASSERT_TRUE(lost.ok());
  ASSERT_EQ(outcome_of(m.position()), Outcome::kFirst);
  EXPECT_TRUE((*lost)->threw_away_draw);
  EXPECT_FALSE((*lost)->threw_away_win);
  ASSERT_TRUE((*lost)->better);
  EXPECT_EQ(nimkit::describe(drawn, *(*lost)->better), "add 1 to heap 1");
  EXPECT_EQ(outcome_of(drawn.after(*(*lost)->better)), Outcome::kDraw);
  // A move that keeps a draw is no mistake.
  Match kept = match("6", kTakeOrAdd);
  auto add = kept.play("1 +1");
  ASSERT_TRUE(add.ok());
  EXPECT_FALSE((*add)->threw_away_draw || (*add)->threw_away_win || (*add)->better);
}

TEST(MatchDraws, APositionComingBackIsCountedWithThePlayerToMove) {
  // a and b on a cycle: the token comes back to a every two moves, with the first player to move.
  Match m = match("a>b,b>a@a", "digraph");
  EXPECT_EQ(m.repetitions(), 1U);
  const std::vector<std::size_t> expected{1, 2, 2, 3, 3, 4};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    auto played = m.play(i % 2 == 0 ? "b" : "a");
    ASSERT_TRUE(played.ok()) << played.error();
    EXPECT_EQ((*played)->repetition, expected[i]) << "move " << i + 1;
    EXPECT_EQ(m.repetitions(), expected[i]);
    EXPECT_EQ(m.draw_offered(), expected[i] >= Match::kDrawOfferRepetitions) << "move " << i + 1;
  }
  // The same token, the other player to move: b after one move is not b after two.
  Match other = match("a>b,b>a,b>b@a", "digraph");
  ASSERT_TRUE(other.play("b").ok());
  auto stay = other.play("b");
  ASSERT_TRUE(stay.ok());
  EXPECT_EQ((*stay)->repetition, 1U);
  // Undo steps back to the count of the position it returns to.
  ASSERT_TRUE(m.undo());
  EXPECT_EQ(m.repetitions(), 3U);
  // A game whose play cannot repeat never counts: Nim's positions are not even compared.
  Match nim = match("3 4 5", "nim");
  ASSERT_TRUE(nim.play("1 1").ok());
  EXPECT_EQ(nim.history().back().key, 0U);
  EXPECT_EQ(nim.repetitions(), 1U);
}

TEST(MatchDraws, ADrawAgreedEndsTheGameUntilAMoveIsTakenBack) {
  Match m = match("a>b,b>a@a", "digraph");
  for (const char* move : {"b", "a", "b", "a"}) ASSERT_TRUE(m.play(move).ok());
  ASSERT_TRUE(m.draw_offered());
  ASSERT_TRUE(m.agree_draw().ok());
  EXPECT_TRUE(m.over());
  EXPECT_TRUE(m.drawn_by_agreement());
  EXPECT_FALSE(m.draw_offered());
  auto after = m.play("b");
  // A move typed after the agreement is still read: the record lets a front end go on, and the
  // agreement goes with it.
  ASSERT_TRUE(after.ok());
  EXPECT_FALSE(m.drawn_by_agreement());
  ASSERT_TRUE(m.agree_draw().ok());
  ASSERT_TRUE(m.undo());
  EXPECT_FALSE(m.drawn_by_agreement());
  EXPECT_FALSE(m.over());
  // A game over by the rules has no draw to agree.
  Match done = match("a>b@a", "digraph");
  ASSERT_TRUE(done.play("b").ok());
  auto refused = done.agree_draw();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "the game is over: there is no draw to agree");
}

TEST(MatchDraws, ASavedGameKeepsTheDrawAgreedAndRefusesAMoveAfterIt) {
  // 6 → 7 → 5 → 6 takes three moves: 6 stands again with the first player to move after six.
  Match m = match("6 1", kTakeOrAdd);
  for (int round = 0; round < 4; ++round) {
    for (const char* move : {"1 +1", "1 2", "1 +1"}) ASSERT_TRUE(m.play(move).ok()) << move;
  }
  EXPECT_EQ(m.repetitions(), 3U);
  ASSERT_TRUE(m.draw_offered());
  ASSERT_TRUE(m.agree_draw().ok());
  const std::string text = nimkit::save_game(m, "you", "computer");
  EXPECT_TRUE(text.ends_with("move 1 +1\ndraw agreed\n")) << text;
  auto loaded = nimkit::load_game(text);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_TRUE(loaded->match->drawn_by_agreement());
  EXPECT_EQ(loaded->match->history().size(), 12U);
  EXPECT_EQ(nimkit::save_game(*loaded->match, "you", "computer"), text);
  auto moved = nimkit::load_game(text + "move 1 +1\n");
  ASSERT_FALSE(moved.ok());
  EXPECT_EQ(moved.error(), "line 19: a move after the game ended");
  auto finished = nimkit::load_game(
      "nimkit-game 3\nrules digraph\nconvention normal\nstart a>b@a\nmove b\ndraw agreed\n");
  ASSERT_FALSE(finished.ok());
  EXPECT_EQ(finished.error(), "line 6: the game is over: there is no draw to agree");
  // A win thrown into a draw is marked '!' like any win thrown away.
  Match thrown = match("4 1", kTakeOrAdd);
  ASSERT_TRUE(thrown.play("1 +1").ok());
  EXPECT_NE(nimkit::save_game(thrown, "a", "b").find("move 1 +1 !\n"), std::string::npos);
}

}  // namespace
