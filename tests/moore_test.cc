// Moore's Nim_k (take from up to k heaps at once): values against a plain mex over its rules,
// the P-positions (binary digit sums divisible by k + 1), counting and random access of options.
#include "nimkit/games/moore.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "heap_family_test_util.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
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
            EXPECT_EQ(moore->p_position(heaps).value(), brute)
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
  EXPECT_GE(steps.meter->used(), 1000u);

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

// The winning moves of one Moore component come from the P-position rule, but listing its
// options (about four million here) is work the meter hears of.
TEST(Moore, ListingTheWinningMovesChargesTheMeter) {
  auto position = nimkit::parse_position("moore:3:100,100,100,101", nullptr);
  ASSERT_TRUE(position.ok());
  nimkit::Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(10'000);
  const auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal, limits);
  ASSERT_FALSE(analysis.ok());
  EXPECT_EQ(analysis.error_kind(), nimkit::ErrorKind::kLimit) << analysis.error();
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

}  // namespace
