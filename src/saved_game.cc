#include "nimkit/saved_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "nimkit/checked.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit {

namespace {

// The "rules" and "start" records of a game: its ruleset (or "sum") and the start in its
// notation, which reads back as the same components (format_position() keeps the qualifiers of
// components whose bare items would merge: two graphs with the same vertex names).
std::pair<std::string, std::string> start_records(std::shared_ptr<const Ruleset> rules,
                                                  const Position& start) {
  if (!rules && start.single_ruleset() != nullptr) rules = start.components().front().rules;
  return {rules ? rules->spec() : std::string(kSumRules), format_position(start, rules.get())};
}

std::optional<unsigned char> parse_hex_byte(std::string_view two) {
  unsigned value = 0;
  for (const char c : two) {
    const int digit = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
    if (digit < 0) return std::nullopt;
    value = value * 16 + static_cast<unsigned>(digit);
  }
  return static_cast<unsigned char>(value);
}

// A player's name as the "players" record writes it: a plain word as it is; any other name
// (empty, with white space, a quote, a backslash, a control character or bytes that are not
// UTF-8) in double quotes, escaped as sanitize() escapes text, so that every name reads back.
std::string player_word(const std::string& name) {
  const std::string safe = sanitize(name, name.size() + 1);
  const bool plain =
      !name.empty() && safe == name && name.find_first_of(" \"") == std::string::npos;
  if (plain) return name;
  std::string word = "\"";
  for (const char c : safe) word += c == '"' ? std::string("\\\"") : std::string(1, c);
  return word + '"';
}

}  // namespace

std::string save_game(const Match& match, const std::string& first_player,
                      const std::string& second_player) {
  const auto [rules, start] = start_records(match.rules(), match.start());
  std::string text = "nimkit-game 3\n";
  text += fmt::format("rules {}\n", rules);
  text += fmt::format("convention {}\n", to_string(match.convention()));
  text += fmt::format("players {} {}\n", player_word(first_player), player_word(second_player));
  text += fmt::format("start {}\n", start);
  for (const MoveRecord& r : match.history()) {
    text += fmt::format("move {}{}\n", r.text, r.threw_away_win ? " !" : "");
  }
  if (match.drawn_by_agreement()) text += "draw agreed\n";
  return text;
}

namespace {

// A move of a version-1 file as the current notation reads it. Version 1 wrote every heap
// family's moves in the take notation; since version 2 the bowling games' rows write the pins
// knocked, and "1 2" (take 2 from row 1 then, knock pin 2 now) reads as "1:2", the take
// notation every heap family still reads.
std::string version_1_move(const Position& position, std::string_view text) {
  const std::vector<std::string> w = words(text);
  if (w.size() != 2) return std::string(text);
  auto item = parse_u64(w[0], "heap");
  if (!item) return std::string(text);
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const std::size_t first = position.first_item(c);
    if (*item < first || *item - first >= comp.rules->item_count(comp.state)) continue;
    const HeapGame* heaps = comp.rules->heap_game();
    if (heaps != nullptr && heaps->arity() == 1 && heaps->move_words() == MoveWords::kPins) {
      return w[0] + ":" + w[1];
    }
  }
  return std::string(text);
}

// A move of a version-1 or version-2 file as the current notation reads it. Until version 3
// Hackenbush's edges were items numbered across the position, afresh after every cut, like
// heaps: "N" named the N-th item, counting each Hackenbush component's edges; now an edge keeps
// its name and counts no item. The item is found by the old count and written as it is read
// now: an edge by its name in its component ("@2 7"), another family's item by its number now.
std::string version_2_move(const Position& position, std::string_view text) {
  const auto names = [](const Component& comp) {
    return comp.rules->names_of_version_2_items(comp.state);
  };
  if (std::none_of(position.components().begin(), position.components().end(),
                   [&](const Component& c) { return names(c).has_value(); })) {
    return std::string(text);
  }
  std::vector<std::string> w = words(text);
  if (w.empty()) return std::string(text);
  auto item = parse_u64(w[0], "item");
  if (!item) return std::string(text);
  std::uint64_t first_then = 1;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const std::optional<std::vector<std::uint64_t>> named = names(comp);
    const std::size_t count = named ? named->size() : comp.rules->item_count(comp.state);
    if (*item >= first_then && *item - first_then < count) {
      const std::uint64_t k = *item - first_then;
      if (named) return fmt::format("@{} {}", c + 1, (*named)[k]);
      w[0] = std::to_string(position.first_item(c) + k);
      return fmt::format("{}", fmt::join(w, " "));
    }
    first_then += count;
  }
  return std::string(text);
}

// One name of the "players" record from the front of `text`, which it leaves after the name: a
// word, or a name in double quotes where '\\', '\"', \n, \r, \t and \xHH stand for what
// player_word() escaped.
Result<std::string> read_player_name(std::string_view& text) {
  text = trim(text);
  const auto bad = [] {
    return fail("expected \"players FIRST SECOND\" (a name with spaces in quotes)");
  };
  if (text.empty()) return bad();
  if (text.front() != '"') {
    const std::size_t end = std::min(text.find_first_of(" \t"), text.size());
    std::string name(text.substr(0, end));
    text.remove_prefix(end);
    return name;
  }
  std::string name;
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      text.remove_prefix(i + 1);
      if (!text.empty() && text.front() != ' ' && text.front() != '\t') return bad();
      return name;
    }
    if (c != '\\') {
      name += c;
      continue;
    }
    if (++i == text.size()) break;
    switch (text[i]) {
      case 'n':
        name += '\n';
        break;
      case 'r':
        name += '\r';
        break;
      case 't':
        name += '\t';
        break;
      case 'x': {
        const auto hex = i + 2 < text.size() ? parse_hex_byte(text.substr(i + 1, 2)) : std::nullopt;
        if (!hex) return fail(fmt::format("bad escape in player name {}", quoted(text)));
        name += static_cast<char>(*hex);
        i += 2;
        break;
      }
      default:
        name += text[i];  // '\\' and '\"'
    }
  }
  return fail(fmt::format("player name {} has no closing quote", quoted(text.substr(1))));
}

Result<std::pair<std::string, std::string>> read_player_names(std::string_view text) {
  auto first = read_player_name(text);
  if (!first) return first.failure();
  auto second = read_player_name(text);
  if (!second) return second.failure();
  if (!trim(text).empty())
    return fail("expected \"players FIRST SECOND\" (a name with spaces in quotes)");
  return std::pair{std::move(*first), std::move(*second)};
}

// Bytes a position takes in memory: its components, their states and the states' allocations.
std::uint64_t position_bytes(const Position& position) {
  constexpr std::uint64_t kAllocation = 16;  // what the allocator adds to a state's words
  std::uint64_t bytes = sizeof(Position);
  for (const Component& c : position.components()) {
    bytes += sizeof(Component) + kAllocation + c.state.capacity() * sizeof(std::uint64_t);
  }
  return bytes;
}

// A saved game being read, record by record.
struct GameReader {
  SavedGame saved;
  std::shared_ptr<const Ruleset> rules;
  Convention convention = Convention::kNormal;
  bool have_header = false;
  int version = 0;
  bool have_rules = false;
  bool have_convention = false;
  Limits limits;
  // What the record keeps so far: the position after every move (Match's history).
  std::uint64_t record_bytes = 0;

  // One record: its words (the key first) and its value, the text after the key.
  Result<bool> read(const std::vector<std::string>& w, std::string_view value);
  // "move MOVE [!]": the move, then '!' as a word of its own when it threw away a win.
  Result<bool> move(std::string_view value);
};

Result<bool> GameReader::read(const std::vector<std::string>& w, std::string_view value) {
  const std::string& key = w[0];
  if (!have_header) {
    if (key != "nimkit-game") return fail("not a nimkit game file (expected \"nimkit-game 3\")");
    if (w.size() != 2 || (w[1] != "1" && w[1] != "2" && w[1] != "3"))
      return fail(
          fmt::format("unsupported version {} (this nimkit reads 1, 2 and 3)", quoted(value)));
    version = w[1][0] - '0';
    have_header = true;
  } else if (key == "rules") {
    if (have_rules || w.size() != 2)
      return fail("expected one \"rules NAME\" line before the start");
    have_rules = true;
    if (w[1] == kSumRules) return true;
    auto made = make_ruleset(w[1]);
    if (!made) return made.failure();
    rules = *made;
  } else if (key == "convention") {
    const std::optional<Convention> named = w.size() == 2 ? convention_named(w[1]) : std::nullopt;
    if (!named) return fail(fmt::format("convention {} is not normal or misere", quoted(value)));
    convention = *named;
    have_convention = true;
  } else if (key == "players") {
    auto names = read_player_names(value);
    if (!names) return names.failure();
    saved.first_player = std::move(names->first);
    saved.second_player = std::move(names->second);
  } else if (key == "start") {
    if (!have_rules || !have_convention) {
      return fail("\"start\" comes after \"rules\" and \"convention\"");
    }
    if (saved.match) return fail("a second \"start\" line");
    auto position = parse_position(std::vector<std::string>(w.begin() + 1, w.end()), rules);
    if (!position) return position.failure();
    saved.match = std::make_unique<Match>(rules, *position, convention, limits);
  } else if (key == "move") {
    return move(value);
  } else if (key == "draw" && w.size() == 2 && w[1] == "agreed") {
    if (!saved.match) return fail("a draw before the \"start\" line");
    auto agreed = saved.match->agree_draw();
    if (!agreed) return agreed.failure();
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
  const std::string_view text = marked ? trim(value.substr(0, value.rfind('!'))) : value;
  std::string current(text);
  if (version <= 2) current = version_2_move(saved.match->position(), current);
  if (version == 1) current = version_1_move(saved.match->position(), current);
  auto played = saved.match->play(current);
  if (!played) return played.failure();
  if (saved.match->cancelled()) return limits.stop_error();
  // The record keeps every move's position, so a long game of many components costs moves times
  // components: bounded like the positions a search keeps.
  record_bytes = saturating_add(record_bytes, position_bytes((*played)->after));
  if (record_bytes > limits.max_search_bytes) {
    return fail_limit(fmt::format(
        "the game's record passes the memory limit of {} bytes (it keeps the position after "
        "each move: {} components after move {})",
        limits.max_search_bytes, (*played)->after.components().size(),
        saved.match->history().size()));
  }
  if (!(*played)->mark_checked) {
    // Beyond the limits the mark cannot be checked: the record keeps the file's.
    saved.match->claim_mark(marked);
    return true;
  }
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
    if (!read)
      return fail_as(read.failure(), fmt::format("line {}: {}", line_number, read.error()));
  }
  if (!reader.have_header) return fail("empty file: not a nimkit game");
  if (!reader.saved.match) return fail(fmt::format("line {}: no \"start\" line", line_number));
  return std::move(reader.saved);
}

}  // namespace nimkit
