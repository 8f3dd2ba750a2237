// Analysis of a position: who wins with perfect play, the Grundy value, every winning move.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/limits.h"
#include "nimkit/loopy_value.h"
#include "nimkit/nimber.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit {

class MisereQuotient;  // misere_quotient.h

// Enums end in kLast, an alias of the last value (not a value of its own): keep it last when adding
// a value, and give the new value a name in its table beside to_string() (src/enum_names.h), whose
// check of each enum against its kLast stops the build until it has one. Likewise for every enum
// the library names. Convention (kNormal, kMisere) is declared in ruleset.h, whose P-position rules
// take it; Outcome (who wins: first = the player to move, second, or a draw) in loopy_value.h,
// whose values decide it.

std::string_view to_string(Convention convention);  // "normal" / "misere"
// The convention named exactly `name` ("normal" or "misere"), if any.
std::optional<Convention> convention_named(std::string_view name);

// How an analysis found its answer.
enum class Method {
  kNimSum,          // Nim heaps: the XOR of the sizes
  kMisereNim,       // Nim heaps under misère play: Bouton's rule
  kPositionRule,    // one component with a P-position rule (Wythoff, Moore's Nim_k)
  kGrundyValues,    // the XOR of the components' Grundy values
  kSearch,          // exhaustive game-tree search
  kMisereQuotient,  // misère play of one heap game by its misère quotient (misere_quotient.h)
  kLast = kMisereQuotient,  // keep last; name a new value in the table beside its to_string()
};
// "nim-sum", "misère Nim rule", "P-position rule", "Grundy values", "search", "misere-quotient".
std::string_view to_string(Method method);

struct Analysis {
  Convention convention = Convention::kNormal;
  // Normal-play Grundy value of the position, when every component has one within the limits.
  // Never set under misère play, where Grundy values do not decide the game.
  std::optional<Nimber> grundy;
  // Who wins: the player to move (kFirst), the other (kSecond), or neither (kDraw: only where a
  // component's play can repeat).
  Outcome winner = Outcome::kSecond;
  // Winning moves (those leaving a position lost for the opponent) in legal-move order, at most
  // limits.max_listed_moves of them.
  std::vector<Move> winning_moves;
  // The exact number of winning moves, listed or not (counted by residue classes where a
  // component has billions); absent when some component's could not be counted within the
  // limits (moves_unlisted says why) — never a count of only the moves found.
  std::optional<Count> winning_move_count = 0;
  // Empty, or why some winning moves could not be enumerated within the limits (the winner and
  // Grundy value still stand; winning_move_count is then absent).
  std::string moves_unlisted;
  // Each component's normal-play Grundy value, in component order, when every component has one
  // within the limits (also under misère play, where the misère Nim rule uses them); else empty.
  std::vector<Nimber> values;
  Method method = Method::kSearch;
  // The quotient that answered (Method::kMisereQuotient), else null.
  std::shared_ptr<const MisereQuotient> quotient;
  // Positions the search memoized (0 when a formula answered).
  std::uint64_t nodes = 0;
  // Moves left with perfect play (remoteness.h). Set only when asked for (AnalysisOptions), as it
  // costs a search over the whole sum, and only when that search fits its limits (never where a
  // component's play can repeat).
  std::optional<std::uint64_t> remoteness;
  // A position with a component of a loopy ruleset (RulesetFacts::loopy) one of whose values is
  // infinite: the sum's generalized value ∞(K) (loopy_value.h) and each component's, in component
  // order; grundy and values are then empty. Empty when every value is finite: grundy and values
  // hold them then, since finite generalized values add as Grundy values do.
  std::optional<LoopyValue> loopy_value;
  std::vector<LoopyValue> loopy_values;
  // When the player to move wins and some component's play can repeat: the winning move to play
  // so that the win comes in finitely many moves. Any winning move leaves a lost position, but a
  // winner choosing among them at random may be led round a cycle for ever; always choosing this
  // one (the move leaving the least multiset of (value, counter) of the loopy components: a
  // well-founded measure each round of play lowers, loopy_value.h) ends the game. Empty otherwise,
  // when any winning move will do.
  std::optional<Move> finite_win_move;
  // When the position is a draw (winner kDraw): the moves that keep it drawn, in legal-move
  // order, at most limits.max_listed_moves of them (every other move lets the opponent win);
  // empty otherwise.
  std::vector<Move> drawing_moves;
};

// What analyze() finds beyond the winner, the values and the winning moves.
struct AnalysisOptions {
  // Also the remoteness, by a search within the budget of add_remoteness() (remoteness.h) charged
  // to the same limits and meter; left empty when that search does not fit.
  bool remoteness = false;
};

// Analyzes `position` under `convention`. Fails (naming the limit) when the answer would need more
// work than `limits` allows. Never answers a misère question with a normal-play answer.
Result<Analysis> analyze(const Position& position, Convention convention, const Limits& limits = {},
                         const AnalysisOptions& options = {});

// The answer to one position in brief: who wins, the normal-play Grundy value (none under misère
// play, or when the components have no values within the limits) and the first winning move in
// legal-move order as format_move() writes it (empty when the player to move loses).
struct BriefAnalysis {
  Outcome winner = Outcome::kSecond;
  std::optional<Nimber> grundy;
  // The generalized value when it is infinite (Analysis::loopy_value).
  std::optional<LoopyValue> loopy_value;
  std::string first_winning_move;
  // Only with BriefOptions::position: the position the text reads as (parse_position's), and each
  // component's normal-play value in component order when every component has one within the
  // limits (Analysis::values), else empty; each component's generalized value instead when one
  // is infinite (Analysis::loopy_values).
  Position position;
  std::vector<Nimber> values;
  std::vector<LoopyValue> loopy_values;
};

// What analyze_brief() gives beyond the brief answer.
struct BriefOptions {
  // Also the position and the components' values (a caller that writes the position out): from
  // the ruleset's answer from the text when it has one, so no second parse is needed either way.
  bool position = false;
};

// Analyzes the position `text` (notation.h; bare items are components of `rules`) in brief:
// under normal play the ruleset's own answer from the text when it has one
// (Ruleset::answer_sum_text: Nim's nim-sum, with no position built), otherwise parse_position,
// analyze() listing one move and format_move(), within the limits `limits()` makes — called only
// then, so that each question has its own meter without a quick one paying for it. Fails like
// parse_position() and analyze().
Result<BriefAnalysis> analyze_brief(std::string_view text,
                                    const std::shared_ptr<const Ruleset>& rules,
                                    Convention convention, const std::function<Limits()>& limits,
                                    const BriefOptions& options = {});

// Who wins `position` with perfect play; cheaper than analyze() (no move list).
Result<Outcome> outcome(const Position& position, Convention convention, const Limits& limits = {});
// Whether play from `position` can come back to a position it has left (a component's can:
// Ruleset::loopy_value), so that a game from it may go on for ever. Fails like the values.
Result<bool> can_repeat(const Position& position, const Limits& limits = {});
// Whether the player to move wins (outcome() is kFirst: false for a draw too).
Result<bool> first_player_wins(const Position& position, Convention convention,
                               const Limits& limits = {});

}  // namespace nimkit
