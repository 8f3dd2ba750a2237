// Loopy games against an independent retrograde analysis (loopy_brute_force.h): the labelling's
// generalized values on random graphs with cycles, the digraph ruleset's values, the outcome, value
// and every winning and drawing move of sums of tokens and a Nim heap, the sum rule on the sums'
// own graphs, a win that the finite-win move brings about against every defence, a large graph
// checked by the local conditions that define the values, and the refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "graph_test_util.h"
#include "loopy_brute_force.h"
#include "nimkit/analysis.h"
#include "nimkit/loopy_labels.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using loopy_test::Graph;
using nimkit::LoopyLabels;
using nimkit::LoopyValue;
using nimkit::Nimber;
using nimkit::Outcome;
using nimkit::Position;

// A random graph on vertices named a, b, c, ... (so the digraph numbers them as here): each arrow
// present with probability `p`, self-loops included; a vertex no arrow names gets one out, so that
// every vertex can hold a token.
struct Game {
  Graph graph;
  std::string arrows;  // "a>b,b>c"
};

Game random_game(std::mt19937& rng, std::size_t n, double p) {
  Game game;
  game.graph.out.resize(n);
  std::bernoulli_distribution arrow(p);
  for (std::size_t v = 0; v < n; ++v) {
    for (std::size_t w = 0; w < n; ++w) {
      if (arrow(rng)) game.graph.out[v].push_back(w);
    }
  }
  for (std::size_t v = 0; v < n; ++v) {
    const bool named =
        !game.graph.out[v].empty() ||
        std::any_of(game.graph.out.begin(), game.graph.out.end(),
                    [&](const auto& o) { return std::find(o.begin(), o.end(), v) != o.end(); });
    if (!named) game.graph.out[v].push_back((v + 1) % n);
  }
  for (std::size_t v = 0; v < n; ++v) {
    std::sort(game.graph.out[v].begin(), game.graph.out[v].end());
    for (std::size_t w : game.graph.out[v]) {
      if (!game.arrows.empty()) game.arrows += ',';
      game.arrows += std::string(1, static_cast<char>('a' + v)) + '>' +
                     std::string(1, static_cast<char>('a' + w));
    }
  }
  return game;
}

// The graph in the CSR form label_loopy_graph() takes.
struct Csr {
  std::vector<std::uint32_t> first{0};
  std::vector<std::uint32_t> targets;
};

Csr csr_of(const Graph& g) {
  Csr c;
  for (const auto& out : g.out) {
    for (std::size_t w : out) c.targets.push_back(static_cast<std::uint32_t>(w));
    c.first.push_back(static_cast<std::uint32_t>(c.targets.size()));
  }
  return c;
}

// The generalized value the brute force gives vertex v: finite, or ∞ with its followers' finite
// values.
LoopyValue brute_value(const Graph& g, const std::vector<std::int64_t>& gamma, std::size_t v) {
  if (gamma[v] >= 0) return LoopyValue::finite(static_cast<Nimber>(gamma[v]));
  std::vector<Nimber> reached;
  for (std::size_t w : g.out[v]) {
    if (gamma[w] >= 0) reached.push_back(static_cast<Nimber>(gamma[w]));
  }
  return LoopyValue::infinite(reached);
}

TEST(LoopyLabels, ValuesMatchTheRetrogradeCharacterizationOnRandomGraphs) {
  std::mt19937 rng(20260101);
  std::size_t infinite = 0, finite_on_cycles = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Game game = random_game(rng, 2 + trial % 9, 0.1 + 0.05 * (trial % 6));
    const std::vector<std::int64_t> gamma = loopy_test::gamma(game.graph);
    const Csr c = csr_of(game.graph);
    auto labels = nimkit::label_loopy_graph(c.first, c.targets, nimkit::Limits{});
    ASSERT_TRUE(labels.ok()) << labels.error();
    for (std::size_t v = 0; v < game.graph.size(); ++v) {
      const auto u = static_cast<std::uint32_t>(v);
      EXPECT_EQ(to_string(nimkit::loopy_value_of(*labels, c.first, c.targets, u)),
                to_string(brute_value(game.graph, gamma, v)))
          << game.arrows << " vertex " << v;
      infinite += gamma[v] < 0 ? 1 : 0;
      finite_on_cycles += gamma[v] >= 0 && labels->can_repeat[v] ? 1 : 0;
    }
  }
  // The samples hold both kinds of vertex that reach a cycle.
  EXPECT_GT(infinite, 200u);
  EXPECT_GT(finite_on_cycles, 100u);
}

using nimkit_test::digraph;
using nimkit_test::position_of;

TEST(LoopyDigraph, TokenValuesAreTheBruteForceValues) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    const Game game = random_game(rng, 2 + trial % 7, 0.25);
    const std::vector<std::int64_t> gamma = loopy_test::gamma(game.graph);
    for (std::size_t v = 0; v < game.graph.size(); ++v) {
      const std::string text =
          "digraph:" + game.arrows + "@" + std::string(1, static_cast<char>('a' + v));
      const Position p = position_of(text);
      const nimkit::Component& c = p.components().front();
      auto value = c.rules->loopy_value(c.state, nimkit::Limits{});
      ASSERT_TRUE(value.ok()) << value.error();
      EXPECT_EQ(value->value, brute_value(game.graph, gamma, v)) << text;
      // value() answers exactly for the finite values.
      auto grundy = c.rules->value(c.state, nimkit::Limits{});
      EXPECT_EQ(grundy.ok(), gamma[v] >= 0) << text;
      if (!grundy) {
        EXPECT_EQ(grundy.error_kind(), nimkit::ErrorKind::kUnsupported);
        EXPECT_NE(grundy.error().find(to_string(value->value)), std::string::npos);
      }
    }
  }
}

// A position of tokens on one game's graph and a Nim heap, and the brute force's view of it.
struct Sum {
  std::vector<std::size_t> tokens;
  std::size_t heap = 0;
};

std::string text_of(const Game& game, const Sum& sum) {
  std::string text = "digraph:" + game.arrows;
  for (std::size_t t : sum.tokens) text += "@" + std::string(1, static_cast<char>('a' + t));
  if (sum.heap > 0) text += " nim:" + std::to_string(sum.heap);
  return text;
}

// The brute force's tuple of a position: its tokens' vertices (the digraph's state holds the
// token's vertex in word 1, digraph.h), then the heap (word 0 of a heap's state; 0 when gone).
std::vector<std::size_t> tuple_of(const Position& p, std::size_t tokens) {
  std::vector<std::size_t> at;
  std::size_t heap = 0;
  for (const nimkit::Component& c : p.components()) {
    if (c.rules->spec() == "digraph") {
      at.push_back(static_cast<std::size_t>(c.state[1]));
    } else {
      heap = static_cast<std::size_t>(c.state[0]);
    }
  }
  EXPECT_EQ(at.size(), tokens);
  at.push_back(heap);
  return at;
}

Outcome outcome_of(loopy_test::Outcome o) {
  return o == loopy_test::Outcome::kP   ? Outcome::kSecond
         : o == loopy_test::Outcome::kN ? Outcome::kFirst
                                        : Outcome::kDraw;
}

TEST(LoopySums, OutcomesValuesAndMovesMatchTheRetrogradeAnalysisOfTheSum) {
  std::mt19937 rng(424242);
  std::map<Outcome, int> seen;
  for (int trial = 0; trial < 240; ++trial) {
    const Game game = random_game(rng, 2 + trial % 5, 0.2 + 0.05 * (trial % 4));
    Sum sum;
    const std::size_t tokens = 1 + trial % 3;
    for (std::size_t k = 0; k < tokens; ++k) sum.tokens.push_back(rng() % game.graph.size());
    sum.heap = rng() % 4;
    const Graph heap = loopy_test::nim_heap(sum.heap);
    std::vector<const Graph*> parts(tokens, &game.graph);
    parts.push_back(&heap);
    const Graph whole = loopy_test::sum_of(parts);
    const std::vector<loopy_test::Outcome> brute = loopy_test::retrograde(whole);

    const std::string text = text_of(game, sum);
    const Position p = position_of(text);
    auto analysis = nimkit::analyze(p, nimkit::Convention::kNormal);
    ASSERT_TRUE(analysis.ok()) << text << ": " << analysis.error();
    const std::size_t at = loopy_test::index_of(parts, tuple_of(p, tokens));
    EXPECT_EQ(analysis->winner, outcome_of(brute[at])) << text;
    ++seen[analysis->winner];
    auto cheap = nimkit::outcome(p, nimkit::Convention::kNormal);
    ASSERT_TRUE(cheap.ok());
    EXPECT_EQ(*cheap, analysis->winner) << text;

    // Every winning move leads to a P position, every drawing move to a D one, and they are all
    // the moves that do.
    std::size_t to_p = 0, to_d = 0;
    for (std::size_t child : whole.out[at]) {
      to_p += brute[child] == loopy_test::Outcome::kP ? 1 : 0;
      to_d += brute[child] == loopy_test::Outcome::kD ? 1 : 0;
    }
    const auto after = [&](const nimkit::Move& m) {
      return brute[loopy_test::index_of(parts, tuple_of(p.after(m), tokens))];
    };
    for (const nimkit::Move& m : analysis->winning_moves) {
      EXPECT_EQ(after(m), loopy_test::Outcome::kP) << text << " " << nimkit::describe(p, m);
    }
    EXPECT_EQ(analysis->winning_move_count, nimkit::Count{to_p}) << text;
    EXPECT_EQ(analysis->winning_moves.size(), to_p) << text;
    if (analysis->finite_win_move) {
      EXPECT_EQ(after(*analysis->finite_win_move), loopy_test::Outcome::kP) << text;
    }
    for (const nimkit::Move& m : analysis->drawing_moves) {
      EXPECT_EQ(after(m), loopy_test::Outcome::kD) << text << " " << nimkit::describe(p, m);
    }
    EXPECT_EQ(analysis->drawing_moves.size(), analysis->winner == Outcome::kDraw ? to_d : 0)
        << text;
  }
  EXPECT_GT(seen[Outcome::kDraw], 30);
  EXPECT_GT(seen[Outcome::kFirst], 30);
  EXPECT_GT(seen[Outcome::kSecond], 15);
}

TEST(LoopySums, TheSumRuleGivesTheValueOfTheSumsOwnGraph) {
  std::mt19937 rng(99);
  int infinite = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const Game game = random_game(rng, 2 + trial % 4, 0.3);
    Sum sum{{rng() % game.graph.size(), rng() % game.graph.size()}, rng() % 3};
    const Graph heap = loopy_test::nim_heap(sum.heap);
    const std::vector<const Graph*> parts{&game.graph, &game.graph, &heap};
    const Graph whole = loopy_test::sum_of(parts);
    const std::vector<std::int64_t> gamma = loopy_test::gamma(whole);
    const std::string text = text_of(game, sum);
    const Position p = position_of(text);
    auto analysis = nimkit::analyze(p, nimkit::Convention::kNormal);
    ASSERT_TRUE(analysis.ok()) << analysis.error();
    const std::size_t at = loopy_test::index_of(parts, tuple_of(p, 2));
    const LoopyValue expected = brute_value(whole, gamma, at);
    const LoopyValue found =
        analysis->loopy_value ? *analysis->loopy_value : LoopyValue::finite(*analysis->grundy);
    EXPECT_EQ(to_string(found), to_string(expected)) << text;
    infinite += expected.is_finite() ? 0 : 1;
  }
  EXPECT_GT(infinite, 20);
}

// From every position the winner reaches by always playing the analysis' finite-win move (its
// first winning move where play cannot repeat), whatever the loser replies, the winner still wins,
// and no position comes back: the win comes in finitely many moves.
TEST(LoopySums, TheFiniteWinMoveWinsAgainstEveryDefence) {
  std::mt19937 rng(31337);
  int explored = 0;
  for (int trial = 0; trial < 2000 && explored < 40; ++trial) {
    const Game game = random_game(rng, 3 + trial % 4, 0.3);
    Sum sum{{rng() % game.graph.size(), rng() % game.graph.size()}, rng() % 3};
    const Position start = position_of(text_of(game, sum));
    auto first = nimkit::analyze(start, nimkit::Convention::kNormal);
    ASSERT_TRUE(first.ok());
    auto repeats = nimkit::can_repeat(start);
    ASSERT_TRUE(repeats.ok());
    if (first->winner != Outcome::kFirst || !*repeats) continue;
    ++explored;
    // Depth-first over the winner's positions; "open" ones are on the current path.
    std::map<std::string, bool> open;
    struct Frame {
      Position position;
      std::vector<Position> replies;
      std::size_t next = 0;
    };
    std::vector<Frame> path;
    const auto enter = [&](const Position& p) {
      auto a = nimkit::analyze(p, nimkit::Convention::kNormal);
      ASSERT_TRUE(a.ok());
      ASSERT_EQ(a->winner, Outcome::kFirst) << nimkit::format_position(p);
      const nimkit::Move move = a->finite_win_move ? *a->finite_win_move : a->winning_moves.front();
      const Position lost = p.after(move);
      Frame frame{p, {}, 0};
      auto replies = lost.legal_moves(nimkit::Limits{});
      ASSERT_TRUE(replies.ok());
      for (const nimkit::Move& r : *replies) frame.replies.push_back(lost.after(r));
      open[nimkit::format_position(p)] = true;
      path.push_back(std::move(frame));
    };
    enter(start);
    while (!path.empty() && !HasFatalFailure()) {
      Frame& top = path.back();
      if (top.next == top.replies.size()) {
        open[nimkit::format_position(top.position)] = false;
        path.pop_back();
        continue;
      }
      const Position next = top.replies[top.next++];
      const auto known = open.find(nimkit::format_position(next));
      ASSERT_TRUE(known == open.end() || !known->second)
          << "play comes back to " << nimkit::format_position(next) << " from "
          << nimkit::format_position(start);
      if (known == open.end()) enter(next);
    }
  }
  EXPECT_GE(explored, 40);
}

// Whether `labels` meet the conditions that define the values (Fraenkel and Yesha): A, a finite
// value is the mex of its followers' finite values; B, a follower of a larger or infinite value
// has a follower of that value labelled earlier; C, an infinite vertex has an infinite follower
// none of whose followers has the mex of the vertex's finite followers. Returns the number of
// infinite vertices.
std::size_t expect_meets_definition(const Csr& c, const LoopyLabels& labels) {
  const auto n = static_cast<std::uint32_t>(c.first.size() - 1);
  const auto out = [&](std::uint32_t v) {
    return std::vector<std::uint32_t>(c.targets.begin() + c.first[v],
                                      c.targets.begin() + c.first[v + 1]);
  };
  std::size_t infinite = 0;
  for (std::uint32_t u = 0; u < n; ++u) {
    std::set<std::uint32_t> values;
    for (std::uint32_t w : out(u)) values.insert(labels.value[w]);
    std::uint32_t m = 0;
    while (values.contains(m)) ++m;
    const std::uint32_t g = labels.value[u];
    if (g == LoopyLabels::kInfinite) {
      ++infinite;
      const std::vector<std::uint32_t> followers = out(u);
      EXPECT_TRUE(std::any_of(followers.begin(), followers.end(),
                              [&](std::uint32_t v) {
                                if (labels.value[v] != LoopyLabels::kInfinite) return false;
                                const std::vector<std::uint32_t> next = out(v);
                                return std::none_of(next.begin(), next.end(), [&](std::uint32_t w) {
                                  return labels.value[w] == m;
                                });
                              }))
          << "C at " << u;
      continue;
    }
    EXPECT_EQ(g, m) << "A at " << u;
    for (std::uint32_t v : out(u)) {
      if (labels.value[v] != LoopyLabels::kInfinite && labels.value[v] < g) continue;
      const std::vector<std::uint32_t> next = out(v);
      EXPECT_TRUE(std::any_of(next.begin(), next.end(),
                              [&](std::uint32_t w) {
                                return labels.value[w] == g &&
                                       labels.counter[w] < labels.counter[u];
                              }))
          << "B at " << u << " through " << v;
    }
  }
  return infinite;
}

// A random graph of 10^5 vertices and 2 * 10^5 arrows with cycles: labelled fast within the
// usual limits, and its labels meet the definition.
TEST(LoopyLabels, ALargeGraphWithCyclesIsLabelledFastAndMeetsTheDefinition) {
  constexpr std::uint32_t kN = 100'000;
  std::mt19937 rng(5);
  Csr c;
  for (std::uint32_t v = 0; v < kN; ++v) {
    // Few vertices without a move: values both finite and infinite.
    const auto degree = static_cast<std::uint32_t>(rng() % 20 == 0 ? 0 : 1 + rng() % 3);
    std::set<std::uint32_t> out;
    for (std::uint32_t k = 0; k < degree; ++k) out.insert(static_cast<std::uint32_t>(rng() % kN));
    c.targets.insert(c.targets.end(), out.begin(), out.end());
    c.first.push_back(static_cast<std::uint32_t>(c.targets.size()));
  }
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(nimkit::kDefaultWorkSteps);
  const auto start = std::chrono::steady_clock::now();
  auto labels = nimkit::label_loopy_graph(c.first, c.targets, limits);
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(labels.ok()) << labels.error();
  EXPECT_LT(took, std::chrono::seconds(5));
  const std::size_t infinite = expect_meets_definition(c, *labels);
  EXPECT_GT(infinite, 1000u);
  EXPECT_LT(infinite, kN - 1000u);
  EXPECT_GT(labels->rounds, 1u);
}

// Values as large as a graph allows on a cycle: vertex d_i of a DAG has arrows to every d_j,
// j < i (value i), and x_i on the cycle x_0 > x_1 > ... > x_399 > x_0 has arrows to every d_j,
// j < i, too. Each x_i is labelled i in round i, 400 rounds over 160,200 arrows, within the usual
// limits.
TEST(LoopyLabels, FourHundredRoundsStayWithinTheUsualLimits) {
  constexpr std::uint32_t kK = 400;
  Csr c;
  for (std::uint32_t i = 0; i < kK; ++i) {  // d_i is vertex i
    for (std::uint32_t j = 0; j < i; ++j) c.targets.push_back(j);
    c.first.push_back(static_cast<std::uint32_t>(c.targets.size()));
  }
  for (std::uint32_t i = 0; i < kK; ++i) {  // x_i is vertex kK + i
    for (std::uint32_t j = 0; j < i; ++j) c.targets.push_back(j);
    c.targets.push_back(kK + (i + 1) % kK);
    c.first.push_back(static_cast<std::uint32_t>(c.targets.size()));
  }
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(nimkit::kDefaultWorkSteps);
  auto labels = nimkit::label_loopy_graph(c.first, c.targets, limits);
  ASSERT_TRUE(labels.ok()) << labels.error();
  EXPECT_EQ(labels->rounds, kK);
  for (std::uint32_t i = 0; i < kK; ++i) {
    EXPECT_EQ(labels->value[i], i);
    EXPECT_EQ(labels->value[kK + i], i);
    EXPECT_TRUE(labels->can_repeat[kK + i]);
  }
  EXPECT_EQ(expect_meets_definition(c, *labels), 0u);
  // A few steps per arrow in all, not an arrow per round: 400 rounds over every arrow would be
  // 64 million, past the usual limit.
  EXPECT_LT(limits.meter->used(), 4 * c.targets.size());
}

TEST(LoopyDigraph, ALargeGraphWithCyclesIsAnalyzedWithinTheUsualLimits) {
  constexpr std::uint32_t kN = 100'000;
  std::mt19937 rng(6);
  std::vector<std::string> items;
  for (std::uint32_t v = 0; v < kN; ++v) {
    for (int k = 0; k < 2; ++k) {
      items.push_back("v" + std::to_string(v) + ">v" + std::to_string(rng() % kN));
    }
  }
  items.back() += "@v0";
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(nimkit::kDefaultWorkSteps);
  const auto start = std::chrono::steady_clock::now();
  auto p = nimkit::parse_position(items, digraph());
  ASSERT_TRUE(p.ok()) << p.error();
  auto analysis = nimkit::analyze(*p, nimkit::Convention::kNormal, limits);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_LT(limits.meter->used(), nimkit::kDefaultWorkSteps);
}

TEST(LoopyRefusals, MisereSearchAndRemotenessOfPlayThatCanRepeat) {
  const Position cycle = position_of("a>b,b>c,c>a@a");
  auto misere = nimkit::analyze(cycle, nimkit::Convention::kMisere);
  ASSERT_FALSE(misere.ok());
  EXPECT_EQ(misere.error_kind(), nimkit::ErrorKind::kUnsupported);
  EXPECT_EQ(misere.error(),
            "misère play of digraph a>b,b>c,c>a@a is not supported: play from it can go on for "
            "ever");
  EXPECT_FALSE(nimkit::outcome(cycle, nimkit::Convention::kMisere).ok());
  // Normal play answers, without a remoteness (no search of endless lines).
  auto normal = nimkit::analyze(cycle, nimkit::Convention::kNormal, {}, {.remoteness = true});
  ASSERT_TRUE(normal.ok()) << normal.error();
  EXPECT_EQ(normal->winner, Outcome::kDraw);
  EXPECT_FALSE(normal->remoteness.has_value());
  EXPECT_EQ(to_string(*normal->loopy_value), "∞");
  ASSERT_EQ(normal->drawing_moves.size(), 1u);
  EXPECT_EQ(nimkit::describe(cycle, normal->drawing_moves[0]), "move the token from a to b");
  // A token that cannot reach the cycle keeps misère play and its remoteness.
  const Position away = position_of("a>b,b>c,c>a,x>y,y>z@x");
  EXPECT_EQ(*nimkit::can_repeat(away), false);
  EXPECT_EQ(*nimkit::can_repeat(cycle), true);
  auto away_misere = nimkit::analyze(away, nimkit::Convention::kMisere, {}, {.remoteness = true});
  ASSERT_TRUE(away_misere.ok()) << away_misere.error();
  // x, y, z: two moves, then the first player cannot move and (misère) wins.
  EXPECT_EQ(away_misere->winner, Outcome::kFirst);
  EXPECT_EQ(away_misere->remoteness, std::uint64_t{2});
}

}  // namespace
