// Work limits: every computation whose cost grows with the input takes one, so that no request,
// however large, can run without bound. Exceeding a limit is an error naming the limit.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "nimkit/result.h"

namespace nimkit {

// A budget of work shared by everything one request or one command does, across every component
// and every engine: steps (options generated, positions searched, values tabulated), an optional
// wall-clock deadline, and a cancel flag (a server stopping mid-request). Thread-safe. Once
// exhausted it stays exhausted, and every computation charging it fails naming reason().
class WorkMeter {
 public:
  // max_steps 0 means no step limit; max_time zero means no deadline.
  explicit WorkMeter(std::uint64_t max_steps, std::chrono::milliseconds max_time = {});
  // A share of `parent`'s work for something optional beside the answer (a value or a length
  // reported as an extra): it stops at `max_steps` of its own, or at half the steps `parent` has
  // left when that is less, so that it never exhausts `parent`'s step budget; every step it
  // accepts is charged to `parent` too, and it stops when `parent` stops (deadline, cancel). A null
  // `parent` gives a meter of `max_steps` alone.
  static std::shared_ptr<WorkMeter> share_of(std::shared_ptr<WorkMeter> parent,
                                             std::uint64_t max_steps);

  // Adds `steps`; false once the budget, the deadline or a cancel has stopped the work. The clock
  // is read only every few thousand steps, so charging is cheap.
  bool charge(std::uint64_t steps = 1);
  bool exhausted() const { return stopped_.load(std::memory_order_relaxed) != Stop::kNone; }
  // Whether `steps` more fit in what is left of the budget, this meter's and its parent's. When
  // they do not, the work stops now (as charging them step by step would stop it later), so
  // that work sure to pass the budget fails before it starts. Charges nothing.
  bool affords(std::uint64_t steps);
  // Whether cancel() (or the cancel flag) stopped the work, rather than a budget or deadline.
  bool cancelled() const;
  // Stops this meter (and its shares), not the parent it is a share of.
  void cancel();
  // Cancels the work at the next charge once *flag is true: a process-wide flag a signal
  // handler sets (the CLI's SIGTERM). Set before the meter is shared; the flag outlives it.
  void cancel_when(const std::atomic<bool>* flag) { cancel_flag_ = flag; }
  std::uint64_t used() const { return used_.load(std::memory_order_relaxed); }
  // The step budget (0: none).
  std::uint64_t max_steps() const { return max_steps_; }
  // How reason() names the step budget, in the words of whoever set it (a front end's own
  // option, say); by default "the work limit of N steps". Set before the meter is shared.
  void name_steps(std::string name) { steps_name_ = std::move(name); }
  // What stopped the work, in words: "the work limit of 1000000 steps", "the time limit of
  // 1000 ms", "cancellation"; empty while work may go on.
  std::string reason() const;

 private:
  enum class Stop : int { kNone, kSteps, kTime, kCancel, kParent };
  void stop(Stop why);
  bool fits(std::uint64_t steps) const;
  std::uint64_t max_steps_;
  std::chrono::milliseconds max_time_;
  std::chrono::steady_clock::time_point deadline_;
  std::atomic<std::uint64_t> used_{0};
  std::atomic<std::uint64_t> next_clock_check_{0};
  std::atomic<Stop> stopped_{Stop::kNone};
  const std::atomic<bool>* cancel_flag_ = nullptr;
  std::string steps_name_;
  std::shared_ptr<WorkMeter> parent_;  // the meter this one is a share of, or null
};

// Steps a command or request may spend by default: seconds of search or enumeration (a misère
// search examines a few million moves a second).
inline constexpr std::uint64_t kDefaultWorkSteps = 10'000'000;
// The longest interval between checkpoints a front end takes, in seconds (a year): any longer is
// never, and past what a clock duration holds once converted.
inline constexpr double kMostCheckpointSeconds = 365.0 * 24 * 3600;

struct Limits {
  // Positions a game-tree search (misère play, games without Grundy values) may memoize.
  std::uint64_t max_nodes = 2'000'000;
  // Bytes the positions a search keeps may take (the memo's keys and the positions being
  // searched): a position of a thousand components, or of a large graph, costs far more than the
  // node limit assumes. A misère quotient computation keeps its candidate monoids, their tables
  // and its verification's pairs within it too (misere_quotient.h).
  std::uint64_t max_search_bytes = std::uint64_t{1} << 30;
  // Bytes of that budget a caller already keeps while the work runs (a long computation's own
  // structures beside the one being built): every check of the budget counts them, and what a
  // stop says names the whole budget.
  std::uint64_t held_search_bytes = 0;
  // Largest heap whose Grundy value may be computed by table (games with no closed form or
  // proved period).
  std::uint64_t max_table = 1'000'000;
  // Options a scan over one component's moves may visit (e.g. every split of a huge heap).
  std::uint64_t max_scan = 50'000'000;
  // Winning moves listed; the count of all of them is still reported.
  std::size_t max_listed_moves = 1000;
  // Work shared by the whole request or command (copies of these limits share it); none when
  // null.
  std::shared_ptr<WorkMeter> meter;

  // Charges `steps` to the meter, if any; false when the work must stop.
  bool charge(std::uint64_t steps = 1) const { return !meter || meter->charge(steps); }
  // Whether the meter, if any, has `steps` left (WorkMeter::affords; false stops the work).
  bool affords(std::uint64_t steps) const { return !meter || meter->affords(steps); }
  // A copy of these limits for optional work beside the answer, with a meter that is a share of
  // this one of at most `max_steps` (WorkMeter::share_of): the extra fails when its share is
  // spent, and the answer keeps the rest of the request's work.
  Limits share(std::uint64_t max_steps) const;
  // The one-line error of work the meter stopped: "work stopped: the work limit of 1000 steps
  // was reached".
  std::string stopped() const;
  // The same as an Error: of kind kCancelled when the meter was cancelled, else kLimit.
  Error stop_error() const;
};

// The limits of one knob, as front ends offer it (the CLI's --limit, the Python module's limit=):
// `limit` positions a search may memoize and heaps a table may compute, 25 options scanned and
// 512 bytes of search positions per unit (never below the defaults), and one new meter of
// 5 steps per unit (at least kDefaultWorkSteps) for everything the question needs, so that raising
// the limit always helps.
Limits scaled_limits(std::uint64_t limit);

// Blocks of this many bytes and more go back to the system as soon as they are freed, once
// return_freed_memory_promptly() is called.
inline constexpr std::size_t kPromptlyReturnedBytes = std::size_t{1} << 20;

// Has the C library's allocator give every freed block of kPromptlyReturnedBytes or more back to
// the system at once. Memory budgets (Limits::max_search_bytes, the misère quotient's among them)
// count what a computation allocates; glibc by default raises the size it hands back up to 32 MiB
// as large blocks are freed and keeps every smaller freed block, so a long computation's resident
// memory passed its budget by a sixth. Process-wide, and it costs a little where large blocks
// come and go (1–2% on the normal-play census): a front end that owns its process calls it
// before a long computation bounded by a memory budget (the CLI's misere-quotient and misère
// census); the Python module never calls it on its own, as its host owns the allocator, but offers
// it (nimkit.return_freed_memory_promptly). Nothing where the C library is not glibc.
void return_freed_memory_promptly();

}  // namespace nimkit
