#include "nimkit/games/node_kayles.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <span>
#include <utility>

#include "graph_moves.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {

namespace {

using detail::Graph;

static_assert(NodeKayles::kMaxVertices == detail::kMaxGraphVertices);
static_assert(NodeKayles::kMaxLabel == detail::kMaxGraphLabel);

// Vertex v with its neighbours, in increasing order.
std::vector<std::uint32_t> closed_neighbourhood(const Graph& g, std::uint32_t v) {
  const auto around = g.neighbours(v);
  std::vector<std::uint32_t> closed(around.begin(), around.end());
  closed.insert(std::upper_bound(closed.begin(), closed.end(), v), v);
  return closed;
}

// What removing v leaves.
std::vector<Graph> remove(const Graph& g, std::uint32_t v) {
  std::vector<bool> gone(g.size(), false);
  gone[v] = true;
  for (std::uint32_t w : g.neighbours(v)) gone[w] = true;
  return detail::graph_components(g, std::move(gone));
}

// Whether adjacent u and v have the same closed neighbourhood.
bool twins(const Graph& g, std::uint32_t u, std::uint32_t v) {
  const auto nu = g.neighbours(u);
  const auto nv = g.neighbours(v);
  if (nu.size() != nv.size()) return false;
  // N(u) - v == N(v) - u, both sorted.
  std::size_t i = 0;
  std::size_t j = 0;
  while (true) {
    if (i < nu.size() && nu[i] == v) ++i;
    if (j < nv.size() && nv[j] == u) ++j;
    if (i == nu.size() || j == nv.size()) return i == nu.size() && j == nv.size();
    if (nu[i] != nv[j]) return false;
    ++i;
    ++j;
  }
}

// The vertices whose removal is a move of its own: twins (equal closed neighbourhoods, hence
// adjacent) leave the same graph, and only the one of smallest label stands for them.
std::vector<std::uint32_t> movers(const Graph& g) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    bool twin = false;
    for (std::uint32_t u : g.neighbours(v)) {
      if (u >= v) break;
      if (twins(g, u, v)) {
        twin = true;
        break;
      }
    }
    if (!twin) out.push_back(v);
  }
  return out;
}

const auto& decoded(const State& state) { return detail::decoded_graph<movers>(state); }

// The vertex an option removes (the smallest-labelled of twins) and every vertex it takes.
std::pair<std::uint32_t, std::vector<std::uint32_t>> removed_by(const Graph& g,
                                                                const Option& option) {
  const std::vector<std::uint32_t> gone = detail::vertices_gone(g, option);
  for (std::uint32_t v : gone) {
    if (closed_neighbourhood(g, v) == gone) return {v, gone};
  }
  assert(false && "not an option of this graph");
  return {gone.empty() ? 0 : gone.front(), gone};
}

}  // namespace

std::string NodeKayles::summary() const {
  return "remove a vertex of a graph together with all its neighbours";
}

std::vector<ViewField> NodeKayles::move_fields(const State& before, const Option& option,
                                               std::size_t /*first_item*/) const {
  const Graph g = detail::decode_graph(before);
  return {ViewField{"vertex", {g.labels[removed_by(g, option).first]}, true}};
}

std::string NodeKayles::describe_move(const State& before, const Option& option,
                                      std::size_t /*first_item*/) const {
  const Graph g = detail::decode_graph(before);
  const auto [v, gone] = removed_by(g, option);
  std::string text = fmt::format("remove vertex {}", g.labels[v]);
  if (gone.size() == 1) return text;
  constexpr std::size_t kListed = 6;
  if (gone.size() - 1 > kListed)
    return text + fmt::format(" (and its {} neighbours)", gone.size() - 1);
  std::vector<std::uint64_t> others;
  for (std::uint32_t w : gone) {
    if (w != v) others.push_back(g.labels[w]);
  }
  return text + fmt::format(" (and {})", fmt::join(others, ", "));
}

std::string NodeKayles::format_move(const State& before, const Option& option,
                                    std::size_t /*first_item*/, const Limits& /*limits*/) const {
  const Graph g = detail::decode_graph(before);
  return std::to_string(g.labels[removed_by(g, option).first]);
}

std::string NodeKayles::move_syntax() const {
  return "Moves: VERTEX removes that vertex and its neighbours, e.g. \"3\" (or \"v3\").\n";
}

Result<std::vector<Option>> NodeKayles::parse_move(const State& state, std::string_view text,
                                                   std::size_t /*first_item*/,
                                                   std::size_t /*items*/, bool /*partial*/,
                                                   const Limits& /*limits*/) const {
  const std::optional<std::uint64_t> label = typed_number(text, 'v');
  if (!label) {
    return fail(fmt::format("move {} is not a vertex: type the vertex to remove, e.g. \"3\"",
                            quoted(text)));
  }
  if (*label == 0) return fail("no vertex 0: vertices are numbered from 1");
  const Graph g = detail::decode_graph(state);
  const auto it = std::lower_bound(g.labels.begin(), g.labels.end(), *label);
  if (it == g.labels.end() || *it != *label) return std::vector<Option>{};
  const auto v = static_cast<std::uint32_t>(it - g.labels.begin());
  return std::vector<Option>{detail::graph_option(remove(g, v))};
}

Count NodeKayles::count_options(const State& state) const { return decoded(state).moves.size(); }

Option NodeKayles::option(const State& state, Count index) const {
  const auto& d = decoded(state);
  return detail::graph_option(remove(d.graph, d.moves.at(static_cast<std::size_t>(index))));
}

}  // namespace nimkit
