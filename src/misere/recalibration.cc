// The recalibration of a candidate that mispredicts a sum: subsets of the failure's heaps are
// given generators of their own until a candidate predicts it right
// (QuotientBuilder::recalibrated), and the proofs of a heap's index that the failures give on the
// way (record_smaller, keep_proof).
#include <algorithm>
#include <map>

#include "../worker.h"
#include "builder.h"
#include "candidate.h"
#include "nimkit/checked.h"

namespace nimkit::detail {

namespace {

// Subsets of `heaps` by increasing size, at most `limit` of them, the empty one left out.
std::vector<std::vector<std::uint64_t>> subsets(const std::vector<std::uint64_t>& heaps,
                                                std::size_t limit) {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::size_t size = 1; size <= heaps.size(); ++size) {
    std::vector<bool> pick(heaps.size(), false);
    std::fill(pick.begin(), pick.begin() + static_cast<long>(size), true);
    do {
      std::vector<std::uint64_t> subset;
      for (std::size_t i = 0; i < heaps.size(); ++i) {
        if (pick[i]) subset.push_back(heaps[i]);
      }
      out.push_back(std::move(subset));
      if (out.size() >= limit) return out;
    } while (std::prev_permutation(pick.begin(), pick.end()));
  }
  return out;
}

// The least i with x^(i+p) = x^i, or 0 when the powers of x repeat with a period that does not
// divide p (a split of period p could not keep them apart anyway).
std::uint32_t index_of(const Table& table, QuotientElement x, std::uint32_t p) {
  // The first n with x^n = x^(n-p) gives the least i = n - p: stop there.
  std::vector<QuotientElement> powers{0};
  for (std::size_t n = 1; n <= table.order + p; ++n) {
    powers.push_back(table.at(powers.back(), x));
    if (n >= p && powers[n] == powers[n - p]) return static_cast<std::uint32_t>(n - p);
  }
  return 0;
}

// Subsets of a failure's heaps tried at most per round: every subset of 12 heaps.
constexpr std::size_t kMostSubsets = std::size_t{1} << 12;

}  // namespace

void QuotientBuilder::record_smaller(std::uint64_t heap, const Reduced& candidate,
                                     const std::vector<std::uint64_t>& failure, bool predicted_p) {
  const std::uint64_t period = bounds_.period;
  for (auto run = failure.begin(); run != failure.end();) {
    const auto end = std::upper_bound(run, failure.end(), *run);
    const auto copies = static_cast<std::uint64_t>(end - run);
    if (copies >= period) {
      std::vector<std::uint64_t> lower(failure.begin(), run);
      lower.insert(lower.end(), run + static_cast<std::ptrdiff_t>(period), failure.end());
      // `lower` comes before the failure, so its prediction is its true outcome; the failure's
      // is the opposite of its own.
      if (candidate.table.p[candidate.class_of(lower)] == predicted_p) {
        keep_proof(IndexProof{heap, *run, copies - period + 1, period, lower, predicted_p});
      }
    }
    run = end;
  }
}

void QuotientBuilder::keep_proof(IndexProof proof) {
  // A split generator has index 2 from the start and no bound is below 2: a proof of no more
  // than 2 never stops a computation, and would only be noise beside another stop.
  if (proof.at_least <= 2) return;
  if (!index_proof_ || index_proof_->at_least < proof.at_least) index_proof_ = std::move(proof);
}

std::optional<Reduced> QuotientBuilder::recalibrated(const Reduced& current,
                                                     const std::vector<std::uint64_t>& failure,
                                                     std::vector<std::uint64_t>& split,
                                                     std::optional<Error>& refused) {
  const bool predicted_p = current.table.p[current.class_of(failure)];
  Worker* helper = helper_for(current.table);
  std::vector<std::uint64_t> involved = failure;
  involved.erase(std::unique(involved.begin(), involved.end()), involved.end());
  std::vector<std::vector<std::uint64_t>> tried = subsets(involved, kMostSubsets);
  // A kept round's subset first: it was the first of them to predict the failure right, so
  // trying it alone gives the same candidate (and another, forged, costs one more try).
  if (!split.empty()) tried.insert(tried.begin(), split);
  // A split heap's generator gets an index at least that of its class (the split must not merge
  // powers its class tells apart) and at least its count in the failure.
  std::map<std::uint64_t, std::uint32_t> index;
  for (std::uint64_t h : involved) {
    const auto times = static_cast<std::uint32_t>(std::count(failure.begin(), failure.end(), h));
    index[h] = std::max(
        {std::uint32_t{2}, times, index_of(current.table, current.phi[h], bounds_.period)});
  }
  const auto splits_of = [&](const std::vector<std::uint64_t>& subset) {
    std::vector<Split> splits;
    for (std::uint64_t h : subset) splits.push_back(Split{h, index.at(h), bounds_.period});
    return splits;
  };
  // One subset's candidate, unreduced; P is marked before the reduction, which keeps it, so a
  // candidate that predicts the failure as the last one did is dropped unreduced.
  struct Trial {
    std::optional<Result<Candidate>> candidate;
    bool past_memory = false;
    bool flips = false;
  };
  // What the builder keeps (the quotient so far, its closure, the spare table) is not the
  // candidates'; two candidates judged at once share the rest.
  const std::uint64_t current_bytes = current.table.bytes();
  Limits budget = within(saturating_add(kept_bytes(), current_bytes));
  if (helper != nullptr && budget.max_search_bytes > budget.held_search_bytes) {
    budget.held_search_bytes += (budget.max_search_bytes - budget.held_search_bytes) / 2;
  }
  // One candidate is reduced at a time, its table in the spare storage (counted as its table),
  // while the other judged with it is held.
  const auto reducing = [&](const Trial* other) {
    const std::uint64_t held_other = other != nullptr && other->candidate && *other->candidate
                                         ? (*other->candidate)->bytes()
                                         : 0;
    return within(
        saturating_add({kept_bytes() - spare_.capacity_bytes(), current_bytes, held_other}));
  };
  const auto judge = [&](std::size_t i, Trial& trial) {
    trial.candidate = Candidate::build(current.table, current.phi, shapes_, splits_of(tried[i]),
                                       bounds_.max_order, budget, &trial.past_memory);
    trial.flips = *trial.candidate && (*trial.candidate)->in_p(failure) != predicted_p;
  };
  // A judged subset: reduced when it flips the prediction (true with `out` set), or its failure
  // kept in `refused`; true too when nothing later can help (the meter, the memory budget).
  const auto settle = [&](Trial& trial, const Trial* other, std::optional<Reduced>& out) {
    if (*trial.candidate && !trial.flips) return false;
    Result<Reduced> reduced =
        *trial.candidate ? (*trial.candidate)
                               ->reduce(bounds_.max_order, reducing(other), &trial.past_memory,
                                        &spare_, helper, bounds_.full_order)
                         : Result<Reduced>(trial.candidate->failure());
    if (reduced) {
      out = std::move(*reduced);
      return true;
    }
    if (limits_.meter && limits_.meter->exhausted()) return true;
    refused = reduced.failure();
    // Past the memory budget: the next subsets split more heaps, and their candidates are
    // larger still, so trying them would spend time for nothing.
    return trial.past_memory;
  };
  // With two threads, subsets are judged two at a time; the first in order that flips the
  // prediction wins, so the result does not depend on the threads.
  const std::size_t step = helper != nullptr ? 2 : 1;
  for (std::size_t i = 0; i < tried.size(); i += step) {
    Trial first;
    Trial second;
    const bool both = step == 2 && i + 1 < tried.size();
    if (both) helper->start([&, i] { judge(i + 1, second); });
    judge(i, first);
    if (both) helper->wait();
    std::optional<Reduced> out;
    if (settle(first, both ? &second : nullptr, out)) {
      if (out) split = tried[i];
      return out;
    }
    first = Trial();
    if (both && settle(second, nullptr, out)) {
      if (out) split = tried[i + 1];
      return out;
    }
  }
  return std::nullopt;
}

}  // namespace nimkit::detail
