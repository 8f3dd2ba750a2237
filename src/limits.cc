#include "nimkit/limits.h"

#include <fmt/format.h>

#include <algorithm>

namespace nimkit {
namespace {
constexpr std::uint64_t kClockEvery = 4096;  // steps between reads of the clock
}  // namespace

WorkMeter::WorkMeter(std::uint64_t max_steps, std::chrono::milliseconds max_time)
    : max_steps_(max_steps),
      max_time_(max_time),
      deadline_(std::chrono::steady_clock::now() + max_time) {}

bool WorkMeter::charge(std::uint64_t steps) {
  if (cancel_flag_ != nullptr && cancel_flag_->load(std::memory_order_relaxed)) cancel();
  if (exhausted()) return false;
  const std::uint64_t before = used_.fetch_add(steps, std::memory_order_relaxed);
  const std::uint64_t after = before + steps < before ? ~std::uint64_t{0} : before + steps;
  if (max_steps_ != 0 && after > max_steps_) {
    Stop none = Stop::kNone;
    stopped_.compare_exchange_strong(none, Stop::kSteps);
    return false;
  }
  if (max_time_.count() > 0 && after >= next_clock_check_.load(std::memory_order_relaxed)) {
    next_clock_check_.store(after + kClockEvery, std::memory_order_relaxed);
    if (std::chrono::steady_clock::now() >= deadline_) {
      Stop none = Stop::kNone;
      stopped_.compare_exchange_strong(none, Stop::kTime);
      return false;
    }
  }
  return true;
}

void WorkMeter::cancel() {
  Stop none = Stop::kNone;
  stopped_.compare_exchange_strong(none, Stop::kCancel);
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
  }
  return "";
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

}  // namespace nimkit
