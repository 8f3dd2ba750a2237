// One byte per value (src/sparse/value_table.h): the code of values from 256 to 511 against brute
// force, and packed tables and checkpoints against 16-bit ones on every sparse ruleset the other
// sparse tests cover, through every switch of form, on one and several threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz/checkpoint_checksum.h"
#include "nimkit/grundy_sequence.h"
#include "sparse/value_table.h"
#include "sparse_test_support.h"

namespace nimkit {
namespace {

bool brute_common(std::uint32_t value, std::uint32_t mask) {
  return (std::popcount(value & mask) & 1) != 0;
}

TEST(ValueCode, EveryMaskCodesEveryValueBackInOrderWithinItsClass) {
  for (std::uint32_t mask = 1; mask < 512; ++mask) {
    const detail::ValueCode code(mask);
    std::vector<bool> index_used(512, false);
    std::uint32_t rare_so_far = 0;
    std::int32_t last_code[2] = {-1, -1};  // the last code of each class, values ascending
    for (std::uint32_t v = 0; v < 512; ++v) {
      const bool rare = !brute_common(v, mask);
      ASSERT_EQ(code.common(v), !rare);
      const std::uint32_t c = code.encode(v);
      ASSERT_LT(c, 256u);
      ASSERT_EQ(code.decode(c, rare), v) << "mask " << mask << " value " << v;
      const std::uint32_t index = code.index(v);
      ASSERT_EQ(index, c + (rare ? 0u : 256u));
      ASSERT_FALSE(index_used[index]) << "mask " << mask << " value " << v;
      index_used[index] = true;
      ASSERT_GT(static_cast<std::int32_t>(c), last_code[rare]) << "mask " << mask << " value " << v;
      last_code[rare] = static_cast<std::int32_t>(c);
      ASSERT_EQ(code.rare_below(v), rare_so_far) << "mask " << mask << " value " << v;
      if (rare) ++rare_so_far;
    }
    EXPECT_EQ(code.rare_below(512), rare_so_far);
    // The code of a split is the XOR of its parts' codes.
    for (std::uint32_t x = 0; x < 512; x += 37) {
      for (std::uint32_t y = 0; y < 512; y += 11) {
        ASSERT_EQ(code.encode(x ^ y), code.encode(x) ^ code.encode(y));
      }
    }
  }
}

TEST(RareBits, BitsFromEveryHeapMatchASet) {
  std::mt19937 random(7);
  detail::RareBits bits;
  std::vector<bool> rare(5000, false);
  for (int i = 0; i < 300; ++i) {
    const std::uint64_t h = random() % 4000;
    rare[h] = true;
    bits.set(h);
  }
  std::uint64_t limit = 0;
  for (std::uint64_t h = 0; h < rare.size(); ++h) {
    if (rare[h]) limit = h + 1;
  }
  EXPECT_EQ(bits.limit(), limit);
  for (std::uint64_t h = 0; h < rare.size(); ++h) ASSERT_EQ(bits.rare(h), rare[h]) << h;
  for (std::uint64_t h = 0; h < limit; ++h) {
    std::uint64_t expected = 0;
    for (std::uint64_t i = 0; i < 64 && h + i < rare.size(); ++i) {
      if (rare[h + i]) expected |= std::uint64_t{1} << i;
    }
    ASSERT_EQ(bits.bits_from(h), expected) << h;
  }
}

GrundySequence make(std::string_view code, const SequenceOptions& options) {
  return testing::make_sequence(code, options);
}

std::vector<std::uint32_t> values_of(std::string_view code, std::uint64_t count,
                                     const SequenceOptions& options) {
  GrundySequence sequence = make(code, options);
  EXPECT_TRUE(sequence.extend_to(count));
  return sequence.values(0, count);
}

// The games of the other sparse tests (sparse_space_test.cc, sparse_threads_test.cc,
// pair_search_test.cc, period_search_test.cc, sequence_engine_test.cc), far enough for their tables
// to be packed: values below 256 as bytes, Officers (.6) past heap 10344 and 4.004004 past 3162 as
// codes (their values pass 255 there). .44444444444 and .14444444444 have more split lengths than
// the split sets serve: their values, which pass 255, are not coded (16 bits). The trivial games of
// the table are covered by TrivialGamesToo below; the hexadecimal codes with three-way splits
// (0.3F, 0.8, 4.C) run the plain algorithm, on 16 bits.
struct Case {
  const char* code;
  std::uint64_t count;
  int value_bytes = 1;
};
// Under the sanitizers, which run this code ten times slower and look for memory errors rather
// than values, the long cases stop at a quarter of their heaps, never below 12,000 (past where
// Officers' values are coded, and where the threads run).
#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kCountDivisor = 4;
#else
constexpr std::uint64_t kCountDivisor = 1;
#endif

std::vector<Case> scaled(std::vector<Case> all) {
  for (Case& c : all)
    c.count = std::max(std::min<std::uint64_t>(c.count, 12'000), c.count / kCountDivisor);
  return all;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = scaled({{"grundy", 60'000},
                                               {"0.6", 20'000},
                                               {"4.004004", 5000},
                                               {"0.16", 100'000},
                                               {"0.354", 100'000},
                                               {"0.376", 60'000},
                                               {"0.77", 20'000},
                                               {"4.44", 30'000},
                                               {"0.137", 5000},
                                               {"0.07", 5000},
                                               {"0.1337", 4000},
                                               {"0.44444444444", 3000, 2},
                                               {"kayles", 5000},
                                               {"dawson", 5000},
                                               {"4.7", 4000},
                                               {"0.34", 4000},
                                               {"0.76", 4000},
                                               {"0.775", 4000},
                                               {"4.0", 4000},
                                               {"0.4", 4000},
                                               {"0.52", 4000},
                                               {"0.40004", 4000},
                                               {"0.14444444444", 3000, 2},
                                               {"0.1", 4000},
                                               {"4.12", 5000},
                                               {"0.15", 5000},
                                               {"0.51", 5000},
                                               {"0.007", 5000},
                                               {"0.F", 5000}});
  return all;
}

TEST(PackedTables, SameValuesAsSixteenBitsOnOneAndSeveralThreadsWithAndWithoutVectors) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.code);
    const std::vector<std::uint32_t> wide = values_of(c.code, c.count, {.packed = false});
    GrundySequence packed = make(c.code, {});
    ASSERT_TRUE(packed.extend_to(c.count));
    EXPECT_EQ(packed.value_bytes(), c.value_bytes);
    ASSERT_EQ(packed.values(0, c.count), wide);
    for (const unsigned threads : {2u, 3u}) {
      SCOPED_TRACE(threads);
      ASSERT_EQ(
          values_of(c.code, c.count,
                    {.threads = threads, .threads_min_rare = 0, .threads_stall_percent = 100}),
          wide);
    }
    ASSERT_EQ(values_of(c.code, c.count, {.vector_search = false}), wide);
  }
}

// Lowered limits take Grundy's game through every form, in the middle of stretches of threads:
// values up to 40 as bytes, to 90 as codes, to 110 in 16 bits, then 32 (its values reach 230).
TEST(PackedTables, EverySwitchOfFormKeepsTheValues) {
  const std::vector<std::uint32_t> wide = values_of("grundy", 60'000, {.packed = false});
  for (const auto& [threads, interval] :
       std::vector<std::pair<unsigned, std::uint64_t>>{{1, 0}, {2, 5000}, {3, 0}}) {
    SCOPED_TRACE(::testing::Message() << threads << " threads, interval " << interval);
    GrundySequence sequence = make("grundy", {.narrow_limit = 110,
                                              .threads = threads,
                                              .threads_min_rare = 0,
                                              .threads_stall_percent = 100,
                                              .byte_limit = 40,
                                              .code_limit = 90});
    // Stretches of more than 4096 heaps, where the threads run, end in every form.
    for (const std::uint64_t count : {1000, 6000, 12'000, 60'000}) {
      ASSERT_TRUE(interval == 0
                      ? sequence.extend_to(count)
                      : sequence.extend_to(
                            count, [](const SequenceProgress&) { return true; }, interval));
      const std::uint32_t top = sequence.progress().max_value;
      EXPECT_EQ(sequence.value_bytes(), top <= 90 ? 1 : top <= 110 ? 2 : 4) << count;
    }
    ASSERT_EQ(sequence.values(0, 60'000), wide);
  }
}

// The stored table lent out without a copy: its words are the values while they are plain, in
// every width, and say they are not while bytes hold codes.
TEST(PackedTables, StoredTableIsTheValuesWhilePlain) {
  GrundySequence sequence =
      make("grundy", {.narrow_limit = 110, .byte_limit = 40, .code_limit = 90});
  for (const std::uint64_t count : {1000, 6000, 12'000, 60'000}) {
    ASSERT_TRUE(sequence.extend_to(count));
    const GrundySequence::StoredTable table = sequence.stored_table();
    const std::uint32_t top = sequence.progress().max_value;
    ASSERT_EQ(table.count, sequence.size());
    ASSERT_EQ(table.bytes, sequence.value_bytes());
    EXPECT_EQ(table.plain, top <= 40 || top > 90) << count;
    if (!table.plain) continue;
    for (std::uint64_t n = 0; n < table.count; ++n) {
      const std::uint32_t stored =
          table.bytes == 1   ? static_cast<const std::uint8_t*>(table.data)[n]
          : table.bytes == 2 ? static_cast<const std::uint16_t*>(table.data)[n]
                             : static_cast<const std::uint32_t*>(table.data)[n];
      ASSERT_EQ(stored, sequence.value(n)) << n;
    }
  }
}

std::uint32_t checkpoint_version(const std::vector<std::uint8_t>& bytes) {
  return bytes[8] | bytes[9] << 8 | bytes[10] << 16 | static_cast<std::uint32_t>(bytes[11]) << 24;
}

// A checkpoint in either form resumes in either form: the same values, and, byte for byte, the
// checkpoint of a run in the form resumed that was never stopped.
TEST(PackedCheckpoints, ResumeInEitherFormWithIdenticalValues) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.code);
    GrundySequence whole = make(c.code, {});
    ASSERT_TRUE(whole.extend_to(c.count));
    GrundySequence whole_wide = make(c.code, {.packed = false});
    ASSERT_TRUE(whole_wide.extend_to(c.count));
    for (const bool packed_first : {true, false}) {
      for (const bool packed_then : {true, false}) {
        SCOPED_TRACE(::testing::Message() << packed_first << " then " << packed_then);
        GrundySequence first = make(c.code, {.packed = packed_first});
        ASSERT_TRUE(first.extend_to(c.count / 2 + 1));
        const std::vector<std::uint8_t> bytes = first.checkpoint();
        EXPECT_EQ(checkpoint_version(bytes), packed_first && c.value_bytes == 1 ? 2u : 1u);
        Result<GrundySequence> resumed =
            GrundySequence::restore(bytes, nullptr, nullptr, {.packed = packed_then});
        ASSERT_TRUE(resumed.ok()) << resumed.error();
        EXPECT_EQ(resumed->value_bytes(), packed_then ? c.value_bytes : 2);
        ASSERT_TRUE(resumed->extend_to(c.count));
        ASSERT_EQ(resumed->values(0, c.count), whole.values(0, c.count));
        // Byte for byte the checkpoint of a run that was never stopped, in the form resumed.
        EXPECT_EQ(resumed->checkpoint(),
                  packed_then ? whole.checkpoint() : whole_wide.checkpoint());
        EXPECT_EQ(resumed->stats().rare_count, whole.stats().rare_count);
      }
    }
  }
}

// The trivial games of the table (sparse_space_test.cc): packed and 16-bit tables, and their
// checkpoints read back in the other form, hold the same values.
TEST(PackedTables, TrivialGamesToo) {
  const std::uint64_t count = 2000;
  for (const testing::TrivialGame& t : testing::trivial_games()) {
    SCOPED_TRACE(t.code);
    GrundySequence packed = make(t.code, {});
    GrundySequence wide = make(t.code, {.packed = false});
    ASSERT_TRUE(packed.extend_to(count));
    ASSERT_TRUE(wide.extend_to(count));
    EXPECT_EQ(packed.value_bytes(), 1);
    const std::vector<std::uint32_t> values = wide.values(0, count);
    ASSERT_EQ(packed.values(0, count), values);
    Result<GrundySequence> from_packed =
        GrundySequence::restore(packed.checkpoint(), nullptr, nullptr, {.packed = false});
    Result<GrundySequence> from_wide = GrundySequence::restore(wide.checkpoint());
    ASSERT_TRUE(from_packed.ok()) << from_packed.error();
    ASSERT_TRUE(from_wide.ok()) << from_wide.error();
    EXPECT_EQ(from_packed->checkpoint(), wide.checkpoint());
    EXPECT_EQ(from_wide->checkpoint(), packed.checkpoint());
    ASSERT_EQ(from_wide->values(0, count), values);
  }
}

// Officers past its first value 256: a coded checkpoint with its rare heaps listed. A list that is
// not ascending, names heap 0 or a heap past the table, or claims more heaps than there are, and
// a mask no code can have, are refused (the checksum resealed, so that these checks are reached).
TEST(PackedCheckpoints, CorruptRareListOrMaskIsRefused) {
  GrundySequence sequence = make("0.6", {});
  ASSERT_TRUE(sequence.extend_to(11'000));
  const std::vector<std::uint8_t> good = sequence.checkpoint();
  ASSERT_EQ(checkpoint_version(good), 2u);
  // Header: magic 8, version 4, code length 4, "0.6" 3, algorithm, width, mask 4, next choice 8,
  // count 8, coding, rare count 8; then the rare heaps, 8 bytes each.
  const std::size_t coding = 8 + 4 + 4 + 3 + 1 + 1 + 4 + 8 + 8;
  ASSERT_EQ(good[coding], 1);  // codes
  const std::size_t rare_count = coding + 1;
  const std::size_t first_rare = rare_count + 8;
  const std::size_t mask = 8 + 4 + 4 + 3 + 1 + 1;
  ASSERT_TRUE(GrundySequence::restore(good).ok());
  auto refused = [&](std::size_t at, std::uint8_t value, const std::string& message) {
    std::vector<std::uint8_t> bad = good;
    for (std::size_t i = 0; i < 8; ++i) bad.at(at + i) = 0;
    bad[at] = value;
    testing::reseal_checkpoint(bad);
    const Result<GrundySequence> restored = GrundySequence::restore(bad);
    ASSERT_FALSE(restored.ok()) << "byte " << at;
    EXPECT_NE(restored.error().find(message), std::string::npos) << restored.error();
  };
  refused(first_rare, 0, "bad rare heap");         // heap 0 is never listed
  refused(first_rare + 8, 1, "bad rare heap");     // not ascending
  refused(first_rare, 0xFF, "bad rare heap");      // 255 > the next
  refused(rare_count, 0xFF, "wrong value count");  // the size says otherwise
  std::uint64_t listed = 0;
  for (int i = 0; i < 8; ++i) listed |= std::uint64_t{good[rare_count + i]} << (8 * i);
  ASSERT_GT(listed, 2u);
  std::vector<std::uint8_t> past = good;  // the last heap past the table
  for (std::size_t i = 0; i < 8; ++i) past.at(first_rare + 8 * (listed - 1) + i) = 0xFF;
  testing::reseal_checkpoint(past);
  EXPECT_FALSE(GrundySequence::restore(past).ok());
  std::vector<std::uint8_t> no_mask = good;
  for (std::size_t i = 0; i < 4; ++i) no_mask.at(mask + i) = 0;
  testing::reseal_checkpoint(no_mask);
  const Result<GrundySequence> restored = GrundySequence::restore(no_mask);
  ASSERT_FALSE(restored.ok());
  EXPECT_NE(restored.error().find("bad mask"), std::string::npos) << restored.error();
}

}  // namespace
}  // namespace nimkit
