// How misère quotient computations stop, and what they say: every stop typed by its kind (a
// bound or the limits kLimit, a cancel kCancelled, only a wrong input kBadInput); an analysis
// answering by a quotient stopped at once by its request's deadline or cancel; and the heaps at
// which the order grew against the quotients computed heap by heap.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "test_rulesets.h"

namespace {

using nimkit::ErrorKind;
using nimkit::Limits;
using nimkit::QuotientBounds;
using nimkit::WorkMeter;

using nimkit_test::rules_of;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Dawson's Kayles to heap 40 grows past a thousand elements: a minute or more of work.
QuotientBounds long_dawson() {
  QuotientBounds bounds;
  bounds.max_heap = 40;
  return bounds;
}

TEST(QuotientStops, AMeterSpentBeforeHeapOneIsALimit) {
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(1);
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), {}, limits);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kLimit) << q.error();
  EXPECT_NE(q.error().find("work stopped"), std::string::npos) << q.error();
}

TEST(QuotientStops, TheOrderBoundAtHeapOneIsALimit) {
  QuotientBounds bounds;
  bounds.max_order = 1;
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), bounds, Limits{});
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kLimit) << q.error();
  EXPECT_NE(q.error().find("bound of 1 elements"), std::string::npos) << q.error();
}

TEST(QuotientStops, TheMemoryBudgetAtHeapOneIsALimit) {
  Limits limits;
  limits.max_search_bytes = 16;
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), {}, limits);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kLimit) << q.error();
  EXPECT_NE(q.error().find("memory budget of 16 bytes"), std::string::npos) << q.error();
}

TEST(QuotientStops, ThePairBoundAtHeapOneIsALimit) {
  QuotientBounds bounds;
  bounds.max_pairs = 1;
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), bounds, Limits{});
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kLimit) << q.error();
  EXPECT_NE(q.error().find("bound of 1 pairs"), std::string::npos) << q.error();
}

TEST(QuotientStops, APassedDeadlineIsALimitNotACancel) {
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0, std::chrono::milliseconds(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), {}, limits);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kLimit) << q.error();
  EXPECT_NE(q.error().find("time limit"), std::string::npos) << q.error();
}

TEST(QuotientStops, ACancelledMeterIsACancelFromTheStart) {
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0);
  limits.meter->cancel();
  auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), {}, limits);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kCancelled) << q.error();
}

TEST(QuotientStops, ACancelMidwayGivesNoPartialQuotient) {
  // Heaps were added before the cancel came; a limit would return them, a cancel does not.
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0);
  std::thread canceller([meter = limits.meter] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    meter->cancel();
  });
  const auto start = std::chrono::steady_clock::now();
  auto q = nimkit::compute_misere_quotient(*rules_of("dawson"), long_dawson(), limits);
  const double took = seconds_since(start);
  canceller.join();
  ASSERT_FALSE(q.ok()) << "a quotient of heaps to " << q->max_heap() << ": " << q->stopped();
  EXPECT_EQ(q.error_kind(), ErrorKind::kCancelled) << q.error();
  EXPECT_LT(took, 0.3 + 2.0);
}

TEST(QuotientStops, AQuotientOfAnotherGameToResumeIsBadInput) {
  QuotientBounds bounds;
  bounds.max_heap = 10;
  auto kayles = nimkit::compute_misere_quotient(*rules_of("kayles"), bounds, Limits{});
  ASSERT_TRUE(kayles.ok()) << kayles.error();
  auto q = nimkit::compute_misere_quotient(*rules_of("dawson"), bounds, Limits{}, &*kayles);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.error_kind(), ErrorKind::kBadInput) << q.error();
}

TEST(QuotientStops, AFileCheckedPastTheLimitsIsALimitAndNotRefusedAsCorrupt) {
  QuotientBounds bounds;
  bounds.max_heap = 20;
  auto kayles = nimkit::compute_misere_quotient(*rules_of("kayles"), bounds, Limits{});
  ASSERT_TRUE(kayles.ok()) << kayles.error();
  const std::string bytes = nimkit::save_misere_quotient(*kayles);
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(50);
  auto loaded = nimkit::load_misere_quotient(bytes, *rules_of("kayles"), bounds, limits);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error_kind(), ErrorKind::kLimit) << loaded.error();
  EXPECT_EQ(loaded.error().find("does not verify"), std::string::npos) << loaded.error();
  // And read within the limits, the same bytes load.
  EXPECT_TRUE(nimkit::load_misere_quotient(bytes, *rules_of("kayles"), bounds, Limits{}).ok());
}

// An analysis answering by a quotient spends a share of its request's meter: the request's
// deadline or cancel stops the quotient's computation at once, not after a budget of its own
// (4 000 000 steps, a few tens of milliseconds of these games). Each test has a game of its own,
// that no other test of this program puts in the process's cache of quotients, and measures the
// quotient's work by the steps charged and by what it leaves there.
TEST(QuotientAnalysisStops, TheRequestDeadlineStopsTheQuotientPromptly) {
  const auto rules = rules_of("grundy");
  ASSERT_EQ(nimkit::known_misere_quotient(*rules), nullptr);
  auto position = nimkit::parse_position("60 33 5", rules);
  ASSERT_TRUE(position.ok());
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0, std::chrono::milliseconds(5));
  const auto start = std::chrono::steady_clock::now();
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere, limits);
  const double took = seconds_since(start);
  ASSERT_FALSE(analysis.ok());
  EXPECT_EQ(analysis.error_kind(), ErrorKind::kLimit) << analysis.error();
  EXPECT_NE(analysis.error().find("time limit of 5 ms"), std::string::npos) << analysis.error();
  EXPECT_LT(took, 0.005 + 1.0);
  // The quotient stopped at the deadline: the request was not charged a budget of the quotient's
  // own run to its end (5 ms is well under the quotient's share of 4,000,000 steps).
  EXPECT_LT(limits.meter->used(), 4'000'000u);
  const auto cached = nimkit::known_misere_quotient(*rules);
  ASSERT_NE(cached, nullptr);  // a deadline keeps the exact part of the work
  EXPECT_NE(cached->stopped().find("time limit of 5 ms"), std::string::npos) << cached->stopped();
}

TEST(QuotientAnalysisStops, ACancelStopsTheQuotientPromptlyKeepingNothing) {
  const auto rules = rules_of("octal:0.4");
  ASSERT_EQ(nimkit::known_misere_quotient(*rules), nullptr);
  auto position = nimkit::parse_position("60 33 5", rules);
  ASSERT_TRUE(position.ok());
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(0);
  std::thread canceller([meter = limits.meter] {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    meter->cancel();
  });
  const auto start = std::chrono::steady_clock::now();
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kMisere, limits);
  const double took = seconds_since(start);
  canceller.join();
  ASSERT_FALSE(analysis.ok());
  EXPECT_EQ(analysis.error_kind(), ErrorKind::kCancelled) << analysis.error();
  EXPECT_LT(took, 0.01 + 1.0);
  // Cancelled, the computation returned nothing to keep (it did not run on to a budget of its
  // own and keep that).
  const auto cached = nimkit::known_misere_quotient(*rules);
  EXPECT_TRUE(cached == nullptr) << "kept heaps to " << cached->max_heap() << ": "
                                 << cached->stopped();
}

// grew_at() against the quotients of heaps ≤ n computed one by one: the heaps where the order
// went up, and only those; generators_at() holds them all and more (Dawson's Kayles adds a
// generator at heap 12 and stays at 12 elements).
TEST(QuotientGrowth, GrewAtIsWhereTheOrderOfTheHeapByHeapQuotientsGrew) {
  for (const auto& [spec, top] :
       {std::pair<std::string, std::uint64_t>{"dawson", 30}, {"kayles", 40}, {"guiles", 40}}) {
    const auto rules = rules_of(spec);
    std::vector<std::size_t> order_to{1};  // order of the quotient of heaps ≤ n
    std::vector<std::uint64_t> grew;
    for (std::uint64_t n = 1; n <= top; ++n) {
      QuotientBounds bounds;
      bounds.max_heap = n;
      auto q = nimkit::compute_misere_quotient(*rules, bounds, Limits{});
      ASSERT_TRUE(q.ok()) << spec << " " << n << ": " << q.error();
      ASSERT_TRUE(q->covers(n)) << spec << " " << n;
      order_to.push_back(q->order());
      if (order_to[n] > order_to[n - 1]) grew.push_back(n);
    }
    QuotientBounds bounds;
    bounds.max_heap = top;
    auto whole = nimkit::compute_misere_quotient(*rules, bounds, Limits{});
    ASSERT_TRUE(whole.ok()) << whole.error();
    EXPECT_EQ(whole->grew_at(), grew) << spec;
    for (std::uint64_t heap : grew) {
      EXPECT_NE(std::find(whole->generators_at().begin(), whole->generators_at().end(), heap),
                whole->generators_at().end())
          << spec << " heap " << heap;
    }
    if (spec == "dawson") {
      EXPECT_EQ(whole->generators_at(),
                (std::vector<std::uint64_t>{2, 4, 10, 12, 14, 21, 22, 24, 25, 27, 28, 30}));
      EXPECT_EQ(order_to[11], order_to[12]);  // a generator at 12, no growth
    }
  }
}

}  // namespace
