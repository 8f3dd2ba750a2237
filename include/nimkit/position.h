// Position: a sum of components, each a few heaps under one ruleset; and Move, one move in it.
//
// Heaps are numbered from 1 across the whole position, in component order, wherever a person or
// a program reads them. A position of a single ruleset is written as its heaps ("3 4 5"); a sum
// of rulesets names each component ("kayles:7 dawson:12 nim:3", see notation.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "nimkit/heap.h"
#include "nimkit/ruleset.h"

namespace nimkit {

struct Component {
  std::shared_ptr<const Ruleset> rules;
  std::vector<Heap> heaps;
};

// One move: an option taken in one component.
struct Move {
  std::size_t component = 0;  // index into Position::components()
  Option option;

  friend bool operator==(const Move&, const Move&) = default;
};

class Position {
 public:
  Position() = default;
  explicit Position(std::vector<Component> components);
  // A position of one ruleset; arity-1 rulesets get a component per heap, others one component
  // per arity() heaps (or one for all heaps when arity() is 0). The caller checks the count.
  Position(std::shared_ptr<const Ruleset> rules, const std::vector<Heap>& heaps);

  const std::vector<Component>& components() const { return components_; }
  // Every heap, in order; heap k (1-based) is heaps()[k-1].
  std::vector<Heap> heaps() const;
  std::vector<std::uint64_t> heap_sizes() const;
  std::size_t heap_count() const;
  // 0-based index of the first heap of component `c`.
  std::size_t first_heap(std::size_t c) const;
  // The ruleset every component shares, or nullptr for a sum of different rulesets.
  const Ruleset* single_ruleset() const;

  // The position after `move`; `move` must be one of legal_moves().
  Position after(const Move& move) const;
  // Every legal move, component by component in option order. Fails past limits.max_scan.
  Result<std::vector<Move>> legal_moves(const Limits& limits) const;
  // Number of legal moves (sum over components).
  Count move_count() const;
  // The move of global index i < move_count() (same order as legal_moves()).
  Move move_at(Count index) const;
  bool is_terminal() const { return move_count() == 0; }

  friend bool operator==(const Position& a, const Position& b);

 private:
  std::vector<Component> components_;
};

// "take 2 from heap 1", "zero move on heap 2", "take 1 from heap 3 leaving 2 and 4",
// "take 3 from heap 1 and 3 from heap 2". Heaps are numbered as in `before`.
std::string describe(const Position& before, const Move& move);

// The 1-based number of the first heap the move acts on, and the objects it takes from each
// heap of its component (for multi-heap rulesets).
std::size_t move_heap_number(const Position& before, const Move& move);

}  // namespace nimkit
