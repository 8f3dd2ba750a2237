// Remoteness against independent brute force, under both conventions: sums of Nim heaps, of
// Kayles heaps, mixed sums (the rules written out again in rules_brute_force.h), and every Node
// Kayles graph of at most 5 vertices (bitmask graphs); and its limits.
#include "nimkit/remoteness.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "rules_brute_force.h"

namespace {

using nimkit::Convention;
using nimkit_rules_test::PlainComponent;
using nimkit_rules_test::PlainPosition;

// The definition, plainly: 0 at the end; 1 + the least remoteness of a move to a lost position
// when there is one; else 1 + the greatest remoteness of any move.
class PlainRemoteness {
 public:
  explicit PlainRemoteness(bool misere) : search_(misere) {}
  std::uint64_t of(const PlainPosition& position) {
    if (auto it = memo_.find(position); it != memo_.end()) return it->second;
    const auto children = nimkit_rules_test::plain_children(position);
    std::uint64_t result = 0;
    if (!children.empty()) {
      const bool win = search_.wins(position);
      std::uint64_t best = win ? ~std::uint64_t{0} : 0;
      for (const PlainPosition& child : children) {
        if (win && !search_.wins(child)) best = std::min(best, of(child));
        if (!win) best = std::max(best, of(child));
      }
      result = best + 1;
    }
    memo_.emplace(position, result);
    return result;
  }

 private:
  nimkit_rules_test::PlainSearch search_;
  std::map<PlainPosition, std::uint64_t> memo_;
};

struct Heap {
  std::string spec;
  std::uint64_t size;
};

std::uint64_t library_remoteness(const std::string& text, Convention convention) {
  auto position = nimkit::parse_position(text, nullptr);
  EXPECT_TRUE(position.ok()) << position.error();
  if (!position) return ~std::uint64_t{0};
  auto r = nimkit::remoteness(*position, convention);
  EXPECT_TRUE(r.ok()) << r.error();
  return r ? *r : ~std::uint64_t{0};
}

// Every sum of up to three heaps of sizes 0..max_size drawn from `specs`, against brute force.
void check_sums(const std::vector<std::string>& specs, std::uint64_t max_size, bool misere) {
  PlainRemoteness brute(misere);
  const Convention convention = misere ? Convention::kMisere : Convention::kNormal;
  std::vector<Heap> heaps;
  int checked = 0;
  auto walk = [&](auto&& self, std::size_t depth) -> void {
    if (!heaps.empty()) {
      std::string text;
      PlainPosition plain;
      for (const Heap& h : heaps) {
        text += (text.empty() ? "" : " ") + h.spec + ":" + std::to_string(h.size);
        plain.push_back(PlainComponent{h.spec, {{h.size, false}}});
      }
      const std::uint64_t expected = brute.of(nimkit_rules_test::canonical(plain));
      ASSERT_EQ(library_remoteness(text, convention), expected)
          << text << (misere ? " misère" : " normal");
      ++checked;
    }
    if (depth == 3) return;
    for (const std::string& spec : specs) {
      for (std::uint64_t n = 0; n <= max_size; ++n) {
        heaps.push_back({spec, n});
        self(self, depth + 1);
        heaps.pop_back();
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  };
  walk(walk, 0);
  EXPECT_GT(checked, 100);
}

TEST(Remoteness, NimSumsMatchBruteForce) {
  check_sums({"nim"}, 5, false);
  check_sums({"nim"}, 5, true);
}

TEST(Remoteness, KaylesSumsMatchBruteForce) {
  check_sums({"kayles"}, 6, false);
  check_sums({"kayles"}, 6, true);
}

TEST(Remoteness, MixedSumsMatchBruteForce) {
  check_sums({"nim", "kayles", "subtraction:1,3"}, 3, false);
  check_sums({"nim", "kayles", "subtraction:1,3"}, 3, true);
}

// Node Kayles on a bitmask graph: a move takes a vertex and its neighbours away.
struct Graph {
  int n = 0;
  std::array<std::uint32_t, 8> adjacent{};
  std::uint32_t closed(int v) const { return adjacent[static_cast<std::size_t>(v)] | (1u << v); }
};

struct GraphRemoteness {
  const Graph& g;
  bool misere;
  std::map<std::uint32_t, bool> wins_memo;
  std::map<std::uint32_t, std::uint64_t> memo;

  bool wins(std::uint32_t left) {
    if (left == 0) return misere;
    if (auto it = wins_memo.find(left); it != wins_memo.end()) return it->second;
    bool win = false;
    for (int v = 0; v < g.n && !win; ++v) {
      if ((left >> v) & 1u) win = !wins(left & ~g.closed(v));
    }
    return wins_memo[left] = win;
  }
  std::uint64_t of(std::uint32_t left) {
    if (left == 0) return 0;
    if (auto it = memo.find(left); it != memo.end()) return it->second;
    const bool win = wins(left);
    std::uint64_t best = win ? ~std::uint64_t{0} : 0;
    for (int v = 0; v < g.n; ++v) {
      if (((left >> v) & 1u) == 0) continue;
      const std::uint32_t child = left & ~g.closed(v);
      if (win && !wins(child)) best = std::min(best, of(child));
      if (!win) best = std::max(best, of(child));
    }
    return memo[left] = best + 1;
  }
};

TEST(Remoteness, NodeKaylesGraphsMatchBruteForce) {
  int checked = 0;
  for (int n = 1; n <= 5; ++n) {
    std::vector<std::pair<int, int>> edges;
    for (int a = 0; a < n; ++a) {
      for (int b = a + 1; b < n; ++b) edges.emplace_back(a, b);
    }
    for (std::uint32_t mask = 0; mask < (1u << edges.size()); ++mask) {
      Graph g;
      g.n = n;
      for (std::size_t k = 0; k < edges.size(); ++k) {
        if ((mask >> k) & 1u) {
          g.adjacent[static_cast<std::size_t>(edges[k].first)] |= 1u << edges[k].second;
          g.adjacent[static_cast<std::size_t>(edges[k].second)] |= 1u << edges[k].first;
        }
      }
      std::string text = "node-kayles:";
      bool first = true;
      for (int a = 0; a < n; ++a) {
        auto item = [&](const std::string& s) {
          text += (first ? "" : ",") + s;
          first = false;
        };
        if (g.adjacent[static_cast<std::size_t>(a)] == 0) item(std::to_string(a + 1));
        for (int b = a + 1; b < n; ++b) {
          if ((g.adjacent[static_cast<std::size_t>(a)] >> b) & 1u) {
            item(std::to_string(a + 1) + "-" + std::to_string(b + 1));
          }
        }
      }
      for (bool misere : {false, true}) {
        GraphRemoteness brute{g, misere, {}, {}};
        const Convention convention = misere ? Convention::kMisere : Convention::kNormal;
        ASSERT_EQ(library_remoteness(text, convention), brute.of((1u << n) - 1))
            << text << (misere ? " misère" : " normal");
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// The game a person gets by default is worth playing: the first player (the person) wins, but
// only by finding one of two moves, and not at once.
TEST(Remoteness, NodeKaylesDefaultStartIsWonInFiveMovesByTwoOfTen) {
  const nimkit::RulesetEntry* entry = nimkit::find_ruleset_entry("node-kayles");
  ASSERT_NE(entry, nullptr);
  auto position = nimkit::parse_position("node-kayles:" + entry->start, nullptr);
  ASSERT_TRUE(position.ok()) << position.error();
  auto analysis = nimkit::analyze(*position, Convention::kNormal);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);
  EXPECT_EQ(analysis->winning_moves.size(), 2u);
  EXPECT_EQ(library_remoteness("node-kayles:" + entry->start, Convention::kNormal), 5u);
}

TEST(Remoteness, TerminalPositionIsZeroUnderBothConventions) {
  EXPECT_EQ(library_remoteness("nim:0", Convention::kNormal), 0u);
  EXPECT_EQ(library_remoteness("nim:0", Convention::kMisere), 0u);
  EXPECT_EQ(library_remoteness("nim:1", Convention::kMisere), 1u);
}

TEST(Remoteness, FailsPastItsLimitsAndAnalysisThenLeavesItOut) {
  auto position = nimkit::parse_position("nim:20 nim:21 nim:22 nim:23", nullptr);
  ASSERT_TRUE(position.ok());
  nimkit::Limits limits;
  limits.max_nodes = 1000;
  auto r = nimkit::remoteness(*position, Convention::kNormal, limits);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("limit of"), std::string::npos) << r.error();

  auto analysis = nimkit::analyze(*position, Convention::kNormal, limits);
  ASSERT_TRUE(analysis.ok());
  nimkit::add_remoteness(*analysis, *position, limits);
  EXPECT_FALSE(analysis->remoteness.has_value());
  // Within the limits it is set, and its parity agrees with the winner (normal play).
  auto small = nimkit::parse_position("nim:3 nim:4 nim:5", nullptr);
  ASSERT_TRUE(small.ok());
  auto a = nimkit::analyze(*small, Convention::kNormal);
  ASSERT_TRUE(a.ok());
  nimkit::add_remoteness(*a, *small, {});
  ASSERT_TRUE(a->remoteness.has_value());
  EXPECT_EQ(*a->remoteness % 2 == 1, a->winner == nimkit::Outcome::kFirst);
}

}  // namespace
