#include "nimkit/loopy_labels.h"

#include <algorithm>
#include <utility>

namespace nimkit {
namespace {

// The arrows into each vertex, in CSR form like the arrows out.
struct Reverse {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> sources;

  std::span<const std::uint32_t> in(std::uint32_t v) const {
    return std::span<const std::uint32_t>(sources).subspan(first[v], first[v + 1] - first[v]);
  }
};

Reverse reverse_of(std::span<const std::uint32_t> first, std::span<const std::uint32_t> targets) {
  const auto n = static_cast<std::uint32_t>(first.size() - 1);
  Reverse r;
  r.first.assign(n + 1, 0);
  for (std::uint32_t w : targets) ++r.first[w + 1];
  for (std::uint32_t v = 0; v < n; ++v) r.first[v + 1] += r.first[v];
  r.sources.resize(targets.size());
  std::vector<std::uint32_t> at(r.first.begin(), r.first.end() - 1);
  for (std::uint32_t v = 0; v < n; ++v) {
    for (std::uint32_t k = first[v]; k < first[v + 1]; ++k) r.sources[at[targets[k]]++] = v;
  }
  return r;
}

enum class Mark : std::uint8_t { kSettled, kCandidate, kInfinite };

// Step 2 of the algorithm (loopy_labels.h), over the vertices step 1 left unlabelled.
class Rounds {
 public:
  Rounds(std::span<const std::uint32_t> first, std::span<const std::uint32_t> targets,
         const Reverse& reverse, LoopyLabels& labels, std::uint32_t next_counter)
      : first_(first),
        targets_(targets),
        reverse_(reverse),
        labels_(labels),
        next_counter_(next_counter),
        state_(first.size() - 1, Mark::kSettled),
        unsettled_(first.size() - 1, 0),
        pending_(first.size() - 1, 0),
        marked_(first.size() - 1, false),
        queued_(first.size() - 1, false) {}

  Result<bool> run(const Limits& limits) {
    const auto n = static_cast<std::uint32_t>(first_.size() - 1);
    std::vector<std::uint32_t> candidates;
    for (std::uint32_t v = 0; v < n; ++v) {
      if (labels_.can_repeat[v]) {
        state_[v] = Mark::kCandidate;
        candidates.push_back(v);
      }
    }
    // Step 1 settled every follower it labelled: count the others once, and keep the count as
    // vertices are labelled, so that a round starts in time linear in its candidates.
    for (std::uint32_t v : candidates) {
      for (std::uint32_t k = first_[v]; k < first_[v + 1]; ++k) {
        unsettled_[v] += state_[targets_[k]] != Mark::kSettled ? 1 : 0;
      }
      work_ += 1 + first_[v + 1] - first_[v];
    }
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> frontier = frontier_by_value();
    std::size_t next_frontier = 0;
    for (std::uint32_t m = 0; !candidates.empty(); ++m) {
      for (std::uint32_t u : candidates) pending_[u] = unsettled_[u];
      work_ += candidates.size();
      // The vertices of step 1 of value m are labelled m as much as this round's own.
      for (; next_frontier < frontier.size() && frontier[next_frontier].first == m;
           ++next_frontier) {
        mark_predecessors(frontier[next_frontier].second);
      }
      for (std::uint32_t u : candidates) {
        if (pending_[u] == 0) enqueue(u);
      }
      for (std::size_t i = 0; i < queue_.size(); ++i) {
        const std::uint32_t u = queue_[i];
        if (marked_[u]) continue;
        state_[u] = Mark::kSettled;
        labels_.value[u] = m;
        labels_.counter[u] = next_counter_++;
        for (std::uint32_t p : reverse_.in(u)) --unsettled_[p];
        mark_predecessors(u);
      }
      std::vector<std::uint32_t> next;
      for (std::uint32_t u : candidates) {
        if (state_[u] == Mark::kSettled) continue;
        if (marked_[u]) {
          next.push_back(u);
        } else {
          // No follower of value m: not m, and never more (u + *k would let the mover reach
          // u + *m, a draw at best), so never finite.
          state_[u] = Mark::kInfinite;
        }
      }
      for (std::uint32_t v : marked_list_) marked_[v] = false;
      for (std::uint32_t v : queue_) queued_[v] = false;
      marked_list_.clear();
      queue_.clear();
      candidates = std::move(next);
      labels_.rounds = m + 1;
      if (!limits.charge(work_)) return limits.stop_error();
      work_ = 0;
    }
    return true;
  }

 private:
  // The vertices of step 1 with an arrow in from a vertex of step 2, by increasing value.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> frontier_by_value() const {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> frontier;
    const auto n = static_cast<std::uint32_t>(first_.size() - 1);
    for (std::uint32_t w = 0; w < n; ++w) {
      if (labels_.can_repeat[w]) continue;
      const auto in = reverse_.in(w);
      if (std::any_of(in.begin(), in.end(), [&](std::uint32_t p) { return labels_.can_repeat[p]; }))
        frontier.emplace_back(labels_.value[w], w);
    }
    std::sort(frontier.begin(), frontier.end());
    return frontier;
  }

  void enqueue(std::uint32_t u) {
    if (queued_[u] || marked_[u]) return;
    queued_[u] = true;
    queue_.push_back(u);
  }

  // `u` is labelled m: each predecessor not settled now has a follower labelled m (u + *m... is
  // a win for the player to move from it), and each candidate all of whose unsettled followers
  // have one is labelled m next.
  void mark_predecessors(std::uint32_t u) {
    for (std::uint32_t p : reverse_.in(u)) {
      ++work_;
      if (state_[p] == Mark::kSettled || marked_[p]) continue;
      marked_[p] = true;
      marked_list_.push_back(p);
      for (std::uint32_t q : reverse_.in(p)) {
        ++work_;
        if (state_[q] != Mark::kCandidate) continue;
        if (--pending_[q] == 0) enqueue(q);
      }
    }
  }

  std::span<const std::uint32_t> first_;
  std::span<const std::uint32_t> targets_;
  const Reverse& reverse_;
  LoopyLabels& labels_;
  std::uint32_t next_counter_;
  std::vector<Mark> state_;
  std::vector<std::uint32_t> unsettled_;  // followers not labelled yet (a vertex of step 2's)
  std::vector<std::uint32_t> pending_;    // a candidate's unsettled followers not yet marked
  std::vector<bool> marked_;              // has a follower labelled m this round
  std::vector<bool> queued_;
  std::vector<std::uint32_t> marked_list_;
  std::vector<std::uint32_t> queue_;
  std::uint64_t work_ = 0;
};

}  // namespace

Result<LoopyLabels> label_loopy_graph(std::span<const std::uint32_t> first,
                                      std::span<const std::uint32_t> targets,
                                      const Limits& limits) {
  const auto n = static_cast<std::uint32_t>(first.size() - 1);
  if (!limits.charge(std::uint64_t{n} + targets.size())) return limits.stop_error();
  LoopyLabels labels;
  labels.value.assign(n, LoopyLabels::kInfinite);
  labels.counter.assign(n, 0);
  labels.can_repeat.assign(n, true);
  const Reverse reverse = reverse_of(first, targets);
  // Step 1: a vertex is labelled once every follower is (Kahn's order on the reversed graph).
  std::vector<std::uint32_t> left(n);
  std::vector<std::uint32_t> ready;
  for (std::uint32_t v = 0; v < n; ++v) {
    left[v] = first[v + 1] - first[v];
    if (left[v] == 0) ready.push_back(v);
  }
  std::vector<std::uint32_t> seen(n + 1, 0);  // seen[g] == v + 1: a follower of v has value g
  std::uint32_t counter = 0;
  for (std::size_t i = 0; i < ready.size(); ++i) {
    const std::uint32_t v = ready[i];
    const std::uint32_t degree = first[v + 1] - first[v];
    for (std::uint32_t k = first[v]; k < first[v + 1]; ++k) {
      const std::uint32_t g = labels.value[targets[k]];
      if (g <= degree) seen[g] = v + 1;
    }
    std::uint32_t mex = 0;
    while (seen[mex] == v + 1) ++mex;
    labels.value[v] = mex;
    labels.counter[v] = counter++;
    labels.can_repeat[v] = false;
    for (std::uint32_t p : reverse.in(v)) {
      if (--left[p] == 0) ready.push_back(p);
    }
  }
  if (ready.size() == n) return labels;
  // Step 2: every vertex left reaches a cycle.
  Rounds rounds(first, targets, reverse, labels, counter);
  auto done = rounds.run(limits);
  if (!done) return done.failure();
  return labels;
}

LoopyValue loopy_value_of(const LoopyLabels& labels, std::span<const std::uint32_t> first,
                          std::span<const std::uint32_t> targets, std::uint32_t v) {
  if (labels.value[v] != LoopyLabels::kInfinite) return LoopyValue::finite(labels.value[v]);
  std::vector<Nimber> reached;
  for (std::uint32_t k = first[v]; k < first[v + 1]; ++k) {
    const std::uint32_t g = labels.value[targets[k]];
    if (g != LoopyLabels::kInfinite) reached.push_back(g);
  }
  return LoopyValue::infinite(std::move(reached));
}

}  // namespace nimkit
