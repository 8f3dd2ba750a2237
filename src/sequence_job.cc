#include "nimkit/sequence_job.h"

#include <fmt/format.h>

#include <algorithm>
#include <thread>
#include <utility>

namespace nimkit {
namespace {

// Values the ruleset's engine checks before the caller reads any, and keeps for its first read
// when they could not be read again without computing them: a failure then comes before any
// output.
constexpr std::uint64_t kFirstValues = std::uint64_t{1} << 20;

// Heaps the ruleset's engine computes between two looks at the meter (a cancel is heard within
// milliseconds).
constexpr std::uint64_t kRulesetStretch = std::uint64_t{1} << 14;

// Whether the ruleset keeps a table of its values (a HeapRuleset without a closed form), and
// whether its values could be read again without computing them (a table or a formula).
bool keeps_table(const Ruleset& rules) {
  const HeapRuleset* heap_rules = heap_ruleset_of(rules);
  return heap_rules != nullptr && !heap_rules->closed_form(0).has_value();
}
bool rereadable(const Ruleset& rules) {
  return heap_ruleset_of(rules) != nullptr || rules.value_source() == ValueSource::kClosedForm;
}

}  // namespace

struct SequenceJob::State {
  std::shared_ptr<const Ruleset> rules;
  SequenceJobOptions options;
  Limits limits;         // the values'
  Limits search_limits;  // the period search's (the ruleset's engine)
  std::optional<SplitGame> game;
  std::shared_ptr<GrundySequence> sequence;
  SequencePeriod period;
  std::optional<Periodicity> stream;  // the proved period later values come from
  std::vector<Nimber> first;          // the ruleset's engine: g(0) ... kept (!rereadable)

  std::uint64_t search() const {
    return std::max(options.count,
                    options.period_search.value_or(game ? kSplitPeriodSearch : kTablePeriodSearch));
  }
  // The ruleset's engine: whether g(0) ... g(end - 1) are known without more work (a formula or
  // the ruleset's table, perhaps computed by an earlier caller), so that a stopped meter does not
  // stop their reading.
  bool known(std::uint64_t end) const {
    return rules->value_source() == ValueSource::kClosedForm || end <= known_values(*rules);
  }
  Result<SequenceJobStop> run_sparse(const SequenceProgressCallback& progress);
  Result<SequenceJobStop> run_ruleset();
};

SequenceJobEngine sequence_job_engine(const Ruleset& rules) {
  return split_game(rules) ? SequenceJobEngine::kSparse : SequenceJobEngine::kRuleset;
}

SequenceJob::SequenceJob(std::unique_ptr<State> state) : state_(std::move(state)) {}
SequenceJob::SequenceJob(SequenceJob&&) noexcept = default;
SequenceJob& SequenceJob::operator=(SequenceJob&&) noexcept = default;
SequenceJob::~SequenceJob() = default;

Result<SequenceJob> SequenceJob::create(std::shared_ptr<const Ruleset> rules,
                                        const SequenceJobOptions& options, const Limits& limits,
                                        SequenceJobArgument* culprit) {
  auto blame = [culprit](SequenceJobArgument argument) {
    if (culprit != nullptr) *culprit = argument;
  };
  blame(SequenceJobArgument::kNone);
  if (auto checked = check_sequence_count(options.count); !checked) {
    blame(SequenceJobArgument::kCount);
    return checked.failure();
  }
  unsigned threads = static_cast<unsigned>(
      std::clamp<std::uint64_t>(std::thread::hardware_concurrency(), 1, kMaxSequenceThreads));
  if (options.threads) {
    auto checked = check_sequence_threads(*options.threads);
    if (!checked) {
      blame(SequenceJobArgument::kThreads);
      return checked.failure();
    }
    threads = *checked;
  }
  auto state = std::make_unique<State>();
  state->rules = std::move(rules);
  state->options = options;
  state->limits = limits;
  if (!state->limits.meter) state->limits.meter = std::make_shared<WorkMeter>(0);
  if (!options.shared_table) state->game = split_game(*state->rules);
  if (!state->game) {
    // The table may grow to the count, and the period search to its bound, no further.
    state->limits.max_table = std::max(state->limits.max_table, options.count);
    state->search_limits = state->limits;
    state->search_limits.max_table = state->search();
    return SequenceJob(std::move(state));
  }
  SequenceOptions engine;
  engine.threads = threads;
  engine.memory_budget = options.memory_budget;
  const SequenceAlgorithm* algorithm = options.algorithm ? &*options.algorithm : nullptr;
  auto opened =
      options.resume == nullptr
          ? GrundySequence::create(*state->game,
                                   options.algorithm.value_or(SequenceAlgorithm::kSparse), engine)
          : GrundySequence::restore(*options.resume, options.resume_size, &*state->game, algorithm,
                                    engine);
  if (!opened) {
    if (options.resume != nullptr) blame(SequenceJobArgument::kResume);
    return opened.failure();
  }
  state->sequence = std::make_shared<GrundySequence>(std::move(opened).value());
  return SequenceJob(std::move(state));
}

SequenceJobEngine SequenceJob::engine() const {
  return state_->game ? SequenceJobEngine::kSparse : SequenceJobEngine::kRuleset;
}
const SplitGame* SequenceJob::game() const { return state_->game ? &*state_->game : nullptr; }
const GrundySequence* SequenceJob::sequence() const { return state_->sequence.get(); }
std::shared_ptr<GrundySequence> SequenceJob::share_sequence() const { return state_->sequence; }
const SequencePeriod& SequenceJob::period() const { return state_->period; }
std::uint64_t SequenceJob::size() const {
  return state_->sequence ? state_->sequence->size() : known_values(*state_->rules);
}

Result<std::uint64_t> SequenceJob::memory_needed() const {
  const State& s = *state_;
  if (s.sequence) return s.sequence->memory_for(s.options.count);
  if (!s.options.values) return std::uint64_t{0};
  // The job's copy of the first values is counted for every value: a bound.
  const int per_value = (keeps_table(*s.rules) ? 8 : 0) + (rereadable(*s.rules) ? 0 : 16) +
                        (s.options.whole_table ? 8 : 0);
  return check_table_memory(s.options.count, per_value, s.options.memory_budget);
}

Result<SequenceJobStop> SequenceJob::run(const SequenceProgressCallback& progress) {
  return state_->game ? state_->run_sparse(progress) : state_->run_ruleset();
}

Result<SequenceJobStop> SequenceJob::State::run_sparse(const SequenceProgressCallback& progress) {
  GrundySequence& seq = *sequence;
  const std::uint64_t count = options.count;
  // Metered stretches (grundy_sequence.h): the caller hears of each within tens of milliseconds
  // however long the code's values take, and the meter bounds their estimated work.
  bool heard_stop = false;
  const MeteredReport report = [&](const SequenceProgress& p, std::uint64_t work) {
    if (!limits.charge(work)) return false;
    if (progress && !progress(p)) {
      heard_stop = true;
      return false;
    }
    return true;
  };
  auto stopped = [&] { return heard_stop || limits.meter->exhausted(); };
  bool finished = true;
  std::optional<Periodicity> proved;
  if (options.period && game->grundys_game) {
    period.searched_to = count - 1;
    period.stopped = PeriodStop::kNoTheorem;
    period.why = "no periodicity theorem applies to Grundy's game";
  } else if (options.period) {
    auto result = prove_period_metered(seq, search(), report);
    if (result) {
      proved = *result;
    } else if (stopped()) {
      finished = false;
    } else {
      period.searched_to = search() - 1;
      period.stopped = PeriodStop::kSearchLimit;
      period.why = result.error();
    }
  }
  // A proved period answers every heap: compute only what the proof needs and stream the rest
  // from the period, unless the caller wants the whole table.
  const bool by_period = !game->grundys_game && !options.whole_table;
  if (finished && by_period && !proved && !options.period) {
    auto quiet = prove_period_metered(seq, count, report);
    if (quiet) {
      proved = *quiet;
    } else if (stopped()) {
      finished = false;
    }
  }
  if (by_period && proved) stream = proved;
  if (finished && !stream && options.values) finished = extend_metered(seq, count, report);
  if (options.period) period.period = proved;
  period.checked_to = period.stopped == PeriodStop::kNoTheorem ? count - 1
                      : seq.size() == 0                        ? 0
                                                               : seq.size() - 1;
  if (finished) return SequenceJobStop::kNone;
  return heard_stop ? SequenceJobStop::kProgress : SequenceJobStop::kLimit;
}

// The values first, then the period: the ruleset proves a period as its table grows, so the values
// cost no more for coming first, and a period search the meter stops (which computes at least the
// count) leaves them all computed.
Result<SequenceJobStop> SequenceJob::State::run_ruleset() {
  const std::uint64_t count = options.count;
  if (options.values) {
    // In stretches, so that a cancel is heard between them. The first values of a ruleset that
    // could not read them again are kept for the caller's first read; otherwise one value a
    // stretch extends the ruleset's table (or checks its formula), which the caller reads.
    const bool keep = !rereadable(*rules);
    for (std::uint64_t begin = 0; begin < count; begin += kRulesetStretch) {
      const std::uint64_t end = std::min(count, begin + kRulesetStretch);
      if (limits.meter->exhausted() && !known(end)) return SequenceJobStop::kLimit;
      const bool kept = keep && begin < kFirstValues;
      auto values = grundy_values(*rules, kept ? begin : end - 1, end, limits);
      if (!values) return values.failure();
      if (kept) first.insert(first.end(), values->begin(), values->end());
    }
  }
  if (options.period) {
    const PeriodLookup lookup = look_up_period(*rules, count, search_limits);
    period.period = lookup.period;
    period.checked_to = lookup.searched_to;
    period.searched_to = lookup.searched_to;
    period.stopped = lookup.stopped;
    period.why = lookup.why;
  }
  return SequenceJobStop::kNone;
}

Result<std::vector<Nimber>> SequenceJob::values(std::uint64_t begin, std::uint64_t end) const {
  State& s = *state_;
  if (s.sequence) {
    std::vector<Nimber> out;
    for (const std::uint32_t v : values32(begin, end - begin)) out.push_back(v);
    return out;
  }
  if (end <= s.first.size()) {
    return std::vector<Nimber>(s.first.begin() + static_cast<std::ptrdiff_t>(begin),
                               s.first.begin() + static_cast<std::ptrdiff_t>(end));
  }
  return grundy_values(*s.rules, begin, end, s.limits);
}

std::vector<std::uint32_t> SequenceJob::values32(std::uint64_t begin, std::uint64_t count) const {
  const State& s = *state_;
  if (s.stream) return s.sequence->values(begin, count, *s.stream);
  return s.sequence->values(begin, count);
}

}  // namespace nimkit
