// Grundy sequences of heap games at scale: octal and hexadecimal games with finite codes and
// Grundy's game, computed by the plain mex algorithm (the reference) or by the exact sparse-space
// algorithm of Gangolli & Plambeck (1989) and Flammenkamp; streaming period proofs; checkpoints.
//
// Sparse space. Pick a mask M and call a value v common when popcount(v & M) is odd, rare when it
// is even (0 is always rare). Parity of popcount is linear over XOR, so common ^ common is rare,
// rare ^ rare is rare and common ^ rare is common. Hence a split of a heap into two parts has a
// common value only if one part is rare: enumerating the rare heaps (R of them) yields every
// common option value of a heap in O(R). The mex is found among those values; only when a rare
// value is the smallest value not yet seen are the remaining splits scanned, and that scan stops as
// soon as the mex is known. The answer is exact for every mask; the mask only decides the speed,
// and it is re-chosen automatically (the mask with the fewest rare heaps so far) as values grow.
//
// How the engine spends its time (src/sparse/sparse_kernel.h): the split values of a heap of m
// objects with a rare part, and those whose smaller part is at most 32 (the prefix), form its split
// set S(m), kept as one byte per value. Sets are built 16 at a time: one load of 16 consecutive
// values g(m - r .. m - r + 15) serves a rare heap r for 16 sets (with AVX-512, their marks below
// 160 gathered in registers). The mex of a heap is read from bitmaps of the values its sets lack;
// the rare values below the first common value missing are then searched for together among the
// other splits, scanning them once (32 splits per step with AVX-512 when the processor has it, 64
// on a table of bytes, else one value at a time). With threads, other threads build the next
// batches of sets and finish and search them ahead while the calling thread computes the heap.
//
// One byte per value: values below 256 are stored as bytes, and from 256 to 511 (the sparse
// algorithm with split sets) as an order-preserving code — the value without the lowest bit of
// the rare mask, which the value's class (from the list of rare heaps, kept anyway) gives back —
// on which the kernel marks and searches directly (src/sparse/value_table.h); then 16 and 32 bits.
//
// The library does no I/O: progress goes to a callback, and checkpoints are bytes that the caller
// stores (atomically) and hands back, streamed in chunks so that no copy of the table is made.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/periodicity.h"
#include "nimkit/result.h"

namespace nimkit {

// A heap game whose moves remove objects and split what is left: an octal/hex game with a finite
// code, or Grundy's game.
struct SplitGame {
  // digits[k] for removing k objects: bit 1 may remove a whole heap of exactly k, bit 2 may leave
  // one non-empty heap, bit 4 two non-empty heaps, bit 8 three. digits[0] may only have bits 4
  // and 8 (split without removing). Empty for Grundy's game.
  std::vector<std::uint8_t> digits;
  // Grundy's game: split one heap into two non-empty heaps of different sizes.
  bool grundys_game = false;

  // An octal code as OctalCode::parse reads it ("0.77", ".77", "4.3", "0.F"), a named octal game
  // ("kayles"), or "grundy". Fails naming the bad text, or on a code with no moves.
  static Result<SplitGame> parse(std::string_view code);
  static SplitGame grundy() { return SplitGame{{}, true}; }

  // Canonical code: "0.77", "4.3", "grundy" (OctalCode::to_string).
  std::string code() const;
  // Largest k with a non-zero digit (0 for Grundy's game): the t of the Guy–Smith theorem.
  std::uint64_t max_removal() const;
  // Whether some digit lets a move leave three heaps (bit 8); the sparse method then gains
  // nothing and the plain algorithm runs.
  bool has_triple_split() const;

  friend bool operator==(const SplitGame&, const SplitGame&) = default;
};

enum class SequenceAlgorithm { kPlain, kSparse };
std::string_view to_string(SequenceAlgorithm algorithm);  // "plain" / "sparse"
Result<SequenceAlgorithm> parse_sequence_algorithm(std::string_view text);

// A snapshot for progress reports.
struct SequenceProgress {
  std::uint64_t heaps_done = 0;  // values known for heaps 0..heaps_done-1
  std::uint64_t target = 0;      // heaps the current extend_to() call aims at
  std::uint32_t max_value = 0;   // largest value so far
  std::uint64_t rare_count = 0;  // heaps ≥ 1 with a rare value under the current mask
  std::uint32_t mask = 0;        // current rare mask (0 under the plain algorithm)
  // Whether the sparse algorithm serves every split length from split sets (false under the
  // plain algorithm, and for codes with more split lengths than the sets serve, which it marks
  // and searches length by length, so that their values cost work in proportion to the heap).
  bool split_sets = false;
};
// Called every progress_interval heaps; returning false stops the computation early (the values
// computed so far stay valid and can be checkpointed).
using SequenceProgressCallback = std::function<bool(const SequenceProgress&)>;

// Receives the next bytes of a checkpoint (in order, in chunks of at most kCheckpointChunk bytes);
// returns false to stop the write (an I/O error, which the sink records itself).
using CheckpointSink = std::function<bool(std::span<const std::uint8_t>)>;
// Fills `buffer` with the next bytes of a checkpoint; returns how many it wrote (fewer than
// buffer.size() only at the end; 0 at the end or on a read error, which the source records).
using CheckpointSource = std::function<std::size_t(std::span<std::uint8_t> buffer)>;
inline constexpr std::size_t kCheckpointChunk = std::size_t{1} << 20;

// The most values one sequence holds: 2^36 (64 GiB at one byte per value; the memory budget
// refuses up front a table that does not fit).
inline constexpr std::uint64_t kMaxSequenceHeaps = std::uint64_t{1} << 36;
// The most threads a sequence runs on (SequenceOptions::threads): more is surely a typo, as each
// thread keeps its own share of the split sets.
inline constexpr std::uint64_t kMaxSequenceThreads = 256;

// The checks every front end makes of what it is asked for, before any work; each message starts
// with the value, for the front end to put its own name of the argument before it ("count 0 asks
// for no values: ..."). A count from 1 to kMaxSequenceHeaps (0 is bad input, more a limit).
Result<std::uint64_t> check_sequence_count(std::uint64_t count);
// A thread count from 1 to kMaxSequenceThreads (bad input otherwise).
Result<unsigned> check_sequence_threads(std::uint64_t threads);
// Bytes a table of `count` values of `value_bytes` bytes each takes, or a limit error naming both
// figures when that is over `budget` (0: no budget): memory_for()'s check, for a table a front
// end holds itself.
Result<std::uint64_t> check_table_memory(std::uint64_t count, int value_bytes,
                                         std::uint64_t budget);

// Statistics for --stats.
struct SequenceStats {
  std::vector<std::uint64_t> frequency;  // frequency[v]: heaps with value v
  std::uint32_t max_value = 0;
  std::uint64_t max_value_first = 0;  // smallest heap with value max_value
  std::uint32_t mask = 0;
  std::uint64_t rare_count = 0;
  std::optional<std::uint64_t> last_rare;  // largest heap ≥ 1 with a rare value
};

// How the work of the threaded stretches was shared (SequenceOptions::threads > 1), so that a run
// shows where its time went: the split-set jobs (batches of sets built ahead, sets finished) done
// by the computing thread and by the helpers, how long the helpers found no job they could take,
// how long the computing thread gave its core away waiting for a set, and how often the threads
// stepped down. All zero on one thread and in stretches too short for helpers.
struct ThreadWork {
  std::uint64_t heaps = 0;  // heaps computed with helpers running
  std::uint64_t batches_by_caller = 0;
  std::uint64_t batches_by_helpers = 0;
  std::uint64_t finishes_by_caller = 0;
  std::uint64_t finishes_by_helpers = 0;
  std::chrono::nanoseconds helper_time{};  // summed over the helpers, while they ran
  std::chrono::nanoseconds helper_idle{};  // of helper_time: no job could be taken
  std::chrono::nanoseconds caller_waited{};
  std::uint64_t step_downs = 0;
};

// How a sequence is computed. None of these change a value or a checkpoint byte.
struct SequenceOptions {
  // Values are stored in 16 bits while they are at most `narrow_limit` (at most 65535; tests
  // lower it to exercise the switch to 32 bits).
  std::uint32_t narrow_limit = 0xFFFF;
  // Threads of the sparse algorithm (0 counts as 1). With more than one, helper threads build the
  // rare-part split sets of the next heaps while the calling thread computes the current one.
  unsigned threads = 1;
  // While there are fewer rare heaps than this, heaps are computed on one thread all the same (a
  // set is then too little work to hand between threads; 16 times as many for codes with several
  // split sets per heap, whose helpers only mark); tests set 0 to run threads throughout.
  std::size_t threads_min_rare = 256;
  // Threads step down when other processes hold the cores: a helper that is not running holds
  // the sets it claimed, and the calling thread waits for them. When it waits more than this
  // percentage of a window of 16384 heaps, the computation goes on with half the threads for a
  // while (65536 heaps, twice that each time it recurs, up to 2^20), then with all of them again.
  // 100 never steps down; tests set 100 to keep every thread, and 0 to step down after every
  // window.
  std::uint32_t threads_stall_percent = 25;
  // Bytes the value table may take (0: no limit): extend_to() and prove_period() refuse up front a
  // count whose table would not fit (memory_for() says why).
  std::uint64_t memory_budget = 0;
  // Whether the sparse algorithm may use the processor's vector instructions (AVX-512, when
  // present) to search splits and to mark split sets of values below 128. The values do not depend
  // on it; tests turn it off to compare.
  bool vector_search = true;
  // Values are stored in one byte while they allow it: below 256 as themselves, from 256 to 511
  // (for the sparse algorithm with split sets) as an order-preserving code of the value under the
  // rare mask, the heaps with rare values kept in a side list; then in 16 bits (and 32). False
  // keeps 16 bits from the start (tests compare both).
  bool packed = true;
  // The largest value stored as itself in a byte (at most 255) and as a code (at most 511): tests
  // lower them to exercise the switches between the forms.
  std::uint32_t byte_limit = 255;
  std::uint32_t code_limit = 511;
};

class GrundySequence {
 public:
  // Fails when the game has no moves at all.
  static Result<GrundySequence> create(const SplitGame& game, SequenceAlgorithm algorithm,
                                       const SequenceOptions& options = {});
  // Rebuilds a computation from checkpoint bytes, read from `source` in chunks of
  // kCheckpointChunk; `size` is the checkpoint's length in bytes (the file size), checked
  // against the header before the table is allocated. Memory: the table (allocated once, at its
  // final size) and one chunk. Fails with a clear message on a corrupt or truncated checkpoint
  // (every byte is covered by the checksum, verified before the game is compared), a different
  // format version, or (when given) a different game or algorithm than `expected_game` /
  // `expected_algorithm`.
  // `options` apply to the restored computation (the checkpoint does not record them); a table
  // over options.memory_budget is refused before it is allocated.
  static Result<GrundySequence> restore(const CheckpointSource& source, std::uint64_t size,
                                        const SplitGame* expected_game = nullptr,
                                        const SequenceAlgorithm* expected_algorithm = nullptr,
                                        const SequenceOptions& options = {});
  // The same from checkpoint() bytes in memory.
  static Result<GrundySequence> restore(std::span<const std::uint8_t> bytes,
                                        const SplitGame* expected_game = nullptr,
                                        const SequenceAlgorithm* expected_algorithm = nullptr,
                                        const SequenceOptions& options = {});

  GrundySequence(GrundySequence&&) noexcept;
  GrundySequence& operator=(GrundySequence&&) noexcept;
  ~GrundySequence();

  const SplitGame& game() const;
  SequenceAlgorithm algorithm() const;

  // Bytes the table of `count` values takes at the current width (value_bytes() each, plus the
  // engine's working sets, plus with `period_search` the period search's bitmap: see
  // period_search_bytes), or an error naming both figures when that is over the memory budget.
  Result<std::uint64_t> memory_for(std::uint64_t count, bool period_search = false) const;
  // Computes values up to heap count-1. Returns false when the callback stopped it early, or —
  // computing nothing — when `count` values do not fit the memory budget (memory_for()).
  // `count` must be at most kMaxSequenceHeaps.
  bool extend_to(std::uint64_t count, const SequenceProgressCallback& progress = {},
                 std::uint64_t progress_interval = 1 << 16);

  std::uint64_t size() const;                     // heaps with a known value
  std::uint32_t value(std::uint64_t heap) const;  // heap < size()
  std::vector<std::uint32_t> values(std::uint64_t first, std::uint64_t count) const;
  // g(first) .. g(first+count-1) for any heaps once `period` is proved (an ordinary period,
  // period.needed ≤ size(), as prove_period() returns it): the table below size(), the period
  // beyond it — so a long sequence of a periodic game costs the proof, not a value per heap.
  std::vector<std::uint32_t> values(std::uint64_t first, std::uint64_t count,
                                    const Periodicity& period) const;
  // Bytes per stored value: 1 while the table is packed (SequenceOptions::packed), 2 while every
  // value fits 16 bits, else 4.
  int value_bytes() const;
  // The stored table itself, without a copy (for front ends that lend it out, such as a buffer
  // shared with numpy): size() words of `bytes` bytes (1, 2 or 4, native byte order). Valid until
  // the next call that extends the sequence. `plain` is false while the bytes hold the
  // order-preserving code of values from 256 to 511 (see the top of this file): the words are
  // then not the values, and only value()/values() read them.
  struct StoredTable {
    const void* data = nullptr;
    std::uint64_t count = 0;
    int bytes = 1;
    bool plain = true;
  };
  StoredTable stored_table() const;
  // The threads the computation runs on now: SequenceOptions::threads, fewer while they have
  // stepped down (threads_stall_percent), 1 when the algorithm runs on one thread only.
  unsigned threads_in_use() const;
  // Totals since this sequence was made or loaded.
  ThreadWork thread_work() const;

  SequenceProgress progress() const;
  SequenceStats stats() const;

  // The period whose Guy–Smith proof needs the fewest values, judged on the values known so far
  // (preperiod and period as small as the data allow; find_period of periodicity.h), or nullopt
  // for Grundy's game. Proved when needed ≤ size().
  std::optional<Periodicity> period_candidate() const;
  // Extends the sequence until a period is proved or `max_heaps` values did not suffice.
  // Fails naming the limit in the latter case, naming the budget when the next extension would
  // not fit it, or for Grundy's game (no theorem); returns the
  // proved period. An early stop by the callback is reported as an error "interrupted".
  Result<Periodicity> prove_period(std::uint64_t max_heaps,
                                   const SequenceProgressCallback& progress = {},
                                   std::uint64_t progress_interval = 1 << 16);

  // The whole state — format version, game code, algorithm, mask, values, checksum — handed to
  // `sink` in chunks of at most kCheckpointChunk bytes, encoded chunk by chunk (memory: one
  // chunk, not a copy of the table). Returns false when the sink stopped it.
  bool write_checkpoint(const CheckpointSink& sink) const;
  // The same bytes in one vector (tests and small tables).
  std::vector<std::uint8_t> checkpoint() const;

 private:
  struct State;
  explicit GrundySequence(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Metered runs of the sparse-space engine. Its values cost very different work: a heap of .354
// marks a hundred rare heaps, while a heap of a code of ten split lengths whose values keep
// growing scans every split of every length. The callers that bound work (analysis through
// HeapRuleset, the census, `nimkit grundy`) drive the engine through extend_metered, which
// estimates the work of each value from what the engine reports and hands it to the caller after
// every stretch of bounded work, so that a deadline, a cancel or a work bound is heard within a
// stretch however long the code.

// The options the engine visits for one value of `game` at heap progress.heaps_done, estimated
// from what it reports — a function of the values alone, so that a bound on it stops every run
// at the same heap: the rare heaps a split set enumerates (rare_count + 1) when split sets serve
// the game; otherwise (the plain algorithm, or more split lengths than the sets serve) the
// options of the heap: (n - k) / 2 splits for each two-heap length k, (n - k)^2 / 12 for each
// three-heap length, one for each other move.
std::uint64_t sequence_value_work(const SplitGame& game, const SequenceProgress& progress);

// Called after each stretch of a metered run with the engine's progress and the estimated
// options of the heaps the stretch computed; returning false stops the run.
using MeteredReport = std::function<bool(const SequenceProgress& progress, std::uint64_t work)>;

// Estimated options per stretch of a metered run and thread: tens of milliseconds.
inline constexpr std::uint64_t kStretchWork = std::uint64_t{1} << 26;

// Extends `sequence` to `count` values (GrundySequence::extend_to) in stretches of about
// kStretchWork estimated options per thread in use (threads_in_use()) — at least one heap, at most
// `max_interval` heaps (a power of two) and at most the heaps already known, and ending at every
// multiple of `max_interval`, which is always reported — calling `report` after each. False when
// `report` returned false (even on the last stretch), or (computing nothing) when the count does
// not fit the memory budget.
bool extend_metered(GrundySequence& sequence, std::uint64_t count, const MeteredReport& report,
                    std::uint64_t max_interval = std::uint64_t{1} << 16);

// GrundySequence::prove_period through extend_metered: the table doubles (or grows to the
// candidate's needed values) until a period is proved or `max_heaps` values did not suffice. The
// values computed when `report` stops the run are still searched for a proof; without one the
// run fails with "interrupted".
Result<Periodicity> prove_period_metered(GrundySequence& sequence, std::uint64_t max_heaps,
                                         const MeteredReport& report,
                                         std::uint64_t max_interval = std::uint64_t{1} << 16);

}  // namespace nimkit
