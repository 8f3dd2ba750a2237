// nimkit grundy: the Grundy sequence g(0), g(1), ... of a heap ruleset, and its proved period.
#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "long_run.h"
#include "nimkit/heap_game.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit::cli {
using contract::dump_json;
using contract::nimber_json;

namespace {

// --limit by default: with the work meter of every command at 5 steps per unit of --limit
// (command_limits), a sequence may visit a billion options while tabulating (about a second).
constexpr std::uint64_t kDefaultLimit = 200'000'000;
// Values written per step, so that long sequences stream.
constexpr std::uint64_t kChunk = 1 << 20;

struct GrundyOptions {
  std::string rules;
  std::string count;
  std::string upto;
  bool period = false;
  bool json = false;
  std::string out;
  std::string limit = std::to_string(kDefaultLimit);
  bool limit_given = false;  // a long run is bounded by --limit only when it is given
  std::string search;        // empty: the library's default (sequence_job.h)
  LongRunOptions long_run;   // sparse-space engine, checkpoints, --stats (long_run.h)
};

// Appends the decimal text of v (a JSON string past 2^64-1, as nimber_json gives it).
void append_value(std::string& text, Nimber v, bool json) {
  if (v <= ~std::uint64_t{0}) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, static_cast<std::uint64_t>(v));
    text.append(digits, end.ptr);
  } else {
    text += json ? "\"" + to_string(v) + "\"" : to_string(v);
  }
}

// The count the options ask for: --count N, or --upto N (N + 1 values).
Result<std::uint64_t> requested_count(const GrundyOptions& options) {
  if (options.count.empty() == options.upto.empty()) {
    return fail("give exactly one of --count N (values g(0)..g(N-1)) or --upto N (g(0)..g(N))");
  }
  if (!options.count.empty()) {
    if (options.count.starts_with('-')) {
      return fail(fmt::format("--count {} is negative: expected 1 to {}",
                              nimkit::quoted(options.count), kMaxHeap));
    }
    auto n = parse_u64(options.count, "--count");
    if (!n) return n;
    if (*n == 0) return fail("--count \"0\" asks for no values: expected at least 1");
    return n;
  }
  auto n = parse_u64(options.upto, "--upto");
  if (!n) return n;
  if (*n == kMaxHeap) return fail(fmt::format("--upto \"{}\" is too large", options.upto));
  return *n + 1;
}

// Writes g(0) .. g(count-1) of a ruleset on the ruleset's own engine (closed form, period or
// table), streamed in chunks, and the period; returns the exit status.
int write_table_sequence(std::shared_ptr<const Ruleset> rules, const GrundyOptions& options,
                         const SequenceJobOptions& job_options, const Limits& limits) {
  SequenceJobArgument culprit = SequenceJobArgument::kNone;
  auto job = SequenceJob::create(rules, job_options, limits, &culprit);
  if (!job) return report(job_error(job.failure(), culprit));
  // Everything that can fail is computed before writing: a failure leaves no partial output.
  auto ran = job->run();
  if (!ran) return report(ran.failure());
  // A meter spent or cancelled between two stretches stops the run without an error of its own.
  if (*ran != SequenceJobStop::kNone) return report(limits.stop_error());
  const std::uint64_t count = job_options.count;
  auto file = open_output(options.out);
  if (!file) return report(file.failure());
  std::FILE* out = file->get();
  if (options.json)
    fmt::print(out, "{{\"rules\":{},\"values\":[", dump_json(nlohmann::json(rules->spec())));
  std::string text;
  for (std::uint64_t begin = 0; begin < count;) {
    auto values = job->values(begin, std::min(count, begin + kChunk));
    if (!values) return report(values.failure());
    text.clear();
    for (std::size_t i = 0; i < values->size(); ++i) {
      if (options.json && begin + i > 0) text += ',';
      append_value(text, (*values)[i], options.json);
      if (!options.json) text += '\n';
    }
    std::fwrite(text.data(), 1, text.size(), out);
    begin += values->size();
  }
  const PeriodReport period = period_report(*job);
  if (options.json) {
    std::fputs("]", out);
    if (options.period) fmt::print(out, ",\"period\":{}", dump_json(period_json(period)));
    std::fputs("}\n", out);
  } else if (options.period) {
    std::fputs(period_text(period).c_str(), out);
  }
  if (std::ferror(out) != 0) return report(fmt::format("could not write the output"));
  // Only now does an --out file replace what the path held: a failure above leaves it as it was.
  file->finish();
  return 0;
}

// What to do for a ruleset without a Grundy sequence: analyze its positions one at a time, as
// the command for the registry's start position shows.
std::string analyze_instead(const Ruleset& rules) {
  const RulesetEntry* entry = find_ruleset_entry(rules.spec());
  std::string start;
  for (const std::string& word : words(entry != nullptr ? entry->start : "POSITION")) {
    // A digraph's arrows hold '>', which a shell would read as a redirection.
    const bool plain = word.find_first_of("<>|&;()$`'\"\\*?! ") == std::string::npos;
    start += plain ? " " + word : " '" + word + "'";
  }
  return fmt::format("analyze its positions instead, e.g. nimkit analyze --rules {}{}",
                     sanitize(rules.spec()), start);
}

int run_grundy(const GrundyOptions& options) {
  if (options.count.empty() == options.upto.empty())
    return report(requested_count(options).failure());
  auto rules = make_ruleset(options.rules);
  if (!rules) return report(rules.failure());
  // The library says which rulesets have a sequence (the server's Grundy view asks the same).
  switch (value_shape(**rules)) {
    case ValueShape::kSequence:
      break;
    case ValueShape::kGrid:
      return report(
          fmt::format("ruleset {} plays on pairs of heaps: its values form a table g(a, b), not a "
                      "sequence; {}",
                      nimkit::quoted((*rules)->spec()), analyze_instead(**rules)));
    case ValueShape::kNone:
      return report(fmt::format("ruleset {} {}: it has no Grundy sequence; {}",
                                nimkit::quoted((*rules)->spec()),
                                (*rules)->loopy() && (*rules)->heap_game() != nullptr
                                    ? "can be played for ever, so its values may be infinite (∞)"
                                    : "is not played on single heaps",
                                analyze_instead(**rules)));
  }
  auto count = requested_count(options);
  if (!count) return report(count.failure());
  auto work = parse_u64(options.limit, "--limit");
  if (!work) return report(work.failure());
  SequenceJobOptions job;
  job.count = *count;
  job.period = options.period;
  if (!options.search.empty()) {
    auto search = parse_u64(options.search, "--search");
    if (!search) return report(search.failure());
    job.period_search = *search;
  }
  // The library chooses the engine; the sparse-space engine's long runs take the options of
  // long_run.h (progress line, checkpoints, statistics, threads).
  if (sequence_job_engine(**rules) == SequenceJobEngine::kSparse) {
    // Long runs are meant to be long (Grundy's game to 2^30 takes half an hour): the heaps asked
    // bound them, and --limit too when it is given.
    Limits long_limits = command_limits(*work);
    if (!options.limit_given) long_limits.meter = std::make_shared<WorkMeter>(0);
    return run_long_grundy(*rules, options.long_run, job, options.json, options.out, long_limits);
  }
  return write_table_sequence(*rules, options, job, command_limits(*work));
}

}  // namespace

void add_grundy_command(CLI::App& app, int& status) {
  auto options = std::make_shared<GrundyOptions>();
  CLI::App* command = app.add_subcommand(
      "grundy", "The Grundy sequence g(0), g(1), ... of a ruleset, and its period (proved)");
  std::string names;
  for (const RulesetEntry& e : registry()) {
    names += (names.empty() ? "" : ", ") + e.name + (e.parameters.empty() ? "" : ":PARAMS");
  }
  command->add_option("--rules", options->rules, "ruleset: " + names)->required();
  command->add_option("--count", options->count, "print g(0) .. g(N-1)");
  command->add_option("--upto", options->upto, "print g(0) .. g(N)");
  command->add_flag("--period", options->period,
                    "report the period and preperiod, and whether they are proved");
  command->add_flag("--json", options->json,
                    "print {\"rules\", \"values\": [...], \"period\": {...}} as one JSON object");
  command->add_option("--out", options->out, "write to FILE instead of standard output");
  command->add_option("--search", options->search,
                      "with --period: compute at most this many values looking for a period (at "
                      "least the count; default 100000, or 33554432 for octal codes)");
  command
      ->add_option("--limit", options->limit,
                   std::string(kLimitHelp) +
                       "; octal codes and Grundy's game: 5 estimated options per unit, and "
                       "only when given")
      ->capture_default_str();
  add_long_run_options(*command, options->long_run);
  command->callback([options, command, &status] {
    options->limit_given = command->count("--limit") > 0;
    status = run_grundy(*options);
  });
}

}  // namespace nimkit::cli
