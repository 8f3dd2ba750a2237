// Candidate quotients: a verified quotient with some heaps given cyclic monoids of their own
// (⟨g | g^(i+p) = g^i⟩, p = QuotientBounds::period), P marked on each element by its least sum,
// reduced by indistinguishability. A candidate is only a guess until the verification passes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "monoid.h"
#include "nimkit/limits.h"
#include "nimkit/result.h"

namespace nimkit::detail {

class Worker;

// A heap with a generator of its own, ⟨g | g^(index + period) = g^index⟩.
struct Split {
  std::uint64_t heap = 0;
  std::uint32_t index = 2;
  std::uint32_t period = 2;
};

struct Reduced {
  Table table;
  std::vector<QuotientElement> phi;  // heaps 0 ... n

  // The class of the sum of `heaps` (each at most n).
  QuotientElement class_of(std::span<const std::uint64_t> heaps) const {
    QuotientElement x = 0;
    for (const std::uint64_t h : heaps) x = table.at(x, phi[h]);
    return x;
  }
};

// The candidate for heaps 0 ... n = phi.size() - 1 before its reduction: `base` for the heaps not
// split (their Φ in `phi`), times a cyclic monoid per split heap; its elements are enumerated
// with their least sums (heaps compared from the largest down, so a move always leads to a
// smaller sum), each marked P when its least sum has moves and none of them leads to P.
class Candidate {
 public:
  // Fails, of kind kLimit, past 16 × `max_order` elements (at least 4096) or
  // Limits::max_search_bytes (the caller counts `base` in Limits::held_search_bytes, as it
  // keeps it), or when the meter stops it (kCancelled when cancelled);
  // `past_memory`, when given, says whether the memory budget refused it (a larger candidate
  // would pass it too, where the order bound may not).
  static Result<Candidate> build(const Table& base, std::span<const QuotientElement> phi,
                                 std::span<const std::vector<std::vector<std::uint64_t>>> shapes,
                                 std::span<const Split> splits, std::size_t max_order,
                                 const Limits& limits, bool* past_memory = nullptr);

  // Whether the candidate puts the sum of `heaps` (each at most n) in P: the same before and
  // after the reduction, so a candidate can be judged on one sum before it is reduced.
  bool in_p(std::span<const std::uint64_t> heaps) const;
  // Bytes it holds.
  std::uint64_t bytes() const;
  // The candidate reduced by indistinguishability under the heaps' generators, its table in
  // `storage` when given (taken from it; emptied when the table is partial, which does not use
  // it), half of it filled by `helper` when given (idle before,
  // idle after); fails, of kind kLimit, past `max_order` classes or the memory budget.
  // Past `full_order` classes the table is partial (monoid.h).
  Result<Reduced> reduce(std::size_t max_order, const Limits& limits, bool* past_memory = nullptr,
                         QuotientCells* storage = nullptr, Worker* helper = nullptr,
                         std::size_t full_order = QuotientBounds{}.full_order) const;

  struct State;  // candidate.cc

 private:
  Result<Reduced> partial(const std::vector<QuotientElement>& cls, std::size_t order,
                          std::uint64_t held, const Limits& limits, bool* past_memory) const;
  explicit Candidate(std::shared_ptr<const State> state) : state_(std::move(state)) {}
  std::shared_ptr<const State> state_;
};

// Candidate::build, then reduce.
Result<Reduced> reduced_candidate(const Table& base, std::span<const QuotientElement> phi,
                                  std::span<const std::vector<std::vector<std::uint64_t>>> shapes,
                                  std::span<const Split> splits, std::size_t max_order,
                                  const Limits& limits, bool* past_memory = nullptr,
                                  std::size_t full_order = QuotientBounds{}.full_order);

}  // namespace nimkit::detail
