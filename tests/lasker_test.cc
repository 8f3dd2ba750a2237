// Lasker's Nim (take from a heap, or split it in two): the closed form g(4k+3) = 4k+4,
// g(4k+4) = 4k+3, else n, against a plain mex over its rules, up to the largest heap.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "heap_family_test_util.h"

namespace {

using nimkit::Heap;
using nimkit_rules_test::make;
using nimkit_rules_test::plain_values;
using nimkit_rules_test::values;

TEST(Lasker, SwapsFourKPlusThreeAndFourKPlusFour) {
  const auto plain = plain_values("lasker", 400);
  for (std::uint64_t k = 0; 4 * k + 4 < plain.size(); ++k) {
    EXPECT_EQ(plain[4 * k + 3], 4 * k + 4) << k;
    EXPECT_EQ(plain[4 * k + 4], 4 * k + 3) << k;
    EXPECT_EQ(plain[4 * k + 1], 4 * k + 1) << k;
    EXPECT_EQ(plain[4 * k + 2], 4 * k + 2) << k;
  }
  EXPECT_EQ(values("lasker", 400), plain);
  const auto lasker = make("lasker");
  const auto g = lasker->grundy(std::vector<Heap>{Heap{nimkit::kMaxHeap}}, nimkit::Limits{});
  EXPECT_EQ(nimkit::to_string(*g), "18446744073709551616");  // 2^64-1 = 4k+3 -> 4k+4 = 2^64
}

}  // namespace
