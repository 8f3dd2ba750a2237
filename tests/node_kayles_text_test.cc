// Node Kayles notation and move text: round trips, refused input, the components a graph falls
// into, moves read back, limits, and normal-play winning moves that lead to value 0.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/games/node_kayles.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;

std::shared_ptr<const nimkit::Ruleset> node_kayles() {
  auto rules = nimkit::make_ruleset("node-kayles");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

nimkit::Position position_of(const std::string& text) {
  auto position = nimkit::parse_position(text, node_kayles());
  EXPECT_TRUE(position.ok()) << position.error();
  return position ? *position : nimkit::Position{};
}

TEST(NodeKaylesText, StatesKeepLabelsAndRoundTrip) {
  const auto rules = node_kayles();
  const std::vector<std::string> items{"3-4,1-2", "2-3", "2-1", "9"};
  auto parsed = rules->parse_components(items);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), 2u);
  // [n, labels, edges as index pairs]: the path 1-2-3-4, then the lone vertex 9.
  EXPECT_EQ((*parsed)[0].state, (State{4, 1, 2, 3, 4, 0, 1, 1, 2, 2, 3}));
  EXPECT_EQ((*parsed)[0].first_item, 0u);
  EXPECT_EQ((*parsed)[1].state, (State{1, 9}));
  EXPECT_EQ((*parsed)[1].first_item, 3u);
  EXPECT_EQ(rules->format_state((*parsed)[0].state),
            (std::vector<std::string>{"1-2", "2-3", "3-4"}));
  EXPECT_EQ(rules->format_state((*parsed)[1].state), std::vector<std::string>{"9"});
  for (const auto& c : *parsed) {
    auto again = rules->parse_components(rules->format_state(c.state));
    ASSERT_TRUE(again.ok()) << again.error();
    ASSERT_EQ(again->size(), 1u);
    EXPECT_EQ(again->front().state, c.state);
  }
  EXPECT_EQ(rules->label((*parsed)[0].state, 1), "graph 1-2,2-3,3-4");
  EXPECT_EQ(rules->weight((*parsed)[0].state), nimkit::Count{4});
  EXPECT_EQ(rules->item_count((*parsed)[0].state), 0u);
}

TEST(NodeKaylesText, ComponentsStandWhereTheirFirstItemStood) {
  const auto rules = node_kayles();
  auto parsed = rules->parse_components(std::vector<std::string>{"5-6", "1-2", "6-7", "2-3"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[0].state, (State{3, 5, 6, 7, 0, 1, 1, 2}));
  EXPECT_EQ((*parsed)[0].first_item, 0u);
  EXPECT_EQ((*parsed)[1].first_item, 1u);
  // One token or several: the same position.
  EXPECT_EQ(position_of("1-2,2-3,3-4"), position_of("1-2 2-3 3-4"));
  EXPECT_EQ(position_of("1-2,2-3,3-4"), position_of("3-4,2-1,1-2,2-3"));
  auto qualified = nimkit::parse_position("node-kayles:1-2,2-3,3-4", nullptr);
  ASSERT_TRUE(qualified.ok()) << qualified.error();
  EXPECT_EQ(*qualified, position_of("1-2 2-3 3-4"));
}

TEST(NodeKaylesText, BadItemsAreRefusedNamingThem) {
  const auto rules = node_kayles();
  const std::vector<std::pair<std::string, std::string>> cases{
      {"0", "\"0\": vertices are numbered from 1"},
      {"1-0", "\"1-0\": vertices are numbered from 1"},
      {"3-3", "\"3-3\": an edge joins two different vertices"},
      {"a-b", "\"a-b\""},
      {"1-", "\"1-\""},
      {"-1", "\"-1\""},
      {"1-2-3", "\"1-2-3\""},
      {"+1", "\"+1\""},
      {"", "empty graph: expected a vertex"},
      {"1-2,", "empty graph item in \"1-2,\""},
      {"4294967296", "\"4294967296\": vertices are numbered up to 4294967295"},
      {"1-99999999999999999999999", "numbered up to 4294967295"},
  };
  for (const auto& [item, message] : cases) {
    auto parsed = rules->parse_components(std::vector<std::string>{item});
    ASSERT_FALSE(parsed.ok()) << item;
    EXPECT_NE(parsed.error().find(message), std::string::npos) << parsed.error();
    EXPECT_EQ(parsed.error().find('\n'), std::string::npos) << parsed.error();
  }
  EXPECT_FALSE(rules->parse_components(std::vector<std::string>{}).ok());
  EXPECT_TRUE(rules->parse_components(std::vector<std::string>{"4294967295-1"}).ok());
  std::string many;
  for (int v = 1; v <= 1001; ++v) many += (v > 1 ? "," : "") + std::to_string(v);
  auto big = rules->parse_components(std::vector<std::string>{many});
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error(), "graph has more than 1000 vertices");
}

TEST(NodeKaylesText, MovesReadBackAndDescribeThemselves) {
  const auto rules = node_kayles();
  const nimkit::Limits limits;
  // The star centred on 1 with a pendant path 4-5: no twins, five moves.
  const State s = rules->parse_components(std::vector<std::string>{"1-2,1-3,1-4,4-5"})->at(0).state;
  ASSERT_EQ(rules->count_options(s), nimkit::Count{5});
  for (nimkit::Count i = 0; i < 5; ++i) {
    const nimkit::Option o = rules->option(s, i);
    const std::string text = rules->format_move(s, o, 1, limits);
    EXPECT_EQ(text, std::to_string(static_cast<int>(i) + 1));
    auto back = rules->parse_move(s, text, 1, 0, false, limits);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, std::vector<nimkit::Option>{o});
    auto with_v = rules->parse_move(s, "v" + text, 1, 0, false, limits);
    ASSERT_TRUE(with_v.ok()) << with_v.error();
    EXPECT_EQ(*with_v, std::vector<nimkit::Option>{o});
    EXPECT_EQ(rules->describe_move(s, o, 1).rfind("remove vertex " + text, 0), 0u);
    EXPECT_EQ(
        rules->move_fields(s, o, 1),
        (std::vector<nimkit::ViewField>{{"vertex", {static_cast<std::uint64_t>(i) + 1}, true}}));
  }
  EXPECT_EQ(rules->describe_move(s, rules->option(s, 0), 1), "remove vertex 1 (and 2, 3, 4)");
  EXPECT_EQ(rules->describe_move(s, rules->option(s, 1), 1), "remove vertex 2 (and 1)");
  // Removing 4 takes 1 and 5 and leaves 2 and 3 apart: two components.
  EXPECT_EQ(rules->option(s, 3).result, (std::vector<State>{{1, 2}, {1, 3}}));
  EXPECT_EQ(rules->view_fields(s),
            (std::vector<nimkit::ViewField>{{"vertices", {1, 2, 3, 4, 5}},
                                            {"edges", {1, 2, 1, 3, 1, 4, 4, 5}}}));
  auto other = rules->parse_move(s, "7", 1, 0, false, limits);
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(other->empty());
  for (const std::string bad : {"x", "", "1 2", "v", "-1", "0", "3-4"}) {
    auto refused = rules->parse_move(s, bad, 1, 0, false, limits);
    EXPECT_FALSE(refused.ok()) << bad;
  }
}

TEST(NodeKaylesText, TwinsMakeOneMove) {
  const auto rules = node_kayles();
  const nimkit::Limits limits;
  // A triangle: every vertex takes the whole graph, so there is one move, named by vertex 1.
  const State s = rules->parse_components(std::vector<std::string>{"1-2,2-3,1-3"})->at(0).state;
  ASSERT_EQ(rules->count_options(s), nimkit::Count{1});
  const nimkit::Option o = rules->option(s, 0);
  EXPECT_TRUE(o.result.empty());
  EXPECT_EQ(rules->describe_move(s, o, 1), "remove vertex 1 (and 2, 3)");
  EXPECT_EQ(rules->format_move(s, o, 1, limits), "1");
  auto by_three = rules->parse_move(s, "3", 1, 0, false, limits);
  ASSERT_TRUE(by_three.ok());
  EXPECT_EQ(*by_three, std::vector<nimkit::Option>{o});
}

TEST(NodeKaylesText, NodeLimitStopsTheEvaluation) {
  const nimkit::NodeKayles rules;  // fresh: nothing cached
  std::string path;
  for (int v = 1; v < 30; ++v)
    path += (v > 1 ? "," : "") + std::to_string(v) + "-" + std::to_string(v + 1);
  const State s = rules.parse_components(std::vector<std::string>{path})->at(0).state;
  nimkit::Limits small;
  small.max_nodes = 5;
  auto g = rules.value(s, small);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error(), "position too large to evaluate: more than the node limit of 5 positions");
  EXPECT_TRUE(rules.value(s, nimkit::Limits{}).ok());
}

TEST(NodeKaylesText, NormalPlayWinningMovesLeaveValueZero) {
  for (const std::string text :
       {"1-2,2-3,3-4", "1-2,2-3,3-4,4-5,5-1,1-3", "1-2,2-3,3-4,4-5,5-6,6-1,7-8,9",
        "1-2,1-3,1-4,4-5,5-6,6-7,7-8,8-4"}) {
    const nimkit::Position position = position_of(text);
    auto a = nimkit::analyze(position, nimkit::Convention::kNormal);
    ASSERT_TRUE(a.ok()) << a.error();
    ASSERT_TRUE(a->grundy.has_value());
    EXPECT_EQ(a->winner == nimkit::Outcome::kFirst, *a->grundy != 0) << text;
    EXPECT_EQ(a->winning_moves.empty(), *a->grundy == 0) << text;
    for (const nimkit::Move& m : a->winning_moves) {
      auto after = nimkit::analyze(position.after(m), nimkit::Convention::kNormal);
      ASSERT_TRUE(after.ok()) << after.error();
      EXPECT_EQ(after->grundy, Nimber{0}) << text << ": " << nimkit::describe(position, m);
    }
  }
}

}  // namespace
