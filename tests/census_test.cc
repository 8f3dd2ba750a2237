// The census of octal games: the codes enumerated, each classification checked against a
// brute-force mex over the moves of tests/rules_brute_force.h, codes with identical sequences
// grouped, the trivial-games table reproduced and published rows compared heap by heap.
#include "nimkit/census.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules_brute_force.h"

namespace {

using nimkit::CensusClass;
using nimkit::CensusEntry;
using nimkit::CensusLimits;
using nimkit::OctalCode;
using Verdict = nimkit::PublishedComparison::Verdict;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// g(0) ... g(count - 1) by mex over every move the brute-force move list gives.
std::vector<std::uint64_t> brute_sequence(const std::string& code, std::uint64_t count) {
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::set<std::uint64_t> options;
    for (const auto& heaps : nimkit_rules_test::plain_moves({"octal:" + code, {{n, false}}})) {
      std::uint64_t value = 0;
      for (const auto& heap : heaps) value ^= g[heap.first];
      options.insert(value);
    }
    std::uint64_t mex = 0;
    while (options.count(mex) != 0) ++mex;
    g.push_back(mex);
  }
  return g;
}

// The value at heap n of a proved period, from the brute-force prefix.
std::uint64_t periodic_value(const std::vector<std::uint64_t>& first, std::uint64_t preperiod,
                             std::uint64_t period, std::uint64_t n) {
  return n < preperiod ? first[n] : first[preperiod + (n - preperiod) % period];
}

TEST(CensusCodes, EveryCodeOnceInOrderOfDigits) {
  const auto one = nimkit::census_codes(1);
  ASSERT_TRUE(one.ok());
  std::vector<std::string> texts;
  for (const OctalCode& code : *one) texts.push_back(code.to_string());
  EXPECT_EQ(texts, (std::vector<std::string>{"4.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7",
                                             "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7"}));
  const auto three = nimkit::census_codes(3);
  ASSERT_TRUE(three.ok());
  EXPECT_EQ(three->size(), 1 + 2 * (7 + 7 * 8 + 7 * 64u));
  std::set<std::string> unique;
  for (const OctalCode& code : *three) {
    EXPECT_NE(code.digits.back(), 0) << code.to_string();
    EXPECT_LE(code.digits.size(), 4u);
    unique.insert(code.to_string());
    // Every code reads back as itself: the enumeration makes only canonical codes.
    EXPECT_EQ(OctalCode::parse(code.to_string())->to_string(), code.to_string());
  }
  EXPECT_EQ(unique.size(), three->size());
  EXPECT_EQ((*three)[15].to_string(), "0.01");
  EXPECT_EQ(three->back().to_string(), "4.777");
}

TEST(CensusCodes, DigitsOutOfRangeFailNamingTheCount) {
  EXPECT_EQ(nimkit::census_codes(0).error(), "census of 0 digits: expected 1 to 6");
  EXPECT_EQ(nimkit::census_codes(7).error(), "census of 7 digits: expected 1 to 6");
}

// Every two-digit code: the class, period and largest value agree with a brute-force mex, and
// codes grouped as equivalent have the same brute-force values while the others differ.
TEST(CensusClassify, TwoDigitCodesAgreeWithBruteForce) {
  CensusLimits limits;
  limits.max_heap = 1 << 12;  // enough for the trivial codes; .45 (needs 1038) is solved
  const auto codes = nimkit::census_codes(2);
  ASSERT_TRUE(codes.ok());
  nimkit::CensusGrouper grouper;
  std::map<std::string, std::vector<std::uint64_t>> brute;
  std::map<std::string, CensusEntry> entries;
  std::size_t equivalent = 0;
  for (std::size_t i = 0; i < codes->size(); ++i) {
    const std::string text = (*codes)[i].to_string();
    auto entry = nimkit::classify_code((*codes)[i], limits);
    ASSERT_TRUE(entry.ok()) << text;
    grouper.add(*entry, i);
    const std::uint64_t count = std::min<std::uint64_t>(entry->computed_to + 1, 400);
    brute[text] = brute_sequence(text, count);
    const auto& g = brute[text];
    if (entry->period) {
      const auto& p = *entry->period;
      EXPECT_TRUE(p.proved) << text;
      EXPECT_EQ(entry->kind == CensusClass::kTrivial || entry->equivalent_to.has_value(),
                p.needed <= limits.trivial_heaps || entry->equivalent_to.has_value())
          << text;
      // The period holds over every brute-force value computed.
      for (std::uint64_t n = p.preperiod; n + p.period < count; ++n)
        EXPECT_EQ(g[n + p.period], g[n]) << text << " heap " << n;
    } else {
      EXPECT_EQ(entry->kind, CensusClass::kUnsolved) << text;
      EXPECT_EQ(entry->computed_to, limits.max_heap - 1) << text;
    }
    if (entry->largest_at < count) {
      EXPECT_EQ(g[entry->largest_at], entry->largest) << text;
    }
    if (entry->equivalent_to) {
      ++equivalent;
      EXPECT_EQ(brute[*entry->equivalent_to], g) << text << " ~ " << *entry->equivalent_to;
      EXPECT_EQ(entry->equivalence_proved, entry->period.has_value()) << text;
    }
    entries[text] = *entry;
  }
  EXPECT_GT(equivalent, 0u);
  // Codes not grouped have different values (below 400 heaps, or by their proved periods).
  for (const auto& [a, ea] : entries) {
    for (const auto& [b, eb] : entries) {
      if (a >= b || ea.equivalent_to || eb.equivalent_to) continue;
      if (brute[a] != brute[b]) continue;
      ASSERT_TRUE(ea.period && eb.period) << a << " and " << b << " agree to 400 heaps";
      const bool same_period =
          ea.period->period == eb.period->period && ea.period->preperiod == eb.period->preperiod;
      EXPECT_FALSE(same_period && ea.period->preperiod + ea.period->period <= 400) << a << " " << b;
    }
  }
  EXPECT_EQ(entries.at("0.45").kind, CensusClass::kSolved);
  EXPECT_EQ(entries.at("0.45").period->preperiod, 498u);
  EXPECT_EQ(entries.at("0.77").kind, CensusClass::kTrivial);
  EXPECT_EQ(entries.at("0.6").kind, CensusClass::kUnsolved);
}

TEST(CensusClassify, ThreeHeapSplitsStopAtThePlainBound) {
  CensusLimits limits;
  limits.max_plain_heap = 300;
  const auto entry = nimkit::classify_code(*OctalCode::parse("0.8"), limits);
  ASSERT_TRUE(entry.ok());
  EXPECT_EQ(entry->rare_mask, 0u);  // the plain algorithm
  const auto g = brute_sequence("0.8", 60);
  if (entry->period) {
    for (std::uint64_t n = 0; n < 60; ++n)
      EXPECT_EQ(g[n], periodic_value(g, entry->period->preperiod, entry->period->period, n));
  } else {
    EXPECT_EQ(entry->computed_to, 299u);
  }
}

TEST(CensusClassify, CodeWithoutMovesFails) {
  EXPECT_FALSE(nimkit::classify_code(OctalCode{{0}}, CensusLimits{}).ok());
}

TEST(CensusGrouper, NamesTheEarliestCodeWhateverTheOrderAdded) {
  const auto a = nimkit::classify_code(*OctalCode::parse("0.07"), CensusLimits{});
  ASSERT_TRUE(a.ok());
  CensusEntry first = *a, second = *a, third = *a;
  first.code = "x", second.code = "y", third.code = "z";
  nimkit::CensusGrouper grouper;
  grouper.add(second, 5);
  grouper.add(first, 2);
  grouper.add(third, 9);
  EXPECT_FALSE(second.equivalent_to.has_value());
  EXPECT_FALSE(first.equivalent_to.has_value());
  EXPECT_EQ(third.equivalent_to, "x");
  EXPECT_TRUE(third.equivalence_proved);
  EXPECT_EQ(third.kind, CensusClass::kTrivial);
}

TEST(CensusFingerprint, RoundTripsAsHex) {
  const nimkit::SequenceFingerprint f{0x0123456789abcdefULL, 0xfedcba9876543210ULL};
  EXPECT_EQ(nimkit::to_string(f), "0123456789abcdeffedcba9876543210");
  EXPECT_EQ(nimkit::parse_fingerprint(nimkit::to_string(f)), f);
  EXPECT_FALSE(nimkit::parse_fingerprint("0123").has_value());
  EXPECT_FALSE(nimkit::parse_fingerprint("0123456789abcdeffedcba987654321g").has_value());
}

// The published table of trivial games, reproduced exactly: each game trivial, with the table's
// prefix and period, and its values equal to the proved sequence heap by heap.
TEST(CensusPublished, EveryTrivialGameIsReproduced) {
  // The shared original beside the repository, or else the copy in tests/data (the rules tests
  // check that the two are equal).
  std::string text = read_file(NIMKIT_TRIVIAL_GAMES_SHARED);
  if (text.empty()) text = read_file(NIMKIT_TRIVIAL_GAMES_COPY);
  const auto games = nimkit::parse_published_table(text);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 82u);
  for (const nimkit::PublishedGame& game : *games) {
    ASSERT_EQ(game.values.size(), game.prefix + game.period) << game.code;
    const auto entry = nimkit::classify_code(*OctalCode::parse(game.code), CensusLimits{});
    ASSERT_TRUE(entry.ok()) << game.code;
    EXPECT_EQ(entry->kind, CensusClass::kTrivial) << game.code;
    ASSERT_TRUE(entry->period) << game.code;
    EXPECT_EQ(entry->period->preperiod, game.prefix) << game.code;
    EXPECT_EQ(entry->period->period, game.period) << game.code;
    const auto comparison = nimkit::compare_published(game, CensusLimits{});
    ASSERT_TRUE(comparison.ok()) << game.code;
    EXPECT_EQ(comparison->verdict, Verdict::kAgrees) << game.code << ": " << comparison->note;
    EXPECT_GE(*comparison->compared_to + 1, game.prefix + game.period) << game.code;
  }
}

TEST(CensusPublished, AChangedValueIsFoundAtItsHeap) {
  const auto games = nimkit::parse_published_table(
      "game | prefix | period | nimbers\n"
      ":--- | -----: | -----: | :---\n"
      ".77  |     71 |     12 | "
      "01231432142641271432146741285472186741231472182741281472142741281472186(741281472182)\n"
      ".77  |     71 |     12 | "
      "01231432142641271432146741285472186741231472182741281472142741281472186(741281472183)\n"
      ".45  |    497 |     20 | \n");
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), 3u);
  const auto same = nimkit::compare_published((*games)[0], CensusLimits{});
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(same->verdict, Verdict::kAgrees) << same->note;
  // The changed value is the last of the period: heaps 82, 94, ... differ; 82 first.
  const auto changed = nimkit::compare_published((*games)[1], CensusLimits{});
  ASSERT_TRUE(changed.ok());
  EXPECT_EQ(changed->verdict, Verdict::kDisagrees);
  EXPECT_EQ(changed->first_difference, 71u + 11u);
  EXPECT_EQ(changed->note, "values differ first at heap 82 (published 3, computed 2)");
  const auto prefix = nimkit::compare_published((*games)[2], CensusLimits{});
  ASSERT_TRUE(prefix.ok());
  EXPECT_EQ(prefix->verdict, Verdict::kDisagrees);
  EXPECT_FALSE(prefix->compared_to.has_value());
  EXPECT_EQ(prefix->note, "published prefix 497, period 20; proved preperiod 498, period 20");
}

TEST(CensusPublished, APeriodBeyondTheBoundIsUnprovedNotADisagreement) {
  CensusLimits limits;
  limits.max_heap = 1000;  // .45 needs 1038 values
  const auto comparison = nimkit::compare_published({".45", 498, 20, {}}, limits);
  ASSERT_TRUE(comparison.ok());
  EXPECT_EQ(comparison->verdict, Verdict::kUnproved);
  EXPECT_EQ(comparison->note, "no period proved within 1000 heaps");
}

TEST(CensusPublished, BadRowsFailNamingTheLine) {
  EXPECT_EQ(nimkit::parse_published_table("x\n.77 | 7x | 12 |\n").error(),
            "table line 2: prefix \"7x\" and period \"12\" are not numbers");
  EXPECT_EQ(nimkit::parse_published_table(".77 | 1 | 1 | 0(?)\n").error(),
            "table line 1: nimber '?' is not 0-9 or A-Z");
  EXPECT_EQ(
      nimkit::parse_published_table("game | n | largest\n:-- | -- | --\n.6 | 2^21 | 319\n").error(),
      "table line 1: no prefix and period columns");
  // Columns found by the header, in any order.
  const auto swapped =
      nimkit::parse_published_table("game | period | x | prefix\n.77 | 12 | 5 | 71\n");
  ASSERT_TRUE(swapped.ok());
  ASSERT_EQ(swapped->size(), 1u);
  EXPECT_EQ((*swapped)[0].prefix, 71u);
  EXPECT_EQ((*swapped)[0].period, 12u);
  const auto wrong = nimkit::compare_published({".77", 1, 1, {0, 1, 2}}, CensusLimits{});
  EXPECT_EQ(wrong.error(), "published game .77: 3 values, expected prefix + period = 2");
}

}  // namespace
