#include "nimkit/position.h"

#include <fmt/format.h>

#include <cassert>

namespace nimkit {

Position::Position(std::vector<Component> components) : components_(std::move(components)) {}

Position::Position(std::shared_ptr<const Ruleset> rules, const std::vector<Heap>& heaps) {
  const std::size_t arity = rules->arity();
  if (arity == 0) {
    components_.push_back(Component{rules, heaps});
    return;
  }
  for (std::size_t i = 0; i + arity <= heaps.size(); i += arity) {
    components_.push_back(Component{
        rules, std::vector<Heap>(heaps.begin() + static_cast<std::ptrdiff_t>(i),
                                 heaps.begin() + static_cast<std::ptrdiff_t>(i + arity))});
  }
}

std::vector<Heap> Position::heaps() const {
  std::vector<Heap> all;
  for (const Component& c : components_) all.insert(all.end(), c.heaps.begin(), c.heaps.end());
  return all;
}

std::vector<std::uint64_t> Position::heap_sizes() const {
  std::vector<std::uint64_t> sizes;
  for (const Component& c : components_) {
    for (const Heap& h : c.heaps) sizes.push_back(h.size);
  }
  return sizes;
}

std::size_t Position::heap_count() const {
  std::size_t n = 0;
  for (const Component& c : components_) n += c.heaps.size();
  return n;
}

std::size_t Position::first_heap(std::size_t c) const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < c; ++i) n += components_[i].heaps.size();
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

Position Position::after(const Move& move) const {
  assert(move.component < components_.size());
  const Component& target = components_[move.component];
  std::vector<Component> next;
  next.reserve(components_.size() + move.option.result.size());
  for (std::size_t i = 0; i < components_.size(); ++i) {
    if (i != move.component) {
      next.push_back(components_[i]);
      continue;
    }
    if (target.rules->arity() == 1) {
      for (const Heap& h : move.option.result) next.push_back(Component{target.rules, {h}});
    } else if (!move.option.result.empty()) {
      next.push_back(Component{target.rules, move.option.result});
    }
  }
  return Position(std::move(next));
}

Count Position::move_count() const {
  Count total = 0;
  for (const Component& c : components_) total += c.rules->option_count(c.heaps);
  return total;
}

Move Position::move_at(Count index) const {
  for (std::size_t i = 0; i < components_.size(); ++i) {
    const Count n = components_[i].rules->option_count(components_[i].heaps);
    if (index < n) return Move{i, components_[i].rules->option_at(components_[i].heaps, index)};
    index -= n;
  }
  assert(false && "move index out of range");
  return {};
}

Result<std::vector<Move>> Position::legal_moves(const Limits& limits) const {
  const Count total = move_count();
  if (total > limits.max_scan) {
    return fail(fmt::format("the position has {} moves, more than the scan limit {}",
                            to_string(Nimber{total}), limits.max_scan));
  }
  std::vector<Move> moves;
  moves.reserve(static_cast<std::size_t>(total));
  for (std::size_t i = 0; i < components_.size(); ++i) {
    const Component& c = components_[i];
    const Count n = c.rules->option_count(c.heaps);
    for (Count k = 0; k < n; ++k) {
      if (!limits.charge()) return fail(limits.stopped());
      moves.push_back(Move{i, c.rules->option_at(c.heaps, k)});
    }
  }
  return moves;
}

bool operator==(const Position& a, const Position& b) {
  if (a.components_.size() != b.components_.size()) return false;
  for (std::size_t i = 0; i < a.components_.size(); ++i) {
    const Component& x = a.components_[i];
    const Component& y = b.components_[i];
    if (x.heaps != y.heaps) return false;
    if (x.rules.get() != y.rules.get() && x.rules->spec() != y.rules->spec()) return false;
  }
  return true;
}

std::size_t move_heap_number(const Position& before, const Move& move) {
  const Component& c = before.components()[move.component];
  std::size_t offset = 0;
  if (c.rules->arity() != 1) {
    // The first heap the move takes from.
    for (std::size_t j = 0; j < c.heaps.size(); ++j) {
      if (j < move.option.result.size() && c.heaps[j].size != move.option.result[j].size) {
        offset = j;
        break;
      }
    }
  }
  return before.first_heap(move.component) + offset + 1;
}

std::string describe(const Position& before, const Move& move) {
  const Component& c = before.components()[move.component];
  const std::size_t first = before.first_heap(move.component) + 1;
  const Option& o = move.option;
  if (c.rules->arity() != 1) {
    std::string text;
    for (std::size_t j = 0; j < c.heaps.size(); ++j) {
      const std::uint64_t taken = c.heaps[j].size - o.result[j].size;
      if (taken == 0) continue;
      text += text.empty() ? fmt::format("take {} from heap {}", taken, first + j)
                           : fmt::format(" and {} from heap {}", taken, first + j);
    }
    return text;
  }
  const Heap& heap = c.heaps[0];
  if (o.take == 0 && o.result.size() == 1 && o.result[0].size == heap.size) {
    return fmt::format("zero move on heap {}", first);
  }
  std::string text = o.take == 0 ? fmt::format("split heap {}", first)
                                 : fmt::format("take {} from heap {}", o.take, first);
  if (o.result.size() >= 2) {
    text += o.take == 0 ? " into " : " leaving ";
    for (std::size_t j = 0; j < o.result.size(); ++j) {
      if (j > 0) text += j + 1 == o.result.size() ? " and " : ", ";
      text += std::to_string(o.result[j].size);
    }
  }
  return text;
}

}  // namespace nimkit
