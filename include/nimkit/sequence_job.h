// A Grundy sequence job: g(0) ... g(count - 1) of any ruleset on single heaps, and its proved
// period, for every front end (the CLI's `nimkit grundy`, the Python module's grundy_sequence,
// the server's /api/grundy).
// The front end says what it wants — the ruleset, the count, whether to prove a period, threads,
// a checkpoint to resume from, its limits and a progress callback — and the job chooses how:
//  - the engine: the sparse-space engine (grundy_sequence.h) for the games split_game() names
//    (octal codes with finite codes, Grundy's game), in metered stretches that report progress and
//    charge the caller's meter; otherwise, or when the caller asks for the ruleset's shared table
//    (SequenceJobOptions::shared_table), the ruleset's own values (closed form, period or table,
//    heap_ruleset.h);
//  - the period proof and how far it may search (kSplitPeriodSearch, kTablePeriodSearch unless
//    the caller bounds it): Guy–Smith on the sparse engine's table, the ruleset's theorem
//    otherwise, none for Grundy's game;
//  - whether later values stream from a proved period rather than being computed one by one.
// The job does no I/O: checkpoints are bytes the caller stores and hands back.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/limits.h"
#include "nimkit/periodicity.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// Heaps a period proof computes at most, unless the caller says: on the ruleset's engine
// (subtraction games, ..., and every job on the shared table), and on the sparse-space engine
// (enough for the proof of .354, which needs 20,126,195 values).
inline constexpr std::uint64_t kTablePeriodSearch = 100'000;
inline constexpr std::uint64_t kSplitPeriodSearch = std::uint64_t{1} << 25;

// The engine a job runs on.
enum class SequenceJobEngine { kSparse, kRuleset };
// The engine a job on `rules` runs on (without shared_table), for a front end to say which of its
// options apply (the sparse-space engine's threads, checkpoints and statistics) and in which shape
// to report.
SequenceJobEngine sequence_job_engine(const Ruleset& rules);

struct SequenceJobOptions {
  std::uint64_t count = 0;  // values g(0) ... g(count - 1), at least 1
  bool period = false;      // prove a period (and report why there is none)
  // Heaps the period proof may compute (at least count); nullopt: the job's default.
  std::optional<std::uint64_t> period_search;
  // Sparse-space engine: its threads (nullopt: the cores available, at most kMaxSequenceThreads;
  // checked for every ruleset), the
  // bytes its table may take (0: no bound), the algorithm (nullopt: sparse, or a resumed
  // checkpoint's), and a checkpoint to resume from (its bytes and their count).
  std::optional<std::uint64_t> threads;
  std::uint64_t memory_budget = 0;
  std::optional<SequenceAlgorithm> algorithm;
  const CheckpointSource* resume = nullptr;
  std::uint64_t resume_size = 0;
  // Whether every value up to count must be computed (statistics, checkpoints describe the
  // computed table): otherwise values past a proved period stream from it. On the ruleset's
  // engine, which keeps no table of the job's own, it says the caller holds every value
  // (memory_needed() counts them).
  bool whole_table = false;
  // Whether the values are wanted at all (false: the period alone, computing only what its
  // proof needs).
  bool values = true;
  // Whether to read and extend the ruleset's own table, shared by every user of the ruleset
  // object, rather than a table of the job's own: values and period searches of earlier callers
  // are not computed again, and those of this job stay for later ones (a server's requests
  // continue one another's work). The job then runs on the ruleset's engine whatever the ruleset
  // (for the sparse-space engine's games, that engine inside the ruleset: one thread, no
  // checkpoint), where threads, algorithm and resume do not apply.
  bool shared_table = false;
};

// The period a job proved, or why it has none.
struct SequencePeriod {
  std::optional<Periodicity> period;  // proved
  std::uint64_t checked_to = 0;       // without a period: the largest heap computed
  std::uint64_t searched_to = 0;      // without a period: the largest heap the search allowed
  PeriodStop stopped = PeriodStop::kNone;
  std::string why;  // without a period: why, in words
};

// The option a failure of create() is about, for the front end to name in its own words (the
// messages start with the value: "0 asks for no values: ...").
enum class SequenceJobArgument { kNone, kCount, kThreads, kResume };

// Why run() stopped before the end.
enum class SequenceJobStop { kNone, kProgress, kLimit };

class SequenceJob {
 public:
  // Checks the options (count, threads) and opens the engine, restoring the checkpoint when one
  // is given (failing as GrundySequence::restore does). `rules` must have the sequence shape
  // (value_shape). The limits bound every value and search of the job (limits.meter, never
  // null, charged by estimated work on the sparse-space engine).
  static Result<SequenceJob> create(std::shared_ptr<const Ruleset> rules,
                                    const SequenceJobOptions& options, const Limits& limits,
                                    SequenceJobArgument* culprit = nullptr);

  SequenceJob(SequenceJob&&) noexcept;
  SequenceJob& operator=(SequenceJob&&) noexcept;
  ~SequenceJob();

  SequenceJobEngine engine() const;
  // The sparse-space engine's game and sequence (null on the ruleset's engine). The sequence is
  // the job's own; the caller may lend its table or checkpoint it.
  const SplitGame* game() const;
  const GrundySequence* sequence() const;
  std::shared_ptr<GrundySequence> share_sequence() const;

  // Bytes the values take, or a limit error naming the figures when they do not fit the memory
  // budget (checked before any work; the message starts with the table, for the front end to put
  // its name of the count before it). On the sparse-space engine: its table
  // (GrundySequence::memory_for). On the ruleset's engine: 8 bytes a value for the table the
  // ruleset keeps (none when a formula gives its values), 16 for the job's copy of values that
  // could not be read again without computing them (a ruleset with neither table nor formula), and
  // with whole_table 8 for the caller's copy in 64 bits.
  Result<std::uint64_t> memory_needed() const;

  // Computes what the options ask: the period (when asked, or quietly when the values may stream
  // from it) and the values. `progress` hears of each stretch of the sparse-space engine and
  // stops the run by returning false. Returns kNone when everything is computed; otherwise the
  // values computed so far stay (and can be checkpointed). On the ruleset's engine the values
  // come first and the period search after them: one the meter stops (SequencePeriod::stopped
  // kRequestLimit) still returns kNone with every value computed; and run() fails like
  // grundy_values when a value cannot be computed (or stops with kLimit when the meter is spent
  // before a stretch of values it must compute).
  Result<SequenceJobStop> run(const SequenceProgressCallback& progress = {});

  // After run(): the period (when asked), and g(begin) ... g(end - 1), end ≤ count, read in
  // chunks of any size (a million values need not sit in memory at once): on the ruleset's engine
  // from the ruleset's table, period or formula, computing again only values of a ruleset with
  // neither, past the first 2^20 that run() keeps. values32 is the sparse-space engine's (values
  // below 2^32; streamed from the period when it answers).
  const SequencePeriod& period() const;
  Result<std::vector<Nimber>> values(std::uint64_t begin, std::uint64_t end) const;
  std::vector<std::uint32_t> values32(std::uint64_t begin, std::uint64_t count) const;
  // Heaps with a computed value: the sparse-space engine's table, or the table the ruleset keeps
  // (0 for one that keeps none). After a stop, g(0) ... g(size() - 1) are known.
  std::uint64_t size() const;

 private:
  struct State;
  explicit SequenceJob(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace nimkit
