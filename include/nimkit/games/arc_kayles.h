// Arc Kayles.
//
// Rules: play is on a simple undirected graph. A move picks an edge and removes its two endpoints
// together with every edge at them. The player who cannot move (no edge is left) loses (normal
// play) or wins (misère play). Notation as for Node Kayles: "arc-kayles:1-2,2-3,3-4" (the path on
// four vertices): items are edges "a-b" and lone vertices "a", vertices positive integers up to
// 4294967295. A position is a sum of connected graphs: the items are split into connected
// components, and the graph a move leaves splits again. Moves are typed as the edge removed:
// "2-3" (either order).
//
// A component's State is one connected graph, keeping the user's labels so that "remove edge
// 2-3" keeps its meaning: [n, the n labels in increasing order, then each edge as a pair of
// indices i < j into the labels, the pairs in increasing order]. Option i removes the i-th edge
// in that order; it leaves the rest of the graph split into its connected components (in order
// of their smallest label), none when nothing is left.
//
// Theory: no formula is known for general graphs. Grundy values are computed by mex over the
// options, memoized by the graph up to isomorphism (nauty's canonical labelling). On a path of n
// vertices the game is Dawson's Kayles (octal 0.07) on a heap of n; lone vertices are worth 0.
#pragma once

#include <cstdint>

#include "nimkit/games/graph_game.h"

namespace nimkit {
class ArcKayles final : public GraphGame {
 public:
  std::string spec() const override { return "arc-kayles"; }
  std::string summary() const override;

  // {"edge", [a, b]}: the labels of the edge removed, a < b.
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // Text "2-3" (either order): the option removing that edge when this component has both
  // vertices, none when it has neither; fails on other text or a missing edge.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;

  std::string move_syntax() const override;
  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
};

}  // namespace nimkit
