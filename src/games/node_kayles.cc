#include "nimkit/games/node_kayles.h"

#include <fmt/format.h>
#include <nauty.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <set>
#include <span>
#include <utility>

#include "nimkit/quote.h"

namespace nimkit {

// A graph with its vertices numbered 0..n-1 in increasing label order; the neighbours of v,
// in increasing order, are adjacent[first[v]] ... adjacent[first[v + 1] - 1].
struct NodeKayles::Graph {
  std::vector<std::uint64_t> labels;
  std::vector<std::uint32_t> first{0};
  std::vector<std::uint32_t> adjacent;

  std::size_t size() const { return labels.size(); }
  std::span<const std::uint32_t> neighbours(std::uint32_t v) const {
    return std::span<const std::uint32_t>(adjacent).subspan(first[v], first[v + 1] - first[v]);
  }
};

namespace {

using Graph = NodeKayles::Graph;
using Edge = std::pair<std::uint32_t, std::uint32_t>;

constexpr std::string_view kItemHelp = "expected a vertex \"3\" or an edge \"1-2\"";

// The graph of these labels (increasing) and edges (a < b, in increasing order).
Graph make_graph(std::vector<std::uint64_t> labels, const std::vector<Edge>& edges) {
  Graph g;
  g.labels = std::move(labels);
  std::vector<std::uint32_t> degree(g.size() + 1, 0);
  for (const auto& [a, b] : edges) {
    ++degree[a];
    ++degree[b];
  }
  g.first.assign(g.size() + 1, 0);
  for (std::size_t v = 0; v < g.size(); ++v) g.first[v + 1] = g.first[v] + degree[v];
  g.adjacent.resize(g.first.back());
  // Edges in increasing order fill every list in increasing order: a vertex's smaller
  // neighbours come from earlier edges than its larger ones.
  std::vector<std::uint32_t> fill(g.first.begin(), g.first.end() - 1);
  for (const auto& [a, b] : edges) {
    g.adjacent[fill[a]++] = b;
    g.adjacent[fill[b]++] = a;
  }
  return g;
}

std::vector<Edge> edges_of(const Graph& g) {
  std::vector<Edge> edges;
  for (std::uint32_t a = 0; a < g.size(); ++a) {
    for (std::uint32_t b : g.neighbours(a)) {
      if (a < b) edges.emplace_back(a, b);
    }
  }
  return edges;
}

Graph decode(const State& state) {
  const auto n = static_cast<std::size_t>(state.at(0));
  std::vector<Edge> edges;
  edges.reserve((state.size() - 1 - n) / 2);
  for (std::size_t k = 1 + n; k + 1 < state.size(); k += 2) {
    edges.emplace_back(static_cast<std::uint32_t>(state[k]),
                       static_cast<std::uint32_t>(state[k + 1]));
  }
  return make_graph(std::vector<std::uint64_t>(state.begin() + 1,
                                               state.begin() + 1 + static_cast<std::ptrdiff_t>(n)),
                    edges);
}

State encode(const Graph& g) {
  State state{g.size()};
  state.reserve(1 + g.size() + g.adjacent.size());
  state.insert(state.end(), g.labels.begin(), g.labels.end());
  for (const auto& [a, b] : edges_of(g)) state.insert(state.end(), {a, b});
  return state;
}

// The connected components of `g` without the vertices marked in `gone`, each numbered in label
// order, in order of their smallest label.
std::vector<Graph> components(const Graph& g, std::vector<bool> gone) {
  std::vector<Graph> parts;
  const std::vector<bool> removed = gone;
  std::vector<std::uint32_t> index(g.size());
  for (std::uint32_t start = 0; start < g.size(); ++start) {
    if (gone[start]) continue;
    std::vector<std::uint32_t> members{start};
    gone[start] = true;
    for (std::size_t k = 0; k < members.size(); ++k) {
      for (std::uint32_t w : g.neighbours(members[k])) {
        if (!gone[w]) {
          gone[w] = true;
          members.push_back(w);
        }
      }
    }
    std::sort(members.begin(), members.end());
    std::vector<std::uint64_t> labels;
    for (std::uint32_t k = 0; k < members.size(); ++k) {
      index[members[k]] = k;
      labels.push_back(g.labels[members[k]]);
    }
    std::vector<Edge> edges;
    for (std::uint32_t k = 0; k < members.size(); ++k) {
      for (std::uint32_t w : g.neighbours(members[k])) {
        if (!removed[w] && members[k] < w) edges.emplace_back(k, index[w]);
      }
    }
    parts.push_back(make_graph(std::move(labels), edges));
  }
  return parts;
}

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
  return components(g, std::move(gone));
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

State canonical_form(const Graph& g) {
  const int n = static_cast<int>(g.size());
  if (n == 0) return State{0};
  const int m = SETWORDSNEEDED(n);
  std::vector<graph> adjacency(static_cast<std::size_t>(m) * g.size(), 0);
  std::vector<graph> canon(adjacency.size(), 0);
  for (int a = 0; a < n; ++a) {
    for (std::uint32_t b : g.neighbours(static_cast<std::uint32_t>(a))) {
      ADDELEMENT(GRAPHROW(adjacency.data(), a, m), static_cast<int>(b));
    }
  }
  std::vector<int> lab(g.size());
  std::vector<int> ptn(g.size());
  std::vector<int> orbits(g.size());
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  statsblk stats;
  // nauty keeps its work space in thread-local storage (USE_TLS), so concurrent calls are safe.
  densenauty(adjacency.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, n,
             canon.data());
  State state{g.size()};
  for (graph word : canon) state.push_back(static_cast<std::uint64_t>(word));
  return state;
}

// A state decoded, with its movers. The search asks for the option count and then every option
// of one state in turn, and for the count and the canonical form of each state it meets: the
// last few states decoded on this thread are kept so that each is decoded once.
struct Decoded {
  State state;
  Graph graph;
  std::vector<std::uint32_t> movers;
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
  d.graph = decode(state);
  d.movers = movers(d.graph);
  return d;
}

Option make_option(const std::vector<Graph>& parts) {
  Option option;
  for (const Graph& part : parts) option.result.push_back(encode(part));
  return option;
}

// The vertex an option removes (the smallest-labelled of twins) and every vertex it takes.
std::pair<std::uint32_t, std::vector<std::uint32_t>> removed_by(const Graph& g,
                                                                const Option& option) {
  std::set<std::uint64_t> left;
  for (const State& part : option.result) {
    const auto n = static_cast<std::ptrdiff_t>(part.at(0));
    left.insert(part.begin() + 1, part.begin() + 1 + n);
  }
  std::vector<std::uint32_t> gone;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    if (!left.contains(g.labels[v])) gone.push_back(v);
  }
  for (std::uint32_t v : gone) {
    if (closed_neighbourhood(g, v) == gone) return {v, gone};
  }
  assert(false && "not an option of this graph");
  return {gone.empty() ? 0 : gone.front(), gone};
}

Result<std::uint64_t> parse_label(std::string_view text, std::string_view piece) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return fail(fmt::format("bad graph item {}: {}", quoted(piece), kItemHelp));
  }
  std::uint64_t value = 0;
  for (char c : text) {
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    if (value > NodeKayles::kMaxLabel) {
      return fail(fmt::format("bad graph item {}: vertices are numbered up to {}", quoted(piece),
                              NodeKayles::kMaxLabel));
    }
  }
  if (value == 0) {
    return fail(fmt::format("bad graph item {}: vertices are numbered from 1", quoted(piece)));
  }
  return value;
}

}  // namespace

std::string NodeKayles::summary() const {
  return "remove a vertex of a graph together with all its neighbours";
}

Result<std::vector<ParsedComponent>> NodeKayles::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail(fmt::format("no graph given: {}", kItemHelp));
  std::map<std::uint64_t, std::size_t> first_seen;  // label → first item naming it
  std::set<std::pair<std::uint64_t, std::uint64_t>> edges;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string_view item = items[i];
    for (std::size_t start = 0; start <= item.size();) {
      const std::size_t comma = std::min(item.find(',', start), item.size());
      const std::string_view piece = item.substr(start, comma - start);
      start = comma + 1;
      if (piece.empty()) {
        if (item.empty()) return fail(fmt::format("empty graph: {}", kItemHelp));
        return fail(fmt::format("empty graph item in {}: {}", quoted(item), kItemHelp));
      }
      const std::size_t dash = piece.find('-');
      auto a = parse_label(piece.substr(0, dash), piece);
      if (!a) return Error{a.error()};
      first_seen.try_emplace(*a, i);
      if (dash == std::string_view::npos) continue;
      auto b = parse_label(piece.substr(dash + 1), piece);
      if (!b) return Error{b.error()};
      if (*a == *b) {
        return fail(
            fmt::format("bad graph item {}: an edge joins two different vertices", quoted(piece)));
      }
      first_seen.try_emplace(*b, i);
      edges.emplace(std::min(*a, *b), std::max(*a, *b));
    }
    if (first_seen.size() > kMaxVertices) {
      return fail(fmt::format("graph has more than {} vertices", kMaxVertices));
    }
  }
  std::vector<std::uint64_t> labels;
  std::map<std::uint64_t, std::uint32_t> index;
  for (const auto& [label, item] : first_seen) {
    index.emplace(label, static_cast<std::uint32_t>(labels.size()));
    labels.push_back(label);
  }
  // Labels and indices are in the same order, so the edges stay in increasing order.
  std::vector<Edge> numbered;
  for (const auto& [a, b] : edges) numbered.emplace_back(index[a], index[b]);
  const Graph g = make_graph(std::move(labels), numbered);
  std::vector<ParsedComponent> out;
  for (const Graph& part : components(g, std::vector<bool>(g.size(), false))) {
    std::size_t first = items.size();
    for (std::uint64_t label : part.labels) first = std::min(first, first_seen[label]);
    out.push_back(ParsedComponent{encode(part), first});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& x, const auto& y) { return x.first_item < y.first_item; });
  return out;
}

std::vector<std::string> NodeKayles::format_state(const State& state) const {
  const Graph g = decode(state);
  std::vector<std::string> items;
  if (g.adjacent.empty()) {
    for (std::uint64_t label : g.labels) items.push_back(std::to_string(label));
  }
  for (const auto& [a, b] : edges_of(g)) {
    items.push_back(fmt::format("{}-{}", g.labels[a], g.labels[b]));
  }
  return items;
}

std::string NodeKayles::label(const State& state, std::size_t /*first_item*/) const {
  std::vector<std::string> items = format_state(state);
  constexpr std::size_t kShown = 8;
  if (items.size() <= kShown) return fmt::format("graph {}", fmt::join(items, ","));
  const std::size_t total = items.size();
  items.resize(kShown - 2);
  return fmt::format("graph {},... ({} edges)", fmt::join(items, ","), total);
}

std::vector<ViewField> NodeKayles::view_fields(const State& state) const {
  const Graph g = decode(state);
  ViewField edges{"edges", {}};
  for (const auto& [a, b] : edges_of(g)) {
    edges.values.insert(edges.values.end(), {g.labels[a], g.labels[b]});
  }
  return {ViewField{"vertices", g.labels}, edges};
}

std::vector<ViewField> NodeKayles::move_fields(const State& before, const Option& option,
                                               std::size_t /*first_item*/) const {
  const Graph g = decode(before);
  return {ViewField{"vertex", {g.labels[removed_by(g, option).first]}, true}};
}

std::string NodeKayles::describe_move(const State& before, const Option& option,
                                      std::size_t /*first_item*/) const {
  const Graph g = decode(before);
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
  const Graph g = decode(before);
  return std::to_string(g.labels[removed_by(g, option).first]);
}

std::string NodeKayles::move_syntax() const {
  return "Moves: VERTEX removes that vertex and its neighbours, e.g. \"3\" (or \"v3\").\n";
}

Result<std::vector<Option>> NodeKayles::parse_move(const State& state, std::string_view text,
                                                   std::size_t /*first_item*/,
                                                   std::size_t /*items*/, bool /*partial*/,
                                                   const Limits& /*limits*/) const {
  std::string_view number = text;
  if (!number.empty() && (number.front() == 'v' || number.front() == 'V')) number.remove_prefix(1);
  if (number.empty() || number.size() > 10 ||
      number.find_first_not_of("0123456789") != std::string_view::npos) {
    return fail(fmt::format("move {} is not a vertex: type the vertex to remove, e.g. \"3\"",
                            quoted(text)));
  }
  const std::uint64_t label = std::stoull(std::string(number));
  if (label == 0) return fail("no vertex 0: vertices are numbered from 1");
  const Graph g = decode(state);
  const auto it = std::lower_bound(g.labels.begin(), g.labels.end(), label);
  if (it == g.labels.end() || *it != label) return std::vector<Option>{};
  const auto v = static_cast<std::uint32_t>(it - g.labels.begin());
  return std::vector<Option>{make_option(remove(g, v))};
}

Count NodeKayles::count_options(const State& state) const { return decoded(state).movers.size(); }

Option NodeKayles::option(const State& state, Count index) const {
  const Decoded& d = decoded(state);
  return make_option(remove(d.graph, d.movers.at(static_cast<std::size_t>(index))));
}

Result<Nimber> NodeKayles::grundy(const Graph& g, const Limits& limits,
                                  std::uint64_t& added) const {
  if (g.size() <= 1) return Nimber{g.size()};
  // The graph numbered in label order, labels dropped: subgraphs of one graph often share it (the
  // subpaths of a path), and it costs far less than a canonical labelling of a large graph.
  State shape = encode(g);
  shape.erase(shape.begin() + 1, shape.begin() + 1 + static_cast<std::ptrdiff_t>(g.size()));
  {
    std::lock_guard lock(mutex_);
    if (auto it = shapes_.find(shape); it != shapes_.end()) return it->second;
  }
  State key = canonical_form(g);
  {
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(key); it != cache_.end()) {
      const Nimber known = it->second;
      remember(std::move(shape), std::move(key), known);
      return known;
    }
  }
  if (++added > limits.max_nodes) {
    return fail(fmt::format("graph too large to evaluate: more than the node limit of {} positions",
                            limits.max_nodes));
  }
  std::vector<Nimber> seen;
  for (std::uint32_t v : movers(g)) {
    // A step per vertex: building what a move leaves, and labelling it, grows with the graph.
    if (!limits.charge(g.size())) return fail(limits.stopped());
    Nimber total = 0;
    for (const Graph& part : remove(g, v)) {
      auto value = grundy(part, limits, added);
      if (!value) return value;
      total ^= *value;
    }
    seen.push_back(total);
  }
  const Nimber result = mex(seen);
  std::lock_guard lock(mutex_);
  remember(std::move(shape), std::move(key), result);
  return result;
}

void NodeKayles::remember(State shape, State key, Nimber value) const {
  if (cache_.size() >= kMaxCached || shapes_.size() >= kMaxCached) {
    cache_.clear();
    shapes_.clear();
  }
  shapes_.emplace(std::move(shape), value);
  cache_.emplace(std::move(key), value);
}

Result<Nimber> NodeKayles::value(const State& state, const Limits& limits) const {
  std::uint64_t added = 0;
  return grundy(decode(state), limits, added);
}

State NodeKayles::canonical(const State& state) const {
  return canonical_form(decoded(state).graph);
}

Count NodeKayles::weight(const State& state) const { return state.at(0); }

}  // namespace nimkit
