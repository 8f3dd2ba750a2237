// The heap-by-heap computation of a misère quotient (misere_quotient.h): conservative extension,
// growth by a new generator, recalibration, and the periodicity certificate.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "candidate.h"
#include "closure.h"
#include "monoid.h"
#include "nimkit/heap_game.h"
#include "nimkit/misere_quotient.h"

namespace nimkit {
class OctalGame;
}  // namespace nimkit

namespace nimkit::detail {

class Worker;

// What the misère periodicity theorem needs of an octal code: the most objects a move takes (k)
// and the most heaps it leaves (r).
struct OctalBound {
  std::uint64_t take = 0;
  std::uint64_t parts = 0;
};

// A heap's moves as the heaps they leave: each sorted, empty heaps dropped; distinct.
using Shape = std::vector<std::uint64_t>;

// The ruleset's heap game when it has one heap per component, else null.
const HeapGame* single_heap_game(const Ruleset& rules);
// One name per game: kayles and octal:0.77 share a quotient.
std::string quotient_rules(const Ruleset& rules);
// The ruleset as an octal game (whose moves can be found by residue classes), or null: the one
// place the misère code asks a ruleset's type.
const OctalGame* octal_game(const Ruleset& rules);
// The theorem's parameters of an octal code; nullopt for other rulesets.
std::optional<OctalBound> octal_bound(const Ruleset& rules);
// Whether the misère periodicity theorem proves `period` for Φ = phi (heaps 0 ... N, N =
// period.checked_to = phi.size() - 1).
bool period_proved(std::span<const QuotientElement> phi, const MiserePeriod& period,
                   const OctalBound& octal);

class QuotientBuilder {
 public:
  QuotientBuilder(const HeapGame& game, std::string rules, std::optional<OctalBound> octal,
                  const QuotientBounds& bounds, const Limits& limits,
                  const QuotientObserver& observer = {});
  ~QuotientBuilder();

  // Continues from `from` (its ruleset's, exact for its heaps): fails when it does not verify
  // (kBadInput), or when a bound or the limits stop the check (kLimit, kCancelled).
  Result<bool> resume(const MisereQuotient& from);
  // Adds heaps until the period is proved or a bound stops it; fails, with the stop's kind, when
  // heap 1 could not be added, and with kCancelled whenever the meter was cancelled (the caller
  // wants no partial quotient then). Called once: the quotient takes the builder's table.
  Result<MisereQuotient> run();

  // The moves of heap n as shapes; fails on a move that does not leave smaller heaps, or past
  // the scan limit.
  Result<std::vector<Shape>> shapes_of(std::uint64_t heap) const;

 private:
  // The distinct option classes of heap h under `table` and `phi`.
  static std::vector<QuotientElement> option_classes(const Table& table,
                                                     const std::vector<QuotientElement>& phi,
                                                     const std::vector<Shape>& shapes);
  std::vector<HeapPair> heap_pairs(const Table& table,
                                   const std::vector<QuotientElement>& phi) const;
  // Heap n is equivalent to an element of the quotient so far: Φ(n) is set and true; false when
  // none is; a stop (limits, bounds) in stopped_.
  bool extend_conservatively(std::uint64_t heap, const std::vector<QuotientElement>& options);
  // Grows the monoid for heap n; false with stopped_ set when no candidate verifies.
  bool grow(std::uint64_t heap);
  // A candidate for heap n that the least-failure walk passed: verified again by the closure it
  // then keeps, and installed; false with stopped_ set when it cannot be kept (a partial table,
  // or the two checks disagree).
  bool keep_passed(std::uint64_t heap, Reduced current);
  // The first candidate, over `current` with a few heaps of the least mispredicted sum `failure`
  // given generators of their own (the fewest heaps first), that predicts that sum right; none
  // when no subset does (`refused` says why one could not be built, e.g. the order bound).
  // `split`, when not empty, is tried first (a kept round's); it is set to the subset kept.
  std::optional<Reduced> recalibrated(const Reduced& current,
                                      const std::vector<std::uint64_t>& failure,
                                      std::vector<std::uint64_t>& split,
                                      std::optional<Error>& refused);
  // Rebuilds, from the first candidate of heap n, the one the rounds kept by resume() had
  // reached, recalibrating round by round without verifying (the rounds become rounds_); false
  // with stopped_ set when a round cannot be rebuilt or a bound stops it.
  bool replay(std::uint64_t heap, Result<Reduced>& current);
  // Makes `next` the candidate tried, keeping the storage of the current one for the next table.
  void next_round(Result<Reduced>& current, Reduced next);
  // Calls the observer's checkpoint when one is due (or now anyway).
  void checkpoint_if_due(bool now_anyway = false);
  // Why heap n stopped when no candidate verified, the last mispredicting `failure`.
  static Error no_candidate(std::uint64_t heap, const std::vector<std::uint64_t>& failure);
  // Makes a verified candidate (and its closure) the quotient so far.
  void install(Reduced reduced, PairClosure closure);
  // Keeps the true outcome of a least mispredicted sum of heap n's candidates (the opposite of
  // the prediction), and the best IndexProof its pairs with the earlier ones give.
  void record_outcome(std::uint64_t heap, std::vector<std::uint64_t> sum, bool in_p);
  // The same from one candidate, which predicted the failure in P or not (`predicted_p`): the
  // failure with `period` copies of one of its heaps fewer comes before it, so is predicted
  // right; when the candidate predicts both alike, they differ.
  void record_smaller(std::uint64_t heap, const Reduced& candidate,
                      const std::vector<std::uint64_t>& failure, bool predicted_p);
  // Keeps `proof` when it proves an index past 2 and larger than the one kept.
  void keep_proof(IndexProof proof);
  std::optional<MiserePeriod> find_period() const;
  // The quotient of the heaps so far, stopped for `why`.
  MisereQuotient snapshot(std::string why) const;
  void report() const;
  // The limits with `held` bytes of the memory budget taken (what the builder keeps while a
  // candidate is built or verified: kept_bytes()).
  Limits within(std::uint64_t held) const;
  std::uint64_t kept_bytes() const;
  // The second thread for work on `table`: none below QuotientBounds::parallel_order elements.
  Worker* helper_for(const Table& table) const;
  // Called with the pairs a verification keeps, every few thousand.
  PairsCallback on_pairs();

  const HeapGame& game_;
  std::string rules_;
  std::optional<OctalBound> octal_;
  QuotientBounds bounds_;
  Limits limits_;
  const QuotientObserver& observer_;
  QuotientProgress progress_;
  std::chrono::steady_clock::time_point last_checkpoint_ = std::chrono::steady_clock::now();

  Table table_;
  std::vector<QuotientElement> phi_{0};
  std::vector<std::vector<Shape>> shapes_{{}};
  std::vector<HeapPair> pairs_;  // distinct pairs applied to closure_
  PairClosure closure_;
  std::optional<MiserePeriod> period_;
  // The rounds of the heap being added (QuotientRounds), and those of a quotient resumed from,
  // to rebuild its candidates (until the first heap is added).
  std::vector<QuotientRound> rounds_;
  std::optional<QuotientRounds> replay_;
  // The outcomes of the least mispredicted sums of the heap being added, and what they prove.
  std::vector<ProvedOutcome> outcomes_;
  std::optional<IndexProof> index_proof_;
  // The storage of the last candidate dropped, for the next one's table.
  QuotientCells spare_;
  // The second thread of the candidate search (QuotientBounds::threads).
  std::unique_ptr<Worker> worker_;
  // Why heaps stopped being added: kLimit for a bound or the limits, kCancelled when the meter
  // was cancelled, kUnsupported when no candidate verified or the moves do not leave smaller
  // heaps; none while heaps are being added.
  std::optional<Error> stopped_;
};

}  // namespace nimkit::detail
