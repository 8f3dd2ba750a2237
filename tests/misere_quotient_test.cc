// Misère quotients against an independent exhaustive search (misere_brute_force.h): verdicts
// and winning moves on every small sum, the monoid laws, misère Nim's tame quotient against
// Bouton's rule, the values published for Kayles, Dawson's Kayles and the rest, the file format,
// and analysis answering by the quotient.
#include "nimkit/misere_quotient.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "misere_brute_force.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "test_rulesets.h"

namespace {

using nimkit::MisereQuotient;
using nimkit::QuotientElement;
using nimkit_test::HeapRules;
using nimkit_test::MisereBrute;

struct Game {
  std::string spec;
  HeapRules rules;
};

void PrintTo(const Game& game, std::ostream* out) { *out << game.spec; }

const std::vector<Game>& games() {
  static const std::vector<Game> all = {{"nim", {true, {}}},
                                        {"kayles", {false, {0, 7, 7}}},
                                        {"dawson", {false, {0, 0, 7}}},
                                        {"octal:0.75", {false, {0, 7, 5}}},
                                        {"guiles", {false, {0, 1, 5}}},
                                        {"dawsons-chess", {false, {0, 1, 3, 7}}}};
  return all;
}

using nimkit_test::rules_of;

// The quotient of heaps up to `heaps` (or every heap, when periodic by then).
const MisereQuotient& quotient(const std::string& spec, std::uint64_t heaps = 20) {
  static std::map<std::pair<std::string, std::uint64_t>, std::unique_ptr<MisereQuotient>> cache;
  auto& slot = cache[{spec, heaps}];
  if (!slot) {
    nimkit::QuotientBounds bounds;
    bounds.max_heap = heaps;
    auto q = nimkit::compute_misere_quotient(*rules_of(spec), bounds, nimkit::Limits{});
    EXPECT_TRUE(q.ok()) << spec << ": " << (q.ok() ? "" : q.error());
    slot = std::make_unique<MisereQuotient>(std::move(*q));
  }
  return *slot;
}

bool predicted_win(const MisereQuotient& q, const std::vector<int>& heaps) {
  QuotientElement x = 0;
  for (int h : heaps) x = q.multiply(x, q.phi(static_cast<std::uint64_t>(h)));
  return !q.in_p(x);
}

// Every sum of 1 to `count` heaps of 1 to `largest` objects (as multisets).
std::vector<std::vector<int>> sums(int count, int largest) {
  std::vector<std::vector<int>> out;
  std::vector<int> sum;
  auto grow = [&](auto& self, int from) -> void {
    if (!sum.empty()) out.push_back(sum);
    if (static_cast<int>(sum.size()) == count) return;
    for (int h = from; h <= largest; ++h) {
      sum.push_back(h);
      self(self, h);
      sum.pop_back();
    }
  };
  grow(grow, 1);
  return out;
}

class QuotientAgainstSearch : public ::testing::TestWithParam<Game> {};

TEST_P(QuotientAgainstSearch, VerdictOfEverySumOfUpToFourHeapsOfTwelve) {
  const MisereQuotient& q = quotient(GetParam().spec);
  MisereBrute brute(GetParam().rules);
  for (const std::vector<int>& heaps : sums(4, 12)) {
    ASSERT_EQ(predicted_win(q, heaps), brute.wins(heaps))
        << GetParam().spec << " " << testing::PrintToString(heaps);
  }
}

TEST_P(QuotientAgainstSearch, VerdictOfEverySumOfUpToThreeHeapsOfTwenty) {
  const MisereQuotient& q = quotient(GetParam().spec);
  MisereBrute brute(GetParam().rules);
  for (const std::vector<int>& heaps : sums(3, 20)) {
    ASSERT_EQ(predicted_win(q, heaps), brute.wins(heaps))
        << GetParam().spec << " " << testing::PrintToString(heaps);
  }
}

// analyze() answers by the quotient, and its winning moves are exactly the brute force's.
TEST_P(QuotientAgainstSearch, AnalysisListsExactlyTheWinningMoves) {
  if (GetParam().spec == "nim") GTEST_SKIP() << "misère Nim is answered by Bouton's rule";
  const auto rules = rules_of(GetParam().spec);
  MisereBrute brute(GetParam().rules);
  for (const std::vector<int>& heaps : sums(3, 12)) {
    std::string text;
    for (int h : heaps) text += std::to_string(h) + " ";
    auto position = nimkit::parse_position(text, rules);
    ASSERT_TRUE(position.ok());
    auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere);
    ASSERT_TRUE(analysis.ok()) << text;
    ASSERT_EQ(analysis->method, nimkit::Method::kMisereQuotient) << text;
    ASSERT_EQ(analysis->winner == nimkit::Outcome::kFirst, brute.wins(heaps)) << text;
    std::uint64_t winning = 0;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      for (const std::vector<int>& left : brute.rules().moves(heaps[i])) {
        if (!brute.wins(MisereBrute::after(heaps, i, left))) ++winning;
      }
    }
    ASSERT_EQ(analysis->winning_move_count, winning) << text;
    for (const nimkit::Move& move : analysis->winning_moves) {
      std::vector<int> after;
      const nimkit::Position next = position->after(move);
      for (const auto& c : next.components()) {
        after.push_back(static_cast<int>(nimkit::HeapGame::decode(c.state).front().size));
      }
      ASSERT_FALSE(brute.wins(after)) << text << " -> " << testing::PrintToString(after);
    }
    auto wins = nimkit::first_player_wins(*position, nimkit::Convention::kMisere);
    ASSERT_TRUE(wins.ok());
    ASSERT_EQ(*wins, brute.wins(heaps)) << text;
  }
}

TEST_P(QuotientAgainstSearch, IsACommutativeMonoidOfEvenOrderWithoutTheEmptySumInP) {
  const MisereQuotient& q = quotient(GetParam().spec);
  EXPECT_EQ(q.order() % 2, 0u);
  EXPECT_FALSE(q.in_p(0));
  EXPECT_EQ(q.phi(0), 0u);
  for (QuotientElement x = 0; x < q.order(); ++x) {
    ASSERT_EQ(q.multiply(0, x), x);
    for (QuotientElement y = 0; y < q.order(); ++y) {
      ASSERT_EQ(q.multiply(x, y), q.multiply(y, x));
      for (QuotientElement z = 0; z < q.order(); ++z) {
        ASSERT_EQ(q.multiply(q.multiply(x, y), z), q.multiply(x, q.multiply(y, z)));
      }
    }
  }
  // Reduced: any two elements are told apart by some third.
  for (QuotientElement x = 0; x < q.order(); ++x) {
    for (QuotientElement y = x + 1; y < q.order(); ++y) {
      bool apart = false;
      for (QuotientElement z = 0; z < q.order() && !apart; ++z) {
        apart = q.in_p(q.multiply(x, z)) != q.in_p(q.multiply(y, z));
      }
      ASSERT_TRUE(apart) << x << " " << y;
    }
  }
  // The presentation's rewriting rules hold in the table.
  for (const nimkit::QuotientRelation& r : q.relations()) {
    auto value = [&](const std::vector<std::uint32_t>& word) {
      QuotientElement v = 0;
      for (std::size_t g = 0; g < word.size(); ++g) {
        for (std::uint32_t i = 0; i < word[g]; ++i) v = q.multiply(v, q.generators()[g]);
      }
      return v;
    };
    ASSERT_EQ(value(r.left), value(r.right));
  }
}

INSTANTIATE_TEST_SUITE_P(Games, QuotientAgainstSearch, ::testing::ValuesIn(games()),
                         [](const auto& param_info) {
                           std::string name;
                           for (char c : param_info.param.spec) name += std::isalnum(c) ? c : '_';
                           return name;
                         });

TEST(MisereNimQuotient, HeapsUpToThreeGiveTheTameQuotientT2) {
  const MisereQuotient& q = quotient("nim", 3);
  EXPECT_EQ(q.order(), 6u);
  EXPECT_TRUE(q.tame());
  std::vector<std::string> p;
  for (QuotientElement x : q.p_portion()) p.push_back(q.name(x));
  std::sort(p.begin(), p.end());
  EXPECT_EQ(p, (std::vector<std::string>{"a", "b²"}));
  std::vector<std::string> relations;
  for (const auto& r : q.relations()) {
    relations.push_back(MisereQuotient::word_name(r.left) + "=" +
                        MisereQuotient::word_name(r.right));
  }
  EXPECT_EQ(relations, (std::vector<std::string>{"a²=1", "b³=b"}));
}

TEST(MisereNimQuotient, AgreesWithBoutonsRuleOnEveryPositionOfFiveHeapsToFifteen) {
  const MisereQuotient& q = quotient("nim", 15);
  EXPECT_TRUE(q.tame());
  EXPECT_EQ(q.order(), 18u);  // T4: 2 + 2^4
  for (const std::vector<int>& heaps : sums(5, 15)) {
    int nim_sum = 0;
    int big = 0;
    int ones = 0;
    for (int h : heaps) {
      nim_sum ^= h;
      big += h >= 2;
      ones += h == 1;
    }
    const bool bouton = big == 0 ? ones % 2 == 0 : nim_sum != 0;
    ASSERT_EQ(predicted_win(q, heaps), bouton) << testing::PrintToString(heaps);
  }
}

TEST(KnownQuotients, KaylesIsPeriodic12From71WithOrder40) {
  const MisereQuotient& q = quotient("kayles", 300);
  ASSERT_TRUE(q.period());
  EXPECT_EQ(q.period()->period, 12u);
  EXPECT_EQ(q.period()->preperiod, 71u);
  EXPECT_EQ(q.order(), 40u);
  EXPECT_EQ(q.p_size(), 9u);
  EXPECT_FALSE(q.tame());
  EXPECT_EQ(q.generators_at(), (std::vector<std::uint64_t>{1, 2, 5, 9, 12, 25, 27}));
}

TEST(KnownQuotients, DawsonsKaylesUpToThirtyHasOrder360AsPublished) {
  EXPECT_EQ(quotient("dawson", 24).order(), 24u);
  EXPECT_EQ(quotient("dawson", 30).order(), 360u);
}

// Treblecross grows to 864 elements at heap 43 (MisereSolver's order and |P|), after more
// recalibrations than a fixed cap of 64 allowed.
TEST(KnownQuotients, TreblecrossReachesOrder864AtHeap43) {
  const MisereQuotient& q = quotient("octal:0.007", 43);
  EXPECT_EQ(q.order(), 864u);
  EXPECT_EQ(q.p_size(), 102u);
  EXPECT_EQ(q.grew_at(), (std::vector<std::uint64_t>{3, 6, 15, 16, 32, 36, 41, 42, 43}));
}

// Two threads give the same quotient, with the second thread at work on every candidate.
TEST(KnownQuotients, TwoThreadsGiveTheSameQuotients) {
  for (const auto& [spec, heaps] :
       std::vector<std::pair<std::string, std::uint64_t>>{{"octal:0.007", 43}, {"dawson", 30}}) {
    nimkit::QuotientBounds bounds;
    bounds.max_heap = heaps;
    bounds.threads = 2;
    bounds.parallel_order = 1;
    auto two = nimkit::compute_misere_quotient(*rules_of(spec), bounds, nimkit::Limits{});
    ASSERT_TRUE(two.ok()) << two.error();
    EXPECT_EQ(*two, quotient(spec, heaps)) << spec;
  }
}

// Candidates with partial tables (only the products by heaps and options) recalibrate to the
// same quotients as with full tables: the candidates past a few hundred elements are partial
// here (the quotients themselves, of 864, 360 and 40 elements, keep theirs).
TEST(KnownQuotients, PartialTablesGiveTheSameQuotients) {
  for (const auto& [spec, heaps, full] :
       std::vector<std::tuple<std::string, std::uint64_t, std::size_t>>{
           {"octal:0.007", 43, 900}, {"dawson", 30, 400}, {"kayles", 300, 64}}) {
    nimkit::QuotientBounds bounds;
    bounds.max_heap = heaps;
    bounds.full_order = full;
    auto partial = nimkit::compute_misere_quotient(*rules_of(spec), bounds, nimkit::Limits{});
    ASSERT_TRUE(partial.ok()) << partial.error();
    EXPECT_EQ(*partial, quotient(spec, heaps)) << spec;
  }
  // A quotient that verifies with a partial table is exact but cannot be kept: the computation
  // stops there, saying so, with the quotient of the heaps before.
  nimkit::QuotientBounds tiny;
  tiny.full_order = 4;
  auto stopped = nimkit::compute_misere_quotient(*rules_of("kayles"), tiny, nimkit::Limits{});
  ASSERT_TRUE(stopped.ok()) << stopped.error();
  EXPECT_LE(stopped->order(), 4u);
  EXPECT_NE(stopped->stopped().find("more than the 4 whose full table is kept"), std::string::npos)
      << stopped->stopped();
}

TEST(KnownQuotients, DawsonsChessIsDawsonsKaylesOneHeapShorter) {
  for (std::uint64_t n = 4; n <= 26; n += 2) {
    EXPECT_EQ(quotient("dawsons-chess", n).order(), quotient("dawson", n + 1).order()) << n;
    EXPECT_EQ(quotient("dawsons-chess", n).p_size(), quotient("dawson", n + 1).p_size()) << n;
  }
}

TEST(KnownQuotients, GuilesAndPointSevenFiveArePeriodic) {
  const MisereQuotient& guiles = quotient("guiles", 300);
  ASSERT_TRUE(guiles.period());
  EXPECT_EQ(guiles.period()->period, 10u);
  EXPECT_EQ(guiles.order(), 42u);
  const MisereQuotient& q75 = quotient("octal:0.75", 300);
  ASSERT_TRUE(q75.period());
  EXPECT_EQ(q75.period()->period, 2u);
  EXPECT_EQ(q75.period()->preperiod, 8u);
  EXPECT_EQ(q75.order(), 8u);
  EXPECT_EQ(q75.p_size(), 2u);
}

TEST(QuotientAnalysis, AnswersHugeKaylesHeapsByThePeriod) {
  const auto rules = rules_of("kayles");
  auto position = nimkit::parse_position("1000000000 77 5", rules);
  ASSERT_TRUE(position.ok());
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->method, nimkit::Method::kMisereQuotient);
  EXPECT_EQ(nimkit::to_string(analysis->method), "misere-quotient");
  // 10^9 is 71 + 12k + 5: the same class as heap 76.
  const MisereQuotient& q = *analysis->quotient;
  EXPECT_EQ(q.phi(1'000'000'000), q.phi(76));
  auto same = nimkit::parse_position("76 77 5", rules);
  EXPECT_EQ(nimkit::analyze(*same, nimkit::Convention::kMisere)->winner, analysis->winner);
  // Every listed move leaves a sum in P.
  for (const nimkit::Move& move : analysis->winning_moves) {
    QuotientElement x = 0;
    const nimkit::Position next = position->after(move);
    for (const auto& c : next.components()) {
      x = q.multiply(x, q.phi(nimkit::HeapGame::decode(c.state).front().size));
    }
    EXPECT_TRUE(q.in_p(x));
  }
}

TEST(QuotientAnalysis, ListsTheSameMovesByResidueAsByScanning) {
  const auto rules = rules_of("kayles");
  auto position = nimkit::parse_position("601 40 9", rules);
  ASSERT_TRUE(position.ok());
  nimkit::Limits scan;
  nimkit::Limits residue;
  residue.max_scan = 200;  // heap 601 has 902 options: listed by residue class
  auto scanned = nimkit::analyze(*position, nimkit::Convention::kMisere, scan);
  auto by_residue = nimkit::analyze(*position, nimkit::Convention::kMisere, residue);
  ASSERT_TRUE(scanned.ok() && by_residue.ok());
  ASSERT_EQ(scanned->method, nimkit::Method::kMisereQuotient);
  EXPECT_GT(scanned->winning_move_count, 0u);
  std::vector<nimkit::Move> heap_one_scanned;
  for (const auto& m : scanned->winning_moves) {
    if (m.component == 0) heap_one_scanned.push_back(m);
  }
  std::vector<nimkit::Move> heap_one_residue;
  for (const auto& m : by_residue->winning_moves) {
    if (m.component == 0) heap_one_residue.push_back(m);
  }
  EXPECT_EQ(heap_one_scanned, heap_one_residue);
}

TEST(QuotientAnalysis, FallsBackToTheSearchWithoutAQuotient) {
  // Dawson's Kayles has no period within the heap bound: a heap past it goes to the search,
  // which here gives up at its small node limit.
  const auto rules = rules_of("dawson");
  auto position = nimkit::parse_position("400 3", rules);
  ASSERT_TRUE(position.ok());
  nimkit::Limits small;
  small.max_nodes = 1000;
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere, small);
  if (analysis.ok()) {
    EXPECT_EQ(analysis->method, nimkit::Method::kSearch);
  } else {
    EXPECT_NE(analysis.error().find("limit"), std::string::npos) << analysis.error();
  }
}

// Σ p(j) for j ≤ n by the recurrence p(n, k) = p(n, k − 1) + p(n − k, k): the multisets of heaps
// of at most n objects, counted independently of the library's estimate.
double multisets_within(int n) {
  std::vector<std::vector<double>> p(n + 1, std::vector<double>(n + 1, 0.0));
  for (int k = 0; k <= n; ++k) p[0][k] = 1.0;
  for (int m = 1; m <= n; ++m) {
    for (int k = 1; k <= n; ++k) p[m][k] = p[m][k - 1] + (k <= m ? p[m - k][k] : 0.0);
  }
  double sum = 0.0;
  for (int m = 0; m <= n; ++m) sum += p[m][m];
  return sum;
}

TEST(QuotientAnalysis, ASearchThatRunsOutSaysWhichHeapsTheQuotientCovers) {
  // No quotient of Dawson's Kayles covers heap 40 within the work allowed, so the sum is
  // searched; when that runs out, the error says so rather than naming only the limit.
  const auto rules = rules_of("dawson");
  auto position = nimkit::parse_position("40 33 5", rules);
  ASSERT_TRUE(position.ok());
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(500'000);
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere, limits);
  ASSERT_FALSE(analysis.ok());
  const std::string& error = analysis.error();
  EXPECT_EQ(analysis.failure().kind, nimkit::ErrorKind::kLimit);
  EXPECT_NE(error.find("work stopped"), std::string::npos) << error;
  EXPECT_NE(error.find("the misère quotient of Dawson's Kayles"), std::string::npos) << error;
  EXPECT_NE(error.find("heap 40 is beyond it"), std::string::npos) << error;
  // The estimate is the number of multisets of heaps of at most 78 objects, to two digits.
  const std::size_t about = error.find("about ");
  ASSERT_NE(about, std::string::npos) << error;
  double mantissa = 0.0;
  int exponent = 0;
  ASSERT_EQ(std::sscanf(error.c_str() + about, "about %lf × 10^%d", &mantissa, &exponent), 2)
      << error;
  const double expected = multisets_within(78);
  EXPECT_NEAR(mantissa * std::pow(10.0, exponent) / expected, 1.0, 0.06) << error;
}

TEST(QuotientBounds, StopsAtTheOrderBoundSayingSo) {
  nimkit::QuotientBounds bounds;
  bounds.max_heap = 40;
  bounds.max_order = 100;
  auto q = nimkit::compute_misere_quotient(*rules_of("dawson"), bounds, nimkit::Limits{});
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->max_heap(), 24u);  // Q_25 has 144 elements
  EXPECT_NE(q->stopped().find("bound of 100 elements"), std::string::npos) << q->stopped();
}

TEST(QuotientBounds, StopsAtTheWorkMeterWithAnExactPartialQuotient) {
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(20'000);
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), {}, limits);
  ASSERT_TRUE(q.ok());
  EXPECT_FALSE(q->period());
  EXPECT_NE(q->stopped().find("work limit"), std::string::npos) << q->stopped();
  MisereBrute brute({false, {0, 7, 7}});
  const int top = static_cast<int>(std::min<std::uint64_t>(q->max_heap(), 12));
  for (const std::vector<int>& heaps : sums(3, top)) {
    ASSERT_EQ(predicted_win(*q, heaps), brute.wins(heaps));
  }
}

TEST(QuotientBounds, StopsAtTheMemoryBudgetWithAnExactPartialQuotient) {
  // Dawson's Kayles grows to 360 elements by heap 30 (a table of 518,400 bytes): a budget of
  // 256 KiB stops it before, at once and saying so, with the quotient of the heaps it had.
  nimkit::QuotientBounds bounds;
  bounds.max_heap = 30;
  nimkit::Limits limits;
  limits.max_search_bytes = 256 * 1024;
  const auto start = std::chrono::steady_clock::now();
  auto q = nimkit::compute_misere_quotient(*rules_of("dawson"), bounds, limits);
  const auto seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(q.ok());
  EXPECT_LT(q->max_heap(), 30u);
  EXPECT_NE(q->stopped().find("the memory budget of 262144 bytes"), std::string::npos)
      << q->stopped();
  EXPECT_LT(seconds, 30.0);
  MisereBrute brute({false, {0, 0, 7}});
  const int top = static_cast<int>(std::min<std::uint64_t>(q->max_heap(), 12));
  for (const std::vector<int>& heaps : sums(3, top)) {
    ASSERT_EQ(predicted_win(*q, heaps), brute.wins(heaps));
  }
}

TEST(QuotientRules, OnlySingleHeapGamesWithShrinkingMovesHaveQuotients) {
  EXPECT_TRUE(nimkit::has_misere_quotient(*rules_of("kayles")));
  EXPECT_TRUE(nimkit::has_misere_quotient(*rules_of("nim")));
  EXPECT_FALSE(nimkit::has_misere_quotient(*rules_of("zero-move")));
  EXPECT_FALSE(nimkit::has_misere_quotient(*rules_of("wythoff")));
  EXPECT_FALSE(nimkit::has_misere_quotient(*rules_of("node-kayles")));
  EXPECT_FALSE(nimkit::compute_misere_quotient(*rules_of("wythoff"), {}, {}).ok());
}

// Winning moves on a long row, found by residue classes of the quotient's period, are those a
// scan of every option finds by the classes' product.
TEST(MisereQuotientMoves, ByResidueClassesEqualAScanOfEveryOption) {
  auto rules = nimkit::make_ruleset("kayles");
  ASSERT_TRUE(rules.ok());
  const auto& heaps = dynamic_cast<const nimkit::HeapGame&>(**rules);
  int won = 0;
  for (std::uint64_t n = 400; n < 430; ++n) {
    const std::string text = std::to_string(n) + " 5";
    auto position = nimkit::parse_position(text, *rules);
    ASSERT_TRUE(position.ok());
    auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere);
    ASSERT_TRUE(analysis.ok()) << text;
    ASSERT_EQ(analysis->method, nimkit::Method::kMisereQuotient) << text;
    const MisereQuotient& q = *analysis->quotient;
    const std::uint64_t sizes[2] = {n, 5};
    std::vector<nimkit::Move> scanned;
    for (std::size_t i = 0; i < 2; ++i) {
      const QuotientElement rest = q.phi(sizes[1 - i]);
      const nimkit::Heap heap{sizes[i]};
      const std::span<const nimkit::Heap> one(&heap, 1);
      for (nimkit::Count k = 0; k < heaps.option_count(one); ++k) {
        const nimkit::HeapOption option = heaps.option_at(one, k);
        QuotientElement x = rest;
        for (const nimkit::Heap& h : option.result) x = q.multiply(x, q.phi(h.size));
        if (q.in_p(x)) scanned.push_back(nimkit::Move{i, heaps.generic(option)});
      }
    }
    ASSERT_EQ(analysis->winning_move_count, nimkit::Count{scanned.size()}) << text;
    ASSERT_EQ(analysis->winning_moves.size(), scanned.size()) << text;
    for (std::size_t m = 0; m < scanned.size(); ++m) {
      EXPECT_EQ(analysis->winning_moves[m].component, scanned[m].component) << text;
      EXPECT_EQ(analysis->winning_moves[m].option.result, scanned[m].option.result) << text;
    }
    won += scanned.empty() ? 0 : 1;
  }
  EXPECT_GT(won, 10);
}

}  // namespace
