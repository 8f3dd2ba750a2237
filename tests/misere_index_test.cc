// The bound on a generator's index (QuotientBounds::max_index) and the proofs a stopped
// computation gives (IndexProof): each proof's two outcomes are confirmed by the independent
// exhaustive search of misere_brute_force.h, and its bound by the quotient computed past it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "misere_brute_force.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/registry.h"

namespace {

using nimkit::IndexProof;
using nimkit::Limits;
using nimkit::MisereQuotient;
using nimkit::QuotientBounds;
using nimkit_test::HeapRules;
using nimkit_test::MisereBrute;

MisereQuotient computed(const std::string& spec, std::uint64_t max_heap, std::uint32_t max_index) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  QuotientBounds bounds;
  bounds.max_heap = max_heap;
  bounds.max_index = max_index;
  auto q = nimkit::compute_misere_quotient(**rules, bounds, Limits{});
  EXPECT_TRUE(q.ok()) << spec << ": " << q.error();
  return std::move(*q);
}

std::vector<int> as_ints(const std::vector<std::uint64_t>& sum) { return {sum.begin(), sum.end()}; }

std::uint64_t objects(const std::vector<std::uint64_t>& sum) {
  std::uint64_t total = 0;
  for (std::uint64_t h : sum) total += h;
  return total;
}

// The proof's shape, and its two outcomes by exhaustive search (P: the player to move loses).
void expect_confirmed(const IndexProof& proof, const HeapRules& rules, const std::string& spec) {
  SCOPED_TRACE(spec + ": " + nimkit::describe(proof));
  std::vector<std::uint64_t> upper = proof.lower;
  upper.insert(upper.end(), 2, proof.heap);
  std::sort(upper.begin(), upper.end());
  EXPECT_EQ(proof.upper, upper);
  EXPECT_EQ(
      static_cast<std::uint64_t>(std::count(proof.lower.begin(), proof.lower.end(), proof.heap)) +
          1,
      proof.at_least);
  EXPECT_LE(proof.heap, proof.next_heap);
  EXPECT_LE(*std::max_element(proof.upper.begin(), proof.upper.end()), proof.next_heap);
  MisereBrute brute(rules);
  EXPECT_EQ(brute.wins(as_ints(proof.lower)), !proof.lower_in_p);
  EXPECT_EQ(brute.wins(as_ints(proof.upper)), proof.lower_in_p);
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
  expect_confirmed(proof, HeapRules{false, {0, 3, 5}}, "octal:0.35");
  // The quotient of heaps up to 10, computed with the default bound, agrees: Φ(3)'s index there
  // is at least what was proved.
  const MisereQuotient past = computed("octal:0.35", 10, QuotientBounds{}.max_index);
  ASSERT_EQ(past.max_heap(), 10u) << past.stopped();
  EXPECT_FALSE(past.index_proof().has_value());
  EXPECT_GE(index_in(past, past.phi(proof.heap)), proof.at_least);
}

TEST(IndexBound, EveryProofOfSmallGamesIsConfirmed) {
  struct Game {
    std::string spec;
    HeapRules rules;
  };
  const std::vector<Game> games = {
      {"octal:0.35", {false, {0, 3, 5}}},     {"octal:0.354", {false, {0, 3, 5, 4}}},
      {"octal:0.774", {false, {0, 7, 7, 4}}}, {"octal:4.323", {false, {4, 3, 2, 3}}},
      {"octal:4.365", {false, {4, 3, 6, 5}}}, {"octal:4.726", {false, {4, 7, 2, 6}}},
  };
  int confirmed = 0;
  for (const Game& game : games) {
    for (std::uint32_t max_index : {2u, 3u}) {
      const MisereQuotient q = computed(game.spec, 14, max_index);
      if (!q.index_proof()) continue;
      // Larger sums take the exhaustive search too long for a test.
      if (objects(q.index_proof()->upper) > 60) continue;
      expect_confirmed(*q.index_proof(), game.rules, game.spec);
      ++confirmed;
    }
  }
  EXPECT_GE(confirmed, 10);
}

TEST(IndexBound, TheDefaultBoundKeepsTheKnownQuotients) {
  // No sum proves an index past 4 on the way to Dawson's Kayles' Q30 (tests/misere_quotient_test.cc
  // has its figures): the bound leaves it unchanged.
  EXPECT_EQ(computed("dawson", 30, QuotientBounds{}.max_index).order(), 360u);
  const MisereQuotient q = computed("dawson", 30, 4);
  EXPECT_EQ(q.order(), 360u) << q.stopped();
  EXPECT_FALSE(q.index_proof().has_value());
}

TEST(IndexBound, AProofIsNotKeptByTheFile) {
  // The file holds the quotient, which the reader verifies; a proof about the next heap rests on
  // candidates the file does not hold, so it is not kept (the stop's words are).
  const MisereQuotient q = computed("octal:0.35", 20, 2);
  ASSERT_TRUE(q.index_proof().has_value());
  auto rules = nimkit::make_ruleset("octal:0.35");
  ASSERT_TRUE(rules.ok());
  auto loaded =
      nimkit::load_misere_quotient(nimkit::save_misere_quotient(q), **rules, {}, Limits{});
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_FALSE(loaded->index_proof().has_value());
  EXPECT_EQ(loaded->stopped(), q.stopped());
  EXPECT_EQ(loaded->max_heap(), q.max_heap());
}

}  // namespace
