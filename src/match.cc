#include "nimkit/match.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit {

namespace {

// "@N REST": the move REST in component N (from 1). Returns N − 1 and REST, or nothing when the
// text has no "@" prefix; fails on a bad N.
Result<std::optional<std::pair<std::size_t, std::string_view>>> component_prefix(
    const Position& position, std::string_view text) {
  using Prefix = std::optional<std::pair<std::size_t, std::string_view>>;
  const std::size_t start = text.find_first_not_of(" \t");
  if (start == std::string_view::npos || text[start] != '@') return Prefix{};
  const std::string_view rest = text.substr(start + 1);
  const std::size_t end = std::min(rest.find_first_of(" \t"), rest.size());
  const std::string_view number = rest.substr(0, end);
  const std::size_t count = position.components().size();
  std::size_t n = 0;
  const bool digits = !number.empty() && number.size() <= 9 &&
                      number.find_first_not_of("0123456789") == std::string_view::npos;
  if (digits) n = std::stoul(std::string(number));
  if (!digits || n == 0 || n > count) {
    return fail(fmt::format("no component {} in this position: \"@N MOVE\" takes N from 1 to {}",
                            quoted(number), count));
  }
  return Prefix{std::pair{n - 1, rest.substr(end)}};
}

}  // namespace

Result<std::vector<Move>> parse_partial_move(const Position& position, std::string_view text,
                                             bool partial, const Limits& limits) {
  auto prefix = component_prefix(position, text);
  if (!prefix) return Error{prefix.error()};
  if (*prefix) {
    const auto [c, rest] = **prefix;
    const Component& comp = position.components()[c];
    auto options = comp.rules->parse_move(comp.state, rest, position.first_item(c),
                                          position.item_count(), partial, limits);
    if (!options) return Error{options.error()};
    if (options->empty()) {
      return fail(fmt::format("move {} names nothing in component {}", quoted(rest), c + 1));
    }
    std::vector<Move> found;
    for (Option& option : *options) found.push_back(Move{c, std::move(option)});
    return found;
  }
  const std::size_t items = position.item_count();
  std::optional<std::string> first_error;
  std::vector<Move> found;
  std::optional<std::size_t> claimed;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    auto options =
        comp.rules->parse_move(comp.state, text, position.first_item(c), items, partial, limits);
    if (!options) {
      if (!first_error) first_error = options.error();
      continue;
    }
    if (options->empty()) continue;
    if (claimed) {
      // Equal components (two tokens on one vertex of a directed graph) offer the same moves,
      // whichever of them makes it: the first one does.
      const Component& other = position.components()[*claimed];
      if (other.rules->spec() == comp.rules->spec() && other.state == comp.state) continue;
      return fail(fmt::format(
          "move {} is ambiguous: it names moves in components {} and {}; put \"@{}\" or \"@{}\" "
          "before it to choose",
          quoted(text), *claimed + 1, c + 1, *claimed + 1, c + 1));
    }
    claimed = c;
    for (Option& option : *options) found.push_back(Move{c, std::move(option)});
  }
  if (claimed) return found;
  if (first_error) return fail(*first_error);
  return fail(fmt::format("move {} names nothing in this position", quoted(text)));
}

Result<Move> parse_move(const Position& position, std::string_view text, const Limits& limits) {
  auto moves = parse_partial_move(position, text, false, limits);
  if (!moves) return Error{moves.error()};
  if (moves->size() > 1) {
    return fail(
        fmt::format("move {} can mean {} moves: name one of them", quoted(text), moves->size()));
  }
  return std::move(moves->front());
}

std::string format_move(const Position& position, const Move& move, const Limits& limits) {
  const Component& c = position.components()[move.component];
  std::string text =
      c.rules->format_move(c.state, move.option, position.first_item(move.component), limits);
  if (position.components().size() > 1 && move_text_is_shared(position, move, text, limits)) {
    return fmt::format("@{} {}", move.component + 1, text);
  }
  return text;
}

Match::Match(std::shared_ptr<const Ruleset> rules, Position start, Convention convention,
             Limits limits)
    : rules_(std::move(rules)),
      start_(std::move(start)),
      convention_(convention),
      limits_(limits) {}

const Position& Match::position() const {
  return history_.empty() ? start_ : history_.back().after;
}

std::size_t Match::winner() const {
  // Under normal play the player who made the last move wins; under misère play they lose.
  const std::size_t last_mover = history_.empty() ? 1 : history_.back().mover;
  return convention_ == Convention::kNormal ? last_mover : 1 - last_mover;
}

Result<const MoveRecord*> Match::play(std::string_view move_text) {
  auto move = parse_move(position(), move_text, limits_);
  if (!move) return Error{move.error()};
  return &play(*move);
}

const MoveRecord& Match::play(const Move& move) {
  const Position& before = position();
  MoveRecord record;
  record.move = move;
  record.mover = to_move();
  record.text = format_move(before, move, limits_);
  record.description = describe(before, move);
  record.after = before.after(move);
  // A win thrown away: the mover could force a win before the move and the opponent can after.
  // When either question is beyond the limits the move is not marked.
  auto won_before = first_player_wins(before, convention_, limits_);
  if (won_before && *won_before) {
    auto opponent_wins = first_player_wins(record.after, convention_, limits_);
    record.threw_away_win = opponent_wins && *opponent_wins;
  }
  history_.push_back(std::move(record));
  return history_.back();
}

bool Match::undo() {
  if (history_.empty()) return false;
  history_.pop_back();
  return true;
}

std::string Match::save(const std::string& first_player, const std::string& second_player) const {
  std::string text = "nimkit-game 1\n";
  // A sum of rulesets is saved as "rules sum", its start naming every component's ruleset.
  text += fmt::format("rules {}\n", rules_ ? rules_->spec() : std::string(kSumRules));
  text += fmt::format("convention {}\n", to_string(convention_));
  text += fmt::format("players {} {}\n", first_player, second_player);
  text += fmt::format("start {}\n", format_position(start_, rules_.get()));
  for (const MoveRecord& r : history_) {
    text += fmt::format("move {}{}\n", r.text, r.threw_away_win ? " !" : "");
  }
  return text;
}

Result<SavedGame> load_game(std::string_view text, const Limits& limits) {
  SavedGame saved;
  std::shared_ptr<const Ruleset> rules;
  bool have_rules = false;
  Convention convention = Convention::kNormal;
  bool have_header = false;
  bool have_convention = false;
  std::size_t line_number = 0;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    auto at = [&](const std::string& message) {
      return fail(fmt::format("line {}: {}", line_number, message));
    };
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::vector<std::string> w = words(line);
    if (w.empty()) continue;
    const std::string& key = w[0];
    // The record's value: everything after the key, without surrounding white space.
    std::string rest = line.substr(line.find(key) + key.size());
    rest.erase(0, rest.find_first_not_of(" \t\r"));
    rest.erase(rest.find_last_not_of(" \t\r") + 1);
    if (!have_header) {
      if (key != "nimkit-game") return at("not a nimkit game file (expected \"nimkit-game 1\")");
      if (w.size() != 2 || w[1] != "1")
        return at(fmt::format("unsupported version {}", quoted(rest)));
      have_header = true;
    } else if (key == "rules") {
      if (have_rules || w.size() != 2) {
        return at("expected one \"rules NAME\" line before the start");
      }
      have_rules = true;
      if (w[1] == kSumRules) continue;
      auto made = make_ruleset(w[1]);
      if (!made) return at(made.error());
      rules = *made;
    } else if (key == "convention") {
      if (w.size() != 2 || (w[1] != "normal" && w[1] != "misere")) {
        return at(fmt::format("convention {} is not normal or misere", quoted(rest)));
      }
      convention = w[1] == "normal" ? Convention::kNormal : Convention::kMisere;
      have_convention = true;
    } else if (key == "players") {
      if (w.size() != 3) return at("expected \"players FIRST SECOND\"");
      saved.first_player = w[1];
      saved.second_player = w[2];
    } else if (key == "start") {
      if (!have_rules || !have_convention)
        return at("\"start\" comes after \"rules\" and \"convention\"");
      if (saved.match) return at("a second \"start\" line");
      auto position = parse_position(std::vector<std::string>(w.begin() + 1, w.end()), rules);
      if (!position) return at(position.error());
      saved.match = std::make_unique<Match>(rules, *position, convention, limits);
    } else if (key == "move") {
      if (!saved.match) return at("a move before the \"start\" line");
      if (saved.match->over()) return at("a move after the game ended");
      bool marked = w.back() == "!";
      std::string move_text = rest;
      if (marked) move_text.erase(move_text.rfind('!'));
      auto played = saved.match->play(move_text);
      if (!played) return at(played.error());
      if ((*played)->threw_away_win != marked) {
        return at(marked ? "move is marked '!' but did not throw away a win"
                         : "move threw away a win but is not marked '!'");
      }
    } else {
      return at(fmt::format("unknown record {}", quoted(key)));
    }
  }
  if (!have_header) return fail("empty file: not a nimkit game");
  if (!saved.match) return fail(fmt::format("line {}: no \"start\" line", line_number));
  return saved;
}

}  // namespace nimkit
