// The Python classes over positions, moves and analyses (game.cc), players and matches
// (match.cc), and nimbers (nimber.cc).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common.h"
#include "nimkit/analysis.h"
#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/ruleset.h"

namespace nimkit::python {

// nimkit.Position: immutable; the default ruleset is the one its text is written in.
struct PyPosition {
  Position position;
  std::shared_ptr<const Ruleset> rules;  // the default ruleset ("nim" unless given)

  std::string text() const;
};

// Parses `text` in the notation of `rules` (a ruleset spec), raising ValueError naming the bad
// value.
PyPosition parse(const std::string& text, const std::string& rules);
// A Position argument, or text to parse in the default rules ("nim").
PyPosition as_position(const py::object& value);

// One move of a position, as a result: its text, its words and the position it leaves.
struct PyMove {
  std::string text;
  std::string description;
  std::size_t component = 0;
  PyPosition after;
};

PyMove make_move(const PyPosition& before, const Move& move, const Limits& limits);

// The position as HTML for a notebook: heaps drawn as rows of counters (at most 40 drawn per
// heap), other components as their text.
std::string position_html(const PyPosition& p);

// Analyses and searches start on the calling thread with this many steps: most questions are
// answered in microseconds, without the cost of a thread. One that needs more is asked again on a
// thread of its own, where Ctrl-C reaches it (run_cancellable); what the first try computed into
// the rulesets' tables is kept.
inline constexpr std::uint64_t kInlineSteps = 50'000;

template <typename T>
Result<T> metered(const Limits& limits, const std::function<Result<T>(const Limits&)>& work) {
  Limits quick = limits;
  quick.meter = std::make_shared<WorkMeter>(kInlineSteps);
  Result<T> first = work(quick);
  // An answer is whole only when the quick budget never ran out: an analysis that ran out while
  // listing its moves still answers (winner, value), with the moves it had not found dropped. A
  // limit reached within it (a share of the quick budget, as a misère quotient's) may be one the
  // caller's budget passes: asked again too.
  if (!quick.meter->exhausted() && (first || first.error_kind() != ErrorKind::kLimit)) {
    return first;
  }
  return run_cancellable<Result<T>>(*limits.meter, [&] { return work(limits); });
}

// Registers nimkit.Position, Move, Component, Analysis, analyze and rulesets.
void add_game(py::module_& module);
// Registers nimkit.Player, perfect, random, skilled and Match; after add_game, whose classes they
// name.
void add_match(py::module_& module);
// Registers nimkit.Nimber and nim_evaluate.
void add_nimber(py::module_& module);

}  // namespace nimkit::python
