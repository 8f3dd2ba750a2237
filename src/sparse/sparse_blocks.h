// Two threads in blocks (sparse_kernel.h): each thread computes every other block of kBlock
// heaps, and builds and finishes the split sets of its own blocks itself. Private to
// src/sparse/grundy_sequence.cc.
//
// The pipeline of sparse_threads.h hands every heap's set between cores: a helper builds or
// finishes it, the computing thread completes it, and the finishing reads the newest values while
// the computing thread writes them. On the machine of docs/performance.md a value handed to the
// other core costs about 100 ns, a seventh of a heap of Officers, so that pipeline gave 1.25×.
// Here what crosses cores is a block's values, once, and the turn to compute:
//
// - A thread that has computed its block b - 2 knows the values below the sets of block b - 1.
//   With kBlockPrefix = 2 · kBlock, every split (a, m - a) of a set m of block b with a part it
//   does not know yet (a part in block b - 1 or b) has its smaller part a ≤ kBlockPrefix: one of
//   the prefix splits. So it builds the batches of block b and finishes its sets (the rows, the
//   prefix splits it knows, the search for rare values) while the other thread computes block
//   b - 1, reading only values of its own blocks and older ones.
// - Then it waits for block b - 1 (blocks_done), and computes the heaps of block b in order:
//   the prefix splits left, the mex, recording each value (note): the computing moves from one
//   thread to the other once a block, and the recording stays in heap order.
//
// Each thread then does half the work and reads the other's values once a block. The sets live
// from the building of block b to its last heap, while the other thread builds block b + 1:
// 4 · kBlock slots (a block's slots are reused four blocks later, by the thread that computed it).
// A change that the sets or the lists rely on (a mask choice, a larger value, full rare lists) or a
// value the table's form cannot hold ends the stretch before that heap, which the calling thread
// then computes alone (run_serial), as does the step down of sparse_threads.h.
//
// What one thread does not do, kept small (Officers to 2^22: two threads took 1.26 times one
// thread's CPU time, now 1.05):
// - The prefix splits left when a heap is computed, about 96, are not stored in its set: on a
//   byte table with the vector search they are held aside in registers' worth of bytes
//   (detail::HeldSplits, 64 a step), and only the few missing values the mex asks about are looked
//   up among them (hold_prefix; a store a split took a tenth of the two threads' time).
// - Finishing a set finds its first missing common value and searches the rare ones below it; the
//   heap's mex then starts from that (StopHint: the rare values no split beyond the prefix has,
//   and the stop), which the held splits and the simple moves rarely fill, instead of finding the
//   stop in the set again.
// - Nothing that one thread writes as it goes shares a cache line with what the other reads: the
//   table's size (its own line in State), the per-slot arrays (each a cache line's multiple, a
//   block's slots whole lines of them), a block's values (blocks start a line of the table).
//   Shared lines had cost two threads a twentieth of their time.
#pragma once

#include <exception>
#include <utility>

#include "sparse_threads.h"

namespace nimkit {
namespace detail {

// Sets a block of the block stretches: a multiple of kBatch, and a cache line of one-byte values.
constexpr std::uint64_t kBlock = 64;
// Their prefix: every split with a part not yet known when the block's sets are finished.
constexpr std::uint64_t kBlockPrefix = 2 * kBlock;
static_assert(kBlock % kBatch == 0 && kBlockPrefix < 256 && kBlockPrefix <= kThreadedHorizon);

}  // namespace detail

// Whether the heaps from n up to `limit` run as block stretches: two threads, one split set per
// heap, and the prefix splits inside every set.
inline bool GrundySequence::State::blocks_fit(std::uint64_t n, std::uint64_t limit) const {
  return active_threads == 2 && (game.grundys_game || split_two.size() == 1) &&
         n >= 8 * detail::kBlockPrefix && limit - n >= detail::kMinStretch &&
         threaded_slots >= 4 * detail::kBlock;
}

// The batches of the sets s0 .. s0 + kBlock - 1 (those below last_set) and their finishing, with
// the values below `known` and the first `published` rare heaps. Returns the number of sets.
template <typename V>
std::uint64_t GrundySequence::State::prepare_block(const V* g, std::uint64_t s0,
                                                   std::uint64_t known, std::size_t published) {
  const std::uint64_t last = std::min(s0 + detail::kBlock, pipeline->last_set);
  for (std::uint64_t m0 = s0; m0 < last; m0 += detail::kBatch) {
    build_threaded_batch(g, m0, known, published);
  }
  for (std::uint64_t m = s0; m < last; ++m)
    finish_set(g, m, m & (split_slots - 1), known, published);
  return last > s0 ? last - s0 : 0;
}

// Asks for the lines of the set in `slot`, for writing.
inline void GrundySequence::State::prefetch_set(std::size_t slot) {
  const std::uint8_t* data = set_data(slot);
  for (std::size_t at = 0; at < set_stride; at += 64) __builtin_prefetch(data + at, 1, 3);
}

// Computes heap n of a block stretch, on whichever thread's turn it is: false, and nothing
// recorded, when the stretch must end before it (blocks above). The value is counted in that
// thread's `frequency_here` (below seen.size()), not in `frequency`, whose lines would otherwise
// move between the cores every block.
template <typename V>
bool GrundySequence::State::block_heap(detail::ValueTable<V>& table, std::uint64_t n,
                                       std::uint64_t* frequency_here) {
  const std::uint32_t value = sparse_value<true>(table.data(), n);
  if (value > storage_limit()) return false;
  if (ends_stretch(n, value)) return false;
  table.push_back(static_cast<V>(entry(value)));
  ++frequency_here[value];
  note_uncounted(n, value);
  return true;
}

// Thread `turn` (0: the calling thread) of a block stretch from heap n0 to `end`: blocks turn,
// turn + 2, ... Returns its sets and the time it waited for the other thread's blocks (counted
// here and returned, so that neither thread writes a line the other reads).
template <typename V>
GrundySequence::State::BlockWork GrundySequence::State::block_thread(detail::ValueTable<V>& table,
                                                                     unsigned turn,
                                                                     std::uint64_t n0,
                                                                     std::uint64_t end) {
  using Clock = std::chrono::steady_clock;
  Pipeline& pipe = *pipeline;
  const V* g = table.data();  // reserved to `end`: does not move
  const std::uint64_t k = min_split();
  BlockWork done;
  done.frequency.assign(seen.size(), 0);
  Clock::duration waited{};      // stalled, in the current window
  Clock::duration longest[2]{};  // the two longest waits of the window
  Clock::duration total_waited{};
  auto window_start = Clock::now();
  std::uint64_t window_end = n0 + detail::kStallWindow;
  for (std::uint64_t b = turn;; b += 2) {
    const std::uint64_t s0 = pipeline_first + b * detail::kBlock;
    if (s0 >= pipe.last_set || pipe.stop.load(std::memory_order_relaxed)) break;
    // The values below the sets of block b - 1: this thread's block b - 2, or the stretch's start.
    const std::uint64_t known = std::max(pipeline_first + k, s0 + k - detail::kBlock);
    const std::uint64_t sets =
        prepare_block(g, s0, known, pipe.rare_published.load(std::memory_order_acquire));
    done.sets += sets;
    done.batches += (sets + detail::kBatch - 1) / detail::kBatch;
    // The other thread's block, waited for: spinning, then yielding (after kSpins spins); the
    // yielding counts as stalled, as in complete_set.
    unsigned spins = 0;
    Clock::time_point since{};
    while (pipe.blocks_done.load(std::memory_order_acquire) != b &&
           !pipe.stop.load(std::memory_order_relaxed)) {
      if (spins + 1 == detail::kSpins) since = Clock::now();
      detail::wait_a_little(spins);
    }
    if (spins >= detail::kSpins) {
      const Clock::duration wait = Clock::now() - since;
      total_waited += wait;
      waited += wait;
      if (wait > longest[1]) longest[1] = wait;
      if (longest[1] > longest[0]) std::swap(longest[0], longest[1]);
    }
    if (pipe.stop.load(std::memory_order_acquire)) break;
    const std::uint64_t first = std::max(s0 + k, n0);
    const std::uint64_t last = std::min(s0 + k + detail::kBlock, end);
    std::uint64_t n = first;
    for (; n < last; ++n) {
      // The next heap's set, back into the first-level cache while this heap is computed (built a
      // block earlier, it has usually left it; its prefix marks are stores).
      if (n + 1 < last) prefetch_set((n + 1 - k) & (split_slots - 1));
      if (!block_heap(table, n, done.frequency.data())) break;
    }
    if (n < last) {
      pipe.stop.store(true, std::memory_order_release);
      break;
    }
    pipe.rare_published.store(rare_heaps.size(), std::memory_order_release);
    pipe.heaps_done.store(last, std::memory_order_release);
    // Stepping down (sparse_threads.h), measured by the calling thread: the stretch ends before
    // the other thread may start its next block. The two longest waits of a window do not count:
    // a hiccup of the other thread (a millisecond or two, a few times in a run of Officers to
    // 2^24 on a quiet machine, now and then twice in a window of 10 ms) is not a machine too busy
    // for two threads, and a thread cannot take over the other's block as the pipeline's computing
    // thread takes over sets.
    if (turn == 0 && last >= window_end && stall_percent < 100) {
      const Clock::time_point now = Clock::now();
      if ((waited - longest[0] - longest[1]) * 100 >= (now - window_start) * stall_percent) {
        step_down(last);
        pipe.stop.store(true, std::memory_order_release);
      }
      window_start = now;
      window_end = last + detail::kStallWindow;
      waited = {};
      longest[0] = longest[1] = {};
    }
    pipe.blocks_done.store(b + 1, std::memory_order_release);
  }
  done.waited = std::chrono::duration_cast<std::chrono::nanoseconds>(total_waited);
  return done;
}

// One block stretch: heaps from table.size() up to `end` (see the top of this file). Returns the
// heap it ended before when it ended early for a change or a value the table cannot hold, else
// detail::kNoHeap.
template <typename V>
std::uint64_t GrundySequence::State::block_stretch(detail::ValueTable<V>& table,
                                                   std::uint64_t end) {
  const std::uint64_t n0 = table.size();
  const std::uint64_t k = min_split();
  reserve_rare_room();
  clear_split_sets();
  prefix = detail::kBlockPrefix;
  horizon = detail::kThreadedHorizon;
  hold_prefix = sizeof(V) == 1 && vector && detail::vector_byte_search_supported() &&
                remove_whole.size() + remove_one.size() <= detail::kMaxSimpleMoves;
  split_slots = threaded_slots;
  // No rare heap lies between the prefix and the horizon: no rows are deferred.
  deferred_first = 0;
  deferred_end = 0;
  Pipeline pipe(split_slots);
  pipeline = &pipe;
  struct Restore {
    State& state;
    ~Restore() { state.leave_threads(); }
  } const restore{*this};
  // Blocks start at a whole batch, and where the table's cache lines start (a block's values are
  // then in lines of their own but for k of them, written by one core and read by the other once,
  // when it computes the next block): at most kBlock - 1 sets before the stretch's first set, the
  // first block's heaps before n0 (known already) passed over.
  static_assert(detail::kBlock == 4 * detail::kBatch);
  pipeline_first = (n0 - k) / detail::kBatch * detail::kBatch;
  const auto address = reinterpret_cast<std::uintptr_t>(table.data());
  for (int i = 0; i < 3 && (address + pipeline_first * sizeof(V)) % 64 != 0; ++i) {
    pipeline_first -= detail::kBatch;
  }
  pipe.last_set = end - k;
  set_resolved.assign(split_slots, 0);
  set_rare_end.assign(split_slots, 0);
  pipe.heaps_done.store(n0);
  pipe.rare_published.store(rare_heaps.size());
  std::exception_ptr failure;
  BlockWork helper_work;
  const auto helper_start = std::chrono::steady_clock::now();
  if (block_helper == nullptr) block_helper = std::make_unique<detail::Worker>();
  block_helper->start([&] {
    try {
      helper_work = block_thread(table, 1, n0, end);
    } catch (...) {
      failure = std::current_exception();
      pipe.stop.store(true, std::memory_order_release);
    }
  });
  BlockWork own;
  // The helper computes its last block even when this thread has none left; it is stopped only
  // when this thread leaves by an exception (it would wait for blocks that never come).
  struct Join {
    Pipeline& pipe;
    detail::Worker& helper;
    bool returned = false;
    ~Join() {
      if (!returned) pipe.stop.store(true, std::memory_order_release);
      helper.wait();
    }
  };
  {
    Join join{pipe, *block_helper};
    own = block_thread(table, 0, n0, end);
    join.returned = true;
  }
  // The threads' counts, added to `frequency` now that no other thread runs.
  for (const BlockWork* done : {&own, &helper_work}) {
    for (std::size_t v = 0; v < done->frequency.size(); ++v) {
      if (done->frequency[v] == 0) continue;
      if (v >= frequency.size()) frequency.resize(v + 1, 0);
      frequency[v] += done->frequency[v];
    }
  }
  work.helper_time += std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::steady_clock::now() - helper_start);
  work.caller_waited += own.waited;
  work.helper_idle += helper_work.waited;
  work.batches_by_caller += own.batches;
  work.finishes_by_caller += own.sets;
  work.batches_by_helpers += helper_work.batches;
  work.finishes_by_helpers += helper_work.sets;
  work.heaps += table.size() - n0;
  if (failure) std::rethrow_exception(failure);
  return table.size() < end ? table.size() : detail::kNoHeap;
}

}  // namespace nimkit
