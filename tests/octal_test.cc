// Octal games (kayles, dawson, octal:CODE, ...): values against a plain mex over their rules far
// beyond the proved periods, the 82 trivial octal games of tests/data/TrivialGames.md (prefix =
// preperiod, period, values) reproduced with proved periods, random access on huge heaps.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "heap_family_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"

namespace {

using nimkit::Heap;
using nimkit::Nimber;
using nimkit_rules_test::heap_rules;
using nimkit_rules_test::make;
using nimkit_rules_test::plain_values;
using nimkit_rules_test::values;

std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct TrivialGame {
  std::string code;
  std::uint64_t prefix = 0;
  std::uint64_t period = 0;
  std::vector<std::uint64_t> values;  // the prefix, then one period
};

std::vector<TrivialGame> trivial_games() {
  std::vector<TrivialGame> games;
  std::istringstream in(read_file(NIMKIT_TRIVIAL_GAMES_COPY));
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream row(line);
    for (std::string cell; std::getline(row, cell, '|');) {
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      cells.push_back(cell);
    }
    if (cells.size() != 4 || cells[1].empty() || !std::isdigit(cells[1][0])) continue;
    TrivialGame game{cells[0], std::stoull(cells[1]), std::stoull(cells[2]), {}};
    for (char c : cells[3]) {
      if (std::isdigit(c)) game.values.push_back(static_cast<std::uint64_t>(c - '0'));
      if (std::isupper(c)) game.values.push_back(static_cast<std::uint64_t>(c - 'A' + 10));
    }
    games.push_back(game);
  }
  return games;
}

TEST(TrivialOctalGames, TheCopyInTestsDataMatchesTheSharedTable) {
  const std::string copy = read_file(NIMKIT_TRIVIAL_GAMES_COPY);
  ASSERT_FALSE(copy.empty());
  const std::string shared = read_file(NIMKIT_TRIVIAL_GAMES_SHARED);
  if (shared.empty()) GTEST_SKIP() << "no shared/ beside the repository";
  EXPECT_EQ(copy, shared);
}

TEST(TrivialOctalGames, All82AreReproducedWithProvedPeriods) {
  const std::vector<TrivialGame> games = trivial_games();
  ASSERT_EQ(games.size(), 82u);
  for (const TrivialGame& game : games) {
    const auto rules = make("octal:" + game.code);
    ASSERT_TRUE(rules) << game.code;
    const auto search = heap_rules(rules).find_period(0, nimkit::Limits{});
    ASSERT_TRUE(search.period.has_value()) << game.code << ": " << search.stopped_by;
    EXPECT_TRUE(search.period->proved) << game.code;
    EXPECT_EQ(search.period->period, game.period) << game.code;
    EXPECT_EQ(search.period->preperiod, game.prefix) << game.code;
    ASSERT_EQ(game.values.size(), game.prefix + game.period) << game.code;
    EXPECT_EQ(values("octal:" + game.code, game.values.size()), game.values) << game.code;
  }
}

TEST(Octal, KaylesIsPeriodic12After71) {
  const auto kayles = make("kayles");
  const auto search = heap_rules(kayles).find_period(0, nimkit::Limits{});
  ASSERT_TRUE(search.period.has_value());
  EXPECT_EQ(search.period->period, 12u);
  EXPECT_EQ(search.period->preperiod, 71u);
  EXPECT_EQ(search.period->checked_to, 2 * 71 + 12 + 2 + 12 - 1u);  // E + p - 1
  EXPECT_EQ(kayles->value_source(), nimkit::ValueSource::kPeriodic);
  // Once proved, any heap is O(1): g(2^64-1) from the period.
  const auto g = kayles->grundy(std::vector<Heap>{Heap{nimkit::kMaxHeap}}, nimkit::Limits{});
  ASSERT_TRUE(g.ok());
  const auto table = values("kayles", 71 + 12);
  EXPECT_EQ(static_cast<std::uint64_t>(*g), table[71 + (nimkit::kMaxHeap - 71) % 12]);
}

TEST(Octal, PeriodicValuesEqualPlainMexFarBeyondTheProof) {
  for (const std::string spec :
       {"kayles", "dawson", "dawsons-chess", "guiles", "double-kayles", "octal:4.12"}) {
    EXPECT_EQ(values(spec, 800), plain_values(spec, 800)) << spec;
  }
  // Three-heap splits cost n^3 in the plain rules: fewer values.
  EXPECT_EQ(values("octal:0.F", 150), plain_values("octal:0.F", 150));
}

TEST(Octal, ComputedValuesEqualPlainMex) {
  for (const std::string spec : {"officers", "treblecross"}) {
    EXPECT_EQ(values(spec, 400), plain_values(spec, 400)) << spec;
  }
}

TEST(Octal, RandomAccessOnHugeHeapsStaysSorted) {
  for (const std::string spec : {"kayles", "octal:0.F", "octal:4.12", "octal:0.2B"}) {
    const auto rules = make(spec);
    const std::vector<Heap> heap{Heap{1'000'000'000'000}};
    const nimkit::Count count = rules->option_count(heap);
    for (nimkit::Count i = 1; i < count; i += count / 997 + 1) {
      const auto p = rules->option_at(heap, i - 1), q = rules->option_at(heap, i);
      EXPECT_TRUE(std::tie(p.take, p.result) < std::tie(q.take, q.result)) << spec;
      std::uint64_t left = 0;
      for (const Heap& h : q.result) left += h.size;
      EXPECT_EQ(left + q.take, 1'000'000'000'000u) << spec;
    }
  }
}

TEST(Octal, MovesToAValueByResidueClassEqualTheFullScan) {
  nimkit::Limits tight;
  tight.max_scan = 300;  // below every heap's option count here: the residue-class search runs
  for (const std::string spec : {"kayles", "dawson", "guiles", "octal:4.12", "octal:0.51"}) {
    const auto rules = make(spec);
    for (std::uint64_t n = 3000; n < 3016; ++n) {
      const std::vector<Heap> heap{Heap{n}};
      for (Nimber target = 0; target < 10; ++target) {
        const auto all = rules->HeapGame::options_with_value(heap, target, nimkit::Limits{});
        ASSERT_TRUE(all.ok());
        const auto found = rules->options_with_value(heap, target, tight);
        if (all->size() > tight.max_scan) {
          EXPECT_FALSE(found.ok()) << spec << " " << n;
        } else {
          ASSERT_TRUE(found.ok()) << spec << " " << n << ": " << found.error();
          EXPECT_EQ(*found, *all) << spec << " heap " << n << " value "
                                  << nimkit::to_string(target);
        }
      }
    }
  }
}

TEST(Octal, CountsAndFirstMovesByResidueClassEqualTheFullScan) {
  nimkit::Limits tight;
  tight.max_scan = 300;  // below every heap's option count here: the residue classes count
  for (const std::string spec : {"kayles", "dawson", "guiles"}) {
    const auto rules = make(spec);
    for (const std::uint64_t n : {1000u, 1001u, 2503u, 4096u, 7777u, 9998u, 10000u}) {
      const std::vector<Heap> heap{Heap{n}};
      for (Nimber target = 0; target < 8; ++target) {
        const auto all = rules->HeapGame::options_with_value(heap, target, nimkit::Limits{});
        ASSERT_TRUE(all.ok());
        for (const std::uint64_t list : {0u, 7u, 100000u}) {
          const auto counted = rules->count_options_with_value(heap, target, list, tight);
          ASSERT_TRUE(counted.ok()) << spec << " " << n << ": " << counted.error();
          EXPECT_EQ(counted->count, nimkit::Count{all->size()})
              << spec << " heap " << n << " value " << nimkit::to_string(target);
          const std::vector<nimkit::HeapOption> first(
              all->begin(), all->begin() + static_cast<std::ptrdiff_t>(
                                               std::min<std::uint64_t>(list, all->size())));
          EXPECT_EQ(counted->first, first) << spec << " heap " << n << " list " << list;
        }
      }
    }
  }
}

// Options of a heap of n reaching `target`, counted from plain-mex values alone: the values
// g(0..m) by plain mex, continued by the period their second half shows, and the splits a + b
// with a past that half counted per residue of a — no code of the library's period search or
// residue classes.
nimkit::Count residue_count(const std::string& spec, std::uint64_t n, Nimber target) {
  constexpr std::uint64_t m = 1500;
  const std::vector<std::uint64_t> g = plain_values(spec, m);
  const std::uint64_t half = m / 2;
  std::uint64_t p = 1;
  while (p < 200) {
    bool periodic = true;
    for (std::uint64_t x = half; x + p < m && periodic; ++x) periodic = g[x] == g[x + p];
    if (periodic) break;
    ++p;
  }
  EXPECT_LT(p, 200u) << spec;
  auto value = [&](std::uint64_t x) { return x < m ? g[x] : g[half + (x - half) % p]; };
  const nimkit::OctalCode code = *nimkit::octal_code_by_name(spec);
  nimkit::Count count = 0;
  for (std::uint64_t j = 0; j < code.digits.size(); ++j) {
    const std::uint8_t d = code.digits[j];
    const std::uint64_t r = n - j;
    if ((d & 2) && value(r) == target) ++count;
    if ((d & 4) == 0) continue;
    for (std::uint64_t a = 1; a < half + p; ++a) {
      if ((value(a) ^ value(r - a)) == target) {
        // a, a + p, a + 2p, ... up to r / 2 when a is past the half; a alone below it.
        count += a < half ? 1 : (r / 2 - a) / p + 1;
      }
    }
  }
  return count;
}

TEST(Octal, CountsOnABillionPinsEqualAPlainResidueCount) {
  for (const std::string spec : {"kayles", "dawson", "guiles"}) {
    const auto rules = make(spec);
    for (const std::uint64_t n : {1'000'000'000u, 1'000'000'007u}) {
      const std::vector<Heap> heap{Heap{n}};
      for (Nimber target = 0; target < 4; ++target) {
        const auto counted = rules->count_options_with_value(heap, target, 3, nimkit::Limits{});
        ASSERT_TRUE(counted.ok()) << spec << " " << n << ": " << counted.error();
        EXPECT_EQ(counted->count, residue_count(spec, n, target))
            << spec << " heap " << n << " value " << nimkit::to_string(target);
      }
    }
  }
  // The analysis adds the counts: row 1's (by classes) and those of the rows of 77 and 5 (by a
  // full scan).
  const auto kayles = make("kayles");
  auto position = nimkit::parse_position("1000000000 77 5", kayles);
  ASSERT_TRUE(position.ok());
  nimkit::Limits limits;
  limits.max_listed_moves = 20;
  const auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal, limits);
  ASSERT_TRUE(analysis.ok() && analysis->grundy);
  nimkit::Count expected = 0;
  for (const std::uint64_t n : {1'000'000'000u, 77u, 5u}) {
    const std::vector<Heap> heap{Heap{n}};
    const Nimber target = *kayles->grundy(heap, limits) ^ *analysis->grundy;
    expected += n > 100 ? residue_count("kayles", n, target)
                        : kayles->HeapGame::options_with_value(heap, target, limits)->size();
  }
  ASSERT_TRUE(analysis->winning_move_count.has_value());
  EXPECT_EQ(*analysis->winning_move_count, expected);
  EXPECT_GT(expected, 83'000'000u);
  EXPECT_EQ(analysis->winning_moves.size(), 20u);
}

TEST(Octal, PeriodTheoremBoundsAreTheStatedFormulas) {
  const auto kayles = nimkit::PeriodTheorem::octal(*nimkit::octal_code_by_name("kayles"));
  EXPECT_EQ(kayles.end(71, 12), 2 * 71 + 12 + 2u);
  EXPECT_EQ(kayles.end(0, 3), 2 * 1 + 3 + 2u);  // n1 = max(n0, 1)
  const auto hex = nimkit::PeriodTheorem::octal(*nimkit::OctalCode::parse("0.F"));
  EXPECT_EQ(hex.end(5, 2), 3 * 5 + 2 * 2 + 1u);
  const auto take_only = nimkit::PeriodTheorem::octal(*nimkit::OctalCode::parse("0.31"));
  EXPECT_EQ(take_only.end(0, 2), 3u);  // max(n0 + k, k + 1) with k = 2
}

TEST(Octal, HugeKaylesSumsAreAnsweredInConstantTime) {
  auto position = nimkit::parse_position(
      "kayles:1000000000000000000 kayles:1000000000000000000 dawson:18446744073709551615 "
      "dawson:18446744073709551615",
      nullptr);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kSecond);
  EXPECT_EQ(nimkit::to_string(*analysis->grundy), "0");
}

}  // namespace
