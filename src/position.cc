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
    return fail_limit(fmt::format("the position has {} moves, more than the scan limit {}",
                                  to_string(total), limits.max_scan));
  }
  std::vector<Move> moves;
  moves.reserve(static_cast<std::size_t>(total));
  for (std::size_t i = 0; i < components_.size(); ++i) {
    const Component& c = components_[i];
    const Count n = c.rules->count_options(c.state);
    for (Count k = 0; k < n; ++k) {
      if (!limits.charge()) return limits.stop_error();
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

}  // namespace nimkit
