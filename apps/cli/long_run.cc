#include "long_run.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <thread>
#include <vector>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/periodicity.h"
#include "nimkit/quote.h"

namespace nimkit::cli {
using contract::dump_json;

namespace {

std::atomic<int> g_signal{0};

extern "C" void on_signal(int signal) { g_signal.store(signal); }

// Writes the sequence's checkpoint to path atomically (FileWriter: a temporary file in the
// target's real directory, flushed to disk, renamed over it), so that a crash leaves the old
// checkpoint or the new one. A device or FIFO is refused: a checkpoint is only worth writing
// if it can be read back. The bytes are streamed chunk by chunk: no copy of the table is made.
// A path that cannot be opened fails; a failed write ends the process (write_failed, status 1),
// the previous checkpoint left whole.
Result<bool> write_atomically(const std::string& path, const GrundySequence& sequence) {
  auto file = FileWriter::open(path, fmt::format("--checkpoint {}", nimkit::quoted(path)),
                               WriteMode::kReplace, Readback::kRegularOnly);
  if (!file) return file.failure();
  const CheckpointSink sink = [&file](std::span<const std::uint8_t> bytes) {
    file->write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return true;
  };
  if (!sequence.write_checkpoint(sink)) return fail("the checkpoint could not be written");
  file->commit();
  return true;
}

// --threads, --memory and --algorithm into the job's options (defaults: the cores available, the
// free memory, the library's choice).
Result<bool> engine_options(const LongRunOptions& options, SequenceJobOptions& job) {
  if (!options.threads.empty()) {
    auto n = parse_u64(options.threads, "--threads");
    if (!n || !check_sequence_threads(*n)) {
      return fail(fmt::format("--threads {} is not a thread count from 1 to {}",
                              nimkit::quoted(options.threads), kMaxSequenceThreads));
    }
    job.threads = *n;
  }
  auto budget = memory_budget(options.memory);
  if (!budget) return budget.failure();
  job.memory_budget = *budget;
  if (!options.algorithm.empty()) {
    auto parsed = parse_sequence_algorithm(options.algorithm);
    if (!parsed) return parsed.failure();
    job.algorithm = *parsed;
  }
  job.whole_table = options.stats || !options.checkpoint.empty() || !options.resume.empty();
  return true;
}

std::string si(double v) {
  if (v >= 1e9) return fmt::format("{:.2f}G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.2f}M", v / 1e6);
  if (v >= 1e3) return fmt::format("{:.1f}k", v / 1e3);
  return fmt::format("{:.0f}", v);
}

}  // namespace

std::string period_text(const PeriodReport& report) {
  if (!report.period) return report.note + "\n";
  const Periodicity& p = *report.period;
  return fmt::format("period {}, preperiod {}{} ({}; checked to heap {})\nproof: {}\n", p.period,
                     p.preperiod, p.saltus == 0 ? "" : fmt::format(", saltus {}", p.saltus),
                     p.proved ? "proved" : "not proved", p.checked_to, p.proof);
}

nlohmann::json period_json(const PeriodReport& report) {
  if (!report.period) {
    return {{"period", nullptr},
            {"preperiod", nullptr},
            {"proved", false},
            {"checked_to", report.checked_to},
            {"note", report.note}};
  }
  const Periodicity& p = *report.period;
  return {{"period", p.period},         {"preperiod", p.preperiod}, {"proved", p.proved},
          {"checked_to", p.checked_to}, {"proof", p.proof},         {"saltus", p.saltus}};
}

void add_long_run_options(CLI::App& command, LongRunOptions& options) {
  command.add_option("--algorithm", options.algorithm,
                     "octal codes and Grundy's game: plain (mex over every option) or sparse "
                     "(sparse-space, the default)");
  command.add_option("--checkpoint", options.checkpoint,
                     "write the computation's state to FILE periodically and on Ctrl-C/SIGTERM");
  // Parsed by hand: CLI11 takes "nan", "inf" and negative numbers as doubles.
  command
      .add_option_function<std::string>(
          "--checkpoint-every",
          [&options](const std::string& text) {
            char* end = nullptr;
            const double seconds = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(seconds) ||
                seconds < 0 || seconds > kMostCheckpointSeconds) {
              throw CLI::ValidationError(
                  fmt::format("--checkpoint-every {} is not a number of seconds from 0 to {}",
                              nimkit::quoted(text), kMostCheckpointSeconds));
            }
            options.checkpoint_every = seconds;
          },
          "seconds between periodic checkpoints")
      ->default_str(fmt::format("{}", options.checkpoint_every));
  command.add_option("--resume", options.resume, "continue from a checkpoint FILE");
  command.add_flag(
      "--stats", options.stats,
      "value frequencies, largest value and where it first occurs, rare mask and count, and how "
      "the threads shared the work");
  // A callback rather than "!--no-progress", whose help would read "--no-progress{false}".
  command.add_flag_callback(
      "--no-progress", [&options] { options.progress = false; }, "no progress line on stderr");
  command.add_option("--threads", options.threads,
                     "threads of the sparse algorithm (default: the cores available); the values "
                     "are the same for every thread count");
  command.add_option("--memory", options.memory,
                     std::string("memory budget of the value table, in ") + kMemoryHelp +
                         "; a larger table is refused up front");
}

namespace {

using Clock = std::chrono::steady_clock;

// The progress line on a terminal, the periodic checkpoints and the signal flag of one run.
class RunMonitor {
 public:
  RunMonitor(const LongRunOptions& options, const SequenceJob& job)
      : job_(job),
        options_(options),
        tty_(options.progress && ::isatty(STDERR_FILENO) != 0),
        start_(Clock::now()),
        start_heaps_(job.size()),
        last_line_(start_),
        last_checkpoint_(start_) {
    g_signal.store(0);
    previous_int_ = std::signal(SIGINT, on_signal);
    previous_term_ = std::signal(SIGTERM, on_signal);
  }
  RunMonitor(const RunMonitor&) = delete;
  RunMonitor& operator=(const RunMonitor&) = delete;
  // Restores the signal handlers and ends the progress line.
  ~RunMonitor() { finish(); }

  void finish() {
    if (finished_) return;
    finished_ = true;
    std::signal(SIGINT, previous_int_);
    std::signal(SIGTERM, previous_term_);
    if (line_shown_) fmt::print(stderr, "\n");
  }

  // Writes the checkpoint when one is asked for; false (with error() set) when it fails.
  bool save() {
    if (options_.checkpoint.empty()) return true;
    auto written = write_atomically(options_.checkpoint, *job_.sequence());
    if (!written) error_ = written.error();
    return written.ok();
  }
  const std::string& error() const { return error_; }
  bool interrupted() const { return g_signal.load() != 0; }

  // The engine's progress callback: the line, the periodic checkpoint, a stop on a signal.
  SequenceProgressCallback callback() {
    return [this](const SequenceProgress& p) {
      const auto now = Clock::now();
      if (tty_ && now - last_line_ >= std::chrono::milliseconds(250)) {
        last_line_ = now;
        show(p, now);
      }
      if (!options_.checkpoint.empty() &&
          std::chrono::duration<double>(now - last_checkpoint_).count() >=
              options_.checkpoint_every) {
        if (!save()) return false;
        last_checkpoint_ = Clock::now();
      }
      return g_signal.load() == 0;
    };
  }

 private:
  void show(const SequenceProgress& p, Clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate =
        elapsed > 0 ? static_cast<double>(p.heaps_done - start_heaps_) / elapsed : 0;
    const double eta = rate > 0 ? static_cast<double>(p.target - p.heaps_done) / rate : 0;
    fmt::print(stderr,
               "\r\033[K{} {}/{} heaps ({:.1f}%)  {} heaps/s  ETA {:.0f} s  max {}  rare {} "
               "(mask {:#x})",
               job_.game()->code(), si(static_cast<double>(p.heaps_done)),
               si(static_cast<double>(p.target)),
               100.0 * static_cast<double>(p.heaps_done) /
                   static_cast<double>(std::max<std::uint64_t>(p.target, 1)),
               si(rate), eta, p.max_value, p.rare_count, p.mask);
    line_shown_ = true;
  }

  const SequenceJob& job_;
  const LongRunOptions& options_;
  const bool tty_;
  const Clock::time_point start_;
  const std::uint64_t start_heaps_;
  Clock::time_point last_line_;
  Clock::time_point last_checkpoint_;
  std::string error_;
  bool line_shown_ = false;
  bool finished_ = false;
  void (*previous_int_)(int) = SIG_DFL;
  void (*previous_term_)(int) = SIG_DFL;
};

}  // namespace

PeriodReport period_report(const SequenceJob& job) {
  const SequencePeriod& p = job.period();
  if (p.period) return PeriodReport{p.period, p.checked_to, {}};
  // The sparse-space engine searches as far as --search says.
  const bool further =
      job.engine() == SequenceJobEngine::kSparse && p.stopped == PeriodStop::kSearchLimit;
  return PeriodReport{std::nullopt, p.checked_to,
                      fmt::format("no period found up to {} ({}{})", p.searched_to, p.why,
                                  further ? "; search further with --search N" : "")};
}

Error job_error(const Error& error, SequenceJobArgument culprit, const std::string& resume) {
  switch (culprit) {
    case SequenceJobArgument::kCount:
      return fail("--count " + error.message);  // no --limit raises it
    case SequenceJobArgument::kThreads:
      return fail("--threads " + error.message);
    case SequenceJobArgument::kResume:
      return fail_as(error, fmt::format("--resume {}: {}", nimkit::quoted(resume), error.message));
    case SequenceJobArgument::kNone:
      break;
  }
  return error;
}

namespace {

// The job of a long run: a new sequence, or the one a checkpoint holds (--resume), read in chunks
// (memory: the table and one chunk).
Result<SequenceJob> open_job(std::shared_ptr<const Ruleset> rules, const LongRunOptions& options,
                             SequenceJobOptions job, const Limits& limits) {
  if (auto parsed = engine_options(options, job); !parsed) return parsed.failure();
  SequenceJobArgument culprit = SequenceJobArgument::kNone;
  if (options.resume.empty()) {
    auto created = SequenceJob::create(std::move(rules), job, limits, &culprit);
    if (!created) return job_error(created.failure(), culprit);
    return created;
  }
  const std::string& path = options.resume;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  struct stat info {};
  if (!file || ::fstat(::fileno(file.get()), &info) != 0)
    return fail(
        fmt::format("cannot read checkpoint {}: {}", nimkit::quoted(path), std::strerror(errno)));
  const CheckpointSource source = [&file](std::span<std::uint8_t> buffer) {
    return std::fread(buffer.data(), 1, buffer.size(), file.get());
  };
  job.resume = &source;
  job.resume_size = static_cast<std::uint64_t>(info.st_size);
  auto restored = SequenceJob::create(std::move(rules), job, limits, &culprit);
  if (std::ferror(file.get()) != 0)
    return fail(fmt::format("cannot read checkpoint {}: read error", nimkit::quoted(path)));
  if (!restored) return job_error(restored.failure(), culprit, path);
  fmt::print(stderr, "resumed {} at heap {}\n", restored->game()->code(), restored->size());
  return restored;
}

nlohmann::json stats_json(const GrundySequence& sequence, const SequenceStats& stats) {
  nlohmann::json s{{"frequency", stats.frequency},
                   {"max_value", stats.max_value},
                   {"max_value_first", stats.max_value_first},
                   {"mask", stats.mask},
                   {"rare_count", stats.rare_count},
                   {"heaps", sequence.size()}};
  s["last_rare"] = stats.last_rare ? nlohmann::json(*stats.last_rare) : nlohmann::json(nullptr);
  const ThreadWork work = sequence.thread_work();
  if (work.heaps != 0) {
    auto seconds = [](std::chrono::nanoseconds t) { return static_cast<double>(t.count()) / 1e9; };
    s["threads"] = {{"heaps", work.heaps},
                    {"batches_by_caller", work.batches_by_caller},
                    {"batches_by_helpers", work.batches_by_helpers},
                    {"finishes_by_caller", work.finishes_by_caller},
                    {"finishes_by_helpers", work.finishes_by_helpers},
                    {"helper_seconds", seconds(work.helper_time)},
                    {"helper_idle_seconds", seconds(work.helper_idle)},
                    {"caller_waited_seconds", seconds(work.caller_waited)},
                    {"step_downs", work.step_downs}};
  }
  return s;
}

// How the threads shared the work (ThreadWork), when helpers ran.
void print_thread_work(std::FILE* out, const ThreadWork& work) {
  if (work.heaps == 0) return;
  auto share = [](std::uint64_t part, std::uint64_t other) {
    return part + other == 0
               ? 0.0
               : 100.0 * static_cast<double>(part) / static_cast<double>(part + other);
  };
  const double helper_s = static_cast<double>(work.helper_time.count()) / 1e9;
  const double idle_s = static_cast<double>(work.helper_idle.count()) / 1e9;
  fmt::print(
      out,
      "threads: {} heaps with helpers; the helpers built {:.0f} % of the batches of split sets "
      "and finished {:.0f} % of the sets, idle {:.0f} % of their {:.2f} s; the computing "
      "thread waited {:.2f} s; stepped down {} times\n",
      work.heaps, share(work.batches_by_helpers, work.batches_by_caller),
      share(work.finishes_by_helpers, work.finishes_by_caller),
      helper_s == 0 ? 0.0 : 100.0 * idle_s / helper_s, helper_s,
      static_cast<double>(work.caller_waited.count()) / 1e9, work.step_downs);
}

void print_stats_text(std::FILE* out, const GrundySequence& sequence, const SequenceStats& stats) {
  fmt::print(
      out, "heaps {} ({} algorithm, {} per value)\n", sequence.size(),
      to_string(sequence.algorithm()),
      sequence.value_bytes() == 1 ? "1 byte" : fmt::format("{} bytes", sequence.value_bytes()));
  std::string freq;
  for (std::size_t v = 0; v < stats.frequency.size(); ++v) {
    if (stats.frequency[v] != 0) freq += fmt::format(" {}:{}", v, stats.frequency[v]);
  }
  fmt::print(out, "value frequencies:{}\n", freq);
  fmt::print(out, "largest value {}, first at heap {}\n", stats.max_value, stats.max_value_first);
  fmt::print(out, "rare mask {:#x}, rare count {}, last rare heap {}\n", stats.mask,
             stats.rare_count, stats.last_rare ? std::to_string(*stats.last_rare) : "none");
  print_thread_work(out, sequence.thread_work());
}

// g(0) .. g(count-1), one per line or as the items of a JSON array, in chunks. Values below 1000
// (nearly all of every table) are copied from their texts, the others formatted: printing 2^24
// values of Officers took 0.15 s with std::to_string, most of the wall time two threads spent
// outside the engine.
void print_values(std::FILE* out, const SequenceJob& job, std::uint64_t count, bool json) {
  struct Text {
    char digits[4];
    std::size_t size;
  };
  static const std::array<Text, 1000> small = [] {
    std::array<Text, 1000> texts{};
    for (unsigned v = 0; v < texts.size(); ++v) {
      const fmt::format_int digits(v);
      std::copy(digits.data(), digits.data() + digits.size(), texts[v].digits);
      texts[v].size = digits.size();
    }
    return texts;
  }();
  constexpr std::uint64_t kValuesPerWrite = 1 << 16;
  // At most ten digits and a separator a value (and four bytes copied for a small one).
  std::vector<char> text(kValuesPerWrite * 11 + 4);
  for (std::uint64_t begin = 0; begin < count; begin += kValuesPerWrite) {
    const std::uint64_t n = std::min(kValuesPerWrite, count - begin);
    char* at = text.data();
    for (const std::uint32_t v : job.values32(begin, n)) {
      if (json && (at != text.data() || begin > 0)) *at++ = ',';
      if (v < small.size()) {
        std::memcpy(at, small[v].digits, 4);
        at += small[v].size;
      } else {
        const fmt::format_int digits(v);
        at = std::copy(digits.data(), digits.data() + digits.size(), at);
      }
      if (!json) *at++ = '\n';
    }
    std::fwrite(text.data(), 1, static_cast<std::size_t>(at - text.data()), out);
  }
}

struct OutputRequest {
  std::string_view rules_spec;
  std::uint64_t count = 0;
  bool period = false;
  bool json = false;
  bool stats = false;
  const std::string& path;
};

// Writes the output in the shape of `nimkit grundy`; returns the exit status.
int write_output(const OutputRequest& request, const SequenceJob& job) {
  auto file = open_output(request.path);
  if (!file) return report(file.failure());
  std::FILE* out = file->get();
  const GrundySequence& sequence = *job.sequence();
  const SequenceStats stats = request.stats ? sequence.stats() : SequenceStats{};
  if (request.json) {
    fmt::print(out, "{{\"rules\":{},\"algorithm\":\"{}\",\"values\":[",
               dump_json(nlohmann::json(std::string(request.rules_spec))),
               to_string(sequence.algorithm()));
  }
  print_values(out, job, request.count, request.json);
  if (request.json) {
    std::fputs("]", out);
    if (request.period) {
      fmt::print(out, ",\"period\":{}", dump_json(period_json(period_report(job))));
    }
    if (request.stats) fmt::print(out, ",\"stats\":{}", dump_json(stats_json(sequence, stats)));
    std::fputs("}\n", out);
  } else {
    if (request.period) std::fputs(period_text(period_report(job)).c_str(), out);
    if (request.stats) print_stats_text(out, sequence, stats);
  }
  if (std::ferror(out) != 0) return report("could not write the output");
  file->finish();
  return 0;
}

}  // namespace

int run_long_grundy(std::shared_ptr<const Ruleset> rules, const LongRunOptions& options,
                    SequenceJobOptions job_options, bool json, const std::string& out_path,
                    const Limits& limits) {
  const std::uint64_t count = job_options.count;
  if (auto checked = check_sequence_count(count); !checked) {
    return report(job_error(checked.failure(), SequenceJobArgument::kCount));
  }
  const std::string spec = rules->spec();
  auto opened = open_job(std::move(rules), options, job_options, limits);
  if (!opened) return report(opened.failure());
  SequenceJob job = std::move(opened).value();
  // A table that cannot fit is refused now, not killed by the kernel halfway.
  if (auto fits = job.memory_needed(); !fits) {
    return report(fail_as(fits.failure(), fmt::format("--count {}: {} (--memory sets the budget)",
                                                      count, fits.error())));
  }

  RunMonitor monitor(options, job);
  auto ran = job.run(monitor.callback());
  monitor.finish();
  if (!ran) return report(ran.failure());
  if (!monitor.error().empty()) return report(monitor.error());
  if (!monitor.save()) return report(monitor.error());
  if (*ran == SequenceJobStop::kLimit && !monitor.interrupted()) {
    const Error stop = limits.stop_error();
    return report(fail_as(stop, fmt::format("computing {} stopped at heap {}: {}",
                                            job.game()->code(), job.size(), stop.message)));
  }
  if (*ran != SequenceJobStop::kNone) {
    const int signal = g_signal.load();
    fmt::print(stderr, "stopped at heap {}{}\n", job.size(),
               options.checkpoint.empty()
                   ? ""
                   : fmt::format("; checkpoint written to {}", options.checkpoint));
    return 128 + signal;
  }
  return write_output(OutputRequest{spec, count, job_options.period, json, options.stats, out_path},
                      job);
}

}  // namespace nimkit::cli
