// nimkit.Position, nimkit.analyze, the players, nimkit.Match, nimkit.Nimber, nimkit.rulesets.
#include "game.h"

#include <pybind11/stl.h>

#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "nimkit/explain.h"
#include "nimkit/match.h"
#include "nimkit/nim_arithmetic.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"
#include "nimkit/strategy.h"

namespace nimkit::python {

namespace {

// Analyses and searches start on the calling thread with this many steps: most questions are
// answered in microseconds, without the cost of a thread. One that needs more is asked again on a
// thread of its own, where Ctrl-C reaches it (run_cancellable); what the first try computed into
// the rulesets' tables is kept.
constexpr std::uint64_t kInlineSteps = 50'000;

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

std::string escape_html(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// One move of a position, as a result: its text, its words and the position it leaves.
struct PyMove {
  std::string text;
  std::string description;
  std::size_t component = 0;
  PyPosition after;
};

PyMove make_move(const PyPosition& before, const Move& move, const Limits& limits) {
  return PyMove{format_move(before.position, move, limits), describe(before.position, move, limits),
                move.component, PyPosition{before.position.after(move), before.rules}};
}

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

// The heaps of a position drawn as rows of counters (at most 40 drawn per heap), other
// components as their text.
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

// A computer player: a level and its own seeded random source.
struct PyPlayer {
  Level level;
  std::uint64_t seed = 0;
  std::shared_ptr<Rng> rng;

  PyMove choose(const PyPosition& p, bool misere, const Limit& limit) {
    if (p.position.is_terminal())
      throw py::value_error("the position " + quoted(p.text()) + " has no moves: the game is over");
    const Limits limits = call_limits(limit);
    const Convention convention = misere ? Convention::kMisere : Convention::kNormal;
    // The random source advances only by the try that answers.
    Move move = take(metered<Move>(limits, [&](const Limits& l) {
      Rng trial = *rng;
      auto chosen = choose_move(p.position, convention, level, trial, l);
      if (chosen) *rng = trial;
      return chosen;
    }));
    return make_move(p, move, limits);
  }
};

PyPlayer make_player(const std::string& level, std::uint64_t seed) {
  return PyPlayer{take(Level::parse(level)), seed, std::make_shared<Rng>(seed)};
}

// nimkit.Match: a game in progress, its record and its saved form.
struct PyMatch {
  std::shared_ptr<Match> match;
  std::shared_ptr<const Ruleset> rules;  // the default ruleset of the positions it shows
  std::string first = "first";
  std::string second = "second";
};

PyMove record_move(const PyMatch& m, const MoveRecord& record) {
  return PyMove{record.text, record.description, record.move.component,
                PyPosition{record.after, m.rules}};
}

// A seat a person plays, as Match's undo_turn and redo_turn take it.
Match::Seats seats(std::uint64_t seat) {
  if (seat > 1) {
    throw py::value_error("seat " + std::to_string(seat) + " is not 0 (moved first) or 1");
  }
  return Match::Seats{}.set(static_cast<std::size_t>(seat));
}

std::shared_ptr<const Ruleset> one_ruleset(const Position& position) {
  if (position.single_ruleset() == nullptr || position.components().empty()) return nullptr;
  return position.components().front().rules;
}

struct PyNimber {
  std::uint64_t value = 0;
};

}  // namespace

std::string PyPosition::text() const { return format_position(position, rules.get()); }

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

void add_game(py::module_& mod) {
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

  // Every class is registered before any function or property whose signature names it, so that
  // help() and the stubs show Python names (Position.moves returns Moves, Move.position is a
  // Position).
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
  py::class_<PyPlayer> player_class(mod, "Player",
                                    "A computer player with its own seeded random source.");
  py::class_<PyMatch> match_class(mod, "Match",
                                  "A game in progress: moves, undo, redo, and its saved form.");
  py::class_<PyNimber> nimber_class(mod, "Nimber",
                                    "A nimber: nim addition (+, XOR), nim multiplication (*), "
                                    "division and powers, on values below 2**64.");

  component_class.def_readonly("rules", &PyComponent::rules, "The ruleset's spec, e.g. 'kayles'.")
      .def_readonly("text", &PyComponent::text, "Its items as they follow 'RULES:', e.g. '7'.")
      .def_readonly("label", &PyComponent::label, "As a person names it, e.g. 'heap 2'.")
      .def_readonly("fields", &PyComponent::fields,
                    "The numbers a view draws it with, e.g. {'heaps': [7]}.")
      .def("__repr__", [](const PyComponent& c) {
        return "Component(" + py::repr(py::str(c.rules)).cast<std::string>() + ", " +
               py::repr(py::str(c.text)).cast<std::string>() + ")";
      });

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
          "Whether no move is left.")
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

  move_class.def_readonly("text", &PyMove::text, "In play notation, e.g. '1 2'.")
      .def_readonly("description", &PyMove::description, "In words, e.g. 'take 2 from heap 1'.")
      .def_readonly("component", &PyMove::component, "The index of the component it is made in.")
      .def_readonly("position", &PyMove::after, "The position it leaves.")
      .def("__repr__", [](const PyMove& mv) {
        return "Move(" + py::repr(py::str(mv.text)).cast<std::string>() + ", " +
               py::repr(py::str(mv.description)).cast<std::string>() + ", -> " +
               py::repr(py::str(mv.after.text())).cast<std::string>() + ")";
      });

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

  mod.def("analyze", &run_analysis, py::arg("position"), py::arg("misere") = false,
          py::arg("limit") = py::none(), py::arg("remoteness") = false,
          "Who wins `position` (a Position or its text in Nim's notation) with perfect play: "
          "winner, grundy, values, method, winning_moves, and with remoteness=True the moves left "
          "with perfect play (a search, capped; it costs far more than the rest). misere=True "
          "analyzes misère play (the last to move loses). limit scales every work limit as the "
          "CLI's --limit does "
          "(LimitError names the one passed). Long searches release the GIL; Ctrl-C stops them "
          "(KeyboardInterrupt).");

  player_class
      .def_property_readonly(
          "level", [](const PyPlayer& p) { return p.level.to_string(); },
          "'perfect', 'random' or 'skilled:P'.")
      .def("choose", &PyPlayer::choose, py::arg("position"), py::arg("misere") = false,
           py::arg("limit") = py::none(), "The player's move from a position that is not over.")
      .def("__repr__", [](const PyPlayer& p) {
        return "Player(" + py::repr(py::str(p.level.to_string())).cast<std::string>() +
               ", seed=" + std::to_string(p.seed) + ")";
      });
  mod.def(
      "perfect", [](Unsigned<"seed"> seed) { return make_player("perfect", seed); },
      py::arg("seed") = 0,
      "The perfect player: a winning move when there is one, else the longest defence.");
  mod.def(
      "random", [](Unsigned<"seed"> seed) { return make_player("random", seed); },
      py::arg("seed") = 0,
      "A player drawing a legal move uniformly (repeatable: the same seed plays the same game).");
  mod.def(
      "skilled",
      [](double p, Unsigned<"seed"> seed) {
        if (!(p >= 0 && p <= 1))
          throw py::value_error("skill " + std::to_string(p) + " is not a probability from 0 to 1");
        return PyPlayer{Level{Level::Kind::kSkilled, p}, seed, std::make_shared<Rng>(seed)};
      },
      py::arg("p"), py::arg("seed") = 0, "Perfect with probability p, else random.");

  match_class
      .def(py::init([](const py::object& start, bool misere, const std::string& first,
                       const std::string& second) {
             PyPosition p = as_position(start);
             auto match =
                 std::make_shared<Match>(one_ruleset(p.position), p.position,
                                         misere ? Convention::kMisere : Convention::kNormal);
             return PyMatch{match, p.rules, first, second};
           }),
           py::arg("start"), py::arg("misere") = false, py::arg("first") = "first",
           py::arg("second") = "second", "A new game from `start` (a Position or its text).")
      .def_property_readonly(
          "position",
          [](const PyMatch& m) {
            return PyPosition{m.match->position(), m.rules};
          },
          "The position now.")
      .def_property_readonly(
          "start",
          [](const PyMatch& m) {
            return PyPosition{m.match->start(), m.rules};
          },
          "The start position.")
      .def_property_readonly(
          "misere", [](const PyMatch& m) { return m.match->convention() == Convention::kMisere; })
      .def_property_readonly(
          "to_move", [](const PyMatch& m) { return m.match->to_move(); },
          "0 or 1: whose turn it is (0 moved first).")
      .def_property_readonly(
          "over", [](const PyMatch& m) { return m.match->over(); },
          "Whether no move is left, or a draw was agreed.")
      .def_property_readonly(
          "winner",
          [](const PyMatch& m) -> py::object {
            if (!m.match->over() || m.match->drawn_by_agreement()) return py::none();
            return py::int_(m.match->winner());
          },
          "0 or 1 once the game is over, else None (also for a draw agreed).")
      .def_property_readonly(
          "repetitions", [](const PyMatch& m) { return m.match->repetitions(); },
          "How many times the position now, with the same player to move, has stood in the "
          "game, the start included (only play that can repeat comes back).")
      .def_property_readonly(
          "draw_offered", [](const PyMatch& m) { return m.match->draw_offered(); },
          "Whether the position has stood three times or more with the same player to move, the "
          "game not over: front ends then offer to end it as a draw.")
      .def_property_readonly(
          "draw_agreed", [](const PyMatch& m) { return m.match->drawn_by_agreement(); },
          "Whether the game ended as a draw by agreement (agree_draw()).")
      .def(
          "agree_draw", [](PyMatch& m) { take(m.match->agree_draw()); },
          "Ends the game as a draw both players agree to, where it stands: over becomes True "
          "and winner None; a move played or taken back takes it back. Raises ValueError when "
          "the game is over.")
      .def_property_readonly(
          "moves",
          [](const PyMatch& m) {
            std::vector<PyMove> out;
            for (const MoveRecord& r : m.match->history()) out.push_back(record_move(m, r));
            return out;
          },
          "The moves played, in order.")
      .def(
          "play",
          [](PyMatch& m, const py::object& move, const Limit& limit) {
            if (py::isinstance<PyPlayer>(move)) {
              PyPlayer& player = move.cast<PyPlayer&>();
              const PyMove chosen =
                  player.choose(PyPosition{m.match->position(), m.rules},
                                m.match->convention() == Convention::kMisere, limit);
              return record_move(m, *take(m.match->play(chosen.text)));
            }
            return record_move(m, *take(m.match->play(move.cast<std::string>())));
          },
          py::arg("move"), py::arg("limit") = py::none(),
          "Plays a move given in play notation ('1 2'), or the move a Player chooses. Raises "
          "ValueError, changing nothing, on a malformed or illegal move.")
      .def(
          "undo", [](PyMatch& m) { return m.match->undo(); },
          "Takes back the last move; False when there is none.")
      .def(
          "redo", [](PyMatch& m) { return m.match->redo(); },
          "Plays again the last move taken back; False when there is none.")
      .def(
          "undo_turn",
          [](PyMatch& m, Unsigned<"seat"> seat) { return m.match->undo_turn(seats(seat)); },
          py::arg("seat"),
          "Back to `seat`'s previous turn (0: the player who moved first): takes back moves until "
          "one of theirs has gone, the other side's replies with it. False, changing nothing, "
          "when `seat` has no move on the board. Raises ValueError for a seat other than 0 or 1.")
      .def(
          "redo_turn",
          [](PyMatch& m, Unsigned<"seat"> seat) { return m.match->redo_turn(seats(seat)); },
          py::arg("seat"),
          "Plays again the next move taken back and the other side's replies after it, up to "
          "`seat`'s next turn; False when no move was taken back.")
      .def(
          "transcript",
          [](const PyMatch& m) {
            std::string out;
            std::size_t n = 0;
            for (const MoveRecord& r : m.match->history()) {
              out += std::to_string(++n) + ". " + (r.mover == 0 ? m.first : m.second) + ": " +
                     r.description + " -> " + format_position(r.after, m.rules.get()) +
                     (r.threw_away_win    ? " (threw away a win)"
                      : r.threw_away_draw ? " (threw away a draw)"
                                          : "") +
                     "\n";
            }
            if (m.match->drawn_by_agreement()) {
              out += "Ended as a draw by agreement after " + std::to_string(n) + " moves.\n";
            }
            return out;
          },
          "The moves in words, one a line, with the position each leaves and whether it threw "
          "away a win or a draw, and a draw agreed.")
      .def(
          "save", [](const PyMatch& m) { return save_game(*m.match, m.first, m.second); },
          "The game in nimkit's saved-game format (docs/saved-games.md).")
      .def_static(
          "load",
          [](const std::string& text, const Limit& limit) {
            // Off the GIL, where Ctrl-C cancels it; the marks past the limit's meter are left
            // unchecked (docs/saved-games.md).
            const Limits limits = call_limits(limit);
            SavedGame saved = take(run_cancellable<Result<SavedGame>>(
                *limits.meter, [&] { return load_game(text, limits); }));
            std::shared_ptr<Match> match(std::move(saved.match));
            auto rules = match->rules();
            if (!rules) rules = take(make_ruleset("nim"));
            return PyMatch{match, rules, saved.first_player, saved.second_player};
          },
          py::arg("text"), py::arg("limit") = py::none(),
          "A game from its saved form; ValueError names the line at fault. The '!' marks the "
          "limit's work cannot check are kept as the file has them.")
      .def("_repr_html_",
           [](const PyMatch& m) {
             return position_html(PyPosition{m.match->position(), m.rules});
           })
      .def("__repr__", [](const PyMatch& m) {
        return "Match(" +
               py::repr(py::str(format_position(m.match->position(), m.rules.get())))
                   .cast<std::string>() +
               ", moves=" + std::to_string(m.match->history().size()) + ")";
      });

  nimber_class.def(py::init([](Unsigned<"value"> v) { return PyNimber{v}; }), py::arg("value"))
      .def("__int__", [](const PyNimber& n) { return n.value; })
      .def("__index__", [](const PyNimber& n) { return n.value; })
      .def("__add__",
           [](const PyNimber& a, const PyNimber& b) { return PyNimber{nim_sum(a.value, b.value)}; })
      .def("__sub__",
           [](const PyNimber& a, const PyNimber& b) { return PyNimber{nim_sum(a.value, b.value)}; })
      .def("__mul__", [](const PyNimber& a,
                         const PyNimber& b) { return PyNimber{nim_product(a.value, b.value)}; })
      .def("__truediv__",
           [](const PyNimber& a, const PyNimber& b) {
             if (b.value == 0) throw py::value_error("nimber division by *0");
             return PyNimber{nim_divide(a.value, b.value)};
           })
      .def(
          "__pow__",
          [](const PyNimber& a, Unsigned<"exponent"> e) { return PyNimber{nim_power(a.value, e)}; },
          py::arg("exponent"))
      .def("inverse",
           [](const PyNimber& a) {
             if (a.value == 0) throw py::value_error("*0 has no inverse");
             return PyNimber{nim_inverse(a.value)};
           })
      .def("__eq__",
           [](const PyNimber& a, const py::object& b) -> py::object {
             if (py::isinstance<PyNimber>(b))
               return py::bool_(a.value == b.cast<const PyNimber&>().value);
             if (py::isinstance<py::int_>(b) && !py::isinstance<py::bool_>(b))
               return py::bool_(py::int_(a.value).equal(b));
             return py::reinterpret_borrow<py::object>(Py_NotImplemented);
           })
      .def("__hash__", [](const PyNimber& n) { return py::hash(py::int_(n.value)); })
      .def("__repr__", [](const PyNimber& n) { return "Nimber(" + std::to_string(n.value) + ")"; })
      .def("__str__", [](const PyNimber& n) { return "*" + std::to_string(n.value); });
  mod.def(
      "nim_evaluate",
      [](const std::string& text) { return PyNimber{take(evaluate_nim_expression(text))}; },
      py::arg("expression"),
      "The value of a nim-arithmetic expression as the CLI's `nimber` command reads it, e.g. "
      "'5 * 3 + 2'.");
}

}  // namespace nimkit::python
