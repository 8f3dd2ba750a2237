// HeapRuleset: heap rulesets whose values g(0), g(1), ... come from a table, extended for ever by
// a proved period; and the questions any front end asks of a ruleset's values (grundy_values,
// look_up_period, value_shape, grundy_grid), whatever the ruleset.
//
// HeapRuleset is the base of the arity-1 rulesets whose values come from a table (subtraction,
// octal, Grundy's game). Its values come from one SequenceEngine: the sparse-space engine of
// grundy_sequence.h (GrundySequence) for octal codes without three-heap splits and for Grundy's
// game (one byte per value while the values allow it), otherwise a 64-bit table filled by
// extend_values()/mex_value(). HeapRuleset extends the engine on demand within Limits, looks for a
// period (find_period of periodicity.h, the one period finder) whenever the table doubles, and once
// a period is proved answers every heap up to 2^64-1 in O(1) and stops computing. The engine is
// shared by every user of the ruleset object and guarded by a mutex. Analysis (Ruleset::value,
// which HeapGame answers with HeapRuleset::grundy) reads values through the ruleset; the front
// ends' sequences (`nimkit grundy`, the Python module, `/api/grundy`) go through SequenceJob
// (sequence_job.h), which reads them through grundy_values() and look_up_period() or drives the
// sparse-space engine of the game split_game() names (long runs: checkpoints, progress).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_game.h"
#include "nimkit/limits.h"
#include "nimkit/nimber.h"
#include "nimkit/periodicity.h"
#include "nimkit/result.h"

namespace nimkit {

// The values of one Grundy sequence, computed on demand.
class SequenceEngine {
 public:
  virtual ~SequenceEngine() = default;
  // Values known: g(0) ... g(size() - 1).
  virtual std::uint64_t size() const = 0;
  // g(n) for n < size().
  virtual std::uint64_t value(std::uint64_t n) const = 0;
  // Computes values up to `size`, adding the options visited (or an estimate) to `work` and
  // charging them to limits' meter as it goes; may stop early, once work passes limits.max_scan
  // or the meter stops.
  virtual void extend(std::uint64_t size, std::uint64_t& work, const Limits& limits) = 0;
  // find_period (periodicity.h) over the values known.
  virtual std::optional<Periodicity> period(const PeriodTheorem& theorem) const = 0;
};

class HeapRuleset : public HeapGame {
 public:
  explicit HeapRuleset(RulesetFacts facts);
  ~HeapRuleset() override;

  const HeapRuleset* heap_ruleset() const final { return this; }

  // g(n): a closed form, the proved period, or the table (extended up to limits.max_table with at
  // most limits.max_scan options visited per call). Fails naming the limit and how far values
  // are known.
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;

  // The theorem that proves periods of this ruleset's values, if one applies.
  virtual std::optional<PeriodTheorem> period_theorem() const { return std::nullopt; }
  // g(n) in closed form, when the ruleset has one (then the table is never used).
  virtual std::optional<Nimber> closed_form(std::uint64_t /*heap*/) const { return std::nullopt; }
  // A period that follows from the closed form, with `proof` naming it.
  virtual std::optional<Periodicity> closed_form_period() const { return std::nullopt; }
  // g(n) by mex, where n = previous.size() and previous[i] = g(i). Adds the options it visited
  // to `work`.
  virtual std::uint64_t mex_value(std::span<const std::uint64_t> previous,
                                  std::uint64_t& work) const = 0;

  // The split game whose values the sparse-space engine (grundy_sequence.h) computes, for octal
  // codes and Grundy's game: front ends that need that engine's long runs (checkpoints, progress,
  // statistics) ask this rather than reading the ruleset's name. nullopt for other rulesets.
  virtual std::optional<SplitGame> split_game() const { return std::nullopt; }

  // The engine this ruleset's values come from (called once, with the mutex held): the
  // sparse-space engine when split_game() names a game it computes, else a 64-bit table filled
  // by extend_values().
  virtual std::unique_ptr<SequenceEngine> make_engine() const;

  // Appends g(n) for n = table.size() ... size-1 to `table` (table[i] = g(i) on entry), adding
  // the options visited to `work`; may stop early, once work passes `budget`. The default calls
  // mex_value() heap by heap; rulesets with a faster algorithm override it (split games use the
  // sparse-space engine through make_engine() instead). Called with the table's mutex held.
  virtual void extend_values(std::vector<std::uint64_t>& table, std::uint64_t size,
                             std::uint64_t& work, std::uint64_t budget) const;

  // g(begin) ... g(end-1). Fails like grundy().
  Result<std::vector<Nimber>> values(std::uint64_t begin, std::uint64_t end,
                                     const Limits& limits) const;

  // Values computed so far, g(0) ... g(known_values() - 1): the table kept for later calls (a
  // proved period answers every heap beyond it).
  std::uint64_t known_values() const;

  struct PeriodSearch {
    std::optional<Periodicity> period;  // a proved period, if one was found
    std::uint64_t searched_to = 0;      // values g(0) ... g(searched_to) were examined
    std::string stopped_by;             // why the search stopped without a period, in words
  };
  // Looks for a proved period, computing values as far as the proof needs, at least to
  // `at_least`, and at most to limits.max_table (within limits.max_scan options visited).
  PeriodSearch find_period(std::uint64_t at_least, const Limits& limits) const;

 private:
  struct State;
  Result<bool> extend(State& state, std::uint64_t size, const Limits& limits) const;
  void check_period(State& state) const;
  std::unique_ptr<State> state_;
};

// g(begin) ... g(end-1) of any arity-1 ruleset: a HeapRuleset's table and period, otherwise
// grundy() heap by heap. Fails on an arity other than 1 or past the limits.
Result<std::vector<Nimber>> grundy_values(const Ruleset& rules, std::uint64_t begin,
                                          std::uint64_t end, const Limits& limits);

// Why a period lookup has no proved period to show.
enum class PeriodStop {
  kNone,          // a proved period was found
  kNoTheorem,     // no periodicity theorem or closed form applies to the ruleset
  kSearchLimit,   // the search's own limits (the table, the options scanned) stopped it
  kRequestLimit,  // the caller's meter (its work, deadline or cancel) stopped it
};

struct PeriodLookup {
  std::optional<Periodicity> period;  // a proved period
  std::uint64_t searched_to = 0;      // values g(0) ... g(searched_to) were examined
  PeriodStop stopped = PeriodStop::kNone;
  std::string why;  // why there is no period, in words; empty when one was found
};

// The proved period of any ruleset's Grundy sequence: a HeapRuleset's closed form, or its theorem
// applied to at least `count` values (count ≥ 1) and at most limits.max_table; without either,
// kNoTheorem with searched_to count - 1 (no value is computed for it).
PeriodLookup look_up_period(const Ruleset& rules, std::uint64_t count, const Limits& limits);

// The ruleset as single heaps with a table of values and a period search (the heap facet's
// HeapGame::heap_ruleset()), or null.
const HeapRuleset* heap_ruleset_of(const Ruleset& rules);
// Values of any ruleset's sequence kept for later calls (HeapRuleset::known_values()); 0 for a
// ruleset that keeps no table.
std::uint64_t known_values(const Ruleset& rules);

// The game the sparse-space engine computes for `rules` (HeapRuleset::split_game()), if any.
std::optional<SplitGame> split_game(const Ruleset& rules);

// The picture of a ruleset's Grundy values a front end can draw: the sequence g(n) of a ruleset on
// single heaps (a HeapGame of arity 1), the grid g(a, b) of one on pairs of heaps (arity 2), or
// none (rulesets on graphs, boards or coins, those whose moves span any number of heaps, and loopy
// ones, whose values may be infinite).
// kLast: keep last; name a new value in the table beside its to_string() (checked there).
enum class ValueShape { kNone, kSequence, kGrid, kLast = kGrid };
ValueShape value_shape(const Ruleset& rules);
std::string_view to_string(ValueShape shape);  // "none", "sequence", "grid"

// g(a, b) for a < rows, b < columns of a ruleset on pairs of heaps, row by row (index
// a·columns + b): HeapGame::grundy_grid. Fails on another shape or past the limits.
Result<std::vector<Nimber>> grundy_grid(const Ruleset& rules, std::uint64_t rows,
                                        std::uint64_t columns, const Limits& limits);

}  // namespace nimkit
