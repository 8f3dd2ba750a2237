// nimkit census: every octal code up to D digits (or a list), each classified trivial, solved or
// unsolved (with --misere: tame, finite, partial or stopped by its misère quotient), one JSON
// line per code, resumable and shardable; --compare checks a published table.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "census_run.h"
#include "commands.h"
#include "common.h"
#include "nimkit/census.h"
#include "nimkit/limits.h"
#include "nimkit/misere_census.h"
#include "nimkit/quote.h"

namespace nimkit::cli {
namespace {

// Largest --compare table: the published tables of octal games are a few hundred kilobytes.
constexpr std::uint64_t kMaxTableFile = std::uint64_t{16} << 20;

int run_serial(const CensusOptions& options) {
  auto run = CensusRun::open(options);
  if (!run) return report(run.failure());
  CodeClassifier classifier(options);
  for (const std::uint64_t index : run->pending()) {
    auto entry = classifier.classify(run->codes()[index]);
    if (!entry) return report(entry.failure());
    auto written = run->record(index, *std::move(entry));
    if (!written) return report(written.failure());
  }
  run->progress(true);
  return 0;
}

// One line per row of the table: whether it agrees with the proved sequence and, if not, the
// first heap where they differ. Exit status 0 whatever the table says.
int run_compare(const CensusOptions& options) {
  if (options.digits || !options.codes.empty() || !options.shard.empty() || options.mpi ||
      options.misere) {
    return report(
        "--compare TABLE runs alone (without --digits, --codes, --shard, --mpi or --misere)");
  }
  auto text = read_text_file(
      options.compare, fmt::format("--compare {}", nimkit::quoted(options.compare)), kMaxTableFile);
  if (!text) return report(text.failure());
  auto games = parse_published_table(*text);
  if (!games)
    return report(
        fail_as(games.failure(),
                fmt::format("--compare {}: {}", nimkit::quoted(options.compare), games.error())));
  auto file = open_output(options.output);
  if (!file) return report(file.failure());
  std::map<PublishedComparison::Verdict, std::uint64_t> verdicts;
  for (const PublishedGame& game : *games) {
    auto comparison = compare_published(game, options.limits);
    if (!comparison) return report(comparison.failure());
    nlohmann::ordered_json line;
    line["code"] = comparison->code;
    line["verdict"] = std::string(to_string(comparison->verdict));
    if (comparison->first_difference) line["first_difference"] = *comparison->first_difference;
    if (comparison->compared_to) line["compared_to"] = *comparison->compared_to;
    line["note"] = comparison->note;
    fmt::print(file->get(), "{}\n", line.dump());
    ++verdicts[comparison->verdict];
  }
  file->finish();
  if (options.progress) {
    using Verdict = PublishedComparison::Verdict;
    fmt::print(stderr,
               "compare: {} games: {} agree, {} disagree, {} not proved within the limits\n",
               games->size(), verdicts[Verdict::kAgrees], verdicts[Verdict::kDisagrees],
               verdicts[Verdict::kUnproved]);
  }
  return 0;
}

// The options as given, checked (the bounds of the play asked for; an option of the other play
// refused), then the run they ask for: a comparison, an MPI census or a serial one.
int run_census(CensusOptions& options, const std::optional<std::uint64_t>& max_heap,
               const std::string& memory, const std::vector<CLI::Option*>& other_play) {
  options.limits.cache_bytes =
      options.cache_mib > (~std::uint64_t{0} >> 20) ? ~std::uint64_t{0} : options.cache_mib << 20;
  if (max_heap) options.limits.max_heap = options.misere_limits.max_heap = *max_heap;
  if (!memory.empty()) {
    auto bytes = memory_budget(memory);
    if (!bytes) return report(bytes.failure());
    options.misere_limits.max_bytes = *bytes;
  }
  const auto wrong = std::find_if(other_play.begin(), other_play.end(),
                                  [](const CLI::Option* option) { return option->count() > 0; });
  if (wrong != other_play.end()) {
    return report(fmt::format("{} is an option of the {} census only", (*wrong)->get_name(),
                              options.misere ? "normal-play" : "misère (--misere)"));
  }
  const MisereCensusLimits& misere = options.misere_limits;
  if (options.misere && (misere.max_heap < 1 || misere.max_order < 1 || misere.max_steps < 1)) {
    return report("--max-heap, --max-order and --max-steps must be at least 1");
  }
  if (!options.misere && (options.limits.max_heap < 2 || options.limits.max_plain_heap < 2)) {
    return report("--max-heap and --max-plain-heap must be at least 2");
  }
  // --memory bounds the process's resident memory, not only what each quotient holds.
  if (options.misere) nimkit::return_freed_memory_promptly();
  if (!options.compare.empty()) return run_compare(options);
  if (options.mpi) return run_census_mpi(options);
  return run_serial(options);
}

}  // namespace

#ifndef NIMKIT_HAVE_MPI
int run_census_mpi(const CensusOptions& /*options*/) {
  return report("--mpi: this build of nimkit has no MPI (configure it with Open MPI installed)");
}
#endif

void add_census_command(CLI::App& app, int& status) {
  auto options = std::make_shared<CensusOptions>();
  CLI::App* command = app.add_subcommand(
      "census",
      "classify every octal code up to D digits (or a list): trivial, solved with a proved "
      "period, or unsolved (with --misere: tame, finite, partial or stopped by its misère "
      "quotient); one JSON line per code");
  add_u64_option(*command, "--digits", options->digits,
                 "codes 0.d1...dj and 4.d1...dj with j <= D octal digits, and 4 (D = 1 to 6)");
  command->add_option("--codes", options->codes,
                      "a file of codes, one a line (hexadecimal digits allowed; # comments)");
  auto max_heap = std::make_shared<std::optional<std::uint64_t>>();
  add_u64_option(*command, "--max-heap", *max_heap,
                 fmt::format("heaps computed per code at most (default {}; with --misere, heaps "
                             "of the quotient, default {})",
                             CensusLimits{}.max_heap, MisereCensusLimits{}.max_heap));
  // Options of one play only: given for the other, they are refused rather than ignored.
  std::vector<CLI::Option*> normal_only{
      add_u64_option(*command, "--max-plain-heap", options->limits.max_plain_heap,
                     "heaps computed per code with three-heap splits (hex digits 8-F) at most"),
      add_u64_option(*command, "--max-work", options->limits.max_work,
                     "options a code's computation may visit at most (estimated)"),
      add_u64_option(*command, "--cache-mib", options->cache_mib,
                     "MiB of values of unsolved codes kept to derive codes that add single-heap "
                     "moves to them, checked heap by heap (0: compute every code)")};
  command->add_flag("--misere", options->misere,
                    "classify each code's misère play by its misère quotient: tame, finite, "
                    "partial or stopped");
  auto memory = std::make_shared<std::string>();
  std::vector<CLI::Option*> misere_only{
      add_u64_option(*command, "--max-order", options->misere_limits.max_order,
                     "--misere: elements a candidate quotient may have"),
      add_u64_option(*command, "--max-steps", options->misere_limits.max_steps,
                     "--misere: steps of work per code (the quotient's work meter)"),
      command->add_option("--memory", *memory,
                          fmt::format("--misere: bytes a code's quotient may keep, with K, M or "
                                      "G for powers of 1024 (default {}M)",
                                      MisereCensusLimits{}.max_bytes >> 20))};
  command->add_option("--output,--out", options->output,
                      "append the lines to this file; codes already in it are skipped");
  command->add_option("--shard", options->shard,
                      "K/N: only the codes at census positions K, K + N, K + 2N, ...");
  command->add_option("--compare", options->compare,
                      "instead of a census, compare a published table (game | prefix | period "
                      "| nimbers) with the proved sequences, one line per game");
  command->add_flag("--mpi", options->mpi,
                    "run under mpirun: rank 0 hands out codes and writes the output");
  command->add_flag_callback(
      "--no-progress", [options] { options->progress = false; }, "no progress line on stderr");
  command->callback([options, max_heap, memory, normal_only, misere_only, &status] {
    status = run_census(*options, *max_heap, *memory, options->misere ? normal_only : misere_only);
  });
}

}  // namespace nimkit::cli
