// The one Grundy-sequence path: the period finder shared by heap-ruleset tables and the
// sparse-space engine, arithmetic periods of all-but subtraction games cross-checked against
// brute-force mex, and the ruleset telling the front ends which engine computes it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_game.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"
#include "nimkit/registry.h"
#include "time_factor.h"

namespace nimkit {
namespace {

// Every ruleset here is played on heaps.
std::shared_ptr<const HeapGame> make(const std::string& spec) {
  auto rules = make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  return rules ? std::dynamic_pointer_cast<const HeapGame>(*rules) : nullptr;
}

const HeapRuleset& heap_rules(const std::shared_ptr<const Ruleset>& rules) {
  return dynamic_cast<const HeapRuleset&>(*rules);
}

// g(0) .. g(count-1) of the all-but game with excluded set `excluded`, by the definition.
std::vector<std::uint64_t> all_but_by_mex(const std::set<std::uint64_t>& excluded,
                                          std::uint64_t count) {
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::vector<bool> seen(n + 2, false);
    for (std::uint64_t m = 0; m < n; ++m) {
      if (excluded.count(n - m) == 0 && g[m] <= n) seen[g[m]] = true;
    }
    std::uint64_t v = 0;
    while (seen[v]) ++v;
    g.push_back(v);
  }
  return g;
}

std::string all_but_spec(const std::set<std::uint64_t>& excluded) {
  std::string spec = "subtraction:all-but:";
  for (const std::uint64_t x : excluded) {
    spec += (spec.back() == ':' ? "" : ",") + std::to_string(x);
  }
  return spec;
}

const std::vector<std::set<std::uint64_t>> kExcludedSets = {
    {1},    {2},          {3},       {1, 2},    {1, 3},       {2, 3, 5},    {1, 2, 3, 4},
    {1, 4}, {1, 4, 6},    {2, 7},    {3, 4, 9}, {1, 5, 6, 8}, {4, 5, 11},   {2, 3, 6, 7, 13},
    {6},    {1, 3, 5, 7}, {5, 8, 9}, {10},      {1, 2, 9},    {3, 7, 8, 12}};

TEST(AllBut, ProvedArithmeticPeriodsAgreeWithBruteForceMex) {
  for (const auto& excluded : kExcludedSets) {
    const std::string spec = all_but_spec(excluded);
    const auto rules = make(spec);
    const HeapRuleset::PeriodSearch search = heap_rules(rules).find_period(0, Limits{});
    ASSERT_TRUE(search.period.has_value()) << spec << ": " << search.stopped_by;
    const Periodicity& p = *search.period;
    EXPECT_TRUE(p.proved) << spec;
    EXPECT_GT(p.saltus, 0u) << spec;
    // Far past the values the proof compared: the period answers, and must equal the mex.
    const std::uint64_t count = std::max<std::uint64_t>(1500, 4 * p.checked_to);
    const auto brute = all_but_by_mex(excluded, count);
    auto got = grundy_values(*rules, 0, count, Limits{});
    ASSERT_TRUE(got.ok()) << spec;
    for (std::uint64_t n = 0; n < count; ++n) {
      ASSERT_EQ((*got)[n], Nimber{brute[n]}) << spec << " heap " << n;
    }
    for (std::uint64_t n = p.preperiod; n + p.period < count; ++n) {
      ASSERT_EQ(brute[n + p.period], brute[n] + p.saltus) << spec << " heap " << n;
    }
  }
}

TEST(AllBut, OneTwoHasPeriodThreeSaltusOne) {
  const auto rules = make("subtraction:all-but:1,2");
  const auto search = heap_rules(rules).find_period(0, Limits{});
  ASSERT_TRUE(search.period.has_value());
  EXPECT_EQ(search.period->period, 3u);
  EXPECT_EQ(search.period->saltus, 1u);
  EXPECT_EQ(search.period->preperiod, 0u);
  const Heap huge{1'000'000'000'000, false};
  auto g = rules->grundy(std::span<const Heap>(&huge, 1), Limits{});
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(*g, Nimber{333'333'333'333});
  const Heap top{~std::uint64_t{0}, false};
  g = rules->grundy(std::span<const Heap>(&top, 1), Limits{});
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(*g, Nimber{~std::uint64_t{0} / 3});
}

TEST(AllBut, OptionsOfAValueFromThePeriodEqualTheScan) {
  for (const auto& excluded : kExcludedSets) {
    const std::string spec = all_but_spec(excluded);
    const auto rules = make(spec);
    const auto brute = all_but_by_mex(excluded, 400);
    for (const std::uint64_t n : {0u, 1u, 7u, 50u, 137u, 399u}) {
      const Heap heap{n, false};
      for (const Nimber target : {Nimber{0}, Nimber{1}, Nimber{brute[n / 2]}, Nimber{brute[n]}}) {
        auto got = rules->options_with_value(std::span<const Heap>(&heap, 1), target, Limits{});
        ASSERT_TRUE(got.ok()) << got.error();
        std::vector<HeapOption> want;
        for (std::uint64_t take = 1; take <= n; ++take) {
          if (excluded.count(take) == 0 && brute[n - take] == target) {
            want.push_back(HeapOption{{Heap{n - take, false}}, take});
          }
        }
        EXPECT_EQ(*got, want) << spec << " heap " << n;
      }
    }
  }
}

TEST(AllBut, TheBoundNeedsEveryValueUpToTheLargestEarlyOnePlusTheSaltus) {
  // all-but:1,2: 0 0 0 1 1 1 2 ...; p = 3, s = 1, n0 = 0: M = 0, values 0 and 1 first all occur
  // among g(0) .. g(3), so T = max(n0 + k, 4 + k) = 6 and the proof compares up to heap 8.
  const std::vector<std::uint64_t> g = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
  const auto p = find_period(std::span<const std::uint64_t>(g), PeriodTheorem::all_but(2));
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->proved);
  EXPECT_EQ(p->needed, 9u);
  EXPECT_EQ(p->checked_to, 8u);
  // Eight values are one short.
  const auto short_p =
      find_period(std::span<const std::uint64_t>(g.data(), 8), PeriodTheorem::all_but(2));
  ASSERT_TRUE(short_p.has_value());
  EXPECT_FALSE(short_p->proved);
  EXPECT_EQ(short_p->needed, 9u);
}

TEST(PeriodFinder, TheSameCandidateFromEveryValueWidth) {
  auto sequence = GrundySequence::create(*SplitGame::parse("kayles"), SequenceAlgorithm::kSparse);
  ASSERT_TRUE(sequence.ok());
  ASSERT_TRUE(sequence->extend_to(400));
  const auto narrow = sequence->values(0, 400);
  std::vector<std::uint16_t> g16(narrow.begin(), narrow.end());
  std::vector<std::uint64_t> g64(narrow.begin(), narrow.end());
  const PeriodTheorem theorem = PeriodTheorem::octal(*octal_code_by_name("kayles"));
  const auto a = find_period(std::span<const std::uint16_t>(g16), theorem);
  const auto b = find_period(std::span<const std::uint32_t>(narrow), theorem);
  const auto c = find_period(std::span<const std::uint64_t>(g64), theorem);
  ASSERT_TRUE(a && b && c);
  for (const auto* p : {&*a, &*b, &*c}) {
    EXPECT_TRUE(p->proved);
    EXPECT_EQ(p->period, 12u);
    EXPECT_EQ(p->preperiod, 71u);
    EXPECT_EQ(p->saltus, 0u);
    EXPECT_EQ(p->checked_to, a->checked_to);
    EXPECT_EQ(p->proof, a->proof);
  }
  // The sparse engine's own answer is the same period.
  const auto own = sequence->period_candidate();
  ASSERT_TRUE(own.has_value());
  EXPECT_EQ(own->period, 12u);
  EXPECT_EQ(own->checked_to, a->checked_to);
}

TEST(PeriodFinder, TableRulesetsAndTheSparseEngineProveTheSamePeriods) {
  for (const std::string code : {"0.07", "0.137", "0.15", "4.12", "0.51", "0.77", "0.16"}) {
    const auto rules = make("octal:" + code);
    const auto table = heap_rules(rules).find_period(0, Limits{});
    auto sequence = GrundySequence::create(*SplitGame::parse(code), SequenceAlgorithm::kSparse);
    ASSERT_TRUE(sequence.ok());
    auto sparse = sequence->prove_period(1 << 22);
    ASSERT_TRUE(sparse.ok()) << code << ": " << sparse.error();
    ASSERT_TRUE(table.period.has_value()) << code << ": " << table.stopped_by;
    EXPECT_EQ(table.period->period, sparse->period) << code;
    EXPECT_EQ(table.period->preperiod, sparse->preperiod) << code;
    EXPECT_EQ(table.period->checked_to, sparse->checked_to) << code;
    EXPECT_EQ(table.period->proof, sparse->proof) << code;
  }
}

TEST(SequenceEngine, RulesetsNameTheirSplitGame) {
  EXPECT_EQ(heap_rules(make("kayles")).split_game(), SplitGame::parse("0.77").value());
  EXPECT_EQ(heap_rules(make("octal:4.12")).split_game(), SplitGame::parse("4.12").value());
  EXPECT_EQ(heap_rules(make("grundy")).split_game(), SplitGame::grundy());
  EXPECT_FALSE(heap_rules(make("subtraction:1,3,4")).split_game().has_value());
  EXPECT_FALSE(heap_rules(make("subtraction:all-but:1,2")).split_game().has_value());
}

TEST(MeteredRun, ReportsEveryMultipleOfItsIntervalWithTheWorkOfItsHeaps) {
  auto sequence =
      GrundySequence::create(SplitGame::parse("0.354").value(), SequenceAlgorithm::kSparse);
  ASSERT_TRUE(sequence.ok());
  std::vector<std::uint64_t> reported;
  std::uint64_t work = 0;
  std::uint64_t done = 0;
  const bool finished = extend_metered(
      *sequence, 10'000,
      [&](const SequenceProgress& p, std::uint64_t stretch) {
        // The stretch is charged at the work of a value where it ends, heap for heap.
        EXPECT_EQ(stretch, (p.heaps_done - done) * sequence_value_work(sequence->game(), p));
        EXPECT_EQ(p.target, 10'000u);
        done = p.heaps_done;
        reported.push_back(p.heaps_done);
        work += stretch;
        return true;
      },
      4096);
  EXPECT_TRUE(finished);
  EXPECT_EQ(sequence->size(), 10'000u);
  // A cheap code goes by whole intervals once the table is as long as one.
  EXPECT_EQ(std::vector<std::uint64_t>(reported.end() - 3, reported.end()),
            (std::vector<std::uint64_t>{4096, 8192, 10'000}));
  EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
  EXPECT_GT(work, 10'000u);
}

TEST(MeteredRun, ValuesOfALongCodeAreReportedAFewHeapsApartAndStopWhenAsked) {
  // Ten split lengths are more than the split sets serve: each value costs a scan of the heap's
  // splits, so the stretches shrink as the heaps grow.
  auto sequence =
      GrundySequence::create(SplitGame::parse("0.7777777777").value(), SequenceAlgorithm::kSparse);
  ASSERT_TRUE(sequence.ok());
  std::uint64_t last = 0;
  std::uint64_t widest = 0;
  const bool finished =
      extend_metered(*sequence, 1 << 20, [&](const SequenceProgress& p, std::uint64_t stretch) {
        EXPECT_FALSE(p.split_sets);
        if (p.heaps_done > 20) {
          EXPECT_GE(sequence_value_work(sequence->game(), p), 5 * (p.heaps_done - 20) / 2);
        }
        EXPECT_LE(stretch, 2 * kStretchWork);
        widest = p.heaps_done - last > widest && last >= 8192 ? p.heaps_done - last : widest;
        last = p.heaps_done;
        return p.heaps_done < 12'000;
      });
  EXPECT_FALSE(finished);
  EXPECT_LT(sequence->size(), 12'000u + 4096);
  EXPECT_LT(widest, 4096u);
}

TEST(MeteredRun, TheMeterStopsALongCodeWithinAStretch) {
  // Analysis of a heap of a long code: the values it tabulates charge the meter as they are
  // computed, so a small budget stops it a few heaps in, never after a long extension.
  auto rules = make("octal:0.7777777777");
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(10'000'000);
  auto g = rules->value(State{100'000, 0}, limits);
  ASSERT_FALSE(g.ok());
  EXPECT_TRUE(limits.meter->exhausted());
  EXPECT_NE(g.error().find("the work limit of 10000000 steps"), std::string::npos) << g.error();
  EXPECT_LT(heap_rules(rules).known_values(), 4096u);
}

TEST(MeteredRun, ACancelStopsALongCodeWithinAStretch) {
  // A server stopping cancels the meters of the requests in flight: the table of a long code
  // hears it within a stretch (tens of milliseconds), not after thousands of costly heaps.
  auto rules = make("octal:0.77777777777");
  Limits limits;
  limits.max_scan = ~std::uint64_t{0};
  limits.meter = std::make_shared<WorkMeter>(0);
  std::thread canceller([meter = limits.meter] {
    std::this_thread::sleep_for(std::chrono::seconds(2));
    meter->cancel();
  });
  const auto start = std::chrono::steady_clock::now();
  auto g = rules->value(State{1'000'000, 0}, limits);
  const auto took = std::chrono::steady_clock::now() - start;
  canceller.join();
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().find("cancellation"), std::string::npos) << g.error();
  // Heard within a stretch of the cancel (the deterministic check of the stretches' size is
  // ValuesOfALongCodeAreReportedAFewHeapsApartAndStopWhenAsked): tens of milliseconds in the
  // release build; a stretch took up to 4 s under the sanitizers on a CI machine running two
  // suites at once.
  EXPECT_LT(took,
            std::chrono::seconds(2) + nimkit_test::kTimeFactor * std::chrono::milliseconds(1600));
}

TEST(MeteredRun, PeriodProofsAgreeWithTheEngines) {
  auto metered =
      GrundySequence::create(SplitGame::parse("0.16").value(), SequenceAlgorithm::kSparse);
  auto plain = GrundySequence::create(SplitGame::parse("0.16").value(), SequenceAlgorithm::kSparse);
  ASSERT_TRUE(metered.ok() && plain.ok());
  auto a = prove_period_metered(*metered, 1 << 20,
                                [](const SequenceProgress&, std::uint64_t) { return true; });
  auto b = plain->prove_period(1 << 20);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->period, b->period);
  EXPECT_EQ(a->preperiod, b->preperiod);
  EXPECT_EQ(a->needed, b->needed);
  EXPECT_EQ(metered->size(), plain->size());
  auto stopped =
      GrundySequence::create(SplitGame::parse("0.16").value(), SequenceAlgorithm::kSparse);
  auto interrupted = prove_period_metered(
      *stopped, 1 << 20, [](const SequenceProgress&, std::uint64_t) { return false; });
  ASSERT_FALSE(interrupted.ok());
  EXPECT_EQ(interrupted.error(), "interrupted");
}

// g(x, y) of Wythoff's game by mex over its moves, written out from the rules.
std::vector<std::vector<std::uint64_t>> wythoff_by_mex(std::uint64_t rows, std::uint64_t columns) {
  std::vector<std::vector<std::uint64_t>> g(rows, std::vector<std::uint64_t>(columns));
  for (std::uint64_t x = 0; x < rows; ++x) {
    for (std::uint64_t y = 0; y < columns; ++y) {
      std::vector<bool> seen(x + y + 2, false);
      for (std::uint64_t t = 1; t <= x; ++t) seen[g[x - t][y]] = true;
      for (std::uint64_t t = 1; t <= y; ++t) seen[g[x][y - t]] = true;
      for (std::uint64_t t = 1; t <= std::min(x, y); ++t) seen[g[x - t][y - t]] = true;
      g[x][y] = mex_of_bitmap(seen);
    }
  }
  return g;
}

TEST(ValueGrid, WythoffGridIsTheMexOverItsMovesInBothEngines) {
  const auto wythoff = make("wythoff");
  const auto expected = wythoff_by_mex(13, 21);
  auto grid = grundy_grid(*wythoff, 13, 21, Limits{});
  ASSERT_TRUE(grid.ok()) << grid.error();
  // The generic default (grundy() cell by cell) agrees with Wythoff's one-table override.
  auto by_cell = wythoff->HeapGame::grundy_grid(13, 21, Limits{});
  ASSERT_TRUE(by_cell.ok()) << by_cell.error();
  ASSERT_EQ(grid->size(), 13u * 21u);
  for (std::uint64_t a = 0; a < 13; ++a) {
    for (std::uint64_t b = 0; b < 21; ++b) {
      EXPECT_EQ((*grid)[a * 21 + b], Nimber{expected[a][b]}) << a << "," << b;
      EXPECT_EQ((*by_cell)[a * 21 + b], Nimber{expected[a][b]}) << a << "," << b;
    }
  }
}

TEST(ValueGrid, GridsBeyondTheTableLimitOrOfOtherShapesAreRefused) {
  Limits small;
  small.max_table = 100;
  auto big = grundy_grid(*make("wythoff"), 11, 11, small);
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().find("table limit 100"), std::string::npos) << big.error();
  auto kayles = grundy_grid(*make("kayles"), 3, 3, Limits{});
  ASSERT_FALSE(kayles.ok());
  EXPECT_NE(kayles.error().find("not played on pairs of heaps"), std::string::npos);
}

// The shape of every registered ruleset matches what the front ends can compute for it: a
// sequence when grundy_values works, a grid when grundy_grid does, none when neither does.
TEST(ValueGrid, EveryRegisteredRulesetHasTheShapeItsValuesAllow) {
  for (const RulesetEntry& entry : registry()) {
    auto rules = make_ruleset(entry.examples.front());
    ASSERT_TRUE(rules.ok()) << entry.name;
    const ValueShape shape = value_shape(**rules);
    const bool sequence = grundy_values(**rules, 0, 4, Limits{}).ok();
    const bool grid = grundy_grid(**rules, 3, 3, Limits{}).ok();
    EXPECT_EQ(shape == ValueShape::kSequence, sequence) << entry.name;
    EXPECT_EQ(shape == ValueShape::kGrid, grid) << entry.name;
  }
  EXPECT_EQ(to_string(value_shape(**make_ruleset("moore:2"))), "none");
  EXPECT_EQ(to_string(value_shape(**make_ruleset("wythoff"))), "grid");
  EXPECT_EQ(to_string(value_shape(**make_ruleset("kayles"))), "sequence");
}

TEST(ValueGrid, KnownValuesGrowWithTheTableAndAreKept) {
  // A code no other test computes, so that its shared table starts empty.
  auto rules = make_ruleset("octal:0.3F");
  ASSERT_TRUE(rules.ok()) << rules.error();
  const auto& heap = heap_rules(*rules);
  const std::uint64_t before = heap.known_values();
  ASSERT_TRUE(grundy_values(**rules, 0, before + 50, Limits{}).ok());
  EXPECT_GE(heap.known_values(), before + 50);
}

}  // namespace
}  // namespace nimkit
