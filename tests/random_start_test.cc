// Random starts (random_start.h): every registry ruleset either has one that its own notation
// reads, the same for the same seed, or refuses naming itself; which ones have one follows their
// facts (heap arity, view).
#include "nimkit/random_start.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

TEST(RandomStart, EveryRulesetWithOneDrawsStartsItsNotationReadsBack) {
  std::size_t with = 0;
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& example : entry.examples) {
      auto rules = nimkit::make_ruleset(example);
      ASSERT_TRUE(rules.ok()) << example << ": " << rules.error();
      const bool expected = nimkit::heap_arity(**rules).has_value() ||
                            entry.facts.view == "graph" || entry.facts.view == "digraph" ||
                            entry.facts.view == "hackenbush";
      EXPECT_EQ(nimkit::has_random_start(**rules), expected) << example;
      if (!expected) {
        auto refused = nimkit::random_start(*rules, 1, nimkit::Limits{});
        ASSERT_FALSE(refused.ok()) << example;
        EXPECT_NE(refused.error().find("has no random start"), std::string::npos) << example;
        continue;
      }
      ++with;
      std::set<std::string> drawn;
      for (std::uint64_t seed = 0; seed < 20; ++seed) {
        auto start = nimkit::random_start(*rules, seed, nimkit::Limits{});
        ASSERT_TRUE(start.ok()) << example << " seed " << seed << ": " << start.error();
        ASSERT_FALSE(start->components().empty()) << example;
        const std::string text = nimkit::format_position(*start, rules->get());
        auto again = nimkit::random_start(*rules, seed, nimkit::Limits{});
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(nimkit::format_position(*again, rules->get()), text) << example << " " << seed;
        auto read = nimkit::parse_position(text, *rules);
        ASSERT_TRUE(read.ok()) << example << " " << text << ": " << read.error();
        EXPECT_EQ(nimkit::format_position(*read, rules->get()), text) << example;
        drawn.insert(text);
      }
      // Twenty seeds draw several starts, not one.
      EXPECT_GT(drawn.size(), 5u) << example;
    }
  }
  EXPECT_GT(with, 10u);
}

// A ruleset on pairs of heaps gets a whole number of pairs.
TEST(RandomStart, SizesMakeWholeComponents) {
  auto wythoff = nimkit::make_ruleset("wythoff");
  ASSERT_TRUE(wythoff.ok());
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    auto start = nimkit::random_start(*wythoff, seed, nimkit::Limits{});
    ASSERT_TRUE(start.ok()) << start.error();
    for (const auto& c : start->components()) EXPECT_EQ(c.rules->spec(), "wythoff");
  }
}

}  // namespace
