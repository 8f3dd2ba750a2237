// The bound on a generator's index (QuotientBounds::max_index), the proofs a stopped
// computation gives (IndexProof) and the outcomes it proves (ProvedOutcome): each proof's two
// outcomes and each proved outcome are confirmed by the independent exhaustive search of
// misere_brute_force.h, and a proof's bound by the quotient computed past it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "misere_brute_force.h"
#include "nimkit/misere_quotient.h"
#include "test_rulesets.h"

namespace {

using nimkit::IndexProof;
using nimkit::Limits;
using nimkit::MisereQuotient;
using nimkit::QuotientBounds;
using nimkit_test::HeapRules;
using nimkit_test::MisereBrute;

using nimkit_test::rules_of;

// With the default index bound when max_index is none.
MisereQuotient computed(const std::string& spec, std::uint64_t max_heap,
                        std::optional<std::uint32_t> max_index) {
  const auto rules = rules_of(spec);
  QuotientBounds bounds;
  bounds.max_heap = max_heap;
  bounds.max_index = max_index;
  auto q = nimkit::compute_misere_quotient(*rules, bounds, Limits{});
  EXPECT_TRUE(q.ok()) << spec << ": " << q.error();
  return std::move(*q);
}

// `q` saved and read back, as its file gives it (`q` itself, with a failure, when it cannot be).
MisereQuotient reloaded(const MisereQuotient& q, const std::string& spec) {
  auto loaded =
      nimkit::load_misere_quotient(nimkit::save_misere_quotient(q), *rules_of(spec), {}, Limits{});
  if (!loaded.ok()) {
    ADD_FAILURE() << spec << ": " << loaded.error();
    return q;
  }
  return std::move(*loaded);
}

std::vector<int> as_ints(const std::vector<std::uint64_t>& sum) { return {sum.begin(), sum.end()}; }

std::uint64_t objects(const std::vector<std::uint64_t>& sum) {
  std::uint64_t total = 0;
  for (std::uint64_t h : sum) total += h;
  return total;
}

// The proof's shape, and its two outcomes by exhaustive search (P: the player to move loses).
void expect_confirmed(const IndexProof& proof, MisereBrute& brute, const std::string& spec) {
  SCOPED_TRACE(spec + ": " + nimkit::describe(proof));
  std::vector<std::uint64_t> upper = proof.lower;
  upper.insert(upper.end(), 2, proof.heap);
  std::sort(upper.begin(), upper.end());
  EXPECT_EQ(proof.upper(), upper);
  EXPECT_EQ(
      static_cast<std::uint64_t>(std::count(proof.lower.begin(), proof.lower.end(), proof.heap)) +
          1,
      proof.at_least);
  EXPECT_LE(proof.heap, proof.next_heap);
  EXPECT_LE(*std::max_element(upper.begin(), upper.end()), proof.next_heap);
  EXPECT_EQ(brute.wins(as_ints(proof.lower)), !proof.lower_in_p);
  EXPECT_EQ(brute.wins(as_ints(proof.upper())), proof.lower_in_p);
}

// The least i with x^(i + 2) = x^i in a finite quotient.
std::uint64_t index_in(const MisereQuotient& q, nimkit::QuotientElement x) {
  std::vector<nimkit::QuotientElement> powers{0};
  for (std::size_t i = 0; i <= q.order() + 2; ++i) powers.push_back(q.multiply(powers.back(), x));
  for (std::size_t i = 0; i + 2 < powers.size(); ++i) {
    if (powers[i + 2] == powers[i]) return i;
  }
  return powers.size();
}

TEST(IndexBound, StopsWithAProofThatAnIndependentSearchConfirms) {
  // 0.35: at heap 10 two least mispredicted sums prove heap 3's index at least 3.
  const MisereQuotient q = computed("octal:0.35", 20, 2);
  EXPECT_EQ(q.max_heap(), 9u);
  EXPECT_NE(q.stopped().find("the index bound 2 is passed"), std::string::npos) << q.stopped();
  ASSERT_TRUE(q.index_proof().has_value()) << q.stopped();
  const IndexProof& proof = *q.index_proof();
  EXPECT_EQ(proof.next_heap, 10u);
  EXPECT_EQ(proof.heap, 3u);
  EXPECT_EQ(proof.at_least, 3u);
  EXPECT_NE(q.stopped().find(nimkit::describe(proof)), std::string::npos) << q.stopped();
  MisereBrute brute(HeapRules{false, {0, 3, 5}});
  expect_confirmed(proof, brute, "octal:0.35");
  // The quotient of heaps up to 10, computed with the default bound, agrees: Φ(3)'s index there
  // is at least what was proved.
  const MisereQuotient past = computed("octal:0.35", 10, std::nullopt);
  ASSERT_EQ(past.max_heap(), 10u) << past.stopped();
  EXPECT_FALSE(past.index_proof().has_value());
  EXPECT_GE(index_in(past, past.phi(proof.heap)), proof.at_least);
}

struct Game {
  std::string spec;
  HeapRules rules;
};

// Small codes whose computations stop at low index bounds within heap 14.
std::vector<Game> small_games() {
  return {
      {"octal:0.35", {false, {0, 3, 5}}},     {"octal:0.354", {false, {0, 3, 5, 4}}},
      {"octal:0.774", {false, {0, 7, 7, 4}}}, {"octal:4.323", {false, {4, 3, 2, 3}}},
      {"octal:4.365", {false, {4, 3, 6, 5}}}, {"octal:4.726", {false, {4, 7, 2, 6}}},
  };
}

TEST(IndexBound, EveryProofAndProvedOutcomeOfSmallGamesIsConfirmed) {
  // The proofs, and each round's least mispredicted sum with the outcome opposite to its
  // candidate's prediction (a proof is drawn from two of them or from one), against the
  // exhaustive search. Larger sums take the search too long for a test.
  int proofs = 0;
  int outcomes = 0;
  for (const Game& game : small_games()) {
    MisereBrute brute(game.rules);
    for (std::uint32_t max_index : {2u, 3u}) {
      const MisereQuotient q = computed(game.spec, 14, max_index);
      if (q.index_proof() && objects(q.index_proof()->upper()) <= 60) {
        expect_confirmed(*q.index_proof(), brute, game.spec);
        ++proofs;
      }
      if (!q.rounds()) continue;
      EXPECT_EQ(q.proved_outcomes().size(), q.rounds()->rounds.size()) << game.spec;
      for (std::size_t i = 0; i < q.proved_outcomes().size(); ++i) {
        const nimkit::ProvedOutcome& outcome = q.proved_outcomes()[i];
        SCOPED_TRACE(game.spec + ": " + nimkit::describe(outcome));
        EXPECT_EQ(outcome.sum, q.rounds()->rounds[i].failure);
        EXPECT_TRUE(std::is_sorted(outcome.sum.begin(), outcome.sum.end()));
        EXPECT_EQ(outcome.sum.back(), q.max_heap() + 1);
        if (objects(outcome.sum) > 60) continue;
        EXPECT_EQ(brute.wins(as_ints(outcome.sum)), !outcome.in_p);
        ++outcomes;
      }
    }
  }
  EXPECT_GE(proofs, 10);
  EXPECT_GE(outcomes, 20);
}

TEST(ProvedOutcomes, OnlyTheRoundsAComputationVerifiedAreProved) {
  // Rounds rebuilt from a file are not checked (a file is never trusted): an extension proves
  // the outcomes of its own rounds only, and a loaded quotient proves none.
  const MisereQuotient first = computed("octal:4.726", 7, 4);
  ASSERT_TRUE(first.rounds().has_value()) << first.stopped();
  const MisereQuotient loaded = reloaded(first, "octal:4.726");
  EXPECT_TRUE(loaded.proved_outcomes().empty());
  QuotientBounds bounds;
  bounds.max_heap = 7;
  bounds.max_index = 6;
  auto extended =
      nimkit::compute_misere_quotient(*rules_of("octal:4.726"), bounds, Limits{}, &loaded);
  ASSERT_TRUE(extended.ok()) << extended.error();
  ASSERT_TRUE(extended->rounds().has_value()) << extended->stopped();
  const std::size_t replayed = first.rounds()->rounds.size();
  ASSERT_GT(extended->rounds()->rounds.size(), replayed);
  ASSERT_EQ(extended->proved_outcomes().size(), extended->rounds()->rounds.size() - replayed);
  for (std::size_t i = 0; i < extended->proved_outcomes().size(); ++i) {
    EXPECT_EQ(extended->proved_outcomes()[i].sum, extended->rounds()->rounds[replayed + i].failure);
  }
}

TEST(IndexBound, ALadderOfProofsIsConfirmedAsTheBoundRises) {
  // 4.726's quotient of heaps up to 7: its candidates give heap 7 one power more every few rounds
  // (as Dawson's Kayles' give heaps 30 and 34 at heap 34), and each bound is passed by a proof
  // that n and n + 2 heaps of 7 have different outcomes, with n rising with the bound. Bound 2
  // is passed earlier, at heap 6, by heap 5 (2 + 2×5 + 6 is N, 2 + 4×5 + 6 is P), whose index
  // in heap 6's quotient is indeed at least 3. The exhaustive search confirms each rung.
  MisereBrute brute(HeapRules{false, {4, 7, 2, 6}});
  std::uint64_t last = 0;
  for (std::uint32_t max_index : {2u, 3u, 4u, 6u, 8u}) {
    const MisereQuotient q = computed("octal:4.726", 7, max_index);
    ASSERT_TRUE(q.index_proof().has_value()) << max_index << ": " << q.stopped();
    const IndexProof& proof = *q.index_proof();
    EXPECT_GT(proof.at_least, max_index);
    expect_confirmed(proof, brute, "octal:4.726");
    if (max_index == 2) {
      EXPECT_EQ(proof.next_heap, 6u);
      EXPECT_EQ(proof.heap, 5u);
      const MisereQuotient six = computed("octal:4.726", 6, std::nullopt);
      ASSERT_EQ(six.max_heap(), 6u) << six.stopped();
      EXPECT_GE(index_in(six, six.phi(5)), proof.at_least);
      continue;
    }
    EXPECT_EQ(proof.next_heap, 7u);
    EXPECT_EQ(proof.heap, 7u);
    EXPECT_GE(proof.at_least, last);
    last = proof.at_least;
  }
  EXPECT_GE(last, 9u);
}

// Every sum of heaps 1 ... max_heap of at most `total` objects, by the quotient and by the
// exhaustive search; the sums compared.
int expect_agrees(const MisereQuotient& q, MisereBrute& brute, int total) {
  int compared = 0;
  std::vector<int> sum;
  const auto walk = [&](auto&& self, int least, int left) -> void {
    nimkit::QuotientElement x = 0;
    for (int h : sum) x = q.multiply(x, q.phi(static_cast<std::uint64_t>(h)));
    EXPECT_EQ(q.in_p(x), !brute.wins(sum)) << ::testing::PrintToString(sum);
    ++compared;
    for (int h = least; h <= static_cast<int>(q.max_heap()) && h <= left; ++h) {
      sum.push_back(h);
      self(self, h, left - h);
      sum.pop_back();
    }
  };
  walk(walk, 1, total);
  return compared;
}

TEST(IndexBound, PeriodFourFindsTheQuotientPeriodTwoCannot) {
  // 4.726: n heaps of 7 are P exactly when n is 4, 8, 12, ... (the ladder test above checks it
  // to n = 10), so Φ(7)'s powers repeat with period 4 and never with 2. With period-2 generators
  // the candidates climb until the index bound stops them at heap 7; with period 4 the quotient
  // of heaps up to 8 verifies, 110 elements with Φ(7)^5 = Φ(7).
  EXPECT_EQ(computed("octal:4.726", 8, std::nullopt).max_heap(), 6u);
  QuotientBounds bounds;
  bounds.max_heap = 8;
  bounds.period = 4;
  auto q = nimkit::compute_misere_quotient(*rules_of("octal:4.726"), bounds, Limits{});
  ASSERT_TRUE(q.ok()) << q.error();
  ASSERT_EQ(q->max_heap(), 8u) << q->stopped();
  EXPECT_EQ(q->order(), 110u);
  EXPECT_EQ(q->p_size(), 20u);
  const nimkit::QuotientElement g = q->phi(7);
  std::vector<nimkit::QuotientElement> powers{0};
  for (int i = 0; i < 6; ++i) powers.push_back(q->multiply(powers.back(), g));
  EXPECT_EQ(powers[5], powers[1]);
  EXPECT_NE(powers[3], powers[1]);
  EXPECT_NE(powers[4], powers[2]);
  MisereBrute brute(HeapRules{false, {4, 7, 2, 6}});
  EXPECT_GT(expect_agrees(*q, brute, 26), 5000);
  // Period 4 holds period 2 too: Dawson's Kayles' Q30 is the same.
  bounds.period = 4;
  bounds.max_heap = 30;
  auto dawson = nimkit::compute_misere_quotient(*rules_of("dawson"), bounds, Limits{});
  ASSERT_TRUE(dawson.ok()) << dawson.error();
  EXPECT_EQ(*dawson, computed("dawson", 30, std::nullopt));
}

TEST(IndexBound, TheDefaultBoundKeepsTheKnownQuotients) {
  // No sum proves an index past 4 on the way to Dawson's Kayles' Q30 (tests/misere_quotient_test.cc
  // has its figures): the bound leaves it unchanged.
  EXPECT_EQ(computed("dawson", 30, std::nullopt).order(), 360u);
  const MisereQuotient q = computed("dawson", 30, 4);
  EXPECT_EQ(q.order(), 360u) << q.stopped();
  EXPECT_FALSE(q.index_proof().has_value());
}

TEST(IndexBound, TheDefaultBoundFollowsTheHeaps) {
  // In 4.7, 1 + n×2 + 31 is N for n up to 25 and P for n = 26, so heap 2's index among heaps up to
  // 31 is at least 25: a fixed bound of 24 stops there, with that proof, and the default bound,
  // 31 at heap 31, does not.
  EXPECT_EQ(nimkit::index_bound(QuotientBounds{}, 7), 24u);
  EXPECT_EQ(nimkit::index_bound(QuotientBounds{}, 31), 31u);
  QuotientBounds fixed;
  fixed.max_index = 5;
  EXPECT_EQ(nimkit::index_bound(fixed, 31), 5u);

  MisereBrute brute(HeapRules{false, {4, 7}});
  const MisereQuotient stopped = computed("octal:4.7", 32, 24);
  ASSERT_TRUE(stopped.index_proof().has_value()) << stopped.stopped();
  EXPECT_EQ(stopped.max_heap(), 30u);
  const IndexProof& proof = *stopped.index_proof();
  EXPECT_EQ(proof.next_heap, 31u);
  EXPECT_EQ(proof.heap, 2u);
  EXPECT_EQ(proof.at_least, 25u);
  expect_confirmed(proof, brute, "octal:4.7");

  const MisereQuotient q = computed("octal:4.7", 32, std::nullopt);
  ASSERT_EQ(q.max_heap(), 32u) << q.stopped();
  EXPECT_FALSE(q.index_proof().has_value());
  EXPECT_GE(index_in(q, q.phi(2)), 25u);
}

TEST(IndexBound, APeriodOrIndexBoundOutOfRangeIsBadInput) {
  // A period of 0 would leave the split generators no powers to cycle through.
  for (const auto& [period, max_index] :
       {std::pair{0u, 24u}, std::pair{65u, 24u}, std::pair{2u, 1u}, std::pair{2u, 1'000'001u}}) {
    QuotientBounds bounds;
    bounds.max_heap = 10;
    bounds.period = period;
    bounds.max_index = max_index;
    auto q = nimkit::compute_misere_quotient(*rules_of("kayles"), bounds, Limits{});
    ASSERT_FALSE(q.ok()) << period << " " << max_index;
    EXPECT_EQ(q.error_kind(), nimkit::ErrorKind::kBadInput) << q.error();
    EXPECT_NE(q.error().find(period == 2 ? "max_index" : "period"), std::string::npos) << q.error();
  }
}

TEST(IndexBound, AProofIsNotKeptByTheFile) {
  // The file holds the quotient, which the reader verifies; a proof about the next heap rests on
  // candidates the file does not hold, so it is not kept (the stop's words are).
  const MisereQuotient q = computed("octal:0.35", 20, 2);
  ASSERT_TRUE(q.index_proof().has_value());
  const MisereQuotient loaded = reloaded(q, "octal:0.35");
  EXPECT_FALSE(loaded.index_proof().has_value());
  EXPECT_EQ(loaded.stopped(), q.stopped());
  EXPECT_EQ(loaded.max_heap(), q.max_heap());
}

}  // namespace
