// The reduction by indistinguishability (src/misere/monoid.h) against the definition: x and y are
// told apart when some word of generators takes one into P and the other out, computed here by
// marking pairs until nothing changes.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "misere/monoid.h"
#include "nimkit/limits.h"

namespace nimkit {
namespace {

using Action = std::vector<std::vector<QuotientElement>>;

// Whether each pair is told apart: by P itself, or by a generator taking it to a pair told apart.
std::vector<std::vector<bool>> told_apart(const std::vector<bool>& p, const Action& action) {
  const std::size_t n = p.size();
  std::vector<std::vector<bool>> apart(n, std::vector<bool>(n, false));
  for (std::size_t x = 0; x < n; ++x) {
    for (std::size_t y = 0; y < n; ++y) apart[x][y] = p[x] != p[y];
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t x = 0; x < n; ++x) {
      for (std::size_t y = 0; y < n; ++y) {
        if (apart[x][y]) continue;
        for (const auto& act : action) {
          if (apart[act[x]][act[y]]) {
            apart[x][y] = true;
            changed = true;
            break;
          }
        }
      }
    }
  }
  return apart;
}

// Classes agree with the definition and are numbered by their first element.
void expect_classes(const std::vector<bool>& p, const Action& action) {
  const auto classes = detail::indistinguishable(p, action, Limits{});
  ASSERT_TRUE(classes) << classes.error();
  const auto apart = told_apart(p, action);
  const std::size_t n = p.size();
  QuotientElement next = 0;
  for (std::size_t x = 0; x < n; ++x) {
    ASSERT_LE((*classes)[x], next) << "element " << x;
    if ((*classes)[x] == next) ++next;
    for (std::size_t y = 0; y < x; ++y) {
      EXPECT_EQ((*classes)[x] == (*classes)[y], !apart[x][y]) << "elements " << y << " and " << x;
    }
  }
}

TEST(Refinement, AgreesWithPairMarkingOnRandomActions) {
  std::mt19937 random(20261130);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n = 1 + random() % 40;
    const std::size_t letters = random() % 4;
    std::vector<bool> p(n);
    // Few P elements in some trials, many in others.
    const unsigned density = 1 + random() % 4;
    for (std::size_t x = 0; x < n; ++x) p[x] = random() % 5 < density;
    Action action(letters, std::vector<QuotientElement>(n));
    // Small images in some trials, so that many elements share a class.
    const std::size_t range = 1 + random() % n;
    for (auto& act : action) {
      for (auto& y : act) y = static_cast<QuotientElement>(random() % range);
    }
    expect_classes(p, action);
  }
}

// A chain of n elements: x·g = x + 1 up to the last, the only P element. x and y differ by the
// word g^(n − 1 − x), so every element is its own class, however long the distinguishing words.
struct Chain {
  std::vector<bool> p;
  Action action;
};
Chain chain(std::size_t n) {
  Chain out{std::vector<bool>(n, false), Action(1, std::vector<QuotientElement>(n))};
  out.p[n - 1] = true;
  for (std::size_t x = 0; x < n; ++x) {
    out.action[0][x] = static_cast<QuotientElement>(std::min(x + 1, n - 1));
  }
  return out;
}

TEST(Refinement, TellsApartEveryElementOfALongChain) {
  const std::size_t n = 3000;
  const auto [p, action] = chain(n);
  const auto classes = detail::indistinguishable(p, action, Limits{});
  ASSERT_TRUE(classes);
  for (std::size_t x = 0; x < n; ++x) EXPECT_EQ((*classes)[x], x);
}

TEST(Refinement, MergesElementsNoWordTellsApart) {
  // Two cycles of period 3 walked in step, P at the same places: element x and x + 3 agree.
  std::vector<bool> p{true, false, false, true, false, false};
  Action action{{1, 2, 0, 4, 5, 3}};
  const auto classes = detail::indistinguishable(p, action, Limits{});
  ASSERT_TRUE(classes);
  EXPECT_EQ(*classes, (std::vector<QuotientElement>{0, 1, 2, 0, 1, 2}));
}

TEST(Refinement, StopsWhenTheMeterDoes) {
  const auto [p, action] = chain(1000);
  Limits limits;
  // It charges nothing: a meter with a step left keeps it.
  limits.meter = std::make_shared<WorkMeter>(1);
  ASSERT_TRUE(detail::indistinguishable(p, action, limits));
  EXPECT_EQ(limits.meter->used(), 0u);
  // A meter the steps before it stopped stops it.
  EXPECT_FALSE(limits.meter->charge(2));
  const auto stopped = detail::indistinguishable(p, action, limits);
  ASSERT_FALSE(stopped);
  EXPECT_EQ(stopped.error_kind(), ErrorKind::kLimit);
  limits.meter = std::make_shared<WorkMeter>(1'000'000'000);
  limits.meter->cancel();
  const auto cancelled = detail::indistinguishable(p, action, limits);
  ASSERT_FALSE(cancelled);
  EXPECT_EQ(cancelled.error_kind(), ErrorKind::kCancelled);
}

}  // namespace
}  // namespace nimkit
