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

#include "nimkit/analysis.h"
#include "nimkit/explain.h"
#include "nimkit/notation.h"
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

TEST(WorkMeter, AStepBudgetNamedByItsSetterIsStatedInThoseWords) {
  nimkit::WorkMeter meter(10);
  meter.name_steps("the work allowed by --limit 2 (10 steps)");
  EXPECT_EQ(meter.reason(), "");
  EXPECT_FALSE(meter.charge(11));
  EXPECT_EQ(meter.reason(), "the work allowed by --limit 2 (10 steps)");
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

TEST(WorkMeter, AShareStopsAtItsCapAndLeavesItsParentRunning) {
  auto parent = std::make_shared<WorkMeter>(1000);
  ASSERT_TRUE(parent->charge(100));
  auto share = WorkMeter::share_of(parent, 300);
  EXPECT_TRUE(share->charge(250));
  EXPECT_EQ(parent->used(), 350u);  // the parent hears of every step the share accepts
  EXPECT_FALSE(share->charge(100));
  EXPECT_TRUE(share->exhausted());
  EXPECT_EQ(share->reason(), "its share of the work, 300 steps,");
  EXPECT_FALSE(parent->exhausted());
  EXPECT_EQ(parent->used(), 350u);  // the step past the share is not the parent's
  EXPECT_TRUE(parent->charge(600));
}

TEST(WorkMeter, AShareIsAtMostHalfOfWhatItsParentHasLeft) {
  auto parent = std::make_shared<WorkMeter>(1000);
  ASSERT_TRUE(parent->charge(800));
  Limits limits;
  limits.meter = parent;
  const Limits extra = limits.share(~std::uint64_t{0});
  EXPECT_EQ(extra.meter->max_steps(), 100u);
  EXPECT_FALSE(extra.charge(101));
  EXPECT_FALSE(parent->exhausted());
  // A parent already spent gives a share that stops at once.
  ASSERT_FALSE(parent->charge(1000));
  EXPECT_FALSE(limits.share(10).charge());
  // Without a parent, the share is a meter of its own.
  EXPECT_EQ(Limits{}.share(10).meter->max_steps(), 10u);
}

TEST(WorkMeter, AShareStopsWhenItsParentIsCancelledOrPastItsDeadline) {
  auto parent = std::make_shared<WorkMeter>(0);
  auto share = WorkMeter::share_of(parent, 1000);
  ASSERT_TRUE(share->charge());
  parent->cancel();
  EXPECT_FALSE(share->charge());
  EXPECT_TRUE(share->cancelled());
  EXPECT_EQ(share->reason(), "cancellation");

  auto timed = std::make_shared<WorkMeter>(0, std::chrono::milliseconds(20));
  auto timed_share = WorkMeter::share_of(timed, 0);
  EXPECT_FALSE(timed_share->charge());  // a share of no steps stops at its first
  auto open_share = WorkMeter::share_of(timed, ~std::uint64_t{0});
  const auto start = std::chrono::steady_clock::now();
  while (open_share->charge()) {
    ASSERT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  }
  EXPECT_EQ(open_share->reason(), "the time limit of 20 ms");
  EXPECT_FALSE(open_share->cancelled());
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

TEST(WorkMeter, CancelStopsAMooreComputation) {
  // Moore's values come from a search over every move; a cancelled meter stops it at once.
  auto position = nimkit::parse_position("moore:2:30,31,32,33", nullptr);
  ASSERT_TRUE(position.ok()) << position.error();
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0);
  limits.meter->cancel();
  const nimkit::Component& moore = position->components().front();
  auto value = moore.rules->value(moore.state, limits);
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.error_kind(), nimkit::ErrorKind::kCancelled) << value.error();
}

TEST(WorkMeter, RemotenessAskedOfAnAnalysisChargesTheSameMeter) {
  // Nim's analysis is a formula; its remoteness is a search, charged to the caller's meter.
  auto position = nimkit::parse_position("nim:3 nim:4 nim:5", nullptr);
  ASSERT_TRUE(position.ok()) << position.error();
  Limits plain;
  plain.meter = std::make_shared<WorkMeter>(0);
  ASSERT_TRUE(nimkit::analyze(*position, nimkit::Convention::kNormal, plain).ok());
  Limits with_remoteness;
  with_remoteness.meter = std::make_shared<WorkMeter>(0);
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal, with_remoteness,
                                  nimkit::AnalysisOptions{.remoteness = true});
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  ASSERT_TRUE(analysis->remoteness.has_value());
  EXPECT_GT(with_remoteness.meter->used(), plain.meter->used() + 10);
  // A spent meter leaves the remoteness out and the rest of the analysis standing.
  Limits spent;
  spent.meter = std::make_shared<WorkMeter>(0);
  spent.meter->cancel();
  auto without = nimkit::analyze(*position, nimkit::Convention::kNormal, spent,
                                 nimkit::AnalysisOptions{.remoteness = true});
  ASSERT_TRUE(without.ok()) << without.error();
  EXPECT_FALSE(without->remoteness.has_value());
}

TEST(WorkMeter, AnExplanationsMexStepChargesTheCallersMeter) {
  auto position = nimkit::parse_position("subtraction:1,4,9,16:40", nullptr);
  ASSERT_TRUE(position.ok()) << position.error();
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis.ok()) << analysis.error();
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0);
  const nimkit::Explanation shown = nimkit::explanation(*position, *analysis, limits);
  ASSERT_TRUE(shown.mex.has_value());
  EXPECT_GT(limits.meter->used(), 0u);
  Limits spent;
  spent.meter = std::make_shared<WorkMeter>(0);
  spent.meter->cancel();
  EXPECT_FALSE(nimkit::explanation(*position, *analysis, spent).mex.has_value());
}

}  // namespace
