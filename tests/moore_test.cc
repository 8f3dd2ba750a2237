// Moore's Nim_k (take from up to k heaps at once): values against a plain mex over its rules,
// the P-positions (binary digit sums divisible by k + 1), counting and random access of options.
#include "nimkit/games/moore.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "heap_family_test_util.h"

namespace {

using nimkit::Heap;
using nimkit::Nimber;
using nimkit_rules_test::heap_rules;
using nimkit_rules_test::make;
using nimkit_rules_test::plain_values;
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

}  // namespace
