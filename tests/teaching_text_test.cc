// The teaching text: every ruleset's display name and rules in plain words, and the mex step of
// the explanation, checked against the plain brute force of rules_brute_force.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/explain.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "rules_brute_force.h"

namespace nimkit {
namespace {

using nimkit_rules_test::canonical;
using nimkit_rules_test::plain_children;
using nimkit_rules_test::PlainPosition;

TEST(TeachingText, EveryRulesetHasADistinctTitleAndRulesInWords) {
  std::set<std::string> titles;
  for (const RulesetEntry& entry : registry()) {
    EXPECT_FALSE(entry.title.empty()) << entry.name;
    EXPECT_FALSE(entry.rules.empty()) << entry.name;
    // Words, not a code: the rules never start with the octal notation.
    EXPECT_FALSE(entry.rules.starts_with("octal")) << entry.name << ": " << entry.rules;
    EXPECT_TRUE(titles.insert(entry.title).second) << "title used twice: " << entry.title;
    for (const std::string& example : entry.examples) {
      auto rules = make_ruleset(example);
      ASSERT_TRUE(rules) << rules.error();
      EXPECT_TRUE(ruleset_title(**rules).starts_with(entry.title)) << example;
      EXPECT_FALSE(ruleset_rules_text(**rules).empty()) << example;
    }
  }
}

TEST(TeachingText, TitlesNameTheGameAndItsParameters) {
  EXPECT_EQ(ruleset_title(*make_ruleset("dawsons-chess").value()), "Dawson's Chess");
  EXPECT_EQ(ruleset_title(*make_ruleset("subtraction:1,3,4").value()), "Subtraction game (1,3,4)");
  EXPECT_EQ(ruleset_rules_text(*make_ruleset("kayles").value()),
            "knock down one pin, or two adjacent pins; a row may split in two");
  EXPECT_EQ(find_ruleset_entry("kayles")->title, "Kayles");
  EXPECT_EQ(find_ruleset_entry("no-such-game"), nullptr);
}

// Grundy values by the definition over whole positions: no sum theorem, no library code.
class PlainGrundy {
 public:
  Nimber value(const PlainPosition& position) {
    if (auto it = memo_.find(position); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    for (const PlainPosition& child : plain_children(position)) seen.insert(value(child));
    Nimber mex = 0;
    while (seen.contains(mex)) ++mex;
    memo_.emplace(position, mex);
    return mex;
  }

 private:
  std::map<PlainPosition, Nimber> memo_;
};

TEST(TeachingText, MexStepListsTheOptionValuesAndTheSmallestMissing) {
  PlainGrundy plain;
  for (const std::string spec : {"kayles", "dawson", "dawsons-chess", "guiles", "officers",
                                 "subtraction:1,3,4", "grundy", "lasker"}) {
    for (std::uint64_t n = 1; n <= 12; ++n) {
      const std::string text = spec + ":" + std::to_string(n);
      auto position = parse_position(text, nullptr);
      ASSERT_TRUE(position) << position.error();
      auto analysis = analyze(*position, Convention::kNormal);
      ASSERT_TRUE(analysis) << analysis.error();
      const Explanation e = explanation(*position, *analysis, nimkit::Limits{});
      ASSERT_TRUE(e.mex) << text;
      const PlainPosition start = canonical({{spec, {{n, false}}}});
      std::set<Nimber> expected;
      for (const PlainPosition& child : plain_children(start)) expected.insert(plain.value(child));
      EXPECT_EQ(e.mex->option_values, std::vector<Nimber>(expected.begin(), expected.end()))
          << text;
      EXPECT_EQ(e.mex->value, plain.value(start)) << text;
      EXPECT_EQ(e.mex->label, spec + " " + std::to_string(n));
    }
  }
}

TEST(TeachingText, KaylesSevenIsTwoBecauseNoMoveLeavesTwo) {
  auto position = parse_position("kayles:7", nullptr).value();
  const Explanation e =
      explanation(position, analyze(position, Convention::kNormal).value(), nimkit::Limits{});
  ASSERT_TRUE(e.mex);
  EXPECT_EQ(e.mex->option_values, (std::vector<Nimber>{0, 1, 3, 4, 5}));
  EXPECT_EQ(e.mex->value, 2);
  EXPECT_NE(std::find_if(e.lines.begin(), e.lines.end(),
                         [](const std::string& line) {
                           return line.starts_with("g(kayles 7) = mex{0, 1, 3, 4, 5} = 2");
                         }),
            e.lines.end());
}

TEST(TeachingText, NoMexStepForNimOrSums) {
  for (const char* text : {"7", "kayles:3 kayles:4", "3 4 5"}) {
    auto position = parse_position(text, make_ruleset("nim").value()).value();
    const Explanation e =
        explanation(position, analyze(position, Convention::kNormal).value(), nimkit::Limits{});
    EXPECT_FALSE(e.mex) << text;
  }
}

TEST(TeachingText, MisereNimExplainsBoutonsRule) {
  const auto nim = make_ruleset("nim").value();
  auto explain_of = [&](const char* text) {
    auto position = parse_position(text, nim).value();
    return explanation(position, analyze(position, Convention::kMisere).value(), nimkit::Limits{});
  };
  const Explanation ones = explain_of("1 1 0");
  ASSERT_FALSE(ones.lines.empty());
  EXPECT_NE(ones.lines[0].find("leave an odd number of 1-heaps"), std::string::npos);
  EXPECT_NE(ones.lines[0].find("2 heaps of 1 now, even, so the player to move wins"),
            std::string::npos);
  const Explanation one_big = explain_of("1 1 5");
  EXPECT_NE(one_big.lines[0].find("One heap holds 2 or more"), std::string::npos);
  const Explanation many = explain_of("3 4 5");
  EXPECT_NE(many.lines[0].find("play as in normal Nim"), std::string::npos);
}

}  // namespace
}  // namespace nimkit
