#include "nimkit/games/arc_kayles.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "graph_moves.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

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

const auto& decoded(const State& state) { return detail::decoded_graph<detail::edges_of>(state); }

// The edge an option removes: its two endpoints are the vertices missing from what it leaves.
GraphEdge removed_by(const Graph& g, const Option& option) {
  const std::vector<std::uint32_t> gone = detail::vertices_gone(g, option);
  return {gone.at(0), gone.at(1)};
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
  const auto a = typed_number(text.substr(0, dash));
  const auto b =
      dash == std::string_view::npos ? std::nullopt : typed_number(text.substr(dash + 1));
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
  return std::vector<Option>{detail::graph_option(remove(g, {std::min(u, v), std::max(u, v)}))};
}

Count ArcKayles::count_options(const State& state) const { return decoded(state).moves.size(); }

Option ArcKayles::option(const State& state, Count index) const {
  const auto& d = decoded(state);
  return detail::graph_option(remove(d.graph, d.moves.at(static_cast<std::size_t>(index))));
}

}  // namespace nimkit
