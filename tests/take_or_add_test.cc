// Take-or-add games against independent computation: every heap's generalized value against the
// retrograde characterization of loopy_brute_force.h on the graph of heaps written from the
// rules here (γ(n) = m exactly when n + *m is lost), the same graph given to the digraph family
// as arrows, the winner and the winning and drawing moves of sums of two heaps against the
// retrograde analysis of the sum's own graph, and the notation and move text.
#include "nimkit/games/take_or_add.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "loopy_brute_force.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"

namespace {

using loopy_test::Graph;
using nimkit::LoopyValue;
using nimkit::Nimber;
using nimkit::Outcome;
using nimkit::Position;
using nimkit::Ruleset;

struct Game {
  std::vector<std::uint64_t> takes;
  std::vector<std::uint64_t> adds;
  std::uint64_t bound = 0;

  std::string spec() const {
    const auto list = [](const std::vector<std::uint64_t>& sizes) {
      std::string text;
      for (std::uint64_t s : sizes) text += (text.empty() ? "" : ",") + std::to_string(s);
      return text;
    };
    return "take-or-add:" + list(takes) + "/" + list(adds) + "/" + std::to_string(bound);
  }
};

// The heaps 0..B and the moves between them, from the rules alone.
Graph plain_graph(const Game& game) {
  Graph g;
  g.out.resize(game.bound + 1);
  for (std::uint64_t n = 0; n <= game.bound; ++n) {
    for (std::uint64_t s : game.takes) {
      if (s <= n) g.out[n].push_back(n - s);
    }
    for (std::uint64_t a : game.adds) {
      if (n > 0 && n + a <= game.bound) g.out[n].push_back(n + a);
    }
  }
  return g;
}

// The registry's examples, three games where the slowest loss from some heap takes rather than
// adds (heap 4 of 3,5/1/11 loses in 3 moves by taking 3, in 1 by adding), then small games drawn
// at random: 1 to 3 takes from 1 to 6, 1 or 2 adds from 1 to 4, a bound from 7 to 14.
std::vector<Game> games() {
  std::vector<Game> out{{{2, 3}, {1}, 12}, {{3, 4}, {1}, 12}, {{2, 5}, {1}, 12},
                        {{3, 5}, {1}, 11}, {{4}, {1, 4}, 8},  {{2, 6}, {1}, 12}};
  std::mt19937 rng(2718);
  for (int k = 0; k < 40; ++k) {
    Game game;
    game.bound = 7 + rng() % 8;
    const auto draw = [&](std::size_t count, std::uint64_t largest) {
      std::set<std::uint64_t> sizes;
      while (sizes.size() < count) sizes.insert(1 + rng() % largest);
      return std::vector<std::uint64_t>(sizes.begin(), sizes.end());
    };
    game.takes = draw(1 + rng() % 3, 6);
    game.adds = draw(1 + rng() % 2, 4);
    out.push_back(game);
  }
  return out;
}

std::shared_ptr<const Ruleset> rules_of(const Game& game) {
  auto rules = nimkit::make_ruleset(game.spec());
  EXPECT_TRUE(rules.ok()) << game.spec() << ": " << (rules ? "" : rules.error());
  return rules ? *rules : nullptr;
}

nimkit::State heap(std::uint64_t n) {
  return nimkit::HeapGame::encode(std::vector<nimkit::Heap>{nimkit::Heap{n}});
}

// The value the characterization gives heap n: finite, or ∞ with its options' finite values.
LoopyValue brute_value(const Graph& g, const std::vector<std::int64_t>& gamma, std::size_t n) {
  if (gamma[n] >= 0) return LoopyValue::finite(static_cast<Nimber>(gamma[n]));
  std::vector<Nimber> reached;
  for (std::size_t w : g.out[n]) {
    if (gamma[w] >= 0) reached.push_back(static_cast<Nimber>(gamma[w]));
  }
  return LoopyValue::infinite(reached);
}

Outcome outcome_of(loopy_test::Outcome o) {
  return o == loopy_test::Outcome::kP   ? Outcome::kSecond
         : o == loopy_test::Outcome::kN ? Outcome::kFirst
                                        : Outcome::kDraw;
}

// Whether play from each vertex can come back to a position it has left: a cycle is reachable.
std::vector<bool> reaches_cycle(const Graph& g) {
  const std::size_t n = g.size();
  std::vector<bool> on_cycle(n, false);
  for (std::size_t v = 0; v < n; ++v) {
    // v is on a cycle when v is reachable from one of its followers.
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> stack(g.out[v].begin(), g.out[v].end());
    while (!stack.empty() && !on_cycle[v]) {
      const std::size_t w = stack.back();
      stack.pop_back();
      if (w == v) on_cycle[v] = true;
      if (seen[w]) continue;
      seen[w] = true;
      stack.insert(stack.end(), g.out[w].begin(), g.out[w].end());
    }
  }
  std::vector<bool> reaches(n, false);
  for (std::size_t v = 0; v < n; ++v) {
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> stack{v};
    while (!stack.empty() && !reaches[v]) {
      const std::size_t w = stack.back();
      stack.pop_back();
      if (seen[w]) continue;
      seen[w] = true;
      reaches[v] = on_cycle[w];
      stack.insert(stack.end(), g.out[w].begin(), g.out[w].end());
    }
  }
  return reaches;
}

TEST(TakeOrAdd, EveryHeapHasTheValueOfTheRetrogradeCharacterization) {
  std::size_t infinite = 0;
  std::size_t draws = 0;
  for (const Game& game : games()) {
    const auto rules = rules_of(game);
    ASSERT_TRUE(rules);
    const Graph g = plain_graph(game);
    const std::vector<std::int64_t> gamma = loopy_test::gamma(g);
    const std::vector<loopy_test::Outcome> outcome = loopy_test::retrograde(g);
    const std::vector<bool> repeats = reaches_cycle(g);
    for (std::uint64_t n = 0; n <= game.bound; ++n) {
      auto v = rules->loopy_value(heap(n), {});
      ASSERT_TRUE(v.ok()) << game.spec() << " heap " << n << ": " << v.error();
      EXPECT_EQ(to_string(v->value), to_string(brute_value(g, gamma, n)))
          << game.spec() << " heap " << n;
      EXPECT_EQ(v->value.outcome(), outcome_of(outcome[n])) << game.spec() << " heap " << n;
      EXPECT_EQ(v->can_repeat, repeats[n]) << game.spec() << " heap " << n;
      // value() answers the finite values, and refuses an infinite one naming it.
      auto g_value = rules->value(heap(n), {});
      EXPECT_EQ(g_value.ok(), v->value.is_finite()) << game.spec() << " heap " << n;
      if (!g_value) {
        EXPECT_NE(g_value.error().find(to_string(v->value)), std::string::npos);
      }
      infinite += v->value.is_finite() ? 0 : 1;
      draws += v->value.outcome() == Outcome::kDraw ? 1 : 0;
    }
  }
  // The games drawn have every kind of heap.
  EXPECT_GT(infinite, 50U);
  EXPECT_GT(draws, 20U);
}

// The graph of heaps written as a digraph's arrows, the token on heap `token`: "0>1,2>0@2".
std::string digraph_text(const Graph& g, std::size_t token) {
  std::string text = "digraph:";
  bool first = true;
  for (std::size_t v = 0; v < g.size(); ++v) {
    for (std::size_t w : g.out[v]) {
      text += (first ? "" : ",") + std::to_string(v) + ">" + std::to_string(w);
      first = false;
    }
  }
  return text + "@" + std::to_string(token);
}

TEST(TakeOrAdd, EveryHeapHasTheValueOfItsVertexInTheDigraphOfItsHeaps) {
  for (const Game& game : games()) {
    const auto rules = rules_of(game);
    ASSERT_TRUE(rules);
    const Graph g = plain_graph(game);
    for (std::uint64_t n = 1; n <= game.bound; ++n) {
      auto token = nimkit::parse_position(digraph_text(g, n), nullptr);
      ASSERT_TRUE(token.ok()) << digraph_text(g, n) << ": " << token.error();
      const nimkit::Component& c = token->components().front();
      auto expected = c.rules->loopy_value(c.state, {});
      ASSERT_TRUE(expected.ok()) << expected.error();
      auto v = rules->loopy_value(heap(n), {});
      ASSERT_TRUE(v.ok()) << v.error();
      EXPECT_EQ(to_string(v->value), to_string(expected->value)) << game.spec() << " heap " << n;
      EXPECT_EQ(v->can_repeat, expected->can_repeat) << game.spec() << " heap " << n;
    }
  }
}

// The moves of a sum of two heaps whose positions have outcome `wanted`, as the sums' texts.
std::set<std::string> moves_to(const Position& p, const std::vector<loopy_test::Outcome>& outcome,
                               const std::vector<const Graph*>& parts, loopy_test::Outcome wanted) {
  std::set<std::string> out;
  auto moves = p.legal_moves({});
  EXPECT_TRUE(moves.ok());
  for (const nimkit::Move& m : *moves) {
    const Position after = p.after(m);
    std::vector<std::size_t> at;
    for (const nimkit::Component& c : after.components()) at.push_back(c.state[0]);
    if (outcome[loopy_test::index_of(parts, at)] == wanted) {
      out.insert(nimkit::format_position(after));
    }
  }
  return out;
}

TEST(TakeOrAdd, SumsOfTwoHeapsMatchTheRetrogradeAnalysisOfTheSumsGraph) {
  const std::vector<Game> all = games();
  std::size_t drawn = 0;
  for (std::size_t k = 0; k < 12; ++k) {
    const Game& game = all[k];
    const auto rules = rules_of(game);
    ASSERT_TRUE(rules);
    const Graph g = plain_graph(game);
    const std::vector<const Graph*> parts{&g, &g};
    const std::vector<loopy_test::Outcome> outcome =
        loopy_test::retrograde(loopy_test::sum_of(parts));
    for (std::uint64_t a = 0; a <= game.bound; ++a) {
      for (std::uint64_t b = 0; b <= game.bound; ++b) {
        const std::string text = std::to_string(a) + " " + std::to_string(b);
        auto p = nimkit::parse_position(text, rules);
        ASSERT_TRUE(p.ok()) << p.error();
        auto analysis = nimkit::analyze(*p, nimkit::Convention::kNormal);
        ASSERT_TRUE(analysis.ok()) << game.spec() << " " << text << ": " << analysis.error();
        const loopy_test::Outcome expected = outcome[loopy_test::index_of(parts, {a, b})];
        ASSERT_EQ(analysis->winner, outcome_of(expected)) << game.spec() << " " << text;
        std::set<std::string> winning;
        for (const nimkit::Move& m : analysis->winning_moves) {
          winning.insert(nimkit::format_position(p->after(m)));
        }
        std::set<std::string> drawing;
        for (const nimkit::Move& m : analysis->drawing_moves) {
          drawing.insert(nimkit::format_position(p->after(m)));
        }
        if (expected == loopy_test::Outcome::kN) {
          EXPECT_EQ(winning, moves_to(*p, outcome, parts, loopy_test::Outcome::kP))
              << game.spec() << " " << text;
        }
        if (expected == loopy_test::Outcome::kD) {
          ++drawn;
          EXPECT_EQ(drawing, moves_to(*p, outcome, parts, loopy_test::Outcome::kD))
              << game.spec() << " " << text;
        }
      }
    }
  }
  EXPECT_GT(drawn, 100U);
}

// Moves left with perfect play from every vertex the retrograde analysis decides (the winner
// hurrying, the loser delaying), -1 for a draw: positions taken in order of their remoteness, a
// won one 1 + the least of its lost options', a lost one 1 + the largest of its options'.
std::vector<std::int64_t> remoteness(const Graph& g) {
  const std::size_t n = g.size();
  std::vector<std::vector<std::size_t>> in(n);
  for (std::size_t v = 0; v < n; ++v) {
    for (std::size_t w : g.out[v]) in[w].push_back(v);
  }
  std::vector<std::int64_t> r(n, -1);
  std::vector<bool> won(n, false);
  std::vector<std::size_t> undecided(n);
  std::vector<std::size_t> queue;
  for (std::size_t v = 0; v < n; ++v) {
    undecided[v] = g.out[v].size();
    if (undecided[v] == 0) {
      r[v] = 0;
      queue.push_back(v);
    }
  }
  for (std::size_t k = 0; k < queue.size(); ++k) {
    const std::size_t w = queue[k];
    for (std::size_t v : in[w]) {
      if (r[v] >= 0) continue;
      if (!won[w]) {
        won[v] = true;
        r[v] = r[w] + 1;
        queue.push_back(v);
      } else if (--undecided[v] == 0) {
        r[v] = r[w] + 1;
        queue.push_back(v);
      }
    }
  }
  return r;
}

// The perfect player, one heap at a time: from a won heap it wins in the fewest moves (the
// finite-win move against every defence comes to an end, loopy_test.cc; here it is also the
// fastest), from a drawn heap it keeps the draw, and from a lost one it plays the move that
// makes the loss come last against a perfect winner.
TEST(TakeOrAdd, TheComputerWinsFastKeepsDrawsAndLosesSlowly) {
  std::size_t lost = 0;
  std::size_t longest = 0;
  std::size_t choices = 0;  // lost heaps whose moves lose in different numbers of moves
  for (const Game& game : games()) {
    const auto rules = rules_of(game);
    ASSERT_TRUE(rules);
    const Graph g = plain_graph(game);
    const std::vector<loopy_test::Outcome> outcome = loopy_test::retrograde(g);
    const std::vector<std::int64_t> r = remoteness(g);
    for (std::uint64_t n = 1; n <= game.bound; ++n) {
      auto p = nimkit::parse_position(std::to_string(n), rules);
      ASSERT_TRUE(p.ok());
      if (p->is_terminal()) continue;
      nimkit::Rng rng(n);
      auto move = nimkit::choose_move(*p, nimkit::Convention::kNormal, {}, rng);
      ASSERT_TRUE(move.ok()) << move.error();
      const std::size_t after = p->after(*move).components().front().state[0];
      std::int64_t best = -1;
      std::int64_t worst = -1;
      for (std::size_t w : g.out[n]) {
        worst = best < 0 ? r[w] : std::min(worst, r[w]);
        best = std::max(best, r[w]);
      }
      const std::string where = game.spec() + " heap " + std::to_string(n);
      switch (outcome[n]) {
        case loopy_test::Outcome::kN:
          EXPECT_EQ(outcome[after], loopy_test::Outcome::kP) << where;
          EXPECT_EQ(r[after] + 1, r[n]) << where;
          break;
        case loopy_test::Outcome::kD:
          EXPECT_EQ(outcome[after], loopy_test::Outcome::kD) << where;
          break;
        case loopy_test::Outcome::kP:
          ++lost;
          longest += r[after] == best ? 1 : 0;
          choices += worst < best ? 1 : 0;
          EXPECT_EQ(r[after], best) << where;
          break;
      }
    }
  }
  EXPECT_GT(lost, 30U);
  EXPECT_GT(choices, 5U);
  EXPECT_EQ(longest, lost);
}

// Sums of two heaps: from a lost sum the computer's move never loses fastest where moves differ,
// and in nearly every such sum as slowly as any, by the remoteness of the sum's own graph (the
// measure looks one round of play ahead: 3,5/1/11's 3 9 loses in 7 moves where 9 was possible).
TEST(TakeOrAdd, FromALostSumTheComputerDelaysTheLoss) {
  const std::vector<Game> all = games();
  std::size_t lost = 0;
  std::size_t choices = 0;
  std::size_t longest = 0;
  for (std::size_t k = 0; k < 15; ++k) {
    const Game& game = all[k];
    const auto rules = rules_of(game);
    ASSERT_TRUE(rules);
    const Graph g = plain_graph(game);
    const std::vector<const Graph*> parts{&g, &g};
    const Graph sum = loopy_test::sum_of(parts);
    const std::vector<loopy_test::Outcome> outcome = loopy_test::retrograde(sum);
    const std::vector<std::int64_t> r = remoteness(sum);
    for (std::uint64_t a = 0; a <= game.bound; ++a) {
      for (std::uint64_t b = 0; b <= game.bound; ++b) {
        const std::size_t at = loopy_test::index_of(parts, {a, b});
        if (outcome[at] != loopy_test::Outcome::kP || sum.out[at].empty()) continue;
        auto p = nimkit::parse_position(std::to_string(a) + " " + std::to_string(b), rules);
        ASSERT_TRUE(p.ok());
        nimkit::Rng rng(a);
        auto move = nimkit::choose_move(*p, nimkit::Convention::kNormal, {}, rng);
        ASSERT_TRUE(move.ok()) << move.error();
        const Position after = p->after(*move);
        const std::size_t to = loopy_test::index_of(
            parts, {after.components()[0].state[0], after.components()[1].state[0]});
        std::int64_t best = -1;
        std::int64_t worst = -1;
        for (std::size_t w : sum.out[at]) {
          worst = best < 0 ? r[w] : std::min(worst, r[w]);
          best = std::max(best, r[w]);
        }
        ++lost;
        if (worst == best) continue;
        ++choices;
        longest += r[to] == best ? 1 : 0;
        EXPECT_GT(r[to], worst) << game.spec() << " " << a << " " << b;
      }
    }
  }
  EXPECT_GT(lost, 150U);
  EXPECT_GT(choices, 60U);
  // Of the sums whose moves lose at different speeds, the slowest loss in nearly all.
  EXPECT_GE(longest * 10, choices * 9) << longest << " of " << choices;
}

TEST(TakeOrAdd, ParametersAreReadAndRefusedByName) {
  auto rules = nimkit::make_ruleset("take-or-add:3,2,2/1/12");
  ASSERT_TRUE(rules.ok()) << rules.error();
  EXPECT_EQ((*rules)->spec(), "take-or-add:2,3/1/12");
  EXPECT_TRUE((*rules)->loopy());
  EXPECT_EQ((*rules)->view(), "heaps");
  const auto refused = [](const std::string& spec, const std::string& words) {
    auto made = nimkit::make_ruleset(spec);
    ASSERT_FALSE(made.ok()) << spec;
    EXPECT_NE(made.error().find(words), std::string::npos) << spec << ": " << made.error();
  };
  refused("take-or-add", "S/A/B");
  refused("take-or-add:2,3/1", "S/A/B");
  refused("take-or-add:2,3//12", "at least one add size");
  refused("take-or-add:/1/12", "at least one take size");
  refused("take-or-add:2,x/1/12", "\"x\"");
  refused("take-or-add:2,13/1/12", "take size 13 is not from 1 to the bound 12");
  refused("take-or-add:2/0/12", "add size 0");
  refused("take-or-add:2/1/0", "bound 0 is not from 1 to 100000");
  refused("take-or-add:2/1/100001", "bound 100001");
}

TEST(TakeOrAdd, MovesAreTypedAndToldAsTakesAndAdds) {
  auto rules = nimkit::make_ruleset("take-or-add:2,3/1/12");
  ASSERT_TRUE(rules.ok());
  auto refused = nimkit::parse_position("4 13", *rules);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("heap 13 is larger than the bound 12"), std::string::npos)
      << refused.error();
  auto p = nimkit::parse_position("4 0", *rules);
  ASSERT_TRUE(p.ok()) << p.error();
  // Adds come first (they take nothing), then the takes: 4 → 5, 2, 1; the empty heap has none.
  std::vector<std::string> texts;
  std::vector<std::string> words;
  auto moves = p->legal_moves({});
  ASSERT_TRUE(moves.ok());
  for (const nimkit::Move& m : *moves) {
    texts.push_back(nimkit::format_move(*p, m));
    words.push_back(nimkit::describe(*p, m));
  }
  EXPECT_EQ(texts, (std::vector<std::string>{"1 +1", "1 2", "1 3"}));
  EXPECT_EQ(words[0], "add 1 to heap 1");
  EXPECT_EQ(words[1], "take 2 from heap 1");
  for (const std::string text : {"1 +1", "add 1 to heap 1", "Add 1 to heap 1"}) {
    auto m = nimkit::parse_move(*p, text);
    ASSERT_TRUE(m.ok()) << text << ": " << m.error();
    EXPECT_EQ(nimkit::format_position(p->after(*m)), "5 0") << text;
  }
  const auto error_of = [&](const std::string& text) {
    auto m = nimkit::parse_move(*p, text);
    return m ? std::string("accepted") : m.error();
  };
  EXPECT_NE(error_of("1 +2").find("does not allow adding 2 to heap 1"), std::string::npos)
      << error_of("1 +2");
  EXPECT_NE(error_of("1 +2").find("\"1 +1\", \"1 2\", \"1 3\""), std::string::npos);
  // An empty heap takes no additions, and a move must take at least one object.
  EXPECT_NE(error_of("2 +1").find("does not allow adding 1 to heap 2"), std::string::npos)
      << error_of("2 +1");
  EXPECT_NE(error_of("1 0").find("at least one object"), std::string::npos) << error_of("1 0");
  EXPECT_NE(error_of("1 +x").find("\"x\""), std::string::npos) << error_of("1 +x");
  // The view's fields of an add: nothing taken, the objects added.
  const nimkit::Move add = (*moves)[0];
  const nimkit::Component& c = p->components()[0];
  const auto fields = c.rules->move_fields(c.state, add.option, 1);
  ASSERT_EQ(fields.size(), 3U);
  EXPECT_EQ(fields[1].name, "take");
  EXPECT_EQ(fields[1].values, std::vector<std::uint64_t>{0});
  EXPECT_EQ(fields[2].name, "add");
  EXPECT_EQ(fields[2].values, std::vector<std::uint64_t>{1});
  // The heap at the bound cannot grow.
  auto top = nimkit::parse_position("12", *rules);
  ASSERT_TRUE(top.ok());
  EXPECT_EQ(top->move_count(), nimkit::Count{2});
  EXPECT_NE((*rules)->move_syntax().find("\"1 +1\" adds 1 to heap 1"), std::string::npos)
      << (*rules)->move_syntax();
}

TEST(TakeOrAdd, ATableTooLargeForTheLimitsIsRefusedNamingTheLimit) {
  auto rules = nimkit::make_ruleset("take-or-add:2,3/1/100000");
  ASSERT_TRUE(rules.ok());
  nimkit::Limits small;
  small.max_table = 1000;
  auto v = (*rules)->loopy_value(heap(7), small);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.failure().kind, nimkit::ErrorKind::kLimit);
  EXPECT_NE(v.error().find("100001 heaps to label, more than the table limit of 1000"),
            std::string::npos)
      << v.error();
  // With the usual limits the whole table is built, and kept.
  auto far = (*rules)->loopy_value(heap(99'999), {});
  ASSERT_TRUE(far.ok()) << far.error();
  EXPECT_EQ(far->value.outcome(), Outcome::kDraw);
}

}  // namespace
