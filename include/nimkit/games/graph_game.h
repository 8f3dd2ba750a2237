// GraphGame: the base of the games played on a simple graph (Node Kayles, Arc Kayles).
//
// It owns what they share: the graph notation (edges "a-b" and lone vertices "a" separated by
// commas, spaces or both, vertices numbered from 1), one component per connected piece of the
// graph, the state encoding (see node_kayles.h), the text and the fields of the "graph" view, and
// the weight of a component (its vertices, which is also what a move costs a search: each child is
// a new graph with a canonical form). A family adds its moves, their text and its values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/ruleset.h"
#include "nimkit/value_memo.h"

namespace nimkit {

class GraphGame : public Ruleset {
 public:
  GraphGame();
  ~GraphGame() override;

  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const final;
  std::vector<std::string> format_state(const State& state) const final;
  // Graphs with no vertex name in common: their items one after the other (they read back as
  // the same components); graphs that share a name would join, and are written apart.
  std::optional<std::vector<std::string>> format_together(
      std::span<const State* const> states) const final;
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
  // By mex over the options, memoized on the canonical form across calls (up to kMaxCached
  // classes, then afresh); a call that would add more than limits.max_nodes classes fails naming
  // that limit.
  Result<Nimber> value(const State& state, const Limits& limits) const final {
    return memo_.value(*this, state, limits);
  }

  static constexpr std::size_t kMaxForms = 1 << 20;
  // Graph classes whose values are kept between calls.
  static constexpr std::size_t kMaxCached = 1 << 20;

 private:
  ValueMemo memo_{kMaxCached};  // canonical state → Grundy value
  // The canonical labellings met, by shape, and their lock (src/games/graph.cc).
  struct Forms;
  std::unique_ptr<Forms> forms_;
};

}  // namespace nimkit
