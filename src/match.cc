#include "nimkit/match.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit {
namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

struct HeapRef {
  std::size_t component;
  std::size_t offset;
};

Result<HeapRef> find_heap(const Position& position, std::string_view text) {
  auto number = parse_u64(text, "heap number");
  if (!number) return Error{number.error()};
  const std::size_t count = position.heap_count();
  if (*number == 0 || *number > count) {
    return fail(fmt::format("no heap {}: heaps are numbered 1 to {}", text, count));
  }
  std::size_t index = static_cast<std::size_t>(*number - 1);
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const std::size_t n = position.components()[c].heaps.size();
    if (index < n) return HeapRef{c, index};
    index -= n;
  }
  return fail("no such heap");
}

std::string list_sizes(const std::vector<Heap>& heaps, std::string_view joiner) {
  std::string text;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0) text += joiner;
    text += std::to_string(heaps[i].size);
  }
  return text.empty() ? "nothing" : text;
}

std::vector<std::uint64_t> sorted_sizes(const std::vector<Heap>& heaps) {
  std::vector<std::uint64_t> sizes;
  for (const Heap& h : heaps) sizes.push_back(h.size);
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

// "HEAP:COUNT HEAP:COUNT ...": a move on several heaps of one component.
Result<Move> parse_multi_move(const Position& position, const std::vector<std::string>& tokens,
                              const Limits& limits) {
  std::size_t component = 0;
  std::vector<std::pair<std::size_t, std::uint64_t>> takes;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::size_t colon = tokens[i].find(':');
    if (colon == std::string::npos) {
      return fail(fmt::format("{} is not HEAP:COUNT", quoted(tokens[i])));
    }
    auto heap = find_heap(position, std::string_view(tokens[i]).substr(0, colon));
    if (!heap) return Error{heap.error()};
    auto take = parse_u64(std::string_view(tokens[i]).substr(colon + 1), "count");
    if (!take) return Error{take.error()};
    if (i == 0) component = heap->component;
    if (heap->component != component) {
      return fail(
          fmt::format("heaps in {} are not played together by these rules", quoted(tokens[i])));
    }
    takes.emplace_back(heap->offset, *take);
  }
  const Component& c = position.components()[component];
  if (c.rules->arity() == 1 && takes.size() == 1) {
    return fail("write a move on one heap as \"HEAP COUNT\"");
  }
  const Count count = c.rules->option_count(c.heaps);
  if (count > limits.max_scan) return fail("too many moves to check this one");
  for (Count k = 0; k < count; ++k) {
    Option option = c.rules->option_at(c.heaps, k);
    if (option.result.size() != c.heaps.size()) continue;
    bool match = true;
    for (std::size_t j = 0; j < c.heaps.size() && match; ++j) {
      std::uint64_t want = 0;
      for (const auto& [offset, take] : takes) {
        if (offset == j) want = take;
      }
      match = c.heaps[j].size - option.result[j].size == want;
    }
    if (match) return Move{component, std::move(option)};
  }
  return fail(fmt::format("{} is not a move {} allows",
                          quoted(fmt::format("{}", fmt::join(tokens, " "))), c.rules->spec()));
}

}  // namespace

Result<Move> parse_move(const Position& position, std::string_view text, const Limits& limits) {
  const std::vector<std::string> tokens = words(text);
  if (tokens.empty()) return fail("empty move: expected HEAP COUNT, e.g. \"1 2\"");
  if (tokens[0].find(':') != std::string::npos) return parse_multi_move(position, tokens, limits);
  if (tokens.size() < 2) {
    return fail(fmt::format("move {} needs a heap and a count, e.g. \"1 2\"", quoted(text)));
  }
  auto ref = find_heap(position, tokens[0]);
  if (!ref) return Error{ref.error()};
  auto take = parse_u64(tokens[1], "count");
  if (!take) return Error{take.error()};
  const Component& c = position.components()[ref->component];
  const Heap& heap = c.heaps[ref->offset];
  const std::string& number = tokens[0];
  if (heap.size == 0) return fail(fmt::format("heap {} is empty", number));
  if (*take > heap.size) {
    return fail(fmt::format("heap {} has only {} object{}, cannot take {}", number, heap.size,
                            heap.size == 1 ? "" : "s", tokens[1]));
  }
  if (*take == 0 && heap.zero_spent) {
    return fail(fmt::format("heap {} has already used its zero move", number));
  }
  auto candidates = c.rules->options_taking(c.heaps, ref->offset, *take, limits);
  if (!candidates) return Error{candidates.error()};
  if (candidates->empty()) {
    if (*take == 0) {
      return fail(fmt::format("a move must take at least one object from heap {} in {}", number,
                              c.rules->spec()));
    }
    return fail(
        fmt::format("{} does not allow taking {} from heap {}", c.rules->spec(), *take, number));
  }
  if (tokens.size() > 2) {
    std::vector<std::uint64_t> parts;
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      auto part = parse_u64(tokens[i], "part");
      if (!part) return Error{part.error()};
      if (*part != 0) parts.push_back(*part);
    }
    std::sort(parts.begin(), parts.end());
    std::erase_if(*candidates, [&](const Option& o) { return sorted_sizes(o.result) != parts; });
    if (candidates->empty()) {
      return fail(fmt::format(
          "taking {} from heap {} cannot leave {}", *take, number,
          fmt::join(std::vector<std::string>(tokens.begin() + 2, tokens.end()), " and ")));
    }
  }
  if (candidates->size() > 1) {
    std::string choices;
    for (std::size_t i = 0; i < candidates->size() && i < 6; ++i) {
      choices += (i == 0 ? "" : "; ") + list_sizes((*candidates)[i].result, "+");
    }
    return fail(
        fmt::format("taking {} from heap {} can leave {}{}: add the parts, e.g. \"{} {} {}\"",
                    *take, number, choices, candidates->size() > 6 ? "; ..." : "", number, *take,
                    list_sizes(candidates->front().result, " ")));
  }
  return Move{ref->component, std::move(candidates->front())};
}

std::string format_move(const Position& position, const Move& move) {
  const Component& c = position.components()[move.component];
  const std::size_t first = position.first_heap(move.component) + 1;
  if (c.rules->arity() == 1) {
    std::string text = fmt::format("{} {}", first, move.option.take);
    // The parts left are written whenever "HEAP COUNT" alone could mean several moves, or when
    // finding that out would take a long scan (parse_move accepts the parts in either case).
    Limits limits;
    limits.max_scan = 10'000;
    auto same = c.rules->options_taking(c.heaps, 0, move.option.take, limits);
    if (!same || same->size() > 1) {
      for (const Heap& h : move.option.result) text += fmt::format(" {}", h.size);
    }
    return text;
  }
  std::vector<std::string> parts;
  for (std::size_t j = 0; j < c.heaps.size(); ++j) {
    const std::uint64_t taken = c.heaps[j].size - move.option.result[j].size;
    if (taken != 0) parts.push_back(fmt::format("{}:{}", first + j, taken));
  }
  if (parts.size() == 1) {
    const std::size_t colon = parts[0].find(':');
    return parts[0].substr(0, colon) + " " + parts[0].substr(colon + 1);
  }
  return fmt::format("{}", fmt::join(parts, " "));
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
  record.text = format_move(before, move);
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
  text += fmt::format("rules {}\n", rules_->spec());
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
      if (rules || w.size() != 2) return at("expected one \"rules NAME\" line before the start");
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
      if (!rules || !have_convention)
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
