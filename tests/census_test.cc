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

#include "nimkit/census_queue.h"
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

// g(0) ... g(count - 1) of a code without three-heap splits, by mex over its moves read straight
// off the digits (independent of the library, and fast enough for thousands of heaps).
std::vector<std::uint32_t> mex_sequence(const OctalCode& code, std::uint64_t count) {
  std::vector<std::uint32_t> g;
  std::vector<std::uint64_t> seen(64, ~std::uint64_t{0});
  for (std::uint64_t n = 0; n < count; ++n) {
    std::vector<std::uint32_t> options;
    for (std::uint64_t k = 0; k < code.digits.size(); ++k) {
      const std::uint8_t d = code.digits[k];
      if ((d & 1) != 0 && k >= 1 && n == k) options.push_back(0);
      if ((d & 2) != 0 && k >= 1 && n > k) options.push_back(g[n - k]);
      if ((d & 4) != 0 && n >= k + 2) {
        for (std::uint64_t a = 1; 2 * a <= n - k; ++a) options.push_back(g[a] ^ g[n - k - a]);
      }
    }
    for (const std::uint32_t v : options) {
      if (v >= seen.size()) seen.resize(2 * v + 2, ~std::uint64_t{0});
      seen[v] = n;
    }
    std::uint32_t mex = 0;
    while (mex < seen.size() && seen[mex] == n) ++mex;
    g.push_back(mex);
  }
  return g;
}

// Every field of two entries (derived_from aside), named in the failure message.
void expect_same_entry(const CensusEntry& a, const CensusEntry& b) {
  EXPECT_EQ(a.code, b.code);
  EXPECT_EQ(a.kind, b.kind) << a.code;
  ASSERT_EQ(a.period.has_value(), b.period.has_value()) << a.code;
  if (a.period) {
    EXPECT_EQ(a.period->preperiod, b.period->preperiod) << a.code;
    EXPECT_EQ(a.period->period, b.period->period) << a.code;
    EXPECT_EQ(a.period->needed, b.period->needed) << a.code;
    EXPECT_EQ(a.period->proof, b.period->proof) << a.code;
  }
  EXPECT_EQ(a.computed_to, b.computed_to) << a.code;
  EXPECT_EQ(a.stopped_by, b.stopped_by) << a.code;
  EXPECT_EQ(a.largest, b.largest) << a.code;
  EXPECT_EQ(a.largest_at, b.largest_at) << a.code;
  EXPECT_EQ(a.rare_mask, b.rare_mask) << a.code;
  EXPECT_EQ(a.rare_count, b.rare_count) << a.code;
  EXPECT_EQ(a.last_rare, b.last_rare) << a.code;
  EXPECT_EQ(a.fingerprint, b.fingerprint) << a.code;
  EXPECT_EQ(a.equivalent_to, b.equivalent_to) << a.code;
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

TEST(CensusClassify, ALongCodeStopsAtTheWorkOfItsScans) {
  // 0.7777777777 has ten split lengths, more than the engine's split sets serve: its values are
  // charged as the scans of every split they need, so the work bound stops it within a few
  // blocks rather than after tens of thousands of heaps.
  CensusLimits limits;
  limits.max_work = 100'000'000;
  const auto entry = nimkit::classify_code(*OctalCode::parse("0.7777777777"), limits);
  ASSERT_TRUE(entry.ok());
  EXPECT_EQ(entry->kind, CensusClass::kUnsolved);
  EXPECT_EQ(entry->stopped_by, "work");
  EXPECT_EQ((entry->computed_to + 1) % nimkit::kCensusWorkInterval, 0u);
  EXPECT_LE(entry->computed_to, 3 * nimkit::kCensusWorkInterval);
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

// Census files name the class in words; the reader takes back exactly the words the writer gives.
TEST(CensusClassNames, ReadBackAsWrittenAndNothingElse) {
  EXPECT_EQ(nimkit::to_string(CensusClass::kTrivial), "trivial");
  EXPECT_EQ(nimkit::to_string(CensusClass::kSolved), "solved");
  EXPECT_EQ(nimkit::to_string(CensusClass::kUnsolved), "unsolved");
  for (CensusClass kind : {CensusClass::kTrivial, CensusClass::kSolved, CensusClass::kUnsolved}) {
    EXPECT_EQ(nimkit::parse_census_class(nimkit::to_string(kind)), kind);
  }
  EXPECT_FALSE(nimkit::parse_census_class("Solved").has_value());
  EXPECT_FALSE(nimkit::parse_census_class("").has_value());
}

// The published table of trivial games, reproduced exactly: each game trivial, with the table's
// prefix and period, and its values equal to the proved sequence heap by heap.
TEST(CensusShortcut, SingleHeapMovesAddedOnly) {
  const auto code = [](const char* text) { return *OctalCode::parse(text); };
  EXPECT_TRUE(nimkit::adds_single_heap_moves(code(".6"), code(".61")));
  EXPECT_TRUE(nimkit::adds_single_heap_moves(code(".6"), code(".631")));
  EXPECT_TRUE(nimkit::adds_single_heap_moves(code(".06"), code(".16")));
  EXPECT_TRUE(nimkit::adds_single_heap_moves(code("4.44"), code("4.67")));
  EXPECT_FALSE(nimkit::adds_single_heap_moves(code(".61"), code(".6")));    // a move less
  EXPECT_FALSE(nimkit::adds_single_heap_moves(code(".6"), code(".6")));     // the same code
  EXPECT_FALSE(nimkit::adds_single_heap_moves(code(".6"), code(".64")));    // a two-heap move
  EXPECT_FALSE(nimkit::adds_single_heap_moves(code(".44"), code("4.44")));  // digit 0
  EXPECT_FALSE(nimkit::adds_single_heap_moves(code(".6"), code(".E")));     // a three-heap move
  EXPECT_EQ(nimkit::single_heap_family(code(".631")), "0.4");               // 6 = 4 + 2
  EXPECT_EQ(nimkit::single_heap_family(code("4.67")), "4.44");
  EXPECT_EQ(nimkit::single_heap_family(code(".6")), nimkit::single_heap_family(code(".62")));
  const std::vector<std::uint32_t> values{0, 1, 2};
  EXPECT_EQ(nimkit::first_difference(code(".64"), values, code(".6")).error(),
            "code 0.6 does not add only single-heap moves to 0.64");
}

// The shortcut's verdict against the sequences themselves: for every pair of codes of the
// 2-digit census where one adds single-heap moves to the other, first_difference names exactly
// the first heap below 2000 where the two sequences (each by its own mex) differ.
TEST(CensusShortcut, VerdictIsExactForEveryPairOfTwoDigitCodes) {
  constexpr std::uint64_t kHeaps = 2000;
  const auto codes = nimkit::census_codes(2);
  ASSERT_TRUE(codes.ok());
  std::vector<std::vector<std::uint32_t>> g;
  for (const OctalCode& code : *codes) g.push_back(mex_sequence(code, kHeaps));
  // The test's mex agrees with the brute-force move list on small heaps.
  for (const char* text : {"0.6", "0.61", "4.47", "0.37"}) {
    const auto brute = brute_sequence(text, 80);
    const auto mine = mex_sequence(*OctalCode::parse(text), 80);
    EXPECT_EQ(std::vector<std::uint64_t>(mine.begin(), mine.end()), brute) << text;
  }
  std::size_t pairs = 0, equal = 0;
  for (std::size_t a = 0; a < codes->size(); ++a) {
    for (std::size_t b = 0; b < codes->size(); ++b) {
      if (!nimkit::adds_single_heap_moves((*codes)[a], (*codes)[b])) continue;
      ++pairs;
      std::optional<std::uint64_t> actual;
      for (std::uint64_t n = 0; n < kHeaps && !actual; ++n) {
        if (g[a][n] != g[b][n]) actual = n;
      }
      const auto verdict = nimkit::first_difference((*codes)[a], g[a], (*codes)[b]);
      ASSERT_TRUE(verdict.ok()) << verdict.error();
      EXPECT_EQ(*verdict, actual) << (*codes)[a].to_string() << " and " << (*codes)[b].to_string();
      const std::vector<std::uint16_t> narrow(g[a].begin(), g[a].end());
      EXPECT_EQ(*nimkit::first_difference((*codes)[a], narrow, (*codes)[b]), actual);
      if (!actual) ++equal;
    }
  }
  // Both verdicts occur, many times.
  EXPECT_GT(pairs, 300u);
  EXPECT_GT(equal, 20u);
  EXPECT_GT(pairs - equal, 100u);
}

// Families of unsolved codes classified with the shortcut and without: every field equal, for
// codes stopped by the heap bound and by the work bound, codes derived and codes whose check
// fails (computed in full), with room for every table and for one only.
TEST(CensusShortcut, DerivedEntriesEqualComputedOnes) {
  CensusLimits limits;
  limits.max_heap = 1 << 14;
  limits.max_work = 20'000'000;
  std::vector<OctalCode> codes;
  for (const char* text : {".06",  ".061", ".062", ".063", ".6",   ".61",  ".62",  ".7",  ".63",
                           ".601", ".631", ".64",  ".65",  ".673", ".74",  ".741", ".04", ".042",
                           ".05",  ".16",  ".36",  ".361", "4.44", "4.67", ".024", ".025"}) {
    codes.push_back(*OctalCode::parse(text));
  }
  std::vector<CensusEntry> computed;
  for (const OctalCode& code : codes) {
    auto entry = nimkit::classify_code(code, limits);
    ASSERT_TRUE(entry.ok()) << entry.error();
    EXPECT_FALSE(entry->derived_from.has_value());
    computed.push_back(*entry);
  }
  for (const std::uint64_t budget : {std::uint64_t{1} << 30, std::uint64_t{40000}}) {
    limits.cache_bytes = budget;
    nimkit::CensusClassifier classifier(limits);
    std::size_t derived = 0, failed = 0, by_work = 0;
    for (std::size_t i = 0; i < codes.size(); ++i) {
      auto entry = classifier.classify(codes[i]);
      ASSERT_TRUE(entry.ok()) << entry.error();
      expect_same_entry(*entry, computed[i]);
      EXPECT_LE(classifier.kept_bytes(), budget);
      if (entry->derived_from) {
        ++derived;
        if (entry->stopped_by == "work") ++by_work;
        const OctalCode base = *OctalCode::parse(*entry->derived_from);
        EXPECT_TRUE(nimkit::adds_single_heap_moves(base, codes[i])) << entry->code;
        continue;
      }
      // Computed: if an earlier unsolved code could have served, its check failed.
      for (std::size_t j = 0; j < i; ++j) {
        if (computed[j].kind == CensusClass::kUnsolved &&
            nimkit::adds_single_heap_moves(codes[j], codes[i])) {
          ++failed;
          break;
        }
      }
    }
    EXPECT_GE(derived, 10u) << budget;
    EXPECT_GT(by_work, 0u) << budget;
    EXPECT_GT(failed, 0u) << budget;
  }
  limits.cache_bytes = 0;
  nimkit::CensusClassifier off(limits);
  for (const OctalCode& code : codes) EXPECT_FALSE(off.classify(code)->derived_from.has_value());
  EXPECT_EQ(off.kept_codes(), 0u);
}

// A worker gets first the codes of the families it keeps values of, then codes of families no
// worker has met or is computing a member of, then the rest; each code once, in census order
// within each kind. (.6 and .7 are of the family 0.4; .64, .65 and .77 of 0.44.)
TEST(CensusQueue, PrefersTheWorkerKeepingTheFamily) {
  std::vector<OctalCode> codes;
  for (const char* text : {".6", ".7", ".61", ".64", ".62", ".65", ".601", ".77", ".1", ".11"}) {
    codes.push_back(*OctalCode::parse(text));
  }
  nimkit::CensusQueue queue(codes, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  EXPECT_EQ(queue.next(1), 0u);  // .6: the family 0.4 waits for its result
  EXPECT_EQ(queue.next(2), 3u);  // .64, not .7: the family 0.44 waits too
  EXPECT_EQ(queue.next(3), 8u);  // .1 (family 0.0)
  queue.returned(3, 8, false);   // .1 is not unsolved: .11 is open again
  queue.returned(1, 0, true);    // worker 1 keeps the family 0.4: .7, .61, .62, .601
  EXPECT_EQ(queue.next(3), 9u);  // .11, of an open family, before the families kept by others
  EXPECT_EQ(queue.next(1), 1u);  // .7
  EXPECT_EQ(queue.next(1), 2u);  // .61
  queue.returned(2, 3, true);    // worker 2 keeps the family 0.44: .65, .77
  EXPECT_EQ(queue.next(2), 5u);  // .65
  EXPECT_EQ(queue.next(3), 4u);  // only kept families are left: .62 anyway
  EXPECT_EQ(queue.remaining(), 2u);
  EXPECT_EQ(queue.next(2), 7u);  // .77
  EXPECT_EQ(queue.next(2), 6u);  // .601
  EXPECT_EQ(queue.next(1), std::nullopt);
  queue.returned(3, 99, true);  // not pending: ignored
  EXPECT_EQ(queue.remaining(), 0u);
}

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
