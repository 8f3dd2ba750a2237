#include "graph.h"

#include <fmt/format.h>
#include <nauty.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include "nimkit/games/graph_game.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit::detail {
namespace {

constexpr std::string_view kItemHelp = "expected a vertex \"3\" or an edge \"1-2\"";

Result<std::uint64_t> parse_label(std::string_view text, std::string_view piece) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return fail(fmt::format("bad graph item {}: {}", quoted(piece), kItemHelp));
  }
  std::uint64_t value = 0;
  for (char c : text) {
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    if (value > kMaxGraphLabel) {
      return fail(fmt::format("bad graph item {}: vertices are numbered up to {}", quoted(piece),
                              kMaxGraphLabel));
    }
  }
  if (value == 0) {
    return fail(fmt::format("bad graph item {}: vertices are numbered from 1", quoted(piece)));
  }
  return value;
}

}  // namespace

std::uint32_t Graph::index_of(std::uint64_t label) const {
  const auto it = std::lower_bound(labels.begin(), labels.end(), label);
  if (it == labels.end() || *it != label) return static_cast<std::uint32_t>(size());
  return static_cast<std::uint32_t>(it - labels.begin());
}

bool Graph::has_edge(std::uint32_t a, std::uint32_t b) const {
  const auto around = neighbours(a);
  return std::binary_search(around.begin(), around.end(), b);
}

Graph make_graph(std::vector<std::uint64_t> labels, const std::vector<GraphEdge>& edges) {
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

std::vector<GraphEdge> edges_of(const Graph& g) {
  std::vector<GraphEdge> edges;
  for (std::uint32_t a = 0; a < g.size(); ++a) {
    for (std::uint32_t b : g.neighbours(a)) {
      if (a < b) edges.emplace_back(a, b);
    }
  }
  return edges;
}

Graph decode_graph(const State& state) {
  const auto n = static_cast<std::size_t>(state.at(0));
  std::vector<GraphEdge> edges;
  edges.reserve((state.size() - 1 - n) / 2);
  for (std::size_t k = 1 + n; k + 1 < state.size(); k += 2) {
    edges.emplace_back(static_cast<std::uint32_t>(state[k]),
                       static_cast<std::uint32_t>(state[k + 1]));
  }
  return make_graph(std::vector<std::uint64_t>(state.begin() + 1,
                                               state.begin() + 1 + static_cast<std::ptrdiff_t>(n)),
                    edges);
}

State encode_graph(const Graph& g) {
  State state{g.size()};
  state.reserve(1 + g.size() + g.adjacent.size());
  state.insert(state.end(), g.labels.begin(), g.labels.end());
  for (const auto& [a, b] : edges_of(g)) state.insert(state.end(), {a, b});
  return state;
}

std::vector<Graph> graph_components(const Graph& g, std::vector<bool> gone) {
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
    std::vector<GraphEdge> edges;
    for (std::uint32_t k = 0; k < members.size(); ++k) {
      for (std::uint32_t w : g.neighbours(members[k])) {
        if (!removed[w] && members[k] < w) edges.emplace_back(k, index[w]);
      }
    }
    parts.push_back(make_graph(std::move(labels), edges));
  }
  return parts;
}

namespace {

// Frees the work space nauty keeps in thread-local storage when the thread ends (a server
// worker, say), which would otherwise be lost.
struct NautyWorkSpace {
  NautyWorkSpace() = default;
  NautyWorkSpace(const NautyWorkSpace&) = delete;
  NautyWorkSpace& operator=(const NautyWorkSpace&) = delete;
  ~NautyWorkSpace() {
    nauty_freedyn();
    nautil_freedyn();
    naugraph_freedyn();
  }
};

}  // namespace

State canonical_form(const Graph& g) {
  thread_local NautyWorkSpace work_space;
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

std::span<const std::uint64_t> state_labels(const State& state) {
  return std::span<const std::uint64_t>(state).subspan(1, static_cast<std::size_t>(state.at(0)));
}

std::vector<std::uint32_t> vertices_gone(const Graph& g, const Option& option) {
  std::set<std::uint64_t> left;
  for (const State& part : option.result) {
    const auto labels = state_labels(part);
    left.insert(labels.begin(), labels.end());
  }
  std::vector<std::uint32_t> gone;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    if (!left.contains(g.labels[v])) gone.push_back(v);
  }
  return gone;
}

Result<std::vector<ParsedComponent>> parse_graph(std::span<const std::string> items) {
  if (items.empty()) return fail(fmt::format("no graph given: {}", kItemHelp));
  std::map<std::uint64_t, std::size_t> first_seen;  // label → first item naming it
  std::set<std::pair<std::uint64_t, std::uint64_t>> edges;
  for (const ListItem& listed : list_items(items)) {
    const std::size_t i = listed.token;
    const std::string_view item = items[i];
    const std::string_view piece = listed.text;
    if (piece.empty()) {
      if (trim(item).empty()) return fail(fmt::format("empty graph: {}", kItemHelp));
      return fail(fmt::format("empty graph item in {}: {}", quoted(item), kItemHelp));
    }
    const std::size_t dash = piece.find('-');
    auto a = parse_label(piece.substr(0, dash), piece);
    if (!a) return a.failure();
    first_seen.try_emplace(*a, i);
    if (dash != std::string_view::npos) {
      auto b = parse_label(piece.substr(dash + 1), piece);
      if (!b) return b.failure();
      if (*a == *b) {
        return fail(
            fmt::format("bad graph item {}: an edge joins two different vertices", quoted(piece)));
      }
      first_seen.try_emplace(*b, i);
      edges.emplace(std::min(*a, *b), std::max(*a, *b));
    }
    if (first_seen.size() > kMaxGraphVertices) {
      return fail(fmt::format("graph has more than {} vertices", kMaxGraphVertices));
    }
  }
  std::vector<std::uint64_t> labels;
  std::map<std::uint64_t, std::uint32_t> index;
  for (const auto& [label, item] : first_seen) {
    index.emplace(label, static_cast<std::uint32_t>(labels.size()));
    labels.push_back(label);
  }
  // Labels and indices are in the same order, so the edges stay in increasing order.
  std::vector<GraphEdge> numbered;
  for (const auto& [a, b] : edges) numbered.emplace_back(index[a], index[b]);
  const Graph g = make_graph(std::move(labels), numbered);
  std::vector<ParsedComponent> out;
  for (const Graph& part : graph_components(g, std::vector<bool>(g.size(), false))) {
    std::size_t first = items.size();
    for (std::uint64_t label : part.labels) first = std::min(first, first_seen[label]);
    out.push_back(ParsedComponent{encode_graph(part), first});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& x, const auto& y) { return x.first_item < y.first_item; });
  return out;
}

std::vector<std::string> format_graph(const State& state) {
  return format_graph(decode_graph(state));
}

std::vector<std::string> format_graph(const Graph& g) {
  std::vector<std::string> items;
  if (g.adjacent.empty()) {
    for (std::uint64_t label : g.labels) items.push_back(std::to_string(label));
  }
  for (const auto& [a, b] : edges_of(g)) {
    items.push_back(fmt::format("{}-{}", g.labels[a], g.labels[b]));
  }
  return items;
}

std::string graph_label(const State& state) {
  std::vector<std::string> items = format_graph(state);
  constexpr std::size_t kShown = 8;
  if (items.size() <= kShown) return fmt::format("graph {}", fmt::join(items, ","));
  const std::size_t total = items.size();
  items.resize(kShown - 2);
  return fmt::format("graph {},... ({} edges)", fmt::join(items, ","), total);
}

std::vector<ViewField> graph_view_fields(const State& state) {
  const Graph g = decode_graph(state);
  ViewField edges{"edges", {}};
  for (const auto& [a, b] : edges_of(g)) {
    edges.values.insert(edges.values.end(), {g.labels[a], g.labels[b]});
  }
  return {ViewField{"vertices", g.labels}, edges};
}

}  // namespace nimkit::detail

namespace nimkit {

Result<std::vector<ParsedComponent>> GraphGame::parse_components(
    std::span<const std::string> items) const {
  return detail::parse_graph(items);
}

std::vector<std::string> GraphGame::format_state(const State& state) const {
  return detail::format_graph(state);
}

std::optional<std::vector<std::string>> GraphGame::format_together(
    std::span<const State* const> states) const {
  std::set<std::uint64_t> names;
  std::vector<std::string> items;
  for (const State* state : states) {
    const detail::Graph g = detail::decode_graph(*state);
    for (std::uint64_t label : g.labels) {
      if (!names.insert(label).second) return std::nullopt;
    }
    std::vector<std::string> own = detail::format_graph(g);
    items.insert(items.end(), std::make_move_iterator(own.begin()),
                 std::make_move_iterator(own.end()));
  }
  return items;
}

std::string GraphGame::label(const State& state, std::size_t /*first_item*/) const {
  return detail::graph_label(state);
}

std::vector<ViewField> GraphGame::view_fields(const State& state) const {
  return detail::graph_view_fields(state);
}

struct GraphGame::Forms {
  std::mutex mutex;
  std::unordered_map<State, State, StateHash> by_shape;  // shape → canonical form
};

GraphGame::GraphGame()
    : Ruleset({.value_source = ValueSource::kComputed, .view = "graph"}),
      forms_(std::make_unique<Forms>()) {}
GraphGame::~GraphGame() = default;

Count GraphGame::weight(const State& state) const { return state.at(0); }

std::uint64_t GraphGame::move_cost(const State& state) const { return state.at(0); }

void GraphGame::append_canonical(const State& state, std::vector<std::uint64_t>& key) const {
  // The state is [n, n labels, adjacency]: without the labels it is the graph's shape.
  const auto n = static_cast<std::ptrdiff_t>(state.at(0));
  State shape(state.begin(), state.begin() + 1);
  shape.insert(shape.end(), state.begin() + 1 + n, state.end());
  {
    std::lock_guard lock(forms_->mutex);
    if (auto it = forms_->by_shape.find(shape); it != forms_->by_shape.end()) {
      key.insert(key.end(), it->second.begin(), it->second.end());
      return;
    }
  }
  State form = detail::canonical_form(detail::decode_graph(state));
  key.insert(key.end(), form.begin(), form.end());
  std::lock_guard lock(forms_->mutex);
  if (forms_->by_shape.size() >= kMaxForms) forms_->by_shape.clear();
  forms_->by_shape.emplace(std::move(shape), std::move(form));
}

}  // namespace nimkit
