#include "nimkit/notation.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "move_words.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit {

Result<Position> parse_position(const std::vector<std::string>& tokens,
                                const std::shared_ptr<const Ruleset>& default_rules,
                                const Limits& limits) {
  // No tokens: the position with no components, where a game whose components vanish ends (a
  // graph's last vertex removed); format_position() writes it as "".
  if (tokens.empty()) return Position{};
  std::map<std::string, std::shared_ptr<const Ruleset>, std::less<>> cache;
  std::vector<Component> components;
  // Bare items of the default ruleset, and for each the index in `components` it stands at.
  std::vector<std::string> bare;
  std::vector<std::size_t> bare_at;
  for (const std::string& token : tokens) {
    if (!limits.charge()) return limits.stop_error();
    const std::size_t colon = token.rfind(':');
    if (colon == std::string::npos) {
      if (!default_rules) {
        return fail(
            fmt::format("item {} names no ruleset: write it as RULES:ITEMS or choose default rules",
                        quoted(token)));
      }
      bare.push_back(token);
      bare_at.push_back(components.size());
      continue;
    }
    const std::string spec = token.substr(0, colon);
    auto found = cache.find(spec);
    if (found == cache.end()) {
      auto rules = make_ruleset(spec);
      if (!rules) return rules.failure();
      found = cache.emplace(spec, *rules).first;
    }
    const std::vector<std::string> items = split(std::string_view(token).substr(colon + 1), ',');
    // An empty item among others ("1-2,,3", "7,"): the families that read their items as a list
    // (graphs, edges, digraphs) would join them with spaces and never see it.
    if (items.size() > 1 && std::any_of(items.begin(), items.end(),
                                        [](const std::string& i) { return trim(i).empty(); })) {
      return fail(fmt::format("in {}: an empty item between commas", quoted(token)));
    }
    auto parsed = found->second->parse_components(items);
    if (!parsed)
      return fail_as(parsed.failure(), fmt::format("in {}: {}", quoted(token), parsed.error()));
    for (ParsedComponent& p : *parsed) {
      components.push_back(Component{found->second, std::move(p.state)});
    }
  }
  if (!bare.empty()) {
    auto parsed = default_rules->parse_components(bare);
    if (!parsed) return parsed.failure();
    // Each bare component stands where its first item stood, among the qualified ones: one
    // merge of the two lists, in time linear in the position (inserting each into the vector
    // made parsing a position of n heaps take O(n^2)).
    const auto at = [&](const ParsedComponent& p) { return bare_at[p.first_item]; };
    auto before = [&](const ParsedComponent& a, const ParsedComponent& b) { return at(a) < at(b); };
    if (!std::is_sorted(parsed->begin(), parsed->end(), before)) {
      std::stable_sort(parsed->begin(), parsed->end(), before);
    }
    std::vector<Component> merged;
    merged.reserve(components.size() + parsed->size());
    std::size_t next = 0;
    for (ParsedComponent& p : *parsed) {
      while (next < at(p)) merged.push_back(std::move(components[next++]));
      merged.push_back(Component{default_rules, std::move(p.state)});
    }
    while (next < components.size()) merged.push_back(std::move(components[next++]));
    components = std::move(merged);
  }
  return Position(std::move(components));
}

Result<Position> parse_position(std::string_view text,
                                const std::shared_ptr<const Ruleset>& default_rules,
                                const Limits& limits) {
  return parse_position(words(text), default_rules, limits);
}

namespace {

// A component as the text sees it: its ruleset and state, wherever they are kept.
struct Part {
  const Ruleset* rules;
  const State* state;
};

std::vector<Part> parts_of(const Position& position) {
  std::vector<Part> parts;
  parts.reserve(position.components().size());
  for (const Component& c : position.components()) parts.push_back({c.rules.get(), &c.state});
  return parts;
}

// Calls `write(first, last, items)` for each run of neighbouring parts of one ruleset that it
// writes together (format_together), and `write(c, c + 1, its items)` for every other part, in
// order.
template <class Write>
void for_each_written(const std::vector<Part>& parts, Write write) {
  std::vector<const State*> run;
  for (std::size_t first = 0; first < parts.size();) {
    const Ruleset& rules = *parts[first].rules;
    std::size_t last = first + 1;
    while (last < parts.size() &&
           (parts[last].rules == &rules || parts[last].rules->spec() == rules.spec())) {
      ++last;
    }
    if (last - first >= 2) {
      run.clear();
      for (std::size_t c = first; c < last; ++c) run.push_back(parts[c].state);
      if (auto together = rules.format_together(run)) {
        write(first, last, *together);
        first = last;
        continue;
      }
    }
    for (; first < last; ++first) write(first, first + 1, rules.format_state(*parts[first].state));
  }
}

// The items alone, and whether they would fail to read back as these components: neighbouring
// components of a ruleset that neither shares tokens nor writes them together ("staircase:4,0,3
// staircase:3,0,2" is not "4 0 3 3 0 2", one staircase of six steps).
struct BareText {
  std::string text;
  bool merges = false;
};

BareText bare_text(const std::vector<Part>& parts) {
  BareText bare;
  const Ruleset* apart = nullptr;  // the ruleset of the last part written on its own
  for_each_written(
      parts, [&](std::size_t first, std::size_t last, const std::vector<std::string>& items) {
        const Ruleset& rules = *parts[first].rules;
        const bool alone = last - first == 1;
        if (alone && apart != nullptr && !rules.shares_tokens() && apart->spec() == rules.spec()) {
          bare.merges = true;
        }
        apart = alone ? &rules : nullptr;
        for (const std::string& item : items) {
          if (!bare.text.empty()) bare.text += ' ';
          bare.text += item;
        }
      });
  return bare;
}

std::string position_text(const std::vector<Part>& parts, const Ruleset* default_rules) {
  const Ruleset* single = parts.empty() ? nullptr : parts.front().rules;
  for (const Part& p : parts) {
    if (single != nullptr && p.rules != single && p.rules->spec() != single->spec()) {
      single = nullptr;
    }
  }
  const bool bare =
      (default_rules == nullptr && single != nullptr) ||
      (default_rules != nullptr && single != nullptr && single->spec() == default_rules->spec());
  if (parts.empty()) return {};
  if (bare) {
    if (BareText written = bare_text(parts); !written.merges) return std::move(written.text);
  }
  // Neighbouring components of one ruleset share a token when their items read back as the same
  // components: "kayles:2,3 nim:3".
  std::string text;
  const Ruleset* previous = nullptr;
  for_each_written(
      parts, [&](std::size_t first, std::size_t last, const std::vector<std::string>& items) {
        const Ruleset& rules = *parts[first].rules;
        const bool joins =
            previous != nullptr && previous->shares_tokens() && previous->spec() == rules.spec();
        text += joins ? "," : (text.empty() ? "" : " ") + rules.spec() + ':';
        text += fmt::format("{}", fmt::join(items, ","));
        // A run written together ends its token: the next component starts a new one.
        previous = last - first >= 2 ? nullptr : &rules;
      });
  return text;
}

}  // namespace

std::string format_items(const Position& position) { return bare_text(parts_of(position)).text; }

std::string format_component(const Component& component) {
  return fmt::format("{}", fmt::join(component.rules->format_state(component.state), ","));
}

std::string format_position(const Position& position, const Ruleset* default_rules) {
  return position_text(parts_of(position), default_rules);
}

std::string format_position_after(const Position& before, const Move& move,
                                  const Ruleset* default_rules) {
  std::vector<Part> parts;
  const auto& components = before.components();
  parts.reserve(components.size() + move.option.result.size());
  for (std::size_t c = 0; c < components.size(); ++c) {
    if (c != move.component) {
      parts.push_back({components[c].rules.get(), &components[c].state});
      continue;
    }
    for (const State& s : move.option.result) parts.push_back({components[c].rules.get(), &s});
  }
  return position_text(parts, default_rules);
}

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
  if (!prefix) return prefix.failure();
  if (*prefix) {
    const auto [c, rest] = **prefix;
    const Component& comp = position.components()[c];
    auto options = comp.rules->parse_move(comp.state, rest, position.first_item(c),
                                          position.item_count(), partial, limits);
    if (!options || options->empty()) {
      // The move in words ("@2 turn coin 3") is read when the notation is not.
      auto described = detail::described_moves(position, rest, c, limits);
      if (!described) return described.failure();
      if (!described->empty()) return described;
    }
    if (!options) return options.failure();
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
  // Each component's first item follows from the one before: first_item(c) from scratch made
  // reading a move in a position of n components O(n^2), and replaying n moves O(n^3).
  std::size_t first = 1;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const std::size_t first_here = first;
    first += comp.rules->item_count(comp.state);
    auto options = comp.rules->parse_move(comp.state, text, first_here, items, partial, limits);
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
      return detail::ambiguous_move(text, *claimed, c);
    }
    claimed = c;
    for (Option& option : *options) found.push_back(Move{c, std::move(option)});
  }
  if (claimed) return found;
  // No component reads the text as its notation: it may be a move in words, as describe() tells
  // it (families with components too large to list read their words themselves, above).
  auto described = detail::described_moves(position, text, std::nullopt, limits);
  if (!described) return described.failure();
  if (!described->empty()) return described;
  // A family that knows the text names its own account first ("a1 is already filled"), before
  // another family's complaint that the text is not its notation.
  if (auto own = detail::family_unclaimed_message(position, text)) return fail(*own);
  if (first_error) return fail(*first_error);
  return fail(detail::unclaimed_move_message(position, text, limits));
}

Result<Move> parse_move(const Position& position, std::string_view text, const Limits& limits) {
  auto moves = parse_partial_move(position, text, false, limits);
  if (!moves) return moves.failure();
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

std::string describe(const Position& before, const Move& move, const Limits& limits) {
  const Component& c = before.components()[move.component];
  const std::size_t first = before.first_item(move.component);
  std::string text = c.rules->describe_move(c.state, move.option, first);
  // Only a sum can share move text: a lone component skips writing and re-reading it.
  if (before.components().size() < 2) return text;
  const std::string typed = c.rules->format_move(c.state, move.option, first, limits);
  if (!move_text_is_shared(before, move, typed, limits)) return text;
  // The component by its label, or by its place when another component has the same label (two
  // equal coin rows, two boards' regions with the same corners): the words must name one.
  const std::string label = c.rules->label(c.state, first);
  std::size_t first_other = 1;
  for (std::size_t i = 0; i < before.components().size(); ++i) {
    const Component& other = before.components()[i];
    if (i != move.component && other.rules->label(other.state, first_other) == label) {
      return fmt::format("{} in component {}", text, move.component + 1);
    }
    first_other += other.rules->item_count(other.state);
  }
  return text + " in " + label;
}

bool move_text_is_shared(const Position& before, const Move& move, std::string_view text,
                         const Limits& limits) {
  const std::size_t items = before.item_count();
  // Text that names the moved component's numbered items ("3") is about another component for
  // every other component with numbered items (parse_move's contract): only components whose
  // items carry their own names (graph vertices, cells) can read it too. So a sum of a thousand
  // components parses no move text a thousand times.
  const Component& moved = before.components()[move.component];
  const bool numbered = moved.rules->item_count(moved.state) > 0;
  // Each component's first item follows from the one before: first_item(i) from scratch would
  // make describing a move in a sum of n components O(n^2).
  std::size_t first = 1;
  for (std::size_t i = 0; i < before.components().size(); ++i) {
    const Component& other = before.components()[i];
    const std::size_t count = other.rules->item_count(other.state);
    if (i != move.component && !(numbered && count > 0)) {
      auto options = other.rules->parse_move(other.state, text, first, items, false, limits);
      if (options && !options->empty()) return true;
    }
    first += count;
  }
  return false;
}

}  // namespace nimkit
