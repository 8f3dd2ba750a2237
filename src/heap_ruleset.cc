#include "nimkit/heap_ruleset.h"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>

#include "enum_names.h"
#include "nimkit/quote.h"

namespace nimkit {

namespace {

constexpr EnumName<ValueShape> kValueShapeNames[] = {
    {ValueShape::kNone, "none"},
    {ValueShape::kSequence, "sequence"},
    {ValueShape::kGrid, "grid"},
};
static_assert(names_every_value(kValueShapeNames), "a ValueShape has no name");

}  // namespace
namespace {

// Values by mex: a 64-bit table filled by the ruleset's extend_values().
class MexEngine final : public SequenceEngine {
 public:
  explicit MexEngine(const HeapRuleset& rules) : rules_(rules) {}
  std::uint64_t size() const override { return table_.size(); }
  std::uint64_t value(std::uint64_t n) const override { return table_[n]; }
  void extend(std::uint64_t size, std::uint64_t& work, const Limits& limits) override {
    const std::uint64_t before = work;
    rules_.extend_values(table_, size, work, limits.max_scan);
    // extend_values counts every option and stops past the budget: one charge per call.
    limits.charge(std::max<std::uint64_t>(work - before, 1));
  }
  std::optional<Periodicity> period(const PeriodTheorem& theorem) const override {
    return find_period(std::span<const std::uint64_t>(table_), theorem);
  }

 private:
  const HeapRuleset& rules_;
  std::vector<std::uint64_t> table_;  // table_[n] = g(n)
};

// Values by the sparse-space engine (grundy_sequence.h), for octal codes without three-heap splits
// and for Grundy's game: the same values as mex, found much faster, stored at one byte per value
// while the values allow it, with no second copy in a 64-bit table.
class SplitEngine final : public SequenceEngine {
 public:
  explicit SplitEngine(GrundySequence sequence) : sequence_(std::move(sequence)) {}

  std::uint64_t size() const override { return sequence_.size(); }
  std::uint64_t value(std::uint64_t n) const override { return sequence_.value(n); }
  void extend(std::uint64_t size, std::uint64_t& work, const Limits& limits) override {
    // Each stretch's work is charged as soon as it is done, so a deadline or a cancel stops a long
    // code within a stretch, not after the whole extension.
    extend_metered(sequence_, size, [&](const SequenceProgress&, std::uint64_t stretch) {
      work = std::min(work + stretch, ~std::uint64_t{0} - 1);
      return limits.charge(stretch) && work <= limits.max_scan;
    });
  }
  std::optional<Periodicity> period(const PeriodTheorem& /*theorem*/) const override {
    // The engine's candidate is find_period under the same octal theorem.
    return sequence_.period_candidate();
  }

 private:
  GrundySequence sequence_;
};

}  // namespace

struct HeapRuleset::State {
  std::mutex mutex;
  std::unique_ptr<SequenceEngine> engine;  // made on first use (make_engine is virtual)
  std::optional<Periodicity> period;
  std::uint64_t next_check = 32;   // the table size at which to look for a period next
  std::uint64_t checked_size = 0;  // the table size at the last look

  SequenceEngine& values(const HeapRuleset& rules) {
    if (!engine) engine = rules.make_engine();
    return *engine;
  }
};

HeapRuleset::HeapRuleset(RulesetFacts facts) : HeapGame(facts), state_(std::make_unique<State>()) {}
HeapRuleset::~HeapRuleset() = default;

std::unique_ptr<SequenceEngine> HeapRuleset::make_engine() const {
  if (const auto game = split_game(); game && !game->has_triple_split()) {
    if (auto created = GrundySequence::create(*game, SequenceAlgorithm::kSparse)) {
      return std::make_unique<SplitEngine>(std::move(created).value());
    }
  }
  return std::make_unique<MexEngine>(*this);
}

namespace {

// Appends g(begin) ... g(end-1), all at or past the table's end, from the proved period: one
// division for the first heap, then a running residue and offset.
void append_periodic(const Periodicity& period, const SequenceEngine& table, std::uint64_t begin,
                     std::uint64_t end, std::vector<Nimber>& out) {
  std::uint64_t r = period.preperiod + (begin - period.preperiod) % period.period;
  Nimber offset = Nimber{(begin - period.preperiod) / period.period} * period.saltus;
  for (std::uint64_t n = begin; n < end; ++n) {
    out.push_back(table.value(r) + offset);
    if (++r == period.preperiod + period.period) {
      r = period.preperiod;
      offset += period.saltus;
    }
  }
}

}  // namespace

void HeapRuleset::check_period(State& state) const {
  const SequenceEngine& table = state.values(*this);
  if (state.period || state.checked_size == table.size()) return;
  state.checked_size = table.size();
  const auto theorem = period_theorem();
  if (!theorem) return;
  auto found = table.period(*theorem);
  if (found && found->proved) state.period = std::move(found);
}

Result<bool> HeapRuleset::extend(State& state, std::uint64_t size, const Limits& limits) const {
  SequenceEngine& table = state.values(*this);
  std::uint64_t work = 0;
  const bool periodic = period_theorem().has_value();
  while (table.size() < size && !state.period) {
    if (work > limits.max_scan) {
      return fail_limit(fmt::format(
          "computing Grundy values of {} needs more than the scan limit {} (values known up to "
          "heap {})",
          sanitize(spec()), limits.max_scan, table.size() - 1));
    }
    // Stop at the next size where a period is looked for.
    const std::uint64_t target =
        periodic ? std::min<std::uint64_t>(
                       size, std::max<std::uint64_t>(state.next_check, table.size() + 1))
                 : size;
    table.extend(target, work, limits);
    // Tabulating is work of the whole request or command: a shared budget stops it too.
    if (limits.meter && limits.meter->exhausted()) {
      return fail_as(limits.stop_error(),
                     fmt::format("computing Grundy values of {}: {} (values known up to heap {})",
                                 sanitize(spec()), limits.stopped(),
                                 table.size() == 0 ? 0 : table.size() - 1));
    }
    if (periodic && table.size() >= state.next_check) {
      state.next_check *= 2;
      check_period(state);
    }
  }
  if (periodic) check_period(state);
  return true;
}

void HeapRuleset::extend_values(std::vector<std::uint64_t>& table, std::uint64_t size,
                                std::uint64_t& work, std::uint64_t budget) const {
  while (table.size() < size && work <= budget) table.push_back(mex_value(table, work));
}

Result<Nimber> HeapRuleset::grundy(std::span<const Heap> component, const Limits& limits) const {
  const std::uint64_t n = component[0].size;
  if (auto g = closed_form(n)) return *g;
  State& state = *state_;
  std::lock_guard lock(state.mutex);
  const SequenceEngine& table = state.values(*this);
  auto lookup = [&]() -> Nimber {
    if (n < table.size()) return table.value(n);
    return state.period->extend(n, [&](std::uint64_t r) { return table.value(r); });
  };
  if (n < table.size() || state.period) return lookup();
  const bool periodic = period_theorem().has_value();
  const std::uint64_t want = n < limits.max_table ? n + 1 : limits.max_table;
  auto extended = extend(state, want, limits);
  if (!extended) return extended.failure();
  if (n < table.size() || state.period) return lookup();
  if (periodic) {
    return fail_limit(fmt::format(
        "Grundy value of heap {} in {}: beyond the table limit {} and no period proved up to "
        "heap {}",
        n, sanitize(spec()), limits.max_table, table.size() - 1));
  }
  return fail_limit(fmt::format(
      "Grundy value of heap {} in {}: beyond the table limit {} (its values have no closed form "
      "or period)",
      n, sanitize(spec()), limits.max_table));
}

Result<std::vector<Nimber>> HeapRuleset::values(std::uint64_t begin, std::uint64_t end,
                                                const Limits& limits) const {
  std::vector<Nimber> out;
  if (end <= begin) return out;
  out.reserve(end - begin);
  if (closed_form(0)) {
    for (std::uint64_t n = begin; n < end; ++n) out.push_back(*closed_form(n));
    return out;
  }
  State& state = *state_;
  std::lock_guard lock(state.mutex);
  const SequenceEngine& table = state.values(*this);
  if (end > table.size() && !state.period) {
    auto extended = extend(state, std::min(end, limits.max_table), limits);
    if (!extended) return extended.failure();
    if (end > table.size() && !state.period) {
      return fail_limit(fmt::format(
          "Grundy value of heap {} in {}: beyond the table limit {}{}", end - 1, sanitize(spec()),
          limits.max_table,
          period_theorem() ? fmt::format(" and no period proved up to heap {}", table.size() - 1)
                           : ""));
    }
  }
  const std::uint64_t known = std::min<std::uint64_t>(end, table.size());
  for (std::uint64_t n = begin; n < known; ++n) out.push_back(table.value(n));
  if (known < end) append_periodic(*state.period, table, std::max(begin, known), end, out);
  return out;
}

std::uint64_t HeapRuleset::known_values() const {
  std::lock_guard lock(state_->mutex);
  return state_->values(*this).size();
}

HeapRuleset::PeriodSearch HeapRuleset::find_period(std::uint64_t at_least,
                                                   const Limits& limits) const {
  PeriodSearch search;
  if (auto known = closed_form_period()) {
    search.period = known;
    search.searched_to = known->checked_to;
    return search;
  }
  State& state = *state_;
  std::lock_guard lock(state.mutex);
  const SequenceEngine& table = state.values(*this);
  if (!period_theorem()) {
    auto extended =
        extend(state, std::min(std::max<std::uint64_t>(at_least, 1), limits.max_table), limits);
    search.searched_to = table.size() == 0 ? 0 : table.size() - 1;
    search.stopped_by =
        extended ? "no periodicity theorem applies to this ruleset" : extended.error();
    return search;
  }
  // Double the table until the theorem proves a period or a limit stops the search.
  while (!state.period) {
    const std::uint64_t size = table.size();
    const std::uint64_t want =
        std::min(limits.max_table, std::max({size * 2, at_least, std::uint64_t{64}}));
    if (want <= size) {
      search.stopped_by = fmt::format("the table limit {}", limits.max_table);
      break;
    }
    auto extended = extend(state, want, limits);
    if (!extended) {
      search.stopped_by = extended.error();
      break;
    }
  }
  search.period = state.period;
  search.searched_to = state.period ? state.period->checked_to : table.size() - 1;
  return search;
}

const HeapRuleset* heap_ruleset_of(const Ruleset& rules) {
  const HeapGame* game = rules.heap_game();
  return game ? game->heap_ruleset() : nullptr;
}

Result<std::vector<Nimber>> grundy_values(const Ruleset& rules, std::uint64_t begin,
                                          std::uint64_t end, const Limits& limits) {
  const HeapGame* heap_game = rules.heap_game();
  if (heap_game == nullptr) {
    return fail(ErrorKind::kUnsupported,
                fmt::format("{} is not played on heaps: it has no Grundy sequence",
                            sanitize(rules.spec())));
  }
  if (heap_game->arity() != 1) {
    return fail(
        ErrorKind::kUnsupported,
        fmt::format("{} plays on {} heaps at a time: Grundy sequences need single heaps",
                    sanitize(rules.spec()),
                    heap_game->arity() == 0 ? "several" : std::to_string(heap_game->arity())));
  }
  if (const HeapRuleset* heap_rules = heap_game->heap_ruleset()) {
    return heap_rules->values(begin, end, limits);
  }
  std::vector<Nimber> out;
  for (std::uint64_t n = begin; n < end; ++n) {
    const Heap heap{n, false};
    auto g = heap_game->grundy(std::span<const Heap>(&heap, 1), limits);
    if (!g) return g.failure();
    out.push_back(*g);
  }
  return out;
}

PeriodLookup look_up_period(const Ruleset& rules, std::uint64_t count, const Limits& limits) {
  PeriodLookup lookup;
  const HeapRuleset* heap_rules = heap_ruleset_of(rules);
  if (heap_rules == nullptr ||
      (!heap_rules->period_theorem() && !heap_rules->closed_form_period())) {
    lookup.searched_to = count == 0 ? 0 : count - 1;
    lookup.stopped = PeriodStop::kNoTheorem;
    lookup.why = "no periodicity theorem applies to this ruleset";
    return lookup;
  }
  const HeapRuleset::PeriodSearch search = heap_rules->find_period(count, limits);
  lookup.searched_to = search.searched_to;
  if (search.period && search.period->proved) {
    lookup.period = search.period;
    return lookup;
  }
  const bool request_limit = limits.meter && limits.meter->exhausted();
  lookup.stopped = request_limit ? PeriodStop::kRequestLimit : PeriodStop::kSearchLimit;
  lookup.why = request_limit ? limits.meter->reason() : search.stopped_by;
  return lookup;
}

std::uint64_t known_values(const Ruleset& rules) {
  const HeapRuleset* heap_rules = heap_ruleset_of(rules);
  return heap_rules ? heap_rules->known_values() : 0;
}

std::optional<SplitGame> split_game(const Ruleset& rules) {
  const HeapRuleset* heap_rules = heap_ruleset_of(rules);
  return heap_rules ? heap_rules->split_game() : std::nullopt;
}

ValueShape value_shape(const Ruleset& rules) {
  const HeapGame* heap_game = rules.heap_game();
  // A loopy game's values may be infinite: no sequence or grid of nimbers pictures them.
  if (heap_game == nullptr || rules.loopy()) return ValueShape::kNone;
  switch (heap_game->arity()) {
    case 1:
      return ValueShape::kSequence;
    case 2:
      return ValueShape::kGrid;
    default:
      return ValueShape::kNone;
  }
}

std::string_view to_string(ValueShape shape) { return name_of(kValueShapeNames, shape); }

Result<std::vector<Nimber>> grundy_grid(const Ruleset& rules, std::uint64_t rows,
                                        std::uint64_t columns, const Limits& limits) {
  if (value_shape(rules) != ValueShape::kGrid) {
    return fail(ErrorKind::kUnsupported,
                fmt::format("{} is not played on pairs of heaps: it has no table g(a, b)",
                            sanitize(rules.spec())));
  }
  return rules.heap_game()->grundy_grid(rows, columns, limits);
}

}  // namespace nimkit
