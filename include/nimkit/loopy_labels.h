// LoopyLabels: the generalized Sprague-Grundy values (loopy_value.h) of every vertex of a finite
// directed graph at once, with their counters: the one engine for games whose positions are the
// vertices of a graph that may have cycles (a token on a drawn digraph).
//
// The labelling algorithm (Smith; Fraenkel and Yesha), iterative, with no recursion:
//  1. The vertices that cannot reach a cycle first, in reverse topological order: each gets the
//     mex of its followers' values, as in a game without cycles (linear in the graph). A graph
//     without cycles is done here, with the values and cost of an acyclic graph.
//  2. The rest in rounds m = 0, 1, 2, ...: the candidates are the vertices not yet labelled that
//     have followers of every value below m. A candidate is labelled m when none of its followers
//     has value m and each follower not of a value below m has a follower labelled m — found by
//     propagation from the vertices labelled m, in the order of a retrograde analysis of u + *m.
//     A candidate without a follower of value m can never have a finite value: it is ∞. A round
//     costs a step per candidate and per arrow into the vertices it labels or marks (each
//     vertex's count of followers not yet labelled is kept across rounds); a vertex of value m
//     needs m followers of other values, so a graph of E arrows has at most about sqrt(2E)
//     rounds.
// A vertex's counter is the order in which it was labelled: every follower of a larger or infinite
// value of a vertex u labelled m has a follower labelled m before u (condition B of Fraenkel and
// Yesha), which is what makes a win finite.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "nimkit/limits.h"
#include "nimkit/loopy_value.h"
#include "nimkit/result.h"

namespace nimkit {

struct LoopyLabels {
  static constexpr std::uint32_t kInfinite = ~std::uint32_t{0};
  // Per vertex: its finite value, or kInfinite.
  std::vector<std::uint32_t> value;
  // Per vertex: the order in which it was labelled (finite values; 0 for infinite ones).
  std::vector<std::uint32_t> counter;
  // Per vertex: whether a cycle can be reached from it, so play from it may repeat.
  std::vector<bool> can_repeat;
  // The rounds of step 2 (0 for a graph without cycles).
  std::uint32_t rounds = 0;
};

// The labels of the graph of `first.size() - 1` vertices whose arrows out of vertex v are
// targets[first[v]] ... targets[first[v + 1] - 1] (CSR form; arrows may repeat). Charges the meter
// of `limits` a step per vertex and arrow visited, failing naming the limit when it stops.
Result<LoopyLabels> label_loopy_graph(std::span<const std::uint32_t> first,
                                      std::span<const std::uint32_t> targets, const Limits& limits);

// The value of vertex v as a LoopyValue: n, or ∞(K) with K the finite values of its followers.
LoopyValue loopy_value_of(const LoopyLabels& labels, std::span<const std::uint32_t> first,
                          std::span<const std::uint32_t> targets, std::uint32_t v);

}  // namespace nimkit
