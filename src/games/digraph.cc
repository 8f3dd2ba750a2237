#include "nimkit/games/digraph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

#include "nimkit/loopy_labels.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

constexpr std::string_view kItemHelp = "expected an arrow \"a>b\" or a token \"@a\"";

// A graph with its vertices numbered in shortlex order of their names; the arrows out of v, in
// increasing order, are targets[first[v]] ... targets[first[v + 1] - 1].
struct Graph {
  std::vector<std::string> names;
  std::vector<std::uint32_t> first{0};
  std::vector<std::uint32_t> targets;

  std::size_t size() const { return names.size(); }
  std::span<const std::uint32_t> out(std::uint32_t v) const {
    return std::span<const std::uint32_t>(targets).subspan(first[v], first[v + 1] - first[v]);
  }
  std::optional<std::uint32_t> index_of(std::string_view name) const;
};

bool shortlex_less(std::string_view a, std::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

std::optional<std::uint32_t> Graph::index_of(std::string_view name) const {
  const auto it = std::lower_bound(names.begin(), names.end(), name, shortlex_less);
  if (it == names.end() || *it != name) return std::nullopt;
  return static_cast<std::uint32_t>(it - names.begin());
}

bool is_name(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

Result<std::string_view> check_name(std::string_view name, std::string_view piece) {
  if (!is_name(name)) {
    return fail(fmt::format("bad digraph item {}: {} (vertex names are letters, digits and _)",
                            quoted(piece), kItemHelp));
  }
  if (name.size() > Digraph::kMaxName) {
    return fail(fmt::format("vertex name {} is longer than {} characters", quoted(name),
                            Digraph::kMaxName));
  }
  return name;
}

// Each vertex's layer for the view: in a graph without cycles the longest path to it from a
// vertex with no arrow in, so that every arrow goes down a layer or more. The vertices after a
// cycle are placed breadth first, one layer below the first placed vertex with an arrow to them
// (from a vertex of a cycle no placed vertex enters), so that only arrows closing a cycle go up.
// Iterative, linear in the graph.
std::vector<std::uint64_t> layers(const Graph& g) {
  const auto n = static_cast<std::uint32_t>(g.size());
  std::vector<std::uint32_t> in(n, 0);
  for (std::uint32_t w : g.targets) ++in[w];
  std::vector<std::uint64_t> depth(n, 0);
  std::vector<bool> placed(n, false);
  std::vector<std::uint32_t> order;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (in[v] == 0) order.push_back(v);
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint32_t v = order[k];
    placed[v] = true;
    for (std::uint32_t w : g.out(v)) {
      depth[w] = std::max(depth[w], depth[v] + 1);
      if (--in[w] == 0) order.push_back(w);
    }
  }
  if (order.size() == n) return depth;
  // The vertices left: those entered from a placed vertex first, then the cycles nothing enters.
  std::vector<std::uint32_t> queue;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::uint32_t seed = 0; seed < n; ++seed) {
      if (placed[seed] || (pass == 0 && depth[seed] == 0)) continue;
      placed[seed] = true;
      queue.assign(1, seed);
      for (std::size_t k = 0; k < queue.size(); ++k) {
        for (std::uint32_t w : g.out(queue[k])) {
          if (placed[w]) continue;
          placed[w] = true;
          depth[w] = std::max(depth[w], depth[queue[k]] + 1);
          queue.push_back(w);
        }
      }
    }
  }
  return depth;
}

// Vertices and arrows as a text gives them, numbered as first met.
class Builder {
 public:
  std::uint32_t vertex(std::string_view name) {
    auto [it, added] = ids_.try_emplace(std::string(name), static_cast<std::uint32_t>(ids_.size()));
    return it->second;
  }
  bool has(std::string_view name) const { return ids_.contains(std::string(name)); }
  Result<bool> arrow(std::string_view from, std::string_view to) {
    if (arrows_.size() >= Digraph::kMaxArrows) {
      return fail(fmt::format("digraph has more than {} arrows", Digraph::kMaxArrows));
    }
    arrows_.emplace_back(vertex(from), vertex(to));
    if (ids_.size() > Digraph::kMaxVertices) {
      return fail(fmt::format("digraph has more than {} vertices", Digraph::kMaxVertices));
    }
    return true;
  }
  bool empty() const { return arrows_.empty(); }
  // The graph in shortlex order.
  Graph build() const;

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arrows_;
};

Graph Builder::build() const {
  Graph g;
  g.names.resize(ids_.size());
  for (const auto& [name, id] : ids_) g.names[id] = name;
  std::vector<std::uint32_t> by_name(g.size());
  for (std::uint32_t k = 0; k < by_name.size(); ++k) by_name[k] = k;
  std::sort(by_name.begin(), by_name.end(), [&](std::uint32_t a, std::uint32_t b) {
    return shortlex_less(g.names[a], g.names[b]);
  });
  std::vector<std::uint32_t> index(g.size());
  std::vector<std::string> names(g.size());
  for (std::uint32_t k = 0; k < by_name.size(); ++k) {
    index[by_name[k]] = k;
    names[k] = std::move(g.names[by_name[k]]);
  }
  g.names = std::move(names);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arrows;
  arrows.reserve(arrows_.size());
  for (const auto& [a, b] : arrows_) arrows.emplace_back(index[a], index[b]);
  std::sort(arrows.begin(), arrows.end());
  arrows.erase(std::unique(arrows.begin(), arrows.end()), arrows.end());
  g.first.assign(g.size() + 1, 0);
  for (const auto& [a, b] : arrows) ++g.first[a + 1];
  for (std::size_t v = 0; v < g.size(); ++v) g.first[v + 1] += g.first[v];
  for (const auto& [a, b] : arrows) g.targets.push_back(b);
  return g;
}

// The words a state is made of: see digraph.h.
constexpr std::size_t kHeader = 3;

std::size_t names_at(const State& s) { return kHeader + s[0] + 1 + s[2]; }

State encode(const Graph& g, std::uint32_t token) {
  State s{g.size(), token, g.targets.size()};
  s.insert(s.end(), g.first.begin(), g.first.end());
  s.insert(s.end(), g.targets.begin(), g.targets.end());
  for (const std::string& name : g.names) {
    s.push_back(name.size());
    for (std::size_t at = 0; at < name.size(); at += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, name.data() + at, std::min<std::size_t>(8, name.size() - at));
      s.push_back(word);
    }
  }
  return s;
}

Graph decode(const State& s) {
  Graph g;
  const auto n = static_cast<std::size_t>(s[0]);
  g.first.assign(s.begin() + kHeader, s.begin() + static_cast<std::ptrdiff_t>(kHeader + n + 1));
  g.targets.assign(s.begin() + static_cast<std::ptrdiff_t>(kHeader + n + 1),
                   s.begin() + static_cast<std::ptrdiff_t>(names_at(s)));
  g.names.reserve(n);
  for (std::size_t at = names_at(s); g.names.size() < n;) {
    const auto length = static_cast<std::size_t>(s[at++]);
    std::string name(length, '\0');
    for (std::size_t k = 0; k < length; k += 8, ++at) {
      std::memcpy(name.data() + k, &s[at], std::min<std::size_t>(8, length - k));
    }
    g.names.push_back(std::move(name));
  }
  return g;
}

std::uint32_t token_of(const State& s) { return static_cast<std::uint32_t>(s[1]); }

// The arrows out of the token's vertex, read from the state without decoding it.
std::span<const std::uint64_t> token_arrows(const State& s) {
  const std::size_t first = kHeader + token_of(s);
  const std::size_t targets = kHeader + s[0] + 1;
  return std::span<const std::uint64_t>(s).subspan(targets + s[first], s[first + 1] - s[first]);
}

// A name as the state stores it: its length, then its bytes eight to a word.
std::vector<std::uint64_t> packed(std::string_view name) {
  std::vector<std::uint64_t> words{name.size()};
  for (std::size_t at = 0; at < name.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, name.data() + at, std::min<std::size_t>(8, name.size() - at));
    words.push_back(word);
  }
  return words;
}

// The vertices called `a` and `b` (-1 for a name no vertex has) and where the name of vertex
// `v` starts, from one scan of the names in the state comparing whole words, nothing copied:
// describing a move asks it of every other token's component.
struct Found {
  std::int64_t a = -1;
  std::int64_t b = -1;
  std::size_t v_at = 0;
};
Found find_vertices(const State& s, std::string_view a, std::string_view b, std::uint64_t v) {
  const std::vector<std::uint64_t> pa = packed(a);
  const std::vector<std::uint64_t> pb = packed(b);
  Found found;
  const auto is = [&](std::size_t at, const std::vector<std::uint64_t>& name) {
    return s[at] == name[0] && std::equal(name.begin() + 1, name.end(), s.begin() + at + 1);
  };
  for (std::size_t at = names_at(s), w = 0; w < s[0]; ++w) {
    if (found.a < 0 && is(at, pa)) found.a = static_cast<std::int64_t>(w);
    if (found.b < 0 && is(at, pb)) found.b = static_cast<std::int64_t>(w);
    if (w == v) found.v_at = at;
    if (found.a >= 0 && found.b >= 0 && w >= v) break;
    at += 1 + (static_cast<std::size_t>(s[at]) + 7) / 8;
  }
  return found;
}

// The name whose length word is s[at].
std::string name_at(const State& s, std::size_t at) {
  const auto length = static_cast<std::size_t>(s[at]);
  std::string name(length, '\0');
  for (std::size_t k = 0; k < length; k += 8) {
    std::memcpy(name.data() + k, &s[at + 1 + k / 8], std::min<std::size_t>(8, length - k));
  }
  return name;
}

// The name of vertex v, read from the state (a scan over the names before it).
std::string name_of(const State& s, std::uint64_t v) {
  std::size_t at = names_at(s);
  for (std::uint64_t k = 0; k < v; ++k) at += 1 + (s[at] + 7) / 8;
  return name_at(s, at);
}

std::vector<std::string> items_of(const Graph& g, std::uint32_t token) {
  std::vector<std::string> items;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    for (std::uint32_t w : g.out(v)) items.push_back(g.names[v] + '>' + g.names[w]);
  }
  const std::string at = "@" + g.names[token];
  if (items.empty()) return {at};
  items.back() += at;
  return items;
}

// The token's vertex before and after an option.
std::pair<std::uint32_t, std::uint32_t> slide(const State& before, const Option& option) {
  assert(option.result.size() == 1);
  return {token_of(before), token_of(option.result.front())};
}

// The graph's components from the pieces of one "...@T" group; each is a copy of the graph, and
// their words are taken from `words_left`.
Result<std::vector<State>> close_group(Builder& builder, std::string_view tokens,
                                       std::string_view piece, std::uint64_t& words_left) {
  std::vector<std::string_view> names;
  for (std::size_t start = 0; start <= tokens.size();) {
    const std::size_t at = std::min(tokens.find('@', start), tokens.size());
    auto name = check_name(tokens.substr(start, at - start), piece);
    if (!name) return name.failure();
    names.push_back(*name);
    start = at + 1;
  }
  const bool lone = builder.empty();
  for (std::string_view name : names) {
    if (lone) {
      builder.vertex(name);
    } else if (!builder.has(name)) {
      return fail(fmt::format("token on {}, a vertex no arrow of its digraph names", quoted(name)));
    }
  }
  const Graph graph = builder.build();
  std::vector<State> out;
  for (std::string_view name : names) {
    out.push_back(encode(graph, *graph.index_of(name)));
    // Checked before the copies are made: the first tells their size.
    if (out.size() == 1 && out.front().size() * names.size() > words_left) {
      return fail_limit(fmt::format(
          "{} tokens on a digraph of {} vertices would copy it {} times: more than the limit of "
          "{} words a position's digraphs may take",
          names.size(), graph.size(), names.size(), Digraph::kMaxPositionWords));
    }
  }
  words_left -= out.front().size() * names.size();
  return out;
}

}  // namespace

struct Digraph::Table {
  std::size_t hash = 0;
  State graph;  // the state with its token word zeroed
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> targets;
  LoopyLabels labels;

  CountedValue at(std::uint32_t v) const {
    return CountedValue{loopy_value_of(labels, first, targets, v), labels.counter[v],
                        labels.can_repeat[v]};
  }
};

std::string Digraph::summary() const {
  return "slide a token along an arrow of a directed graph, which may have cycles";
}

Result<std::vector<ParsedComponent>> Digraph::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail(fmt::format("no digraph given: {}", kItemHelp));
  std::vector<ParsedComponent> out;
  Builder builder;
  std::uint64_t words_left = kMaxPositionWords;
  std::size_t group_first = 0;
  std::string pending;  // the group's first piece, for the error of a group with no token
  for (const ListItem& listed : list_items(items)) {
    {
      const std::size_t i = listed.token;
      const std::string& piece = listed.text;
      if (piece.empty()) {
        return fail(fmt::format("empty digraph item in {}: {}", quoted(items[i]), kItemHelp));
      }
      if (builder.empty() && pending.empty()) group_first = i;
      const std::size_t at = piece.find('@');
      const std::string_view arrow = std::string_view(piece).substr(0, at);
      if (!arrow.empty()) {
        const std::size_t gt = arrow.find('>');
        if (gt == std::string_view::npos) {
          return fail(fmt::format("bad digraph item {}: {}", quoted(piece), kItemHelp));
        }
        auto from = check_name(arrow.substr(0, gt), piece);
        if (!from) return from.failure();
        auto to = check_name(arrow.substr(gt + 1), piece);
        if (!to) return to.failure();
        auto added = builder.arrow(*from, *to);
        if (!added) return added.failure();
        if (pending.empty()) pending = arrow;
      }
      if (at == std::string::npos) continue;
      auto states = close_group(builder, std::string_view(piece).substr(at + 1), piece, words_left);
      if (!states) return states.failure();
      for (State& s : *states) out.push_back(ParsedComponent{std::move(s), group_first});
      builder = Builder();
      pending.clear();
    }
  }
  if (!builder.empty()) {
    return fail(fmt::format("digraph {}... has no token: end it with @VERTEX, e.g. \"a>b@a\"",
                            quoted(pending)));
  }
  return out;
}

std::vector<std::string> Digraph::format_state(const State& state) const {
  return items_of(decode(state), token_of(state));
}

std::optional<std::vector<std::string>> Digraph::format_together(
    std::span<const State* const> states) const {
  // Two states hold one graph when every word but the token's (word 1) is equal.
  const auto same_graph = [](const State& a, const State& b) {
    return a.size() == b.size() && a[0] == b[0] &&
           std::equal(a.begin() + 2, a.end(), b.begin() + 2);
  };
  std::vector<std::string> items;
  for (std::size_t first = 0; first < states.size();) {
    const State& graph = *states[first];
    const Graph g = decode(graph);
    std::vector<std::string> group = items_of(g, token_of(graph));
    std::size_t last = first + 1;
    for (; last < states.size() && same_graph(*states[last], graph); ++last) {
      group.back() += "@" + g.names[token_of(*states[last])];
    }
    items.insert(items.end(), std::make_move_iterator(group.begin()),
                 std::make_move_iterator(group.end()));
    first = last;
  }
  return items;
}

std::string Digraph::label(const State& state, std::size_t /*first_item*/) const {
  constexpr std::size_t kShown = 6;
  if (state[2] <= kShown) return fmt::format("digraph {}", fmt::join(format_state(state), ","));
  return fmt::format("digraph of {} vertices, {} arrows, token on {}", state[0], state[2],
                     name_of(state, token_of(state)));
}

std::vector<ViewField> Digraph::view_fields(const State& state) const {
  const Graph g = decode(state);
  ViewField vertices{"vertices", {}};
  ViewField arrows{"arrows", {}};
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    vertices.values.push_back(v);
    for (std::uint32_t w : g.out(v)) arrows.values.insert(arrows.values.end(), {v, w});
  }
  return {vertices, arrows, ViewField{"depth", layers(g)},
          ViewField{"token", {token_of(state)}, true}};
}

std::vector<ViewField> Digraph::move_fields(const State& before, const Option& option,
                                            std::size_t /*first_item*/) const {
  const auto [from, to] = slide(before, option);
  return {ViewField{"from", {from}, true}, ViewField{"to", {to}, true}};
}

std::string Digraph::describe_move(const State& before, const Option& option,
                                   std::size_t /*first_item*/) const {
  const auto [from, to] = slide(before, option);
  return fmt::format("move the token from {} to {}", name_of(before, from), name_of(before, to));
}

std::string Digraph::format_move(const State& before, const Option& option,
                                 std::size_t /*first_item*/, const Limits& /*limits*/) const {
  return name_of(before, slide(before, option).second);
}

std::string Digraph::move_syntax() const {
  return "Moves: the vertex the token goes to, e.g. \"b\"; with several tokens that can go there,\n"
         "the arrow, e.g. \"a>b\".\n";
}

Result<std::vector<Option>> Digraph::parse_move(const State& state, std::string_view text,
                                                std::size_t /*first_item*/, std::size_t /*items*/,
                                                bool /*partial*/, const Limits& /*limits*/) const {
  const std::size_t gt = text.find('>');
  const std::string_view from = gt == std::string_view::npos ? "" : text.substr(0, gt);
  const std::string_view to = gt == std::string_view::npos ? text : text.substr(gt + 1);
  if (!is_name(to) || (gt != std::string_view::npos && !is_name(from))) {
    return fail(fmt::format(
        "move {} is not a vertex: type the vertex the token goes to, e.g. \"b\" (or \"a>b\")",
        quoted(text)));
  }
  const std::uint32_t token = token_of(state);
  const Found found = find_vertices(state, to, from.empty() ? to : from, token);
  if (!from.empty() && found.b != token) return std::vector<Option>{};
  if (found.a < 0) return std::vector<Option>{};
  for (std::uint64_t w : token_arrows(state)) {
    if (w != static_cast<std::uint64_t>(found.a)) continue;
    State after = state;
    after[1] = w;
    return std::vector<Option>{Option{{std::move(after)}}};
  }
  // A vertex of this graph the token cannot reach in one move: say so (another token on the same
  // graph may still claim the move).
  return fail(fmt::format("the token on {} has no arrow to {}", name_at(state, found.v_at), to));
}

Count Digraph::count_options(const State& state) const { return token_arrows(state).size(); }

Option Digraph::option(const State& state, Count index) const {
  State after = state;
  after[1] = token_arrows(state)[static_cast<std::size_t>(index)];
  return Option{{std::move(after)}};
}

struct Digraph::Tables {
  std::mutex mutex;
  std::vector<std::shared_ptr<const Table>> kept;  // under mutex, newest last
};

Digraph::Digraph()
    : Ruleset({.value_source = ValueSource::kComputed, .view = "digraph", .loopy = true}),
      tables_(std::make_unique<Tables>()) {}
Digraph::~Digraph() = default;

Result<std::shared_ptr<const Digraph::Table>> Digraph::table(const State& state,
                                                             const Limits& limits) const {
  State graph = state;
  graph[1] = 0;
  const std::size_t hash = StateHash{}(graph);
  {
    std::lock_guard lock(tables_->mutex);
    for (const auto& t : tables_->kept) {
      if (t->hash == hash && t->graph == graph) return t;
    }
  }
  const Graph g = decode(state);
  if (g.size() > limits.max_table) {
    return fail_limit(fmt::format("digraph of {} vertices is larger than the table limit of {}",
                                  g.size(), limits.max_table));
  }
  auto labels = label_loopy_graph(g.first, g.targets, limits);
  if (!labels) return labels.failure();
  auto t = std::make_shared<Table>();
  t->hash = hash;
  t->graph = std::move(graph);
  t->first = g.first;
  t->targets = g.targets;
  t->labels = std::move(*labels);
  std::lock_guard lock(tables_->mutex);
  if (tables_->kept.size() >= kMaxCachedGraphs) tables_->kept.erase(tables_->kept.begin());
  tables_->kept.push_back(t);
  return std::shared_ptr<const Table>(t);
}

Result<Nimber> Digraph::value(const State& state, const Limits& limits) const {
  auto t = table(state, limits);
  if (!t) return t.failure();
  const std::uint32_t g = (*t)->labels.value[token_of(state)];
  if (g == LoopyLabels::kInfinite) {
    return fail(
        ErrorKind::kUnsupported,
        fmt::format("the token on {} can be kept moving for ever: its value is {}, not a "
                    "Grundy value",
                    name_of(state, token_of(state)), to_string((*t)->at(token_of(state)).value)));
  }
  return Nimber{g};
}

Result<CountedValue> Digraph::loopy_value(const State& state, const Limits& limits) const {
  auto t = table(state, limits);
  if (!t) return t.failure();
  const std::uint32_t v = token_of(state);
  // An infinite value lists its followers' values.
  if (!limits.charge(1 + (*t)->first[v + 1] - (*t)->first[v])) return limits.stop_error();
  return (*t)->at(v);
}

Result<std::vector<CountedValue>> Digraph::loopy_option_values(const State& state,
                                                               const Limits& limits) const {
  auto t = table(state, limits);
  if (!t) return t.failure();
  const Table& table = **t;
  std::vector<CountedValue> values;
  for (std::uint64_t w : token_arrows(state)) {
    const auto v = static_cast<std::uint32_t>(w);
    if (!limits.charge(1 + table.first[v + 1] - table.first[v])) return limits.stop_error();
    values.push_back(table.at(v));
  }
  return values;
}

Count Digraph::weight(const State& state) const {
  const Graph g = decode(state);
  std::vector<bool> reached(g.size(), false);
  std::vector<std::uint32_t> stack{token_of(state)};
  reached[stack.back()] = true;
  Count count = 0;
  while (!stack.empty()) {
    const std::uint32_t v = stack.back();
    stack.pop_back();
    ++count;
    for (std::uint32_t w : g.out(v)) {
      if (!reached[w]) {
        reached[w] = true;
        stack.push_back(w);
      }
    }
  }
  return count;
}

std::uint64_t Digraph::move_cost(const State& state) const { return state.size(); }

Result<std::vector<Option>> Digraph::options_to_value(const State& state, Nimber target,
                                                      const Limits& limits) const {
  auto t = table(state, limits);
  if (!t) return t.failure();
  std::vector<Option> found;
  for (std::uint64_t w : token_arrows(state)) {
    if (!limits.charge()) return limits.stop_error();
    const std::uint32_t g = (*t)->labels.value[w];
    if (g == LoopyLabels::kInfinite || Nimber{g} != target) continue;
    if (!limits.charge(move_cost(state))) return limits.stop_error();
    State after = state;
    after[1] = w;
    found.push_back(Option{{std::move(after)}});
  }
  return found;
}

Result<std::vector<std::string>> digraph_game_file(std::string_view text,
                                                   std::span<const std::string> tokens) {
  Builder builder;
  std::vector<std::pair<std::string, std::size_t>> file_tokens;  // name, line
  const std::vector<std::string> lines = split(text, '\n');
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::size_t number = k + 1;
    std::string_view line = lines[k];
    line = trim(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const auto at_line = [&](const std::string& message) {
      return fail(fmt::format("line {}: {}", number, message));
    };
    if (line.front() == '@') {
      auto name = check_name(line.substr(1), line);
      if (!name) return at_line(name.error());
      file_tokens.emplace_back(std::string(*name), number);
      continue;
    }
    const std::size_t gt = line.find('>');
    if (gt == std::string_view::npos) {
      return at_line(fmt::format("bad line {}: {}", quoted(line), kItemHelp));
    }
    auto from = check_name(trim(line.substr(0, gt)), line);
    if (!from) return at_line(from.error());
    auto to = check_name(trim(line.substr(gt + 1)), line);
    if (!to) return at_line(to.error());
    auto added = builder.arrow(*from, *to);
    if (!added) return at_line(added.error());
  }
  const Graph graph = builder.build();
  if (tokens.empty() && file_tokens.empty()) {
    return fail("no token: add a line \"@VERTEX\" for each token (e.g. \"@a\")");
  }
  // One token holds the graph once and every token after it ("...@a@b"), so k tokens cost one
  // graph to write and to parse, not k.
  std::string out;
  const auto place = [&](const std::string& name, std::string where) -> Result<bool> {
    const auto v = graph.index_of(name);
    if (!v) {
      return fail(
          fmt::format("{}token on {}, a vertex no arrow names", std::move(where), quoted(name)));
    }
    if (out.empty()) {
      out = fmt::format("digraph:{}", fmt::join(items_of(graph, *v), ","));
    } else {
      out += "@" + graph.names[*v];
    }
    return true;
  };
  for (const std::string& name : tokens) {
    auto placed = place(name, "");
    if (!placed) return placed.failure();
  }
  if (tokens.empty()) {
    for (const auto& [name, number] : file_tokens) {
      auto placed = place(name, fmt::format("line {}: ", number));
      if (!placed) return placed.failure();
    }
  }
  return std::vector<std::string>{std::move(out)};
}

}  // namespace nimkit
