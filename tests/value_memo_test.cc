// ValueMemo, the generic memoized mex, against rulesets whose values come from elsewhere: the
// octal engine's Kayles and Dawson's Kayles tables, a subtraction game's period, Node Kayles'
// own path values; deep games without stack overflow; the node limit; concurrent callers.
#include "nimkit/value_memo.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "nimkit/heap.h"
#include "nimkit/heap_game.h"
#include "nimkit/limits.h"
#include "nimkit/registry.h"
#include "test_rulesets.h"

namespace {

using nimkit::HeapGame;
using nimkit::Limits;
using nimkit::Nimber;
using nimkit::State;
using nimkit::ValueMemo;

using nimkit_test::rules_of;

State heap(std::uint64_t n) {
  const nimkit::Heap h{n};
  return HeapGame::encode(std::span<const nimkit::Heap>(&h, 1));
}

// Take-and-break games split heaps, so options are sums of two components.
TEST(ValueMemo, AgreesWithTheOctalTablesOnSplittingGames) {
  for (const std::string spec : {"kayles", "dawson", "octal:0.137", "octal:4.12", "grundy"}) {
    const auto r = rules_of(spec);
    const ValueMemo memo;
    for (std::uint64_t n = 0; n <= 70; ++n) {
      auto got = memo.value(*r, heap(n), Limits{});
      auto want = r->value(heap(n), Limits{});
      ASSERT_TRUE(got && want) << spec << " " << n;
      EXPECT_EQ(*got, *want) << spec << " heap " << n;
    }
    EXPECT_GT(memo.size(), 0U);
  }
}

TEST(ValueMemo, GoesDeepWithoutRecursion) {
  // Taking one at a time from 200,000 leaves a chain of 200,000 positions.
  const auto r = rules_of("subtraction:1");
  const ValueMemo memo;
  Limits limits;
  limits.max_nodes = 1'000'000;
  auto value = memo.value(*r, heap(200'000), limits);
  ASSERT_TRUE(value) << value.error();
  EXPECT_EQ(*value, Nimber{0});
  auto odd = memo.value(*r, heap(200'001), limits);
  ASSERT_TRUE(odd);
  EXPECT_EQ(*odd, Nimber{1});
}

TEST(ValueMemo, StopsAtTheNodeLimitAndTheMeter) {
  const auto r = rules_of("subtraction:1,2");
  const ValueMemo memo;
  Limits limits;
  limits.max_nodes = 50;
  auto value = memo.value(*r, heap(1000), limits);
  ASSERT_FALSE(value);
  EXPECT_NE(value.error().find("node limit of 50"), std::string::npos) << value.error();

  Limits metered;
  metered.meter = std::make_shared<nimkit::WorkMeter>(100);
  auto stopped = ValueMemo().value(*r, heap(1000), metered);
  ASSERT_FALSE(stopped);
  EXPECT_NE(stopped.error().find("work limit of 100"), std::string::npos) << stopped.error();
}

TEST(ValueMemo, ForgetsWhenFullWithoutChangingAnswers) {
  const auto r = rules_of("kayles");
  // Heaps up to 26 need 27 classes: a memo of 16 is emptied several times along the way.
  const ValueMemo small(16);
  for (std::uint64_t n = 0; n <= 26; ++n) {
    auto got = small.value(*r, heap(n), Limits{});
    ASSERT_TRUE(got) << got.error();
    EXPECT_EQ(*got, *r->value(heap(n), Limits{})) << n;
    EXPECT_LE(small.size(), 16U);
  }
}

TEST(ValueMemo, ConcurrentCallersAgree) {
  const auto r = rules_of("dawson");
  const ValueMemo memo;
  std::vector<std::vector<Nimber>> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < seen.size(); ++t) {
    threads.emplace_back([&, t] {
      for (std::uint64_t n = 0; n <= 60; ++n) seen[t].push_back(*memo.value(*r, heap(n), Limits{}));
    });
  }
  for (auto& thread : threads) thread.join();
  for (std::uint64_t n = 0; n <= 60; ++n) {
    for (const auto& values : seen) EXPECT_EQ(values[n], *r->value(heap(n), Limits{})) << n;
  }
}

}  // namespace
