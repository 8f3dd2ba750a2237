// Position notation: what parse_position() refuses (with the exact one-line message naming the
// bad value), what it accepts, and format_position(parse_position(t)) == t.
#include "nimkit/notation.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/registry.h"
#include "test_rulesets.h"

namespace {

using nimkit_test::rules_of;

// The error parse_position() gives, or "(accepted)".
std::string refusal(const char* text, const char* default_rules = "nim") {
  auto position = nimkit::parse_position(text, default_rules ? rules_of(default_rules) : nullptr);
  return position.ok() ? "(accepted)" : position.error();
}

std::string round_trip(const char* text, const char* default_rules) {
  const auto defaults = default_rules ? rules_of(default_rules) : nullptr;
  auto position = nimkit::parse_position(text, defaults);
  if (!position.ok()) return "error: " + position.error();
  return nimkit::format_position(*position, defaults.get());
}

TEST(Notation, NegativeHeapIsRefusedNamingIt) {
  EXPECT_EQ(refusal("3 -3 5"), "heap \"-3\" is negative: expected 0 to 18446744073709551615");
}

TEST(Notation, WordIsRefusedForNim) {
  EXPECT_EQ(refusal("3x"), "heap \"3x\" is not a non-negative integer");
  EXPECT_EQ(refusal("three"), "heap \"three\" is not a non-negative integer");
}

TEST(Notation, OverflowIsRefusedNotClamped) {
  EXPECT_EQ(refusal("18446744073709551616"),
            "heap \"18446744073709551616\" is larger than 18446744073709551615");
  EXPECT_EQ(refusal("99999999999999999999999"),
            "heap \"99999999999999999999999\" is larger than 18446744073709551615");
}

TEST(Notation, LargestHeapIsAccepted) {
  auto position = nimkit::parse_position("18446744073709551615 0", rules_of("nim"));
  ASSERT_TRUE(position.ok());
  EXPECT_EQ(nimkit::heap_sizes(*position), (std::vector<std::uint64_t>{18446744073709551615u, 0}));
  EXPECT_EQ(round_trip("18446744073709551615 0", "nim"), "18446744073709551615 0");
  EXPECT_EQ(round_trip("18446744073709551615x", "zero-move"), "18446744073709551615x");
}

// The position a game of vanishing components ends at (a graph's last vertex removed) is written
// "" and reads back: a sum of no games, where the player to move has no move.
TEST(Notation, NoTokensAreThePositionWithNoComponents) {
  for (const char* text : {"", "   "}) {
    auto none = nimkit::parse_position(text, rules_of("nim"));
    ASSERT_TRUE(none.ok()) << none.error();
    EXPECT_TRUE(none->components().empty());
    EXPECT_EQ(nimkit::format_position(*none), "");
  }
  auto without_rules = nimkit::parse_position(std::vector<std::string>{}, nullptr);
  ASSERT_TRUE(without_rules.ok());
  EXPECT_TRUE(without_rules->components().empty());
  auto graph = nimkit::parse_position("1", rules_of("node-kayles"));
  ASSERT_TRUE(graph.ok()) << graph.error();
  auto move = nimkit::parse_move(*graph, "1");
  ASSERT_TRUE(move.ok()) << move.error();
  const nimkit::Position after = graph->after(*move);
  EXPECT_EQ(nimkit::format_position(after), "");
  EXPECT_EQ(round_trip("", "node-kayles"), "");
  for (const auto convention : {nimkit::Convention::kNormal, nimkit::Convention::kMisere}) {
    auto analysis = nimkit::analyze(*without_rules, convention);
    ASSERT_TRUE(analysis.ok()) << analysis.error();
    // Normal play: the player to move cannot move and loses; misère play: the other player made
    // the last move and lost.
    EXPECT_EQ(analysis->winner, convention == nimkit::Convention::kNormal
                                    ? nimkit::Outcome::kSecond
                                    : nimkit::Outcome::kFirst);
    EXPECT_TRUE(analysis->winning_moves.empty());
  }
}

TEST(Notation, UnknownRulesetIsRefusedNamingItAndTheKnownOnes) {
  // Other rulesets may join the list; nim and zero-move are always in it.
  const std::string error = refusal("nim:3 frobnicate:4");
  EXPECT_EQ(error.rfind("unknown ruleset \"frobnicate\" (known: nim, zero-move", 0), 0u) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
  EXPECT_EQ(error.back(), ')');
  const auto made = nimkit::make_ruleset("frobnicate");
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.error(), error);
}

TEST(Notation, SpentZeroMoveOnAnEmptyPileIsRefused) {
  EXPECT_EQ(refusal("3 0x", "zero-move"),
            "heap \"0x\" is empty and has no zero move to spend: write 0");
}

TEST(Notation, ZeroMoveRefusesWhatIsNotAPile) {
  EXPECT_EQ(refusal("3y", "zero-move"), "heap \"3y\" is not a non-negative integer");
  EXPECT_EQ(refusal("-3", "zero-move"),
            "heap \"-3\" is negative: expected 0 to 18446744073709551615");
  EXPECT_EQ(refusal("x", "zero-move"), "heap \"x\" is not a pile: expected N or Nx");
}

TEST(Notation, QualifiedHeapErrorsNameTheToken) {
  EXPECT_EQ(refusal("nim:3x"), "in \"nim:3x\": heap \"3x\" is not a non-negative integer");
  EXPECT_EQ(refusal("zero-move:4,0x"),
            "in \"zero-move:4,0x\": heap \"0x\" is empty and has no zero move to spend: write 0");
}

TEST(Notation, BareHeapNeedsADefaultRuleset) {
  EXPECT_EQ(refusal("5", nullptr),
            "item \"5\" names no ruleset: write it as RULES:ITEMS or choose default rules");
}

TEST(Notation, ZeroMoveStateRoundTrips) {
  EXPECT_EQ(round_trip("3 4x 5", "zero-move"), "3 4x 5");
  EXPECT_EQ(round_trip("0 1x 0", "zero-move"), "0 1x 0");
  auto position = nimkit::parse_position("3 4x 5", rules_of("zero-move"));
  ASSERT_TRUE(position.ok());
  ASSERT_EQ(position->item_count(), 3u);
  const std::vector<nimkit::Heap> heaps = nimkit::position_heaps(*position);
  EXPECT_FALSE(heaps[0].zero_spent);
  EXPECT_TRUE(heaps[1].zero_spent);
  EXPECT_EQ(nimkit::format_items(*position), "3 4x 5");
}

TEST(Notation, SumsOfRulesetsRoundTrip) {
  EXPECT_EQ(round_trip("zero-move:3x nim:4", nullptr), "zero-move:3x nim:4");
  EXPECT_EQ(round_trip("zero-move:3x nim:4", "nim"), "zero-move:3x nim:4");
  EXPECT_EQ(round_trip("nim:4 zero-move:7x nim:0", "zero-move"), "nim:4 zero-move:7x nim:0");
  auto position = nimkit::parse_position("zero-move:3x nim:4", nullptr);
  ASSERT_TRUE(position.ok());
  ASSERT_EQ(position->components().size(), 2u);
  EXPECT_EQ(position->components()[0].rules->spec(), "zero-move");
  EXPECT_EQ(position->components()[0].state, (nimkit::State{3, 1}));
  EXPECT_EQ(position->components()[1].rules->spec(), "nim");
  EXPECT_EQ(position->components()[1].state, (nimkit::State{4, 0}));
}

TEST(Notation, SumOfOneRulesetIsWrittenBare) {
  // Heaps of an arity-1 ruleset each become a component; one ruleset needs no qualifier.
  EXPECT_EQ(round_trip("zero-move:3x,4", nullptr), "3x 4");
  EXPECT_EQ(round_trip("nim:1 2", "nim"), "1 2");
  auto position = nimkit::parse_position("zero-move:3x,4 nim:5", nullptr);
  ASSERT_TRUE(position.ok());
  EXPECT_EQ(position->components().size(), 3u);
  EXPECT_EQ(nimkit::format_items(*position), "3x 4 5");
}

TEST(Notation, ComponentsThatWouldMergeAreWrittenApart) {
  // Bare, one staircase's steps follow another's and read back as one staircase: such
  // neighbours keep their qualifiers.
  EXPECT_EQ(round_trip("staircase:4,0,3 staircase:3,0,2", "staircase"),
            "staircase:4,0,3 staircase:3,0,2");
  EXPECT_EQ(round_trip("moore:2:3,4 moore:2:5,6", "moore:2"), "moore:2:3,4 moore:2:5,6");
  EXPECT_EQ(round_trip("chomp:3,2 chomp:2", "chomp"), "chomp:3,2 chomp:2");
  EXPECT_EQ(round_trip("4 0 3", "staircase"), "4 0 3");
  // Graphs with no vertex in common read back apart; graphs sharing one would join.
  EXPECT_EQ(round_trip("1-2 3-4", "node-kayles"), "1-2 3-4");
  EXPECT_EQ(round_trip("node-kayles:1-2 node-kayles:2-3", "node-kayles"),
            "node-kayles:1-2 node-kayles:2-3");
  EXPECT_EQ(round_trip("arc-kayles:1-2 arc-kayles:2-3", "arc-kayles"),
            "arc-kayles:1-2 arc-kayles:2-3");
  EXPECT_EQ(round_trip("hackenbush:0-1,1-2 hackenbush:0-1", "hackenbush"),
            "hackenbush:e1=g-1,e2=1-2 hackenbush:e1=g-1");
}

TEST(Notation, TwoComponentsOfEveryRulesetReadBackAsWritten) {
  // Each example's start twice, in separate tokens: whatever the ruleset's items look like, the
  // text written (bare in its own rules, qualified in others) reads back as the same position.
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) {
      const auto own = rules_of(spec.c_str());
      auto start = nimkit::parse_position(entry.start, own);
      ASSERT_TRUE(start.ok()) << spec << ": " << start.error();
      if (start->components().empty()) continue;
      const std::string token = spec + ":" + nimkit::format_component(start->components()[0]);
      auto twice = nimkit::parse_position(token + " " + token, nullptr);
      ASSERT_TRUE(twice.ok()) << token << ": " << twice.error();
      for (const auto& defaults : {own, rules_of("nim")}) {
        const std::string text = nimkit::format_position(*twice, defaults.get());
        auto back = nimkit::parse_position(text, defaults);
        ASSERT_TRUE(back.ok()) << text << ": " << back.error();
        EXPECT_EQ(*back, *twice) << spec << ": " << token << " " << token << " written " << text;
      }
    }
  }
}

}  // namespace
