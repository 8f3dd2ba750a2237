// nimkit play / replay: the terminal game against the computer, computer-vs-computer runs that
// reproduce the articles' transcripts, and re-checking saved games.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>

#include "board.h"
#include "commands.h"
#include "common.h"
#include "nimkit/explain.h"
#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"
#include "nimkit/strategy.h"
#include "nimkit/text.h"
#include "play_text.h"
#include "terminal_input.h"

namespace nimkit::cli {
namespace {

struct PlayOptions {
  GameOptions game;
  std::string first;  // human or computer; empty: human, or the computer under --auto
  std::string mode = "learn";
  std::string level = "perfect";
  std::optional<std::uint64_t> seed;
  bool auto_play = false;
  std::string opponent = "random";
  std::string save;
  std::string load;  // a saved game to go on with
};

// The exit status of a game stopped by Ctrl-C, as a shell reports a SIGINT.
constexpr int kInterrupted = 130;
// play_out()'s status for a game the human left (quit or end of input): nothing more to ask.
constexpr int kLeft = -1;

int write_game_file(const Match& match, const std::string& path,
                    const std::array<std::string, 2>& names) {
  if (path.empty()) return 0;
  if (const int status = write_whole_file(path, save_game(match, names[0], names[1]), "--save");
      status != 0) {
    return status;
  }
  fmt::print("Game saved to {}\n", path);
  return 0;
}

bool answered_yes(const std::optional<std::string>& answer) {
  return answer && (trim(*answer) == "y" || trim(*answer) == "Y" || trim(*answer) == "yes");
}

// A game in the terminal: the match, who sits where, and the computer's levels.
struct Session {
  Match match;
  std::array<std::string, 2> names;
  std::size_t computer_seat = 1;
  Level level;
  Level opponent_level;
  bool auto_play = false;
  bool learn = true;  // hints, and a thrown-away win said at once
  Limits limits;
  Rng rng;
  BoardStyle style;
  std::string save_path;    // --save, or where Ctrl-C offers to save
  std::uint64_t limit = 0;  // --limit: each turn's questions share a meter of their own
  // The moves on the board when a draw was last offered (not again for the same position).
  std::optional<std::size_t> draw_asked_at = {};
};

// Each turn asks its questions (the computer's move, a hint, the mark of the move played) under
// limits of its own, as each `analyze` does: one meter for the whole game ran out after a few
// moves of a large game, and the computer then found no move where `analyze` lists thousands.
void new_turn(Session& s) {
  s.limits = command_limits(s.limit);
  s.match.set_limits(s.limits);
}

// The board after the last move, the objects it changed marked when the computer made it.
// Under --auto, the position in notation, one line a move, as the articles' transcripts show it.
void print_board(const Session& s, const std::optional<LastMove>& last = std::nullopt) {
  if (s.auto_play) {
    fmt::print("{}\n", heaps_line(s.match));
    return;
  }
  BoardStyle style = s.style;
  if (last) style.marker = s.names[s.match.history().back().mover];
  fmt::print("{}", draw_board(s.match.position(), last, style));
}

void print_hint(const Session& s) {
  const Position& position = s.match.position();
  // The hint teaches with the first winning moves, as analyze lists them: a row of a billion
  // pins has tens of millions.
  Limits limits = s.limits;
  limits.max_listed_moves = std::min<std::size_t>(limits.max_listed_moves, 20);
  auto analysis = analyze(position, s.match.convention(), limits);
  if (!analysis) {
    fmt::print("No hint: {}\n", analysis.error());
  } else if (analysis->winner == Outcome::kFirst && analysis->winning_moves.empty()) {
    fmt::print("No hint: this position is won, but {}\n", analysis->moves_unlisted);
  } else if (analysis->winner == Outcome::kFirst) {
    // Where play can repeat, the winning move that makes the win come.
    const Move& best =
        analysis->finite_win_move ? *analysis->finite_win_move : analysis->winning_moves.front();
    fmt::print("Hint: {} (type \"{}\").\n", describe(position, best, s.limits),
               format_move(position, best, s.limits));
    fmt::print("{}", explain(position, *analysis, s.limits));
  } else if (analysis->winner == Outcome::kDraw) {
    fmt::print("Hint: this position is a draw — neither player can force a win.");
    if (!analysis->drawing_moves.empty()) {
      const Move& keep = analysis->drawing_moves.front();
      fmt::print(" Keep it drawn: {} (type \"{}\").", describe(position, keep, s.limits),
                 format_move(position, keep, s.limits));
    }
    fmt::print("\n");
  } else {
    fmt::print(
        "Hint: this position is lost against perfect play — every move loses. Make the "
        "game long and hope for a mistake.\n");
  }
}

// The seat the person plays.
Match::Seats person(const Session& s) { return Match::Seats{}.set(1 - s.computer_seat); }

// The commands that apply now: a hint only in learn mode, undo only once the person has moved,
// redo only after an undo.
std::string commands(const Session& s) {
  std::string text = "Commands: ";
  if (s.learn) text += "hint (a winning move and why), ";
  if (s.match.played_after_undo_turn(person(s))) text += "undo (take back your last move), ";
  if (s.match.played_after_redo_turn(person(s))) text += "redo (play it again), ";
  return text + "help, quit.\n";
}

// Back to the person's previous turn: their move and the computer's reply.
void undo_turn(Session& s) {
  if (!s.match.undo_turn(person(s))) {
    fmt::print("Nothing to undo.\n");
    return;
  }
  fmt::print("Undone. {}\n", heaps_line(s.match));
  print_board(s);
}

// Forward to the person's next turn again: the move taken back and the computer's reply to it,
// as Match keeps them (the page's redo too).
void redo_turn(Session& s) {
  if (!s.match.redo_turn(person(s))) {
    fmt::print("Nothing to redo.\n");
    return;
  }
  fmt::print("Redone. {}\n", heaps_line(s.match));
  print_board(s);
}

// A human move just played: the board, and in learn mode a win or a draw thrown away said at
// once.
void after_human_move(const Session& s, const Position& before, const MoveRecord& played) {
  fmt::print("You {}\n", second_person(played.description));
  print_board(s, LastMove{&before, played.move});
  if (!s.learn || (!played.threw_away_win && !played.threw_away_draw)) return;
  const char* what = played.threw_away_win ? "a win" : "a draw";
  if (!played.better) {
    fmt::print("That threw away {}. Type undo to take it back.\n", what);
    return;
  }
  fmt::print("That threw away {}: {} (type \"{}\") would have {}. Type undo to take it back.\n",
             what, describe(before, *played.better, s.limits),
             format_move(before, *played.better, s.limits),
             played.threw_away_win ? "won" : "kept it drawn");
}

// A position come back the third time (or more) with the same player to move: the person is
// offered to end the game as a draw, which the computer accepts. True when they agree.
bool offer_draw(Session& s, LineReader& reader) {
  if (!s.match.draw_offered() || s.draw_asked_at == s.match.history().size()) return false;
  s.draw_asked_at = s.match.history().size();
  auto answer = reader.read(
      fmt::format("This position has stood {} times with the same player to move. End the game "
                  "as a draw? [y/N] ",
                  s.match.repetitions()));
  if (interrupted() || !answered_yes(answer)) return false;
  return static_cast<bool>(s.match.agree_draw());
}

enum class Turn { kPlayed, kHumanLeft, kCtrlC };

// One line typed at the prompt: a command or a move.
Turn human_turn(Session& s, LineReader& reader) {
  auto line = reader.read("your move> ");
  if (interrupted()) return Turn::kCtrlC;
  if (!line) {
    fmt::print("\nEnd of input: the game is left unfinished.\n");
    return Turn::kHumanLeft;
  }
  const std::string typed(trim(*line));
  // Commands in any case ("Undo"); a move keeps its text for the rules to read.
  const std::string text = ascii_lower(typed);
  if (text == "quit" || text == "q") {
    fmt::print("You leave the game unfinished.\n");
    return Turn::kHumanLeft;
  }
  if (text.empty()) return Turn::kPlayed;
  if (text == "help" || text == "?") {
    fmt::print("{}{}", move_help(s.match.position(), s.limits), commands(s));
  } else if (text == "hint") {
    if (s.learn) {
      print_hint(s);
    } else {
      fmt::print("No hints in plain mode (--mode learn gives them).\n");
    }
  } else if (text == "undo") {
    undo_turn(s);
  } else if (text == "redo") {
    redo_turn(s);
  } else if (const Position before = s.match.position(); auto played = s.match.play(typed)) {
    after_human_move(s, before, **played);
  } else {
    fmt::print("error: {}\n", played.error());
  }
  return Turn::kPlayed;
}

// Ctrl-C: the game stops; offer to save it (a second Ctrl-C, or anything but yes, does not).
int offer_save(const Session& s, LineReader& reader) {
  clear_interrupt();
  fmt::print("\nInterrupted.\n");
  const std::string path = s.save_path.empty() ? "nimkit-game.txt" : s.save_path;
  auto answer = reader.read(fmt::format("save this game to {}? [y/N] ", path));
  if (interrupted() || !answered_yes(answer)) {
    fmt::print("{}Not saved.\n", interrupted() ? "\n" : "");
    return kInterrupted;
  }
  const int status = write_game_file(s.match, path, s.names);
  return status != 0 ? status : kInterrupted;
}

void print_opening(const Session& s, std::uint64_t seed) {
  fmt::print("{}: {}\n", game_title(s.match.position().single_ruleset(), s.match.convention()),
             heaps_line(s.match));
  print_rules(s.match.position());
  if (s.auto_play) {
    fmt::print("computer ({}) against opponent ({}), seed {}\n", s.level.to_string(),
               s.opponent_level.to_string(), seed);
  } else {
    fmt::print("you against the computer ({}), seed {}. Type help for the commands.\n",
               s.level.to_string(), seed);
  }
  print_prediction(s.match, s.names, s.limits);
  fmt::print("Game begins\n");
  print_board(s);
}

// A game ended as a draw by agreement: said, with who could force a win from there.
void print_agreed_draw(const Session& s) {
  const std::size_t n = s.match.history().size();
  fmt::print("Draw by agreement after {} move{}", n, n == 1 ? "" : "s");
  auto analysis = outcome(s.match.position(), s.match.convention(), s.limits);
  if (!analysis) {
    fmt::print(".\n");
  } else if (*analysis == Outcome::kDraw) {
    fmt::print(" (draw: neither player can force a win from here).\n");
  } else {
    const std::size_t winner = (*analysis == Outcome::kFirst ? 0 : 1) ^ s.match.to_move();
    fmt::print(" ({} could have forced a win from here).\n", s.names[winner]);
  }
}

// Plays until the game ends, the human leaves or presses Ctrl-C; returns an exit status.
int play_out(Session& s, LineReader& reader) {
  bool abandoned = false;
  while (!s.match.over()) {
    if (interrupted()) return offer_save(s, reader);
    new_turn(s);
    const std::size_t seat = s.match.to_move();
    if (seat == s.computer_seat || s.auto_play) {
      const Level& mover = seat == s.computer_seat ? s.level : s.opponent_level;
      const Position before = s.match.position();
      auto move = choose_move(before, s.match.convention(), mover, s.rng, s.limits);
      if (!move) return report(move.failure());
      const MoveRecord& r = s.match.play(*move);
      fmt::print("{} {}\n", capitalized(s.names[seat]), third_person(r.description));
      print_board(s, LastMove{&before, *move});
      continue;
    }
    if (offer_draw(s, reader)) break;
    if (interrupted()) return offer_save(s, reader);
    const Turn turn = human_turn(s, reader);
    if (turn == Turn::kCtrlC) return offer_save(s, reader);
    if (turn == Turn::kHumanLeft) {
      abandoned = true;
      break;
    }
  }
  if (s.match.drawn_by_agreement()) {
    print_agreed_draw(s);
  } else if (s.match.over()) {
    const std::size_t winner = s.match.winner();
    fmt::print("{} win{}\n", capitalized(s.names[winner]), s.names[winner] == "you" ? "" : "s");
  } else if (abandoned && s.match.history().empty()) {
    fmt::print("No moves were played.\n");
  }
  print_transcript(s.match, s.names);
  return abandoned ? kLeft : 0;
}

// The game's ruleset as the match records it: the one ruleset of the position (which may differ
// from --rules: "play kayles:7"), or none for a sum of rulesets.
std::shared_ptr<const Ruleset> match_rules(const Game& game) {
  const Ruleset* single = game.position.single_ruleset();
  if (single == nullptr) return nullptr;
  if (single == game.rules.get()) return game.rules;
  auto made = make_ruleset(single->spec());
  return made ? *made : nullptr;
}

// The options with the ruleset's registry start position when no position is given (a game
// file names its own tokens).
GameOptions with_start(const GameOptions& options) {
  GameOptions out = options;
  if (out.heaps.empty() && out.game_file.empty()) {
    if (const RulesetEntry* entry = find_ruleset_entry(out.rules)) out.heaps = words(entry->start);
  }
  return out;
}

// A saved game is a few lines per move: 16 MiB holds hundreds of thousands of moves, and no read
// of a larger (or endless, like /dev/zero) file grows without bound.
constexpr std::size_t kMaxSavedGame = std::size_t{16} << 20;

// A saved game's file read and re-checked by the library's reader (load_game, as Python's
// Match.load reads one): replay and play --load. Errors name the file, and the line at fault.
Result<SavedGame> read_saved_game(const std::string& path, const Limits& limits) {
  auto text = read_text_file(path, nimkit::quoted(path), kMaxSavedGame);
  if (!text) return text.failure();
  auto saved = load_game(*text, limits);
  if (!saved) return fail_as(saved.failure(), fmt::format("{}: {}", sanitize(path), saved.error()));
  return saved;
}

// The game to play: a new one from the options, or one saved (--load) with its moves and players.
struct Opening {
  std::shared_ptr<const Ruleset> rules;
  Position start;
  Convention convention = Convention::kNormal;
  std::optional<SavedGame> saved;
};

Result<Opening> opening_of(const PlayOptions& options) {
  if (options.load.empty()) {
    auto game = make_game(with_start(options.game));
    if (!game) return game.failure();
    return Opening{match_rules(*game), std::move(game->position), options.game.convention(), {}};
  }
  if (!options.game.heaps.empty() || !options.game.game_file.empty()) {
    return fail(fmt::format("--load {} holds the game to play: give no position with it",
                            nimkit::quoted(options.load)));
  }
  auto saved = read_saved_game(options.load, options.game.limits());
  if (!saved) return saved.failure();
  const Match& match = *saved->match;
  // The file names its game; --rules and --misere, when given, must say the same.
  if (options.game.rules_given()) {
    auto given = make_ruleset(options.game.rules);
    if (!given || (*given)->spec() != match.rules()->spec()) {
      return fail(fmt::format("--load {} holds a game of {}: --rules {} does not apply",
                              nimkit::quoted(options.load), match.rules()->spec(),
                              nimkit::quoted(options.game.rules)));
    }
  }
  if (options.game.misere && match.convention() != Convention::kMisere) {
    return fail(fmt::format("--load {} holds a game of normal play: --misere does not apply",
                            nimkit::quoted(options.load)));
  }
  return Opening{match.rules(), match.start(), match.convention(), std::move(*saved)};
}

// The computer's seat in a saved game: the one its players record names "computer" (as play
// --save writes them), else as --first says, else the person plays the side to move.
std::size_t computer_seat_of(const SavedGame& saved, const std::string& first) {
  if (saved.second_player == "computer") return 1;
  if (saved.first_player == "computer") return 0;
  if (!first.empty()) return first == "computer" ? 0 : 1;
  return 1 - saved.match->to_move();
}

int run_play(const PlayOptions& options) {
  auto opening = opening_of(options);
  if (!opening) return report(opening.failure());
  const std::string first =
      !options.first.empty() ? options.first : (options.auto_play ? "computer" : "human");
  if (first != "human" && first != "computer") {
    return report(fmt::format("--first {} is not human or computer", nimkit::quoted(first)));
  }
  if (options.mode != "learn" && options.mode != "plain") {
    return report(fmt::format("--mode {} is not learn or plain", nimkit::quoted(options.mode)));
  }
  auto level = Level::parse(options.level);
  if (!level) return report(level.failure());
  auto opponent_level = Level::parse(options.opponent);
  if (!opponent_level) return report(opponent_level.failure());
  const Limits limits = options.game.limits();
  if (options.auto_play) {
    // Two computers in a drawn game would never stop: a game that can go on for ever is played
    // by a person (against the computer) or analyzed.
    const Position& from = opening->saved ? opening->saved->match->position() : opening->start;
    auto repeats = can_repeat(from, limits);
    if (!repeats) return report(repeats.failure());
    if (*repeats) {
      return report(fmt::format(
          "--auto does not play {}: play from it can go on for ever, and two computers would "
          "never end a drawn game",
          format_position(from, opening->rules.get())));
    }
  }
  std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
  // Player 0 moves first. The "human" seat is the opponent mover under --auto.
  const bool computer_first =
      opening->saved ? computer_seat_of(*opening->saved, options.first) == 0 : first == "computer";
  const std::string human = options.auto_play ? "opponent" : "you";
  const std::string computer = "computer";
  Rng rng(seed);
  LineReader reader;
  // Ctrl-C offers to save the game whoever is playing, the computer on both sides (--auto) too.
  const InterruptHandler interrupts(options.auto_play);
  for (;;) {
    Session s{opening->saved ? std::move(*opening->saved->match)
                             : Match(opening->rules, opening->start, opening->convention, limits),
              computer_first ? std::array<std::string, 2>{computer, human}
                             : std::array<std::string, 2>{human, computer},
              computer_first ? std::size_t{0} : std::size_t{1},
              *level,
              *opponent_level,
              options.auto_play,
              options.mode == "learn",
              limits,
              rng,
              BoardStyle{colour_wanted()},
              options.save,
              options.game.limit};
    if (opening->saved) {
      fmt::print("Resumed {} after {} move{}.\n", sanitize(options.load), s.match.history().size(),
                 s.match.history().size() == 1 ? "" : "s");
      // A second game ("play again") starts afresh from the saved game's start.
      opening->saved.reset();
    }
    print_opening(s, seed);
    const int status = play_out(s, reader);
    if (status == kInterrupted || (status != 0 && status != kLeft)) return status;
    if (const int saved = write_game_file(s.match, options.save, s.names); saved != 0) return saved;
    if (options.auto_play || status == kLeft) return 0;
    if (!answered_yes(reader.read("play again? [y/N] ")) || interrupted()) return 0;
    // Each game has a seed of its own, printed, so that --seed repeats any one of them.
    seed = s.rng.next();
    rng = Rng(seed);
  }
}

int run_replay(const std::string& path, std::uint64_t limit) {
  const Limits limits = command_limits(limit);
  auto saved = read_saved_game(path, limits);
  if (!saved) return report(saved.failure());
  const Match& match = *saved->match;
  // A name may hold any character (the file quotes it): printed, it is made safe.
  const std::array<std::string, 2> names{sanitize(saved->first_player),
                                         sanitize(saved->second_player)};
  fmt::print("{} (first) against {} (second)\n", names[0], names[1]);
  print_transcript(match, names);
  if (match.drawn_by_agreement()) {
    fmt::print("Drawn by agreement after {} moves\n", match.history().size());
  } else if (match.over()) {
    fmt::print("Winner: {}\n", names[match.winner()]);
  } else {
    fmt::print("Unfinished: {} to move at {}\n", names[match.to_move()], heaps_line(match));
  }
  const auto unchecked = std::count_if(match.history().begin(), match.history().end(),
                                       [](const MoveRecord& r) { return !r.mark_checked; });
  if (unchecked == 0) {
    fmt::print("All {} moves checked: legal, and the '!' marks correct.\n", match.history().size());
  } else {
    fmt::print(
        "All {} moves checked legal; the '!' marks of {} could not be checked: {} (raise the "
        "limit with --limit)\n",
        match.history().size(), unchecked, limits.stopped());
  }
  return 0;
}

}  // namespace

void add_play_command(CLI::App& app, int& status) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* play = app.add_subcommand("play", "Play against the computer in the terminal");
  options->game.add_to(*play);
  play->add_option(
      "--first", options->first,
      "who moves first: human or computer (default: human; the computer under --auto)");
  play->add_option("--mode", options->mode,
                   "learn: hints, and a win thrown away said at once; plain: no help")
      ->capture_default_str();
  play->add_option("--level", options->level,
                   "the computer's level: perfect, random or skilled:P (P from 0 to 1)")
      ->capture_default_str();
  add_u64_option(*play, "--seed", options->seed, "random seed, to repeat a game");
  play->add_flag("--auto", options->auto_play,
                 "the computer plays against the --opponent mover and prints the transcript");
  play->add_option("--opponent", options->opponent, "level of the opponent under --auto")
      ->capture_default_str();
  play->add_option("--save", options->save,
                   "write the game to FILE when it ends (Ctrl-C offers to save it there too)");
  play->add_option("--load", options->load,
                   "go on with a game saved by --save (or Python's Match.save) from where it "
                   "stopped; the computer keeps its seat");
  play->callback([options, &status] { status = run_play(*options); });

  auto path = std::make_shared<std::string>();
  auto limit = std::make_shared<std::uint64_t>(Limits{}.max_nodes);
  CLI::App* replay = app.add_subcommand("replay", "Re-check a saved game and print it");
  replay->add_option("file", *path, "a game saved by play --save")->required();
  add_u64_option(*replay, "--limit", *limit, kLimitHelp);
  replay->callback([path, limit, &status] { status = run_replay(*path, *limit); });
}

}  // namespace nimkit::cli
