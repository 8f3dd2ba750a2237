// The memory budget of a misère quotient computation holds: every structure it keeps (candidates,
// their tables, full or partial, the refinement, the verification's pairs) is counted before it
// is allocated, so the bytes it holds at once never pass Limits::max_search_bytes by more than
// the few small things it does not count (the rules' options, Φ, progress). The bytes are
// counted here by replacing the global operator new, which is why this file is a test program of
// its own.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <new>
#include <string>

#include "nimkit/misere_quotient.h"
#include "test_rulesets.h"

namespace {

std::atomic<std::int64_t> live_bytes{0};
std::atomic<std::int64_t> peak_bytes{0};

// Each block carries its size in front, so that delete knows what it frees whatever the
// allocator (the sanitizers' included).
constexpr std::size_t kHeader = alignof(std::max_align_t);

void* allocate(std::size_t n) {
  void* block = std::malloc(n + kHeader);
  if (block == nullptr) throw std::bad_alloc();
  *static_cast<std::size_t*>(block) = n;
  const std::int64_t now = live_bytes += static_cast<std::int64_t>(n);
  std::int64_t peak = peak_bytes.load();
  while (now > peak && !peak_bytes.compare_exchange_weak(peak, now)) {
  }
  return static_cast<char*>(block) + kHeader;
}

void release(void* p) noexcept {
  if (p == nullptr) return;
  void* block = static_cast<char*>(p) - kHeader;
  live_bytes -= static_cast<std::int64_t>(*static_cast<std::size_t*>(block));
  std::free(block);
}

}  // namespace

void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }

namespace {

using nimkit::Limits;
using nimkit::QuotientBounds;

struct Held {
  std::int64_t most = 0;  // bytes held at once beyond what was held before
  bool ok = false;
  std::string stopped;  // the error, or why the quotient returned stopped
};

Held run(const std::string& rules, QuotientBounds bounds, std::uint64_t budget) {
  const auto ruleset = nimkit_test::rules_of(rules);
  Limits limits;
  limits.max_search_bytes = budget;
  const std::int64_t before = live_bytes.load();
  peak_bytes = before;
  Held out;
  {
    auto q = nimkit::compute_misere_quotient(*ruleset, bounds, limits);
    out.most = peak_bytes.load() - before;
    out.ok = q.ok();
    out.stopped = q.ok() ? q->stopped() : q.error();
  }
  return out;
}

// What the computation holds besides its budget: its inputs (every heap's options), Φ, its rounds
// and messages. Small and independent of the budget.
constexpr std::int64_t kUncounted = 256 << 10;

// The computation within each budget (in MiB), stopped by it or not.
void expect_within(const std::string& rules, const QuotientBounds& bounds,
                   std::initializer_list<std::uint64_t> mebibytes) {
  for (std::uint64_t budget : mebibytes) {
    const Held held = run(rules, bounds, budget << 20);
    EXPECT_LE(held.most, static_cast<std::int64_t>(budget << 20) + kUncounted)
        << rules << " to heap " << bounds.max_heap << " within " << budget
        << " MiB: " << held.stopped;
  }
}

TEST(QuotientMemory, FullTablesStayWithinTheBudget) {
  QuotientBounds bounds;
  bounds.max_heap = 33;
  expect_within("dawson", bounds, {1, 4, 16, 64});
  bounds.max_heap = 43;
  expect_within("octal:0.007", bounds, {2, 8, 32});
}

TEST(QuotientMemory, PartialTablesStayWithinTheBudget) {
  QuotientBounds bounds;
  bounds.max_heap = 33;
  bounds.full_order = 256;
  expect_within("dawson", bounds, {1, 4, 16});
}

TEST(QuotientMemory, TwoThreadsStayWithinTheBudget) {
  QuotientBounds bounds;
  bounds.max_heap = 33;
  bounds.threads = 2;
  bounds.parallel_order = 64;
  expect_within("dawson", bounds, {2, 8, 32});
}

TEST(QuotientMemory, TheFrontierStaysWithinTheBudget) {
  // Past heap 33 Dawson's Kayles' candidates grow round after round until the budget stops them.
  QuotientBounds bounds;
  bounds.max_heap = 34;
  bounds.threads = 2;
  const Held held = run("dawson", bounds, 48u << 20);
  EXPECT_NE(held.stopped.find("memory budget"), std::string::npos) << held.stopped;
  EXPECT_LE(held.most, (48 << 20) + kUncounted) << held.stopped;
}

}  // namespace
