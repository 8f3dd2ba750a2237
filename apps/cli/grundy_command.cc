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
// Heaps a period search may compute by default: table rulesets (subtraction, ...) by mex, and
// octal codes by the sparse-space engine (enough for the .354 proof, which needs 20,126,195).
constexpr std::uint64_t kTableSearch = 100'000;
constexpr std::uint64_t kSequenceSearch = std::uint64_t{1} << 25;
// Values computed and written per step, so that long sequences stream.
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
  std::string search;        // empty: kTableSearch, or kSequenceSearch for octal codes
  LongRunOptions long_run;   // sparse-space engine, checkpoints, --stats (long_run.h)
};

PeriodReport find_period(const Ruleset& rules, std::uint64_t count, const Limits& limits) {
  const PeriodLookup lookup = look_up_period(rules, count, limits);
  PeriodReport report;
  report.period = lookup.period;
  report.checked_to = lookup.searched_to;
  if (!lookup.period) {
    report.note = fmt::format("no period found up to {} ({})", lookup.searched_to, lookup.why);
  }
  return report;
}

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

// Writes g(0) .. g(count-1) of a ruleset, streamed in chunks from grundy_values (a proved period
// answers every heap at once), and the period; returns the exit status.
int write_table_sequence(const Ruleset& rules, const GrundyOptions& options, std::uint64_t count,
                         const Limits& limits, const Limits& search_limits) {
  // Compute everything that can fail before writing, so that a failure leaves no partial output.
  std::optional<PeriodReport> period;
  if (options.period) period = find_period(rules, count, search_limits);
  auto first = grundy_values(rules, 0, std::min(count, kChunk), limits);
  if (!first) return report(first.failure());
  if (count > kChunk) {
    // Later chunks can still fail (a table limit): check the last value first.
    auto last = grundy_values(rules, count - 1, count, limits);
    if (!last) return report(last.failure());
  }
  auto file = open_output(options.out);
  if (!file) return report(file.failure());
  std::FILE* out = file->get();
  if (options.json)
    fmt::print(out, "{{\"rules\":{},\"values\":[", dump_json(nlohmann::json(rules.spec())));
  std::vector<Nimber> values = std::move(*first);
  std::string text;
  for (std::uint64_t begin = 0; begin < count;) {
    text.clear();
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (options.json && begin + i > 0) text += ',';
      append_value(text, values[i], options.json);
      if (!options.json) text += '\n';
    }
    std::fwrite(text.data(), 1, text.size(), out);
    begin += values.size();
    if (begin >= count) break;
    auto next = grundy_values(rules, begin, std::min(count, begin + kChunk), limits);
    if (!next) return report(next.failure());
    values = std::move(*next);
  }
  if (options.json) {
    std::fputs("]", out);
    if (period) fmt::print(out, ",\"period\":{}", dump_json(period_json(*period)));
    std::fputs("}\n", out);
  } else if (period) {
    std::fputs(period_text(*period).c_str(), out);
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
      return report(
          fmt::format("ruleset {} is not played on single heaps: it has no Grundy "
                      "sequence; {}",
                      nimkit::quoted((*rules)->spec()), analyze_instead(**rules)));
  }
  auto count = requested_count(options);
  if (!count) return report(count.failure());
  auto work = parse_u64(options.limit, "--limit");
  if (!work) return report(work.failure());
  // Octal codes and Grundy's game go to the sparse-space engine's long runs (progress line,
  // checkpoints, statistics), which also prove periods of millions of heaps; the ruleset says
  // whether it is one. Other rulesets are tabulated by mex.
  const std::optional<SplitGame> game = split_game(**rules);
  auto search = options.search.empty()
                    ? Result<std::uint64_t>(game ? kSequenceSearch : kTableSearch)
                    : parse_u64(options.search, "--search");
  if (!search) return report(search.failure());
  if (game) {
    // Long runs are meant to be long (Grundy's game to 2^30 takes half an hour): the heaps asked
    // bound them, and --limit too when it is given.
    Limits long_limits = command_limits(*work);
    if (!options.limit_given) long_limits.meter = std::make_shared<WorkMeter>(0);
    return run_long_grundy(*game, (*rules)->spec(), options.long_run, *count, options.period,
                           *search, options.json, options.out, long_limits);
  }
  Limits limits = command_limits(*work);
  limits.max_table = std::max(limits.max_table, *count);
  // The period search computes values up to --search (at least the count), no further.
  Limits search_limits = limits;
  search_limits.max_table = std::max(*search, *count);
  return write_table_sequence(**rules, options, *count, limits, search_limits);
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
