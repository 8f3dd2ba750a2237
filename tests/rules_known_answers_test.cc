// Known answers about sums and the registry, each named after the fact it proves: mixed sums,
// errors naming the bad value, specs with colons and commas in notation. Each heap family's own
// answers are in its test file (octal_test.cc, subtraction_test.cc, ...).
#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

TEST(KnownAnswers, TheMixedSumFromTheIssueIsAFirstPlayerWin) {
  auto position = nimkit::parse_position("kayles:7 dawson:12 nim:3", nullptr);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(nimkit::to_string(*analysis->grundy), "3");  // 2 ^ 2 ^ 3
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);
}

TEST(RulesetErrors, NameTheBadValue) {
  auto error = [](const std::string& spec) {
    auto rules = nimkit::make_ruleset(spec);
    EXPECT_FALSE(rules.ok()) << spec;
    return rules ? std::string() : rules.error();
  };
  EXPECT_EQ(error("subtraction:1,0"),
            "subtraction number \"0\" is not allowed: every move takes at least one object");
  EXPECT_EQ(error("subtraction:1,x"), "subtraction number \"x\" is not a non-negative integer");
  EXPECT_EQ(error("subtraction:squeres"),
            "unknown subtraction set \"squeres\": expected numbers like 1,3,4, all-but:1,2, "
            "squares, powers-of-2 or fibonacci");
  EXPECT_EQ(error("octal:0.9x"), "octal code \"0.9x\": \"x\" is not a digit (expected 0-9 or A-F)");
  EXPECT_EQ(error("octal:1.7"),
            "octal code \"1.7\": d0 must be 0, 4, 8 or C (splitting without removing), got \"1\"");
  EXPECT_EQ(error("moore:0"), "moore k \"0\" is out of range: expected 1 to 64");
  // Codes are bounded by their digits (a value of a long code costs a long scan), the limit
  // named and the code quoted short.
  EXPECT_TRUE(nimkit::make_ruleset("octal:0." + std::string(32, '7')).ok());
  EXPECT_EQ(error("octal:0." + std::string(1000, '7')),
            "octal code \"0." + std::string(62, '7') +
                "… (1002 bytes)\" has 1000 digits after the point, more than the limit of 32 (the "
                "longest published codes have 25)");
  EXPECT_EQ(error("kayles:3"), "ruleset \"kayles\" takes no parameters, got \"3\"");
}

TEST(RulesetNotation, SpecsWithColonsAndCommasRoundTripInSums) {
  for (const std::string text :
       {"subtraction:1,3,4:10,11 kayles:7 octal:4.12:5", "moore:2:3,4,5 wythoff:3,5 nim:3",
        "subtraction:all-but:1,2:9 zero-move:5x,4"}) {
    auto position = nimkit::parse_position(text, nullptr);
    ASSERT_TRUE(position.ok()) << text << ": " << position.error();
    auto again = nimkit::parse_position(nimkit::format_position(*position), nullptr);
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(*again == *position) << nimkit::format_position(*position);
  }
  auto position = nimkit::parse_position("subtraction:3,1,4,1:10", nullptr);
  ASSERT_TRUE(position.ok());
  EXPECT_EQ(nimkit::format_position(*position), "10");
  EXPECT_EQ(position->components()[0].rules->spec(), "subtraction:1,3,4");
}

// The shared rulesets are kept by last use: one in use survives any number of one-off specs.
TEST(Registry, TheSharedRulesetUsedLeastRecentlyIsLetGoFirst) {
  const auto spec = [](std::size_t i) { return "subtraction:1," + std::to_string(1000 + i); };
  std::vector<std::shared_ptr<const nimkit::Ruleset>> made;
  for (std::size_t i = 0; i < nimkit::kSharedRulesets; ++i)
    made.push_back(*nimkit::make_ruleset(spec(i)));
  constexpr std::size_t kLast = nimkit::kSharedRulesets - 1;
  EXPECT_EQ(*nimkit::make_ruleset(spec(0)), made[0]);  // used again: now the most recent
  const auto one_more = nimkit::make_ruleset(spec(nimkit::kSharedRulesets));
  ASSERT_TRUE(one_more.ok());
  EXPECT_EQ(*nimkit::make_ruleset(spec(0)), made[0]);  // kept
  EXPECT_NE(*nimkit::make_ruleset(spec(1)), made[1]);  // the least recently used, let go
  EXPECT_EQ(*nimkit::make_ruleset(spec(kLast)), made[kLast]);
}

}  // namespace
