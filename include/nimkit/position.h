// Position: a sum of components, each a state under one ruleset; and Move, one move in it.
//
// Items a person points at (heaps) are numbered from 1 across the whole position, in component
// order, wherever a person or a program reads them; components whose items carry their own
// names (graph vertices) count none. A position of a single ruleset is written as its items
// ("3 4 5"); a sum of rulesets names each component ("kayles:7 dawson:12 nim:3", see notation.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit {

struct Component {
  std::shared_ptr<const Ruleset> rules;
  State state;
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

  const std::vector<Component>& components() const { return components_; }
  // Items numbered across the position; the first item of component `c` has number
  // first_item(c) (1-based).
  std::size_t item_count() const;
  std::size_t first_item(std::size_t c) const;
  // The ruleset every component shares, or nullptr for a sum of different rulesets.
  const Ruleset* single_ruleset() const;

  // The position after `move`; `move` must be one of legal_moves(). The components the move
  // leaves take the moved component's place.
  Position after(const Move& move) const;
  // The same, taking the move's states instead of copying them.
  Position after(Move&& move) const;
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

}  // namespace nimkit
