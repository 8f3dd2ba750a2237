// The joint search for splits of wanted values (src/sparse/pair_search.h) against a plain scan, and
// the sparse kernel with and without the vector search: the same values.
#include "sparse/pair_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/grundy_sequence.h"

namespace nimkit {
namespace {

using detail::WantedValues;

// The values g[a] ^ g[m - a] for a in [lo, hi), by a plain scan.
std::set<std::uint32_t> split_values(const std::vector<std::uint16_t>& g, std::uint64_t m,
                                     std::uint64_t lo, std::uint64_t hi) {
  std::set<std::uint32_t> values;
  for (std::uint64_t a = lo; a < hi; ++a) values.insert(g[a] ^ g[m - a]);
  return values;
}

// What a search left of the values wanted `before` (below `limit`), against the values the splits
// have: exactly those absent (the vector search; one by one, every value below its bound, and
// only values present removed above it), and the count.
void expect_left(const WantedValues& before, const WantedValues& wanted,
                 const std::set<std::uint32_t>& present, std::uint32_t bound, bool vector,
                 std::uint32_t limit) {
  std::uint32_t left = 0;
  for (std::uint32_t v = 0; v < limit; ++v) {
    if (!before.contains(v)) {
      ASSERT_FALSE(wanted.contains(v)) << v;
      continue;
    }
    const bool absent = present.count(v) == 0;
    if (wanted.contains(v)) ++left;
    if (vector || v < bound) {
      ASSERT_EQ(wanted.contains(v), absent) << "value " << v;
    } else if (!wanted.contains(v)) {
      ASSERT_FALSE(absent) << "value " << v << " removed but absent";
    }
  }
  ASSERT_EQ(left, wanted.count);
}

// Random tables with values below `limit`, random heaps and ranges (every block length and tail
// included), random wanted sets: both searches keep exactly the values the plain scan lacks
// (the vector one all of them; one by one, the smallest at least, and every value below its bound).
void check_random(std::uint32_t limit, bool vector, std::uint32_t seed) {
  std::mt19937 random(seed);
  for (int trial = 0; trial < 400; ++trial) {
    const std::uint64_t m = 64 + random() % 3000;
    std::vector<std::uint16_t> g(m + 1);
    // Few distinct values, so that many wanted values are found and some are not.
    const auto spread = static_cast<std::uint32_t>(1 + random() % limit);
    for (auto& v : g) v = static_cast<std::uint16_t>(random() % spread % (limit / 2));
    const std::uint64_t hi = 1 + random() % (m / 2 + 1);
    const std::uint64_t lo = 1 + random() % hi;
    WantedValues wanted;
    const int count = 1 + static_cast<int>(random() % 40);
    for (int i = 0; i < count; ++i) wanted.add(static_cast<std::uint32_t>(random() % limit));
    const WantedValues before = wanted;
    const std::set<std::uint32_t> present = split_values(g, m, lo, hi);
    const std::uint32_t bound = detail::find_wanted_pairs(g.data(), m, lo, hi, wanted, vector);
    SCOPED_TRACE(trial);
    expect_left(before, wanted, present, bound, vector, detail::kWantedLimit);
    // The smallest value left is absent whichever search ran.
    if (wanted.count != 0) {
      ASSERT_EQ(present.count(wanted.smallest()), 0u);
    }
  }
}

TEST(PairSearch, OneByOneMatchesAPlainScan) {
  check_random(256, false, 1);
  check_random(512, false, 2);
}

TEST(PairSearch, VectorSearchMatchesAPlainScan) {
  if (!detail::vector_pair_search_supported()) GTEST_SKIP() << "no AVX-512BW on this processor";
  check_random(256, true, 3);
  check_random(512, true, 4);
}

// The same on byte tables: of values, or of codes with classes (a split counts when its parts'
// classes agree), rare heaps among the first splits and among the last.
void check_random_bytes(bool vector, bool with_classes, std::uint32_t seed) {
  std::mt19937 random(seed);
  for (int trial = 0; trial < 400; ++trial) {
    const std::uint64_t m = 128 + random() % 3000;
    std::vector<std::uint8_t> g(m + 1);
    const auto spread = static_cast<std::uint32_t>(1 + random() % 256);
    for (auto& v : g) v = static_cast<std::uint8_t>(random() % spread % 128);
    detail::RareBits classes;
    if (with_classes) {
      const std::uint64_t region = 1 + random() % m;
      for (int i = 0; i < 60; ++i) classes.set(random() % region);
    }
    const detail::RareBits* use = with_classes ? &classes : nullptr;
    const std::uint64_t hi = 1 + random() % (m / 2 + 1);
    const std::uint64_t lo = 1 + random() % hi;
    WantedValues wanted;
    const int count = 1 + static_cast<int>(random() % 40);
    // (Values from 256 on, which no split of bytes has, stay wanted.)
    for (int i = 0; i < count; ++i) wanted.add(static_cast<std::uint32_t>(random() % 300));
    const WantedValues before = wanted;
    std::set<std::uint32_t> present;
    for (std::uint64_t a = lo; a < hi; ++a) {
      if (!with_classes || classes.rare(a) == classes.rare(m - a)) present.insert(g[a] ^ g[m - a]);
    }
    const std::uint32_t bound = detail::find_wanted_pairs(g.data(), m, lo, hi, wanted, vector, use);
    SCOPED_TRACE(trial);
    expect_left(before, wanted, present, bound, vector, 300);
    // The first split of each value, as the one-value search finds it.
    for (std::uint32_t v = 0; v < 300; ++v) {
      if (!before.contains(v)) continue;
      std::uint64_t first = hi;
      for (std::uint64_t a = lo; a < hi && first == hi; ++a) {
        if ((g[a] ^ g[m - a]) == v && (!with_classes || classes.rare(a) == classes.rare(m - a))) {
          first = a;
        }
      }
      ASSERT_EQ(detail::find_pair_bytes(g.data(), m, lo, hi, v, use, vector), first)
          << "value " << v;
    }
  }
}

TEST(PairSearch, ByteSearchesMatchAPlainScan) {
  for (const bool vector : {false, true}) {
    if (vector && !detail::vector_byte_search_supported()) {
      GTEST_SKIP() << "no AVX-512 VBMI and BITALG on this processor";
    }
    SCOPED_TRACE(vector);
    check_random_bytes(vector, false, 11);
    check_random_bytes(vector, true, 12);
  }
}

// The first split of one value, with and without AVX-512, against the plain loop.
TEST(PairSearch, FirstSplitOfOneValueMatchesAPlainLoop) {
  std::mt19937 random(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t m = 64 + random() % 2000;
    std::vector<std::uint16_t> g(m + 1);
    const auto spread = static_cast<std::uint32_t>(1 + random() % 300);
    for (auto& v : g) v = static_cast<std::uint16_t>(random() % spread);
    const std::uint64_t hi = 1 + random() % (m / 2 + 1);
    const std::uint64_t lo = 1 + random() % hi;
    const auto v = static_cast<std::uint32_t>(random() % 512);
    std::uint64_t expected = hi;
    for (std::uint64_t a = lo; a < hi && expected == hi; ++a) {
      if ((g[a] ^ g[m - a]) == v) expected = a;
    }
    ASSERT_EQ(detail::find_pair(g.data(), m, lo, hi, v), expected) << trial;
    ASSERT_EQ(detail::find_pair_vector(g.data(), m, lo, hi, v), expected) << trial;
  }
}

// The batch marking, for every stride it has a compiled case for and one it has not, with and
// without the vector marking of narrow value ranges, against a plain loop: the same bytes set,
// marks already there kept, nothing else written.
TEST(PairSearch, BatchMarkingMatchesAPlainLoop) {
  std::mt19937 random(6);
  for (const std::size_t width : {std::size_t{64}, std::size_t{128}, std::size_t{256},
                                  std::size_t{512}, std::size_t{1024}, std::size_t{2048}}) {
    SCOPED_TRACE(width);
    for (const std::size_t stride : {width + 64, width + 96}) {
      for (const bool vector : {false, true}) {
        const std::uint64_t m0 = 16 * (100 + random() % 200);
        std::vector<std::uint16_t> g(m0 + 16);
        for (auto& v : g) v = static_cast<std::uint16_t>(random() % (width / 2));
        std::vector<std::uint64_t> heaps;
        std::vector<std::uint32_t> values;
        for (std::uint32_t r = 1; r < m0; r += 1 + static_cast<std::uint32_t>(random() % 9)) {
          heaps.push_back(r);
          values.push_back(static_cast<std::uint32_t>(random() % (width / 2)));
        }
        std::vector<std::uint8_t> marks(16 * stride, 0);
        for (std::size_t k = 0; k < 40; ++k) marks[random() % marks.size()] = 1;
        std::vector<std::uint8_t> expected = marks;
        detail::mark_batch(g.data(), m0, heaps.data(), values.data(), heaps.size(), marks.data(),
                           stride, vector);
        for (std::size_t i = 0; i < heaps.size(); ++i) {
          for (std::size_t j = 0; j < 16; ++j) {
            expected[j * stride + (values[i] ^ g[m0 - heaps[i] + j])] = 1;
          }
        }
        ASSERT_EQ(marks, expected) << "stride " << stride << " vector " << vector;
      }
    }
  }
}

// The batch marking on byte tables (values, or codes at an offset), every compiled stride, with and
// without vectors; and the marking in registers of the indices below kLowIndices only: the same
// marks as a plain loop below the bound, none above it, marks already there kept.
TEST(PairSearch, ByteBatchMarkingMatchesAPlainLoop) {
  std::mt19937 random(13);
  for (const std::size_t width :
       {std::size_t{64}, std::size_t{128}, std::size_t{256}, std::size_t{512}}) {
    SCOPED_TRACE(width);
    const std::size_t stride = width + 64;
    // plain, vector, registers below kLowIndices, the same for some sets of each row only
    for (const int mode : {0, 1, 2, 3}) {
      const std::uint64_t m0 = 16 * (100 + random() % 200);
      std::vector<std::uint8_t> g(m0 + 16);
      // Values below width / 2, so that XORs stay below it (as the kernel's sets of width values).
      for (auto& v : g) v = static_cast<std::uint8_t>(random() % (width / 2));
      std::vector<std::uint64_t> heaps;
      std::vector<std::uint32_t> values;
      for (std::uint64_t r = 1; r < m0; r += 1 + random() % 9) {
        heaps.push_back(r);
        values.push_back(static_cast<std::uint32_t>(random() % (width / 2)));
      }
      std::vector<std::uint8_t> marks(16 * stride, 0);
      for (std::size_t k = 0; k < 40; ++k) marks[random() % marks.size()] = 1;
      std::vector<std::uint8_t> expected = marks;
      const std::size_t bound = mode >= 2 ? detail::kLowIndices : width;
      std::vector<std::uint16_t> lanes(heaps.size(), 0xFFFF);
      if (mode == 3) {
        for (auto& l : lanes) l = static_cast<std::uint16_t>(random());
      }
      if (mode >= 2) {
        if (!detail::vector_pair_search_supported()) continue;
        detail::mark_batch_low(g.data(), m0, heaps.data(), values.data(), heaps.size(),
                               marks.data(), stride, mode == 3 ? lanes.data() : nullptr);
      } else {
        detail::mark_batch(g.data(), m0, heaps.data(), values.data(), heaps.size(), marks.data(),
                           stride, mode == 1);
      }
      for (std::size_t i = 0; i < heaps.size(); ++i) {
        for (std::size_t j = 0; j < 16; ++j) {
          const std::size_t index = values[i] ^ g[m0 - heaps[i] + j];
          if (index < bound && (lanes[i] >> j & 1) != 0) expected[j * stride + index] = 1;
        }
      }
      ASSERT_EQ(marks, expected) << "stride " << stride << " mode " << mode;
    }
  }
}

// Held splits (the prefix splits block stretches keep out of their sets): for every word of
// indices and random bits of it, held_in gives exactly the bits that are the index of a split
// a in [lo, hi) (its entry, plus 256 when the parts' classes differ), with and without AVX-512 and
// near the table's start (where the vector path is not taken).
TEST(PairSearch, HeldSplitsMatchAPlainLoop) {
  std::mt19937_64 random(17);
  for (int round = 0; round < 300; ++round) {
    const bool with_classes = round % 2 == 1;
    const std::uint64_t m = round % 5 == 0 ? 2 + random() % 300 : 300 + random() % 3000;
    std::vector<std::uint8_t> g(m + 1);
    for (auto& v : g) v = static_cast<std::uint8_t>(random() % (round % 3 == 0 ? 8 : 256));
    detail::RareBits classes;
    if (with_classes) {
      for (int i = 0; i < 40; ++i) classes.set(random() % (m + 1));
    }
    const detail::RareBits* use = with_classes ? &classes : nullptr;
    const std::uint64_t most = std::min<std::uint64_t>(detail::kMaxHeldSplits, m / 2);
    const std::uint64_t hi = 2 + random() % most;
    const std::uint64_t lo = 1 + random() % (hi - 1);
    std::uint64_t expected[8] = {};
    for (std::uint64_t a = lo; a < hi; ++a) {
      const bool mixed = with_classes && classes.rare(a) != classes.rare(m - a);
      const std::uint32_t index = (g[a] ^ g[m - a]) + (mixed ? 256u : 0u);
      expected[index / 64] |= std::uint64_t{1} << (index % 64);
    }
    for (const bool vector : {false, true}) {
      if (vector && !detail::vector_byte_search_supported()) continue;
      detail::HeldSplits held;
      detail::hold_splits_bytes(g.data(), m, lo, hi, use, vector, held);
      for (std::size_t w = 0; w < 8; ++w) {
        for (const std::uint64_t bits :
             {~std::uint64_t{0}, std::uint64_t{random() & random()}, std::uint64_t{0}}) {
          ASSERT_EQ(detail::held_in(held, w, bits, vector), expected[w] & bits)
              << "round " << round << " vector " << vector << " word " << w;
        }
      }
    }
  }
}

// Bits to byte marks, with and without the vector stores: every bit marked, every mark already
// there kept, nothing else written.
TEST(PairSearch, MarkBitsMatchesAPlainLoop) {
  std::mt19937_64 random(11);
  for (int round = 0; round < 50; ++round) {
    const std::size_t words = 1 + round % 8;
    std::vector<std::uint64_t> bits(words);
    for (std::uint64_t& b : bits) b = random() & random();
    std::vector<std::uint8_t> before(64 * words + 64);
    for (std::uint8_t& mark : before) mark = random() % 5 == 0 ? 1 : 0;
    std::vector<std::uint8_t> expected = before;
    for (std::size_t i = 0; i < 64 * words; ++i) {
      if ((bits[i / 64] >> (i % 64) & 1) != 0) expected[i] = 1;
    }
    for (const bool vector : {false, true}) {
      std::vector<std::uint8_t> marks = before;
      detail::mark_bits(marks.data(), bits.data(), words, vector);
      ASSERT_EQ(marks, expected) << "round " << round << " vector " << vector;
    }
  }
}

TEST(PairSearch, WantedValuesCountAndSmallest) {
  WantedValues wanted;
  EXPECT_EQ(wanted.smallest(), detail::kWantedLimit);
  wanted.add(511);
  wanted.add(17);
  wanted.add(17);
  EXPECT_EQ(wanted.count, 2u);
  EXPECT_EQ(wanted.smallest(), 17u);
  wanted.remove(17);
  wanted.remove(3);
  EXPECT_EQ(wanted.count, 1u);
  EXPECT_EQ(wanted.smallest(), 511u);
}

std::vector<std::uint32_t> values_of(std::string_view code, std::uint64_t count, bool vector,
                                     unsigned threads) {
  Result<SplitGame> game = SplitGame::parse(code);
  EXPECT_TRUE(game.ok()) << code;
  Result<GrundySequence> sequence =
      GrundySequence::create(*game, SequenceAlgorithm::kSparse,
                             SequenceOptions{.threads = threads,
                                             .threads_min_rare = 0,
                                             .threads_stall_percent = 100,
                                             .vector_search = vector});
  EXPECT_TRUE(sequence.ok()) << code;
  EXPECT_TRUE(sequence->extend_to(count));
  return sequence->values(0, count);
}

// Games whose heaps need one split set (Grundy's game, .16, .6 with values in the hundreds) go
// through the joint search; .354 and .376 (two sets) through batches only.
TEST(PairSearch, SequencesAreTheSameWithAndWithoutVectorSearch) {
  for (const auto& [code, count] :
       std::vector<std::pair<std::string, std::uint64_t>>{{"grundy", 150'000},
                                                          {"0.16", 200'000},
                                                          {"0.6", 40'000},
                                                          {"0.354", 100'000},
                                                          {"0.376", 100'000},
                                                          {"4.44", 60'000}}) {
    SCOPED_TRACE(code);
    const std::vector<std::uint32_t> plain = values_of(code, count, false, 1);
    for (const unsigned threads : {1u, 2u}) {
      SCOPED_TRACE(threads);
      const std::vector<std::uint32_t> vector = values_of(code, count, true, threads);
      for (std::uint64_t n = 0; n < count; ++n) ASSERT_EQ(vector[n], plain[n]) << n;
    }
  }
}

}  // namespace
}  // namespace nimkit
