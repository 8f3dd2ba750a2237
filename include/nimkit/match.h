// Match: the record of a game in progress or finished — its start, the moves played (each with
// its text, description, mover and whether it threw away a win or a draw), the moves taken back
// that can be played again, how often the position has stood before, and a draw agreed — the one
// game record every front end keeps. Its text form is saved_game.h's.
#pragma once

#include <bitset>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit {

struct MoveRecord {
  Move move;
  std::size_t mover = 0;  // 0 = the player who moved first in the match, 1 = the other
  // The mover stood on a won position and left one they no longer win: lost for them, or, where
  // play can repeat, a draw.
  bool threw_away_win = false;
  // The mover stood on a drawn position and left one the opponent wins (checked with the mark
  // of a win: mark_checked says for both).
  bool threw_away_draw = false;
  // Whether threw_away_win was computed: false when the limits (or their meter) stopped the
  // search first. An unchecked mark is false, or what a saved game claimed (Match::claim_mark).
  bool mark_checked = true;
  // Who wins the position after it (first = the player to move then), when known: the next
  // move's mark starts from it.
  std::optional<Outcome> next_outcome;
  // When the move threw away a win: a move that would have won from the same position (the
  // winning move the perfect player makes: where play can repeat, the one that makes the win
  // come); when it threw away a draw, the first move that keeps it. Found when the limits let
  // the analysis finish. Front ends show it from here rather than analyzing the position again.
  std::optional<Move> better;
  // How many times the position after the move, with the same player to move, has stood in the
  // game so far, the start included: 1 the first time. Only play that can repeat comes back.
  std::size_t repetition = 1;
  // A hash of `after` (0 where no component is loopy), to find repetitions without comparing
  // every earlier position whole.
  std::size_t key = 0;
  std::string text;         // move notation, as parse_move() reads it ("1 2")
  std::string description;  // "take 2 from heap 1", "remove vertex 3"
  Position after;
};

class Match {
 public:
  // `rules` is the one ruleset of the position, or null for a sum of rulesets. `limits` bound
  // the search that marks moves that threw away a win, over the whole match when they carry a
  // meter: beyond them a move's mark is left unchecked (MoveRecord::mark_checked). Reading and
  // writing move text is bounded by limits.max_scan a move, and by the meter until the marks
  // have spent it; a cancelled meter stops it too.
  Match(std::shared_ptr<const Ruleset> rules, Position start, Convention convention,
        Limits limits = {});

  // A record rebuilt from its parts, as a stateless front end keeps them: `moves` in move
  // notation, of which the first `played` are on the board and the rest taken back (redo()
  // plays them again in order). Fails naming the move at fault ("move 3: ..."), or a `played`
  // past the moves given, or with the meter's error when it was cancelled.
  static Result<Match> rebuild(std::shared_ptr<const Ruleset> rules, Position start,
                               Convention convention, std::span<const std::string> moves,
                               std::size_t played, Limits limits = {});

  const Position& position() const;
  const Position& start() const { return start_; }
  Convention convention() const { return convention_; }
  // The one ruleset of the game; null for a sum of rulesets.
  const std::shared_ptr<const Ruleset>& rules() const { return rules_; }
  // The moves on the board, first to last.
  const std::vector<MoveRecord>& history() const { return history_; }
  // The moves taken back, the next one redo() plays last.
  const std::vector<MoveRecord>& undone() const { return undone_; }
  // 0 or 1: whose turn it is (0 = the player who moved first).
  std::size_t to_move() const { return history_.size() % 2; }
  // No move is left, or the players agreed a draw.
  bool over() const { return agreed_draw_ || position().is_terminal(); }
  // The winner of a game that ended by the rules (0 or 1): not of one drawn by agreement.
  std::size_t winner() const;

  // How many times the position now, with the same player to move, has stood in the game, the
  // start included (MoveRecord::repetition): 1 the first time.
  std::size_t repetitions() const;
  // The repetitions at which front ends offer to end the game as a draw by agreement: a position
  // reached the third time with the same player to move, as chess counts it.
  static constexpr std::size_t kDrawOfferRepetitions = 3;
  bool draw_offered() const { return !over() && repetitions() >= kDrawOfferRepetitions; }
  // Ends the game where it stands as a draw both players agree to (a game whose play can go on
  // for ever need not): over() is then true and the game has no winner. A move played, undone or
  // redone takes the agreement back. Fails when the game is over.
  Result<bool> agree_draw();
  bool drawn_by_agreement() const { return agreed_draw_; }

  // Plays a move given in move notation (notation.h); fails, naming the bad value, and changes
  // nothing when the text is malformed or the move illegal. A move played drops the moves
  // taken back.
  Result<const MoveRecord*> play(std::string_view move_text);
  // Plays a move known to be legal; drops the moves taken back.
  const MoveRecord& play(const Move& move);
  // The limits of the moves played from now on: a front end playing a game turn by turn gives
  // each turn a meter of its own, as each question asked on its own has.
  void set_limits(Limits limits) { limits_ = std::move(limits); }
  // The last move's mark as a record claims it (load_game), when it could not be checked;
  // a checked mark stays as it is.
  void claim_mark(bool threw_away_win);
  // Whether the limits' meter was cancelled (work stopped by a signal or a server).
  bool cancelled() const { return limits_.meter && limits_.meter->cancelled(); }
  // Takes back the last move; false when there is none.
  bool undo();
  // Plays again the last move taken back; false when there is none.
  bool redo();

  // The seats a person plays (0 = the player who moved first); the others are the computer's.
  // A game against the computer has one, a hot-seat game both.
  using Seats = std::bitset<2>;
  // Back to a person's previous turn: takes back moves until one of `people`'s has been taken
  // back, so the computer's replies after it go too. False, changing nothing, when no move on the
  // board is a person's. (The terminal game's "undo" and the page's undo button.)
  bool undo_turn(Seats people);
  // Plays again the next move taken back and the computer's replies after it, up to a person's
  // next turn; false when no move was taken back.
  bool redo_turn(Seats people);
  // The number of moves on the board that undo_turn(people) / redo_turn(people) would leave;
  // nullopt when it would do nothing.
  std::optional<std::size_t> played_after_undo_turn(Seats people) const;
  std::optional<std::size_t> played_after_redo_turn(Seats people) const;

 private:
  // The limits of reading and writing move text: limits_, without its meter once the marks
  // have spent it (a cancelled meter stays: cancellation stops everything).
  Limits text_limits() const;
  // The record's marks of a move from `before`: a win or a draw thrown away, with a better move.
  void mark(MoveRecord& record, const Position& before) const;

  std::shared_ptr<const Ruleset> rules_;
  Position start_;
  Convention convention_;
  Limits limits_;
  std::vector<MoveRecord> history_;
  std::vector<MoveRecord> undone_;
  std::size_t start_key_ = 0;  // the start's hash, as MoveRecord::key
  bool agreed_draw_ = false;
};

}  // namespace nimkit
