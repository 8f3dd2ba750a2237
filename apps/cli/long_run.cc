#include "long_run.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

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
#include <vector>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"
#include "nimkit/quote.h"

namespace nimkit::cli {
using contract::dump_json;

namespace {

std::atomic<int> g_signal{0};

extern "C" void on_signal(int signal) { g_signal.store(signal); }

// Writes the sequence's checkpoint to path atomically: a temporary file in the same directory,
// flushed to disk, then renamed over the target, so that a crash leaves the old checkpoint or the
// new one. The bytes are streamed chunk by chunk: no copy of the table is made.
Result<bool> write_atomically(const std::string& path, const GrundySequence& sequence) {
  const std::string temp = fmt::format("{}.tmp.{}", path, ::getpid());
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr)
    return fail(fmt::format("cannot write checkpoint \"{}\": {}", temp, std::strerror(errno)));
  const CheckpointSink sink = [file](std::span<const std::uint8_t> bytes) {
    return std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  };
  const bool ok =
      sequence.write_checkpoint(sink) && std::fflush(file) == 0 && ::fsync(::fileno(file)) == 0;
  const int saved = errno;
  std::fclose(file);
  if (!ok || std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    return fail(
        fmt::format("cannot write checkpoint \"{}\": {}", path, std::strerror(ok ? errno : saved)));
  }
  return true;
}

// Restores a checkpoint file, read in chunks (memory: the table and one chunk).
Result<GrundySequence> read_checkpoint(const std::string& path, const SplitGame& game,
                                       const SequenceAlgorithm* algorithm) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  struct stat info {};
  if (!file || ::fstat(::fileno(file.get()), &info) != 0)
    return fail(fmt::format("cannot read checkpoint \"{}\": {}", path, std::strerror(errno)));
  auto restored = GrundySequence::restore(
      [&file](std::span<std::uint8_t> buffer) {
        return std::fread(buffer.data(), 1, buffer.size(), file.get());
      },
      static_cast<std::uint64_t>(info.st_size), &game, algorithm);
  if (std::ferror(file.get()) != 0)
    return fail(fmt::format("cannot read checkpoint \"{}\": read error", path));
  if (!restored) return fail(fmt::format("--resume \"{}\": {}", path, restored.error()));
  return restored;
}

std::string si(double v) {
  if (v >= 1e9) return fmt::format("{:.2f}G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.2f}M", v / 1e6);
  if (v >= 1e3) return fmt::format("{:.1f}k", v / 1e3);
  return fmt::format("{:.0f}", v);
}

// The same wording as the table path of `nimkit grundy` (periodicity.h).
std::string period_proof(const SplitGame& game, const SequencePeriod& proved) {
  return fmt::format("periodicity theorem: g(n + p) = g(n) checked for n0 <= n < E = {} ({})",
                     proved.needed - proved.period,
                     PeriodTheorem::octal(OctalCode{game.digits}).describe());
}

}  // namespace

// A year: longer periods are surely mistakes.
constexpr double kMaxCheckpointEvery = 365.0 * 24 * 3600;

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
                seconds < 0 || seconds > kMaxCheckpointEvery) {
              throw CLI::ValidationError(
                  fmt::format("--checkpoint-every {} is not a number of seconds from 0 to {}",
                              nimkit::quoted(text), kMaxCheckpointEvery));
            }
            options.checkpoint_every = seconds;
          },
          "seconds between periodic checkpoints")
      ->default_str(fmt::format("{}", options.checkpoint_every));
  command.add_option("--resume", options.resume, "continue from a checkpoint FILE");
  command.add_flag(
      "--stats", options.stats,
      "value frequencies, largest value and where it first occurs, rare mask and count");
  command.add_flag("!--no-progress", options.progress, "no progress line on stderr");
}

std::optional<SplitGame> sequence_game(std::string_view rules_spec) {
  if (rules_spec == "grundy") return SplitGame::grundy();
  std::string_view code = rules_spec;
  if (code.starts_with("octal:")) code.remove_prefix(6);
  Result<SplitGame> game = SplitGame::parse(code);
  if (!game || game->grundys_game) return std::nullopt;
  return *game;
}

int run_long_grundy(const SplitGame& game, std::string_view rules_spec,
                    const LongRunOptions& options, std::uint64_t count, bool period,
                    std::uint64_t period_search, bool json, const std::string& out_path) {
  SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse;
  if (!options.algorithm.empty()) {
    auto parsed = parse_sequence_algorithm(options.algorithm);
    if (!parsed) return report(parsed.error());
    algorithm = *parsed;
  }
  if (count > (std::uint64_t{1} << 32)) {
    return report(fmt::format("--count {} is more than the 2^32 heaps a sequence may hold", count));
  }
  std::optional<GrundySequence> sequence;
  if (!options.resume.empty()) {
    auto restored =
        read_checkpoint(options.resume, game, options.algorithm.empty() ? nullptr : &algorithm);
    if (!restored) return report(restored.error());
    sequence.emplace(std::move(restored).value());
    fmt::print(stderr, "resumed {} at heap {}\n", game.code(), sequence->size());
  } else {
    auto created = GrundySequence::create(game, algorithm);
    if (!created) return report(created.error());
    sequence.emplace(std::move(created).value());
  }

  using Clock = std::chrono::steady_clock;
  const bool tty = options.progress && ::isatty(STDERR_FILENO) != 0;
  const auto start = Clock::now();
  const std::uint64_t start_heaps = sequence->size();
  auto last_line = start;
  auto last_checkpoint = start;
  std::string checkpoint_error;
  bool line_shown = false;

  auto save = [&]() -> bool {
    if (options.checkpoint.empty()) return true;
    auto written = write_atomically(options.checkpoint, *sequence);
    if (!written) checkpoint_error = written.error();
    return written.ok();
  };

  g_signal.store(0);
  auto previous_int = std::signal(SIGINT, on_signal);
  auto previous_term = std::signal(SIGTERM, on_signal);

  const SequenceProgressCallback progress = [&](const SequenceProgress& p) {
    const auto now = Clock::now();
    if (tty && now - last_line >= std::chrono::milliseconds(250)) {
      last_line = now;
      const double elapsed = std::chrono::duration<double>(now - start).count();
      const double rate =
          elapsed > 0 ? static_cast<double>(p.heaps_done - start_heaps) / elapsed : 0;
      const double eta = rate > 0 ? static_cast<double>(p.target - p.heaps_done) / rate : 0;
      fmt::print(stderr,
                 "\r\033[K{} {}/{} heaps ({:.1f}%)  {} heaps/s  ETA {:.0f} s  max {}  rare {} "
                 "(mask {:#x})",
                 game.code(), si(static_cast<double>(p.heaps_done)),
                 si(static_cast<double>(p.target)),
                 100.0 * static_cast<double>(p.heaps_done) /
                     static_cast<double>(std::max<std::uint64_t>(p.target, 1)),
                 si(rate), eta, p.max_value, p.rare_count, p.mask);
      line_shown = true;
    }
    if (!options.checkpoint.empty() &&
        std::chrono::duration<double>(now - last_checkpoint).count() >= options.checkpoint_every) {
      if (!save()) return false;
      last_checkpoint = Clock::now();
    }
    return g_signal.load() == 0;
  };

  std::optional<SequencePeriod> proved;
  std::string no_period;  // why no period was proved, reported after the values
  bool finished = true;
  if (period && game.grundys_game) {
    no_period = fmt::format(
        "no period found up to {} (no periodicity theorem applies to "
        "Grundy's game)",
        count == 0 ? 0 : count - 1);
  } else if (period) {
    const std::uint64_t search = std::max(count, period_search);
    auto result = sequence->prove_period(search, progress);
    if (result) {
      proved = *result;
    } else if (g_signal.load() != 0 || !checkpoint_error.empty()) {
      finished = false;
    } else {
      no_period = fmt::format("no period found up to {} ({}; search further with --search N)",
                              search - 1, result.error());
    }
  }
  // A proved period answers every heap: compute only what the proof needs and stream the rest
  // from the period. Runs that report stats or checkpoint keep computing every heap, since their
  // output describes the computed table.
  const bool by_period =
      !game.grundys_game && !options.stats && options.checkpoint.empty() && options.resume.empty();
  if (finished && by_period && !proved && !period) {
    auto quiet = sequence->prove_period(count, progress);
    if (quiet) {
      proved = *quiet;
    } else if (g_signal.load() != 0) {
      finished = false;
    }
  }
  const bool stream = by_period && proved.has_value();
  if (finished && !stream) finished = sequence->extend_to(count, progress);
  std::signal(SIGINT, previous_int);
  std::signal(SIGTERM, previous_term);
  if (line_shown) fmt::print(stderr, "\n");
  if (!checkpoint_error.empty()) return report(checkpoint_error);
  if (!save()) return report(checkpoint_error);
  if (!finished) {
    const int signal = g_signal.load();
    fmt::print(stderr, "stopped at heap {}{}\n", sequence->size(),
               options.checkpoint.empty()
                   ? ""
                   : fmt::format("; checkpoint written to {}", options.checkpoint));
    return 128 + signal;
  }

  // Output, in the shape of `nimkit grundy`.
  std::FILE* out = stdout;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, &std::fclose);
  if (!out_path.empty()) {
    file.reset(std::fopen(out_path.c_str(), "w"));
    if (!file)
      return report(fmt::format("cannot write --out \"{}\": {}", out_path, std::strerror(errno)));
    out = file.get();
  }
  const SequenceStats stats = options.stats ? sequence->stats() : SequenceStats{};
  constexpr std::uint64_t kChunk = 1 << 16;
  if (json)
    fmt::print(out, "{{\"rules\":{},\"algorithm\":\"{}\",\"values\":[",
               dump_json(nlohmann::json(std::string(rules_spec))),
               to_string(sequence->algorithm()));
  for (std::uint64_t begin = 0; begin < count; begin += kChunk) {
    std::string text;
    const std::uint64_t n = std::min(kChunk, count - begin);
    for (const std::uint32_t v :
         stream ? sequence->values(begin, n, *proved) : sequence->values(begin, n)) {
      if (json) {
        if (!text.empty() || begin > 0) text += ',';
        text += std::to_string(v);
      } else {
        text += std::to_string(v);
        text += '\n';
      }
    }
    std::fputs(text.c_str(), out);
  }
  if (json) {
    std::fputs("]", out);
    if (proved && period) {
      nlohmann::json p{{"period", proved->period},
                       {"preperiod", proved->preperiod},
                       {"proved", true},
                       {"checked_to", proved->needed - 1},
                       {"proof", period_proof(game, *proved)}};
      fmt::print(out, ",\"period\":{}", dump_json(p));
    } else if (period) {
      nlohmann::json p{{"period", nullptr},
                       {"preperiod", nullptr},
                       {"proved", false},
                       {"checked_to", sequence->size() == 0 ? 0 : sequence->size() - 1},
                       {"note", no_period}};
      fmt::print(out, ",\"period\":{}", dump_json(p));
    }
    if (options.stats) {
      nlohmann::json s{{"frequency", stats.frequency},
                       {"max_value", stats.max_value},
                       {"max_value_first", stats.max_value_first},
                       {"mask", stats.mask},
                       {"rare_count", stats.rare_count},
                       {"heaps", sequence->size()}};
      s["last_rare"] = stats.last_rare ? nlohmann::json(*stats.last_rare) : nlohmann::json(nullptr);
      fmt::print(out, ",\"stats\":{}", dump_json(s));
    }
    std::fputs("}\n", out);
  } else {
    if (proved && period) {
      fmt::print(out, "period {}, preperiod {} (proved; checked to heap {})\nproof: {}\n",
                 proved->period, proved->preperiod, proved->needed - 1,
                 period_proof(game, *proved));
    } else if (period) {
      fmt::print(out, "{}\n", no_period);
    }
    if (options.stats) {
      fmt::print(out, "heaps {} ({} algorithm, {} bytes per value)\n", sequence->size(),
                 to_string(sequence->algorithm()), sequence->value_bytes());
      std::string freq;
      for (std::size_t v = 0; v < stats.frequency.size(); ++v) {
        if (stats.frequency[v] != 0) freq += fmt::format(" {}:{}", v, stats.frequency[v]);
      }
      fmt::print(out, "value frequencies:{}\n", freq);
      fmt::print(out, "largest value {}, first at heap {}\n", stats.max_value,
                 stats.max_value_first);
      fmt::print(out, "rare mask {:#x}, rare count {}, last rare heap {}\n", stats.mask,
                 stats.rare_count, stats.last_rare ? std::to_string(*stats.last_rare) : "none");
    }
  }
  if (std::ferror(out) != 0) return report("could not write the output");
  return 0;
}

}  // namespace nimkit::cli
