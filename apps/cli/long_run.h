// Long runs of `nimkit grundy` on octal codes and Grundy's game: the sparse-space engine
// (grundy_sequence.h) with a progress line, periodic and on-signal checkpoints, resume, and
// --stats. The grundy command adds these options and hands such runs here: rulesets whose
// HeapRuleset::split_game() names a game.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "nimkit/grundy_sequence.h"
#include "nimkit/limits.h"
#include "nimkit/periodicity.h"
#include "nimkit/ruleset.h"
#include "nimkit/sequence_job.h"

namespace nimkit::cli {

struct LongRunOptions {
  std::string algorithm;  // "plain" or "sparse"; empty means sparse
  std::string checkpoint;
  std::string resume;
  double checkpoint_every = 60;  // seconds between periodic checkpoints
  bool stats = false;
  bool progress = true;  // the progress line, when stderr is a terminal
  std::string threads;   // --threads N; empty: std::thread::hardware_concurrency()
  std::string memory;    // --memory BYTES[K|M|G]; empty: MemAvailable in /proc/meminfo

  // Whether any option asks for the long-run engine.
  bool requested() const {
    return !algorithm.empty() || !checkpoint.empty() || !resume.empty() || stats;
  }
};

// The period part of `nimkit grundy`'s output, the same for every ruleset and engine.
struct PeriodReport {
  std::optional<Periodicity> period;
  std::uint64_t checked_to = 0;  // without a period: the largest heap examined
  std::string note;              // why no period, when there is none
};
// "period P, preperiod N[, saltus S] (proved; checked to heap C)" and the proof, or the note.
std::string period_text(const PeriodReport& report);
// {"period", "preperiod", "proved", "checked_to", "proof", "saltus"}, or with null period and
// preperiod, proved false and "note".
nlohmann::json period_json(const PeriodReport& report);

// --algorithm, --checkpoint, --checkpoint-every, --resume, --stats, --no-progress, --threads,
// --memory.
void add_long_run_options(CLI::App& command, LongRunOptions& options);

// The period part of a finished job's output: its period, or the note saying why there is none.
PeriodReport period_report(const SequenceJob& job);

// A failure of SequenceJob::create in the words of `nimkit grundy`'s options (--count, --threads,
// --resume FILE).
Error job_error(const Error& error, SequenceJobArgument culprit, const std::string& resume = {});

// Runs a job on the sparse-space engine — g(0) .. g(count-1), and with `period` as many more as
// proving the period needs — and writes the values as `nimkit grundy` does (one per line, or JSON)
// to `out_path` (standard output when empty), then the period and the stats.
// `limits.meter` (never null) bounds the estimated work of the values (sequence_value_work of
// grundy_sequence.h); the engine reports to it and to the signal flag within tens of milliseconds
// however long a code's values take.
// Returns the exit status: 0, kBadInput for a bad option or checkpoint or past the work limit,
// 130/143 when stopped by SIGINT/SIGTERM (after writing the checkpoint).
int run_long_grundy(std::shared_ptr<const Ruleset> rules, const LongRunOptions& options,
                    SequenceJobOptions job, bool json, const std::string& out_path,
                    const Limits& limits);

}  // namespace nimkit::cli
