// Simple undirected graphs for the graph rulesets (Node Kayles, Arc Kayles): the text notation,
// the component State, connected components and nauty's canonical form. Private to the library.
//
// Notation: items separated by commas, spaces or both (list_items), edges "a-b" and lone vertices
// "a", vertices positive integers up to kMaxLabel; duplicated edges are harmless. A component's
// State is one connected graph, keeping the user's labels: [n, the n labels in increasing order,
// then each edge as a pair of indices i < j into the labels, the pairs in increasing order].
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit::detail {

// Most vertices one text of a graph may have, and the largest vertex label.
inline constexpr std::size_t kMaxGraphVertices = 1000;
inline constexpr std::uint64_t kMaxGraphLabel = 4294967295;

using GraphEdge = std::pair<std::uint32_t, std::uint32_t>;

// A graph with its vertices numbered 0..n-1 in increasing label order; the neighbours of v,
// in increasing order, are adjacent[first[v]] ... adjacent[first[v + 1] - 1].
struct Graph {
  std::vector<std::uint64_t> labels;
  std::vector<std::uint32_t> first{0};
  std::vector<std::uint32_t> adjacent;

  std::size_t size() const { return labels.size(); }
  std::span<const std::uint32_t> neighbours(std::uint32_t v) const {
    return std::span<const std::uint32_t>(adjacent).subspan(first[v], first[v + 1] - first[v]);
  }
  // The index of `label`, or size() when the graph has no such vertex.
  std::uint32_t index_of(std::uint64_t label) const;
  bool has_edge(std::uint32_t a, std::uint32_t b) const;
};

// The graph of these labels (increasing) and edges (a < b, in increasing order).
Graph make_graph(std::vector<std::uint64_t> labels, const std::vector<GraphEdge>& edges);
// Every edge (a < b), in increasing order.
std::vector<GraphEdge> edges_of(const Graph& g);
Graph decode_graph(const State& state);
State encode_graph(const Graph& g);
// The connected components of `g` without the vertices marked in `gone`, each numbered in label
// order, in order of their smallest label.
std::vector<Graph> graph_components(const Graph& g, std::vector<bool> gone);
// [n, then nauty's canonical adjacency matrix, row by row, in words of 64 bits]: equal exactly
// for isomorphic graphs.
State canonical_form(const Graph& g);
// The labels a component's State holds (an option's parts), in increasing order.
std::span<const std::uint64_t> state_labels(const State& state);
// The vertices of `g` that `option` (of g) no longer has, in increasing order.
std::vector<std::uint32_t> vertices_gone(const Graph& g, const Option& option);

// The graph of the items, one component per connected piece, in the order of the first item
// naming each piece. Fails naming the bad item.
Result<std::vector<ParsedComponent>> parse_graph(std::span<const std::string> items);
// The component's items: its edges "a-b", or its lone vertex.
std::vector<std::string> format_graph(const State& state);
std::vector<std::string> format_graph(const Graph& g);
// "graph 1-2,2-3", shortened past a few edges.
std::string graph_label(const State& state);
// The view fields "vertices" and "edges" (pairs of labels, flattened).
std::vector<ViewField> graph_view_fields(const State& state);

}  // namespace nimkit::detail
