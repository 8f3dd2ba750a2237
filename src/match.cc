#include "nimkit/match.h"

#include <fmt/format.h>

#include "nimkit/notation.h"

namespace nimkit {
namespace {

// A hash of `position` for finding repetitions; 0 when no component is loopy, since only a loopy
// ruleset's play comes back to a position (and a long game of Nim need not hash every position).
std::size_t repetition_key(const Position& position) {
  bool loopy = false;
  std::size_t key = 0;
  for (const Component& c : position.components()) {
    loopy = loopy || c.rules->loopy();
    key = key * 1'000'003 ^ StateHash {}(c.state);
  }
  return loopy ? key | 1 : 0;
}

}  // namespace

Match::Match(std::shared_ptr<const Ruleset> rules, Position start, Convention convention,
             Limits limits)
    : rules_(std::move(rules)),
      start_(std::move(start)),
      convention_(convention),
      limits_(limits),
      start_key_(repetition_key(start_)) {}

const Position& Match::position() const {
  return history_.empty() ? start_ : history_.back().after;
}

std::size_t Match::winner() const {
  // Under normal play the player who made the last move wins; under misère play they lose.
  const std::size_t last_mover = history_.empty() ? 1 : history_.back().mover;
  return convention_ == Convention::kNormal ? last_mover : 1 - last_mover;
}

Limits Match::text_limits() const {
  if (!limits_.meter || !limits_.meter->exhausted() || limits_.meter->cancelled()) return limits_;
  Limits text = limits_;
  text.meter = nullptr;
  return text;
}

Result<const MoveRecord*> Match::play(std::string_view move_text) {
  auto move = parse_move(position(), move_text, text_limits());
  if (!move) return move.failure();
  return &play(*move);
}

void Match::mark(MoveRecord& record, const Position& before) const {
  // The first question is the last move's second, when it was asked: a replay of n moves
  // searches n + 1 positions, not 2n. When either is beyond the limits the mark is unchecked.
  const std::optional<Outcome> known =
      history_.empty() ? std::nullopt : history_.back().next_outcome;
  auto before_outcome = known ? Result<Outcome>(*known) : outcome(before, convention_, limits_);
  if (!before_outcome) {
    record.mark_checked = false;
    return;
  }
  if (*before_outcome == Outcome::kSecond) {
    // Every move from a lost position leaves one the opponent wins.
    record.next_outcome = Outcome::kFirst;
    return;
  }
  auto after_outcome = outcome(record.after, convention_, limits_);
  record.mark_checked = static_cast<bool>(after_outcome);
  if (!after_outcome) return;
  record.next_outcome = *after_outcome;
  // A win thrown away: the mover could force a win before the move and cannot after (the
  // opponent wins, or play can repeat and it is a draw). A draw thrown away: neither could
  // before, and the opponent can after.
  if (*before_outcome == Outcome::kFirst) {
    record.threw_away_win = *after_outcome != Outcome::kSecond;
  } else {
    record.threw_away_draw = *after_outcome == Outcome::kFirst;
  }
  if (!record.threw_away_win && !record.threw_away_draw) return;
  Limits one = limits_;
  one.max_listed_moves = 1;
  auto analysis = analyze(before, convention_, one);
  if (!analysis) return;
  if (analysis->finite_win_move) {
    record.better = analysis->finite_win_move;
  } else if (!analysis->winning_moves.empty()) {
    record.better = analysis->winning_moves.front();
  } else if (!analysis->drawing_moves.empty()) {
    record.better = analysis->drawing_moves.front();
  }
}

const MoveRecord& Match::play(const Move& move) {
  undone_.clear();
  agreed_draw_ = false;
  const Position& before = position();
  MoveRecord record;
  record.move = move;
  record.mover = to_move();
  record.text = format_move(before, move, text_limits());
  record.description = describe(before, move, text_limits());
  record.after = before.after(move);
  mark(record, before);
  // The positions before with the same player to move: the start's parity is 0, move i leaves
  // parity i + 1.
  record.key = repetition_key(record.after);
  if (record.key != 0) {
    const std::size_t ply = history_.size() + 1;
    for (std::size_t j = ply % 2; j < ply; j += 2) {
      const std::size_t key = j == 0 ? start_key_ : history_[j - 1].key;
      const Position& earlier = j == 0 ? start_ : history_[j - 1].after;
      if (key == record.key && earlier == record.after) ++record.repetition;
    }
  }
  history_.push_back(std::move(record));
  return history_.back();
}

std::size_t Match::repetitions() const { return history_.empty() ? 1 : history_.back().repetition; }

Result<bool> Match::agree_draw() {
  if (over()) return fail("the game is over: there is no draw to agree");
  agreed_draw_ = true;
  return true;
}

void Match::claim_mark(bool threw_away_win) {
  if (!history_.empty() && !history_.back().mark_checked) {
    history_.back().threw_away_win = threw_away_win;
  }
}

bool Match::undo() {
  if (history_.empty()) return false;
  agreed_draw_ = false;
  undone_.push_back(std::move(history_.back()));
  history_.pop_back();
  return true;
}

bool Match::redo() {
  if (undone_.empty()) return false;
  agreed_draw_ = false;
  history_.push_back(std::move(undone_.back()));
  undone_.pop_back();
  return true;
}

std::optional<std::size_t> Match::played_after_undo_turn(Seats people) const {
  for (std::size_t i = history_.size(); i-- > 0;) {
    if (people.test(history_[i].mover)) return i;
  }
  return std::nullopt;
}

std::optional<std::size_t> Match::played_after_redo_turn(Seats people) const {
  if (undone_.empty()) return std::nullopt;
  // undone_ holds the next move to play again last.
  std::size_t played = history_.size() + 1;
  for (std::size_t i = undone_.size() - 1; i-- > 0 && !people.test(undone_[i].mover);) ++played;
  return played;
}

bool Match::undo_turn(Seats people) {
  const std::optional<std::size_t> target = played_after_undo_turn(people);
  if (!target) return false;
  while (history_.size() > *target) undo();
  return true;
}

bool Match::redo_turn(Seats people) {
  const std::optional<std::size_t> target = played_after_redo_turn(people);
  if (!target) return false;
  while (history_.size() < *target) redo();
  return true;
}

Result<Match> Match::rebuild(std::shared_ptr<const Ruleset> rules, Position start,
                             Convention convention, std::span<const std::string> moves,
                             std::size_t played, Limits limits) {
  if (played > moves.size()) {
    return fail(fmt::format("{} moves played of the {} given", played, moves.size()));
  }
  Match match(std::move(rules), std::move(start), convention, limits);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (match.over()) return fail(fmt::format("move {}: the game is over", i + 1));
    auto move = match.play(moves[i]);
    if (!move) return fail_as(move.failure(), fmt::format("move {}: {}", i + 1, move.error()));
  }
  // A cancelled meter left marks unchecked and better moves unfound: not a record to show.
  if (match.cancelled()) return match.limits_.stop_error();
  while (match.history_.size() > played) match.undo();
  return match;
}

}  // namespace nimkit
