// nimkit.Position, nimkit.Move, nimkit.analyze, nimkit.rulesets.
#include "game.h"

#include <pybind11/stl.h>

#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "nimkit/explain.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::python {

namespace {

struct PyComponent {
  std::string rules;
  std::string text;
  std::string label;
  py::dict fields;  // what a view draws: {"heaps": [7]}, {"edges": [1, 2, 2, 3]}
};

struct PyAnalysis {
  PyPosition position;
  Analysis analysis;
  std::vector<PyMove> moves;
  std::size_t max_listed = 0;  // the limit of moves listed (Limits::max_listed_moves)
  std::vector<PyMove> drawing_moves;
  std::optional<PyMove> finite_win_move;
};

// Why winning_moves holds fewer moves than there are, or None when it holds them all: the
// library's reason when some could not be enumerated, and the listing limit when the count passes
// it.
py::object unlisted(const PyAnalysis& a) {
  std::string why = a.analysis.moves_unlisted;
  const std::optional<Count>& count = a.analysis.winning_move_count;
  if (count && *count > a.moves.size()) {
    if (!why.empty()) why += "; ";
    why += std::to_string(a.moves.size()) + " of the " + to_string(*count) +
           " winning moves are listed (analyze lists at most " + std::to_string(a.max_listed) + ")";
  }
  if (why.empty()) return py::none();
  return py::str(why);
}

std::string analysis_html(const PyAnalysis& a) {
  const Explanation e =
      explanation(a.position.position, a.analysis, call_limits(std::optional<std::uint64_t>{}));
  std::ostringstream html;
  html << "<div class=\"nimkit-analysis\"><p>" << escape_html(e.heading) << "</p>";
  if (!e.rows.empty()) {
    html << "<table style=\"font-family:monospace\">";
    for (const Explanation::Row& row : e.rows) {
      html << "<tr><td>" << escape_html(row.label) << "</td><td>" << escape_html(row.rules)
           << "</td><td style=\"text-align:right\">" << to_string(row.value) << "</td><td>"
           << row.binary << "</td></tr>";
    }
    html << "<tr><td>X</td><td></td><td style=\"text-align:right\">" << to_string(e.total)
         << "</td><td style=\"border-top:1px solid\">" << e.total_binary << "</td></tr></table>";
  }
  for (const std::string& line : e.lines) html << "<p>" << escape_html(line) << "</p>";
  if (!e.winning_moves.empty()) {
    html << "<ul>";
    for (const std::string& move : e.winning_moves) html << "<li>" << escape_html(move) << "</li>";
    html << "</ul>";
  }
  html << "</div>";
  return html.str();
}

std::string winner_text(Outcome winner) { return std::string(to_string(winner)); }

// A value as the JSON's "grundy" holds it: a number, or the text of an infinite generalized value.
py::object value_of(const LoopyValue& value) {
  if (value.is_finite()) return to_python(value.nimber());
  return py::str(to_string(value));
}

py::object grundy_of(const PyAnalysis& a) {
  if (a.analysis.loopy_value) return value_of(*a.analysis.loopy_value);
  if (!a.analysis.grundy) return py::none();
  return to_python(*a.analysis.grundy);
}

PyAnalysis run_analysis(const py::object& position, bool misere, const Limit& limit,
                        bool remoteness) {
  PyPosition p = as_position(position);
  const Limits limits = call_limits(limit);
  const Convention convention = misere ? Convention::kMisere : Convention::kNormal;
  Analysis analysis = take(metered<Analysis>(limits, [&](const Limits& l) {
    return analyze(p.position, convention, l, AnalysisOptions{.remoteness = remoteness});
  }));
  PyAnalysis result{p, std::move(analysis), {}, limits.max_listed_moves, {}, {}};
  if (result.analysis.finite_win_move) {
    result.finite_win_move = make_move(p, *result.analysis.finite_win_move, limits);
  }
  for (const Move& move : result.analysis.winning_moves) {
    result.moves.push_back(make_move(p, move, limits));
  }
  for (const Move& move : result.analysis.drawing_moves) {
    result.drawing_moves.push_back(make_move(p, move, limits));
  }
  return result;
}

}  // namespace

std::string position_html(const PyPosition& p) {
  std::ostringstream html;
  html << "<div class=\"nimkit-position\"><code>" << escape_html(p.text()) << "</code>";
  html << "<table style=\"border-collapse:collapse\">";
  const auto& components = p.position.components();
  for (std::size_t c = 0; c < components.size(); ++c) {
    const Component& component = components[c];
    const std::string label = component.rules->label(component.state, p.position.first_item(c));
    html << "<tr><td style=\"padding-right:1em\">" << escape_html(label) << "</td><td>";
    bool drawn = false;
    for (const ViewField& field : component.rules->view_fields(component.state)) {
      if (field.name != "heaps") continue;
      for (const std::uint64_t heap : field.values) {
        html << "<span style=\"letter-spacing:2px\">";
        for (std::uint64_t i = 0; i < std::min<std::uint64_t>(heap, 40); ++i) html << "&#9679;";
        if (heap > 40) html << "&hellip;";
        html << "</span> " << heap << " ";
      }
      drawn = true;
    }
    if (!drawn) html << "<code>" << escape_html(format_component(component)) << "</code>";
    html << "</td></tr>";
  }
  html << "</table></div>";
  return html.str();
}

std::string PyPosition::text() const { return format_position(position, rules.get()); }

PyMove make_move(const PyPosition& before, const Move& move, const Limits& limits) {
  return PyMove{format_move(before.position, move, limits), describe(before.position, move, limits),
                move.component, PyPosition{before.position.after(move), before.rules}};
}

PyPosition parse(const std::string& text, const std::string& rules) {
  auto ruleset = take(make_ruleset(rules));
  return PyPosition{take(parse_position(std::string_view(text), ruleset)), ruleset};
}

PyPosition as_position(const py::object& value) {
  if (py::isinstance<py::str>(value)) return parse(value.cast<std::string>(), "nim");
  try {
    return value.cast<PyPosition>();
  } catch (const py::cast_error&) {
    throw py::type_error("expected a nimkit.Position or its text, got " +
                         std::string(py::str(py::type::of(value).attr("__name__"))));
  }
}

namespace {

void add_rulesets(py::module_& mod) {
  mod.def(
      "rulesets",
      [] {
        py::list out;
        for (const RulesetEntry& entry : registry()) {
          py::dict d;
          d["name"] = entry.name;
          d["title"] = entry.title.empty() ? entry.name : entry.title;
          d["rules"] = entry.rules.empty() ? entry.summary : entry.rules;
          d["notation"] =
              entry.parameters.empty() ? entry.name : entry.name + ":" + entry.parameters;
          d["view"] = entry.facts.view;
          d["loopy"] = entry.facts.loopy;
          d["values_are_sizes"] = !entry.facts.values_are_sizes.empty();
          d["examples"] = entry.examples;
          d["start"] = entry.start;
          out.append(d);
        }
        return out;
      },
      "Every ruleset of the registry, as dicts: name, title, rules (in words), notation, view, "
      "values_are_sizes (a component's Grundy value is its size, as for Nim), loopy (play can "
      "come back to a position: a game may be a draw), examples (ruleset specs) and start (a "
      "position to start a game from).");
}

void define_component(py::class_<PyComponent>& component_class) {
  component_class.def_readonly("rules", &PyComponent::rules, "The ruleset's spec, e.g. 'kayles'.")
      .def_readonly("text", &PyComponent::text, "Its items as they follow 'RULES:', e.g. '7'.")
      .def_readonly("label", &PyComponent::label, "As a person names it, e.g. 'heap 2'.")
      .def_readonly("fields", &PyComponent::fields,
                    "The numbers a view draws it with, e.g. {'heaps': [7]}.")
      .def("__repr__", [](const PyComponent& c) {
        return "Component(" + py::repr(py::str(c.rules)).cast<std::string>() + ", " +
               py::repr(py::str(c.text)).cast<std::string>() + ")";
      });
}

// Position: how it is made and what it holds.
void define_position(py::class_<PyPosition>& position_class) {
  position_class
      .def(py::init([](const std::string& text, const std::string& rules) {
             // A long text is read off the GIL where Ctrl-C reaches it: the parse charges a
             // step a token to a meter that only a cancel stops.
             constexpr std::size_t kInlineText = 64 << 10;
             if (text.size() <= kInlineText) return parse(text, rules);
             auto ruleset = take(make_ruleset(rules));
             Limits limits;
             limits.meter = std::make_shared<WorkMeter>(0);
             return PyPosition{
                 take(run_cancellable<Result<Position>>(
                     *limits.meter,
                     [&] { return parse_position(std::string_view(text), ruleset, limits); })),
                 ruleset};
           }),
           py::arg("text"), py::arg("rules") = "nim",
           "Parses nimkit notation: Position('3 4 5'), Position('7 4', rules='kayles'), "
           "Position('kayles:7 dawson:12 node-kayles:1-2,2-3'). Raises ValueError naming the "
           "bad value.")
      .def_property_readonly(
          "components",
          [](const PyPosition& p) {
            std::vector<PyComponent> out;
            const auto& components = p.position.components();
            for (std::size_t c = 0; c < components.size(); ++c) {
              py::dict fields;
              for (const ViewField& f : components[c].rules->view_fields(components[c].state)) {
                if (f.scalar && !f.values.empty()) {
                  fields[py::str(f.name)] = f.values.front();
                } else {
                  fields[py::str(f.name)] = f.values;
                }
              }
              out.push_back(
                  {components[c].rules->spec(), format_component(components[c]),
                   components[c].rules->label(components[c].state, p.position.first_item(c)),
                   fields});
            }
            return out;
          },
          "The components, in order.")
      .def_property_readonly(
          "rules", [](const PyPosition& p) { return p.rules->spec(); },
          "The ruleset bare items are read in.")
      .def_property_readonly(
          "is_terminal", [](const PyPosition& p) { return p.position.is_terminal(); },
          "Whether no move is left.");
}

// Position: its moves, play, and how it prints, compares and hashes.
void define_position_play(py::class_<PyPosition>& position_class) {
  position_class
      .def(
          "moves",
          [](const PyPosition& p, const Limit& limit) {
            const Limits limits = call_limits(limit);
            // Each move keeps the position it leaves: the list is refused, naming the memory
            // limit, before it is made when it would pass it.
            constexpr Count kMoveBytes = 512;  // a Move object, its texts and its Position
            constexpr Count kComponentBytes = 64;
            const Count moves = p.position.move_count();
            const Count per_move =
                kMoveBytes + kComponentBytes * (p.position.components().size() + 1);
            if (moves > Count{limits.max_search_bytes} / per_move) {
              raise_error(fail_limit("the position has " + to_string(moves) +
                                     " moves: listing them would take more than the memory "
                                     "limit of " +
                                     std::to_string(limits.max_search_bytes) +
                                     " bytes (raise it with limit=)"));
            }
            std::vector<PyMove> out;
            for (const Move& move : take(p.position.legal_moves(limits))) {
              out.push_back(make_move(p, move, limits));
            }
            return out;
          },
          py::arg("limit") = py::none(),
          "Every legal move, component by component. Raises nimkit.LimitError when the list "
          "would take more than the memory limit (1 GiB, more with a larger limit=).")
      .def(
          "play",
          [](const PyPosition& p, const std::string& text) {
            const Move move = take(parse_move(p.position, text));
            return PyPosition{p.position.after(move), p.rules};
          },
          py::arg("move"),
          "The position after a move in play notation ('1 2': take 2 from heap 1).")
      .def("__str__", &PyPosition::text)
      .def("__repr__",
           [](const PyPosition& p) {
             std::string r = "Position(" + py::repr(py::str(p.text())).cast<std::string>();
             if (p.rules->spec() != "nim")
               r += ", rules=" + py::repr(py::str(p.rules->spec())).cast<std::string>();
             return r + ")";
           })
      .def("__eq__",
           [](const PyPosition& a, const py::object& b) -> py::object {
             if (!py::isinstance<PyPosition>(b))
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(a.position == b.cast<const PyPosition&>().position);
           })
      .def("__hash__",
           [](const PyPosition& p) {
             return py::hash(py::str(format_position(p.position, nullptr)));
           })
      .def("_repr_html_", &position_html);
}

void define_move(py::class_<PyMove>& move_class) {
  move_class.def_readonly("text", &PyMove::text, "In play notation, e.g. '1 2'.")
      .def_readonly("description", &PyMove::description, "In words, e.g. 'take 2 from heap 1'.")
      .def_readonly("component", &PyMove::component, "The index of the component it is made in.")
      .def_readonly("position", &PyMove::after, "The position it leaves.")
      .def("__repr__", [](const PyMove& mv) {
        return "Move(" + py::repr(py::str(mv.text)).cast<std::string>() + ", " +
               py::repr(py::str(mv.description)).cast<std::string>() + ", -> " +
               py::repr(py::str(mv.after.text())).cast<std::string>() + ")";
      });
}

void define_analysis(py::class_<PyAnalysis>& analysis_class) {
  analysis_class
      .def_property_readonly(
          "position", [](const PyAnalysis& a) { return a.position; }, "The position analyzed.")
      .def_property_readonly(
          "winner", [](const PyAnalysis& a) { return winner_text(a.analysis.winner); },
          "'first' (the player to move), 'second', or 'draw' (neither player can force a win: "
          "play can go on for ever).")
      .def_property_readonly(
          "misere",
          [](const PyAnalysis& a) { return a.analysis.convention == Convention::kMisere; },
          "Whether misère play (last to move loses) was analyzed.")
      .def_property_readonly(
          "grundy", &grundy_of,
          "The normal-play Grundy value (the JSON's \"grundy\"): an int, or where play can go on "
          "for ever the text of an infinite generalized value such as '∞{0,2}'; None under misère "
          "play, or with no value within the limits.")
      .def_property_readonly("value", &grundy_of, "The same as grundy (its former name).")
      .def_property_readonly(
          "values",
          [](const PyAnalysis& a) {
            py::list out;
            if (a.analysis.loopy_value) {
              for (const LoopyValue& v : a.analysis.loopy_values) out.append(value_of(v));
              return out;
            }
            for (const Nimber v : a.analysis.values) out.append(to_python(v));
            return out;
          },
          "Each component's normal-play Grundy value (the JSON's components' \"grundy\": an int, "
          "or the text of an infinite value), or [] when some has none.")
      .def_property_readonly(
          "method", [](const PyAnalysis& a) { return std::string(to_string(a.analysis.method)); },
          "How the answer was found: 'nim-sum', 'Grundy values', 'search', 'misere-quotient', ...")
      .def_property_readonly(
          "remoteness",
          [](const PyAnalysis& a) -> py::object {
            if (!a.analysis.remoteness) return py::none();
            return py::int_(*a.analysis.remoteness);
          },
          "Moves left with perfect play when asked for (analyze(..., remoteness=True)) and its "
          "search fits its cap; else None.")
      .def_readonly("winning_moves", &PyAnalysis::moves,
                    "The winning moves in legal-move order (at most 1000 listed).")
      .def_property_readonly(
          "winning_move_count",
          [](const PyAnalysis& a) -> py::object {
            if (!a.analysis.winning_move_count) return py::none();
            return to_python(*a.analysis.winning_move_count);
          },
          "The exact number of winning moves, listed or not (of the same answer as "
          "winning_moves; counted by residue classes on huge heaps); None when they could not be "
          "counted within the limits (winning_moves_unlisted says why).")
      .def_readonly("drawing_moves", &PyAnalysis::drawing_moves,
                    "When winner is 'draw', the moves that keep the draw (every other move lets "
                    "the opponent win), in legal-move order; else [].")
      .def_readonly("finite_win_move", &PyAnalysis::finite_win_move,
                    "When the player to move wins and play can repeat, the winning move that "
                    "makes the win come (the perfect player's); else None.")
      .def_property_readonly("winning_moves_unlisted", &unlisted,
                             "None when winning_moves lists every winning move; else why some "
                             "are not listed (the listing limit, or what stopped their search).")
      .def(
          "explain",
          [](const PyAnalysis& a) {
            return explain(a.position.position, a.analysis,
                           call_limits(std::optional<std::uint64_t>{}));
          },
          "The teaching text: the values in binary, their XOR, why each winning move wins.")
      .def("_repr_html_", &analysis_html)
      .def("__repr__", [](const PyAnalysis& a) {
        std::string r =
            "Analysis(" + py::repr(py::str(a.position.text())).cast<std::string>() +
            ", winner=" + py::repr(py::str(winner_text(a.analysis.winner))).cast<std::string>();
        if (a.analysis.grundy) r += ", grundy=" + to_string(*a.analysis.grundy);
        if (a.analysis.loopy_value) {
          r += ", grundy=" +
               py::repr(py::str(to_string(*a.analysis.loopy_value))).cast<std::string>();
        }
        r += ", method=" +
             py::repr(py::str(std::string(to_string(a.analysis.method)))).cast<std::string>();
        r += ", winning_moves=[";
        for (std::size_t i = 0; i < a.moves.size() && i < 5; ++i) {
          r += (i ? ", " : "") + py::repr(py::str(a.moves[i].text)).cast<std::string>();
        }
        if (a.moves.size() > 5) r += ", ...";
        return r + "])";
      });
}

}  // namespace

void add_game(py::module_& mod) {
  add_rulesets(mod);

  // Every class is registered before any function or property whose signature names it, so that
  // help() and the stubs show Python names (Position.moves returns Moves, Move.position is a
  // Position). The players and Match (add_match) come after: they name these, not the reverse.
  py::class_<PyComponent> component_class(mod, "Component",
                                          "One component of a position: its ruleset and items.");
  py::class_<PyPosition> position_class(mod, "Position",
                                        "A position: a sum of components, each a state of one "
                                        "ruleset. Immutable and hashable; str() is nimkit "
                                        "notation.");
  py::class_<PyMove> move_class(mod, "Move",
                                "A move: its text in play notation, in words, and what it leaves.");
  py::class_<PyAnalysis> analysis_class(mod, "Analysis",
                                        "Who wins a position with perfect play, and how.");
  define_component(component_class);
  define_position(position_class);
  define_position_play(position_class);
  define_move(move_class);
  define_analysis(analysis_class);

  mod.def("analyze", &run_analysis, py::arg("position"), py::arg("misere") = false,
          py::arg("limit") = py::none(), py::arg("remoteness") = false,
          "Who wins `position` (a Position or its text in Nim's notation) with perfect play: "
          "winner, grundy, values, method, winning_moves, and with remoteness=True the moves left "
          "with perfect play (a search, capped; it costs far more than the rest). misere=True "
          "analyzes misère play (the last to move loses). limit scales every work limit as the "
          "CLI's --limit does "
          "(LimitError names the one passed). Long searches release the GIL; Ctrl-C stops them "
          "(KeyboardInterrupt).");
}

}  // namespace nimkit::python
