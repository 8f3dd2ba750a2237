// Games on a directed graph: values against an independent brute force on random DAGs (graphs
// with cycles: loopy_test.cc), a path's alternating values, a subtraction game drawn as a graph
// against that ruleset, a long path without deep recursion, the notation and its refusals, move
// text, limits, game files.
#include "nimkit/games/digraph.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "graph_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::Position;
using nimkit::State;

using nimkit_test::digraph;
using nimkit_test::position_of;

std::string parse_error(const std::string& text) {
  auto position = nimkit::parse_position(text, digraph());
  EXPECT_FALSE(position.ok()) << text;
  return position ? "" : position.error();
}

Nimber value_of(const nimkit::Component& c, const nimkit::Limits& limits = {}) {
  auto value = c.rules->value(c.state, limits);
  EXPECT_TRUE(value.ok()) << value.error();
  return value ? *value : ~Nimber{0};
}

// The arrows "a>b" joined by commas, then "@token".
std::string notation(const std::vector<std::pair<std::string, std::string>>& arrows,
                     const std::string& token) {
  std::string text;
  for (const auto& [a, b] : arrows) text += (text.empty() ? "" : ",") + a + ">" + b;
  return text + "@" + token;
}

TEST(Digraph, NotationIsCanonicalAndRoundTrips) {
  const auto rules = digraph();
  const Position p = position_of("b>c,a>b,a>b,10>2,2>a@a");
  ASSERT_EQ(p.components().size(), 1u);
  const auto& c = p.components()[0];
  // Vertices in shortlex order ("2" before "10"), arrows by their tail then head.
  EXPECT_EQ(rules->format_state(c.state),
            (std::vector<std::string>{"2>a", "a>b", "b>c", "10>2@a"}));
  EXPECT_EQ(nimkit::format_position(p), "2>a a>b b>c 10>2@a");
  EXPECT_EQ(position_of(nimkit::format_position(p)), p);
  EXPECT_EQ(rules->label(c.state, 1), "digraph 2>a,a>b,b>c,10>2@a");
  EXPECT_EQ(rules->label(position_of("a>b,a>c,a>d,b>c,b>d,c>d,d>e@b").components()[0].state, 1),
            "digraph of 5 vertices, 7 arrows, token on b");
  EXPECT_EQ(rules->weight(c.state), nimkit::Count{3});  // a, b, c
  EXPECT_EQ(rules->format_state(position_of("@z").components()[0].state),
            std::vector<std::string>{"@z"});
}

TEST(Digraph, SeveralTokensAreSeveralComponents) {
  const Position p = position_of("a>b,b>c@a@b x>y@x");
  ASSERT_EQ(p.components().size(), 3u);
  // The tokens on one graph are written with it once.
  EXPECT_EQ(nimkit::format_position(p), "a>b b>c@a@b x>y@x");
  const auto sum = nimkit::parse_position("digraph:a>b,b>c@a digraph:a>b,b>c@b", nullptr);
  ASSERT_TRUE(sum.ok()) << sum.error();
  EXPECT_EQ(sum->components().size(), 2u);
  auto nim = nimkit::make_ruleset("nim");
  ASSERT_TRUE(nim.ok());
  EXPECT_EQ(nimkit::format_position(*sum, nim->get()), "digraph:a>b,b>c@a@b");
  const auto apart = nimkit::parse_position("digraph:a>b@a nim:3 digraph:a>b@b", nullptr);
  ASSERT_TRUE(apart.ok()) << apart.error();
  EXPECT_EQ(nimkit::format_position(*apart), "digraph:a>b@a nim:3 digraph:a>b@b");
  for (const Position& q : {p, *sum, *apart}) {
    auto again = nimkit::parse_position(nimkit::format_position(q), digraph());
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_TRUE(*again == q) << nimkit::format_position(q);
  }
}

// Cycles are games that can go on for ever (their values: loopy_test.cc): read, written and
// drawn like any graph, the arrows closing a cycle drawn going up.
TEST(Digraph, AcceptsCyclesAndSelfLoops) {
  const Position p = position_of("a>b,b>c,c>a,c>d@a");
  EXPECT_EQ(nimkit::format_position(p, digraph().get()), "a>b b>c c>a c>d@a");
  const Position loop = position_of("x>y,y>y@x");
  EXPECT_EQ(nimkit::format_position(loop, digraph().get()), "x>y y>y@x");
  const auto fields = digraph()->view_fields(p.components()[0].state);
  ASSERT_EQ(fields[2].name, "depth");
  EXPECT_EQ(fields[2].values, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  // A ring nothing enters is laid out from its first vertex.
  const auto ring = digraph()->view_fields(position_of("b>c,c>a,a>b@a").components()[0].state);
  EXPECT_EQ(ring[2].values, (std::vector<std::uint64_t>{0, 1, 2}));
  // The ring entered from s: s, then around from where it is entered.
  const auto entered =
      digraph()->view_fields(position_of("s>b,a>b,b>c,c>a@s").components()[0].state);
  EXPECT_EQ(entered[2].values, (std::vector<std::uint64_t>{3, 1, 2, 0}));
}

TEST(Digraph, RefusesBadItemsNamingThem) {
  EXPECT_NE(parse_error("a-b@a").find("bad digraph item \"a-b@a\""), std::string::npos);
  EXPECT_NE(parse_error("a>b>c@a").find("bad digraph item \"a>b>c@a\""), std::string::npos);
  EXPECT_NE(parse_error("a>b,b>c").find("digraph \"a>b\"... has no token"), std::string::npos);
  EXPECT_NE(parse_error("a>b@z").find("token on \"z\", a vertex no arrow"), std::string::npos);
  EXPECT_NE(parse_error("a>b@").find("bad digraph item \"a>b@\""), std::string::npos);
  EXPECT_NE(parse_error("a>b,,b>c@a").find("empty digraph item"), std::string::npos);
  EXPECT_NE(parse_error(std::string(33, 'x') + ">b@b").find("longer than 32 characters"),
            std::string::npos);
}

TEST(Digraph, BoundsVerticesAndArrows) {
  std::vector<std::string> many;
  for (std::size_t k = 0; k <= nimkit::Digraph::kMaxVertices / 2; ++k) {
    many.push_back("a" + std::to_string(k) + ">b" + std::to_string(k));
  }
  many.back() += "@a0";
  auto parsed = digraph()->parse_components(many);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error(), "digraph has more than 100000 vertices");
  std::vector<std::string> arrows;
  for (std::size_t k = 0; k <= nimkit::Digraph::kMaxArrows; ++k) {
    arrows.push_back("v" + std::to_string(k % 1000) + ">w" + std::to_string(k / 1000));
  }
  parsed = digraph()->parse_components(arrows);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error(), "digraph has more than 200000 arrows");
}

// A random DAG on n vertices with shuffled names, so that name order is not a topological order.
struct RandomDag {
  std::vector<std::string> names;
  std::vector<std::vector<int>> out;  // arrows from i go to larger j
};

RandomDag random_dag(std::mt19937& rng, int n) {
  RandomDag dag;
  for (int v = 0; v < n; ++v) dag.names.push_back("v" + std::to_string(v));
  std::shuffle(dag.names.begin(), dag.names.end(), rng);
  dag.out.resize(static_cast<std::size_t>(n));
  std::bernoulli_distribution arrow(0.35);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (arrow(rng)) dag.out[static_cast<std::size_t>(i)].push_back(j);
    }
  }
  return dag;
}

// The definition, recursively and without memo: mex of the successors' values.
Nimber brute_value(const RandomDag& dag, int v) {
  std::set<Nimber> seen;
  for (int w : dag.out[static_cast<std::size_t>(v)]) seen.insert(brute_value(dag, w));
  Nimber m = 0;
  while (seen.contains(m)) ++m;
  return m;
}

TEST(Digraph, ValuesMatchBruteForceOnRandomDags) {
  std::mt19937 rng(20261123);
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const RandomDag dag = random_dag(rng, 2 + trial % 11);
    std::vector<std::pair<std::string, std::string>> arrows;
    for (std::size_t i = 0; i < dag.out.size(); ++i) {
      for (int j : dag.out[i])
        arrows.emplace_back(dag.names[i], dag.names[static_cast<std::size_t>(j)]);
    }
    std::shuffle(arrows.begin(), arrows.end(), rng);
    for (int v = 0; v < static_cast<int>(dag.names.size()); ++v) {
      const std::string& name = dag.names[static_cast<std::size_t>(v)];
      // A vertex no arrow names cannot hold a token unless the graph is empty.
      if (arrows.empty() && v > 0) break;
      const bool named = std::any_of(arrows.begin(), arrows.end(), [&](const auto& a) {
        return a.first == name || a.second == name;
      });
      if (!named && !arrows.empty()) continue;
      const Position p = position_of(notation(arrows, name));
      EXPECT_EQ(value_of(p.components()[0]), brute_value(dag, v)) << notation(arrows, name);
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(Digraph, SumsOfTokensXorTheirValues) {
  std::mt19937 rng(7);
  const RandomDag dag = random_dag(rng, 9);
  std::vector<std::pair<std::string, std::string>> arrows;
  for (std::size_t i = 0; i < dag.out.size(); ++i) {
    for (int j : dag.out[i])
      arrows.emplace_back(dag.names[i], dag.names[static_cast<std::size_t>(j)]);
  }
  const std::string tokens = notation(arrows, dag.names[0]) + "@" + dag.names[2];
  auto sum = nimkit::parse_position("digraph:" + tokens + " nim:5", nullptr);
  ASSERT_TRUE(sum.ok()) << sum.error();
  auto analysis = nimkit::analyze(*sum, nimkit::Convention::kNormal, nimkit::Limits{});
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  ASSERT_TRUE(analysis->grundy.has_value());
  EXPECT_EQ(*analysis->grundy, brute_value(dag, 0) ^ brute_value(dag, 2) ^ 5);
  // Every winning move leads to a position of value 0.
  for (const nimkit::Move& m : analysis->winning_moves) {
    auto after = nimkit::analyze(sum->after(m), nimkit::Convention::kNormal, nimkit::Limits{});
    ASSERT_TRUE(after.ok());
    EXPECT_EQ(*after->grundy, Nimber{0});
  }
}

// The path v1 > v2 > ... > vn.
std::vector<std::string> path(std::size_t n, const std::string& token) {
  std::vector<std::string> items;
  for (std::size_t v = 1; v < n; ++v) {
    items.push_back("v" + std::to_string(v) + ">v" + std::to_string(v + 1));
  }
  if (items.empty()) return {"@" + token};
  items.back() += "@" + token;
  return items;
}

TEST(Digraph, PathValuesAlternate) {
  for (std::size_t n = 1; n <= 12; ++n) {
    for (std::size_t t = 1; t <= n; ++t) {
      auto parsed = digraph()->parse_components(path(n, "v" + std::to_string(t)));
      ASSERT_TRUE(parsed.ok()) << parsed.error();
      auto value = digraph()->value(parsed->front().state, nimkit::Limits{});
      ASSERT_TRUE(value.ok()) << value.error();
      EXPECT_EQ(*value, Nimber{(n - t) % 2}) << n << " " << t;
    }
  }
}

TEST(Digraph, LongPathNeedsNoDeepStack) {
  constexpr std::size_t kN = 100'000;
  const auto start = std::chrono::steady_clock::now();
  auto parsed = digraph()->parse_components(path(kN, "v1"));
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  const State& s = parsed->front().state;
  auto value = digraph()->value(s, nimkit::Limits{});
  ASSERT_TRUE(value.ok()) << value.error();
  EXPECT_EQ(*value, Nimber{(kN - 1) % 2});
  EXPECT_EQ(digraph()->weight(s), nimkit::Count{kN});
  // The next vertex's value comes from the same table.
  auto next = digraph()->value(digraph()->option(s, 0).result.front(), nimkit::Limits{});
  ASSERT_TRUE(next.ok());
  EXPECT_EQ(*next, Nimber{kN % 2});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(Digraph, SubtractionGameDrawnAsAGraphHasItsValues) {
  constexpr int kN = 200;
  const std::vector<int> subtract{1, 3, 4};
  std::vector<std::pair<std::string, std::string>> arrows;
  for (int i = 0; i <= kN; ++i) {
    for (int s : subtract) {
      if (i - s >= 0) arrows.emplace_back(std::to_string(i), std::to_string(i - s));
    }
  }
  for (int i = 0; i <= kN; ++i) {
    const Position p = position_of(notation(arrows, std::to_string(i)));
    EXPECT_EQ(value_of(p.components()[0]), nimkit_test::heap_value("subtraction:1,3,4", i)) << i;
  }
}

TEST(Digraph, MovesReadAndWrite) {
  const Position p = position_of("a>b,a>c,b>c@a");
  const auto& c = p.components()[0];
  const auto rules = c.rules;
  ASSERT_EQ(rules->count_options(c.state), nimkit::Count{2});
  const nimkit::Option to_b = rules->option(c.state, 0);
  EXPECT_EQ(rules->describe_move(c.state, to_b, 1), "move the token from a to b");
  EXPECT_EQ(rules->format_move(c.state, to_b, 1, nimkit::Limits{}), "b");
  EXPECT_EQ(rules->move_fields(c.state, to_b, 1),
            (std::vector<nimkit::ViewField>{{"from", {0}, true}, {"to", {1}, true}}));
  EXPECT_EQ(rules->format_state(to_b.result.front()),
            (std::vector<std::string>{"a>b", "a>c", "b>c@b"}));
  for (const std::string text : {"b", "a>b"}) {
    auto move = nimkit::parse_move(p, text, nimkit::Limits{});
    ASSERT_TRUE(move.ok()) << move.error();
    EXPECT_EQ(move->option, to_b);
  }
  EXPECT_EQ(nimkit::parse_move(p, "a", {}).error(), "the token on a has no arrow to a");
  EXPECT_NE(nimkit::parse_move(p, "z", {}).error().find("names nothing"), std::string::npos);
  EXPECT_NE(nimkit::parse_move(p, "b>c", {}).error().find("names nothing"), std::string::npos);
  EXPECT_NE(nimkit::parse_move(p, "b-c", {}).error().find("is not a vertex"), std::string::npos);
  // With two tokens that can both go to c, the arrow names which one moves.
  const Position two = position_of("a>b,a>c,b>c@a@b");
  EXPECT_NE(nimkit::parse_move(two, "c", {}).error().find("ambiguous"), std::string::npos);
  // Two tokens on one vertex: either may move, and the move is the same.
  const Position twins = position_of("a>b@a@a");
  auto same = nimkit::parse_move(twins, "b", {});
  ASSERT_TRUE(same.ok()) << same.error();
  EXPECT_EQ(same->component, 0u);
  auto from_b = nimkit::parse_move(two, "b>c", {});
  ASSERT_TRUE(from_b.ok()) << from_b.error();
  EXPECT_EQ(from_b->component, 1u);
  const auto fields = rules->view_fields(c.state);
  EXPECT_EQ(fields, (std::vector<nimkit::ViewField>{{"vertices", {0, 1, 2}},
                                                    {"arrows", {0, 1, 0, 2, 1, 2}},
                                                    {"depth", {0, 1, 2}},
                                                    {"token", {0}, true}}));
}

TEST(Digraph, ValueIsBoundedByLimits) {
  auto parsed = digraph()->parse_components(path(50, "v1"));
  ASSERT_TRUE(parsed.ok());
  nimkit::Limits small;
  small.max_table = 49;
  auto value = nimkit::Digraph().value(parsed->front().state, small);
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.error(), "digraph of 50 vertices is larger than the table limit of 49");
  nimkit::Limits metered;
  metered.meter = std::make_shared<nimkit::WorkMeter>(10);
  value = nimkit::Digraph().value(parsed->front().state, metered);
  ASSERT_FALSE(value.ok());
  EXPECT_NE(value.error().find("work limit of 10 steps"), std::string::npos);
}

TEST(Digraph, OptionsToValueAgreeWithAScanOfEveryOption) {
  std::mt19937 rng(99);
  const nimkit::Digraph rules;
  for (int trial = 0; trial < 50; ++trial) {
    const RandomDag dag = random_dag(rng, 3 + trial % 8);
    std::vector<std::pair<std::string, std::string>> arrows;
    for (std::size_t i = 0; i < dag.out.size(); ++i) {
      for (int j : dag.out[i]) {
        arrows.emplace_back(dag.names[i], dag.names[static_cast<std::size_t>(j)]);
      }
    }
    if (dag.out[0].empty()) continue;
    auto parsed = rules.parse_components(std::vector<std::string>{notation(arrows, dag.names[0])});
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    const State& s = parsed->front().state;
    for (Nimber target = 0; target < 4; ++target) {
      auto fast = rules.options_to_value(s, target, nimkit::Limits{});
      auto scan = rules.Ruleset::options_to_value(s, target, nimkit::Limits{});
      ASSERT_TRUE(fast.ok() && scan.ok());
      EXPECT_EQ(*fast, *scan);
    }
  }
}

TEST(Digraph, AnalysisOfAWideGraphIsBoundedByTheMeter) {
  // A star: the centre has 50,000 arrows to leaves of value 0, so every move wins, and each
  // would copy the whole graph. The meter stops the listing instead of filling memory; the
  // winner is still known.
  std::vector<std::string> items;
  for (int k = 0; k < 50'000; ++k) items.push_back("c>l" + std::to_string(k));
  items.back() += "@c";
  auto star = nimkit::parse_position(items, digraph());
  ASSERT_TRUE(star.ok()) << star.error();
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(10'000'000);
  auto analysis = nimkit::analyze(*star, nimkit::Convention::kNormal, limits);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);
  EXPECT_TRUE(analysis->winning_moves.empty());
  EXPECT_NE(analysis->moves_unlisted.find("work limit of 10000000 steps"), std::string::npos);
}

std::vector<std::string> file_tokens(const std::string& text,
                                     const std::vector<std::string>& tokens = {}) {
  auto made = nimkit::digraph_game_file(text, tokens);
  EXPECT_TRUE(made.ok()) << made.error();
  return made ? *made : std::vector<std::string>{};
}

std::string file_error(const std::string& text, const std::vector<std::string>& tokens = {}) {
  auto made = nimkit::digraph_game_file(text, tokens);
  EXPECT_FALSE(made.ok()) << text;
  return made ? "" : made.error();
}

TEST(DigraphGameFile, ReadsArrowsTokensAndComments) {
  const std::string text = "# a small game\n\nstart > end\n  b>end   # a comment\n@start\n@b\n";
  EXPECT_EQ(file_tokens(text), std::vector<std::string>{"digraph:b>end,start>end@start@b"});
  EXPECT_EQ(file_tokens(text, {"end"}), std::vector<std::string>{"digraph:b>end,start>end@end"});
  const auto p = nimkit::parse_position(file_tokens(text), nullptr);
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->components().size(), 2u);
}

TEST(DigraphGameFile, ManyTokensOnALargeGraphAreRefusedBeforeTheirCopies) {
  // A path of 100,000 vertices is 400,000 words a token: 300 tokens fit the limit (one parse of
  // the graph), 400 would copy it past the limit and are refused before any copy is made.
  std::string text;
  for (int v = 0; v + 1 < 100'000; ++v)
    text += "v" + std::to_string(v) + ">v" + std::to_string(v + 1) + "\n";
  std::string tokens;
  for (int t = 0; t < 400; ++t) tokens += "@v" + std::to_string(t * 7) + "\n";
  const auto fits = file_tokens(text + tokens.substr(0, tokens.find("@v2100")));
  ASSERT_EQ(fits.size(), 1u);
  auto three_hundred = nimkit::parse_position(fits, nullptr);
  ASSERT_TRUE(three_hundred.ok()) << three_hundred.error();
  EXPECT_EQ(three_hundred->components().size(), 300u);
  const auto many = file_tokens(text + tokens);
  auto refused = nimkit::parse_position(many, nullptr);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("400 tokens on a digraph of 100000 vertices would copy it 400 "
                                 "times: more than the limit of 134217728 words"),
            std::string::npos)
      << refused.error();
}

TEST(DigraphGameFile, ErrorsNameTheLine) {
  EXPECT_EQ(file_error("a>b\n\na-b\n@a"),
            "line 3: bad line \"a-b\": expected an arrow \"a>b\" or a token \"@a\"");
  EXPECT_EQ(file_error("a>b\n@a b\n"),
            "line 2: bad digraph item \"@a b\": expected an arrow \"a>b\" or a token \"@a\" "
            "(vertex names are letters, digits and _)");
  EXPECT_EQ(file_tokens("a>b\nb>c\n# closing\nc>a\n@a\n"),
            std::vector<std::string>{"digraph:a>b,b>c,c>a@a"});
  EXPECT_EQ(file_error("a>b\n@z\n"), "line 2: token on \"z\", a vertex no arrow names");
  EXPECT_EQ(file_error("a>b\n"), "no token: add a line \"@VERTEX\" for each token (e.g. \"@a\")");
  EXPECT_EQ(file_error("a>b\n", {"q"}), "token on \"q\", a vertex no arrow names");
}

}  // namespace
