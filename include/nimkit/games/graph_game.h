// GraphGame: the base of the games played on a simple graph (Node Kayles, Arc Kayles).
//
// It owns what they share: the graph notation (comma-separated edges "a-b" and lone vertices "a",
// vertices numbered from 1), one component per connected piece of the graph, the state encoding
// (see node_kayles.h), the text and the fields of the "graph" view, and the weight of a component
// (its vertices, which is also what a move costs a search: each child is a new graph with a
// canonical form). A family adds its moves, their text and its values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit {

class GraphGame : public Ruleset {
 public:
  GraphGame();
  ~GraphGame() override;

  std::string_view view() const final { return "graph"; }
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const final;
  std::vector<std::string> format_state(const State& state) const final;
  // "graph 1-2,2-3": vertices carry their own numbers, so the component counts no items.
  std::string label(const State& state, std::size_t first_item) const final;
  // {"vertices", labels}, {"edges", [a1, b1, a2, b2, ...]}.
  std::vector<ViewField> view_fields(const State& state) const final;
  Count weight(const State& state) const final;
  std::uint64_t move_cost(const State& state) const final;
  // [n, then nauty's canonical adjacency matrix, row by row, in words of 64 bits]: isomorphic
  // graphs share it. Graphs that differ only in their labels (the subpaths of a path) have the
  // same labelling, which is kept (up to kMaxForms, then afresh) so that nauty runs once per shape.
  void append_canonical(const State& state, std::vector<std::uint64_t>& key) const final;

  static constexpr std::size_t kMaxForms = 1 << 20;

 private:
  // The canonical labellings met, by shape, and their lock (src/games/graph.cc).
  struct Forms;
  std::unique_ptr<Forms> forms_;
};

}  // namespace nimkit
