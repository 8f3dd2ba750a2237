// The move text of the heap families: moves told ("take 2 from heap 1", "split heap 1 into 3 and
// 4", "knock pins 2-3 of row 1") and typed in each family's words (HeapGame::move_words()).
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "enum_names.h"
#include "move_words.h"
#include "nimkit/heap_game.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

std::string list_sizes(const std::vector<Heap>& heaps, std::string_view joiner) {
  std::string text;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0) text += joiner;
    text += std::to_string(heaps[i].size);
  }
  return text.empty() ? "nothing" : text;
}

// The sizes of the non-empty heaps, smallest first: what a move leaves, however it is written.
std::vector<std::uint64_t> sorted_sizes(const std::vector<Heap>& heaps) {
  std::vector<std::uint64_t> sizes;
  for (const Heap& h : heaps) {
    if (h.size != 0) sizes.push_back(h.size);
  }
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

// A heap number of move text: its 0-based index within the component, or nullopt when the heap
// belongs to another component. Fails on a number that names no heap of the position (a "row"
// in the bowling games).
Result<std::optional<std::size_t>> heap_index(std::string_view text, std::size_t first_item,
                                              std::size_t heaps_here, std::size_t items,
                                              std::string_view noun = "heap") {
  auto number = parse_u64(text, fmt::format("{} number", noun));
  if (!number) return number.failure();
  if (*number == 0 || *number > items) {
    return fail(fmt::format("no {} {}: {}s are numbered 1 to {}", noun, text, noun, items));
  }
  if (*number < first_item || *number - first_item >= heaps_here) {
    return std::optional<std::size_t>{};
  }
  return std::optional<std::size_t>{static_cast<std::size_t>(*number - first_item)};
}

// The heap a move's text starts with, when it surely names one: digits (no leading zero, at
// most 18) followed by ':' ("2:3") or by white space and more words ("2 3"). A move in a sum of
// thousands of heaps is read by every component; all but one decline it by this number alone.
std::optional<std::uint64_t> leading_heap(std::string_view text) {
  text = trim(text);
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 18 || text[0] == '0' || digits == text.size()) return std::nullopt;
  const char after = text[digits];
  const bool more =
      std::isspace(static_cast<unsigned char>(after)) != 0 && !trim(text.substr(digits)).empty();
  if (after != ':' && !more) return std::nullopt;
  std::uint64_t number = 0;
  for (std::size_t i = 0; i < digits; ++i) number = number * 10 + (text[i] - '0');
  return number;
}

}  // namespace

std::string HeapGame::describe_move(const State& before, const Option& option,
                                    std::size_t first_item) const {
  const std::vector<Heap> heaps = decode(before);
  const HeapOption o = heap_option(before, option);
  if (arity() != 1) {
    std::string text;
    for (std::size_t j = 0; j < heaps.size(); ++j) {
      const std::uint64_t taken = heaps[j].size - o.result[j].size;
      if (taken == 0) continue;
      text += text.empty() ? fmt::format("take {} from heap {}", taken, first_item + j)
                           : fmt::format(" and {} from heap {}", taken, first_item + j);
    }
    return text;
  }
  if (o.add != 0) return fmt::format("add {} to heap {}", o.add, first_item);
  if (move_words() == MoveWords::kPins && o.take > 0) {
    return fmt::format("knock pin{} {} of row {}", o.take == 1 ? "" : "s", pins_knocked(o),
                       first_item);
  }
  const Heap& heap = heaps[0];
  if (o.take == 0 && o.result.size() == 1 && o.result[0].size == heap.size) {
    return fmt::format("zero move on heap {}", first_item);
  }
  std::string text = o.take == 0 ? fmt::format("split heap {}", first_item)
                                 : fmt::format("take {} from heap {}", o.take, first_item);
  if (o.result.size() >= 2) {
    text += o.take == 0 ? " into " : " leaving ";
    for (std::size_t j = 0; j < o.result.size(); ++j) {
      if (j > 0) text += j + 1 == o.result.size() ? " and " : ", ";
      text += std::to_string(o.result[j].size);
    }
  }
  return text;
}

std::string HeapGame::pins_knocked(const HeapOption& option) {
  // A move leaving two rows knocks the pins after the smaller one; a move leaving one row knocks
  // the first pins (the same move as the last ones).
  const std::vector<std::uint64_t> left = sorted_sizes(option.result);
  const std::uint64_t first = left.size() == 2 ? left.front() + 1 : 1;
  if (option.take == 1) return std::to_string(first);
  return fmt::format("{}-{}", first, first + option.take - 1);
}

std::string HeapGame::format_move(const State& before, const Option& option, std::size_t first_item,
                                  const Limits& limits) const {
  const std::vector<Heap> heaps = decode(before);
  const HeapOption o = heap_option(before, option);
  if (arity() == 1) {
    if (o.add != 0) return fmt::format("{} +{}", first_item, o.add);
    if (move_words() == MoveWords::kPins && o.take > 0) {
      return fmt::format("{} {}", first_item, pins_knocked(o));
    }
    if (move_words() == MoveWords::kSplit && o.take == 0 && o.result.size() == 2) {
      return fmt::format("{} {} {}", first_item, o.result[0].size, o.result[1].size);
    }
    std::string text = fmt::format("{} {}", first_item, o.take);
    // The parts left are written whenever "HEAP COUNT" alone could mean several moves, or when
    // finding that out would take a long scan (parse_move accepts the parts in either case).
    Limits small = limits;
    small.max_scan = std::min<std::uint64_t>(limits.max_scan, 10'000);
    auto same = options_taking(heaps, 0, o.take, small);
    if (!same || same->size() > 1) {
      for (const Heap& h : o.result) text += fmt::format(" {}", h.size);
    }
    return text;
  }
  std::vector<std::string> parts;
  for (std::size_t j = 0; j < heaps.size(); ++j) {
    const std::uint64_t taken = heaps[j].size - o.result[j].size;
    if (taken != 0) parts.push_back(fmt::format("{}:{}", first_item + j, taken));
  }
  if (parts.size() == 1) {
    const std::size_t colon = parts[0].find(':');
    return parts[0].substr(0, colon) + " " + parts[0].substr(colon + 1);
  }
  return fmt::format("{}", fmt::join(parts, " "));
}

namespace {

// "HEAP:COUNT HEAP:COUNT ...": a move on several heaps of one component.
Result<std::vector<Option>> parse_multi_move(const HeapGame& rules, const State& state,
                                             const std::vector<std::string>& tokens,
                                             std::size_t first_item, std::size_t items,
                                             const Limits& limits) {
  const std::vector<Heap> heaps = HeapGame::decode(state);
  std::vector<std::pair<std::size_t, std::uint64_t>> takes;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::size_t colon = tokens[i].find(':');
    if (colon == std::string::npos) {
      return fail(fmt::format("{} is not HEAP:COUNT", quoted(tokens[i])));
    }
    auto index =
        heap_index(std::string_view(tokens[i]).substr(0, colon), first_item, heaps.size(), items);
    if (!index) return index.failure();
    auto take = parse_u64(std::string_view(tokens[i]).substr(colon + 1), "count");
    if (!take) return take.failure();
    if (!*index) {
      // The first heap decides which component the move is about.
      if (i == 0) return std::vector<Option>{};
      return fail(
          fmt::format("heaps in {} are not played together by these rules", quoted(tokens[i])));
    }
    takes.emplace_back(**index, *take);
  }
  if (rules.arity() == 1 && takes.size() == 1) {
    return fail("write a move on one heap as \"HEAP COUNT\"");
  }
  const Count count = rules.option_count(heaps);
  if (count > limits.max_scan) return fail_limit("too many moves to check this one");
  for (Count k = 0; k < count; ++k) {
    HeapOption option = rules.option_at(heaps, k);
    if (option.result.size() != heaps.size()) continue;
    bool match = true;
    for (std::size_t j = 0; j < heaps.size() && match; ++j) {
      std::uint64_t want = 0;
      for (const auto& [offset, take] : takes) {
        if (offset == j) want = take;
      }
      match = heaps[j].size - option.result[j].size == want;
    }
    if (match) return std::vector<Option>{rules.generic(option)};
  }
  return fail(fmt::format("{} is not a move {} allows",
                          quoted(fmt::format("{}", fmt::join(tokens, " "))),
                          sanitize(rules.spec())));
}

// What a refused move could have been: "heap 1 allows 3 moves: "1 1 6", "1 2 5", "1 3 4"", or a
// sample and the count.
std::string allowed_moves(const HeapGame& rules, std::span<const Heap> heaps,
                          std::size_t first_item, const Limits& limits) {
  const std::string noun = rules.move_words() == MoveWords::kPins ? "row" : "heap";
  const std::string name =
      heaps.size() == 1 ? fmt::format("{} {}", noun, first_item)
                        : fmt::format("heaps {}-{}", first_item, first_item + heaps.size() - 1);
  const Count count = rules.option_count(heaps);
  if (count == 0) return fmt::format("{} has no moves left", name);
  constexpr Count kShown = 6;
  const State state = HeapGame::encode(heaps);
  std::vector<std::string> shown;
  for (Count i = 0; i < count && i < kShown; ++i) {
    const Option option = rules.generic(rules.option_at(heaps, i));
    shown.push_back(quoted(rules.format_move(state, option, first_item, limits)));
  }
  return fmt::format("{} allows {} move{}{} {}", name, to_string(count), count == 1 ? "" : "s",
                     count > kShown ? ", e.g." : ":", fmt::join(shown, ", "));
}

// The options "take COUNT from HEAP" may mean, narrowed by the parts left when given.
Result<std::vector<HeapOption>> candidates(const HeapGame& rules, std::span<const Heap> heaps,
                                           std::size_t index,
                                           const std::vector<std::string>& tokens,
                                           std::size_t first_item, const Limits& limits) {
  const Heap& heap = heaps[index];
  const std::string& number = tokens[0];
  if (tokens[1].starts_with('-') && heap.size > 0) {
    // What is accepted here: a count from 1 to the heap (0 for a zero move is said apart).
    return fail(fmt::format("count {} is negative: heap {} allows taking 1 to {}",
                            quoted(tokens[1]), number, heap.size));
  }
  auto take = parse_u64(tokens[1], "count");
  if (!take) return take.failure();
  if (heap.size == 0) return fail(fmt::format("heap {} is empty", number));
  if (*take > heap.size) {
    return fail(fmt::format("heap {} has only {} object{}, cannot take {}", number, heap.size,
                            heap.size == 1 ? "" : "s", tokens[1]));
  }
  if (*take == 0 && heap.zero_spent) {
    return fail(fmt::format("heap {} has already used its zero move", number));
  }
  if (tokens.size() > 2) {
    // The parts name one move: checked by the family's rule, never by listing the options.
    std::vector<std::uint64_t> parts;
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      auto part = parse_u64(tokens[i], "part");
      if (!part) return part.failure();
      if (*part != 0) parts.push_back(*part);
    }
    std::sort(parts.begin(), parts.end());
    auto option = rules.option_leaving(heaps, index, *take, parts, limits);
    if (!option) return option.failure();
    if (*option) return std::vector<HeapOption>{std::move(**option)};
    // Whether no move takes that many at all, told apart when a short look can say so.
    Limits small = limits;
    small.max_scan = std::min<std::uint64_t>(limits.max_scan, 10'000);
    auto taking = rules.options_taking(heaps, index, *take, small);
    if (!taking || !taking->empty()) {
      // The parts are user text: cut short like every quoted value (a line may hold millions).
      return fail(fmt::format(
          "taking {} from heap {} cannot leave {}; {}", *take, number,
          sanitize(fmt::format(
              "{}",
              fmt::join(std::vector<std::string>(tokens.begin() + 2, tokens.end()), " and "))),
          allowed_moves(rules, heaps, first_item, limits)));
    }
  }
  auto found = rules.options_taking(heaps, index, *take, limits);
  if (!found) return found.failure();
  if (found->empty()) {
    const std::string allowed = allowed_moves(rules, heaps, first_item, limits);
    if (*take == 0) {
      return fail(fmt::format("a move must take at least one object from heap {} in {}; {}", number,
                              sanitize(rules.spec()), allowed));
    }
    return fail(fmt::format("{} does not allow taking {} from heap {}; {}", sanitize(rules.spec()),
                            *take, number, allowed));
  }
  return found;
}

// "HEAP +COUNT": the move adding COUNT objects to the heap, in a family whose moves may add.
Result<std::vector<HeapOption>> adding(const HeapGame& rules, std::span<const Heap> heaps,
                                       const std::vector<std::string>& tokens,
                                       std::size_t first_item, const Limits& limits) {
  auto add = parse_u64(std::string_view(tokens[1]).substr(1), "count");
  if (!add) return add.failure();
  const Count count = rules.option_count(heaps);
  if (count > limits.max_scan) return fail_limit("too many moves to check this one");
  for (Count k = 0; k < count; ++k) {
    if (!limits.charge()) return limits.stop_error();
    HeapOption option = rules.option_at(heaps, k);
    if (option.add == *add) return std::vector<HeapOption>{std::move(option)};
  }
  return fail(fmt::format("{} does not allow adding {} to heap {}; {}", sanitize(rules.spec()),
                          *add, tokens[0], allowed_moves(rules, heaps, first_item, limits)));
}

// "ROW PIN" or "ROW FIRST-LAST": the move knocking those pins, checked by the family's rule
// (HeapGame::option_leaving) so that only moves the rules allow are read, on a row of any length.
Result<std::vector<HeapOption>> knocking(const HeapGame& rules, std::span<const Heap> heaps,
                                         const std::vector<std::string>& tokens,
                                         std::size_t first_item, const Limits& limits) {
  const std::string_view pins = tokens[1];
  const std::size_t dash = pins.find('-');
  auto first = parse_u64(pins.substr(0, dash), "pin");
  if (!first) return first.failure();
  std::uint64_t last = *first;
  if (dash != std::string_view::npos) {
    auto end = parse_u64(pins.substr(dash + 1), "pin");
    if (!end) return end.failure();
    last = *end;
  }
  const std::uint64_t n = heaps[0].size;
  if (n == 0) return fail(fmt::format("row {} has no pins left", tokens[0]));
  if (*first == 0 || last < *first || last > n) {
    return fail(
        fmt::format("row {} has pins 1 to {}: cannot knock {}", tokens[0], n, quoted(pins)));
  }
  std::vector<std::uint64_t> parts;
  if (*first > 1) parts.push_back(*first - 1);
  if (last < n) parts.push_back(n - last);
  std::sort(parts.begin(), parts.end());
  // A move knocking from the end is the same whichever end it names: one option either way.
  auto found = rules.option_leaving(heaps, 0, last - *first + 1, parts, limits);
  if (!found) return found.failure();
  if (!*found) {
    return fail(fmt::format("{} does not allow knocking pin{} {} of row {}; {}",
                            sanitize(rules.spec()), *first == last ? "" : "s", quoted(pins),
                            tokens[0], allowed_moves(rules, heaps, first_item, limits)));
  }
  return std::vector<HeapOption>{std::move(**found)};
}

// "HEAP A B" (split heap HEAP into A and B) or "HEAP A" (split A off it).
Result<std::vector<HeapOption>> splitting(const HeapGame& rules, std::span<const Heap> heaps,
                                          const std::vector<std::string>& tokens,
                                          std::size_t first_item, const Limits& limits) {
  const std::uint64_t n = heaps[0].size;
  const std::string rule =
      fmt::format("a move in {} is to {}", sanitize(rules.spec()), rules.summary());
  if (tokens.size() > 3) {
    return fail(fmt::format("{} names more than two heaps: {}; {}",
                            quoted(fmt::format("{}", fmt::join(tokens, " "))), rule,
                            allowed_moves(rules, heaps, first_item, limits)));
  }
  std::vector<std::uint64_t> parts;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    auto part = parse_u64(tokens[i], "part");
    if (!part) return part.failure();
    parts.push_back(*part);
  }
  if (parts.size() == 1) parts.push_back(parts[0] < n ? n - parts[0] : 0);
  std::vector<std::uint64_t> wanted = parts;
  std::erase(wanted, 0);
  std::sort(wanted.begin(), wanted.end());
  auto found = rules.option_leaving(heaps, 0, 0, wanted, limits);
  if (!found) return found.failure();
  if (!*found) {
    return fail(fmt::format("cannot split heap {} ({} object{}) into {} and {}: {}; {}", tokens[0],
                            n, n == 1 ? "" : "s", parts[0], parts[1], rule,
                            allowed_moves(rules, heaps, first_item, limits)));
  }
  return std::vector<HeapOption>{std::move(**found)};
}

// The options a move told in words names: its notation's, and for "take N from heap H" only those
// leaving one heap or none (a move leaving two is told "... leaving A and B").
Result<std::vector<Option>> parse_told_move(const HeapGame& rules, const State& state,
                                            const detail::ToldMove& told, std::size_t first_item,
                                            std::size_t items, bool partial, const Limits& limits) {
  if (!told.one_heap_left) {
    return rules.parse_move(state, told.notation, first_item, items, partial, limits);
  }
  auto found = rules.parse_move(state, told.notation, first_item, items, true, limits);
  if (!found) return found;
  std::vector<Option> whole;
  for (Option& option : *found) {
    if (option.result.size() <= 1) whole.push_back(std::move(option));
  }
  if (whole.size() == 1 || (partial && !whole.empty())) return whole;
  // Every move taking N splits the heap, or several leave one heap: the notation says which.
  return rules.parse_move(state, told.notation, first_item, items, partial, limits);
}

// How a move of the family is written, for messages about a malformed one.
constexpr EnumName<MoveWords> kMoveForms[] = {
    {MoveWords::kTake, "HEAP COUNT, e.g. \"1 2\""},
    {MoveWords::kSplit, "HEAP A B (split heap HEAP into A and B), e.g. \"1 3 4\""},
    {MoveWords::kPins, "ROW PIN or ROW FIRST-LAST (the pins knocked), e.g. \"1 2\" or \"1 2-3\""},
};
static_assert(names_every_value(kMoveForms), "a MoveWords has no move form");

std::string_view move_form(MoveWords words) { return name_of(kMoveForms, words); }

}  // namespace

Result<std::vector<Option>> HeapGame::parse_move(const State& state, std::string_view text,
                                                 std::size_t first_item, std::size_t items,
                                                 bool partial, const Limits& limits) const {
  // Another component's heap: declined as heap_index() would, before the text is split.
  if (const auto heap = leading_heap(text);
      heap && *heap >= 1 && *heap <= items &&
      (*heap < first_item || *heap - first_item >= item_count(state))) {
    return std::vector<Option>{};
  }
  const MoveWords kind = arity() == 1 ? move_words() : MoveWords::kTake;
  auto told = detail::told_move(text, kind);
  if (!told) return told.failure();
  if (*told) return parse_told_move(*this, state, **told, first_item, items, partial, limits);
  std::vector<std::string> tokens = words(text);
  if (tokens.empty()) return fail(fmt::format("empty move: expected {}", move_form(kind)));
  bool take_words = kind == MoveWords::kTake;
  if (tokens[0].find(':') != std::string::npos) {
    if (arity() != 1 || tokens.size() != 1) {
      return parse_multi_move(*this, state, tokens, first_item, items, limits);
    }
    // "HEAP:COUNT" on a heap of its own: every move taking COUNT from it, in any family.
    const std::string token = tokens[0];
    tokens = {token.substr(0, token.find(':')), token.substr(token.find(':') + 1)};
    take_words = true;
  }
  if (tokens.size() < 2) {
    return fail(fmt::format("move {} is not {}", quoted(text), move_form(kind)));
  }
  // Whether the text names a heap of this component comes first: a move in a sum of thousands
  // of heaps is read by every component, and all but one decline it here without decoding.
  auto index = heap_index(tokens[0], first_item, item_count(state), items,
                          kind == MoveWords::kPins ? "row" : "heap");
  if (!index) return index.failure();
  if (!*index) return std::vector<Option>{};
  const std::vector<Heap> heaps = decode(state);
  // The take notation stays readable where the family's words cannot mean the same text: with
  // parts ("1 1 2 5"), or a count of 0 in a splitting game ("1 0 3 4").
  if (kind == MoveWords::kPins && tokens.size() > 2) take_words = true;
  if (kind == MoveWords::kSplit && tokens[1] == "0") take_words = true;
  const bool adds = tokens.size() == 2 && tokens[1].starts_with('+');
  Result<std::vector<HeapOption>> found =
      adds                       ? adding(*this, heaps, tokens, first_item, limits)
      : take_words               ? candidates(*this, heaps, **index, tokens, first_item, limits)
      : kind == MoveWords::kPins ? knocking(*this, heaps, tokens, first_item, limits)
                                 : splitting(*this, heaps, tokens, first_item, limits);
  if (!found) return found.failure();
  if (found->size() > 1 && !partial) {
    std::string choices;
    for (std::size_t i = 0; i < found->size() && i < 6; ++i) {
      choices += (i == 0 ? "" : "; ") + list_sizes((*found)[i].result, "+");
    }
    return fail(
        fmt::format("taking {} from heap {} can leave {}{}: add the parts, e.g. \"{} {} {}\"",
                    tokens[1], tokens[0], choices, found->size() > 6 ? "; ..." : "", tokens[0],
                    tokens[1], list_sizes(found->front().result, " ")));
  }
  std::vector<Option> out;
  for (const HeapOption& o : *found) out.push_back(generic(o));
  return out;
}

namespace {

// The first move on the smallest heap (of at most 8 objects, its first 64 moves) that `wanted`
// accepts, with that heap's size: a few hundred options at most, what a help line needs to show,
// not a proof for larger heaps.
template <typename Wanted>
std::optional<std::pair<std::uint64_t, HeapOption>> first_small_move(const HeapGame& rules,
                                                                     Wanted wanted) {
  constexpr std::uint64_t kLargest = 8;
  constexpr Count kScanned = 64;
  for (std::uint64_t n = 1; n <= kLargest; ++n) {
    const std::vector<Heap> heap{Heap{n}};
    const Count count = rules.option_count(heap);
    for (Count i = 0; i < count && i < kScanned; ++i) {
      HeapOption option = rules.option_at(heap, i);
      if (wanted(option)) return std::pair{n, std::move(option)};
    }
  }
  return std::nullopt;
}

// The first small move that leaves two heaps or more, as the take notation writes it ("1 1 2 3":
// take 1 from heap 1 leaving 2 and 3) and in words; none when no such move splits.
std::optional<std::string> small_split(const HeapGame& rules) {
  const auto found =
      first_small_move(rules, [](const HeapOption& o) { return o.result.size() >= 2; });
  if (!found) return std::nullopt;
  const auto& [n, option] = *found;
  std::vector<std::string> parts;
  for (const Heap& h : option.result) parts.push_back(std::to_string(h.size));
  const std::string typed = fmt::format("\"1 {} {}\"", option.take, fmt::join(parts, " "));
  if (option.take == 0) {
    return fmt::format("{} splits heap 1 (of {}) into {}", typed, n, fmt::join(parts, " and "));
  }
  return fmt::format("{} takes {} from heap 1 (of {}), leaving {}", typed, option.take, n,
                     fmt::join(parts, " and "));
}

// The first small move that adds to its heap, as typed and in words; none when no move adds.
std::optional<std::string> small_add(const HeapGame& rules) {
  const auto found = first_small_move(rules, [](const HeapOption& o) { return o.add != 0; });
  if (!found) return std::nullopt;
  const auto& [n, option] = *found;
  return fmt::format("\"1 +{0}\" adds {0} to heap 1 (of {1}), or in words \"add {0} to heap 1\"",
                     option.add, n);
}

}  // namespace

std::string HeapGame::move_syntax() const {
  switch (arity() == 1 ? move_words() : MoveWords::kTake) {
    case MoveWords::kSplit:
      return "Moves: HEAP A B splits heap HEAP into heaps of A and B (heaps numbered from 1); "
             "HEAP A splits A off it.\n"
             "  In words too: \"split heap 1 into 3 and 4\" or \"1 into 3 and 4\".\n";
    case MoveWords::kPins:
      return "Moves: ROW PIN knocks down pin PIN of row ROW; ROW FIRST-LAST knocks down the "
             "adjacent pins FIRST to LAST (rows and pins numbered from 1). The pins either side "
             "stay as rows.\n"
             "  In words too: \"knock pin 2 of row 1\", \"knock pins 2-3 of row 1\".\n";
    case MoveWords::kTake:
      break;
  }
  // Only the lines that apply to this family: a zero move where heaps have one ("7x" reads),
  // parts to leave where some move on a small heap splits it, HEAP:COUNT where a component is
  // several heaps.
  std::string text =
      "Moves: HEAP COUNT takes COUNT objects from heap HEAP (heaps numbered from 1), e.g. "
      "\"1 2\", or in words \"take 2 from heap 1\".\n";
  if (parse_heap("1x")) text += "  Zero-move piles: \"HEAP 0\" uses the pile's zero move.\n";
  if (const auto split = arity() == 1 ? small_split(*this) : std::nullopt) {
    text += fmt::format("  Splitting moves: add the heaps to leave, e.g. {}.\n", *split);
  }
  if (const auto add = arity() == 1 ? small_add(*this) : std::nullopt) {
    text += fmt::format("  Adding moves: HEAP +COUNT, e.g. {}.\n", *add);
  }
  if (arity() != 1) {
    text += "  Moves on several heaps at once: HEAP:COUNT ..., e.g. \"1:2 2:2\".\n";
  }
  return text;
}

}  // namespace nimkit
