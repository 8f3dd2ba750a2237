// Misère quotients (Plambeck and Siegel): perfect misère play of heap games past the search.
//
// What a quotient is. Take every sum of heaps of one ruleset (heaps of at most N objects, or of
// any size). Two sums G and H are indistinguishable when G + X and H + X have the same misère
// outcome for every sum X; the classes form a finite or infinite commutative monoid Q, the
// misère quotient, and the classes of the lost positions (the player to move loses) form its
// P-portion P ⊆ Q. The pretending function Φ sends a heap of n objects to its class, so a sum of
// heaps h1 + ... + hk is lost for the player to move exactly when Φ(h1)·...·Φ(hk) ∈ P. The empty
// sum is the identity 1, never in P (misère: whoever cannot move has won).
//
// What the computation guarantees. compute_misere_quotient() builds Q heap by heap. The quotient
// of heaps ≤ n − 1 is extended by heap n: an existing element is reused when no sum tells heap n
// apart from it (checked, not assumed), otherwise the monoid grows (a new generator, P marked by
// the smallest sum of each element, reduced by indistinguishability), and a candidate that
// mispredicts some sum is recalibrated from the least such sum it finds. Every quotient it
// returns has passed the verification below, so it is exact for every sum of heaps it covers;
// every element is the class of some sum; distinct elements are distinguishable (it is reduced).
//
// Verification (the misère analogue of checking mex): a candidate (Q, P, Φ) predicts every sum
// exactly when no sum is mispredicted by one move. A sum is a word h1 + ... + hk; carrying along
// with its class x the set S of the classes of its options, adding a heap h of class φ whose
// options have classes T gives (xφ, Sφ ∪ xT). A sum is consistent when x ∈ P exactly when S is
// non-empty and S ∩ P is empty. The check closes the reachable pairs (x, S) under every heap,
// keeping for each x only the ⊆-minimal sets S (a subset's sums fail wherever a superset's do),
// and checks x ∈ P ⇒ no option in P directly for every x and heap. By induction on sums, a
// candidate with no inconsistent pair predicts every outcome.
//
// The misère periodicity theorem (the certificate of a complete quotient, like periodicity.h
// for normal play). Let an octal code take at most k objects and leave at most r heaps, and let
// (Q, P, Φ) be exact for heaps ≤ N. If n0 ≥ 1 and p ≥ 1 satisfy Φ(n) = Φ(n − p) for every
// n0 + p ≤ n ≤ N, and N ≥ r·(n0 + p − 1) + k, then Φ(n) = Φ(n − p) for every n ≥ n0 + p, and Q
// with P is the quotient of every sum of heaps of any size. Proof: by induction on m > N, heap m
// is given Φ(m − p). Each option of m takes j ≤ k and leaves parts summing to m − j ≥
// r·(n0 + p − 1) + 1, so one part is at least n0 + p and taking p from it is an option of m − p
// of the same class (induction); conversely an option of m − p has a part of at least n0 (its
// parts sum to more than r·(n0 − 1)) and adding p to it is an option of m. So heap m brings the
// same (class, option classes) pair as heap m − p, the reachable pairs of the verification do
// not change, and every sum stays predicted; the monoid and P do not change either.
//
// Limits. The computation stops, saying why, when the period is proved, at QuotientBounds::
// max_heap, when a candidate would pass QuotientBounds::max_order elements or its checks would
// pass max_pairs pairs, when a heap's index is proved past max_index, or what it keeps (a
// candidate's elements, its multiplication table, the verification's pairs) would pass
// Limits::max_search_bytes, checked before each grows, or when the work meter of the limits runs
// out or passes its deadline (every loop charges it, but the reduction by indistinguishability,
// whose work is within a logarithmic factor of the enumeration it follows, only checks it for a
// stop); what it has then is the partial quotient of heaps ≤ n, exact for every sum of such heaps.
// A cancelled meter (a signal, a client gone) is different: the caller wants nothing more, so the
// computation fails with ErrorKind::kCancelled rather than return what it had. Quotients exist for
// heap rulesets of one heap per component whose moves leave smaller heaps (octal codes, Nim,
// subtraction games, Grundy's game, ...); only octal codes have the periodicity theorem, so the
// others stop at the heap bound. No I/O: the file format is bytes.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/limits.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// An element of a quotient: 0 is the identity, the class of the empty sum.
using QuotientElement = std::uint32_t;

// The cells of a multiplication table of `order` elements, order × order, row-major: 16 bits
// each while every element fits (order ≤ 65536), 32 bits otherwise, so that the largest tables
// take half the memory.
class QuotientCells {
 public:
  QuotientCells() = default;
  explicit QuotientCells(std::size_t order) { reset(order); }
  // Cells 0 for a table of `order` elements, in the storage these cells had when it is large
  // enough (a computation reuses a dropped candidate's storage rather than fault in new pages).
  void reset(std::size_t order);
  static constexpr std::size_t kNarrowOrder = std::size_t{1} << 16;

  std::size_t size() const { return narrow_.empty() ? wide_.size() : narrow_.size(); }
  bool narrow() const { return !narrow_.empty() || wide_.empty(); }
  QuotientElement operator[](std::size_t i) const {
    return narrow_.empty() ? wide_[i] : narrow_[i];
  }
  void set(std::size_t i, QuotientElement x) {
    if (narrow_.empty()) {
      wide_[i] = x;
    } else {
      narrow_[i] = static_cast<std::uint16_t>(x);
    }
  }
  // Bytes a table of `order` elements takes.
  static std::uint64_t bytes(std::uint64_t order);
  // Bytes of the storage held (reused by reset()).
  std::uint64_t capacity_bytes() const {
    return narrow_.capacity() * sizeof(std::uint16_t) + wide_.capacity() * sizeof(std::uint32_t);
  }
  // The cells themselves, for loops that fill a table or read it row by row (one of the two is
  // empty).
  std::uint16_t* narrow_data() { return narrow_.data(); }
  std::uint32_t* wide_data() { return wide_.data(); }
  const std::uint16_t* narrow_data() const { return narrow_.data(); }
  const std::uint32_t* wide_data() const { return wide_.data(); }

  friend bool operator==(const QuotientCells&, const QuotientCells&) = default;

 private:
  std::vector<std::uint16_t> narrow_;
  std::vector<std::uint32_t> wide_;
};

// Φ(n + period) = Φ(n) for every n ≥ preperiod, proved by the misère periodicity theorem from
// the heaps up to `checked_to` (at least r·(preperiod + period − 1) + k).
struct MiserePeriod {
  std::uint64_t preperiod = 1;
  std::uint64_t period = 1;
  std::uint64_t checked_to = 0;

  friend bool operator==(const MiserePeriod&, const MiserePeriod&) = default;
};

// A relation of a presentation: two words in the generators (exponent per generator) that are
// the same element.
struct QuotientRelation {
  std::vector<std::uint32_t> left;
  std::vector<std::uint32_t> right;
};

// Why the next heap's candidates do not converge: a heap whose powers are proved not to repeat
// with the candidates' period p (QuotientBounds::period) as far as they went. In the quotient of
// heaps ≤ next_heap, `lower` (a sum with at_least − 1 copies of `heap`) and upper() (`lower` with
// p copies more) have different outcomes, so Φ(heap)^(at_least − 1) ≠ Φ(heap)^(at_least − 1 + p):
// the least i with Φ(heap)^(i + p) = Φ(heap)^i, if there is one, is at least at_least. There may
// be none: the powers may repeat with another period (4.726's heap 7 repeats with period 4, never
// with 2), or never. The outcomes come from least mispredicted sums: such a sum's is the opposite
// of its candidate's prediction, and every sum before it (heaps compared from the largest down,
// so also the sum with p copies of a heap fewer) is predicted right. The two sums are the least
// failures of two candidates, or one's least failure and that sum less p copies of one heap
// when the candidate predicts both alike. Sums are heaps ascending.
struct IndexProof {
  std::uint64_t next_heap = 0;
  std::uint64_t heap = 0;
  std::uint64_t at_least = 0;
  std::uint64_t period = 2;
  std::vector<std::uint64_t> lower;
  bool lower_in_p = false;  // and upper() the other way

  // `lower` with `period` copies of `heap` more, ascending.
  std::vector<std::uint64_t> upper() const;

  friend bool operator==(const IndexProof&, const IndexProof&) = default;
};
// "among heaps up to 34, Φ(34)^24 ≠ Φ(34)^26: 25 + 24×30 + 24×34 is P and 25 + 24×30 + 26×34
// is N", for every front end to say alike.
std::string describe(const IndexProof& proof);

// The rounds a computation had tried of the heap after the quotient's (max_heap() + 1) when it
// stopped or saved a checkpoint there: each candidate's least mispredicted sum and the heaps the
// next candidate split. A computation extended from the quotient rebuilds its last candidate from
// them, building and reducing one candidate a round where the first run verified each and tried
// several, and goes on from there. Nothing in them is trusted: every candidate kept is verified, a
// split that does not predict its sum right is searched for afresh, and no index proof is drawn
// from them.
struct QuotientRound {
  // The candidate's least mispredicted sum, ascending, of heaps up to max_heap() + 1.
  std::vector<std::uint64_t> failure;
  // The heaps of it given generators of their own in the next candidate, the first subset (fewest
  // heaps first) that predicts it right; ascending and distinct. Empty when none was found yet.
  std::vector<std::uint64_t> split;

  friend bool operator==(const QuotientRound&, const QuotientRound&) = default;
};
// The outcome of a sum past the quotient, proved by a computation: the least sum a candidate of
// heap max_heap() + 1 mispredicted. Every sum before it (heaps compared from the largest down,
// its options among them) is predicted right, so its outcome is the opposite of the
// prediction: an exact outcome of a sum far past any exhaustive search. Heaps ascending.
struct ProvedOutcome {
  std::vector<std::uint64_t> sum;
  bool in_p = false;

  friend bool operator==(const ProvedOutcome&, const ProvedOutcome&) = default;
};
// "25 + 43×30 + 45×34 is P" (counts before the heap), for every front end to say alike.
std::string describe(const ProvedOutcome& outcome);

struct QuotientRounds {
  // The candidates' period (QuotientBounds::period): rounds are rebuilt only under the same.
  std::uint32_t period = 2;
  std::vector<QuotientRound> rounds;

  friend bool operator==(const QuotientRounds&, const QuotientRounds&) = default;
};

// A misère quotient with its P-portion and pretending function. Immutable once built; shared
// between threads.
class MisereQuotient {
 public:
  // Assembled by the computation and the file reader from a verified multiplication table.
  // `table` is order × order; the classes of the heaps `generators_at` (ascending) generate
  // every element.
  MisereQuotient(std::string rules, QuotientCells table, std::vector<bool> p,
                 std::vector<QuotientElement> phi, std::vector<std::uint64_t> generators_at,
                 std::optional<MiserePeriod> period, std::string stopped,
                 std::optional<IndexProof> index_proof = std::nullopt,
                 std::optional<QuotientRounds> rounds = std::nullopt,
                 std::vector<ProvedOutcome> proved_outcomes = {});

  // The ruleset's canonical notation ("octal:0.77" for kayles: the same game, the same quotient).
  const std::string& rules() const { return rules_; }
  std::size_t order() const { return order_; }
  QuotientElement multiply(QuotientElement x, QuotientElement y) const {
    return table_[static_cast<std::size_t>(x) * order_ + y];
  }
  bool in_p(QuotientElement x) const { return p_[x]; }
  std::size_t p_size() const;
  // The elements of P, ascending.
  std::vector<QuotientElement> p_portion() const;

  // Φ is known for heaps 0 ... max_heap() (Φ(0) = 1), and for every heap when periodic.
  std::uint64_t max_heap() const { return phi_.size() - 1; }
  const std::optional<MiserePeriod>& period() const { return period_; }
  bool covers(std::uint64_t heap) const { return period_ || heap <= max_heap(); }
  // Φ(heap); requires covers(heap).
  QuotientElement phi(std::uint64_t heap) const;
  // The heap of the table whose class Φ(heap) is read from (heap itself below the period).
  std::uint64_t reduced_heap(std::uint64_t heap) const;

  // The heaps of the generators: heaps whose class is not a product of the classes of smaller
  // heaps (not equivalent to any sum of smaller heaps, told apart by some sum of heaps up to
  // max_heap()).
  const std::vector<std::uint64_t>& generators_at() const { return generators_at_; }
  // The heaps n at which the order grew: the quotient of the sums of heaps ≤ n has more elements
  // than that of heaps ≤ n − 1. Each is a generator's heap, but not every generator's heap is one
  // (Dawson's Kayles adds a generator at heap 12 and keeps 12 elements: only a larger heap tells
  // heap 12 apart from a sum of smaller ones).
  const std::vector<std::uint64_t>& grew_at() const { return grew_at_; }
  // Why the computation stopped, in words: "the period is proved", "the heap bound 50", ...
  const std::string& stopped() const { return stopped_; }
  // When the computation stopped at heap max_heap() + 1 with a heap's index proved large there:
  // past the index bound, or past 2 (a new generator's own index) when another bound stopped it.
  const std::optional<IndexProof>& index_proof() const { return index_proof_; }
  // When the computation stopped (or saved a checkpoint) while trying candidates for heap
  // max_heap() + 1: the rounds it had tried, kept in the quotient's file to resume from.
  const std::optional<QuotientRounds>& rounds() const { return rounds_; }
  // The outcomes the computation proved while trying candidates for heap max_heap() + 1, one a
  // round, in the order found: the rounds it verified itself, not those rebuilt from a saved
  // file (whose sums are not checked). Like index_proof(), not kept in a file.
  const std::vector<ProvedOutcome>& proved_outcomes() const { return proved_outcomes_; }

  // The presentation: generators a, b, c, ... are the classes of the heaps of generators_at(),
  // in heap order; every element has a normal form, its least word in the
  // generators (lexicographic on the exponents, the last generator weighing most); the relations
  // rewrite each minimal word that is not a normal form to its normal form (a complete rewriting
  // system).
  const std::vector<QuotientElement>& generators() const { return generators_; }
  const std::vector<std::uint32_t>& normal_form(QuotientElement x) const { return words_[x]; }
  std::vector<QuotientRelation> relations() const;
  // The relations as text, "a² = 1", for every front end to show alike.
  std::vector<std::string> relation_texts() const;
  // Every element, in the order of their normal forms (the last generator weighing most): the
  // order in which the presentation lists them.
  std::vector<QuotientElement> elements_in_order() const;
  // "1", "a", "ab²c": an element by its normal form; a word the same way.
  std::string name(QuotientElement x) const { return word_name(words_[x]); }
  static std::string word_name(const std::vector<std::uint32_t>& word);
  // Tame: isomorphic, with P, to the quotient T_m of misère Nim (a² = 1, the rest a group of
  // order 2^m with P = {a, its identity}); misère Nim itself is tame.
  bool tame() const;

  friend bool operator==(const MisereQuotient&, const MisereQuotient&) = default;

 private:
  std::string rules_;
  std::size_t order_;
  QuotientCells table_;
  std::vector<bool> p_;
  std::vector<QuotientElement> phi_;
  std::vector<std::uint64_t> generators_at_;
  std::vector<std::uint64_t> grew_at_;
  std::optional<MiserePeriod> period_;
  std::string stopped_;
  std::optional<IndexProof> index_proof_;
  std::optional<QuotientRounds> rounds_;
  std::vector<ProvedOutcome> proved_outcomes_;
  std::vector<QuotientElement> generators_;
  std::vector<std::vector<std::uint32_t>> words_;
};

// The largest QuotientBounds::period and max_index a computation takes (compute_misere_quotient
// refuses others, kBadInput): a split of period p and index i multiplies a candidate's elements
// by i + p.
inline constexpr std::uint32_t kMostQuotientPeriod = 64;
inline constexpr std::uint32_t kMostQuotientIndex = 1'000'000;
// The least index bound by default (QuotientBounds::max_index).
inline constexpr std::uint32_t kLeastIndexBound = 24;

// Bounds of a computation besides its memory budget (Limits::max_search_bytes), which bounds
// every structure it keeps: by default only the heap bound is fixed, and a quotient grows as far
// as the budget allows.
struct QuotientBounds {
  // Heaps examined at most; the quotient of heaps ≤ max_heap is the answer if no period is proved
  // by then.
  std::uint64_t max_heap = 300;
  // Elements a candidate monoid may have (its multiplication table is order² entries).
  std::size_t max_order = std::numeric_limits<std::size_t>::max();
  // Pairs (x, S) one verification may keep.
  std::size_t max_pairs = std::numeric_limits<std::size_t>::max();
  // The period of the candidates' split generators, ⟨g | g^(i + period) = g^i⟩: a candidate can
  // only hold elements whose powers repeat with a period dividing it. 2 fits every quotient of the
  // published tables; 4 also fits 4.726's, whose heap 7 repeats with period 4, at the cost of
  // candidates larger before their reduction.
  std::uint32_t period = 2;  // 1 to kMostQuotientPeriod
  // The largest index (the least i with x^(i + period) = x^i) of a heap's class the computation
  // pursues. When least mispredicted sums of a heap's candidates prove a larger one (an
  // IndexProof), the computation stops there: its candidates may grow by a power of that heap
  // every few rounds without converging (Dawson's Kayles at heap 34, whose index there is proved
  // past 34 with period 2). None: index_bound()'s default, which follows the heaps.
  std::optional<std::uint32_t> max_index;  // 2 to kMostQuotientIndex
  // Threads of the candidate search, 1 or 2: with 2, two candidates of a recalibration are built
  // and judged at once, and a candidate's table is built in two halves. The quotient is the same
  // whatever the number; the work charged is not (a second thread may build a candidate the
  // first would not have needed), so computations that must stop at the same step, as the
  // census's, keep 1.
  std::size_t threads = 1;
  // With 2 threads, candidates of fewer elements stay on one: handing a small one's work to the
  // second thread costs more than it saves.
  std::size_t parallel_order = 4096;
  // Candidates of more elements keep only the products a verification and a recalibration need
  // (by the heaps' classes and their options'), not a full table: the candidates of a frontier
  // heap reach tens of thousands of elements. A quotient itself keeps its full table: one that
  // verifies with more elements stops the computation.
  std::size_t full_order = std::size_t{1} << 14;
};

// The index bound of heap n's candidates: max_index, or by default the larger of n and
// kLeastIndexBound. A large heap can tell apart about as many powers of a small one as it has
// objects (in 4.7, 1 + n×2 + 31 is N for n up to 25 and P for n = 26, so heap 2's index among
// heaps up to 31 is at least 25), so a bound that follows the heaps refuses none of those
// quotients, while one heap's candidates climbing without end are still stopped.
std::uint64_t index_bound(const QuotientBounds& bounds, std::uint64_t heap);

// Where a computation is, for a progress line: the heap being added, the order of the quotient of
// the heaps before it, and, while a candidate is tried, its order, its round (0 for the first
// candidate of the heap, then one per recalibration) and the pairs its verification keeps.
struct QuotientProgress {
  std::uint64_t heap = 0;
  std::size_t order = 1;
  std::size_t candidate_order = 0;
  std::size_t round = 0;
  std::size_t pairs = 0;
};
// "heap 34, 638 elements so far; candidate 3 of 61774 elements, 36864 pairs verified", for every
// front end to say alike.
std::string describe(const QuotientProgress& progress);

// The threads a computation uses unless asked otherwise (QuotientBounds::threads takes 1 or 2):
// 2 on a machine of two processors or more, else 1.
std::size_t default_quotient_threads();

// Called back by a long computation, on its own thread, between steps (never while it holds
// anything another call could need). `progress` at each heap, each candidate and every few
// thousand pairs of a verification; `checkpoint` after each heap added, with the quotient of the
// heaps so far (exact for them, as a returned one is), at most once per `checkpoint_every`
// (the first after that long): saved, it resumes the computation (`from` below). Either may be
// empty.
struct QuotientObserver {
  std::function<void(const QuotientProgress&)> progress;
  std::function<void(const MisereQuotient&)> checkpoint;
  std::chrono::steady_clock::duration checkpoint_every = std::chrono::minutes(1);
};

// Whether `rules` has misère quotients here: a heap ruleset of one heap per component. (A move
// that does not leave smaller heaps is still refused by the computation, naming the heap.)
bool has_misere_quotient(const Ruleset& rules);

// The quotient of `rules` heap by heap from `from` (a quotient of the same ruleset, exact for
// its heaps) or from nothing, until its period is proved or a bound or the limits stop it (the
// result says which, in stopped()). Fails, by kind: kUnsupported when the ruleset has no
// quotients here (naming it); kBadInput when `from` is another ruleset's or does not verify;
// kLimit when not even heap 1 (or the check of `from`) fits within the bounds and limits;
// kCancelled whenever the meter was cancelled, however far it had got.
Result<MisereQuotient> compute_misere_quotient(const Ruleset& rules, const QuotientBounds& bounds,
                                               const Limits& limits,
                                               const MisereQuotient* from = nullptr,
                                               const QuotientObserver& observer = {});

// The shared quotient of `rules` covering `heap`: computed once per ruleset (the same game under
// two names shares one), kept in a bounded cache and extended by later calls; thread-safe (the
// computation of one ruleset runs once at a time, others wait for it). A heap past
// `partial_heaps` needs the complete quotient (a proved period within bounds.max_heap). Null
// when none covers `heap` within the bounds and limits, or the ruleset has none.
std::shared_ptr<const MisereQuotient> shared_misere_quotient(const Ruleset& rules,
                                                             std::uint64_t heap,
                                                             const QuotientBounds& bounds,
                                                             const Limits& limits);

// The largest quotient of `rules` computed so far in this process (shared_misere_quotient's
// cache), covering the heaps it covers; null when none was computed.
std::shared_ptr<const MisereQuotient> known_misere_quotient(const Ruleset& rules);

// The quotient file format, version 3: magic "NIMKITMQ", the version, the ruleset, the order, the
// table (2 bytes a cell up to 65,536 elements, else 4), P, Φ, the period, why it stopped, the
// rounds of the next heap (rounds()), and a checksum of all of it (every integer little-endian).
// Versions 1 (4 bytes a cell) and 2 (no rounds) are read too.
std::string save_misere_quotient(const MisereQuotient& quotient);
// Reads a saved quotient of `rules`. Refuses a file that is not one, of another version or
// ruleset, truncated or corrupt (the checksum), or whose contents do not verify: the table must
// be a commutative monoid generated by Φ, P must not hold 1, and the verification above must
// pass for every heap it covers (a period too, by the theorem) — a file is never trusted.
Result<MisereQuotient> load_misere_quotient(std::string_view bytes, const Ruleset& rules,
                                            const QuotientBounds& bounds, const Limits& limits);

}  // namespace nimkit
