// Node Kayles against independent brute force: Grundy values on every graph of at most 6
// vertices (bitmask graphs, a plain recursive mex), misère outcomes on every graph of at most 5,
// the paths against Dawson's Chess, canonical forms against isomorphism by permutation, and the
// notation and move text.
#include "nimkit/games/node_kayles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "graph_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "time_factor.h"

namespace {

using nimkit::Nimber;

// A graph on vertices 0..n-1 as the neighbour mask of each vertex.
struct Brute {
  int n = 0;
  std::array<std::uint32_t, 16> adjacent{};

  std::uint32_t closed(int v) const { return adjacent[static_cast<std::size_t>(v)] | (1u << v); }
};

// The edges of K_n in a fixed order; bit k of an edge mask is edge k.
std::vector<std::pair<int, int>> all_edges(int n) {
  std::vector<std::pair<int, int>> edges;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) edges.emplace_back(a, b);
  }
  return edges;
}

Brute brute_graph(int n, std::uint32_t edge_mask) {
  Brute g;
  g.n = n;
  const auto edges = all_edges(n);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    if ((edge_mask >> k) & 1u) {
      g.adjacent[static_cast<std::size_t>(edges[k].first)] |= 1u << edges[k].second;
      g.adjacent[static_cast<std::size_t>(edges[k].second)] |= 1u << edges[k].first;
    }
  }
  return g;
}

// Grundy value of the vertices `left` of g: mex over removing a closed neighbourhood.
unsigned brute_grundy(const Brute& g, std::uint32_t left, std::map<std::uint32_t, unsigned>& memo) {
  if (auto it = memo.find(left); it != memo.end()) return it->second;
  std::set<unsigned> seen;
  for (int v = 0; v < g.n; ++v) {
    if ((left >> v) & 1u) seen.insert(brute_grundy(g, left & ~g.closed(v), memo));
  }
  unsigned m = 0;
  while (seen.contains(m)) ++m;
  return memo[left] = m;
}

// Whether the player to move from `left` wins misère play (the player who cannot move wins).
bool brute_misere_win(const Brute& g, std::uint32_t left, std::map<std::uint32_t, bool>& memo) {
  if (left == 0) return true;
  if (auto it = memo.find(left); it != memo.end()) return it->second;
  bool win = false;
  for (int v = 0; v < g.n && !win; ++v) {
    if ((left >> v) & 1u) win = !brute_misere_win(g, left & ~g.closed(v), memo);
  }
  return memo[left] = win;
}

// The graph's items with vertex v labelled labels[v] (1..n by default).
std::vector<std::string> items_of(const Brute& g, const std::vector<std::uint64_t>& labels) {
  std::vector<std::string> items;
  for (int a = 0; a < g.n; ++a) {
    const auto ua = static_cast<std::size_t>(a);
    if (g.adjacent[ua] == 0) items.push_back(std::to_string(labels[ua]));
    for (int b = a + 1; b < g.n; ++b) {
      if ((g.adjacent[ua] >> b) & 1u) {
        items.push_back(std::to_string(labels[ua]) + "-" +
                        std::to_string(labels[static_cast<std::size_t>(b)]));
      }
    }
  }
  return items;
}

std::vector<std::uint64_t> one_to(int n) {
  std::vector<std::uint64_t> labels(static_cast<std::size_t>(n));
  std::iota(labels.begin(), labels.end(), 1);
  return labels;
}

std::shared_ptr<const nimkit::Ruleset> node_kayles() {
  auto rules = nimkit::make_ruleset("node-kayles");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

std::vector<nimkit::State> states_of(const nimkit::Ruleset& rules,
                                     const std::vector<std::string>& items) {
  auto parsed = rules.parse_components(items);
  EXPECT_TRUE(parsed.ok()) << parsed.error();
  std::vector<nimkit::State> states;
  if (parsed) {
    for (const auto& c : *parsed) states.push_back(c.state);
  }
  return states;
}

Nimber library_value(const nimkit::Ruleset& rules, const std::vector<std::string>& items) {
  Nimber total = 0;
  for (const nimkit::State& s : states_of(rules, items)) {
    auto g = rules.value(s, nimkit::Limits{});
    EXPECT_TRUE(g.ok()) << g.error();
    if (g) total ^= *g;
  }
  return total;
}

TEST(NodeKayles, PathsAreDawsonsChess) {
  const auto rules = node_kayles();
  for (int n = 1; n <= 40; ++n) {
    EXPECT_EQ(library_value(*rules, nimkit_test::path_items(n)),
              nimkit_test::heap_value("dawsons-chess", n))
        << "path of " << n;
  }
}

// A fresh ruleset (no values cached) on the path of 40 alone, and on a path of 200.
TEST(NodeKayles, LongPathsAreQuickFromScratch) {
  for (int n : {40, 200}) {
    const nimkit::NodeKayles rules;
    const auto start = std::chrono::steady_clock::now();
    const auto states = states_of(rules, nimkit_test::path_items(n));
    ASSERT_EQ(states.size(), 1u);
    auto g = rules.value(states[0], nimkit::Limits{});
    ASSERT_TRUE(g.ok()) << g.error();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - start);
    EXPECT_EQ(*g, nimkit_test::heap_value("dawsons-chess", n));
    // Milliseconds in an optimized build; the bound leaves room for sanitizers and a loaded
    // machine, and still catches a labelling per subpath (minutes for the path of 200).
    EXPECT_LT(ms.count(), 10000 * nimkit_test::kTimeFactor)
        << "path of " << n << ": " << ms.count() << " ms";
    std::cout << "[ info     ] path of " << n << ": " << ms.count() << " ms\n";
  }
}

TEST(NodeKayles, EveryGraphOfAtMostSixVerticesMatchesBruteForce) {
  const auto rules = node_kayles();
  for (int n = 1; n <= 6; ++n) {
    const std::uint32_t masks = 1u << all_edges(n).size();
    for (std::uint32_t mask = 0; mask < masks; ++mask) {
      const Brute g = brute_graph(n, mask);
      std::map<std::uint32_t, unsigned> memo;
      const unsigned expected = brute_grundy(g, (1u << n) - 1, memo);
      ASSERT_EQ(library_value(*rules, items_of(g, one_to(n))), Nimber{expected})
          << "n=" << n << " edges mask " << mask;
    }
  }
}

TEST(NodeKayles, MisereOutcomesMatchBruteForceUpToFiveVertices) {
  const auto rules = node_kayles();
  for (int n = 1; n <= 5; ++n) {
    const std::uint32_t masks = 1u << all_edges(n).size();
    for (std::uint32_t mask = 0; mask < masks; ++mask) {
      const Brute g = brute_graph(n, mask);
      std::map<std::uint32_t, bool> memo;
      const bool first_wins = brute_misere_win(g, (1u << n) - 1, memo);
      auto position = nimkit::parse_position(items_of(g, one_to(n)), rules);
      ASSERT_TRUE(position.ok()) << position.error();
      auto a = nimkit::analyze(*position, nimkit::Convention::kMisere);
      ASSERT_TRUE(a.ok()) << a.error();
      ASSERT_EQ(a->winner == nimkit::Outcome::kFirst, first_wins)
          << "n=" << n << " edges mask " << mask;
    }
  }
}

// The least edge mask of g's images under every permutation: equal exactly for isomorphic
// graphs.
std::uint32_t brute_canonical(const Brute& g) {
  std::vector<int> perm(static_cast<std::size_t>(g.n));
  std::iota(perm.begin(), perm.end(), 0);
  const auto edges = all_edges(g.n);
  std::uint32_t best = ~0u;
  do {
    std::uint32_t image = 0;
    for (std::size_t k = 0; k < edges.size(); ++k) {
      const int a = perm[static_cast<std::size_t>(edges[k].first)];
      const int b = perm[static_cast<std::size_t>(edges[k].second)];
      if ((g.adjacent[static_cast<std::size_t>(a)] >> b) & 1u) image |= 1u << k;
    }
    best = std::min(best, image);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

TEST(NodeKayles, CanonicalFormsAreIsomorphismClasses) {
  const auto rules = node_kayles();
  std::map<nimkit::State, std::pair<int, std::uint32_t>> classes;  // canonical → brute class
  std::set<std::pair<int, std::uint32_t>> brute_classes;
  for (int n = 1; n <= 6; ++n) {
    const std::uint32_t masks = 1u << all_edges(n).size();
    for (std::uint32_t mask = 0; mask < masks; ++mask) {
      const Brute g = brute_graph(n, mask);
      const auto states = states_of(*rules, items_of(g, one_to(n)));
      if (states.size() != 1) continue;  // not connected
      const std::pair<int, std::uint32_t> brute{n, brute_canonical(g)};
      brute_classes.insert(brute);
      const auto [it, fresh] = classes.emplace(rules->canonical(states[0]), brute);
      ASSERT_EQ(it->second, brute) << "n=" << n << " mask " << mask;
    }
  }
  // Connected graphs on 1..6 vertices: 1, 1, 2, 6, 21, 112 classes (OEIS A001349).
  EXPECT_EQ(brute_classes.size(), 143u);
  EXPECT_EQ(classes.size(), brute_classes.size());
}

TEST(NodeKayles, RelabelledRandomGraphsShareCanonicalFormAndValue) {
  const auto rules = node_kayles();
  std::mt19937_64 rng(20261123);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 20);
    std::vector<std::pair<int, int>> edges;
    for (int v = 1; v < n; ++v) edges.emplace_back(static_cast<int>(rng() % v), v);  // a tree
    for (int k = 0; k < n; ++k) {
      const int a = static_cast<int>(rng() % n);
      const int b = static_cast<int>(rng() % n);
      if (a != b) edges.emplace_back(a, b);
    }
    std::vector<nimkit::State> canon;
    std::vector<Nimber> values;
    for (int relabel = 0; relabel < 3; ++relabel) {
      std::set<std::uint64_t> distinct;
      while (distinct.size() < static_cast<std::size_t>(n)) distinct.insert(1 + rng() % 4294967295);
      std::vector<std::uint64_t> labels(distinct.begin(), distinct.end());
      std::shuffle(labels.begin(), labels.end(), rng);
      std::vector<std::string> items;
      for (const auto& [a, b] : edges) {
        items.push_back(std::to_string(labels[static_cast<std::size_t>(a)]) + "-" +
                        std::to_string(labels[static_cast<std::size_t>(b)]));
      }
      std::shuffle(items.begin(), items.end(), rng);
      const auto states = states_of(*rules, items);
      ASSERT_EQ(states.size(), 1u);
      canon.push_back(rules->canonical(states[0]));
      auto g = rules->value(states[0], nimkit::Limits{});
      ASSERT_TRUE(g.ok()) << g.error();
      values.push_back(*g);
    }
    EXPECT_EQ(canon[0], canon[1]) << "trial " << trial;
    EXPECT_EQ(canon[0], canon[2]) << "trial " << trial;
    EXPECT_EQ(values[0], values[1]);
    EXPECT_EQ(values[0], values[2]);
  }
}

// Every option of every connected graph on at most 5 vertices leaves the induced subgraph on the
// vertices outside the removed closed neighbourhood, split into its components; the options are
// the distinct closed neighbourhoods.
TEST(NodeKayles, OptionsLeaveTheInducedSubgraph) {
  const auto rules = node_kayles();
  for (int n = 1; n <= 5; ++n) {
    const std::uint32_t masks = 1u << all_edges(n).size();
    for (std::uint32_t mask = 0; mask < masks; ++mask) {
      const Brute g = brute_graph(n, mask);
      const auto states = states_of(*rules, items_of(g, one_to(n)));
      if (states.size() != 1) continue;
      std::set<std::uint32_t> neighbourhoods;
      std::vector<nimkit::Option> expected;
      for (int v = 0; v < n; ++v) {
        if (!neighbourhoods.insert(g.closed(v)).second) continue;
        Brute rest;
        rest.n = n;
        std::vector<std::string> items;
        for (int a = 0; a < n; ++a) {
          if ((g.closed(v) >> a) & 1u) continue;
          const auto ua = static_cast<std::size_t>(a);
          rest.adjacent[ua] = g.adjacent[ua] & ~g.closed(v);
          if (rest.adjacent[ua] == 0) items.push_back(std::to_string(a + 1));
          for (int b = a + 1; b < n; ++b) {
            if ((rest.adjacent[ua] >> b) & 1u) {
              items.push_back(std::to_string(a + 1) + "-" + std::to_string(b + 1));
            }
          }
        }
        nimkit::Option option;
        if (!items.empty()) option.result = states_of(*rules, items);
        std::sort(option.result.begin(), option.result.end(),
                  [](const auto& x, const auto& y) { return x.at(1) < y.at(1); });
        expected.push_back(option);
      }
      std::vector<nimkit::Option> got;
      for (nimkit::Count i = 0; i < rules->count_options(states[0]); ++i) {
        got.push_back(rules->option(states[0], i));
      }
      ASSERT_EQ(got, expected) << "n=" << n << " mask " << mask;
    }
  }
}

// Random graphs of 7 to 14 vertices, connected or not, against the same brute force.
TEST(NodeKayles, RandomLargerGraphsMatchBruteForce) {
  const nimkit::NodeKayles rules;  // fresh: every value computed by this ruleset's recursion
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    Brute g;
    g.n = 7 + static_cast<int>(rng() % 8);
    const auto density = 1 + rng() % 4;  // edges kept with probability density/8
    for (int a = 0; a < g.n; ++a) {
      for (int b = a + 1; b < g.n; ++b) {
        if (rng() % 8 < density) {
          g.adjacent[static_cast<std::size_t>(a)] |= 1u << b;
          g.adjacent[static_cast<std::size_t>(b)] |= 1u << a;
        }
      }
    }
    std::map<std::uint32_t, unsigned> memo;
    const unsigned expected = brute_grundy(g, (1u << g.n) - 1, memo);
    ASSERT_EQ(library_value(rules, items_of(g, one_to(g.n))), Nimber{expected})
        << "trial " << trial;
  }
}

}  // namespace
