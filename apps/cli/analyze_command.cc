// nimkit analyze: who wins, the Grundy value, every winning move.
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "nimkit/explain.h"
#include "nimkit/notation.h"

namespace nimkit::cli {
using contract::analysis_json;
using contract::dump_json;

namespace {

// Winning moves listed by default: each line holds the position after the move, so the output
// stays a small multiple of the position's text (--all-moves lists every one).
constexpr std::size_t kListedMoves = 20;

struct AnalyzeOptions {
  GameOptions game;
  bool explain = false;
  bool json = false;
  bool stats = false;
  bool all_moves = false;
};

int run_analyze(const AnalyzeOptions& options) {
  auto game = make_game(options.game);
  if (!game) return report(game.failure());
  const Position& position = game->position;
  Limits limits = options.game.limits();
  limits.max_listed_moves = options.all_moves ? ~std::size_t{0} : kListedMoves;
  // One meter for the whole command: analysis, remoteness, explanation and formatting.
  auto analysis =
      analyze(position, options.game.convention(), limits, AnalysisOptions{.remoteness = true});
  if (!analysis) return report(analysis.failure());
  if (options.stats) {
    // On stderr, so that the answer on stdout (text or JSON) stays the same.
    fmt::print(stderr,
               "stats: {} work steps (options generated, positions searched), {} nodes searched\n",
               limits.meter ? limits.meter->used() : 0, analysis->nodes);
  }
  if (options.json) {
    // Formatting is work of the command too: the meter bounds it.
    contract::AnswerBudget budget(0, limits.meter);
    auto answer = analysis_json(position, *analysis, budget);
    if (!answer) return report(answer.failure());
    fmt::print("{}\n", dump_json(*answer));
    return 0;
  }
  fmt::print("{}: {}\n", game_title(position.single_ruleset(), analysis->convention),
             format_position(position, game->rules.get()));
  if (const std::string sum = nim_sum_line(*analysis); !sum.empty()) {
    fmt::print("{}: {}\n", analysis->method == Method::kNimSum ? "Nim-sum" : "Grundy value", sum);
  }
  if (analysis->winner == Outcome::kFirst) {
    fmt::print("Winner: first player (the player to move)\n");
    const std::size_t listed = analysis->winning_moves.size();
    const std::optional<Count>& count = analysis->winning_move_count;
    if (!count && listed == 0) {
      // Won, but no winning move was counted within the limits: say why rather than "(0)".
      fmt::print("Winning moves: not counted or listed ({})\n", analysis->moves_unlisted);
    } else if (!count) {
      fmt::print("Winning moves ({} listed; how many there are is unknown: {}):\n", listed,
                 analysis->moves_unlisted);
    } else if (*count > listed) {
      fmt::print("Winning moves ({}; the first {} listed):\n", to_string(*count), listed);
    } else {
      fmt::print("Winning moves ({}):\n", to_string(*count));
    }
    for (const Move& m : analysis->winning_moves) {
      fmt::print("  {:<28} -> {}\n", describe(position, m),
                 position_text(position, m, game->rules.get()));
    }
    if (count && *count > listed) {
      fmt::print("  ... and {} more{}\n", to_string(*count - listed),
                 options.all_moves ? "" : " (--all-moves lists every one)");
      if (!analysis->moves_unlisted.empty()) {
        fmt::print("  (some winning moves are not listed: {})\n", analysis->moves_unlisted);
      }
    }
    if (analysis->finite_win_move && (!count || *count > 1)) {
      // Where play can repeat, a winner choosing among the winning moves at will may go round a
      // cycle for ever: this one makes the win come.
      fmt::print("Play can go on for ever: to be sure to win, play {}\n",
                 describe(position, *analysis->finite_win_move));
    }
  } else if (analysis->winner == Outcome::kDraw) {
    fmt::print("Winner: draw: neither player can force a win (play can go on for ever)\n");
    const std::size_t listed = analysis->drawing_moves.size();
    if (listed == 0) {
      fmt::print("Moves that keep the draw: none listed ({})\n", analysis->moves_unlisted);
    } else {
      fmt::print("Moves that keep the draw ({}{}; every other move loses):\n", listed,
                 listed == limits.max_listed_moves ? " listed" : "");
    }
    for (const Move& m : analysis->drawing_moves) {
      fmt::print("  {:<28} -> {}\n", describe(position, m),
                 position_text(position, m, game->rules.get()));
    }
    if (listed != 0 && !analysis->moves_unlisted.empty()) {
      fmt::print("  ({})\n", analysis->moves_unlisted);
    }
  } else {
    fmt::print("Winner: second player (every move loses against perfect play)\n");
  }
  if (analysis->remoteness) {
    // Remoteness counts the moves of both players; the player to move wins or loses in that many.
    fmt::print("Perfect play: {} in {} move{}\n",
               analysis->winner == Outcome::kFirst ? "win" : "lose", *analysis->remoteness,
               *analysis->remoteness == 1 ? "" : "s");
  }
  if (options.explain) fmt::print("\n{}", explain(position, *analysis, limits));
  return 0;
}

}  // namespace

void add_analyze_command(CLI::App& app, int& status) {
  auto [command, options] = add_command<AnalyzeOptions>(
      app, "analyze", "Who wins with perfect play, the Grundy value, and every winning move",
      status, run_analyze);
  options->game.add_to(*command);
  command->add_flag("--explain", options->explain,
                    "teach: the values in binary, the XOR column by column, why each move wins");
  command->add_flag("--json", options->json, "print the analysis as one JSON object");
  command->add_flag("--stats", options->stats,
                    "also print the work done (meter steps, search nodes) on stderr");
  command->add_flag("--all-moves", options->all_moves,
                    fmt::format("list every winning move (by default the first {}, and how many "
                                "more there are)",
                                kListedMoves));
}

}  // namespace nimkit::cli
