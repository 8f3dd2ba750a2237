// What the graph rulesets (Node Kayles, Arc Kayles) share in listing their options: a state
// decoded with its moves, kept per thread, and the option a move's remains make. Private to the
// library.
#pragma once

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

#include "graph.h"
#include "nimkit/ruleset.h"

namespace nimkit::detail {

// The option leaving `parts` (the connected pieces of what a move leaves; none when nothing is).
inline Option graph_option(const std::vector<Graph>& parts) {
  Option option;
  for (const Graph& part : parts) option.result.push_back(encode_graph(part));
  return option;
}

template <class Move>
struct DecodedGraph {
  State state;
  Graph graph;
  std::vector<Move> moves;  // option i makes move i
};

// `state` decoded, with the moves kMoves(graph) lists. The search asks for the option count and
// then every option of one state in turn, and for the count and the canonical form of each state
// it meets: the last few states decoded on this thread (for each kMoves) are kept so that each is
// decoded once.
template <auto kMoves>
const auto& decoded_graph(const State& state) {
  using Move = typename decltype(kMoves(std::declval<const Graph&>()))::value_type;
  constexpr std::size_t kKept = 4;
  thread_local std::array<DecodedGraph<Move>, kKept> kept;
  thread_local std::size_t next = 0;
  for (const DecodedGraph<Move>& d : kept) {
    if (d.state == state) return d;
  }
  DecodedGraph<Move>& d = kept[next];
  next = (next + 1) % kKept;
  d.state = state;
  d.graph = decode_graph(state);
  d.moves = kMoves(d.graph);
  return d;
}

}  // namespace nimkit::detail
