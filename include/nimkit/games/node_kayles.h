// Node Kayles.
//
// Rules: play is on a simple undirected graph. A move removes one vertex together with all its
// neighbours. The player who cannot move (the graph is empty) loses (normal play) or wins
// (misère play). Notation: "node-kayles:1-2,2-3,3-4" (the path on four vertices): items are
// edges "a-b" and lone vertices "a", vertices positive integers up to 4294967295; duplicated
// edges are harmless. With --rules node-kayles the bare tokens are items too ("1-2 2-3 3-4").
// A position is a sum of connected graphs: the items are split into connected components. Moves
// are typed as the vertex removed: "3" (or "v3").
//
// A component's State is one connected graph, keeping the user's labels so that "remove vertex
// 3" keeps its meaning as other vertices go: [n, the n labels in increasing order, then each
// edge as a pair of indices i < j into the labels, the pairs in increasing order].
// Option i removes the i-th vertex in label order; it leaves the rest of the graph split into
// its connected components (in order of their smallest label), none when nothing is left.
//
// Theory: no formula is known for general graphs. Grundy values are computed by mex over the
// options, memoized by the graph up to isomorphism (nauty's canonical labelling), so each class
// of subgraph is evaluated once; on a path of n vertices the game is Dawson's Chess (octal
// 0.137) on a heap of n. canonical() is the isomorphism class, so the misère search also meets
// each class once.
#pragma once

#include <cstdint>

#include "nimkit/games/graph_game.h"

namespace nimkit {
class NodeKayles final : public GraphGame {
 public:
  // Most vertices one text of a graph may have (the items parse_components() reads at once),
  // and the largest vertex label.
  static constexpr std::size_t kMaxVertices = 1000;
  static constexpr std::uint64_t kMaxLabel = 4294967295;

  std::string spec() const override { return "node-kayles"; }
  std::string summary() const override;

  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // Text "3" or "v3": the option removing vertex 3 when this component has it, none when it
  // does not (another component's vertex); fails on other text.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;

  std::string move_syntax() const override;
  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
};

}  // namespace nimkit
