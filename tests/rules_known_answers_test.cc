// Known answers, each named after the fact it proves, and the 82 trivial octal games of
// tests/data/TrivialGames.md (prefix = preperiod, period, values) reproduced with proved periods.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/games/moore.h"
#include "nimkit/games/wythoff.h"
#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"
#include "nimkit/registry.h"
#include "rules_brute_force.h"

namespace {

using nimkit::Heap;
using nimkit::HeapRuleset;
using nimkit::Nimber;

// Every ruleset these answers are about is played on heaps.
std::shared_ptr<const nimkit::HeapGame> make(const std::string& spec) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  return rules ? std::dynamic_pointer_cast<const nimkit::HeapGame>(*rules) : nullptr;
}

const HeapRuleset& heap_rules(const std::shared_ptr<const nimkit::Ruleset>& rules) {
  return dynamic_cast<const HeapRuleset&>(*rules);
}

std::vector<std::uint64_t> values(const std::string& spec, std::uint64_t count) {
  auto got = nimkit::grundy_values(*make(spec), 0, count, nimkit::Limits{});
  EXPECT_TRUE(got.ok()) << spec << ": " << (got ? "" : got.error());
  std::vector<std::uint64_t> out;
  if (got) {
    for (Nimber v : *got) out.push_back(static_cast<std::uint64_t>(v));
  }
  return out;
}

// g(0..count-1) by plain mex over the plain rules of rules_brute_force.h, nothing else.
std::vector<std::uint64_t> plain_values(const std::string& spec, std::uint64_t count) {
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::vector<bool> seen(2 * n + 64, false);
    for (const auto& result : nimkit_rules_test::plain_moves({spec, {{n, false}}})) {
      std::uint64_t v = 0;
      for (const auto& h : result) v ^= g[h.first];
      if (v < seen.size()) seen[v] = true;
    }
    std::uint64_t mex = 0;
    while (seen[mex]) ++mex;
    g.push_back(mex);
  }
  return g;
}

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

TEST(KnownAnswers, KaylesIsPeriodic12After71) {
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

TEST(KnownAnswers, PeriodicValuesEqualPlainMexFarBeyondTheProof) {
  for (const std::string spec :
       {"kayles", "dawson", "dawsons-chess", "guiles", "double-kayles", "octal:4.12",
        "subtraction:1,3,4", "subtraction:2,5,7", "subtraction:1,2,3"}) {
    EXPECT_EQ(values(spec, 800), plain_values(spec, 800)) << spec;
  }
  // Three-heap splits cost n^3 in the plain rules: fewer values.
  EXPECT_EQ(values("octal:0.F", 150), plain_values("octal:0.F", 150));
}

TEST(KnownAnswers, ComputedValuesEqualPlainMex) {
  for (const std::string spec : {"grundy", "officers", "treblecross", "subtraction:squares",
                                 "subtraction:fibonacci", "subtraction:all-but:1,2", "lasker"}) {
    EXPECT_EQ(values(spec, 400), plain_values(spec, 400)) << spec;
  }
}

TEST(KnownAnswers, SubtractionOneThreeFourRepeats0101232) {
  const std::vector<std::uint64_t> cycle = {0, 1, 0, 1, 2, 3, 2};
  const auto got = values("subtraction:1,3,4", 70);
  for (std::size_t n = 0; n < got.size(); ++n) EXPECT_EQ(got[n], cycle[n % 7]) << n;
  const auto search = heap_rules(make("subtraction:1,3,4")).find_period(0, nimkit::Limits{});
  ASSERT_TRUE(search.period.has_value());
  EXPECT_EQ(search.period->period, 7u);
  EXPECT_EQ(search.period->preperiod, 0u);
  // n0 + max S = 4: values g(0) .. g(4 + 7 - 1) prove it.
  EXPECT_EQ(search.period->checked_to, 10u);
}

TEST(KnownAnswers, PowersOfTwoIsNModThree) {
  EXPECT_EQ(values("subtraction:powers-of-2", 300), plain_values("subtraction:powers-of-2", 300));
  const auto g = make("subtraction:powers-of-2")
                     ->grundy(std::vector<Heap>{Heap{nimkit::kMaxHeap}}, nimkit::Limits{});
  EXPECT_EQ(static_cast<std::uint64_t>(*g), nimkit::kMaxHeap % 3);
}

TEST(KnownAnswers, LaskerSwapsFourKPlusThreeAndFourKPlusFour) {
  const auto plain = plain_values("lasker", 400);
  for (std::uint64_t k = 0; 4 * k + 4 < plain.size(); ++k) {
    EXPECT_EQ(plain[4 * k + 3], 4 * k + 4) << k;
    EXPECT_EQ(plain[4 * k + 4], 4 * k + 3) << k;
    EXPECT_EQ(plain[4 * k + 1], 4 * k + 1) << k;
    EXPECT_EQ(plain[4 * k + 2], 4 * k + 2) << k;
  }
  EXPECT_EQ(values("lasker", 400), plain);
  const auto lasker = make("lasker");
  const auto g = lasker->grundy(std::vector<Heap>{Heap{nimkit::kMaxHeap}}, nimkit::Limits{});
  EXPECT_EQ(nimkit::to_string(*g), "18446744073709551616");  // 2^64-1 = 4k+3 -> 4k+4 = 2^64
}

TEST(KnownAnswers, WythoffPPositionsAreFloorNPhiAndFloorNPhiPlusN) {
  const std::uint64_t top = 30;
  nimkit_rules_test::PlainSearch search(false);
  const double phi = (1 + std::sqrt(5.0)) / 2;
  const auto wythoff = make("wythoff");
  for (std::uint64_t x = 0; x <= top; ++x) {
    for (std::uint64_t y = 0; y <= top; ++y) {
      bool formula = false;
      for (std::uint64_t n = 0; n <= top; ++n) {
        const auto a = static_cast<std::uint64_t>(std::floor(static_cast<double>(n) * phi));
        formula = formula || (x == a && y == a + n) || (y == a && x == a + n);
      }
      const bool brute =
          !search.wins(nimkit_rules_test::canonical({{"wythoff", {{x, false}, {y, false}}}}));
      EXPECT_EQ(formula, brute) << x << "," << y;
      const std::vector<Heap> pair{Heap{x}, Heap{y}};
      EXPECT_EQ(wythoff->p_position(pair).value(), brute) << x << "," << y;
    }
  }
  // Exact for huge n: ⌊nφ⌋ against long double where it is precise, and the pairing.
  for (std::uint64_t n = 1; n < 2'000'000; n += 997) {
    const long double exact = static_cast<long double>(n) * 1.6180339887498948482L;
    EXPECT_EQ(static_cast<std::uint64_t>(nimkit::WythoffGame::lower_wythoff(n)),
              static_cast<std::uint64_t>(exact));
  }
  const std::uint64_t n = 1'000'000'000'000'000'000;
  const auto a = static_cast<std::uint64_t>(nimkit::WythoffGame::lower_wythoff(n));
  EXPECT_EQ(nimkit::to_string(nimkit::WythoffGame::partner(a)), nimkit::to_string(Nimber{a} + n));
  EXPECT_EQ(a, 1'618'033'988'749'894'848u);  // ⌊10^18 φ⌋
}

TEST(KnownAnswers, WythoffHugePairsAreDecidedByTheRule) {
  auto position =
      nimkit::parse_position("wythoff:1000000000000000000,1618033988749894848", nullptr);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Player::kFirst);
  EXPECT_EQ(analysis->method, nimkit::Method::kPositionRule);
  const auto wythoff = make("wythoff");
  ASSERT_FALSE(analysis->winning_moves.empty());
  for (const nimkit::Move& m : analysis->winning_moves) {
    EXPECT_TRUE(wythoff->is_p_position(m.option.result.front()).value());
  }
}

// x + 1 wrapped to 0 for x = 2^64-1, so the table of (x + 1)(y + 1) cells passed the limit check
// as an empty table (a crash), or as a huge one (std::length_error).
TEST(KnownAnswers, WythoffTablesOfMaximalHeapsAreRefusedNotWrapped) {
  const auto wythoff = make("wythoff");
  for (const std::vector<Heap>& pair :
       {std::vector<Heap>{Heap{nimkit::kMaxHeap}, Heap{5}},
        std::vector<Heap>{Heap{5}, Heap{nimkit::kMaxHeap}},
        std::vector<Heap>{Heap{nimkit::kMaxHeap}, Heap{nimkit::kMaxHeap}}}) {
    const auto g = wythoff->grundy(pair, nimkit::Limits{});
    ASSERT_FALSE(g.ok());
    EXPECT_NE(g.error().find("table limit"), std::string::npos) << g.error();
    const auto options = wythoff->options_with_value(pair, 1, nimkit::Limits{});
    EXPECT_FALSE(options.ok());
  }
}

// Counting options by inclusion-exclusion once took 3^m steps for m heaps (20 heaps: seconds per
// option); grouped terms make it polynomial.
TEST(KnownAnswers, MooreOptionsOfManyEqualHeapsAreCountedQuickly) {
  const auto moore = make("moore:64");
  const std::vector<Heap> heaps(30, Heap{1});
  const nimkit::Count count = moore->option_count(heaps);
  EXPECT_EQ(nimkit::to_string(count), "1073741823");  // every non-empty subset of 30 heaps
  const nimkit::HeapOption last = moore->option_at(heaps, count - 1);
  EXPECT_EQ(last.take, 30u);
  const nimkit::HeapOption first = moore->option_at(heaps, 0);
  EXPECT_EQ(first.take, 1u);
}

TEST(KnownAnswers, MoorePPositionsAreBinaryDigitSumsDivisibleByKPlusOne) {
  for (std::uint64_t k = 1; k <= 3; ++k) {
    const auto moore = make("moore:" + std::to_string(k));
    nimkit_rules_test::PlainSearch search(false);
    for (std::uint64_t a = 0; a <= 5; ++a) {
      for (std::uint64_t b = 0; b <= 4; ++b) {
        for (std::uint64_t c = 0; c <= 4; ++c) {
          for (std::uint64_t d = 0; d <= 2; ++d) {
            const std::vector<Heap> heaps{Heap{a}, Heap{b}, Heap{c}, Heap{d}};
            const bool brute = !search.wins(nimkit_rules_test::canonical(
                {{moore->spec(), {{a, false}, {b, false}, {c, false}, {d, false}}}}));
            EXPECT_EQ(moore->p_position(heaps).value(), brute)
                << k << ": " << a << " " << b << " " << c << " " << d;
          }
        }
      }
    }
  }
}

TEST(KnownAnswers, MooreRandomAccessMatchesTheSortedList) {
  const nimkit::MooreNim moore(2);
  const std::vector<Heap> heaps{Heap{3}, Heap{0}, Heap{5}, Heap{2}, Heap{4}};
  const auto all = moore.all_options(heaps);
  ASSERT_EQ(moore.option_count(heaps), nimkit::Count{all.size()});
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(moore.option_at(heaps, i), all[i]) << i;
  // Huge heaps: random access stays sorted.
  const std::vector<Heap> huge{Heap{1'000'000'000'000}, Heap{999'999}, Heap{77'777'777'777}};
  const nimkit::Count count = moore.option_count(huge);
  for (nimkit::Count i = 1; i < count; i += count / 1000 + 1) {
    const auto p = moore.option_at(huge, i - 1), q = moore.option_at(huge, i);
    EXPECT_TRUE(std::tie(p.take, p.result) < std::tie(q.take, q.result));
  }
  EXPECT_EQ(moore.option_at(huge, count - 1).take, 1'000'000'000'000u + 77'777'777'777u);
}

TEST(KnownAnswers, OctalRandomAccessOnHugeHeapsStaysSorted) {
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

TEST(KnownAnswers, OctalMovesToAValueByResidueClassEqualTheFullScan) {
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

TEST(KnownAnswers, PeriodTheoremBoundsAreTheStatedFormulas) {
  const auto kayles = nimkit::PeriodTheorem::octal(*nimkit::octal_code_by_name("kayles"));
  EXPECT_EQ(kayles.end(71, 12), 2 * 71 + 12 + 2u);
  EXPECT_EQ(kayles.end(0, 3), 2 * 1 + 3 + 2u);  // n1 = max(n0, 1)
  const auto hex = nimkit::PeriodTheorem::octal(*nimkit::OctalCode::parse("0.F"));
  EXPECT_EQ(hex.end(5, 2), 3 * 5 + 2 * 2 + 1u);
  const auto take_only = nimkit::PeriodTheorem::octal(*nimkit::OctalCode::parse("0.31"));
  EXPECT_EQ(take_only.end(0, 2), 3u);  // max(n0 + k, k + 1) with k = 2
  EXPECT_EQ(nimkit::PeriodTheorem::subtraction(4).end(0, 7), 4u);
}

TEST(KnownAnswers, HugeKaylesSumsAreAnsweredInConstantTime) {
  auto position = nimkit::parse_position(
      "kayles:1000000000000000000 kayles:1000000000000000000 dawson:18446744073709551615 "
      "dawson:18446744073709551615",
      nullptr);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Player::kSecond);
  EXPECT_EQ(nimkit::to_string(*analysis->grundy), "0");
}

TEST(KnownAnswers, GrundysGameHasNoPeriodTheorem) {
  const auto search = heap_rules(make("grundy")).find_period(500, nimkit::Limits{});
  EXPECT_FALSE(search.period.has_value());
  EXPECT_GE(search.searched_to, 499u);
  EXPECT_EQ(search.stopped_by, "no periodicity theorem applies to this ruleset");
}

TEST(KnownAnswers, TheMixedSumFromTheIssueIsAFirstPlayerWin) {
  auto position = nimkit::parse_position("kayles:7 dawson:12 nim:3", nullptr);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(nimkit::to_string(*analysis->grundy), "3");  // 2 ^ 2 ^ 3
  EXPECT_EQ(analysis->winner, nimkit::Player::kFirst);
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

}  // namespace
