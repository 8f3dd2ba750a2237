#include "nimkit/limits.h"

#include <fmt/format.h>

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace nimkit {
namespace {
constexpr std::uint64_t kClockEvery = 4096;  // steps between reads of the clock
}  // namespace

WorkMeter::WorkMeter(std::uint64_t max_steps, std::chrono::milliseconds max_time)
    : max_steps_(max_steps),
      max_time_(max_time),
      deadline_(std::chrono::steady_clock::now() + max_time) {}

std::shared_ptr<WorkMeter> WorkMeter::share_of(std::shared_ptr<WorkMeter> parent,
                                               std::uint64_t max_steps) {
  if (parent && parent->max_steps_ != 0) {
    const std::uint64_t used = parent->used();
    const std::uint64_t left = used >= parent->max_steps_ ? 0 : parent->max_steps_ - used;
    max_steps = std::min(max_steps, left / 2);
  }
  // A share of nothing is a meter that stops at its first step (0 would mean no limit).
  auto share = std::make_shared<WorkMeter>(std::max<std::uint64_t>(max_steps, 1));
  share->name_steps(fmt::format("its share of the work, {} steps,", max_steps));
  if (max_steps == 0) share->stop(Stop::kSteps);
  share->parent_ = std::move(parent);
  return share;
}

void WorkMeter::stop(Stop why) {
  Stop none = Stop::kNone;
  stopped_.compare_exchange_strong(none, why);
}

bool WorkMeter::charge(std::uint64_t steps) {
  if (cancel_flag_ != nullptr && cancel_flag_->load(std::memory_order_relaxed)) cancel();
  if (exhausted()) return false;
  if (parent_ && parent_->exhausted()) {
    stop(Stop::kParent);
    return false;
  }
  const std::uint64_t before = used_.fetch_add(steps, std::memory_order_relaxed);
  const std::uint64_t after = before + steps < before ? ~std::uint64_t{0} : before + steps;
  if (max_steps_ != 0 && after > max_steps_) {
    stop(Stop::kSteps);
    return false;
  }
  // The parent hears only of steps within this share, so the share cannot exhaust its budget.
  if (parent_ && !parent_->charge(steps)) {
    stop(Stop::kParent);
    return false;
  }
  if (max_time_.count() > 0 && after >= next_clock_check_.load(std::memory_order_relaxed)) {
    next_clock_check_.store(after + kClockEvery, std::memory_order_relaxed);
    if (std::chrono::steady_clock::now() >= deadline_) {
      stop(Stop::kTime);
      return false;
    }
  }
  return true;
}

bool WorkMeter::fits(std::uint64_t steps) const {
  if (exhausted()) return false;
  const std::uint64_t used_now = used();
  if (max_steps_ != 0 && (used_now > max_steps_ || steps > max_steps_ - used_now)) return false;
  return !parent_ || parent_->fits(steps);
}

bool WorkMeter::affords(std::uint64_t steps) {
  if (fits(steps)) return true;
  // A share stops alone: its parent's work goes on (share_of).
  if (!exhausted()) stop(parent_ && parent_->exhausted() ? Stop::kParent : Stop::kSteps);
  return false;
}

void WorkMeter::cancel() { stop(Stop::kCancel); }

bool WorkMeter::cancelled() const {
  switch (stopped_.load(std::memory_order_relaxed)) {
    case Stop::kCancel:
      return true;
    case Stop::kParent:
      return parent_->cancelled();
    default:
      return false;
  }
}

std::string WorkMeter::reason() const {
  switch (stopped_.load(std::memory_order_relaxed)) {
    case Stop::kNone:
      return "";
    case Stop::kSteps:
      if (!steps_name_.empty()) return steps_name_;
      return fmt::format("the work limit of {} steps", max_steps_);
    case Stop::kTime:
      return fmt::format("the time limit of {} ms", max_time_.count());
    case Stop::kCancel:
      return "cancellation";
    case Stop::kParent:
      return parent_->reason();
  }
  return "";
}

Limits Limits::share(std::uint64_t max_steps) const {
  Limits shared = *this;
  shared.meter = WorkMeter::share_of(meter, max_steps);
  return shared;
}

Error Limits::stop_error() const {
  const bool cancelled = meter && meter->cancelled();
  return fail(cancelled ? ErrorKind::kCancelled : ErrorKind::kLimit, stopped());
}

std::string Limits::stopped() const {
  const std::string why = meter ? meter->reason() : std::string();
  return why.empty() ? "work stopped" : fmt::format("work stopped: {} was reached", why);
}

Limits scaled_limits(std::uint64_t limit) {
  constexpr std::uint64_t kMaxU64 = ~std::uint64_t{0};
  Limits limits;
  limits.max_nodes = limit;
  limits.max_table = limit;
  limits.max_scan = std::max(limits.max_scan, limit > kMaxU64 / 25 ? kMaxU64 : limit * 25);
  limits.max_search_bytes =
      std::max(limits.max_search_bytes, limit > kMaxU64 / 512 ? kMaxU64 : limit * 512);
  limits.meter = std::make_shared<WorkMeter>(
      std::max(kDefaultWorkSteps, limit > kMaxU64 / 5 ? kMaxU64 : limit * 5));
  return limits;
}

void return_freed_memory_promptly() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(kPromptlyReturnedBytes));
#endif
}

}  // namespace nimkit
