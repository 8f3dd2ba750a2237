#include "closure.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>
#include <optional>

#include "../worker.h"
#include "nimkit/checked.h"
#include "option_sets.h"

namespace nimkit::detail {

std::vector<HeapPair> distinct_pairs(std::span<const HeapPair> pairs) {
  std::map<std::pair<QuotientElement, std::vector<QuotientElement>>, bool> seen;
  std::vector<HeapPair> out;
  for (const HeapPair& pair : pairs) {
    if (pair.options.empty()) continue;
    if (seen.emplace(std::make_pair(pair.phi, pair.options), true).second) out.push_back(pair);
  }
  return out;
}

namespace {

// A word of heaps reaching x (breadth first over the heaps), for a failure's witness.
std::vector<std::uint64_t> word_reaching(const Table& table, std::span<const HeapPair> pairs,
                                         QuotientElement x) {
  std::vector<std::int64_t> parent(table.order, -2);
  std::vector<std::uint64_t> via(table.order, 0);
  std::vector<QuotientElement> queue{0};
  parent[0] = -1;
  for (std::size_t i = 0; i < queue.size() && parent[x] == -2; ++i) {
    for (const HeapPair& pair : pairs) {
      const QuotientElement y = table.at(queue[i], pair.phi);
      if (parent[y] != -2) continue;
      parent[y] = queue[i];
      via[y] = pair.heap;
      queue.push_back(y);
    }
  }
  std::vector<std::uint64_t> word;
  for (std::int64_t y = parent[x] == -2 ? -1 : x; y > 0; y = parent[y]) word.push_back(via[y]);
  std::sort(word.begin(), word.end());
  return word;
}

}  // namespace

Verdict check_p(const Table& table, std::span<const HeapPair> pairs, const Limits& limits) {
  if (table.p[0]) return Verdict{false, {}, std::nullopt};
  for (QuotientElement x = 0; x < table.order; ++x) {
    if (!limits.charge(1 + pairs.size())) return Verdict{false, {}, limits.stop_error()};
    for (const HeapPair& pair : pairs) {
      if (!table.p[table.at(x, pair.phi)]) continue;
      for (QuotientElement t : pair.options) {
        if (!table.p[table.at(x, t)]) continue;
        std::vector<std::uint64_t> word = word_reaching(table, pairs, x);
        word.push_back(pair.heap);
        std::sort(word.begin(), word.end());
        return Verdict{false, std::move(word), std::nullopt};
      }
    }
  }
  return Verdict{true, {}, std::nullopt};
}

PairClosure::PairClosure(const Table& table)
    : table_(&table), p_mask_((table.order + 63) / 64, 0), minimal_(table.order) {
  for (QuotientElement x = 0; x < table.order; ++x) {
    if (table.p[x]) p_mask_[x / 64] |= std::uint64_t{1} << (x % 64);
  }
  states_.push_back(State{0, -1, 0, 0, true});
  list_bytes_ = SetArena::insert(minimal_[0], sets_.keep(WorkSet(table.order)));
}

std::uint64_t PairClosure::bytes() const {
  return saturating_add({sets_.bytes(), states_.capacity() * sizeof(State),
                         minimal_.size() * sizeof(minimal_[0]), list_bytes_,
                         p_mask_.capacity() * sizeof(std::uint64_t)});
}

std::vector<std::uint64_t> PairClosure::word_of(std::size_t state, std::uint64_t last) const {
  std::vector<std::uint64_t> word{last};
  for (std::int64_t s = static_cast<std::int64_t>(state); s > 0; s = states_[s].parent) {
    word.push_back(states_[s].heap);
  }
  std::sort(word.begin(), word.end());
  return word;
}

void PairClosure::child_of(std::uint32_t s, const HeapPair& pair, WorkSet& child) const {
  const Table& table = *table_;
  child.clear();
  const Table::Row row = table.row(pair.phi);
  sets_.for_each(s, [&](QuotientElement y) { child.insert(row[y]); });
  for (QuotientElement t : pair.options) child.insert(table.at(states_[s].x, t));
  child.sort();
}

namespace {

// States whose option sets are computed together (on two threads with a helper).
constexpr std::size_t kBatch = 32;

}  // namespace

Verdict PairClosure::close(std::span<const HeapPair> pairs, const Limits& limits,
                           std::size_t max_pairs, const PairsCallback& on_pairs, Worker* helper) {
  const Table& table = *table_;
  const auto all = static_cast<std::uint32_t>(pairs.size());
  std::vector<std::uint32_t> queue;
  for (std::uint32_t s = 0; s < states_.size(); ++s) {
    if (states_[s].alive && states_[s].done < all) queue.push_back(s);
  }
  // A batch: the next states of the queue, each with every heap it has still to apply. Their
  // children depend on nothing the batch changes (a state's set never changes), so they are
  // computed first, then kept one by one in queue order, as one thread would.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> items;  // (state, heap index)
  std::vector<WorkSet> children;
  for (std::size_t q = 0; q < queue.size();) {
    const std::size_t end = std::min(queue.size(), q + kBatch);
    items.clear();
    for (std::size_t i = q; i < end; ++i) {
      for (std::uint32_t g = states_[queue[i]].done; g < all; ++g) items.emplace_back(queue[i], g);
    }
    while (children.size() < items.size()) children.emplace_back(table.order);
    const auto compute = [&](std::size_t from, std::size_t to) {
      for (std::size_t i = from; i < to; ++i) {
        child_of(items[i].first, pairs[items[i].second], children[i]);
      }
    };
    const std::size_t half = helper != nullptr ? items.size() / 2 : items.size();
    if (helper != nullptr) helper->start([&] { compute(half, items.size()); });
    compute(0, half);
    if (helper != nullptr) helper->wait();
    for (std::size_t i = 0; i < items.size(); ++i) {
      const auto [s, g] = items[i];
      // A state is skipped when it is dead as its turn comes (the first of its items).
      if (g == states_[s].done && !states_[s].alive) {
        while (i + 1 < items.size() && items[i + 1].first == s) ++i;
        continue;
      }
      const HeapPair& pair = pairs[g];
      WorkSet& child = children[i];
      const QuotientElement x = table.at(states_[s].x, pair.phi);
      if (table.p[x] == child.meets(p_mask_)) {
        return Verdict{false, word_of(s, pair.heap), std::nullopt};
      }
      std::vector<SetKey>& list = minimal_[x];
      if (!limits.charge(1 + child.used().size() + list.size())) {
        return Verdict{false, {}, limits.stop_error()};
      }
      const SetKey probe = child.key();
      // Subsumed by a smaller set of the same class: nothing new.
      if (sets_.any_subset(list, child, probe)) continue;
      sets_.erase_supersets(list, child, probe,
                            [&](const SetKey& other) { states_[other.id].alive = false; });
      if (states_.size() >= max_pairs) {
        return Verdict{
            false,
            {},
            fail_limit(fmt::format("the verification passed its bound of {} pairs", max_pairs))};
      }
      // The table, this closure twice over (the computation tries a heap on a copy of the
      // closure it keeps) with what keeping this state adds, and the batch's sets.
      const std::uint64_t growth =
          sets_.bytes_keeping(child.used().size()) - sets_.bytes() +
          (states_.size() < states_.capacity() ? 0 : 2 * states_.capacity() * sizeof(State)) +
          (list.size() < list.capacity() ? 0 : 2 * list.capacity() * sizeof(SetKey));
      if (past_budget(limits,
                      saturating_add({table.bytes(), saturating_mul(2, bytes()), growth,
                                      children.size() * p_mask_.size() * sizeof(std::uint64_t)}))) {
        return Verdict{false,
                       {},
                       fail_limit(fmt::format("the verification's {} pairs passed {}",
                                              states_.size(), memory_budget_text(limits)))};
      }
      const auto id = static_cast<std::uint32_t>(states_.size());
      if (on_pairs && id % kPairsReported == 0) on_pairs(id);
      states_.push_back(State{x, s, pair.heap, 0, true});
      list_bytes_ += SetArena::insert(list, sets_.keep(child));
      queue.push_back(id);
    }
    for (std::size_t i = q; i < end; ++i) states_[queue[i]].done = all;
    q = end;
  }
  applied_ = pairs.size();
  return Verdict{true, {}, std::nullopt};
}

bool sum_before(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  return std::lexicographical_compare(a.rbegin(), a.rend(), b.rbegin(), b.rend());
}

namespace {

// The least sum of every element (in the marking's order), as a chain: element x is the least
// sum of its parent plus `count` heaps of one pair, 12 bytes an element where the sums
// themselves would take their length.
class LeastSums {
 public:
  LeastSums(const Table& table, std::span<const HeapPair> pairs)
      : pairs_(pairs), links_(table.order, Link{0, 0, 0}) {
    std::vector<QuotientElement> listed{0};
    std::vector<QuotientElement> before;
    std::vector<QuotientElement> power;
    for (std::uint32_t k = 0; k < pairs.size(); ++k) {
      before = listed;
      power = before;
      for (std::uint32_t m = 1;; ++m) {
        bool added = false;
        for (std::size_t i = 0; i < before.size(); ++i) {
          power[i] = table.at(power[i], pairs[k].phi);
          if (power[i] == 0 || links_[power[i]].count != 0) continue;
          links_[power[i]] = Link{before[i], k, m};
          listed.push_back(power[i]);
          added = true;
        }
        if (!added) break;
      }
    }
  }
  // Held while it is built and after, for a table of `order` elements.
  static std::uint64_t bytes(std::uint64_t order) {
    return saturating_mul(order, sizeof(Link) + 3 * sizeof(QuotientElement));
  }
  // The heaps of the least sum of x, ascending.
  std::vector<std::uint64_t> word(QuotientElement x) const {
    std::vector<std::uint64_t> out;
    for (; x != 0 && links_[x].count != 0; x = links_[x].parent) {
      out.insert(out.end(), links_[x].count, pairs_[links_[x].pair].heap);
    }
    std::reverse(out.begin(), out.end());
    return out;
  }

 private:
  struct Link {
    QuotientElement parent;
    std::uint32_t pair;
    std::uint32_t count;  // 0: not reached (or the identity)
  };
  std::span<const HeapPair> pairs_;
  std::vector<Link> links_;
};

// The depth-first walk of least_failure: sums in increasing order, the largest heap's count the
// outermost loop. The ⊆-minimal sets of each class are kept sparse in one arena (option_sets.h),
// and each depth has two work sets: nothing is allocated per sum.
class LeastWalk {
 public:
  // `held`: bytes the caller holds beside it (besides the table and Limits::held_search_bytes).
  LeastWalk(const Table& table, std::span<const HeapPair> pairs, const Limits& limits,
            std::size_t max_pairs, const PairsCallback& on_pairs, std::uint64_t held)
      : held_(saturating_add(held, fixed_bytes(table.order, pairs.size()))),
        on_pairs_(on_pairs),
        table_(table),
        pairs_(pairs),
        limits_(limits),
        max_pairs_(max_pairs),
        minimal_(table.order),
        counts_(pairs.size(), 0),
        p_mask_((table.order + 63) / 64, 0) {
    for (QuotientElement x = 0; x < table.order; ++x) {
      if (table.p[x]) p_mask_[x / 64] |= std::uint64_t{1} << (x % 64);
    }
    for (std::size_t i = 0; i < 2 * (pairs.size() + 1); ++i) sets_.emplace_back(table.order);
  }

  // What it holds whatever it keeps: a list head per class, the P mask and two work sets per
  // depth.
  static std::uint64_t fixed_bytes(std::uint64_t order, std::uint64_t depth) {
    const std::uint64_t words = (order + 63) / 64;
    return saturating_add(saturating_mul(order, sizeof(std::vector<SetKey>)),
                          saturating_mul(words * sizeof(std::uint64_t), 2 * depth + 3));
  }

  // False when a failure was found (in failure_) or the walk stopped (stopped_). `bits` is the
  // option set of the sum so far, of class x.
  bool visit(std::size_t depth, QuotientElement x, const WorkSet& bits) {
    if (depth == 0) {
      if (table_.p[x] == (!bits.empty() && !bits.meets(p_mask_))) return true;
      for (std::size_t i = 0; i < counts_.size(); ++i) {
        failure_.insert(failure_.end(), counts_[i], pairs_[i].heap);
      }
      return false;
    }
    const HeapPair& pair = pairs_[depth - 1];
    const Table::Row row = table_.row(pair.phi);
    WorkSet* state = &sets_[2 * depth];
    WorkSet* next = &sets_[2 * depth + 1];
    state->assign(bits);
    QuotientElement y = x;
    for (;;) {
      if (!visit(depth - 1, y, *state)) return false;
      // One more of this heap.
      next->clear();
      state->for_each([&](QuotientElement e) { next->insert(row[e]); });
      for (QuotientElement t : pair.options) next->insert(table_.at(y, t));
      next->sort();
      y = table_.at(y, pair.phi);
      std::vector<SetKey>& list = minimal_[y];
      const SetKey probe = next->key();
      if (!limits_.charge(1 + next->used().size() + list.size())) {
        stopped_ = limits_.stop_error();
        return false;
      }
      if (arena_.any_subset(list, *next, probe)) break;
      arena_.erase_supersets(list, *next, probe, [&](const SetKey& other) { arena_.drop(other); });
      if (on_pairs_ && kept_ % kPairsReported == 0) on_pairs_(kept_);
      if (++kept_ > max_pairs_) {
        stopped_ =
            fail_limit(fmt::format("the verification passed its bound of {} pairs", max_pairs_));
        return false;
      }
      // The table, every set kept and every list of them, and the one kept now.
      const std::uint64_t list_growth =
          list.size() < list.capacity()
              ? 0
              : std::max<std::size_t>(1, 2 * list.capacity()) * sizeof(SetKey);
      if (past_budget(limits_, saturating_add({table_.bytes(), held_, list_bytes_, list_growth,
                                               arena_.bytes_keeping(next->used().size())}))) {
        stopped_ = fail_limit(fmt::format("the verification's {} pairs passed {}", kept_,
                                          memory_budget_text(limits_)));
        return false;
      }
      list_bytes_ += SetArena::insert(list, arena_.keep(*next));
      arena_.compact(minimal_);
      std::swap(state, next);
      ++counts_[depth - 1];
    }
    counts_[depth - 1] = 0;
    return true;
  }

  std::vector<std::uint64_t> failure_;
  std::optional<Error> stopped_;  // a bound or the limits (Verdict::stopped)

 private:
  std::uint64_t held_;
  std::uint64_t list_bytes_ = 0;  // the capacity of every list of minimal_
  const PairsCallback& on_pairs_;
  const Table& table_;
  std::span<const HeapPair> pairs_;
  const Limits& limits_;
  std::size_t max_pairs_;
  std::vector<std::vector<SetKey>> minimal_;  // per class, keys of the arena
  std::vector<std::uint32_t> counts_;
  std::vector<std::uint64_t> p_mask_;
  SetArena arena_;
  std::vector<WorkSet> sets_;  // two per depth
  std::size_t kept_ = 0;
};

}  // namespace

Verdict least_failure(const Table& table, std::span<const HeapPair> pairs, const Limits& limits,
                      std::size_t max_pairs, const PairsCallback& on_pairs) {
  // The least P-failure: the least sum of x, plus a heap, for x·φ ∈ P with a move to P.
  std::optional<std::vector<std::uint64_t>> least;
  if (table.p[0]) return Verdict{false, {}, std::nullopt};
  if (past_budget(limits, saturating_add({table.bytes(), LeastSums::bytes(table.order),
                                          LeastWalk::fixed_bytes(table.order, pairs.size())}))) {
    return Verdict{
        false,
        {},
        fail_limit(fmt::format("the verification of a candidate of {} elements passed {}",
                               table.order, memory_budget_text(limits)))};
  }
  const LeastSums sums(table, pairs);
  for (QuotientElement x = 0; x < table.order; ++x) {
    if (!limits.charge(1 + pairs.size())) return Verdict{false, {}, limits.stop_error()};
    for (const HeapPair& pair : pairs) {
      if (!table.p[table.at(x, pair.phi)]) continue;
      if (std::none_of(pair.options.begin(), pair.options.end(),
                       [&](QuotientElement t) { return table.p[table.at(x, t)]; })) {
        continue;
      }
      std::vector<std::uint64_t> word = sums.word(x);
      word.push_back(pair.heap);
      std::sort(word.begin(), word.end());
      if (!least || sum_before(word, *least)) least = std::move(word);
    }
  }
  LeastWalk walk(table, pairs, limits, max_pairs, on_pairs, LeastSums::bytes(table.order));
  const WorkSet none(table.order);
  const bool passed = walk.visit(pairs.size(), 0, none);
  if (walk.stopped_) return Verdict{false, {}, std::move(walk.stopped_)};
  if (!passed && (!least || sum_before(walk.failure_, *least))) least = walk.failure_;
  if (least) return Verdict{false, std::move(*least), std::nullopt};
  return Verdict{true, {}, std::nullopt};
}

Verdict verify(const Table& table, std::span<const HeapPair> pairs, const Limits& limits,
               std::size_t max_pairs, PairClosure* closure, const PairsCallback& on_pairs,
               Worker* helper) {
  Verdict direct = check_p(table, pairs, limits);
  if (!direct.passed) return direct;
  PairClosure fresh(table);
  Verdict closed = fresh.close(pairs, limits, max_pairs, on_pairs, helper);
  if (closed.passed && closure) *closure = std::move(fresh);
  return closed;
}

}  // namespace nimkit::detail
