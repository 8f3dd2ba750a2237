// nimkit misere-quotient: the misère quotient of a heap game (misere_quotient.h) — its
// presentation, elements, P-portion, pretending function, period and why the computation
// stopped — as text or JSON; --save-quotient keeps it in a checked file and --quotient reads one
// back (verified) to print or extend.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "nimkit/limits.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit::cli {
namespace {

struct QuotientOptions {
  std::string rules;
  std::uint64_t max_heap = QuotientBounds{}.max_heap;
  std::optional<std::uint64_t> max_order;  // none: as many as the memory budget allows
  std::optional<std::uint64_t> max_index;  // none: index_bound()'s default
  std::uint64_t period = QuotientBounds{}.period;
  // None by default: a long computation is bounded by the memory budget and the heap bound (a
  // frontier heap charges tens of billions of steps, a table row a step per cell).
  std::optional<std::uint64_t> limit;
  bool json = false;
  std::string save;
  std::string load;
  std::string memory;                    // --memory; empty: MemAvailable
  std::optional<std::uint64_t> threads;  // none: 2 when the machine has two processors
  std::string checkpoint;
  double checkpoint_every = 60;  // seconds
  bool progress = true;
};

// Heaps of Φ per line of the text output.
constexpr std::uint64_t kPhiPerLine = 12;

std::vector<std::string> names(const MisereQuotient& q, const std::vector<QuotientElement>& xs) {
  std::vector<std::string> out;
  for (QuotientElement x : xs) out.push_back(q.name(x));
  return out;
}

std::vector<QuotientElement> p_sorted(const MisereQuotient& q) {
  std::vector<QuotientElement> out;
  for (QuotientElement x : q.elements_in_order()) {
    if (q.in_p(x)) out.push_back(x);
  }
  return out;
}

void print_json(const Ruleset& rules, const MisereQuotient& q) {
  nlohmann::json generators = nlohmann::json::array();
  for (std::size_t g = 0; g < q.generators_at().size(); ++g) {
    generators.push_back({{"name", q.name(q.generators()[g])}, {"heap", q.generators_at()[g]}});
  }
  std::vector<std::string> phi;
  for (std::uint64_t h = 0; h <= q.max_heap(); ++h) phi.push_back(q.name(q.phi(h)));
  nlohmann::json j{{"rules", rules.spec()},
                   {"game", q.rules()},
                   {"title", ruleset_title(rules)},
                   {"order", q.order()},
                   {"p_size", q.p_size()},
                   {"tame", q.tame()},
                   {"generators", generators},
                   {"relations", q.relation_texts()},
                   {"elements", names(q, q.elements_in_order())},
                   {"p_portion", names(q, p_sorted(q))},
                   {"max_heap", q.max_heap()},
                   {"phi", phi},
                   {"grew_at", q.grew_at()},
                   {"generators_at", q.generators_at()},
                   {"stopped", q.stopped()}};
  if (q.period()) {
    j["period"] = {{"preperiod", q.period()->preperiod},
                   {"period", q.period()->period},
                   {"checked_to", q.period()->checked_to}};
  } else {
    j["period"] = nullptr;
  }
  if (const auto& proof = q.index_proof()) {
    j["index_proof"] = {
        {"next_heap", proof->next_heap}, {"heap", proof->heap},
        {"at_least", proof->at_least},   {"period", proof->period},
        {"lower", proof->lower},         {"lower_outcome", proof->lower_in_p ? "P" : "N"},
        {"upper", proof->upper()},       {"upper_outcome", proof->lower_in_p ? "N" : "P"},
        {"text", describe(*proof)}};
  } else {
    j["index_proof"] = nullptr;
  }
  nlohmann::json proved = nlohmann::json::array();
  for (const ProvedOutcome& outcome : q.proved_outcomes()) {
    proved.push_back(
        {{"sum", outcome.sum}, {"outcome", outcome.in_p ? "P" : "N"}, {"text", describe(outcome)}});
  }
  j["proved_outcomes"] = std::move(proved);
  if (const auto& rounds = q.rounds()) {
    j["rounds"] = {
        {"heap", q.max_heap() + 1}, {"period", rounds->period}, {"count", rounds->rounds.size()}};
  } else {
    j["rounds"] = nullptr;
  }
  fmt::print("{}\n", contract::dump_json(j));
}

void print_text(const Ruleset& rules, const MisereQuotient& q, const QuotientBounds& bounds) {
  fmt::print("{} ({}), misère quotient {}\n", ruleset_title(rules), q.rules(),
             q.period() ? "of every heap" : fmt::format("of heaps up to {}", q.max_heap()));
  fmt::print("Order {}, |P| = {}, {}\n", q.order(), q.p_size(),
             q.tame() ? "tame (the quotient of misère Nim's positions)" : "wild (not tame)");
  std::vector<std::string> generators;
  for (std::size_t g = 0; g < q.generators_at().size(); ++g) {
    generators.push_back(
        fmt::format("{} = Φ({})", q.name(q.generators()[g]), q.generators_at()[g]));
  }
  fmt::print("Generators: {}\n",
             generators.empty() ? "none" : fmt::to_string(fmt::join(generators, ", ")));
  const std::vector<std::string> relations = q.relation_texts();
  fmt::print("Relations: {}\n",
             relations.empty() ? "none" : fmt::to_string(fmt::join(relations, ", ")));
  fmt::print("Elements ({}): {}\n", q.order(), fmt::join(names(q, q.elements_in_order()), ", "));
  fmt::print("P-portion ({}): {}\n", q.p_size(), fmt::join(names(q, p_sorted(q)), ", "));
  fmt::print("Pretending function Φ (heaps 1 to {}):\n", q.max_heap());
  for (std::uint64_t first = 1; first <= q.max_heap(); first += kPhiPerLine) {
    const std::uint64_t last = std::min(q.max_heap(), first + kPhiPerLine - 1);
    std::vector<std::string> row;
    for (std::uint64_t h = first; h <= last; ++h) row.push_back(q.name(q.phi(h)));
    fmt::print("  {:>4}-{:<4} {}\n", first, last, fmt::join(row, " "));
  }
  if (q.period()) {
    fmt::print(
        "Φ(n + {}) = Φ(n) for every n ≥ {}: proved by the misère periodicity theorem from heaps 1 "
        "to {}\n",
        q.period()->period, q.period()->preperiod, q.period()->checked_to);
  }
  fmt::print("Grew at heaps: {}\n", fmt::join(q.grew_at(), " "));
  fmt::print("Generators added at heaps: {}\n", fmt::join(q.generators_at(), " "));
  fmt::print("Stopped: {}\n", q.stopped());
  if (const auto& rounds = q.rounds()) {
    fmt::print(
        "Rounds kept: {} of heap {}'s candidates, rebuilt when a saved copy is extended "
        "(--save-quotient, then --quotient)\n",
        rounds->rounds.size(), q.max_heap() + 1);
  }
  if (!q.proved_outcomes().empty()) {
    fmt::print(
        "Outcomes proved: {} sums with heap {} (each round's least mispredicted sum; --json lists "
        "them), the last {}\n",
        q.proved_outcomes().size(), q.max_heap() + 1, describe(q.proved_outcomes().back()));
  }
  // A stop at the index bound gives the proof in its words already.
  if (const auto& proof = q.index_proof();
      proof && q.stopped().find(describe(*proof)) == std::string::npos) {
    fmt::print("Index proved: {}\n", describe(*proof));
  }
  // Stopped by the index bound: the two ways on, neither sure (docs/misere.md).
  if (const auto& proof = q.index_proof();
      proof && proof->at_least > index_bound(bounds, proof->next_heap)) {
    fmt::print(
        "To go on: --period {} finds powers that repeat with period {} (octal:4.726's heap 7 "
        "needs 4), a larger --max-index lets them climb further; neither converges for every "
        "game\n",
        2 * bounds.period, 2 * bounds.period);
  }
}

// report() of a failed computation: a bound of this command's own (--max-order, --memory, the
// verification's pairs) is not raised by --limit, so only the meter's stop gets that advice.
int report_stop(const Error& error, const Limits& limits) {
  if (error.kind == ErrorKind::kLimit && !(limits.meter && limits.meter->exhausted())) {
    return report(error.message);
  }
  return report(error);
}

using Clock = std::chrono::steady_clock;

// The progress line on stderr (redrawn on a terminal, a line every ten seconds otherwise) and
// the checkpoints of one computation.
class QuotientMonitor {
 public:
  QuotientMonitor(const QuotientOptions& options, const std::string& game, const Limits& limits)
      : options_(options),
        game_(game),
        limits_(limits),
        tty_(::isatty(STDERR_FILENO) != 0),
        start_(Clock::now()),
        last_line_(start_) {}
  QuotientMonitor(const QuotientMonitor&) = delete;
  QuotientMonitor& operator=(const QuotientMonitor&) = delete;
  ~QuotientMonitor() { finish(); }

  QuotientObserver observer() {
    QuotientObserver observer;
    if (options_.progress) {
      observer.progress = [this](const QuotientProgress& p) { show(p); };
    }
    if (!options_.checkpoint.empty()) {
      observer.checkpoint = [this](const MisereQuotient& q) { save(q); };
      observer.checkpoint_every = std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(options_.checkpoint_every));
    }
    return observer;
  }
  // The status of a failed checkpoint write (0 when none failed).
  int status() const { return status_; }
  void finish() {
    if (line_shown_ && tty_) fmt::print(stderr, "\n");
    line_shown_ = false;
  }

 private:
  void show(const QuotientProgress& p) {
    const auto now = Clock::now();
    const auto every = tty_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10'000);
    if (now - last_line_ < every) return;
    last_line_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    fmt::print(stderr, "{}{}: {}  ({:.0f} s)", tty_ ? "\r\033[K" : "", game_, describe(p), elapsed);
    if (!tty_) fmt::print(stderr, "\n");
    line_shown_ = true;
  }
  void save(const MisereQuotient& q) {
    if (status_ != 0) return;
    finish();
    status_ = write_whole_file(options_.checkpoint, save_misere_quotient(q), "--checkpoint");
    // A checkpoint that cannot be written stops the computation: it would run for nothing.
    if (status_ != 0 && limits_.meter) limits_.meter->cancel();
  }

  const QuotientOptions& options_;
  std::string game_;
  const Limits& limits_;
  const bool tty_;
  const Clock::time_point start_;
  Clock::time_point last_line_;
  bool line_shown_ = false;
  int status_ = 0;
};

int run_quotient(const QuotientOptions& options) {
  auto rules = make_ruleset(options.rules);
  if (!rules) return report(rules.failure());
  if (!has_misere_quotient(**rules)) {
    return report(fmt::format(
        "--rules {} has no misère quotients here: they are computed for games of single heaps "
        "whose moves leave smaller heaps",
        nimkit::quoted(options.rules)));
  }
  // --memory bounds the process's resident memory, not only what the computation holds.
  nimkit::return_freed_memory_promptly();
  QuotientBounds bounds;
  bounds.max_heap = options.max_heap;
  if (options.max_order) bounds.max_order = static_cast<std::size_t>(*options.max_order);
  if (const auto index = options.max_index) {
    if (*index < 2 || *index > kMostQuotientIndex) {
      return report(fmt::format("--max-index {} must be from 2 to {}", *index, kMostQuotientIndex));
    }
    bounds.max_index = static_cast<std::uint32_t>(*index);
  }
  if (options.period < 1 || options.period > kMostQuotientPeriod) {
    return report(
        fmt::format("--period {} must be from 1 to {}", options.period, kMostQuotientPeriod));
  }
  bounds.period = static_cast<std::uint32_t>(options.period);
  if (options.threads && (*options.threads < 1 || *options.threads > 2)) {
    return report(fmt::format("--threads {} must be 1 or 2", *options.threads));
  }
  bounds.threads =
      options.threads ? static_cast<std::size_t>(*options.threads) : default_quotient_threads();
  auto budget = memory_budget(options.memory);
  if (!budget) return report(budget.failure());
  Limits limits = command_limits(options.limit.value_or(~std::uint64_t{0}));
  // The candidate monoids, their tables and the verification's pairs stay within --memory: a
  // computation that would pass it stops there, naming the budget (or fails, when not even
  // heap 1 fits). By default half the memory available, so that a growing quotient leaves the
  // machine room for everything else.
  if (options.memory.empty()) *budget /= 2;
  if (*budget != 0) limits.max_search_bytes = *budget;
  std::optional<MisereQuotient> from;
  if (!options.load.empty()) {
    // A binary file: one "line" may be the whole of it.
    // The file is read whole before it is checked: at most the memory budget.
    const std::uint64_t most = limits.max_search_bytes;
    auto bytes = read_text_file(options.load, nimkit::quoted(options.load), most, most);
    if (!bytes) return report(bytes.failure());
    QuotientBounds reading = bounds;
    reading.max_heap = std::max<std::uint64_t>(bounds.max_heap, 1'000'000);
    auto loaded = load_misere_quotient(*bytes, **rules, reading, limits);
    if (!loaded) {
      return report_stop(
          fail_as(loaded.failure(), fmt::format("{}: {}", sanitize(options.load), loaded.error())),
          limits);
    }
    from = std::move(*loaded);
  }
  if (!(options.checkpoint_every > 0) || options.checkpoint_every > kMostCheckpointSeconds) {
    return report(
        fmt::format("--checkpoint-every {} must be a positive number of seconds, at most {}",
                    options.checkpoint_every, kMostCheckpointSeconds));
  }
  QuotientMonitor monitor(options, (*rules)->spec(), limits);
  auto quotient =
      compute_misere_quotient(**rules, bounds, limits, from ? &*from : nullptr, monitor.observer());
  monitor.finish();
  if (monitor.status() != 0) return monitor.status();
  // Cancelled by SIGTERM, it fails (kCancelled) rather than return what it had: exit 143, nothing
  // printed or saved but the checkpoint of the heaps done, when one is asked for.
  if (!quotient) return report_stop(quotient.failure(), limits);
  if (!options.save.empty()) {
    if (const int status =
            write_whole_file(options.save, save_misere_quotient(*quotient), "--save-quotient");
        status != 0) {
      return status;
    }
  }
  if (options.json) {
    print_json(**rules, *quotient);
  } else {
    print_text(**rules, *quotient, bounds);
  }
  return 0;
}

}  // namespace

void add_misere_quotient_command(CLI::App& app, int& status) {
  auto [command, options] = add_command<QuotientOptions>(
      app, "misere-quotient",
      "the misère quotient of a heap game: presentation, P-portion, pretending function, period",
      status, run_quotient);
  command->add_option("--rules", options->rules, "the game, e.g. kayles, dawson, octal:0.75, nim")
      ->required();
  add_u64_option(*command, "--max-heap", options->max_heap,
                 "heaps examined at most (default 300): the quotient of heaps up to it when no "
                 "period is proved by then");
  add_u64_option(*command, "--max-order", options->max_order,
                 "elements a candidate quotient may have (default: as many as --memory allows)");
  add_u64_option(*command, "--max-index", options->max_index,
                 fmt::format("the largest index of a heap's class the computation pursues, "
                             "from 2 (default: the heap being added, at least {}): it stops where "
                             "sums prove a larger one",
                             kLeastIndexBound));
  add_u64_option(*command, "--period", options->period,
                 "the period of the candidates' new generators, 1 to 64 (default 2): a quotient "
                 "is found only when its heaps' powers repeat with a period dividing it (4 for "
                 "octal:4.726)");
  add_u64_option(*command, "--limit", options->limit, "work limit, as for analyze (default: none)");
  command->add_option(
      "--memory", options->memory,
      std::string("memory budget of the candidate quotients, their tables and the "
                  "verification, in bytes with K, M or G for powers of 1024 (default: half "
                  "of MemAvailable of /proc/meminfo); the computation stops "
                  "where it would pass it"));
  add_u64_option(*command, "--threads", options->threads,
                 "threads of the candidate search, 1 or 2 (default: 2 when the machine has two "
                 "processors; the quotient is the same)");
  command->add_flag("--json", options->json, "print the quotient as one JSON object");
  command->add_option(
      "--checkpoint", options->checkpoint,
      "write the quotient of the heaps done to FILE every --checkpoint-every "
      "seconds and when SIGTERM stops the computation (resume with --quotient FILE)");
  command->add_option("--checkpoint-every", options->checkpoint_every,
                      "seconds between checkpoints (default 60)");
  command->add_flag_callback(
      "--no-progress", [options] { options->progress = false; }, "no progress line on stderr");
  command->add_option("--save-quotient", options->save,
                      "write the quotient to FILE (a checked binary format)");
  command->add_option("--quotient", options->load,
                      "start from the quotient saved in FILE (verified first; refused when "
                      "corrupt or of another game)");
}

}  // namespace nimkit::cli
