// nimkit.Player (perfect, random, skilled) and nimkit.Match.
#include "nimkit/match.h"

#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"
#include "nimkit/strategy.h"

namespace nimkit::python {

namespace {

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

// The players: Player and the functions that make one.
void define_players(py::module_& mod, py::class_<PyPlayer>& player_class) {
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
}

// Match: how one starts and where it stands.
void define_match(py::class_<PyMatch>& match_class) {
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
          "Whether the game ended as a draw by agreement (agree_draw()).");
}

// Match: its moves, undo and redo.
void define_match_play(py::class_<PyMatch>& match_class) {
  match_class
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
          "`seat`'s next turn; False when no move was taken back.");
}

// Match: its record in words and its saved form.
void define_match_record(py::class_<PyMatch>& match_class) {
  match_class
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
}

}  // namespace

void add_match(py::module_& mod) {
  py::class_<PyPlayer> player_class(mod, "Player",
                                    "A computer player with its own seeded random source.");
  py::class_<PyMatch> match_class(mod, "Match",
                                  "A game in progress: moves, undo, redo, and its saved form.");
  define_players(mod, player_class);
  define_match(match_class);
  define_match_play(match_class);
  define_match_record(match_class);
}

}  // namespace nimkit::python
