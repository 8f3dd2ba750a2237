// Moore's Nim_k (take from up to k heaps at once): values against a plain mex over its rules,
// the P-positions (binary digit sums divisible by k + 1; misère play's ending), Moore's
// construction of a winning move against a game tree, counting and random access of options.
#include "nimkit/games/moore.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "heap_family_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "time_factor.h"

namespace {

using nimkit::Heap;
using nimkit_rules_test::make;
using nimkit_rules_test::values;

TEST(Moore, ValuesEqualPlainMexOnSmallPositions) {
  for (std::uint64_t k = 1; k <= 3; ++k) {
    const auto moore = make("moore:" + std::to_string(k));
    nimkit_rules_test::PlainGrundy brute;
    for (std::uint64_t a = 0; a <= 4; ++a) {
      for (std::uint64_t b = 0; b <= 3; ++b) {
        for (std::uint64_t c = 0; c <= 3; ++c) {
          const std::vector<Heap> heaps{Heap{a}, Heap{b}, Heap{c}};
          const auto g = moore->grundy(heaps, nimkit::Limits{});
          ASSERT_TRUE(g.ok()) << g.error();
          EXPECT_EQ(static_cast<std::uint64_t>(*g),
                    brute.value(nimkit_rules_test::canonical(
                        {{moore->spec(), {{a, false}, {b, false}, {c, false}}}})))
              << k << ": " << a << " " << b << " " << c;
        }
      }
    }
  }
}

TEST(Moore, PPositionsAreBinaryDigitSumsDivisibleByKPlusOne) {
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
            EXPECT_EQ(moore->p_position(heaps, nimkit::Convention::kNormal).value(), brute)
                << k << ": " << a << " " << b << " " << c << " " << d;
          }
        }
      }
    }
  }
}

// Counting options by inclusion-exclusion once took 3^m steps for m heaps (20 heaps: seconds per
// option); grouped terms make it polynomial.
TEST(Moore, OptionsOfManyEqualHeapsAreCountedQuickly) {
  const auto moore = make("moore:64");
  const std::vector<Heap> heaps(30, Heap{1});
  const nimkit::Count count = moore->option_count(heaps);
  EXPECT_EQ(nimkit::to_string(count), "1073741823");  // every non-empty subset of 30 heaps
  const nimkit::HeapOption last = moore->option_at(heaps, count - 1);
  EXPECT_EQ(last.take, 30u);
  const nimkit::HeapOption first = moore->option_at(heaps, 0);
  EXPECT_EQ(first.take, 1u);
}

TEST(Moore, RandomAccessMatchesTheSortedList) {
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

// A Moore value far beyond any budget: four heaps of 40 (about 10^5 sorted positions, thousands
// of options each).
const std::vector<Heap> kLargeMoore{Heap{40}, Heap{40}, Heap{40}, Heap{40}};

TEST(Moore, ATinyWorkLimitOrNodeLimitStopsAValueWithALimitError) {
  const auto moore = make("moore:2");
  nimkit::Limits steps;
  steps.meter = std::make_shared<nimkit::WorkMeter>(1000);
  const auto by_steps = moore->grundy(kLargeMoore, steps);
  ASSERT_FALSE(by_steps.ok());
  EXPECT_EQ(by_steps.error_kind(), nimkit::ErrorKind::kLimit) << by_steps.error();
  EXPECT_EQ(by_steps.error(), "work stopped: the work limit of 1000 steps was reached");
  // The scans the value needs pass the budget as soon as they are known: nothing is spent first.
  EXPECT_EQ(steps.meter->used(), 0u);

  nimkit::Limits nodes;
  nodes.max_nodes = 10;
  const auto by_nodes = moore->grundy(kLargeMoore, nodes);
  ASSERT_FALSE(by_nodes.ok());
  EXPECT_EQ(by_nodes.error_kind(), nimkit::ErrorKind::kLimit);
  EXPECT_NE(by_nodes.error().find("node limit of 10 positions"), std::string::npos)
      << by_nodes.error();
  // The winning moves charge the same meter: a position of one Moore component and a Nim heap
  // asks Moore for values.
  auto sum = nimkit::parse_position("moore:2:40,40,40,40 nim:1", nullptr);
  ASSERT_TRUE(sum.ok());
  nimkit::Limits small;
  small.meter = std::make_shared<nimkit::WorkMeter>(5000);
  const auto analysis = nimkit::analyze(*sum, nimkit::Convention::kNormal, small);
  ASSERT_FALSE(analysis.ok());
  EXPECT_EQ(analysis.error_kind(), nimkit::ErrorKind::kLimit) << analysis.error();
}

// Listing the winning moves of a large Moore component (about four million options here) is out
// of reach of a small meter: the analysis keeps Moore's constructed move, says that the others
// are not listed, and leaves the meter's other half to the caller.
TEST(Moore, AListingOutOfReachKeepsTheConstructedMove) {
  auto position = nimkit::parse_position("moore:3:100,100,100,101", nullptr);
  ASSERT_TRUE(position.ok());
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(10'000);
  const auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal, limits);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst);
  ASSERT_EQ(analysis->winning_moves.size(), 1u);
  EXPECT_NE(analysis->moves_unlisted.find("too many to list"), std::string::npos)
      << analysis->moves_unlisted;
  const auto moore = make("moore:3");
  const auto after = nimkit::HeapGame::decode(analysis->winning_moves[0].option.result.at(0));
  EXPECT_TRUE(moore->p_position(after, nimkit::Convention::kNormal).value());
  EXPECT_FALSE(limits.meter->exhausted());
}

TEST(Moore, CancellingTheMeterStopsALargeValuePromptly) {
  const auto moore = make("moore:2");
  nimkit::Limits limits;
  limits.max_nodes = std::uint64_t{1} << 40;
  limits.meter = std::make_shared<nimkit::WorkMeter>(0);
  std::thread canceller([meter = limits.meter] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    meter->cancel();
  });
  const auto start = std::chrono::steady_clock::now();
  const auto g = moore->grundy(kLargeMoore, limits);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  canceller.join();
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error_kind(), nimkit::ErrorKind::kCancelled) << g.error();
  EXPECT_LT(elapsed, std::chrono::milliseconds(100 + 400 * nimkit_test::kTimeFactor));
}

// Moore's Nim_k by its definition alone, nothing of the library: whether the player to move
// wins, memoized on the sorted heaps.
class MooreTree {
 public:
  MooreTree(std::uint64_t k, bool misere) : k_(k), misere_(misere) {}

  bool wins(std::vector<std::uint64_t> heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (auto it = memo_.find(heaps); it != memo_.end()) return it->second;
    bool any = false, win = false;
    for (const auto& child : children(heaps)) {
      any = true;
      if (!wins(child)) {
        win = true;
        break;
      }
    }
    if (!any) win = misere_;
    memo_.emplace(heaps, win);
    return win;
  }

  // Every move's result, heaps in place: 1 to k heaps each made smaller.
  std::vector<std::vector<std::uint64_t>> children(const std::vector<std::uint64_t>& heaps) const {
    std::vector<std::vector<std::uint64_t>> out;
    std::vector<std::uint64_t> next = heaps;
    std::function<void(std::size_t, std::uint64_t)> walk = [&](std::size_t j, std::uint64_t used) {
      if (j == heaps.size()) {
        if (used > 0) out.push_back(next);
        return;
      }
      walk(j + 1, used);
      if (used == k_) return;
      for (std::uint64_t left = 0; left < heaps[j]; ++left) {
        next[j] = left;
        walk(j + 1, used + 1);
      }
      next[j] = heaps[j];
    };
    walk(0, 0);
    return out;
  }

 private:
  std::uint64_t k_;
  bool misere_;
  std::map<std::vector<std::uint64_t>, bool> memo_;
};

std::vector<Heap> as_heaps(const std::vector<std::uint64_t>& sizes) {
  std::vector<Heap> heaps;
  for (const std::uint64_t n : sizes) heaps.push_back(Heap{n});
  return heaps;
}

std::vector<std::uint64_t> as_sizes(std::span<const Heap> heaps) {
  std::vector<std::uint64_t> sizes;
  for (const Heap& h : heaps) sizes.push_back(h.size);
  return sizes;
}

// Every tuple of `count` heaps of at most `most`, in order.
std::vector<std::vector<std::uint64_t>> tuples(std::size_t count, std::uint64_t most) {
  std::vector<std::vector<std::uint64_t>> out{{}};
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<std::vector<std::uint64_t>> longer;
    for (const auto& t : out) {
      for (std::uint64_t n = 0; n <= most; ++n) {
        longer.push_back(t);
        longer.back().push_back(n);
      }
    }
    out = std::move(longer);
  }
  return out;
}

const nimkit::Convention kConventions[] = {nimkit::Convention::kNormal,
                                           nimkit::Convention::kMisere};

// Moore's rules (normal, and misère with its ending of heaps of 0 and 1) and the construction of
// a winning move, on every position of up to four heaps of at most 7, k = 1 to 3: the rule
// agrees with the game tree, and the constructed move is a legal move to a lost position.
TEST(Moore, RulesAndConstructedMovesAgreeWithTheGameTree) {
  for (std::uint64_t k = 1; k <= 3; ++k) {
    const nimkit::MooreNim moore(k);
    for (const nimkit::Convention convention : kConventions) {
      MooreTree tree(k, convention == nimkit::Convention::kMisere);
      for (std::size_t m = 1; m <= 4; ++m) {
        for (const auto& sizes : tuples(m, 7)) {
          const auto heaps = as_heaps(sizes);
          const bool wins = tree.wins(sizes);
          const std::string where =
              fmt::format("k={} {} {}", k, nimkit::to_string(convention), fmt::join(sizes, " "));
          ASSERT_EQ(moore.p_position(heaps, convention).value(), !wins) << where;
          const auto move = moore.p_position_move(heaps, convention);
          const auto children = tree.children(sizes);
          if (!wins || children.empty()) {
            EXPECT_FALSE(move.has_value()) << where;
            continue;
          }
          ASSERT_TRUE(move.has_value()) << where;
          const std::vector<std::uint64_t> after = as_sizes(move->result);
          EXPECT_NE(std::find(children.begin(), children.end(), after), children.end())
              << where << " -> " << fmt::format("{}", fmt::join(after, " "));
          std::uint64_t taken = 0;
          for (std::size_t j = 0; j < m; ++j) taken += sizes[j] - after[j];
          EXPECT_EQ(move->take, taken) << where;
          EXPECT_FALSE(tree.wins(after))
              << where << " -> " << fmt::format("{}", fmt::join(after, " "));
        }
      }
    }
  }
}

// The analysis of one Moore component, normal and misère: the winner and exactly the winning
// moves of the game tree (every one listed, none missing), on every sorted position of up to four
// heaps of at most 7, k = 1 to 3.
TEST(Moore, AnalysisListsExactlyTheGameTreesWinningMoves) {
  for (std::uint64_t k = 1; k <= 3; ++k) {
    const auto rules = nimkit::make_ruleset(fmt::format("moore:{}", k));
    ASSERT_TRUE(rules.ok());
    for (const nimkit::Convention convention : kConventions) {
      MooreTree tree(k, convention == nimkit::Convention::kMisere);
      for (std::size_t m = 1; m <= 4; ++m) {
        for (const auto& sizes : tuples(m, 7)) {
          if (!std::is_sorted(sizes.begin(), sizes.end())) continue;
          const std::string where =
              fmt::format("k={} {} {}", k, nimkit::to_string(convention), fmt::join(sizes, " "));
          const auto analysis =
              nimkit::analyze(nimkit::heap_position(*rules, as_heaps(sizes)), convention);
          ASSERT_TRUE(analysis.ok()) << where << ": " << analysis.error();
          if (!tree.children(sizes).empty()) {
            EXPECT_EQ(analysis->method, nimkit::Method::kPositionRule) << where;
          }
          EXPECT_EQ(analysis->winner == nimkit::Outcome::kFirst, tree.wins(sizes)) << where;
          EXPECT_TRUE(analysis->moves_unlisted.empty()) << where;
          std::set<std::vector<std::uint64_t>> listed, expected;
          for (const nimkit::Move& move : analysis->winning_moves) {
            listed.insert(as_sizes(nimkit::HeapGame::decode(move.option.result.at(0))));
          }
          for (const auto& child : tree.children(sizes)) {
            if (!tree.wins(child)) expected.insert(child);
          }
          EXPECT_EQ(listed, expected) << where;
          EXPECT_EQ(analysis->winning_move_count, nimkit::Count{expected.size()}) << where;
        }
      }
    }
  }
}

// Twenty heaps near 2^60, k = 3: far too many options to list, answered by the rules and the
// construction at once under both conventions.
TEST(Moore, TwentyHeapsNearTwoToTheSixtyAreAnsweredAtOnce) {
  const auto rules = nimkit::make_ruleset("moore:3");
  ASSERT_TRUE(rules.ok());
  const nimkit::MooreNim moore(3);
  std::vector<Heap> heaps;
  std::uint64_t x = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < 20; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    heaps.push_back(Heap{(std::uint64_t{1} << 59) | (x >> 5)});
  }
  for (const nimkit::Convention convention : kConventions) {
    nimkit::Limits limits;
    limits.meter = std::make_shared<nimkit::WorkMeter>(nimkit::kDefaultWorkSteps);
    const auto start = std::chrono::steady_clock::now();
    const auto analysis = nimkit::analyze(nimkit::heap_position(*rules, heaps), convention, limits,
                                          nimkit::AnalysisOptions{.remoteness = true});
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(analysis.ok()) << analysis.error();
    EXPECT_EQ(analysis->method, nimkit::Method::kPositionRule);
    const bool lost = moore.p_position(heaps, convention).value();
    EXPECT_EQ(analysis->winner == nimkit::Outcome::kSecond, lost);
    ASSERT_FALSE(lost) << "the test wants a won position";
    ASSERT_EQ(analysis->winning_moves.size(), 1u);
    EXPECT_FALSE(analysis->moves_unlisted.empty());
    const auto after = nimkit::HeapGame::decode(analysis->winning_moves[0].option.result.at(0));
    EXPECT_TRUE(moore.p_position(after, convention).value());
    std::size_t reduced = 0;
    for (std::size_t j = 0; j < heaps.size(); ++j) {
      EXPECT_LE(after[j].size, heaps[j].size);
      reduced += after[j].size < heaps[j].size;
    }
    EXPECT_GE(reduced, 1u);
    EXPECT_LE(reduced, 3u);
    EXPECT_LT(elapsed, std::chrono::milliseconds(500 * nimkit_test::kTimeFactor));
  }
}

// The Grundy value and remoteness reported beside a position Moore's rule decided are extras: on
// these positions both are out of reach, and once they took the whole meter, so that the JSON
// answer built after the analysis failed at the work limit. Each now has a bounded share.
TEST(Moore, ExtrasBesideARuledPositionLeaveTheRequestsWork) {
  for (const char* text : {"moore:2:14,6,5,15,5", "moore:3:13,2,6,8,10", "moore:3:4,15,4,12,5"}) {
    auto position = nimkit::parse_position(text, nullptr);
    ASSERT_TRUE(position.ok()) << position.error();
    nimkit::Limits limits;
    limits.meter = std::make_shared<nimkit::WorkMeter>(nimkit::kDefaultWorkSteps);
    const auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal, limits,
                                          nimkit::AnalysisOptions{.remoteness = true});
    ASSERT_TRUE(analysis.ok()) << text << ": " << analysis.error();
    EXPECT_EQ(analysis->winner, nimkit::Outcome::kFirst) << text;
    EXPECT_FALSE(analysis->winning_moves.empty()) << text;
    EXPECT_FALSE(limits.meter->exhausted()) << text;
    EXPECT_LT(limits.meter->used(), nimkit::kDefaultWorkSteps / 5) << text;
  }
}

}  // namespace
