#include "move_words.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <span>

#include "nimkit/heap_game.h"
#include "nimkit/nimber.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit::detail {
namespace {

// Text as words are compared: lower case, runs of white space one space, none after "(" or ","
// nor before ")" or "," ("(and 2, 4)" is "(and 2,4)").
std::string normalized(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : trim(text)) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      space = true;
      continue;
    }
    if (space && !out.empty() && c != ',' && c != ')' && out.back() != '(' && out.back() != ',') {
      out += ' ';
    }
    space = false;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

bool has_letter(std::string_view text) {
  return std::any_of(text.begin(), text.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

// How well typed words tell a move: not at all, without the end of its description, or whole.
enum class Told { kNo, kInPart, kWhole };

// How `typed` (normalized) tells the move `description` does: all of it, or without what it adds
// at its end — a count after ": " ("eat (2,3): 4 cells"), a note in brackets ("remove vertex 3
// (and 2, 4)", "(step 7 of the sum)").
Told tells(const std::string& typed, std::string_view description) {
  std::string said = normalized(description);
  if (typed == said) return Told::kWhole;
  if (const std::size_t colon = said.rfind(": "); colon != std::string::npos) {
    said.resize(colon);
    if (typed == said) return Told::kInPart;
  }
  if (const std::size_t open = said.rfind(" ("); open != std::string::npos && said.ends_with(')')) {
    said.resize(open);
    if (typed == said) return Told::kInPart;
  }
  return Told::kNo;
}

// The options of one component that `text` names, and how well: as the family reads it
// (`try_family`: text that came before the component's label), else by description, the options
// told whole if any.
struct Described {
  std::vector<Option> options;
  Told how = Told::kNo;
};

Result<Described> described_options(const Component& c, std::string_view text, std::size_t first,
                                    std::size_t items, bool try_family, const Limits& limits) {
  if (try_family) {
    auto read = c.rules->parse_move(c.state, text, first, items, false, limits);
    if (read && !read->empty()) return Described{std::move(*read), Told::kWhole};
  }
  Described found;
  // The heap families read their words in parse_move, on heaps of any size.
  if (c.rules->heap_game() != nullptr) return found;
  const Count count = c.rules->count_options(c.state);
  if (count > kDescribedScan) return found;
  const std::string typed = normalized(text);
  for (Count i = 0; i < count; ++i) {
    if (!limits.charge()) return limits.stop_error();
    Option option = c.rules->option(c.state, i);
    const Told how = tells(typed, c.rules->describe_move(c.state, option, first));
    if (how == Told::kNo || how < found.how) continue;
    if (how > found.how) found = Described{{}, how};
    found.options.push_back(std::move(option));
  }
  return found;
}

// Where `text` ends with " in LABEL", LABEL naming component c as Ruleset::label() does
// ("turn coin 3 in coins hth"): the text before it.
std::optional<std::string_view> before_label(std::string_view text, const Component& c,
                                             std::size_t first) {
  const std::string lower = ascii_lower(text);
  const std::string label = normalized(c.rules->label(c.state, first));
  for (std::size_t at = lower.rfind(" in "); at != std::string::npos && at > 0;
       at = lower.rfind(" in ", at - 1)) {
    if (normalized(std::string_view(text).substr(at + 4)) == label) return text.substr(0, at);
  }
  return std::nullopt;
}

// "... in component N" (describe()'s words for one of two components with the same label): N - 1
// and the text before it.
std::optional<std::pair<std::size_t, std::string_view>> component_named(const Position& position,
                                                                        std::string_view text) {
  const std::string lower = ascii_lower(text);
  const std::size_t at = lower.rfind(" in component ");
  if (at == std::string::npos) return std::nullopt;
  const auto n = typed_number(trim(text.substr(at + 14)));
  if (!n || *n == 0 || *n > position.components().size()) return std::nullopt;
  return std::pair{static_cast<std::size_t>(*n - 1), text.substr(0, at)};
}

}  // namespace

Result<std::vector<Move>> described_moves(const Position& position, std::string_view text,
                                          std::optional<std::size_t> only, const Limits& limits) {
  std::vector<Move> found;
  if (!has_letter(text)) return found;
  std::string_view words = text;
  bool by_place = false;
  if (const auto named = component_named(position, text); named && !only) {
    only = named->first;
    words = named->second;
    by_place = true;
  }
  const bool labelled = !by_place && ascii_lower(words).find(" in ") != std::string::npos;
  const std::size_t items = position.item_count();
  std::optional<std::size_t> claimed;
  Told best = Told::kNo;
  std::size_t first = 1;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const std::size_t first_here = first;
    first += comp.rules->item_count(comp.state);
    if (only && c != *only) continue;
    if (!limits.charge()) return limits.stop_error();
    const auto prefix = labelled ? before_label(words, comp, first_here) : std::nullopt;
    auto described = described_options(comp, prefix ? *prefix : words, first_here, items,
                                       by_place || prefix.has_value(), limits);
    if (!described) return described.failure();
    // Words told whole in one component outweigh words told in part in another ("move 1 coin
    // from step 3 to step 2" against "... (step 7 of the sum)").
    if (described->how == Told::kNo || described->how < best) continue;
    if (described->how > best) {
      best = described->how;
      claimed.reset();
      found.clear();
    }
    if (claimed) {
      const Component& other = position.components()[*claimed];
      if (other.rules->spec() == comp.rules->spec() && other.state == comp.state) continue;
      return ambiguous_move(text, *claimed, c);
    }
    claimed = c;
    for (Option& option : described->options) found.push_back(Move{c, std::move(option)});
  }
  return found;
}

Error ambiguous_move(std::string_view text, std::size_t first, std::size_t second) {
  return fail(fmt::format(
      "move {} is ambiguous: it names moves in components {} and {}; put \"@{}\" or \"@{}\" "
      "before it to choose",
      quoted(text), first + 1, second + 1, first + 1, second + 1));
}

std::optional<std::string> family_unclaimed_message(const Position& position,
                                                    std::string_view text) {
  // Each ruleset once, with all its components: a Cram board's regions together are the board.
  std::vector<const Ruleset*> asked;
  for (const Component& c : position.components()) {
    if (std::find(asked.begin(), asked.end(), c.rules.get()) != asked.end()) continue;
    asked.push_back(c.rules.get());
    std::vector<const State*> states;
    for (const Component& same : position.components()) {
      if (same.rules == c.rules) states.push_back(&same.state);
    }
    if (auto message = c.rules->unclaimed_move(states, text)) return message;
  }
  return std::nullopt;
}

std::string unclaimed_move_message(const Position& position, std::string_view text,
                                   const Limits& limits) {
  if (auto message = family_unclaimed_message(position, text)) return *message;
  const Count total = position.move_count();
  const std::string head = fmt::format("move {} names nothing in this position", quoted(text));
  if (total == 0) return head + ": no moves are left";
  // The first moves, as many as fit a short line: a position may have millions.
  constexpr Count kShown = 8;
  constexpr std::size_t kLongest = 300;
  std::vector<std::string> shown;
  std::size_t length = 0;
  for (Count i = 0; i < total && i < kShown && length < kLongest; ++i) {
    shown.push_back(quoted(format_move(position, position.move_at(i), limits)));
    length += shown.back().size() + 2;
  }
  if (total == Count{shown.size()}) {
    const std::string last = shown.back();
    shown.pop_back();
    if (shown.empty()) return fmt::format("{}; its one move is {}", head, last);
    return fmt::format("{}; its moves are {} and {}", head, fmt::join(shown, ", "), last);
  }
  return fmt::format("{}; it has {} moves, the first {}", head, to_string(total),
                     fmt::join(shown, ", "));
}

Result<std::optional<ToldMove>> told_move(std::string_view text, MoveWords kind) {
  using Told = std::optional<ToldMove>;
  text = trim(text);
  std::string lower = ascii_lower(text);
  const bool letter = !lower.empty() && lower[0] >= 'a' && lower[0] <= 'z';
  if (!letter && lower.find(" into ") == std::string::npos) return Told{};
  std::replace(lower.begin(), lower.end(), ',', ' ');
  const std::vector<std::string> w = words(lower);
  // Words these moves never start with ("foo") are the notation's to refuse, as it always has.
  static constexpr std::string_view kFirstWords[] = {"take",  "remove", "knock", "zero",
                                                     "split", "heap",   "add"};
  if (letter && std::find(std::begin(kFirstWords), std::end(kFirstWords), w.front()) ==
                    std::end(kFirstWords)) {
    return Told{};
  }
  ToldMove told;
  std::size_t at = 0;
  const auto next_is = [&](std::initializer_list<std::string_view> choices) {
    if (at >= w.size()) return false;
    for (std::string_view choice : choices) {
      if (w[at] == choice) {
        ++at;
        return true;
      }
    }
    return false;
  };
  const auto number = [&]() -> std::optional<std::string> {
    if (at >= w.size() || w[at].empty() || w[at].find_first_not_of("0123456789-") != w[at].npos) {
      return std::nullopt;
    }
    return w[at++];
  };
  // The heaps a move leaves: "A and B", "A, B and C" (the commas are spaces by now).
  const auto parts = [&]() -> std::optional<std::string> {
    std::string out;
    do {
      auto part = number();
      if (!part) return std::nullopt;
      out += " " + *part;
    } while (next_is({"and"}) || (at < w.size() && w[at] != "and" && !w[at].empty() &&
                                  w[at][0] >= '0' && w[at][0] <= '9'));
    return out;
  };
  const auto unread = [&]() -> Result<Told> {
    return fail(fmt::format("move {} is not in words this game reads: e.g. \"{}\"", quoted(text),
                            kind == MoveWords::kPins    ? "knock pin 2 of row 1"
                            : kind == MoveWords::kSplit ? "split heap 1 into 3 and 4"
                                                        : "take 2 from heap 1"));
  };
  std::string& out = told.notation;
  if (next_is({"take", "remove"})) {
    std::vector<std::pair<std::string, std::string>> takes;
    do {
      auto count = number();
      if (!count || !next_is({"from"})) return unread();
      next_is({"heap", "row"});
      auto heap = number();
      if (!heap) return unread();
      takes.emplace_back(*heap, *count);
    } while (next_is({"and"}));
    if (next_is({"leaving"})) {
      auto left = parts();
      if (!left || takes.size() != 1) return unread();
      out = takes[0].first + " " + takes[0].second + *left;
    } else {
      for (const auto& [heap, count] : takes) out += (out.empty() ? "" : " ") + heap + ":" + count;
      told.one_heap_left = takes.size() == 1;
    }
  } else if (next_is({"knock"})) {
    if (!next_is({"pin", "pins"})) return unread();
    auto pins = number();
    if (!pins || !next_is({"of"})) return unread();
    next_is({"row", "heap"});
    auto row = number();
    if (!row) return unread();
    out = *row + " " + *pins;
  } else if (next_is({"add"})) {
    auto count = number();
    if (!count || !next_is({"to"})) return unread();
    next_is({"heap"});
    auto heap = number();
    if (!heap) return unread();
    out = *heap + " +" + *count;
  } else if (next_is({"zero"})) {
    if (!next_is({"move"}) || !next_is({"on"})) return unread();
    next_is({"heap"});
    auto heap = number();
    if (!heap) return unread();
    out = *heap + " 0";
  } else {
    next_is({"split"});
    next_is({"heap"});
    auto heap = number();
    if (!heap || !next_is({"into"})) return unread();
    auto left = parts();
    if (!left) return unread();
    out = *heap + " 0" + *left;
  }
  if (at != w.size()) return unread();
  return Told{std::move(told)};
}

}  // namespace nimkit::detail
