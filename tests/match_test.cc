// Moves as people type them (parse_move), game records (Match: play, undo, redo, rebuild) and
// saved games (save_game, load_game).
#include "nimkit/match.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"
#include "test_rulesets.h"

namespace {

using nimkit_test::rules_of;

nimkit::Position position(const char* text, const char* spec = "nim") {
  auto parsed = nimkit::parse_position(text, rules_of(spec));
  EXPECT_TRUE(parsed.ok()) << text;
  return *parsed;
}

// The error parse_move() gives for `move` in `start`, or "(accepted)".
std::string move_error(const char* start, const char* move, const char* spec = "nim") {
  auto parsed = nimkit::parse_move(position(start, spec), move);
  return parsed.ok() ? "(accepted)" : parsed.error();
}

nimkit::Match match(const char* start, const char* spec = "nim",
                    nimkit::Convention convention = nimkit::Convention::kNormal) {
  return nimkit::Match(rules_of(spec), position(start, spec), convention);
}

std::string text_of(const nimkit::Match& m) {
  return nimkit::format_position(m.position(), m.rules().get());
}

// The error load_game() gives for `file`, or "(accepted)".
std::string load_error(const std::string& file) {
  auto loaded = nimkit::load_game(file);
  return loaded.ok() ? "(accepted)" : loaded.error();
}

TEST(ParseMove, ReadsHeapAndCount) {
  const auto start = position("3 4 5");
  auto move = nimkit::parse_move(start, "1 2");
  ASSERT_TRUE(move.ok());
  EXPECT_EQ(move->component, 0u);
  EXPECT_EQ(move->option, (nimkit::Option{{nimkit::State{1, 0}}}));
  EXPECT_EQ(nimkit::format_move(start, *move), "1 2");
  auto spaced = nimkit::parse_move(start, "  3   5 ");
  ASSERT_TRUE(spaced.ok());
  EXPECT_EQ(nimkit::format_position(start.after(*spaced)), "3 4 0");
}

TEST(ParseMove, WhiteSpaceAroundAMoveMeansNothingInAnyFamily) {
  EXPECT_EQ(move_error("1-2,2-3", " 2\t", "node-kayles"), "(accepted)");
  EXPECT_EQ(move_error("ab>c,c>d@ab", "c ", "digraph"), "(accepted)");
  auto sum = nimkit::parse_position("node-kayles:1-2 node-kayles:1-2", nullptr);
  ASSERT_TRUE(sum.ok()) << sum.error();
  auto move = nimkit::parse_move(*sum, "  @2   1  ");
  ASSERT_TRUE(move.ok()) << move.error();
  EXPECT_EQ(move->component, 1u);
}

TEST(ParseMove, NoSuchHeapIsNamed) {
  EXPECT_EQ(move_error("3 4 5", "9 1"), "no heap 9: heaps are numbered 1 to 3");
  EXPECT_EQ(move_error("3 4 5", "0 1"), "no heap 0: heaps are numbered 1 to 3");
}

TEST(ParseMove, EmptyHeapIsNamed) { EXPECT_EQ(move_error("0 4 5", "1 1"), "heap 1 is empty"); }

TEST(ParseMove, TakingMoreThanTheHeapHoldsIsRefused) {
  EXPECT_EQ(move_error("3 4 5", "2 7"), "heap 2 has only 4 objects, cannot take 7");
  EXPECT_EQ(move_error("3 4 5", "2 18446744073709551616"),
            "count \"18446744073709551616\" is larger than 18446744073709551615");
}

TEST(ParseMove, ZeroMoveOnNimIsRefused) {
  EXPECT_EQ(move_error("3 4 5", "2 0"),
            "a move must take at least one object from heap 2 in nim; heap 2 allows 4 moves: "
            "\"2 1\", \"2 2\", \"2 3\", \"2 4\"");
}

TEST(ParseMove, ZeroMoveIsTakeZeroInZeroMoveNim) {
  const auto start = position("3 4 5", "zero-move");
  auto move = nimkit::parse_move(start, "2 0");
  ASSERT_TRUE(move.ok());
  EXPECT_EQ(nimkit::describe(start, *move), "zero move on heap 2");
  EXPECT_EQ(nimkit::format_position(start.after(*move)), "3 4x 5");
}

TEST(ParseMove, SpentZeroMoveIsRefused) {
  EXPECT_EQ(move_error("3 4x 5", "2 0", "zero-move"), "heap 2 has already used its zero move");
  // Taking objects from a spent pile is still allowed.
  EXPECT_EQ(move_error("3 4x 5", "2 1", "zero-move"), "(accepted)");
}

TEST(ParseMove, MalformedTextIsRefusedNamingIt) {
  EXPECT_EQ(move_error("3 4 5", ""), "empty move: expected HEAP COUNT, e.g. \"1 2\"");
  EXPECT_EQ(move_error("3 4 5", "1"), "move \"1\" is not HEAP COUNT, e.g. \"1 2\"");
  EXPECT_EQ(move_error("3 4 5", "one 2"), "heap number \"one\" is not a non-negative integer");
  EXPECT_EQ(move_error("3 4 5", "1 two"), "count \"two\" is not a non-negative integer");
  // What is accepted: 0 is not (no zero move in Nim), so the range is the heap's.
  EXPECT_EQ(move_error("3 4 5", "1 -2"), "count \"-2\" is negative: heap 1 allows taking 1 to 3");
  EXPECT_EQ(move_error("3 4 5", "-1 2"),
            "heap number \"-1\" is negative: expected 0 to 18446744073709551615");
}

TEST(Match, PlaysRecordsAndPredicts) {
  auto m = match("3 4 5");
  auto played = m.play("1 2");
  ASSERT_TRUE(played.ok());
  const nimkit::MoveRecord& r = **played;
  EXPECT_EQ(r.text, "1 2");
  EXPECT_EQ(r.description, "take 2 from heap 1");
  EXPECT_EQ(r.mover, 0u);
  EXPECT_FALSE(r.threw_away_win);
  EXPECT_EQ(text_of(m), "1 4 5");
  EXPECT_EQ(m.to_move(), 1u);
  EXPECT_FALSE(m.over());
}

TEST(Match, FailedMoveChangesNothing) {
  auto m = match("3 4x 5", "zero-move");
  ASSERT_TRUE(m.play("1 1").ok());
  for (const char* bad : {"2 0", "9 1", "1 3", "x y", ""}) {
    auto played = m.play(bad);
    EXPECT_FALSE(played.ok()) << bad;
    EXPECT_EQ(m.history().size(), 1u) << bad;
    EXPECT_EQ(text_of(m), "2 4x 5") << bad;
    EXPECT_EQ(m.to_move(), 1u) << bad;
  }
}

TEST(Match, UndoTakesBackOneMoveAtATime) {
  auto m = match("3 4 5", "zero-move");
  EXPECT_FALSE(m.undo());
  ASSERT_TRUE(m.play("2 0").ok());
  ASSERT_TRUE(m.play("3 5").ok());
  EXPECT_EQ(text_of(m), "3 4x 0");
  EXPECT_TRUE(m.undo());
  EXPECT_EQ(text_of(m), "3 4x 5");
  EXPECT_EQ(m.to_move(), 1u);
  EXPECT_TRUE(m.undo());
  EXPECT_EQ(text_of(m), "3 4 5");
  EXPECT_TRUE(m.history().empty());
  EXPECT_FALSE(m.undo());
  // The zero move undone is available again.
  EXPECT_TRUE(m.play("2 0").ok());
}

// undo_turn and redo_turn against the rule written out move by move (as the terminal game and the
// page once wrote it): undo takes back moves until a person's has gone, redo plays one and then
// the computer's replies. Every number of moves on the board, for the person moving first,
// second, and both (hot seat).
TEST(Match, UndoAndRedoTurnGoBackToAPersonsTurn) {
  const std::vector<std::string> moves{"1 1", "2 1", "3 1", "1 1", "2 1", "3 1"};
  for (const unsigned mask : {1u, 2u, 3u}) {
    const nimkit::Match::Seats people(mask);
    for (std::size_t played = 0; played <= moves.size(); ++played) {
      auto rebuilt =
          nimkit::Match::rebuild(rules_of("nim"), *nimkit::parse_position("3 3 3", rules_of("nim")),
                                 nimkit::Convention::kNormal, moves, played);
      ASSERT_TRUE(rebuilt.ok()) << rebuilt.error();
      nimkit::Match m = *rebuilt;
      std::size_t expected_undo = played;
      bool person_moved = false;
      for (std::size_t i = 0; i < played; ++i) person_moved |= people.test(i % 2);
      if (person_moved) {
        do {
          --expected_undo;
        } while (!people.test(expected_undo % 2));
      }
      std::size_t expected_redo = played;
      if (played < moves.size()) {
        do {
          ++expected_redo;
        } while (expected_redo < moves.size() && !people.test(expected_redo % 2));
      }
      nimkit::Match undone = m;
      EXPECT_EQ(undone.undo_turn(people), person_moved) << mask << " " << played;
      EXPECT_EQ(undone.history().size(), expected_undo) << mask << " " << played;
      EXPECT_EQ(m.played_after_undo_turn(people),
                person_moved ? std::optional<std::size_t>(expected_undo) : std::nullopt);
      nimkit::Match redone = m;
      EXPECT_EQ(redone.redo_turn(people), played < moves.size()) << mask << " " << played;
      EXPECT_EQ(redone.history().size(), expected_redo) << mask << " " << played;
      EXPECT_EQ(m.played_after_redo_turn(people),
                played < moves.size() ? std::optional<std::size_t>(expected_redo) : std::nullopt);
    }
  }
}

TEST(Match, RedoPlaysTheMovesTakenBackInOrder) {
  auto m = match("3 4 5");
  EXPECT_FALSE(m.redo());
  ASSERT_TRUE(m.play("1 3").ok());
  ASSERT_TRUE(m.play("2 1").ok());
  ASSERT_TRUE(m.undo());
  ASSERT_TRUE(m.undo());
  ASSERT_EQ(m.undone().size(), 2u);
  EXPECT_EQ(m.undone().back().text, "1 3");
  EXPECT_TRUE(m.redo());
  EXPECT_EQ(text_of(m), "0 4 5");
  EXPECT_EQ(m.to_move(), 1u);
  EXPECT_TRUE(m.redo());
  EXPECT_EQ(text_of(m), "0 3 5");
  EXPECT_EQ(m.history().back().mover, 1u);
  EXPECT_FALSE(m.redo());
  EXPECT_TRUE(m.undone().empty());
}

TEST(Match, AMovePlayedDropsTheMovesTakenBack) {
  auto m = match("3 4 5");
  ASSERT_TRUE(m.play("1 3").ok());
  ASSERT_TRUE(m.undo());
  // A move refused keeps them; a move played drops them.
  EXPECT_FALSE(m.play("1 9").ok());
  EXPECT_EQ(m.undone().size(), 1u);
  ASSERT_TRUE(m.play("1 2").ok());
  EXPECT_TRUE(m.undone().empty());
  EXPECT_FALSE(m.redo());
  EXPECT_EQ(text_of(m), "1 4 5");
}

TEST(Match, RebuildGivesTheRecordPlayedMoveByMove) {
  const std::vector<std::string> moves = {"1 3", "2 1", "3 4"};
  auto played = match("3 4 5");
  for (const auto& move : moves) ASSERT_TRUE(played.play(move).ok());
  ASSERT_TRUE(played.undo());
  auto rebuilt = nimkit::Match::rebuild(rules_of("nim"), position("3 4 5"),
                                        nimkit::Convention::kNormal, moves, 2);
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error();
  ASSERT_EQ(rebuilt->history().size(), played.history().size());
  for (std::size_t i = 0; i < played.history().size(); ++i) {
    const auto& a = rebuilt->history()[i];
    const auto& b = played.history()[i];
    EXPECT_EQ(a.text, b.text);
    EXPECT_EQ(a.description, b.description);
    EXPECT_EQ(a.mover, b.mover);
    EXPECT_EQ(a.threw_away_win, b.threw_away_win);
    EXPECT_EQ(a.after, b.after);
  }
  ASSERT_EQ(rebuilt->undone().size(), 1u);
  EXPECT_EQ(rebuilt->undone().back().text, "3 4");
  EXPECT_TRUE(rebuilt->redo());
  EXPECT_EQ(text_of(*rebuilt), "0 3 1");
}

TEST(Match, RebuildNamesTheMoveAtFault) {
  const auto start = position("3 4 5");
  auto rebuild = [&](std::vector<std::string> moves, std::size_t played) {
    auto made =
        nimkit::Match::rebuild(rules_of("nim"), start, nimkit::Convention::kNormal, moves, played);
    return made.ok() ? std::string("(accepted)") : made.error();
  };
  EXPECT_EQ(rebuild({"1 3", "1 1"}, 2), "move 2: heap 1 is empty");
  EXPECT_EQ(rebuild({"1 3"}, 2), "2 moves played of the 1 given");
  EXPECT_EQ(rebuild({"1 3", "2 4", "3 5", "1 1"}, 3), "move 4: the game is over");
  EXPECT_EQ(rebuild({}, 0), "(accepted)");
}

TEST(Match, MarksOnlyMovesThatThrowAWinAway) {
  auto m = match("3 4 5");
  ASSERT_TRUE(m.play("1 2").ok());  // 1 4 5: the winning move
  auto lost = m.play("3 5");        // 1 4 0: the mover was lost anyway
  ASSERT_TRUE(lost.ok());
  EXPECT_FALSE((*lost)->threw_away_win);
  EXPECT_FALSE((*lost)->better);
  const nimkit::Position before = m.position();
  auto thrown = m.play("2 2");  // 1 2 0 has nim-sum 3: the opponent now wins
  ASSERT_TRUE(thrown.ok());
  EXPECT_TRUE((*thrown)->threw_away_win);
  // The move that would have won, found by the match itself: to 1 1 0, a loss for the opponent.
  ASSERT_TRUE((*thrown)->better);
  EXPECT_EQ(nimkit::describe(before, *(*thrown)->better), "take 3 from heap 2");
  auto after_better = nimkit::analyze(before.after(*(*thrown)->better), m.convention());
  ASSERT_TRUE(after_better.ok());
  EXPECT_EQ(after_better->winner, nimkit::Outcome::kSecond);
  auto kept = m.play("2 1");  // 1 1 0: the winning reply
  ASSERT_TRUE(kept.ok());
  EXPECT_FALSE((*kept)->threw_away_win);
  EXPECT_FALSE((*kept)->better);
}

TEST(Match, ACancelledRebuildIsRefusedNotShownHalfChecked) {
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(0);
  limits.meter->cancel();
  const std::vector<std::string> moves = {"1 2", "2 2"};
  auto rebuilt = nimkit::Match::rebuild(rules_of("nim"), position("3 4 5"),
                                        nimkit::Convention::kNormal, moves, 2, limits);
  ASSERT_FALSE(rebuilt.ok());
  EXPECT_EQ(rebuilt.error_kind(), nimkit::ErrorKind::kCancelled) << rebuilt.error();
}

TEST(Match, MisereMarksFollowMisereTheory) {
  // Misère 2 1 1: the winner leaves an odd number of ones, so heap 1 must go to 1, not to 0.
  auto m = match("2 1 1", "nim", nimkit::Convention::kMisere);
  auto bad = m.play("1 2");  // 0 1 1: an even number of ones, the opponent wins
  ASSERT_TRUE(bad.ok());
  EXPECT_TRUE((*bad)->threw_away_win);
  ASSERT_TRUE(m.undo());
  auto good = m.play("1 1");  // 1 1 1: an odd number of ones, the opponent loses
  ASSERT_TRUE(good.ok());
  EXPECT_FALSE((*good)->threw_away_win);
}

TEST(Match, WinnerIsTheLastMoverUnderNormalPlayAndTheOtherUnderMisere) {
  auto normal = match("2");
  ASSERT_TRUE(normal.play("1 2").ok());
  EXPECT_TRUE(normal.over());
  EXPECT_EQ(normal.winner(), 0u);
  auto misere = match("2", "nim", nimkit::Convention::kMisere);
  ASSERT_TRUE(misere.play("1 2").ok());
  EXPECT_TRUE(misere.over());
  EXPECT_EQ(misere.winner(), 1u);
}

TEST(SavedGame, SaveWritesTheDocumentedFormat) {
  auto m = match("3 4 5");
  ASSERT_TRUE(m.play("1 2").ok());
  ASSERT_TRUE(m.play("3 5").ok());
  ASSERT_TRUE(m.play("2 2").ok());
  EXPECT_EQ(save_game(m, "human", "computer"),
            "nimkit-game 3\n"
            "rules nim\n"
            "convention normal\n"
            "players human computer\n"
            "start 3 4 5\n"
            "move 1 2\n"
            "move 3 5\n"
            "move 2 2 !\n");
}

TEST(SavedGame, SaveThenLoadRoundTrips) {
  for (auto convention : {nimkit::Convention::kNormal, nimkit::Convention::kMisere}) {
    auto m = match("3 4x 5 1", "zero-move", convention);
    for (const char* move : {"1 0", "2 4", "3 0", "1 3", "4 1"}) ASSERT_TRUE(m.play(move).ok());
    const std::string saved = save_game(m, "alice", "bob");
    auto loaded = nimkit::load_game(saved);
    ASSERT_TRUE(loaded.ok()) << loaded.error() << "\n" << saved;
    const nimkit::Match& back = *loaded->match;
    EXPECT_EQ(loaded->first_player, "alice");
    EXPECT_EQ(loaded->second_player, "bob");
    EXPECT_EQ(back.convention(), convention);
    EXPECT_EQ(back.rules()->spec(), "zero-move");
    EXPECT_TRUE(back.start() == m.start());
    EXPECT_TRUE(back.position() == m.position());
    ASSERT_EQ(back.history().size(), m.history().size());
    for (std::size_t i = 0; i < m.history().size(); ++i) {
      EXPECT_EQ(back.history()[i].move, m.history()[i].move) << i;
      EXPECT_EQ(back.history()[i].threw_away_win, m.history()[i].threw_away_win) << i;
    }
    EXPECT_EQ(save_game(back, "alice", "bob"), saved);
  }
}

TEST(SavedGame, ASumIsSavedAsASumNamingEveryComponentsRuleset) {
  auto start = nimkit::parse_position("kayles:2,3 dawson:12 nim:3", nullptr);
  ASSERT_TRUE(start.ok()) << start.error();
  nimkit::Match m(nullptr, *start, nimkit::Convention::kNormal);
  ASSERT_TRUE(m.play("1 1").ok());
  ASSERT_TRUE(m.play("2 1 1 1").ok());
  const std::string saved = save_game(m, "you", "computer");
  EXPECT_EQ(saved,
            "nimkit-game 3\n"
            "rules sum\n"
            "convention normal\n"
            "players you computer\n"
            "start kayles:2,3 dawson:12 nim:3\n"
            "move 1 1\n"
            "move 2 2\n");
  auto loaded = nimkit::load_game(saved);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(loaded->match->rules(), nullptr);
  EXPECT_TRUE(loaded->match->position() == m.position());
  EXPECT_EQ(save_game(*loaded->match, "you", "computer"), saved);
}

// Bare items of one ruleset can merge components (two graphs with the same vertex names, two
// Moore components): such a start is saved as a sum, a token per component, and replays.
TEST(SavedGame, ComponentsThatBareItemsWouldMergeStayApart) {
  for (auto [start, move] : {std::pair{"node-kayles:1-2 node-kayles:1-2", "@1 1"},
                             std::pair{"moore:2:1,1 moore:2:2", "@1 1:1"}}) {
    auto position = nimkit::parse_position(start, nullptr);
    ASSERT_TRUE(position.ok()) << position.error();
    nimkit::Match m(position->components().front().rules, *position, nimkit::Convention::kNormal);
    ASSERT_TRUE(m.play(move).ok()) << start;
    const std::string saved = save_game(m, "you", "computer");
    const std::string rules = position->components().front().rules->spec();
    EXPECT_TRUE(saved.find(fmt::format("rules {}\n", rules)) != std::string::npos) << saved;
    EXPECT_TRUE(saved.find(fmt::format("start {}\n", start)) != std::string::npos) << saved;
    auto loaded = nimkit::load_game(saved);
    ASSERT_TRUE(loaded.ok()) << loaded.error() << "\n" << saved;
    EXPECT_TRUE(loaded->match->start() == m.start()) << start;
    EXPECT_TRUE(loaded->match->position() == m.position()) << start;
  }
}

TEST(SavedGame, AFileWrittenBeforeSumsStillLoads) {
  // The form every earlier version wrote: one ruleset, the start in its bare notation.
  auto loaded = nimkit::load_game(
      "nimkit-game 1\nrules nim\nconvention normal\nstart 3 4 5\nmove 1 2\nmove 3 1\n");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(loaded->match->rules()->spec(), "nim");
  EXPECT_EQ(nimkit::format_position(loaded->match->position()), "1 4 4");
}

TEST(SavedGame, ASumNeedsQualifiedComponents) {
  auto loaded = nimkit::load_game("nimkit-game 1\nrules sum\nconvention normal\nstart 3 4\n");
  ASSERT_FALSE(loaded.ok());
  EXPECT_TRUE(loaded.error().starts_with("line 4: ")) << loaded.error();
}

const std::string kHead =
    "nimkit-game 1\n"           // line 1
    "rules nim\n"               // line 2
    "convention normal\n"       // line 3
    "players human computer\n"  // line 4
    "start 3 4 5\n";            // line 5

TEST(SavedGame, CommentsAndBlankLinesAreAllowed) {
  auto loaded = nimkit::load_game(
      "# a game\n"
      "nimkit-game 1\n"
      "\n"
      "  # the ruleset\n"
      "rules nim\n"
      "\t#convention normal\n"
      "convention misere\r\n"
      "start 3 4 5\n"
      "move 1 2\n");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(loaded->match->convention(), nimkit::Convention::kMisere);
  EXPECT_EQ(text_of(*loaded->match), "1 4 5");
}

// A comment is a whole line: a '#' inside a record is the record's (a filled Cram cell), so a
// Cram board with filled cells replays. (A '#' anywhere used to start a comment, and every Cram
// game whose board had one failed to load.)
TEST(SavedGame, AHashInsideARecordIsData) {
  auto m = match("#.#/.../#.#", "cram");
  ASSERT_TRUE(m.play("a2 b2").ok());
  const std::string saved = save_game(m, "you", "computer");
  EXPECT_EQ(saved,
            "nimkit-game 3\n"
            "rules cram\n"
            "convention normal\n"
            "players you computer\n"
            "start #.#/.../#.#\n"
            "move " +
                m.history()[0].text + "\n");
  auto loaded = nimkit::load_game(saved);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_TRUE(loaded->match->position() == m.position());
  EXPECT_EQ(load_error(kHead + "move 1 2 # the winning move\n"),
            "line 6: part \"#\" is not a non-negative integer");
}

// The '!' mark is a word of its own, and the move before it is read without the blank between
// them: in the graph families a vertex "5 " was refused ("move "5 " is not a vertex").
TEST(SavedGame, MarkedMovesOfGraphFamiliesReplay) {
  struct Case {
    const char* spec;
    const char* start;  // a position the first player wins
  };
  for (const Case& c : {Case{"node-kayles", "1-2,2-3"}, Case{"arc-kayles", "1-2,2-3,3-4"},
                        Case{"hackenbush", "0-1,1-2"}, Case{"digraph", "a>b,b>c,a>c@a"}}) {
    auto m = match(c.start, c.spec);
    // The first move that throws the win away.
    for (std::size_t i = 0; i < m.position().move_count(); ++i) {
      if (m.play(m.position().move_at(i)).threw_away_win) break;
      m.undo();
    }
    ASSERT_EQ(m.history().size(), 1u) << c.spec;
    const std::string saved = save_game(m, "you", "computer");
    EXPECT_TRUE(saved.ends_with(" !\n")) << saved;
    auto loaded = nimkit::load_game(saved);
    ASSERT_TRUE(loaded.ok()) << c.spec << ": " << loaded.error() << "\n" << saved;
    EXPECT_TRUE(loaded->match->history().back().threw_away_win) << c.spec;
  }
}

TEST(SavedGame, WrongHeaderIsRefusedAtLineOne) {
  EXPECT_EQ(load_error("nimkit-gmae 1\nrules nim\n"),
            "line 1: not a nimkit game file (expected \"nimkit-game 3\")");
  EXPECT_EQ(load_error("rules nim\n"),
            "line 1: not a nimkit game file (expected \"nimkit-game 3\")");
  EXPECT_EQ(load_error("\n# comment\nnimkit-game 4\n"),
            "line 3: unsupported version \"4\" (this nimkit reads 1, 2 and 3)");
  EXPECT_EQ(load_error(""), "empty file: not a nimkit game");
}

TEST(SavedGame, UnknownRecordIsRefusedNamingIt) {
  EXPECT_EQ(load_error(kHead + "colour red\n"), "line 6: unknown record \"colour\"");
}

TEST(SavedGame, IllegalMoveIsRefusedAtItsLine) {
  EXPECT_EQ(load_error(kHead + "move 1 2\nmove 3 5\nmove 2 9\n"),
            "line 8: heap 2 has only 4 objects, cannot take 9");
  EXPECT_EQ(load_error(kHead + "move 1 2\n# thinking\n\nmove 7 1\n"),
            "line 9: no heap 7: heaps are numbered 1 to 3");
  EXPECT_EQ(load_error(kHead + "move 1 2\nmove 3 5\nmove 3 1\n"), "line 8: heap 3 is empty");
}

TEST(SavedGame, WrongWinMarkIsRefusedAtItsLine) {
  EXPECT_EQ(load_error(kHead + "move 1 2 !\n"),
            "line 6: move is marked '!' but did not throw away a win");
  EXPECT_EQ(load_error(kHead + "move 1 2\nmove 3 5\nmove 2 2\n"),
            "line 8: move threw away a win but is not marked '!'");
  EXPECT_EQ(load_error(kHead + "move 1 2\nmove 3 5\nmove 2 2 !\n"), "(accepted)");
}

TEST(SavedGame, MoveBeforeStartIsRefused) {
  EXPECT_EQ(load_error("nimkit-game 1\nrules nim\nconvention normal\nmove 1 2\nstart 3 4 5\n"),
            "line 4: a move before the \"start\" line");
}

TEST(SavedGame, OtherCorruptionsNameTheirLine) {
  EXPECT_EQ(load_error("nimkit-game 1\nrules nim\nconvention sideways\nstart 1\n"),
            "line 3: convention \"sideways\" is not normal or misere");
  EXPECT_EQ(load_error("nimkit-game 1\nrules nim\nconvention normal\n"),
            "line 3: no \"start\" line");
  // A record with no value at all (this used to throw std::out_of_range).
  EXPECT_EQ(load_error("nimkit-game 1\nrules nim\nconvention\nstart 1\n"),
            "line 3: convention \"\" is not normal or misere");
  EXPECT_EQ(load_error("nimkit-game 1\nrules nim\nconvention normal\nstart 3 x\n"),
            "line 4: heap \"x\" is not a non-negative integer");
  EXPECT_EQ(load_error(kHead + "start 1 2\n"), "line 6: a second \"start\" line");
  // 3 4 5 -> 1 4 5 -> 0 4 5 -> 0 4 4 -> 0 0 4 -> 0 0 0, then one move too many.
  EXPECT_EQ(load_error(kHead + "move 1 2\nmove 1 1\nmove 3 1\nmove 2 4\nmove 3 4\nmove 1 1\n"),
            "line 11: a move after the game ended");
}

// Version 2 numbered Hackenbush's edges afresh after every cut, as items across the position
// like heaps; its files still replay the same game, now with every edge under its lasting name.
TEST(SavedGame, Version2HackenbushMovesReplayByTheirOldNumbers) {
  auto loaded = nimkit::load_game(
      "nimkit-game 2\nrules hackenbush\nconvention normal\nstart 0-1 1-2 2-0 0-3 0-4\n"
      "move 2\nmove 2\n");  // 1-2, then the second edge left: 2-0
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const auto& history = loaded->match->history();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[1].description, "cut edge 3 (2-g)");
  EXPECT_NE(save_game(*loaded->match, "a", "b").find("move 2\nmove 3\n"), std::string::npos)
      << save_game(*loaded->match, "a", "b");
  // A heap after the edges was item 3 then, and is heap 1 now.
  auto sum = nimkit::load_game(
      "nimkit-game 2\nrules sum\nconvention normal\nstart hackenbush:0-1,0-2 nim:3\n"
      "move 3 3\n");
  ASSERT_TRUE(sum.ok()) << sum.error();
  EXPECT_EQ(sum->match->history().front().description, "take 3 from heap 1");
}

}  // namespace
