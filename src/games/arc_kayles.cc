#include "nimkit/games/arc_kayles.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <set>

#include "graph.h"
#include "nimkit/quote.h"

namespace nimkit {
namespace {

using detail::Graph;
using detail::GraphEdge;

// What removing edge a-b leaves.
std::vector<Graph> remove(const Graph& g, GraphEdge edge) {
  std::vector<bool> gone(g.size(), false);
  gone[edge.first] = true;
  gone[edge.second] = true;
  return detail::graph_components(g, std::move(gone));
}

Option make_option(const std::vector<Graph>& parts) {
  Option option;
  for (const Graph& part : parts) option.result.push_back(detail::encode_graph(part));
  return option;
}

// A state decoded, with its edges: the search asks for the option count and then every option
// of one state in turn, so the last few states decoded on this thread are kept.
struct Decoded {
  State state;
  Graph graph;
  std::vector<GraphEdge> edges;
};

const Decoded& decoded(const State& state) {
  constexpr std::size_t kKept = 4;
  thread_local std::array<Decoded, kKept> kept;
  thread_local std::size_t next = 0;
  for (const Decoded& d : kept) {
    if (d.state == state) return d;
  }
  Decoded& d = kept[next];
  next = (next + 1) % kKept;
  d.state = state;
  d.graph = detail::decode_graph(state);
  d.edges = detail::edges_of(d.graph);
  return d;
}

// The edge an option removes: its two endpoints are the vertices missing from what it leaves.
GraphEdge removed_by(const Graph& g, const Option& option) {
  std::set<std::uint64_t> left;
  for (const State& part : option.result) {
    const auto labels = detail::state_labels(part);
    left.insert(labels.begin(), labels.end());
  }
  std::vector<std::uint32_t> gone;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    if (!left.contains(g.labels[v])) gone.push_back(v);
  }
  return {gone.at(0), gone.at(1)};
}

// A vertex label typed in a move; nullopt when the text is not one.
std::optional<std::uint64_t> move_label(std::string_view text) {
  if (text.empty() || text.size() > 10 ||
      text.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  return std::stoull(std::string(text));
}

}  // namespace

std::string ArcKayles::summary() const {
  return "remove an edge of a graph together with its two ends and every edge at them";
}

std::vector<ViewField> ArcKayles::move_fields(const State& before, const Option& option,
                                              std::size_t /*first_item*/) const {
  const Graph g = detail::decode_graph(before);
  const auto [a, b] = removed_by(g, option);
  return {ViewField{"edge", {g.labels[a], g.labels[b]}}};
}

std::string ArcKayles::describe_move(const State& before, const Option& option,
                                     std::size_t /*first_item*/) const {
  const Graph g = detail::decode_graph(before);
  const auto [a, b] = removed_by(g, option);
  return fmt::format("remove edge {}-{} (vertices {} and {})", g.labels[a], g.labels[b],
                     g.labels[a], g.labels[b]);
}

std::string ArcKayles::format_move(const State& before, const Option& option,
                                   std::size_t /*first_item*/, const Limits& /*limits*/) const {
  const Graph g = detail::decode_graph(before);
  const auto [a, b] = removed_by(g, option);
  return fmt::format("{}-{}", g.labels[a], g.labels[b]);
}

std::string ArcKayles::move_syntax() const {
  return "Moves: A-B removes the edge A-B with both its ends, e.g. \"2-3\".\n";
}

Result<std::vector<Option>> ArcKayles::parse_move(const State& state, std::string_view text,
                                                  std::size_t /*first_item*/, std::size_t /*items*/,
                                                  bool /*partial*/,
                                                  const Limits& /*limits*/) const {
  const std::size_t dash = text.find('-');
  const auto a = move_label(text.substr(0, dash));
  const auto b = dash == std::string_view::npos ? std::nullopt : move_label(text.substr(dash + 1));
  if (!a || !b) {
    return fail(
        fmt::format("move {} is not an edge: type the edge to remove, e.g. \"2-3\"", quoted(text)));
  }
  const Graph g = detail::decode_graph(state);
  const std::uint32_t u = g.index_of(*a);
  const std::uint32_t v = g.index_of(*b);
  if (u == g.size() && v == g.size()) return std::vector<Option>{};
  if (u == g.size() || v == g.size() || !g.has_edge(u, v)) {
    return fail(fmt::format("no edge {}-{} in the graph", *a, *b));
  }
  return std::vector<Option>{make_option(remove(g, {std::min(u, v), std::max(u, v)}))};
}

Count ArcKayles::count_options(const State& state) const { return decoded(state).edges.size(); }

Option ArcKayles::option(const State& state, Count index) const {
  const Decoded& d = decoded(state);
  return make_option(remove(d.graph, d.edges.at(static_cast<std::size_t>(index))));
}

Result<Nimber> ArcKayles::value(const State& state, const Limits& limits) const {
  return memo_.value(*this, state, limits);
}

}  // namespace nimkit
