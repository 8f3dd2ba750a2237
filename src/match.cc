#include "nimkit/match.h"

#include <fmt/format.h>

#include <algorithm>

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
  return Prefix{std::pair{n - 1, trim(rest.substr(end))}};
}

}  // namespace

Result<std::vector<Move>> parse_partial_move(const Position& position, std::string_view text,
                                             bool partial, const Limits& limits) {
  // White space around a move means nothing in any family ("5 " is vertex 5).
  text = trim(text);
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

namespace {

// The "rules" and "start" records of a game: its ruleset (or "sum") and the start in notation
// that reads back as the same components. The position's own notation usually does; bare items
// of one ruleset can merge components (two graphs with the same vertex names, two Moore
// components), and then every component is written as a token of its own after "rules sum".
std::pair<std::string, std::string> start_records(std::shared_ptr<const Ruleset> rules,
                                                  const Position& start) {
  if (!rules && start.single_ruleset() != nullptr) rules = start.components().front().rules;
  std::string text = format_position(start, rules.get());
  if (auto back = parse_position(text, rules); back && *back == start) {
    return {rules ? rules->spec() : std::string(kSumRules), std::move(text)};
  }
  text.clear();
  for (const Component& c : start.components()) {
    text += fmt::format("{}{}:{}", text.empty() ? "" : " ", c.rules->spec(), format_component(c));
  }
  return {std::string(kSumRules), std::move(text)};
}

}  // namespace

std::string Match::save(const std::string& first_player, const std::string& second_player) const {
  const auto [rules, start] = start_records(rules_, start_);
  std::string text = "nimkit-game 1\n";
  text += fmt::format("rules {}\n", rules);
  text += fmt::format("convention {}\n", to_string(convention_));
  text += fmt::format("players {} {}\n", first_player, second_player);
  text += fmt::format("start {}\n", start);
  for (const MoveRecord& r : history_) {
    text += fmt::format("move {}{}\n", r.text, r.threw_away_win ? " !" : "");
  }
  return text;
}

namespace {

// A saved game being read, record by record.
struct GameReader {
  SavedGame saved;
  std::shared_ptr<const Ruleset> rules;
  Convention convention = Convention::kNormal;
  bool have_header = false;
  bool have_rules = false;
  bool have_convention = false;
  Limits limits;

  // One record: its words (the key first) and its value, the text after the key.
  Result<bool> read(const std::vector<std::string>& w, std::string_view value);
  // "move MOVE [!]": the move, then '!' as a word of its own when it threw away a win.
  Result<bool> move(std::string_view value);
};

Result<bool> GameReader::read(const std::vector<std::string>& w, std::string_view value) {
  const std::string& key = w[0];
  if (!have_header) {
    if (key != "nimkit-game") return fail("not a nimkit game file (expected \"nimkit-game 1\")");
    if (w.size() != 2 || w[1] != "1")
      return fail(fmt::format("unsupported version {}", quoted(value)));
    have_header = true;
  } else if (key == "rules") {
    if (have_rules || w.size() != 2)
      return fail("expected one \"rules NAME\" line before the start");
    have_rules = true;
    if (w[1] == kSumRules) return true;
    auto made = make_ruleset(w[1]);
    if (!made) return Error{made.error()};
    rules = *made;
  } else if (key == "convention") {
    if (w.size() != 2 || (w[1] != "normal" && w[1] != "misere")) {
      return fail(fmt::format("convention {} is not normal or misere", quoted(value)));
    }
    convention = w[1] == "normal" ? Convention::kNormal : Convention::kMisere;
    have_convention = true;
  } else if (key == "players") {
    if (w.size() != 3) return fail("expected \"players FIRST SECOND\"");
    saved.first_player = w[1];
    saved.second_player = w[2];
  } else if (key == "start") {
    if (!have_rules || !have_convention) {
      return fail("\"start\" comes after \"rules\" and \"convention\"");
    }
    if (saved.match) return fail("a second \"start\" line");
    auto position = parse_position(std::vector<std::string>(w.begin() + 1, w.end()), rules);
    if (!position) return Error{position.error()};
    saved.match = std::make_unique<Match>(rules, *position, convention, limits);
  } else if (key == "move") {
    return move(value);
  } else {
    return fail(fmt::format("unknown record {}", quoted(key)));
  }
  return true;
}

Result<bool> GameReader::move(std::string_view value) {
  if (!saved.match) return fail("a move before the \"start\" line");
  if (saved.match->over()) return fail("a move after the game ended");
  const std::vector<std::string> w = words(value);
  const bool marked = !w.empty() && w.back() == "!";
  auto played = saved.match->play(marked ? trim(value.substr(0, value.rfind('!'))) : value);
  if (!played) return Error{played.error()};
  if ((*played)->threw_away_win != marked) {
    return fail(marked ? "move is marked '!' but did not throw away a win"
                       : "move threw away a win but is not marked '!'");
  }
  return true;
}

}  // namespace

Result<SavedGame> load_game(std::string_view text, const Limits& limits) {
  GameReader reader;
  reader.limits = limits;
  std::size_t line_number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line = trim(text.substr(begin, end - begin));
    begin = end + 1;
    ++line_number;
    // A comment is a whole line: '#' elsewhere is data (a filled cell of a Cram board).
    if (line.empty() || line.front() == '#') continue;
    const std::vector<std::string> w = words(line);
    auto read = reader.read(w, trim(line.substr(w[0].size())));
    if (!read) return fail(fmt::format("line {}: {}", line_number, read.error()));
  }
  if (!reader.have_header) return fail("empty file: not a nimkit game");
  if (!reader.saved.match) return fail(fmt::format("line {}: no \"start\" line", line_number));
  return std::move(reader.saved);
}

}  // namespace nimkit
