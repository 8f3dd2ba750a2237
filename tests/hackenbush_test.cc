// Green Hackenbush: the closed form (fusion, then the colon principle) against a mex over every
// cut on every picture of at most 7 edges among the ground and three vertices, and the notation.
#include "nimkit/games/hackenbush.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;

using Pair = std::pair<int, int>;

// The edges of `mask` still joined to the ground (vertex 0) by edges of `mask`.
std::uint32_t grounded(const std::vector<Pair>& edges, std::uint32_t mask) {
  std::uint32_t reached = 1;  // vertex bits
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if (!((mask >> e) & 1u)) continue;
      const std::uint32_t ends = (1u << edges[e].first) | (1u << edges[e].second);
      if ((reached & ends) != 0 && (reached & ends) != ends) {
        reached |= ends;
        grew = true;
      }
    }
  }
  std::uint32_t kept = 0;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (((mask >> e) & 1u) && ((reached >> edges[e].first) & 1u)) kept |= 1u << e;
  }
  return kept;
}

// Grundy value of the edges `mask`: mex over cutting one and dropping what leaves the ground.
unsigned brute_grundy(const std::vector<Pair>& edges, std::uint32_t mask,
                      std::map<std::uint32_t, unsigned>& memo) {
  if (auto it = memo.find(mask); it != memo.end()) return it->second;
  std::set<unsigned> seen;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if ((mask >> e) & 1u)
      seen.insert(brute_grundy(edges, grounded(edges, mask & ~(1u << e)), memo));
  }
  unsigned m = 0;
  while (seen.contains(m)) ++m;
  return memo[mask] = m;
}

std::shared_ptr<const nimkit::Ruleset> hackenbush() {
  auto rules = nimkit::make_ruleset("hackenbush");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

std::vector<std::string> items_of(const std::vector<Pair>& edges) {
  std::vector<std::string> items;
  for (const auto& [a, b] : edges) items.push_back(std::to_string(a) + "-" + std::to_string(b));
  return items;
}

// Every multiset of `k` edges from `pairs`, starting at pairs[from], extended onto `edges`.
template <typename F>
void each_multiset(const std::vector<Pair>& pairs, std::size_t k, std::size_t from,
                   std::vector<Pair>& edges, const F& visit) {
  visit(edges);
  if (k == 0) return;
  for (std::size_t p = from; p < pairs.size(); ++p) {
    edges.push_back(pairs[p]);
    each_multiset(pairs, k - 1, p, edges, visit);
    edges.pop_back();
  }
}

TEST(Hackenbush, ClosedFormMatchesBruteForceUpToSevenEdges) {
  const auto rules = hackenbush();
  std::vector<Pair> pairs;  // loops and edges among the ground 0 and vertices 1-3
  for (int a = 0; a < 4; ++a) {
    for (int b = a; b < 4; ++b) pairs.emplace_back(a, b);
  }
  std::size_t checked = 0;
  std::vector<Pair> edges;
  each_multiset(pairs, 7, 0, edges, [&](const std::vector<Pair>& picture) {
    if (picture.empty()) return;
    const auto all = static_cast<std::uint32_t>((1u << picture.size()) - 1);
    auto parsed = rules->parse_components(items_of(picture));
    if (grounded(picture, all) != all) {
      ASSERT_FALSE(parsed.ok()) << ::testing::PrintToString(items_of(picture));
      return;
    }
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    Nimber total = 0;
    for (const auto& c : *parsed) total ^= rules->value(c.state, nimkit::Limits{}).value();
    std::map<std::uint32_t, unsigned> memo;
    ASSERT_EQ(total, Nimber{brute_grundy(picture, all, memo)})
        << ::testing::PrintToString(items_of(picture));
    ++checked;
  });
  EXPECT_GT(checked, 10000u);
}

Nimber value_of(const std::string& text) {
  auto position = nimkit::parse_position(std::vector<std::string>{"hackenbush:" + text},
                                         nimkit::make_ruleset("nim").value());
  EXPECT_TRUE(position.ok()) << position.error();
  auto a = nimkit::analyze(*position, nimkit::Convention::kNormal);
  EXPECT_TRUE(a.ok()) << a.error();
  return a->grundy.value_or(~Nimber{0});
}

TEST(Hackenbush, KnownValues) {
  EXPECT_EQ(value_of("0-1,1-2,2-0"), Nimber{1});  // a triangle on the ground is *1
  EXPECT_EQ(value_of("0-1,1-2,2-3"), Nimber{3});  // a stalk of 3
  EXPECT_EQ(value_of("0-1,0-1"), Nimber{0});      // two parallel edges fuse to two loops
  EXPECT_EQ(value_of("0-0"), Nimber{1});          // a loop on the ground is a twig
  // A tree: 0-1 with branches 1-2 and 1-3-4: 1 + (1 ^ 2) = 4.
  EXPECT_EQ(value_of("0-1,1-2,1-3,3-4"), Nimber{4});
}

TEST(Hackenbush, PiecesOnTheGroundAreSeparateComponents) {
  const auto rules = hackenbush();
  auto parsed = rules->parse_components(std::vector<std::string>{"0-1,0-2,2-3,1-1", "0-0"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), 3u);
  // [m, then (name, a, b) per edge]: the edges named 1 to 5 as written.
  EXPECT_EQ((*parsed)[0].state, (State{2, 1, 0, 1, 4, 1, 1}));
  EXPECT_EQ((*parsed)[1].state, (State{2, 2, 0, 2, 3, 2, 3}));
  EXPECT_EQ((*parsed)[2].state, (State{1, 5, 0, 0}));
  EXPECT_EQ((*parsed)[2].first_item, 1u);
  for (const auto& c : *parsed) {
    auto again = rules->parse_components(rules->format_state(c.state));
    ASSERT_TRUE(again.ok());
    ASSERT_EQ(again->size(), 1u);
    EXPECT_EQ(again->front().state, c.state);
  }
  EXPECT_EQ(rules->format_state((*parsed)[0].state),
            (std::vector<std::string>{"e1=g-1", "e4=1-1"}));
  EXPECT_EQ(rules->format_state((*parsed)[1].state),
            (std::vector<std::string>{"e2=g-2", "e3=2-3"}));
  EXPECT_EQ(rules->label((*parsed)[0].state, 3), "edges e1=g-1 e4=1-1");
  EXPECT_EQ(rules->label((*parsed)[2].state, 3), "edge e5=g-g");
  EXPECT_EQ(rules->item_count((*parsed)[1].state), 0u);  // edges carry their own names
}

TEST(Hackenbush, MovesCutAnEdgeAndDropWhatLeavesTheGround) {
  const auto rules = hackenbush();
  auto parsed = rules->parse_components(std::vector<std::string>{"0-1,1-2,2-0,2-3"});
  ASSERT_TRUE(parsed.ok());
  const State& s = parsed->front().state;
  ASSERT_EQ(rules->count_options(s), nimkit::Count{4});
  const nimkit::Option cut = rules->option(s, 1);  // 1-2: 0-1 and 0-2-3 stand apart
  // The edges left keep their names: 1, and 3 and 4.
  EXPECT_EQ(cut.result, (std::vector<State>{State{1, 1, 0, 1}, State{2, 3, 2, 0, 4, 2, 3}}));
  EXPECT_EQ(rules->describe_move(s, cut, 1), "cut edge 2 (1-2)");
  EXPECT_EQ(rules->format_move(s, cut, 1, nimkit::Limits{}), "2");
  EXPECT_EQ(rules->move_fields(s, cut, 1), (std::vector<nimkit::ViewField>{{"edge", {2}, true}}));
  auto back = rules->parse_move(s, "2", 1, 4, false, nimkit::Limits{});
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, std::vector<nimkit::Option>{cut});
  // Cutting 0-1 of the stalk 0-1-2 takes everything.
  auto stalk = rules->parse_components(std::vector<std::string>{"0-1,1-2"});
  EXPECT_TRUE(rules->option(stalk->front().state, 0).result.empty());
  for (const char* typed : {"e2", "edge 2", "cut edge 2", "cut 2", "  cut   edge e2 "}) {
    auto said = rules->parse_move(s, typed, 1, 4, false, nimkit::Limits{});
    ASSERT_TRUE(said.ok()) << typed << ": " << said.error();
    EXPECT_EQ(*said, std::vector<nimkit::Option>{cut}) << typed;
  }
  // A name this component does not hold is another's (or nothing's): no option, no error.
  auto other = rules->parse_move(s, "5", 1, 6, false, nimkit::Limits{});
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(other->empty());
  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {"0", "no edge 0"},
           {"1-2", "move \"1-2\" is not an edge number"},
           {"cut edge", "move \"cut edge\" is not an edge number"},
           {"edge 2 3", "move \"edge 2 3\" is not an edge number"},
           {"cut the edge 2", "move \"cut the edge 2\" is not an edge number"}}) {
    auto bad = rules->parse_move(s, text, 1, 4, false, nimkit::Limits{});
    ASSERT_FALSE(bad.ok()) << text;
    EXPECT_NE(bad.error().find(message), std::string::npos) << bad.error();
  }
}

// A loop's copies: cutting either leaves the same picture, written in another order.
TEST(Hackenbush, CopiesOfAnEdgeAreDescribedByTheirOwnNumbers) {
  const auto rules = hackenbush();
  auto parsed = rules->parse_components(std::vector<std::string>{"0-1,0-1,1-1,0-1,1-1"});
  ASSERT_TRUE(parsed.ok());
  const State& s = parsed->front().state;
  ASSERT_EQ(rules->count_options(s), nimkit::Count{5});
  EXPECT_EQ(rules->describe_move(s, rules->option(s, 2), 1), "cut edge 3 (1-1)");
  EXPECT_EQ(rules->describe_move(s, rules->option(s, 4), 1), "cut edge 5 (1-1)");
  EXPECT_EQ(rules->value(s, nimkit::Limits{}).value(), Nimber{1});  // five loops on one vertex
}

TEST(Hackenbush, BadEdgesAreRefusedNamingThem) {
  const auto rules = hackenbush();
  for (const auto& [item, message] : std::vector<std::pair<std::string, std::string>>{
           {"0-1,2-3", "edge 2-3 is not connected to the ground (g)"},
           {"g-1,2-g,3-4", "edge 3-4 is not connected to the ground (g)"},
           {"gr-1", "bad edge \"gr-1\""},
           {"v1=g-1", "bad edge \"v1=g-1\""},
           {"3", "bad edge \"3\""},
           {"0-x", "bad edge \"0-x\""},
           {"0-1,,1-2", "empty edge"},
           {"0-4294967296", "vertices are g (the ground) and 1 to 4294967295"}}) {
    auto parsed = rules->parse_components(std::vector<std::string>{item});
    ASSERT_FALSE(parsed.ok()) << item;
    EXPECT_NE(parsed.error().find(message), std::string::npos) << parsed.error();
    EXPECT_EQ(parsed.error().find('\n'), std::string::npos);
  }
}

// A 30-edge picture: a wheel of 10 spokes on the ground with a rim, loops and a stalk.
TEST(Hackenbush, ThirtyEdges) {
  std::string text;
  for (int v = 1; v <= 10; ++v) {
    text +=
        "0-" + std::to_string(v) + "," + std::to_string(v) + "-" + std::to_string(v % 10 + 1) + ",";
  }
  text += "3-3,5-5,7-11,11-12,12-13,13-14,14-15,15-16,16-17,17-17";
  const Nimber g = value_of(text);
  // Fused: the wheel (20 edges) and the loops at 3 and 5 are 22 loops on the ground (0); the
  // stalk 7-11-...-17 (7 edges) with a loop on its top is 1 + (1 + ... ) = 8.
  EXPECT_EQ(g, Nimber{8});
}

// An edge keeps its name until it is cut: the names of a game's moves each mean one edge, the
// text of every position on the way reads back to it, and "N" cuts edge N whichever of two
// parallel edges it is.
TEST(Hackenbush, EdgesKeepTheirNamesUntilCut) {
  auto rules = nimkit::make_ruleset("hackenbush");
  ASSERT_TRUE(rules.ok());
  auto start = nimkit::parse_position("0-1,1-2,2-0,0-3,0-4,4-5,4-5", *rules);
  ASSERT_TRUE(start.ok());
  nimkit::Position p = *start;
  const auto play = [&](const char* move) {
    auto parsed = nimkit::parse_move(p, move);
    EXPECT_TRUE(parsed.ok()) << move << ": " << parsed.error();
    const std::string said = nimkit::describe(p, *parsed);
    p = p.after(*parsed);
    auto again = nimkit::parse_position(nimkit::format_position(p, rules->get()), *rules);
    EXPECT_TRUE(again.ok() && *again == p) << nimkit::format_position(p, rules->get());
    return said + " -> " + nimkit::format_position(p, rules->get());
  };
  EXPECT_EQ(play("2"), "cut edge 2 (1-2) -> e1=g-1 e3=2-g e4=g-3 e5=g-4 e6=4-5 e7=4-5");
  EXPECT_EQ(play("cut edge 7"), "cut edge 7 (4-5) -> e1=g-1 e3=2-g e4=g-3 e5=g-4 e6=4-5");
  EXPECT_EQ(play("edge 6"), "cut edge 6 (4-5) -> e1=g-1 e3=2-g e4=g-3 e5=g-4");
  auto gone = nimkit::parse_move(p, "2");
  ASSERT_FALSE(gone.ok());
  EXPECT_NE(gone.error().find("\"2\""), std::string::npos) << gone.error();
}

TEST(Hackenbush, NamesAreGivenOnceAndWrittenOnlyWhereNeeded) {
  const auto rules = hackenbush();
  auto parsed = rules->parse_components(std::vector<std::string>{"3=0-1,1-2,9=0-5"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->front().state, (State{2, 3, 0, 1, 4, 1, 2}));
  std::vector<const State*> states;
  for (const auto& c : *parsed) states.push_back(&c.state);
  EXPECT_EQ(rules->format_together(states),
            (std::vector<std::string>{"e3=g-1", "e4=1-2", "e9=g-5"}));
  for (const auto& [item, message] : std::vector<std::pair<std::string, std::string>>{
           {"0-1,1=0-2", "named 1, like an edge before it"},
           {"0=0-1", "edges are named 1 to 4294967295"},
           {"x=0-1", "bad edge \"x=0-1\""},
           {"4294967295=0-1,0-2", "edges are named 1 to 4294967295"}}) {
    auto bad = rules->parse_components(std::vector<std::string>{item});
    ASSERT_FALSE(bad.ok()) << item;
    EXPECT_NE(bad.error().find(message), std::string::npos) << bad.error();
  }
}

// Texts written before edges carried an "e" and the ground a "g" (vertex 0, "N=a-b") read as
// the same positions as today's, and today's texts, the ground spelt either way, read back.
TEST(Hackenbush, OlderTextsReadAsTheSamePositions) {
  auto rules = nimkit::make_ruleset("hackenbush");
  ASSERT_TRUE(rules.ok());
  for (const auto& [older, today] : std::vector<std::pair<std::string, std::string>>{
           {"0-1,1-2,2-0", "e1=g-1 e2=1-2 e3=2-g"},
           {"0-1,3=2-0,0-3", "e1=g-1 e3=2-g e4=g-3"},
           {"0-1 1-2 2-0 2-3 3-3 0-4 4-5 4-5",
            "e1=g-1 e2=1-2 e3=2-g e4=2-3 e5=3-3 e6=g-4 e7=4-5 e8=4-5"},
           {"5=0-0,0-7", "e5=g-g e6=g-7"}}) {
    auto old_position = nimkit::parse_position(older, *rules);
    ASSERT_TRUE(old_position.ok()) << older << ": " << old_position.error();
    EXPECT_EQ(nimkit::format_position(*old_position, rules->get()), today) << older;
    auto new_position = nimkit::parse_position(today, *rules);
    ASSERT_TRUE(new_position.ok()) << today << ": " << new_position.error();
    EXPECT_TRUE(*new_position == *old_position) << today;
  }
  // The ground spelt out, bare edges numbered on from the one before, mixed with older forms.
  auto spelt = nimkit::parse_position("ground-1,e4=1-2,2-g,7=0-3", *rules);
  ASSERT_TRUE(spelt.ok()) << spelt.error();
  EXPECT_EQ(nimkit::format_position(*spelt, rules->get()), "e1=g-1 e4=1-2 e5=2-g e7=g-3");
}

}  // namespace
