// Moves in each heap family's own words: split heaps in Grundy's game ("1 3 4"), pins knocked in
// the bowling games ("1 2", "1 2-3"), the take notation still read where it cannot be misread,
// refused moves listing what the heap allows, and saved games of the take notation still loading.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"
#include "nimkit/text.h"

namespace {

nimkit::Position position(const char* text, const char* spec) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  auto parsed = nimkit::parse_position(text, *rules);
  EXPECT_TRUE(parsed.ok()) << text;
  return *parsed;
}

// What `move` does from `start` in words and back in notation, or its error.
std::string said(const char* start, const char* move, const char* spec) {
  const nimkit::Position before = position(start, spec);
  auto parsed = nimkit::parse_move(before, move);
  if (!parsed) return "error: " + parsed.error();
  return nimkit::describe(before, *parsed) + " = " + nimkit::format_move(before, *parsed) + " -> " +
         nimkit::format_position(before.after(*parsed));
}

TEST(MoveWords, GrundySplitsAHeapIntoTheTwoHeapsNamed) {
  EXPECT_EQ(said("7 5", "1 3 4", "grundy"), "split heap 1 into 3 and 4 = 1 3 4 -> 3 4 5");
  EXPECT_EQ(said("7 5", "1 4 3", "grundy"), "split heap 1 into 3 and 4 = 1 3 4 -> 3 4 5");
  // One part: the rest of the heap is the other.
  EXPECT_EQ(said("7 5", "2 1", "grundy"), "split heap 2 into 1 and 4 = 2 1 4 -> 7 1 4");
  // The take notation of earlier saved games still reads.
  EXPECT_EQ(said("7 5", "1 0 3 4", "grundy"), "split heap 1 into 3 and 4 = 1 3 4 -> 3 4 5");
}

TEST(MoveWords, GrundyMistakesSayWhatAMoveIsWithThisHeapsMoves) {
  const std::string rule =
      "a move in grundy is to split one heap into two non-empty heaps of different sizes; ";
  EXPECT_EQ(said("7 5", "1 1 2", "grundy"),
            "error: cannot split heap 1 (7 objects) into 1 and 2: " + rule +
                "heap 1 allows 3 moves: \"1 1 6\", \"1 2 5\", \"1 3 4\"");
  EXPECT_EQ(said("7 5 5", "3 2 0", "grundy"),
            "error: cannot split heap 3 (5 objects) into 2 and 0: " + rule +
                "heap 3 allows 2 moves: \"3 1 4\", \"3 2 3\"");
  EXPECT_EQ(said("8", "1 4 4", "grundy"),
            "error: cannot split heap 1 (8 objects) into 4 and 4: " + rule +
                "heap 1 allows 3 moves: \"1 1 7\", \"1 2 6\", \"1 3 5\"");
  EXPECT_EQ(said("2 5", "1 1", "grundy"), "error: cannot split heap 1 (2 objects) into 1 and 1: " +
                                              rule + "heap 1 has no moves left");
}

TEST(MoveWords, KaylesKnocksThePinsNamed) {
  EXPECT_EQ(said("8 5", "1 2", "kayles"), "knock pin 2 of row 1 = 1 2 -> 1 6 5");
  EXPECT_EQ(said("8 5", "1 2-3", "kayles"), "knock pins 2-3 of row 1 = 1 2-3 -> 1 5 5");
  // From either end: the same move, told as knocking the first pins.
  EXPECT_EQ(said("8 5", "2 1", "kayles"), "knock pin 1 of row 2 = 2 1 -> 8 4");
  EXPECT_EQ(said("8 5", "2 5", "kayles"), "knock pin 1 of row 2 = 2 1 -> 8 4");
  // The pins either side of the gap, whichever side is written.
  EXPECT_EQ(said("8 5", "1 7", "kayles"), "knock pin 2 of row 1 = 1 2 -> 1 6 5");
  // Dawson's Kayles knocks two pins, never one.
  EXPECT_EQ(said("8", "1 4-5", "dawson"), "knock pins 4-5 of row 1 = 1 4-5 -> 3 3");
}

TEST(MoveWords, KaylesStillReadsTheTakeNotationWhereItCannotBeMisread) {
  EXPECT_EQ(said("8 5", "1 1 2 5", "kayles"), "knock pin 3 of row 1 = 1 3 -> 2 5 5");
  EXPECT_EQ(said("8 5", "1:2", "kayles"),
            "error: taking 2 from heap 1 can leave 1+5; 2+4; 3+3; 6: add the parts, e.g. "
            "\"1 2 1 5\"");
}

TEST(MoveWords, ARefusedKnockListsTheRowsMoves) {
  EXPECT_EQ(said("8 3", "2 1-3", "kayles"),
            "error: kayles does not allow knocking pins \"1-3\" of row 2; row 2 allows 3 moves: "
            "\"2 2\", \"2 1\", \"2 1-2\"");
  EXPECT_EQ(said("8 3", "2 4", "kayles"), "error: row 2 has pins 1 to 3: cannot knock \"4\"");
  EXPECT_EQ(said("8 3", "9 1", "kayles"), "error: no row 9: rows are numbered 1 to 2");
  EXPECT_EQ(said("8 3", "2 3-2", "kayles"), "error: row 2 has pins 1 to 3: cannot knock \"3-2\"");
  EXPECT_EQ(said("8 3", "1 1", "dawson"),
            "error: dawson does not allow knocking pin \"1\" of row 1; row 1 allows 4 moves: "
            "\"1 2-3\", \"1 3-4\", \"1 4-5\", \"1 1-2\"");
}

// A move naming one option is checked by the family's rule, never by listing a heap's options:
// each is read and made on a heap of 2^64-1 at once.
TEST(MoveWords, AMoveNamingOneOptionIsReadOnAHeapOf2To64Minus1) {
  const char* max = "18446744073709551615";
  EXPECT_EQ(said(max, "1 5", "kayles"), "knock pin 5 of row 1 = 1 5 -> 4 18446744073709551610");
  EXPECT_EQ(said(max, "1 2-3", "kayles"),
            "knock pins 2-3 of row 1 = 1 2-3 -> 1 18446744073709551612");
  EXPECT_EQ(said(max, "1 1 4 18446744073709551610", "kayles"),
            "knock pin 5 of row 1 = 1 5 -> 4 18446744073709551610");
  EXPECT_EQ(said(max, "1 18446744073709551615", "kayles"),
            "knock pin 1 of row 1 = 1 1 -> 18446744073709551614");
  EXPECT_EQ(said(max, "1 4-5", "dawson"),
            "knock pins 4-5 of row 1 = 1 4-5 -> 3 18446744073709551610");
  EXPECT_EQ(said(max, "1 7-8", "guiles"),
            "knock pins 7-8 of row 1 = 1 7-8 -> 6 18446744073709551607");
  EXPECT_EQ(said(max, "1 3 18446744073709551612", "grundy"),
            "split heap 1 into 3 and 18446744073709551612 = 1 3 18446744073709551612 -> 3 "
            "18446744073709551612");
  EXPECT_EQ(said(max, "1 3", "grundy"),
            "split heap 1 into 3 and 18446744073709551612 = 1 3 18446744073709551612 -> 3 "
            "18446744073709551612");
  EXPECT_EQ(said(max, "1 0 3 18446744073709551612", "lasker"),
            "split heap 1 into 3 and 18446744073709551612 = 1 0 3 18446744073709551612 -> 3 "
            "18446744073709551612");
  EXPECT_EQ(said(max, "1 5", "lasker"), "take 5 from heap 1 = 1 5 -> 18446744073709551610");
  EXPECT_EQ(said(max, "1 4", "subtraction:1,3,4"),
            "take 4 from heap 1 = 1 4 -> 18446744073709551611");
  EXPECT_EQ(said(max, "1 5", "nim"), "take 5 from heap 1 = 1 5 -> 18446744073709551610");
  EXPECT_EQ(said(max, "1 0 2 3 18446744073709551610", "octal:8.0"),
            "split heap 1 into 2, 3 and 18446744073709551610 = 1 0 2 3 18446744073709551610 -> "
            "2 3 18446744073709551610");
}

TEST(MoveWords, AnIllegalMoveOnAHugeHeapNamesTheBadValue) {
  const char* max = "18446744073709551615";
  const std::string dawson = said(max, "1 5", "dawson");
  EXPECT_TRUE(
      dawson.starts_with("error: dawson does not allow knocking pin \"5\" of row 1; row 1 "
                         "allows "))
      << dawson;
  const std::string grundy = said(max, "1 3 4", "grundy");
  EXPECT_TRUE(
      grundy.starts_with("error: cannot split heap 1 (18446744073709551615 objects) into 3 and 4"))
      << grundy;
  const std::string parts = said(max, "1 1 4 5", "kayles");
  EXPECT_TRUE(parts.starts_with("error: taking 1 from heap 1 cannot leave 4 and 5")) << parts;
  const std::string lasker = said(max, "1 0 3 3", "lasker");
  EXPECT_TRUE(lasker.starts_with("error: taking 0 from heap 1 cannot leave 3 and 3")) << lasker;
  // A short form with many readings still says how many there are, without listing them.
  const std::string many = said(max, "1:1", "kayles");
  EXPECT_NE(many.find("more than the scan limit"), std::string::npos) << many;
}

TEST(MoveWords, EachFamilysHelpSaysItsOwnWords) {
  EXPECT_NE(position("7", "grundy").components()[0].rules->move_syntax().find("HEAP A B"),
            std::string::npos);
  EXPECT_NE(position("7", "kayles").components()[0].rules->move_syntax().find("ROW PIN"),
            std::string::npos);
  EXPECT_NE(position("7", "nim").components()[0].rules->move_syntax().find("HEAP COUNT"),
            std::string::npos);
}

// A component is labelled in its moves' words: a row of pins is "row 1", as "knock pin 2 of row 1".
TEST(MoveWords, RowsOfPinsAreLabelledRows) {
  const nimkit::Position kayles = position("7 5", "kayles");
  EXPECT_EQ(kayles.components()[0].rules->label(kayles.components()[0].state, 1), "row 1");
  const nimkit::Position grundy = position("7", "grundy");
  EXPECT_EQ(grundy.components()[0].rules->label(grundy.components()[0].state, 1), "heap 1");
}

// Version 1 wrote a bowling row's moves in the take notation: "1 2" took two pins from row 1 (it
// knocks pin 2 now). Such a file still loads as the game it recorded.
TEST(MoveWords, SavedGamesOfTheTakeNotationStillLoad) {
  auto loaded = nimkit::load_game(
      "nimkit-game 1\nrules kayles\nconvention normal\nplayers you computer\nstart 3 2\n"
      "move 1 2 !\nmove 2 1\n");
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const auto& history = loaded->match->history();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].description, "knock pins 1-2 of row 1");
  EXPECT_EQ(history[1].description, "knock pin 1 of row 2");
  EXPECT_EQ(nimkit::format_position(loaded->match->position()), "1 1");
  // Saved again, it is written in pins and reads back the same.
  const std::string again = nimkit::save_game(*loaded->match, "you", "computer");
  EXPECT_NE(again.find("nimkit-game 3\n"), std::string::npos);
  EXPECT_NE(again.find("move 1 1-2 !\nmove 2 1\n"), std::string::npos) << again;
  auto back = nimkit::load_game(again);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(back->match->position() == loaded->match->position());
}

TEST(MoveWords, AMoveNamingNothingListsThePositionsMoves) {
  // Removing vertex 3 of the path 1-2-3-4-5 removes 2 and 4 with it: lone vertices 1 and 5 stay.
  const nimkit::Position path = position("1-2 2-3 3-4 4-5", "node-kayles");
  const nimkit::Position after = path.after(*nimkit::parse_move(path, "remove vertex 3"));
  EXPECT_EQ(nimkit::parse_move(after, "3").error(),
            "move \"3\" names nothing in this position; its moves are \"1\" and \"5\"");
  // A long list is cut to its first moves and the count: a path of 20 vertices has 20 moves.
  std::string edges;
  for (int v = 1; v < 20; ++v) edges += fmt::format("{}-{} ", v, v + 1);
  EXPECT_EQ(nimkit::parse_move(position(edges.c_str(), "node-kayles"), "99").error(),
            "move \"99\" names nothing in this position; it has 20 moves, the first \"1\", "
            "\"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\"");
}

TEST(MoveWords, RulesetNamesAreReadInEitherCase) {
  auto kayles = nimkit::make_ruleset("Kayles");
  ASSERT_TRUE(kayles.ok()) << kayles.error();
  EXPECT_EQ((*kayles)->spec(), "kayles");
  auto subtraction = nimkit::make_ruleset("SUBTRACTION:1,3,4");
  ASSERT_TRUE(subtraction.ok()) << subtraction.error();
  EXPECT_EQ((*subtraction)->spec(), "subtraction:1,3,4");
  ASSERT_NE(nimkit::find_ruleset_entry("Node-Kayles"), nullptr);
  EXPECT_EQ(nimkit::find_ruleset_entry("Node-Kayles")->name, "node-kayles");
  EXPECT_FALSE(nimkit::make_ruleset("Kaylez").ok());
}

}  // namespace

// Inside a sum, after a Nim heap, every family speaks of its own things: one whose moves name no
// heap (Chomp's rows, Kayles' pins, edges, cells, coins) never calls a part of itself a heap in
// its label or in the words of a move.
TEST(MoveWords, NoFamilySpeaksOfHeapsItsMovesDoNotName) {
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) {
      SCOPED_TRACE(spec);
      auto rules = nimkit::make_ruleset(spec);
      ASSERT_TRUE(rules.ok()) << rules.error();
      if ((*rules)->move_syntax().find("heap") != std::string::npos) continue;
      std::vector<std::string> tokens{"nim:3"};
      for (const std::string& word : nimkit::words(entry.start)) tokens.push_back(word);
      auto sum = nimkit::parse_position(tokens, *rules);
      ASSERT_TRUE(sum.ok()) << sum.error();
      for (std::size_t c = 1; c < sum->components().size(); ++c) {
        const nimkit::Component& part = sum->components()[c];
        EXPECT_EQ(part.rules->label(part.state, sum->first_item(c)).find("heap"), std::string::npos)
            << part.rules->label(part.state, sum->first_item(c));
      }
      for (nimkit::Count i = 0; i < std::min<nimkit::Count>(sum->move_count(), 40); ++i) {
        const nimkit::Move move = sum->move_at(i);
        if (move.component == 0) continue;
        const std::string words = nimkit::describe(*sum, move);
        EXPECT_EQ(words.find("heap"), std::string::npos) << words;
      }
    }
  }
}
