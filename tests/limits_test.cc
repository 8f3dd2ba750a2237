// WorkMeter: one budget of work shared by everything a request or command does.
#include "nimkit/limits.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "nimkit/registry.h"

namespace {

using nimkit::Limits;
using nimkit::WorkMeter;

TEST(WorkMeter, StopsPastItsSteps) {
  WorkMeter meter(100);
  EXPECT_TRUE(meter.charge(60));
  EXPECT_TRUE(meter.charge(40));
  EXPECT_FALSE(meter.exhausted());
  EXPECT_FALSE(meter.charge(1));
  EXPECT_TRUE(meter.exhausted());
  EXPECT_EQ(meter.reason(), "the work limit of 100 steps");
  EXPECT_FALSE(meter.charge(0));  // once stopped, it stays stopped
}

TEST(WorkMeter, HugeChargesDoNotWrap) {
  WorkMeter meter(1000);
  EXPECT_TRUE(meter.charge(10));
  EXPECT_FALSE(meter.charge(~std::uint64_t{0}));
  EXPECT_TRUE(meter.exhausted());
}

TEST(WorkMeter, StopsAtItsDeadline) {
  WorkMeter meter(0, std::chrono::milliseconds(20));
  const auto start = std::chrono::steady_clock::now();
  while (meter.charge(1)) {
    ASSERT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  }
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(20));
  EXPECT_EQ(meter.reason(), "the time limit of 20 ms");
}

TEST(WorkMeter, CancelStopsEveryCharger) {
  WorkMeter meter(0);
  EXPECT_EQ(meter.reason(), "");
  meter.cancel();
  EXPECT_FALSE(meter.charge());
  EXPECT_EQ(meter.reason(), "cancellation");
}

TEST(WorkMeter, AFlagSetElsewhereCancelsAtTheNextCharge) {
  std::atomic<bool> flag{false};
  WorkMeter meter(0);
  meter.cancel_when(&flag);
  EXPECT_TRUE(meter.charge(1000));
  flag.store(true);
  EXPECT_FALSE(meter.charge(1));
  EXPECT_TRUE(meter.exhausted());
  EXPECT_EQ(meter.reason(), "cancellation");
  flag.store(false);  // once stopped, stopped
  EXPECT_FALSE(meter.charge(1));
}

TEST(WorkMeter, CopiesOfLimitsShareOneBudget) {
  Limits limits;
  EXPECT_TRUE(limits.charge(1'000'000'000));  // no meter: no budget
  limits.meter = std::make_shared<WorkMeter>(10);
  const Limits copy = limits;
  EXPECT_TRUE(copy.charge(6));
  EXPECT_FALSE(limits.charge(6));
  EXPECT_TRUE(copy.meter->exhausted());
}

TEST(WorkMeter, ThreadsChargeOneCounter) {
  WorkMeter meter(0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 10'000; ++i) meter.charge(1);
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(meter.used(), 40'000u);
}

TEST(WorkMeter, StopsTabulatingGrundyValues) {
  // Subtraction by squares has no period theorem: its values are tabulated by mex, and that work
  // is charged to the shared budget.
  auto rules = nimkit::make_ruleset("subtraction:squares");
  ASSERT_TRUE(rules.ok()) << rules.error();
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(1000);
  auto g = (*rules)->value(nimkit::State{50'000, 0}, limits);
  ASSERT_FALSE(g.ok());
  EXPECT_TRUE(limits.meter->exhausted());
  EXPECT_NE(g.error().find(limits.meter->reason()), std::string::npos) << g.error();
}

}  // namespace
