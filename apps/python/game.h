// The Python classes over positions, analyses, players and matches (game.cc).
#pragma once

#include <memory>
#include <string>

#include "common.h"
#include "nimkit/analysis.h"
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

void add_game(py::module_& module);

}  // namespace nimkit::python
