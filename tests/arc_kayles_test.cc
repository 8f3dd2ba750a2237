// Arc Kayles against Dawson's Kayles on paths, a brute-force mex over every graph of at most six
// vertices, misère outcomes against a brute-force search, and its notation.
#include "nimkit/games/arc_kayles.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "graph_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;

// A graph on vertices 0..n-1 as a list of edges; a position is the mask of vertices left.
struct Brute {
  int n = 0;
  std::vector<std::pair<int, int>> edges;
};

Brute brute_graph(int n, std::uint32_t edge_mask) {
  Brute g;
  g.n = n;
  std::uint32_t k = 0;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b, ++k) {
      if ((edge_mask >> k) & 1u) g.edges.emplace_back(a, b);
    }
  }
  return g;
}

std::uint32_t edge_count(int n) { return static_cast<std::uint32_t>(n * (n - 1) / 2); }

// Grundy value of the vertices `left`: mex over removing both ends of an edge within `left`.
unsigned brute_grundy(const Brute& g, std::uint32_t left, std::map<std::uint32_t, unsigned>& memo) {
  if (auto it = memo.find(left); it != memo.end()) return it->second;
  std::set<unsigned> seen;
  for (const auto& [a, b] : g.edges) {
    const std::uint32_t ends = (1u << a) | (1u << b);
    if ((left & ends) == ends) seen.insert(brute_grundy(g, left & ~ends, memo));
  }
  unsigned m = 0;
  while (seen.contains(m)) ++m;
  return memo[left] = m;
}

// Whether the player to move from `left` wins misère play (the player who cannot move wins).
bool brute_misere_win(const Brute& g, std::uint32_t left, std::map<std::uint32_t, bool>& memo) {
  if (auto it = memo.find(left); it != memo.end()) return it->second;
  bool moved = false;
  bool win = false;
  for (const auto& [a, b] : g.edges) {
    const std::uint32_t ends = (1u << a) | (1u << b);
    if ((left & ends) != ends) continue;
    moved = true;
    if (!brute_misere_win(g, left & ~ends, memo)) {
      win = true;
      break;
    }
  }
  return memo[left] = win || !moved;
}

// The graph's items, vertices labelled 1..n.
std::vector<std::string> items_of(const Brute& g) {
  std::vector<std::string> items;
  std::vector<bool> touched(static_cast<std::size_t>(g.n), false);
  for (const auto& [a, b] : g.edges) {
    items.push_back(std::to_string(a + 1) + "-" + std::to_string(b + 1));
    touched[static_cast<std::size_t>(a)] = touched[static_cast<std::size_t>(b)] = true;
  }
  for (int v = 0; v < g.n; ++v) {
    if (!touched[static_cast<std::size_t>(v)]) items.push_back(std::to_string(v + 1));
  }
  return items;
}

std::shared_ptr<const nimkit::Ruleset> arc_kayles() {
  auto rules = nimkit::make_ruleset("arc-kayles");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

Nimber library_value(const nimkit::Ruleset& rules, const std::vector<std::string>& items) {
  auto parsed = rules.parse_components(items);
  EXPECT_TRUE(parsed.ok()) << parsed.error();
  Nimber total = 0;
  if (!parsed) return total;
  for (const auto& c : *parsed) {
    auto g = rules.value(c.state, nimkit::Limits{});
    EXPECT_TRUE(g.ok()) << g.error();
    if (g) total ^= *g;
  }
  return total;
}

TEST(ArcKayles, PathsAreDawsonsKayles) {
  const auto rules = arc_kayles();
  for (int n = 1; n <= 40; ++n) {
    EXPECT_EQ(library_value(*rules, nimkit_test::path_items(n)),
              nimkit_test::heap_value("dawson", n))
        << "path of " << n;
  }
}

TEST(ArcKayles, EveryGraphOfAtMostSixVerticesMatchesBruteForce) {
  const auto rules = arc_kayles();
  for (int n = 1; n <= 6; ++n) {
    for (std::uint32_t mask = 0; mask < (1u << edge_count(n)); ++mask) {
      const Brute g = brute_graph(n, mask);
      std::map<std::uint32_t, unsigned> memo;
      const unsigned expected = brute_grundy(g, (1u << n) - 1, memo);
      ASSERT_EQ(library_value(*rules, items_of(g)), Nimber{expected})
          << "n=" << n << " edges mask " << mask;
    }
  }
}

TEST(ArcKayles, MisereOutcomesMatchBruteForceUpToFiveVertices) {
  const auto rules = arc_kayles();
  for (int n = 1; n <= 5; ++n) {
    for (std::uint32_t mask = 0; mask < (1u << edge_count(n)); ++mask) {
      const Brute g = brute_graph(n, mask);
      std::map<std::uint32_t, bool> memo;
      const bool first_wins = brute_misere_win(g, (1u << n) - 1, memo);
      auto position = nimkit::parse_position(items_of(g), rules);
      ASSERT_TRUE(position.ok()) << position.error();
      auto a = nimkit::analyze(*position, nimkit::Convention::kMisere);
      ASSERT_TRUE(a.ok()) << a.error();
      ASSERT_EQ(a->winner == nimkit::Outcome::kFirst, first_wins)
          << "n=" << n << " edges mask " << mask;
    }
  }
}

// The 4x4 grid graph, timed from a fresh ruleset.
TEST(ArcKayles, GridFourByFour) {
  std::vector<std::string> items;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      const int v = 4 * r + c + 1;
      if (c < 3) items.push_back(std::to_string(v) + "-" + std::to_string(v + 1));
      if (r < 3) items.push_back(std::to_string(v) + "-" + std::to_string(v + 4));
    }
  }
  const nimkit::ArcKayles rules;
  const auto start = std::chrono::steady_clock::now();
  const Nimber g = library_value(rules, items);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  std::cout << "[ info     ] 4x4 grid: value " << nimkit::to_string(g) << ", " << ms.count()
            << " ms\n";
  // The half-turn pairs the edges, and an edge's ends are never next to its image's, so the
  // second player answers every move with its image and wins: the value is 0.
  EXPECT_EQ(g, Nimber{0});
  EXPECT_LT(ms.count(), 60000);
}

TEST(ArcKaylesText, NotationRoundTrips) {
  const auto rules = arc_kayles();
  auto parsed = rules->parse_components(std::vector<std::string>{"3-2,1-2", "9", "7-8"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), 3u);
  EXPECT_EQ((*parsed)[0].state, (State{3, 1, 2, 3, 0, 1, 1, 2}));
  EXPECT_EQ(rules->format_state((*parsed)[0].state), (std::vector<std::string>{"1-2", "2-3"}));
  EXPECT_EQ(rules->format_state((*parsed)[1].state), std::vector<std::string>{"9"});
  for (const auto& c : *parsed) {
    auto again = rules->parse_components(rules->format_state(c.state));
    ASSERT_TRUE(again.ok()) << again.error();
    ASSERT_EQ(again->size(), 1u);
    EXPECT_EQ(again->front().state, c.state);
  }
  auto q = nimkit::parse_position(std::vector<std::string>{"arc-kayles:1-2,2-3", "nim:3"},
                                  nimkit::make_ruleset("nim").value());
  ASSERT_TRUE(q.ok()) << q.error();
  EXPECT_EQ(nimkit::format_position(*q), "arc-kayles:1-2,2-3 nim:3");
}

TEST(ArcKaylesText, MovesReadBackAndDescribeThemselves) {
  const auto rules = arc_kayles();
  auto parsed = rules->parse_components(std::vector<std::string>{"1-2,2-3,3-4"});
  ASSERT_TRUE(parsed.ok());
  const State& s = parsed->front().state;
  ASSERT_EQ(rules->count_options(s), nimkit::Count{3});
  const nimkit::Option middle = rules->option(s, 1);
  EXPECT_EQ(rules->describe_move(s, middle, 1), "remove edge 2-3 (vertices 2 and 3)");
  EXPECT_EQ(rules->format_move(s, middle, 1, nimkit::Limits{}), "2-3");
  EXPECT_EQ(rules->move_fields(s, middle, 1),
            (std::vector<nimkit::ViewField>{{"edge", {2, 3}, false}}));
  EXPECT_EQ(middle.result, (std::vector<State>{State{1, 1}, State{1, 4}}));
  for (const char* text : {"2-3", "3-2"}) {
    auto back = rules->parse_move(s, text, 1, 0, false, nimkit::Limits{});
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, std::vector<nimkit::Option>{middle}) << text;
  }
  auto elsewhere = rules->parse_move(s, "8-9", 1, 0, false, nimkit::Limits{});
  ASSERT_TRUE(elsewhere.ok());
  EXPECT_TRUE(elsewhere->empty());
  for (const auto& [text, message] :
       std::vector<std::pair<std::string, std::string>>{{"1-3", "no edge 1-3 in the graph"},
                                                        {"3", "move \"3\" is not an edge"},
                                                        {"2-x", "move \"2-x\" is not an edge"},
                                                        {"-", "move \"-\" is not an edge"}}) {
    auto bad = rules->parse_move(s, text, 1, 0, false, nimkit::Limits{});
    ASSERT_FALSE(bad.ok()) << text;
    EXPECT_NE(bad.error().find(message), std::string::npos) << bad.error();
  }
}

TEST(ArcKaylesText, BadItemsAreRefusedNamingThem) {
  const auto rules = arc_kayles();
  for (const auto& [item, message] : std::vector<std::pair<std::string, std::string>>{
           {"1-1", "bad graph item \"1-1\""},
           {"0-2", "vertices are numbered from 1"},
           {"1-x", "bad graph item \"1-x\""},
           {"1-2,,3", "empty graph item"},
           {"4294967296", "vertices are numbered up to 4294967295"}}) {
    auto parsed = rules->parse_components(std::vector<std::string>{item});
    ASSERT_FALSE(parsed.ok()) << item;
    EXPECT_NE(parsed.error().find(message), std::string::npos) << parsed.error();
    EXPECT_EQ(parsed.error().find('\n'), std::string::npos);
  }
  EXPECT_FALSE(nimkit::make_ruleset("arc-kayles:3").ok());
}

}  // namespace
