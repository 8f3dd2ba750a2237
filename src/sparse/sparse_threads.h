// Threads for the sparse kernel (sparse_kernel.h): helper threads build split sets ahead of the
// heap being computed. Private to src/sparse/grundy_sequence.cc. (Two threads on a code with one
// split set per heap take blocks of heaps in turn instead: sparse_blocks.h.)
//
// Heap n reads every value below n, so heaps cannot be computed side by side; but most of the work
// of a split set S(m) does not need the newest values. Its rare part — the splits (r, m - r) with
// a rare heap r whose smaller part exceeds detail::kThreadedHorizon, that is
// kThreadedHorizon < r < m - kPrefix — reads only g[0 .. m - kThreadedHorizon - 1]; the rows of the
// few rare heaps kPrefix < r ≤ kThreadedHorizon, and the splits with a smaller part of at most
// kPrefix (the prefix) whose values were not known, the computing thread marks itself
// (complete_set). So while the calling thread computes heap n (those marks, the mex, searches for
// rare candidates), helpers build batches of 16 sets S(m) for m up to about n + kThreadedHorizon,
// and search them.
//
// Sharing: a set is written by one helper, then published (release store of `ready`) and only
// then completed and read by the calling thread (acquire). A helper reuses a slot only once the
// last heap that reads the set in it is done (published in `heaps_done`), and reads the table and
// the rare lists only below `heaps_done` / `rare_published`; both were reserved beforehand, so
// they do not move while helpers run. Anything that would move them or change what a set must
// hold — a mask choice, a larger value range, a full rare list, a wider table — ends the stretch:
// the helpers are joined, the change is made, and a new stretch starts with empty sets.
//
// The values are those of one thread: every set still holds only real split values and covers
// every common one, so each mex is exact; the mask is chosen at the same heaps as before.
//
// Stepping down: threads pay only while they run. When other processes hold the cores, a helper
// that the system has put aside either holds a set the calling thread then waits for (a whole
// time slice), or leaves its work to the calling thread, which then does a thread's work with the
// costs of threads (Officers to 2^22: 2.84 s on one thread, 3.2 to 8.7 s of wall time on two
// sharing the machine with compilers or a busy loop). The calling thread measures both in windows
// of kStallWindow heaps — the time it gave its core away while waiting, and the sets' work it did
// itself — and past threads_stall_percent the stretch ends and the next heaps run on half the
// threads for a while (step_down), then on all of them again.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>  // _mm_pause
#endif

#include "sparse_kernel.h"

namespace nimkit {
namespace detail {

// Stretches shorter than this run on one thread (starting helpers costs more than they save).
constexpr std::uint64_t kMinStretch = 4096;

// Stepping down (SequenceOptions::threads_stall_percent): the window in which the calling
// thread's waiting is measured, and how long a step down lasts (the first time, and at most).
constexpr std::uint64_t kStallWindow = 16384;
constexpr std::uint64_t kFirstStepDown = std::uint64_t{1} << 16;
constexpr std::uint64_t kLongestStepDown = std::uint64_t{1} << 20;
// Calm windows in a row after which a step down lasts kFirstStepDown again.
constexpr unsigned kCalmWindows = 8;

// A helper builds the next batch before finishing sets when its first set is due within this many
// heaps (Officers to 2^22 on two threads, quiet machine: see docs/performance.md).
constexpr std::uint64_t kUrgentBuilds = 64;

// Spins of wait_a_little before the waiting thread gives its core away.
constexpr unsigned kSpins = 64;

// Waits politely: the machine may have fewer free cores than threads, so after a short spin the
// waiting thread gives its core away, and a helper (`may_sleep`) then sleeps: meanwhile the
// computing thread builds the sets itself.
inline void wait_a_little(unsigned& spins, bool may_sleep = false) {
  ++spins;
  if (spins < kSpins) {
#if defined(__SSE2__)
    _mm_pause();
#endif
  } else if (spins < 128 || !may_sleep) {
    std::this_thread::yield();
  } else {
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
}

}  // namespace detail

struct GrundySequence::State::Pipeline {
  std::atomic<std::uint64_t> heaps_done{0};
  std::atomic<std::size_t> rare_published{0};
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> next_set{0};     // the next batch no thread has claimed
  std::atomic<std::uint64_t> next_finish{0};  // the next set no thread has claimed to finish
  // The helpers' share (ThreadWork), added by each helper as it returns.
  std::atomic<std::uint64_t> helper_batches{0};
  std::atomic<std::uint64_t> helper_finishes{0};
  std::atomic<std::int64_t> helper_ns{0};
  std::atomic<std::int64_t> helper_idle_ns{0};
  std::uint64_t last_set = 0;  // sets below this are built ahead
  // Block stretches (sparse_blocks.h): the blocks computed, on a line of its own (the other
  // thread reads it while this one computes).
  alignas(64) std::atomic<std::uint64_t> blocks_done{0};
  // ready[slot] == m + 1 once the rows of S(m) are built in slot; finished[slot] == m + 1 once it
  // is finished (finish_set).
  detail::LineVector<std::atomic<std::uint64_t>> ready;
  detail::LineVector<std::atomic<std::uint64_t>> finished;
  std::vector<std::thread> helpers;

  explicit Pipeline(std::size_t slots) : ready(slots), finished(slots) {
    for (std::size_t i = 0; i < slots; ++i) {
      ready[i].store(0);
      finished[i].store(0);
    }
  }
  ~Pipeline() {
    stop.store(true, std::memory_order_relaxed);
    for (std::thread& t : helpers) t.join();
  }
};

// The rows of the sets m0 .. m0 + kBatch - 1 (build_batch, with the rare heaps published so far;
// the prefix splits whose values are known), on any thread, up to kThreadedHorizon heaps ahead.
template <typename V>
void GrundySequence::State::build_ahead(const V* g, std::uint64_t m0) {
  build_threaded_batch(g, m0, pipeline->heaps_done.load(std::memory_order_acquire),
                       pipeline->rare_published.load(std::memory_order_acquire));
  const std::size_t slot0 = m0 & (split_slots - 1);
  for (std::size_t j = 0; j < detail::kBatch; ++j) {
    pipeline->ready[slot0 + j].store(m0 + j + 1, std::memory_order_release);
  }
}

// build_batch in a stretch with threads, with the values below `known` and the first `published`
// rare heaps: what each set still lacks is recorded beside it (the prefix splits left, the rows
// left out of the registers, the rare heaps it has rows of).
template <typename V>
void GrundySequence::State::build_threaded_batch(const V* g, std::uint64_t m0, std::uint64_t known,
                                                 std::size_t published) {
  const std::uint32_t exact = build_batch(g, m0, published, known);
  const std::size_t slot0 = m0 & (split_slots - 1);
  for (std::size_t j = 0; j < detail::kBatch; ++j) {
    prefix_left[slot0 + j] = prefix_unmarked(m0, known, j);
    set_exact[slot0 + j] = exact;
    set_rare_end[slot0 + j] = published;
  }
}

// Finishes S(m), on any thread, once the values below m - kPrefix are known (the rows it was built
// with were built up to kThreadedHorizon heaps earlier): the rows of the rare heaps up to the
// horizon and of those found since, the prefix splits whose values are now known, and, when a
// heap needs one set only, a search over the splits a > kPrefix for every rare value below the
// smallest common value the set lacks (the values the mex search of the heap will ask about
// first): the search runs over every split, so a value it does not find is known to be absent
// (set_resolved). The computing thread is left with the prefix splits of the newest values.
// `known`: the values below it are there; `published`: the rare heaps listed so far.
template <typename V>
void GrundySequence::State::finish_set(const V* g, std::uint64_t m, std::size_t slot,
                                       std::uint64_t known, std::size_t published) {
  mark_deferred_rows(g, m, slot);
  mark_late_rows(g, m, slot, published);
  mark_prefix(g, m, slot, m >= known ? m - known : 0);
  // With several sets, a value absent from one is usually found in another: searching each set
  // on its own would scan far more than the heap's own search (all sets in step), so only the
  // marks are made ahead.
  set_hint[slot].count = StopHint::kNoHint;
  set_resolved[slot] =
      game.grundys_game || split_two.size() == 1 ? resolve(g, m, slot, published) : 0;
  pipeline->finished[slot].store(m + 1, std::memory_order_release);
}

// The search of build_ahead for the set S(m) at `mark`: marks the rare values below the first
// common value the set lacks that have a split a > kPrefix, and returns a bound below which the
// rare values the set lacks are known to have none (set_resolved).
template <typename V>
std::uint32_t GrundySequence::State::resolve(const V* g, std::uint64_t m, std::size_t slot,
                                             std::size_t rare_end) {
  if constexpr (sizeof(V) <= 2) {
    if (below_wanted_limit()) return resolve_wanted(g, m, slot, rare_end);
  }
  std::uint8_t* mark = set_data(slot);
  const std::uint64_t end = half(m) + 1;
  std::uint32_t v = 0;
  for (; v + 1 < seen.size(); ++v) {
    if (mark[v] != 0) continue;
    if (detail::common(v, mask)) break;
    if (prefix + 1 < end && detail::find_pair(g, m, prefix + 1, end, v) < end) {
      mark[v] = 1;
    }
  }
  return v;
}

// build_ahead's search on bitmaps (below_wanted_limit()): the rare values below the first common
// value the set lacks (found from bitmaps of the missing values, 16 at a time; the set completed
// first when that value reaches its marks in registers), all at once with the vector search, else
// one at a time; those found are marked.
template <typename V>
std::uint32_t GrundySequence::State::resolve_wanted(const V* g, std::uint64_t m, std::size_t slot,
                                                    std::size_t rare_end) {
  std::uint8_t* mark = set_data(slot);
  std::uint64_t missing[detail::kWantedLimit / 64];
  std::size_t words = 0;
  const std::uint8_t* const sets[] = {mark};
  std::uint32_t first_common = wanted_until_stop(sets, 1, nullptr, 0, 0, nullptr, missing, words);
  if (complete_for(g, first_common, &m, 1, rare_end)) {
    first_common = wanted_until_stop(sets, 1, nullptr, 0, 0, nullptr, missing, words);
  }
  detail::WantedValues wanted;
  wanted.assign(missing, words);
  std::uint32_t bound = detail::kWantedLimit;
  if (wanted.count != 0) {
    bound = search_wanted(g, m, wanted, vector);
    // The values found, marked (a masked store per 64 values with the vector search: a store per
    // value, some 50 per set on Officers, took a tenth of the threads' extra work).
    for (std::size_t i = 0; i < words; ++i) missing[i] &= ~wanted.word64(i);
    detail::mark_bits(mark, missing, words, vector);
  }
  if (hold_prefix && bound == detail::kWantedLimit && first_common < detail::kWantedLimit &&
      wanted.count <= StopHint::kMaxAbsent) {
    StopHint& hint = set_hint[slot];
    hint.stop = static_cast<std::uint16_t>(index_of(first_common));
    hint.count = 0;
    for (detail::WantedValues left = wanted; left.count != 0; left.remove(left.smallest())) {
      hint.absent[hint.count++] = static_cast<std::uint16_t>(left.smallest());
    }
  }
  // The one at a time search stops at an entry with no split (bound - 1); by value.
  return bound == detail::kWantedLimit ? first_common
                                       : std::min(first_common, entry_value(bound - 1) + 1);
}

// Builds the next unclaimed batch if its first set is at most `limit`: the batch reads values
// and rare heaps up to m0 + kBatch - 1 - (horizon + 1), known once
// limit = heaps_done + horizon + 1 - kBatch ≥ m0; its slots are free then, as split_slots >
// max_split() + horizon.
template <typename V>
bool GrundySequence::State::try_build(const V* g, std::uint64_t limit) {
  std::uint64_t m0 = pipeline->next_set.load(std::memory_order_relaxed);
  if (m0 > limit || m0 >= pipeline->last_set) return false;
  if (!pipeline->next_set.compare_exchange_strong(m0, m0 + detail::kBatch,
                                                  std::memory_order_relaxed))
    return false;
  build_ahead(g, m0);
  return true;
}

std::uint64_t GrundySequence::State::build_limit() const {
  return pipeline->heaps_done.load(std::memory_order_acquire) + horizon + 1 - detail::kBatch;
}

// Finishes the next unclaimed set if it may be now: its rows are built and the values below
// m - kPrefix are known.
template <typename V>
bool GrundySequence::State::try_finish(const V* g) {
  std::uint64_t m = pipeline->next_finish.load(std::memory_order_relaxed);
  if (m >= pipeline->last_set) return false;
  if (m > pipeline->heaps_done.load(std::memory_order_acquire) + prefix) return false;
  const std::size_t slot = m & (split_slots - 1);
  if (pipeline->ready[slot].load(std::memory_order_acquire) != m + 1) return false;
  if (!pipeline->next_finish.compare_exchange_strong(m, m + 1, std::memory_order_relaxed)) {
    return false;
  }
  finish_set(g, m, slot, pipeline->heaps_done.load(std::memory_order_acquire),
             pipeline->rare_published.load(std::memory_order_acquire));
  return true;
}

// A helper thread: finishes sets (the computing thread needs those first) and builds batches
// whenever it may. It claims a job only when it can do it at once, so that a helper the system
// puts to sleep holds no set the heap is waiting for. Its jobs and its idle time are counted
// (ThreadWork); the clock is read only when it starts or stops finding jobs, not per job.
template <typename V>
void GrundySequence::State::helper(const V* g) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  Clock::time_point idle_since{};
  Clock::duration idle{};
  std::uint64_t batches = 0;
  std::uint64_t finishes = 0;
  unsigned spins = 0;
  while (!pipeline->stop.load(std::memory_order_relaxed)) {
    // Batches due within kUrgentBuilds heaps first: else the computing thread, finding a set
    // unbuilt, builds its batch itself (a batch is several finishes' work) while the helper
    // finishes sets ahead of it.
    const bool urgent =
        pipeline->next_set.load(std::memory_order_relaxed) <
        pipeline->heaps_done.load(std::memory_order_relaxed) + detail::kUrgentBuilds;
    const bool built_first = urgent && try_build(g, build_limit());
    const bool finished = !built_first && try_finish(g);
    const bool built = built_first || (!finished && try_build(g, build_limit()));
    if (finished || built) {
      finishes += finished ? 1 : 0;
      batches += built ? 1 : 0;
      if (spins != 0) idle += Clock::now() - idle_since;
      spins = 0;
    } else if (pipeline->next_set.load(std::memory_order_relaxed) >= pipeline->last_set &&
               pipeline->next_finish.load(std::memory_order_relaxed) >= pipeline->last_set) {
      break;
    } else {
      if (spins == 0) idle_since = Clock::now();
      detail::wait_a_little(spins, true);
    }
  }
  const Clock::time_point end = Clock::now();
  if (spins != 0) idle += end - idle_since;
  pipeline->helper_batches.fetch_add(batches, std::memory_order_relaxed);
  pipeline->helper_finishes.fetch_add(finishes, std::memory_order_relaxed);
  pipeline->helper_ns.fetch_add(
      std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count(),
      std::memory_order_relaxed);
  pipeline->helper_idle_ns.fetch_add(
      std::chrono::duration_cast<std::chrono::nanoseconds>(idle).count(),
      std::memory_order_relaxed);
}

// find_split over the sets not known to lack v.
template <typename V>
std::size_t GrundySequence::State::find_unresolved(const V* g, const std::uint64_t* ms,
                                                   const std::uint32_t* resolved, std::size_t count,
                                                   std::uint32_t v) const {
  std::uint64_t open[detail::kMaxSplitLengths];
  std::size_t index[detail::kMaxSplitLengths];
  std::size_t open_count = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (v < resolved[i]) continue;
    open[open_count] = ms[i];
    index[open_count++] = i;
  }
  if (open_count == 0) return count;
  const std::size_t found = find_split(g, open, open_count, v);
  return found == open_count ? count : index[found];
}

// Waits for S(m) to be finished — doing other jobs meanwhile, so that no thread idles — and adds
// the prefix splits a = 1..kPrefix it still lacks (and the rows of rare heaps found since it was
// finished, which none are: they split m with a smaller part in the prefix). Once the rows of S(m)
// are built it takes only sets to finish (a batch takes several times longer, and S(m), finished
// elsewhere meanwhile, would wait for it).
// The time it gives its core away while waiting counts as stalled, and the jobs it does as its own
// work (run_stretch steps down when either is much).
template <typename V>
void GrundySequence::State::complete_set(const V* g, std::uint64_t m, std::size_t slot) {
  unsigned spins = 0;
  while (pipeline->finished[slot].load(std::memory_order_acquire) != m + 1) {
    const bool built = pipeline->ready[slot].load(std::memory_order_acquire) == m + 1;
    if (try_finish(g)) {
      ++own_work;
      ++work.finishes_by_caller;
      continue;
    }
    if (!built && try_build(g, build_limit())) {
      own_work += detail::kBatch;
      ++work.batches_by_caller;
      continue;
    }
    if (spins + 1 < detail::kSpins) {
      detail::wait_a_little(spins);
    } else {
      const auto start = std::chrono::steady_clock::now();
      detail::wait_a_little(spins);
      const auto waited = std::chrono::steady_clock::now() - start;
      stalled += waited;
      work.caller_waited += std::chrono::duration_cast<std::chrono::nanoseconds>(waited);
    }
  }
  set_heap[slot] = m;
  mark_late_rows(g, m, slot, rare_heaps.size());
  if (prefix > detail::kPrefix) {
    if (!hold_prefix) mark_long_prefix(g, m, slot);  // else held aside by sparse_value
  } else {
    mark_prefix(g, m, slot);
  }
}

// Heaps up to `end` with helpers, in stretches of one mask; short stretches (and the heap at which
// the mask is chosen) go to run_serial, so the mask is chosen exactly where one thread chooses it.
// After a step down (run_stretch) the stretches up to step_up_at run on fewer threads.
template <typename V>
bool GrundySequence::State::run_parallel(detail::ValueTable<V>& table, std::uint64_t end) {
  while (table.size() < end) {
    const std::uint64_t n = table.size();
    std::uint64_t limit = next_choice > n ? std::min(end, next_choice) : n;
    if (n >= step_up_at) {
      active_threads = threads;
    } else {
      limit = std::min(limit, step_up_at);
    }
    if (limit - n < detail::kMinStretch || active_threads == 1 ||
        (keep_rare_list && rare_heaps.size() < min_rare_for_threads())) {
      if (!run_serial(table, std::max(limit, n + 1))) return false;
      continue;
    }
    if (!blocks_fit(n, limit)) {
      if (!run_stretch(table, limit)) return false;
      continue;
    }
    // A block stretch that ends early leaves the heap it ended before to one thread (that heap
    // chooses nothing: stretches end before the next mask choice).
    if (const std::uint64_t stop_at = block_stretch(table, limit);
        stop_at != detail::kNoHeap && !run_serial(table, stop_at + 1)) {
      return false;
    }
  }
  return true;
}

// One stretch: heaps from table.size() up to `end` under the current mask, or fewer when a value
// changes what the helpers rely on (the stretch ends after it), or at the end of a window in
// which the threads stalled (stepping down: half the threads until step_up_at). Returns false
// when a value does not fit V (pending, as run_serial).
template <typename V>
bool GrundySequence::State::run_stretch(detail::ValueTable<V>& table, std::uint64_t end) {
  const std::uint64_t n0 = table.size();
  reserve_rare_room();
  // Every set is built anew in the stretch, with the longer prefix and every slot (restored by
  // Finish).
  clear_split_sets();
  horizon = detail::kThreadedHorizon;
  split_slots = threaded_slots;
  deferred_end = kUnknownRows;
  if (n0 > horizon) {
    const std::uint64_t* heaps = rare_heaps.data();
    const std::size_t count = rare_heaps.size();
    deferred_first =
        static_cast<std::size_t>(std::upper_bound(heaps, heaps + count, prefix) - heaps);
    deferred_end =
        static_cast<std::size_t>(std::upper_bound(heaps, heaps + count, horizon) - heaps);
  }
  Pipeline pipe(split_slots);
  pipe.heaps_done.store(n0);
  pipe.rare_published.store(rare_heaps.size());
  pipeline = &pipe;
  pipeline_first = (n0 - min_split() + detail::kBatch) / detail::kBatch * detail::kBatch;
  pipe.next_set.store(pipeline_first);
  pipe.next_finish.store(pipeline_first);
  pipe.last_set = end - min_split();
  set_resolved.assign(split_slots, 0);
  set_rare_end.assign(split_slots, 0);
  const V* g = table.data();  // reserved to `end` by extend_to: does not move
  for (unsigned i = 1; i < active_threads; ++i) pipe.helpers.emplace_back([this, g] { helper(g); });
  // Joins the helpers before the sets are cleared, also when note() throws.
  struct Finish {
    State& state;
    Pipeline& pipe;
    const detail::ValueTable<V>& table;
    std::uint64_t n0;
    ~Finish() {
      pipe.stop.store(true, std::memory_order_relaxed);
      for (std::thread& t : pipe.helpers) t.join();
      pipe.helpers.clear();
      ThreadWork& totals = state.work;
      totals.heaps += table.size() - n0;
      totals.batches_by_helpers += pipe.helper_batches.load(std::memory_order_relaxed);
      totals.finishes_by_helpers += pipe.helper_finishes.load(std::memory_order_relaxed);
      totals.helper_time +=
          std::chrono::nanoseconds(pipe.helper_ns.load(std::memory_order_relaxed));
      totals.helper_idle +=
          std::chrono::nanoseconds(pipe.helper_idle_ns.load(std::memory_order_relaxed));
      state.leave_threads();
    }
  };
  bool fits = true;
  const Finish finish{*this, pipe, table, n0};
  std::uint64_t window_end = n0 + detail::kStallWindow;
  auto window_start = std::chrono::steady_clock::now();
  stalled = {};
  own_work = 0;
  for (std::uint64_t n = n0; n < end; ++n) {
    const std::uint32_t value = sparse_value<true>(g, n);
    if (value > storage_limit()) {
      pending = value;
      fits = false;
      break;
    }
    const bool changes = ends_stretch(n, value);
    if (changes) {
      pipe.stop.store(true, std::memory_order_relaxed);
      for (std::thread& t : pipe.helpers) t.join();
      pipe.helpers.clear();
    }
    table.push_back(static_cast<V>(entry(value)));
    note(n, value);
    if (changes) break;
    pipe.rare_published.store(rare_heaps.size(), std::memory_order_release);
    pipe.heaps_done.store(n + 1, std::memory_order_release);
    if (n + 1 == window_end && stall_percent < 100) {
      const auto now = std::chrono::steady_clock::now();
      // Stalled: the time given away past stall_percent, or the sets' work (each set of the
      // window is built, a unit, and finished, another) done here past 100 - stall_percent.
      if (stalled * 100 >= (now - window_start) * stall_percent ||
          own_work * 100 >= 2 * detail::kStallWindow * (100 - stall_percent)) {
        step_down(n + 1);
        break;
      }
      if (++calm_windows >= detail::kCalmWindows) step_down_heaps = detail::kFirstStepDown;
      window_end += detail::kStallWindow;
      window_start = now;
      stalled = {};
      own_work = 0;
    }
  }
  return fits;
}

// Back to one thread's sets after a stretch with helpers (run_stretch) or in blocks
// (block_stretch): every set forgotten, the serial prefix, horizon and slots.
inline void GrundySequence::State::leave_threads() {
  pipeline = nullptr;
  clear_split_sets();
  prefix = detail::kPrefix;
  horizon = prefix;
  hold_prefix = false;
  split_slots = serial_slots;
  deferred_end = kUnknownRows;
}

// Whether recording `value` for heap n changes what threads rely on: a larger value range (the
// sets are laid out anew) or a rare heap that full lists or bits cannot take without moving.
inline bool GrundySequence::State::ends_stretch(std::uint64_t n, std::uint32_t value) const {
  const bool rare = n >= 1 && !detail::common(value, mask);
  return (value > max_value && seen_need(value) > seen.size()) ||
         (rare && keep_rare_list &&
          (rare_heaps.size() == rare_heaps.capacity() ||
           rare_values.size() == rare_values.capacity() || !rare_bits.fits(n + 1)));
}

// Room in the rare lists before a stretch with helpers, which must not move them (a full list
// ends the stretch).
inline void GrundySequence::State::reserve_rare_room() {
  if (!keep_rare_list) return;
  const std::size_t room = rare_heaps.size() + std::max<std::size_t>(1024, rare_heaps.size());
  rare_heaps.reserve(room);
  rare_values.reserve(room);
  // Room for rare heaps up to twice the last (and a little more), so that the bits move seldom.
  rare_bits.reserve(2 * rare_bits.limit() + 65536);
}

// Half the threads (one: no helpers) from heap n for step_down_heaps heaps; the next step down
// lasts twice as long, unless kCalmWindows windows pass without one first.
inline void GrundySequence::State::step_down(std::uint64_t n) {
  active_threads = std::max(active_threads / 2, 1u);
  ++work.step_downs;
  const std::uint64_t heaps = std::max(step_down_heaps, detail::kFirstStepDown);
  step_up_at = n + heaps;
  step_down_heaps = std::min(2 * heaps, detail::kLongestStepDown);
  calm_windows = 0;
}

}  // namespace nimkit
