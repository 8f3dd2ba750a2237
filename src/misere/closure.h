// The verification of a candidate quotient (misere_quotient.h explains why it is exact): the
// direct check that no P-position has a move to P, and the closure of the pairs (class, option
// classes) of the sums of heaps, kept as ⊆-minimal sets per class, that no N-position lacks a
// move to P.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "monoid.h"
#include "nimkit/limits.h"
#include "nimkit/result.h"
#include "option_sets.h"

namespace nimkit::detail {

class Worker;

// Told how many pairs a verification keeps, every kPairsReported new pairs (may be empty).
using PairsCallback = std::function<void(std::size_t)>;
inline constexpr std::size_t kPairsReported = 4096;

// A heap as the verification sees it: its class and the distinct classes of its options.
struct HeapPair {
  std::uint64_t heap = 0;
  QuotientElement phi = 0;
  std::vector<QuotientElement> options;
};

// Passed, or the heaps of a sum the candidate mispredicts, or stopped by a bound or the limits:
// `stopped` is then of kind kLimit (the pair bound, the memory budget, the meter's steps or
// deadline) or kCancelled (the meter cancelled), never kBadInput.
struct Verdict {
  bool passed = false;
  std::vector<std::uint64_t> failure;
  std::optional<Error> stopped;
};

// The heaps with options, one per distinct pair (heaps with the same pair act alike).
std::vector<HeapPair> distinct_pairs(std::span<const HeapPair> pairs);

// x·φ ∈ P ⇒ x·t ∉ P for every element x, heap (φ, T) and t in T; and 1 ∉ P.
Verdict check_p(const Table& table, std::span<const HeapPair> pairs, const Limits& limits);

// The reachable pairs (x, S) of a candidate's sums, ⊆-minimal per x. Copyable, so that a trial
// heap can be added to a copy and dropped.
class PairClosure {
 public:
  explicit PairClosure(const Table& table);

  // Adds every heap of `pairs` not yet applied (the first `applied()` are), closing the pairs
  // under all of them; fails at the first pair (x, S) with x ∉ P, S non-empty and S ∩ P empty,
  // or with x ∈ P and S ∩ P non-empty. With `helper`, the option sets of each batch of states
  // are computed on two threads; the sets are kept in the order one thread keeps them, so the
  // closure, its verdict and the work charged do not depend on it.
  Verdict close(std::span<const HeapPair> pairs, const Limits& limits, std::size_t max_pairs,
                const PairsCallback& on_pairs = {}, Worker* helper = nullptr);
  std::size_t applied() const { return applied_; }
  // The same closure over `table` (a moved copy of the table it was built with).
  void rebind(const Table& table) { table_ = &table; }
  std::size_t pairs() const { return states_.size(); }
  // Bytes it keeps.
  std::uint64_t bytes() const;

 private:
  struct State {
    QuotientElement x;
    std::int64_t parent;  // -1 for the empty sum
    std::uint64_t heap;   // the heap added to the parent
    std::uint32_t done;   // heaps of the list applied to this state
    bool alive;
  };
  std::vector<std::uint64_t> word_of(std::size_t state, std::uint64_t last) const;
  // The option set of state s plus heap `pair`, into `child`.
  void child_of(std::uint32_t s, const HeapPair& pair, WorkSet& child) const;

  const Table* table_;
  std::vector<std::uint64_t> p_mask_;
  std::vector<State> states_;
  SetArena sets_;                             // state i's option set is set i
  std::vector<std::vector<SetKey>> minimal_;  // per class, the live states' sets
  std::uint64_t list_bytes_ = 0;              // the capacity of every list of minimal_
  std::size_t applied_ = 0;
};

// The least sum (heaps compared from the largest down) that the candidate mispredicts, when there
// is one: every smaller sum is then predicted right, so this one's true outcome is the opposite
// of the prediction. Sums are visited in that order, a sum's extensions by smaller heaps skipped
// once its pair is subsumed by an earlier one (their failures would come earlier).
Verdict least_failure(const Table& table, std::span<const HeapPair> pairs, const Limits& limits,
                      std::size_t max_pairs, const PairsCallback& on_pairs = {});

// Whether sum a comes before sum b in that order (both sorted ascending).
bool sum_before(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b);

// check_p, then the closure from nothing; `closure` receives the closure when it passes.
Verdict verify(const Table& table, std::span<const HeapPair> pairs, const Limits& limits,
               std::size_t max_pairs, PairClosure* closure = nullptr,
               const PairsCallback& on_pairs = {}, Worker* helper = nullptr);

}  // namespace nimkit::detail
