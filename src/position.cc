#include "nimkit/position.h"

#include <fmt/format.h>

#include <cassert>

namespace nimkit {

Position::Position(std::vector<Component> components) : components_(std::move(components)) {}

std::size_t Position::item_count() const {
  std::size_t n = 0;
  for (const Component& c : components_) n += c.rules->item_count(c.state);
  return n;
}

std::size_t Position::first_item(std::size_t c) const {
  std::size_t n = 1;
  for (std::size_t i = 0; i < c; ++i) n += components_[i].rules->item_count(components_[i].state);
  return n;
}

const Ruleset* Position::single_ruleset() const {
  if (components_.empty()) return nullptr;
  const Ruleset* first = components_.front().rules.get();
  for (const Component& c : components_) {
    if (c.rules.get() != first && c.rules->spec() != first->spec()) return nullptr;
  }
  return first;
}

Position Position::after(const Move& move) const { return after(Move(move)); }

Position Position::after(Move&& move) const {
  assert(move.component < components_.size());
  const Component& target = components_[move.component];
  std::vector<Component> next;
  next.reserve(components_.size() + move.option.result.size());
  for (std::size_t i = 0; i < components_.size(); ++i) {
    if (i != move.component) {
      next.push_back(components_[i]);
      continue;
    }
    for (State& s : move.option.result) next.push_back(Component{target.rules, std::move(s)});
  }
  return Position(std::move(next));
}

Count Position::move_count() const {
  Count total = 0;
  for (const Component& c : components_) total += c.rules->count_options(c.state);
  return total;
}

Move Position::move_at(Count index) const {
  for (std::size_t i = 0; i < components_.size(); ++i) {
    const Count n = components_[i].rules->count_options(components_[i].state);
    if (index < n) return Move{i, components_[i].rules->option(components_[i].state, index)};
    index -= n;
  }
  assert(false && "move index out of range");
  return {};
}

Result<std::vector<Move>> Position::legal_moves(const Limits& limits) const {
  const Count total = move_count();
  if (total > limits.max_scan) {
    return fail(fmt::format("the position has {} moves, more than the scan limit {}",
                            to_string(total), limits.max_scan));
  }
  std::vector<Move> moves;
  moves.reserve(static_cast<std::size_t>(total));
  for (std::size_t i = 0; i < components_.size(); ++i) {
    const Component& c = components_[i];
    const Count n = c.rules->count_options(c.state);
    for (Count k = 0; k < n; ++k) {
      if (!limits.charge()) return fail(limits.stopped());
      moves.push_back(Move{i, c.rules->option(c.state, k)});
    }
  }
  return moves;
}

bool operator==(const Position& a, const Position& b) {
  if (a.components_.size() != b.components_.size()) return false;
  for (std::size_t i = 0; i < a.components_.size(); ++i) {
    const Component& x = a.components_[i];
    const Component& y = b.components_[i];
    if (x.state != y.state) return false;
    if (x.rules.get() != y.rules.get() && x.rules->spec() != y.rules->spec()) return false;
  }
  return true;
}

std::string describe(const Position& before, const Move& move) {
  const Component& c = before.components()[move.component];
  const std::size_t first = before.first_item(move.component);
  std::string text = c.rules->describe_move(c.state, move.option, first);
  // Only a sum can share move text: a lone component skips writing and re-reading it.
  if (before.components().size() < 2) return text;
  const std::string typed = c.rules->format_move(c.state, move.option, first, Limits{});
  if (move_text_is_shared(before, move, typed)) text += " in " + c.rules->label(c.state, first);
  return text;
}

bool move_text_is_shared(const Position& before, const Move& move, std::string_view text,
                         const Limits& limits) {
  const std::size_t items = before.item_count();
  // Text that names the moved component's numbered items (heap 3) is about another component for
  // every other component with numbered items (parse_move's contract): only components whose
  // items carry their own names (graph vertices, cells) can read it too. So a sum of a thousand
  // heaps parses no move text a thousand times.
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
