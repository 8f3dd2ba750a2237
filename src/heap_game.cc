#include "nimkit/heap_game.h"

#include <fmt/format.h>

#include <algorithm>

#include "nimkit/checked.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

// Every option of `component` that `keep` accepts, in option order; `keep` may fail.
template <typename Keep>
Result<std::vector<HeapOption>> collect_options(const HeapGame& rules,
                                                std::span<const Heap> component,
                                                const Limits& limits, Keep keep) {
  auto count = rules.scannable_option_count(component, limits);
  if (!count) return count.failure();
  std::vector<HeapOption> found;
  for (Count i = 0; i < *count; ++i) {
    if (!limits.charge()) return limits.stop_error();
    HeapOption option = rules.option_at(component, i);
    Result<bool> kept = keep(option);
    if (!kept) return kept.failure();
    if (*kept) found.push_back(std::move(option));
  }
  return found;
}

}  // namespace

Result<Heap> HeapGame::parse_heap(std::string_view text) const {
  auto size = parse_u64(text, "heap");
  if (!size) return size.failure();
  return Heap{*size, false};
}

std::string HeapGame::format_heap(const Heap& heap) const { return std::to_string(heap.size); }

Result<Count> HeapGame::scannable_option_count(std::span<const Heap> component,
                                               const Limits& limits) const {
  return Ruleset::scannable_option_count(encode(component), limits);
}

Result<std::vector<HeapOption>> HeapGame::options_with_value(std::span<const Heap> component,
                                                             Nimber target,
                                                             const Limits& limits) const {
  return collect_options(*this, component, limits, [&](const HeapOption& option) -> Result<bool> {
    auto value = option_value(generic(option), limits);
    if (!value) return value.failure();
    return *value == target;
  });
}

Result<HeapGame::CountedHeapOptions> HeapGame::count_options_with_value(
    std::span<const Heap> component, Nimber target, std::uint64_t list,
    const Limits& limits) const {
  auto found = options_with_value(component, target, limits);
  if (!found) return found.failure();
  CountedHeapOptions out{Count{found->size()}, std::move(*found)};
  if (out.first.size() > list) {
    out.first.erase(out.first.begin() + static_cast<std::ptrdiff_t>(list), out.first.end());
  }
  return out;
}

Result<std::optional<HeapOption>> HeapGame::option_leaving(std::span<const Heap> component,
                                                           std::size_t heap, std::uint64_t take,
                                                           std::span<const std::uint64_t> parts,
                                                           const Limits& limits) const {
  auto found = options_taking(component, heap, take, limits);
  if (!found) return found.failure();
  for (HeapOption& option : *found) {
    std::vector<std::uint64_t> left;
    for (const Heap& h : option.result) {
      if (h.size != 0) left.push_back(h.size);
    }
    std::sort(left.begin(), left.end());
    if (std::equal(left.begin(), left.end(), parts.begin(), parts.end())) {
      return std::optional<HeapOption>(std::move(option));
    }
  }
  return std::optional<HeapOption>{};
}

Result<std::vector<Nimber>> HeapGame::grundy_grid(std::uint64_t rows, std::uint64_t columns,
                                                  const Limits& limits) const {
  if (arity() != 2) {
    return fail(ErrorKind::kUnsupported,
                fmt::format("{} is not played on pairs of heaps: it has no table g(a, b)",
                            sanitize(spec())));
  }
  const std::optional<std::uint64_t> cells = checked_size(rows, columns, limits.max_table);
  if (!cells) {
    return fail_limit(fmt::format("a table of {} × {} values of {} is more than the table limit {}",
                                  rows, columns, sanitize(spec()), limits.max_table));
  }
  std::vector<Nimber> grid;
  grid.reserve(*cells);
  for (std::uint64_t a = 0; a < rows; ++a) {
    for (std::uint64_t b = 0; b < columns; ++b) {
      const Heap pair[2] = {Heap{a, false}, Heap{b, false}};
      auto g = grundy(pair, limits);
      if (!g) return g.failure();
      grid.push_back(*g);
    }
  }
  return grid;
}

Result<std::vector<HeapOption>> HeapGame::options_taking(std::span<const Heap> component,
                                                         std::size_t heap, std::uint64_t take,
                                                         const Limits& limits) const {
  return collect_options(*this, component, limits, [&](const HeapOption& option) -> Result<bool> {
    if (option.add != 0) return false;
    if (arity() == 1) return option.take == take;
    for (std::size_t j = 0; j < component.size(); ++j) {
      const std::uint64_t taken = component[j].size - option.result[j].size;
      if (taken != (j == heap ? take : 0)) return false;
    }
    return true;
  });
}

Count HeapGame::objects(std::span<const Heap> component) {
  Count total = 0;
  for (const Heap& heap : component) total += heap.size;
  return total;
}

State HeapGame::encode(std::span<const Heap> heaps) {
  State state;
  state.reserve(heaps.size() * 2);
  for (const Heap& h : heaps) {
    state.push_back(h.size);
    state.push_back(h.zero_spent ? 1 : 0);
  }
  return state;
}

namespace {

RulesetFacts heap_facts(RulesetFacts facts, std::size_t arity) {
  facts.shares_tokens = arity == 1;
  return facts;
}

}  // namespace

HeapGame::HeapGame(RulesetFacts facts, std::size_t arity)
    : Ruleset(heap_facts(facts, arity)), arity_(arity) {}

std::vector<Heap> HeapGame::decode(const State& state) {
  std::vector<Heap> heaps;
  heaps.reserve(state.size() / 2);
  for (std::size_t i = 0; i + 1 < state.size(); i += 2) {
    heaps.push_back(Heap{state[i], state[i + 1] != 0});
  }
  return heaps;
}

HeapGame::Heaps::Heaps(const State& state) {
  const std::size_t n = state.size() / 2;
  Heap* out = small_.data();
  if (n > small_.size()) {
    large_.resize(n);
    out = large_.data();
  }
  for (std::size_t i = 0; i < n; ++i) out[i] = Heap{state[2 * i], state[2 * i + 1] != 0};
  span_ = std::span<const Heap>(out, n);
}

Option HeapGame::generic(const HeapOption& option) const {
  Option out;
  out.result.reserve(option.result.size());
  if (arity() == 1) {
    for (const Heap& h : option.result) out.result.push_back(encode(std::span<const Heap>(&h, 1)));
  } else if (!option.result.empty()) {
    out.result.push_back(encode(option.result));
  }
  return out;
}

HeapOption HeapGame::heap_option(const State& before, const Option& option) const {
  HeapOption out;
  for (const State& part : option.result) {
    for (const Heap& h : decode(part)) out.result.push_back(h);
  }
  const Count had = objects(decode(before));
  const Count left = objects(out.result);
  if (left > had) {
    out.add = static_cast<std::uint64_t>(left - had);
  } else {
    out.take = static_cast<std::uint64_t>(had - left);
  }
  return out;
}

Result<std::vector<ParsedComponent>> HeapGame::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no heaps given");
  std::vector<Heap> heaps;
  for (const std::string& item : items) {
    auto heap = parse_heap(item);
    if (!heap) return heap.failure();
    heaps.push_back(*heap);
  }
  const std::size_t n = arity() == 0 ? heaps.size() : arity();
  if (heaps.size() % n != 0) {
    return fail(fmt::format("{} plays on {} heaps at a time, got {}", sanitize(spec()), arity(),
                            heaps.size()));
  }
  std::vector<ParsedComponent> out;
  for (std::size_t i = 0; i < heaps.size(); i += n) {
    out.push_back(ParsedComponent{encode(std::span<const Heap>(heaps).subspan(i, n)), i});
  }
  return out;
}

std::vector<std::string> HeapGame::format_state(const State& state) const {
  const Heaps heaps(state);
  const std::span<const Heap> list = heaps;
  std::vector<std::string> items;
  items.reserve(list.size());
  for (const Heap& h : list) items.push_back(format_heap(h));
  return items;
}

std::size_t HeapGame::item_count(const State& state) const { return state.size() / 2; }

std::string HeapGame::label(const State& state, std::size_t first_item) const {
  // A game whose moves knock pins calls its heaps rows, as its moves do ("knock pin 2 of row 1").
  const bool rows = arity() == 1 && move_words() == MoveWords::kPins;
  const std::size_t n = item_count(state);
  // Without fmt for one heap: a batch labels every component it writes.
  if (n == 1) return (rows ? "row " : "heap ") + std::to_string(first_item);
  return fmt::format("{} {}-{}", rows ? "rows" : "heaps", first_item, first_item + n - 1);
}

std::vector<ViewField> HeapGame::view_fields(const State& state) const {
  // Built in place: a batch asks for the fields of every component it writes.
  const std::size_t n = item_count(state);
  std::vector<ViewField> fields(2);
  fields[0].name = "heaps";
  fields[1].name = "spent";
  fields[0].values.reserve(n);
  fields[1].values.reserve(n);
  for (std::size_t i = 0; i + 1 < state.size(); i += 2) {
    fields[0].values.push_back(state[i]);
    fields[1].values.push_back(state[i + 1] != 0 ? 1 : 0);
  }
  return fields;
}

std::vector<ViewField> HeapGame::move_fields(const State& before, const Option& option,
                                             std::size_t first_item) const {
  const std::vector<Heap> heaps = decode(before);
  const HeapOption o = heap_option(before, option);
  // The first heap the move takes from, for moves on several heaps.
  std::size_t offset = 0;
  if (arity() != 1) {
    for (std::size_t j = 0; j < heaps.size(); ++j) {
      if (j < o.result.size() && heaps[j].size != o.result[j].size) {
        offset = j;
        break;
      }
    }
  }
  std::vector<ViewField> fields{ViewField{"heap", {first_item + offset}, true},
                                ViewField{"take", {o.take}, true}};
  if (o.add != 0) fields.push_back(ViewField{"add", {o.add}, true});
  return fields;
}

Count HeapGame::count_options(const State& state) const { return option_count(Heaps(state)); }

Option HeapGame::option(const State& state, Count index) const {
  return generic(option_at(Heaps(state), index));
}

Result<Nimber> HeapGame::value(const State& state, const Limits& limits) const {
  return grundy(Heaps(state), limits);
}

Result<std::vector<Option>> HeapGame::options_to_value(const State& state, Nimber target,
                                                       const Limits& limits) const {
  auto found = options_with_value(Heaps(state), target, limits);
  if (!found) return found.failure();
  std::vector<Option> out;
  out.reserve(found->size());
  for (const HeapOption& o : *found) out.push_back(generic(o));
  return out;
}

Result<Ruleset::CountedOptions> HeapGame::count_options_to_value(const State& state, Nimber target,
                                                                 std::uint64_t list,
                                                                 const Limits& limits) const {
  auto found = count_options_with_value(Heaps(state), target, list, limits);
  if (!found) return found.failure();
  CountedOptions out{found->count, {}};
  out.first.reserve(found->first.size());
  for (const HeapOption& o : found->first) out.first.push_back(generic(o));
  return out;
}

std::optional<bool> HeapGame::is_p_position(const State& state, Convention convention) const {
  return p_position(Heaps(state), convention);
}

std::optional<Option> HeapGame::move_to_p_position(const State& state,
                                                   Convention convention) const {
  auto move = p_position_move(Heaps(state), convention);
  if (!move) return std::nullopt;
  return generic(*move);
}

Count HeapGame::weight(const State& state) const { return objects(Heaps(state)); }

Position heap_position(const std::shared_ptr<const Ruleset>& rules,
                       const std::vector<Heap>& heaps) {
  const HeapGame& game = *rules->heap_game();
  const std::size_t n = game.arity() == 0 ? heaps.size() : game.arity();
  std::vector<Component> components;
  for (std::size_t i = 0; n != 0 && i + n <= heaps.size(); i += n) {
    components.push_back(
        Component{rules, HeapGame::encode(std::span<const Heap>(heaps).subspan(i, n))});
  }
  return Position(std::move(components));
}

std::vector<Heap> position_heaps(const Position& position) {
  std::vector<Heap> heaps;
  for (const Component& c : position.components()) {
    if (c.rules->heap_game() == nullptr) continue;
    for (const Heap& h : HeapGame::decode(c.state)) heaps.push_back(h);
  }
  return heaps;
}

std::vector<std::uint64_t> heap_sizes(const Position& position) {
  std::vector<std::uint64_t> sizes;
  for (const Heap& h : position_heaps(position)) sizes.push_back(h.size);
  return sizes;
}

std::uint64_t objects_taken(const Position& before, const Move& move) {
  const Component& c = before.components()[move.component];
  const HeapGame* game = c.rules->heap_game();
  return game ? game->heap_option(c.state, move.option).take : 0;
}

std::optional<std::size_t> heap_arity(const Ruleset& rules) {
  const HeapGame* game = rules.heap_game();
  return game ? std::optional<std::size_t>(game->arity()) : std::nullopt;
}

}  // namespace nimkit
