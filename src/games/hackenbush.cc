#include "nimkit/games/hackenbush.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <span>
#include <utility>

#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

using Edge = std::pair<std::uint64_t, std::uint64_t>;  // vertex labels as written; 0 is the ground
using Edges = std::vector<Edge>;

constexpr std::string_view kItemHelp =
    "expected an edge \"a-b\" or a numbered edge \"eN=a-b\" (g is the ground, other vertices "
    "are numbers)";

// The ground is written "g"; other vertices as their numbers.
std::string vertex_text(std::uint64_t v) { return v == 0 ? "g" : std::to_string(v); }

// "e4=2-g": an edge with its number.
std::string edge_text(std::uint64_t name, std::uint64_t a, std::uint64_t b) {
  return fmt::format("e{}={}-{}", name, vertex_text(a), vertex_text(b));
}

// A component's State is [m, then each edge as (name, a, b)].
Edges edges_of(const State& state) {
  Edges edges;
  for (std::size_t k = 1; k + 2 < state.size(); k += 3)
    edges.emplace_back(state[k + 1], state[k + 2]);
  return edges;
}

std::vector<std::uint64_t> names_of(const State& state) {
  std::vector<std::uint64_t> names;
  for (std::size_t k = 1; k + 2 < state.size(); k += 3) names.push_back(state[k]);
  return names;
}

// The component of the edges at `indices`, their names kept.
State encode(const Edges& edges, std::span<const std::uint64_t> names,
             std::span<const std::size_t> indices) {
  State state{indices.size()};
  for (std::size_t i : indices)
    state.insert(state.end(), {names[i], edges[i].first, edges[i].second});
  return state;
}

// Edges written with their numbers, every one ("e1=g-1 e2=1-2 e5=2-g"): a reader finds the
// number a move types beside each edge without counting.
void write_edges(const State& state, std::vector<std::string>& items) {
  const Edges edges = edges_of(state);
  const std::vector<std::uint64_t> names = names_of(state);
  for (std::size_t e = 0; e < edges.size(); ++e)
    items.push_back(edge_text(names[e], edges[e].first, edges[e].second));
}

// Union-find over vertex indices.
struct Classes {
  std::vector<std::size_t> parent;
  explicit Classes(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t find(std::size_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  }
  void join(std::size_t a, std::size_t b) { parent[find(a)] = find(b); }
};

// Vertex labels numbered 0..n-1 in increasing order (the ground, when present, is 0).
std::map<std::uint64_t, std::size_t> number_vertices(const Edges& edges) {
  std::map<std::uint64_t, std::size_t> index;
  for (const auto& [a, b] : edges) {
    index.emplace(a, 0);
    index.emplace(b, 0);
  }
  std::size_t next = 0;
  for (auto& [label, i] : index) i = next++;
  return index;
}

// The pieces of a picture: the edges still connected to the ground, grouped by the pieces that
// meet each other only at the ground (a loop at the ground is a piece of its own), in the order
// of their first edges, each as the indices of its edges in order. `dropped`, when given,
// receives the indices of the edges cut off.
std::vector<std::vector<std::size_t>> pieces(const Edges& edges,
                                             std::vector<std::size_t>* dropped) {
  auto index = number_vertices(edges);
  Classes classes(index.size());
  for (const auto& [a, b] : edges) {
    if (a != 0 && b != 0) classes.join(index[a], index[b]);
  }
  std::vector<bool> grounded(index.size(), false);
  for (const auto& [a, b] : edges) {
    if ((a == 0) != (b == 0)) grounded[classes.find(index[a == 0 ? b : a])] = true;
  }
  std::vector<std::vector<std::size_t>> out;
  std::map<std::size_t, std::size_t> piece_of;  // class → its place in `out`
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const auto& [a, b] = edges[e];
    if (a == 0 && b == 0) {
      out.push_back({e});
      continue;
    }
    const std::size_t c = classes.find(index[a == 0 ? b : a]);
    if (!grounded[c]) {
      if (dropped != nullptr) dropped->push_back(e);
      continue;
    }
    const auto [it, added] = piece_of.emplace(c, out.size());
    if (added) out.emplace_back();
    out[it->second].push_back(e);
  }
  return out;
}

// Which edges are bridges (on no cycle), by Tarjan's depth-first search: an edge to a child w
// is a bridge when nothing below w reaches back above it. Edges are told apart by index, so
// that a repeated edge is a cycle; loops are never bridges.
std::vector<bool> bridges(const std::vector<std::pair<std::size_t, std::size_t>>& edges,
                          std::size_t n) {
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> around(n);  // (neighbour, edge)
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const auto [u, v] = edges[e];
    if (u == v) continue;
    around[u].emplace_back(v, e);
    around[v].emplace_back(u, e);
  }
  std::vector<bool> bridge(edges.size(), false);
  std::vector<std::size_t> in(n, kNone);
  std::vector<std::size_t> low(n, kNone);
  std::size_t clock = 0;
  struct Frame {
    std::size_t vertex, via, next;
  };
  for (std::size_t root = 0; root < n; ++root) {
    if (in[root] != kNone) continue;
    in[root] = low[root] = clock++;
    std::vector<Frame> stack{{root, kNone, 0}};
    while (!stack.empty()) {
      const std::size_t v = stack.back().vertex;
      if (stack.back().next < around[v].size()) {
        const auto [w, e] = around[v][stack.back().next++];
        if (e == stack.back().via) continue;
        if (in[w] == kNone) {
          in[w] = low[w] = clock++;
          stack.push_back({w, e, 0});
        } else {
          low[v] = std::min(low[v], in[w]);
        }
        continue;
      }
      const std::size_t via = stack.back().via;
      stack.pop_back();
      if (via == kNone) continue;
      const std::size_t u = stack.back().vertex;
      low[u] = std::min(low[u], low[v]);
      if (low[v] > in[u]) bridge[via] = true;
    }
  }
  return bridge;
}

// The closed form. Edges on a cycle (non-bridges) are fused: their vertices become one and the
// edges loops, each worth a twig (1). The bridges then form a tree of fused vertices on the
// ground's, and a vertex's value is the XOR of its loops' 1s and, over its branches, 1 + the
// value above. Linear but for the vertex numbering.
Nimber fused_value(const Edges& picture) {
  auto index = number_vertices(picture);
  const std::size_t n = index.size();
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  for (const auto& [a, b] : picture) edges.emplace_back(index[a], index[b]);
  const std::vector<bool> bridge = bridges(edges, n);
  Classes fused(n);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (!bridge[e]) fused.join(edges[e].first, edges[e].second);
  }
  std::vector<Nimber> loops(n, 0);  // per fused vertex: the XOR of its loops' values
  std::vector<std::vector<std::size_t>> tree(n);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const std::size_t u = fused.find(edges[e].first);
    const std::size_t v = fused.find(edges[e].second);
    if (!bridge[e]) {
      loops[u] ^= 1;
      continue;
    }
    tree[u].push_back(v);
    tree[v].push_back(u);
  }
  // Values from the leaves down to the ground's vertex, in reverse of a depth-first order.
  const std::size_t root = fused.find(index.begin()->second);  // label 0 numbers first
  std::vector<std::size_t> order{root};
  std::vector<std::size_t> parent(n, n);
  parent[root] = root;
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (std::size_t w : tree[order[k]]) {
      if (parent[w] == n) {
        parent[w] = order[k];
        order.push_back(w);
      }
    }
  }
  std::vector<Nimber> value = loops;
  for (std::size_t k = order.size(); k-- > 1;) value[parent[order[k]]] ^= value[order[k]] + 1;
  return value[root];
}

// A vertex: "g" or "ground" (or 0, as older texts write it) for the ground, else its number.
Result<std::uint64_t> parse_label(std::string_view text, std::string_view piece) {
  if (text == "g" || text == "ground") return std::uint64_t{0};
  const std::optional<std::uint64_t> value = typed_number(text);
  if (!value) return fail(fmt::format("bad edge {}: {}", quoted(piece), kItemHelp));
  if (*value > GreenHackenbush::kMaxLabel) {
    return fail(fmt::format("bad edge {}: vertices are g (the ground) and 1 to {}", quoted(piece),
                            GreenHackenbush::kMaxLabel));
  }
  return *value;
}

// What cutting edge e leaves: the pieces still on the ground, every edge keeping its name.
Option cut(const State& state, std::size_t e) {
  Edges edges = edges_of(state);
  std::vector<std::uint64_t> names = names_of(state);
  edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(e));
  names.erase(names.begin() + static_cast<std::ptrdiff_t>(e));
  Option out;
  for (const auto& part : pieces(edges, nullptr)) out.result.push_back(encode(edges, names, part));
  return out;
}

// The edge an option cuts: of the edges whose names the option no longer holds (the one cut and
// those that fell with it), the one whose cut leaves exactly the option.
std::size_t cut_by(const State& before, const Option& option) {
  std::set<std::uint64_t> left;
  for (const State& part : option.result) {
    for (std::uint64_t name : names_of(part)) left.insert(name);
  }
  const std::vector<std::uint64_t> names = names_of(before);
  for (std::size_t e = 0; e < names.size(); ++e) {
    if (!left.contains(names[e]) && cut(before, e) == option) return e;
  }
  assert(false && "not an option of this picture");
  return 0;
}

// The index of the edge named `name`, or nullopt.
std::optional<std::size_t> edge_named(const State& state, std::uint64_t name) {
  const std::vector<std::uint64_t> names = names_of(state);
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<std::size_t>(it - names.begin());
}

}  // namespace

std::string GreenHackenbush::summary() const {
  return "cut an edge of a picture on the ground; what no longer touches the ground vanishes";
}

Result<std::vector<ParsedComponent>> GreenHackenbush::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail(fmt::format("no edges given: {}", kItemHelp));
  Edges edges;
  std::vector<std::uint64_t> names;
  std::set<std::uint64_t> named;
  std::vector<std::size_t> item_of;  // edge → the item it was written in
  for (const ListItem& listed : list_items(items)) {
    std::string_view piece = listed.text;
    if (piece.empty()) {
      return fail(fmt::format("empty edge in {}: {}", quoted(items[listed.token]), kItemHelp));
    }
    // "eN=a-b" (or "N=a-b", as older texts write it) numbers the edge N; a bare edge is
    // numbered one more than the edge before it.
    std::uint64_t name = names.empty() ? 1 : names.back() + 1;
    if (const std::size_t equals = piece.find('='); equals != std::string_view::npos) {
      const std::optional<std::uint64_t> given = typed_number(piece.substr(0, equals), 'e');
      if (!given) return fail(fmt::format("bad edge {}: {}", quoted(listed.text), kItemHelp));
      name = *given;
      piece.remove_prefix(equals + 1);
    }
    if (name == 0 || name > kMaxLabel) {
      return fail(
          fmt::format("bad edge {}: edges are named 1 to {}", quoted(listed.text), kMaxLabel));
    }
    if (!named.insert(name).second) {
      return fail(fmt::format("edge {} is named {}, like an edge before it: name each edge once",
                              quoted(listed.text), name));
    }
    const std::size_t dash = piece.find('-');
    if (dash == std::string_view::npos) {
      return fail(fmt::format("bad edge {}: {}", quoted(listed.text), kItemHelp));
    }
    auto a = parse_label(piece.substr(0, dash), listed.text);
    if (!a) return a.failure();
    auto b = parse_label(piece.substr(dash + 1), listed.text);
    if (!b) return b.failure();
    edges.emplace_back(*a, *b);
    names.push_back(name);
    item_of.push_back(listed.token);
    if (edges.size() > kMaxEdges) return fail(fmt::format("more than {} edges", kMaxEdges));
  }
  std::vector<std::size_t> dropped;
  const auto parts = pieces(edges, &dropped);
  if (!dropped.empty()) {
    const auto& [a, b] = edges[dropped.front()];
    return fail(fmt::format("edge {}-{} is not connected to the ground (g)", vertex_text(a),
                            vertex_text(b)));
  }
  std::vector<ParsedComponent> out;
  for (const auto& part : parts) {
    out.push_back(ParsedComponent{encode(edges, names, part), item_of[part.front()]});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& x, const auto& y) { return x.first_item < y.first_item; });
  return out;
}

std::vector<std::string> GreenHackenbush::format_state(const State& state) const {
  std::vector<std::string> items;
  write_edges(state, items);
  return items;
}

std::optional<std::vector<std::string>> GreenHackenbush::format_together(
    std::span<const State* const> states) const {
  // Read back together, pieces that share a vertex above the ground would join, and a name
  // given twice is refused: such components (from separate tokens) are written apart.
  std::set<std::uint64_t> names;
  std::set<std::uint64_t> vertices;
  for (const State* state : states) {
    std::set<std::uint64_t> own;
    for (const auto& [a, b] : edges_of(*state)) {
      if (a != 0) own.insert(a);
      if (b != 0) own.insert(b);
    }
    for (std::uint64_t v : own) {
      if (!vertices.insert(v).second) return std::nullopt;
    }
    for (std::uint64_t name : names_of(*state)) {
      if (!names.insert(name).second) return std::nullopt;
    }
  }
  std::vector<std::string> items;
  for (const State* state : states) write_edges(*state, items);
  return items;
}

std::string GreenHackenbush::label(const State& state, std::size_t /*first_item*/) const {
  std::vector<std::string> edges;
  write_edges(state, edges);
  constexpr std::size_t kShown = 8;
  if (edges.size() == 1) return "edge " + edges.front();
  if (edges.size() > kShown) {
    edges.resize(kShown - 1);
    edges.push_back("...");
  }
  return fmt::format("edges {}", fmt::join(edges, " "));
}

std::vector<ViewField> GreenHackenbush::view_fields(const State& state) const {
  std::vector<std::uint64_t> vertices;
  for (const auto& [label, i] : number_vertices(edges_of(state))) vertices.push_back(label);
  std::vector<std::uint64_t> ends;
  for (const auto& [a, b] : edges_of(state)) ends.insert(ends.end(), {a, b});
  return {ViewField{"edges", ends}, ViewField{"names", names_of(state)},
          ViewField{"vertices", vertices}};
}

std::optional<std::vector<std::uint64_t>> GreenHackenbush::names_of_version_2_items(
    const State& state) const {
  return names_of(state);
}

std::vector<ViewField> GreenHackenbush::move_fields(const State& before, const Option& option,
                                                    std::size_t /*first_item*/) const {
  return {ViewField{"edge", {names_of(before).at(cut_by(before, option))}, true}};
}

std::string GreenHackenbush::describe_move(const State& before, const Option& option,
                                           std::size_t /*first_item*/) const {
  const std::size_t e = cut_by(before, option);
  const auto [a, b] = edges_of(before).at(e);
  return fmt::format("cut edge {} ({}-{})", names_of(before).at(e), vertex_text(a), vertex_text(b));
}

std::string GreenHackenbush::format_move(const State& before, const Option& option,
                                         std::size_t /*first_item*/,
                                         const Limits& /*limits*/) const {
  return std::to_string(names_of(before).at(cut_by(before, option)));
}

std::string GreenHackenbush::move_syntax() const {
  return "Moves: the number of the edge to cut, e.g. \"3\", \"edge 3\" or \"cut edge 3\" (edges "
         "are numbered from 1 in the order written, and keep their numbers until cut).\n";
}

Result<std::vector<Option>> GreenHackenbush::parse_move(const State& state, std::string_view text,
                                                        std::size_t /*first_item*/,
                                                        std::size_t /*items*/, bool /*partial*/,
                                                        const Limits& /*limits*/) const {
  // "cut edge 3", "edge 3", "cut 3", "3" or "e3".
  std::vector<std::string> said = words(text);
  if (said.size() > 1 && said.front() == "cut") said.erase(said.begin());
  if (said.size() > 1 && said.front() == "edge") said.erase(said.begin());
  const std::optional<std::uint64_t> name =
      said.size() == 1 ? typed_number(said.front(), 'e') : std::nullopt;
  if (!name) {
    return fail(
        fmt::format("move {} is not an edge number: type the number of the edge to cut, "
                    "e.g. \"3\" or \"cut edge 3\"",
                    quoted(text)));
  }
  if (*name == 0) return fail("no edge 0: edges are numbered from 1");
  const std::optional<std::size_t> e = edge_named(state, *name);
  if (!e) return std::vector<Option>{};
  return std::vector<Option>{cut(state, *e)};
}

Count GreenHackenbush::count_options(const State& state) const { return state.at(0); }

Option GreenHackenbush::option(const State& state, Count index) const {
  return cut(state, static_cast<std::size_t>(index));
}

Result<Nimber> GreenHackenbush::value(const State& state, const Limits& /*limits*/) const {
  return fused_value(edges_of(state));
}

Count GreenHackenbush::weight(const State& state) const { return state.at(0); }

void GreenHackenbush::append_canonical(const State& state, std::vector<std::uint64_t>& key) const {
  // The names are for people: pictures that differ only in them are the same game.
  key.push_back(state.at(0));
  for (const auto& [a, b] : edges_of(state)) key.insert(key.end(), {a, b});
}

std::uint64_t GreenHackenbush::move_cost(const State& state) const { return state.at(0); }

}  // namespace nimkit
