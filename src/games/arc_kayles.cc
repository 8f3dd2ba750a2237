#include "nimkit/games/arc_kayles.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "graph_moves.h"
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

const auto& decoded(const State& state) { return detail::decoded_graph<detail::edges_of>(state); }

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
  return std::vector<Option>{detail::graph_option(remove(g, {std::min(u, v), std::max(u, v)}))};
}

Count ArcKayles::count_options(const State& state) const { return decoded(state).moves.size(); }

Option ArcKayles::option(const State& state, Count index) const {
  const auto& d = decoded(state);
  return detail::graph_option(remove(d.graph, d.moves.at(static_cast<std::size_t>(index))));
}

}  // namespace nimkit
