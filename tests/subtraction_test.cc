// Subtraction games (subtraction:SET, squares, powers-of-2, fibonacci, all-but:SET): values
// against a plain mex over their rules, periods and their proof bounds.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "heap_family_test_util.h"
#include "nimkit/periodicity.h"

namespace {

using nimkit::Heap;
using nimkit_rules_test::heap_rules;
using nimkit_rules_test::make;
using nimkit_rules_test::plain_values;
using nimkit_rules_test::values;

TEST(Subtraction, ValuesEqualPlainMex) {
  for (const std::string spec : {"subtraction:1,3,4", "subtraction:2,5,7", "subtraction:1,2,3"}) {
    EXPECT_EQ(values(spec, 800), plain_values(spec, 800)) << spec;
  }
  for (const std::string spec :
       {"subtraction:squares", "subtraction:fibonacci", "subtraction:all-but:1,2"}) {
    EXPECT_EQ(values(spec, 400), plain_values(spec, 400)) << spec;
  }
}

TEST(Subtraction, PeriodTheoremBoundIsNZeroPlusMaxS) {
  EXPECT_EQ(nimkit::PeriodTheorem::subtraction(4).end(0, 7), 4u);
}

TEST(Subtraction, OneThreeFourRepeats0101232) {
  const std::vector<std::uint64_t> cycle = {0, 1, 0, 1, 2, 3, 2};
  const auto got = values("subtraction:1,3,4", 70);
  for (std::size_t n = 0; n < got.size(); ++n) EXPECT_EQ(got[n], cycle[n % 7]) << n;
  const auto search = heap_rules(make("subtraction:1,3,4")).find_period(0, nimkit::Limits{});
  ASSERT_TRUE(search.period.has_value());
  EXPECT_EQ(search.period->period, 7u);
  EXPECT_EQ(search.period->preperiod, 0u);
  // n0 + max S = 4: values g(0) .. g(4 + 7 - 1) prove it.
  EXPECT_EQ(search.period->checked_to, 10u);
}

TEST(Subtraction, PowersOfTwoIsNModThree) {
  EXPECT_EQ(values("subtraction:powers-of-2", 300), plain_values("subtraction:powers-of-2", 300));
  const auto g = make("subtraction:powers-of-2")
                     ->grundy(std::vector<Heap>{Heap{nimkit::kMaxHeap}}, nimkit::Limits{});
  EXPECT_EQ(static_cast<std::uint64_t>(*g), nimkit::kMaxHeap % 3);
}

// The all-but games answer the options to a value from their arithmetic period; a finite set's
// heap has at most |S| options. Either way the count and the first moves equal a full scan.
TEST(Subtraction, CountsAndFirstMovesToAValueEqualTheFullScan) {
  for (const std::string spec : {"subtraction:all-but:1,2", "subtraction:all-but:2,3,7",
                                 "subtraction:1,3,4", "subtraction:2,5,7"}) {
    const auto rules = make(spec);
    for (const std::uint64_t n : {1000u, 1001u, 4321u, 9999u}) {
      const std::vector<Heap> heap{Heap{n}};
      for (nimkit::Nimber target = 0; target < 12; ++target) {
        const auto all = rules->HeapGame::options_with_value(heap, target, nimkit::Limits{});
        ASSERT_TRUE(all.ok()) << spec;
        for (const std::uint64_t list : {0u, 1u, 1000u}) {
          const auto counted =
              rules->count_options_with_value(heap, target, list, nimkit::Limits{});
          ASSERT_TRUE(counted.ok()) << spec << " " << n;
          EXPECT_EQ(counted->count, nimkit::Count{all->size()}) << spec << " heap " << n;
          const std::vector<nimkit::HeapOption> first(
              all->begin(), all->begin() + static_cast<std::ptrdiff_t>(
                                               std::min<std::uint64_t>(list, all->size())));
          EXPECT_EQ(counted->first, first) << spec << " heap " << n << " list " << list;
        }
      }
    }
  }
}

}  // namespace
