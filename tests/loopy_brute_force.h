// An independent retrograde analysis of loopy games for the tests: graphs as adjacency lists, sums
// of games as the product of their graphs (a move moves one part), the outcome of every position
// of a graph by retrograde analysis from the positions with no move, and Smith's generalized value
// of a vertex u by its characterization, not by the library's labelling: γ(u) = m exactly when
// u + *m is a loss for the player to move. Nothing here calls the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loopy_test {

struct Graph {
  std::vector<std::vector<std::size_t>> out;
  std::size_t size() const { return out.size(); }
};

// P: the player to move loses in finitely many moves; N: wins in finitely many; D: neither.
enum class Outcome { kP, kN, kD };

// The outcome of every vertex: a vertex with no move is P; a vertex with a move to a P vertex is
// N; a vertex all of whose moves go to N vertices is P; what this never decides is D.
inline std::vector<Outcome> retrograde(const Graph& g) {
  const std::size_t n = g.size();
  std::vector<std::vector<std::size_t>> in(n);
  for (std::size_t v = 0; v < n; ++v) {
    for (std::size_t w : g.out[v]) in[w].push_back(v);
  }
  std::vector<Outcome> outcome(n, Outcome::kD);
  std::vector<std::size_t> undecided(n);
  std::vector<std::size_t> queue;
  for (std::size_t v = 0; v < n; ++v) {
    undecided[v] = g.out[v].size();
    if (undecided[v] == 0) {
      outcome[v] = Outcome::kP;
      queue.push_back(v);
    }
  }
  for (std::size_t k = 0; k < queue.size(); ++k) {
    const std::size_t w = queue[k];
    for (std::size_t v : in[w]) {
      if (outcome[v] != Outcome::kD) continue;
      if (outcome[w] == Outcome::kP) {
        outcome[v] = Outcome::kN;
        queue.push_back(v);
      } else if (--undecided[v] == 0) {
        outcome[v] = Outcome::kP;
        queue.push_back(v);
      }
    }
  }
  return outcome;
}

// A Nim heap of `size` as a graph: vertex h moves to every smaller one.
inline Graph nim_heap(std::size_t size) {
  Graph g;
  g.out.resize(size + 1);
  for (std::size_t h = 0; h <= size; ++h) {
    for (std::size_t k = 0; k < h; ++k) g.out[h].push_back(k);
  }
  return g;
}

// The sum of `parts`: a vertex is a tuple (v_0, ..., v_k-1), numbered in mixed radix with v_0
// varying fastest; a move moves one part along one of its arrows.
inline Graph sum_of(const std::vector<const Graph*>& parts) {
  std::size_t total = 1;
  for (const Graph* p : parts) total *= p->size();
  Graph g;
  g.out.resize(total);
  for (std::size_t index = 0; index < total; ++index) {
    std::size_t rest = index;
    std::size_t place = 1;
    for (const Graph* p : parts) {
      const std::size_t v = rest % p->size();
      rest /= p->size();
      for (std::size_t w : p->out[v]) g.out[index].push_back(index - v * place + w * place);
      place *= p->size();
    }
  }
  return g;
}

// The index in sum_of(parts) of the tuple `at`.
inline std::size_t index_of(const std::vector<const Graph*>& parts,
                            const std::vector<std::size_t>& at) {
  std::size_t index = 0;
  std::size_t place = 1;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    index += at[i] * place;
    place *= parts[i]->size();
  }
  return index;
}

// The generalized value of every vertex: m when u + *m is P (m at most u's number of moves, as
// γ(u) = m needs options of every smaller value), -1 for an infinite value.
inline std::vector<std::int64_t> gamma(const Graph& g) {
  std::size_t most = 0;
  for (const auto& out : g.out) most = std::max(most, out.size());
  std::vector<std::int64_t> value(g.size(), -1);
  for (std::size_t m = 0; m <= most; ++m) {
    const Graph heap = nim_heap(m);
    const std::vector<const Graph*> parts{&g, &heap};
    const std::vector<Outcome> outcome = retrograde(sum_of(parts));
    for (std::size_t u = 0; u < g.size(); ++u) {
      if (outcome[index_of(parts, {u, m})] == Outcome::kP) value[u] = static_cast<std::int64_t>(m);
    }
  }
  return value;
}

}  // namespace loopy_test
