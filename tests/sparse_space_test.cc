// The sparse-space kernel against the plain reference, known periods, and checkpoints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/checkpoint_checksum.h"
#include "nimkit/grundy_sequence.h"
#include "sparse_test_support.h"

namespace nimkit {
namespace {

using testing::trivial_games;
using testing::TrivialGame;

GrundySequence make(std::string_view code, SequenceAlgorithm algorithm) {
  return testing::make_sequence(code, {}, algorithm);
}

std::vector<std::uint32_t> compute(std::string_view code, SequenceAlgorithm algorithm,
                                   std::uint64_t count) {
  GrundySequence sequence = make(code, algorithm);
  sequence.extend_to(count);
  return sequence.values(0, count);
}

void expect_sparse_equals_plain(std::string_view code, std::uint64_t count) {
  const auto plain = compute(code, SequenceAlgorithm::kPlain, count);
  const auto sparse = compute(code, SequenceAlgorithm::kSparse, count);
  for (std::uint64_t n = 0; n < count; ++n) {
    ASSERT_EQ(sparse[n], plain[n]) << code << " heap " << n;
  }
}

std::uint32_t digit_value(char c) {
  return c <= '9' ? static_cast<std::uint32_t>(c - '0') : static_cast<std::uint32_t>(c - 'A' + 10);
}

TEST(SparseSpace, TrivialGamesSparseEqualsPlainAndTable) {
  const auto games = trivial_games();
  ASSERT_EQ(games.size(), 82u);  // every row of the table
  for (const TrivialGame& t : games) {
    SCOPED_TRACE(t.code);
    const std::uint64_t count = 2000;
    const auto plain = compute(t.code, SequenceAlgorithm::kPlain, count);
    const auto sparse = compute(t.code, SequenceAlgorithm::kSparse, count);
    ASSERT_EQ(sparse, plain);
    // The table's digits: preperiod values, then one period repeated.
    std::string pre = t.nimbers.substr(0, t.nimbers.find('('));
    std::string per = t.nimbers.substr(t.nimbers.find('(') + 1);
    per.pop_back();
    ASSERT_EQ(pre.size(), t.preperiod);
    ASSERT_EQ(per.size(), t.period);
    for (std::uint64_t n = 0; n < count; ++n) {
      const char c = n < t.preperiod ? pre[n] : per[(n - t.preperiod) % t.period];
      ASSERT_EQ(plain[n], digit_value(c)) << "heap " << n;
    }
  }
}

TEST(SparseSpace, TrivialGamesPeriodsProved) {
  for (const TrivialGame& t : trivial_games()) {
    SCOPED_TRACE(t.code);
    GrundySequence sequence = make(t.code, SequenceAlgorithm::kSparse);
    Result<Periodicity> period = sequence.prove_period(100'000);
    ASSERT_TRUE(period.ok()) << period.error();
    EXPECT_EQ(period->period, t.period);
    // The table lists the preperiod as the first heap of the repeating part (so "0(01)" has 1).
    EXPECT_EQ(period->preperiod, t.preperiod);
    EXPECT_LE(period->needed, sequence.size());
  }
}

TEST(SparseSpace, NamedAndLargerGamesSparseEqualsPlain) {
  for (const char* code : {"kayles", "dawson", "0.16", "0.354", "0.376", "0.6", "0.07", "0.137",
                           "4.7", "0.1337", "0.34", "0.76", "0.775", "4.0", "0.4", "0.52",
                           // Split lengths far apart (split sets in slots m mod 5 and 7), and
                           // more split lengths than the split sets serve (11).
                           "0.40004", "4.004004", "0.44444444444", "0.14444444444"}) {
    expect_sparse_equals_plain(code, 4000);
  }
  // Officers past heap 10344, whose value 256 takes the value range to 511 (split values and the
  // mex up to 512 in the bitmaps of missing values and the joint search).
  expect_sparse_equals_plain("0.6", 16384);
  // Hex digits with three-way splits (the plain algorithm runs for both).
  for (const char* code : {"0.3F", "0.8", "4.C"}) expect_sparse_equals_plain(code, 300);
}

// A checkpoint whose checksum is right but whose values the game cannot have is refused before
// anything is sized by a value (one forged value once made --resume allocate 7.8 GB).
TEST(SparseSpace, RestoreRefusesImpossibleValues) {
  // 1-byte (packed), 16-bit and 32-bit storage.
  for (const SequenceOptions options : {SequenceOptions{}, SequenceOptions{.packed = false},
                                        SequenceOptions{.narrow_limit = 0, .packed = false}}) {
    auto sequence =
        GrundySequence::create(*SplitGame::parse("0.77"), SequenceAlgorithm::kSparse, options);
    ASSERT_TRUE(sequence);
    sequence->extend_to(1000);
    std::vector<std::uint8_t> bytes = sequence->checkpoint();
    ASSERT_TRUE(GrundySequence::restore(bytes));
    // The values are the last field before the checksum; heap 999's is the last of them.
    const int width = sequence->value_bytes();
    for (int i = 0; i < width; ++i) bytes[bytes.size() - 8 - width + i] = 0xFF;
    testing::reseal_checkpoint(bytes);
    auto restored = GrundySequence::restore(bytes);
    ASSERT_FALSE(restored);
    EXPECT_NE(restored.error().find("heap 999 has value"), std::string::npos) << restored.error();
  }
}

TEST(SparseSpace, GrundysGameSparseEqualsPlain) { expect_sparse_equals_plain("grundy", 6000); }

TEST(SparseSpace, GrundysGameKnownValues) {
  // OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0.
  const std::vector<std::uint32_t> expected = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                               2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  EXPECT_EQ(compute("grundy", SequenceAlgorithm::kSparse, expected.size()), expected);
}

TEST(SparseSpace, KaylesIsPeriodic12After70) {
  GrundySequence kayles = make("kayles", SequenceAlgorithm::kSparse);
  Result<Periodicity> period = kayles.prove_period(10'000);
  ASSERT_TRUE(period.ok()) << period.error();
  EXPECT_EQ(period->period, 12u);
  EXPECT_EQ(period->preperiod, 71u);
}

TEST(SparseSpace, LongSequencesOfPeriodicGamesStreamFromTheProof) {
  // Dawson's Kayles, Dawson's Chess, .4 and a trivial game: a million values cost only the heaps
  // the proof needs, and agree with the values computed heap by heap.
  for (const char* code : {"dawson", "0.137", "0.4", "0.1"}) {
    SCOPED_TRACE(code);
    GrundySequence sequence = make(code, SequenceAlgorithm::kSparse);
    Result<Periodicity> period = sequence.prove_period(1'000'000);
    ASSERT_TRUE(period.ok()) << period.error();
    EXPECT_LE(sequence.size(), std::max<std::uint64_t>(2 * period->needed, 1024));
    const auto streamed = sequence.values(0, 1'000'000, *period);
    EXPECT_LE(sequence.size(), std::max<std::uint64_t>(2 * period->needed, 1024));
    const std::uint64_t check = 5000;
    const auto plain = compute(code, SequenceAlgorithm::kPlain, check);
    ASSERT_EQ(std::vector<std::uint32_t>(streamed.begin(), streamed.begin() + check), plain);
    for (std::uint64_t n = period->preperiod; n + period->period < streamed.size(); n += 9973) {
      EXPECT_EQ(streamed[n], streamed[n + period->period]) << "heap " << n;
    }
  }
}

TEST(SparseSpace, DotSixteenHasPeriod149459From105351) {
  GrundySequence sequence = make("0.16", SequenceAlgorithm::kSparse);
  Result<Periodicity> period = sequence.prove_period(1'000'000);
  ASSERT_TRUE(period.ok()) << period.error();
  EXPECT_EQ(period->period, 149459u);
  EXPECT_EQ(period->preperiod, 105351u);
}

TEST(SparseSpace, GrundysGameHasNoPeriodTheorem) {
  GrundySequence sequence = make("grundy", SequenceAlgorithm::kSparse);
  Result<Periodicity> period = sequence.prove_period(1000);
  ASSERT_FALSE(period.ok());
  EXPECT_NE(period.error().find("Grundy's game"), std::string::npos);
}

TEST(SparseSpace, PeriodSearchFailsNamingTheLimit) {
  GrundySequence sequence = make("0.16", SequenceAlgorithm::kSparse);
  Result<Periodicity> period = sequence.prove_period(5000);
  ASSERT_FALSE(period.ok());
  EXPECT_NE(period.error().find("within 5000 heaps"), std::string::npos) << period.error();
}

TEST(SparseSpace, StorageWidensWhenAValueDoesNotFit) {
  // Real values above 65535 need heaps with 65536 options each, too slow for a unit test; a
  // lowered narrow limit takes the same path (16-bit table copied to 32 bits mid-run).
  const auto plain = compute("grundy", SequenceAlgorithm::kPlain, 3000);
  Result<GrundySequence> sequence =
      GrundySequence::create(SplitGame::grundy(), SequenceAlgorithm::kSparse,
                             SequenceOptions{.narrow_limit = 20, .packed = false});
  ASSERT_TRUE(sequence.ok());
  sequence->extend_to(100);
  EXPECT_EQ(sequence->value_bytes(), 2);
  sequence->extend_to(3000);
  EXPECT_EQ(sequence->value_bytes(), 4);
  EXPECT_EQ(sequence->values(0, 3000), plain);
  Result<GrundySequence> resumed = GrundySequence::restore(sequence->checkpoint(), nullptr, nullptr,
                                                           SequenceOptions{.packed = false});
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_EQ(resumed->value_bytes(), 4);
  resumed->extend_to(4000);
  EXPECT_EQ(resumed->values(0, 3000), plain);
}

TEST(SparseSpace, ProgressCallbackReportsAndStops) {
  GrundySequence sequence = make("grundy", SequenceAlgorithm::kSparse);
  std::vector<std::uint64_t> seen;
  const bool finished = sequence.extend_to(
      10'000,
      [&](const SequenceProgress& p) {
        seen.push_back(p.heaps_done);
        EXPECT_EQ(p.target, 10'000u);
        return p.heaps_done < 3000;
      },
      1000);
  EXPECT_FALSE(finished);
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{1000, 2000, 3000}));
  EXPECT_EQ(sequence.size(), 3000u);
}

TEST(SparseSpace, StatsDescribeTheValues) {
  GrundySequence sequence = make("grundy", SequenceAlgorithm::kSparse);
  sequence.extend_to(3000);
  const SequenceStats stats = sequence.stats();
  std::uint64_t total = 0;
  for (const std::uint64_t f : stats.frequency) total += f;
  EXPECT_EQ(total, 3000u);
  EXPECT_EQ(sequence.value(stats.max_value_first), stats.max_value);
  for (std::uint64_t n = 0; n < stats.max_value_first; ++n)
    EXPECT_LT(sequence.value(n), stats.max_value);
  EXPECT_NE(stats.mask, 0u);
  ASSERT_TRUE(stats.last_rare.has_value());
  EXPECT_EQ(sequence.progress().rare_count, stats.rare_count);
}

TEST(Checkpoint, ResumeGivesIdenticalResults) {
  for (const char* code : {"grundy", "0.354"}) {
    SCOPED_TRACE(code);
    GrundySequence whole = make(code, SequenceAlgorithm::kSparse);
    whole.extend_to(20'000);
    GrundySequence first = make(code, SequenceAlgorithm::kSparse);
    first.extend_to(7'777);
    const std::vector<std::uint8_t> bytes = first.checkpoint();
    Result<GrundySequence> resumed = GrundySequence::restore(bytes);
    ASSERT_TRUE(resumed.ok()) << resumed.error();
    EXPECT_EQ(resumed->size(), 7'777u);
    resumed->extend_to(20'000);
    EXPECT_EQ(resumed->values(0, 20'000), whole.values(0, 20'000));
    EXPECT_EQ(resumed->stats().mask, whole.stats().mask);
    EXPECT_EQ(resumed->checkpoint(), whole.checkpoint());
  }
}

// The format-1 checksum as it was computed over the whole image at once, before checkpoints were
// streamed: the streamed writer must give the same bytes (old checkpoints stay readable).
std::uint64_t whole_image_checksum(const std::vector<std::uint8_t>& bytes) {
  constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  std::uint64_t h = 0xcbf29ce484222325ULL;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word = 0;
    for (int b = 0; b < 8; ++b) word |= std::uint64_t{bytes[i + b]} << (8 * b);
    h = (h ^ word) * kPrime;
    h ^= h >> 29;
  }
  for (; i < bytes.size(); ++i) h = (h ^ bytes[i]) * kPrime;
  return h;
}

TEST(Checkpoint, StreamedInChunksWithTheFormatOneChecksum) {
  // 700,001 values: a table of more than one chunk (1 MiB), an odd byte count.
  GrundySequence sequence = make("0.354", SequenceAlgorithm::kSparse);
  sequence.extend_to(700'001);
  std::vector<std::uint8_t> streamed;
  std::size_t chunks = 0;
  ASSERT_TRUE(sequence.write_checkpoint([&](std::span<const std::uint8_t> bytes) {
    EXPECT_LE(bytes.size(), kCheckpointChunk);
    streamed.insert(streamed.end(), bytes.begin(), bytes.end());
    ++chunks;
    return true;
  }));
  EXPECT_GE(chunks, 2u);
  EXPECT_EQ(streamed, sequence.checkpoint());
  ASSERT_GT(streamed.size(), 8u);
  const std::vector<std::uint8_t> body(streamed.begin(), streamed.end() - 8);
  std::uint64_t stored = 0;
  for (int b = 0; b < 8; ++b) stored |= std::uint64_t{streamed[body.size() + b]} << (8 * b);
  EXPECT_EQ(stored, whole_image_checksum(body));

  // A sink that fails stops the write.
  std::size_t calls = 0;
  EXPECT_FALSE(sequence.write_checkpoint([&](std::span<const std::uint8_t>) {
    ++calls;
    return false;
  }));
  EXPECT_EQ(calls, 1u);

  // Read back through a source that hands out odd-sized pieces.
  for (const std::size_t piece : {std::size_t{1} << 20, std::size_t{7}, std::size_t{4093}}) {
    SCOPED_TRACE(piece);
    std::size_t at = 0;
    Result<GrundySequence> restored = GrundySequence::restore(
        [&](std::span<std::uint8_t> buffer) {
          const std::size_t n = std::min({buffer.size(), piece, streamed.size() - at});
          std::copy_n(streamed.begin() + static_cast<std::ptrdiff_t>(at), n, buffer.begin());
          at += n;
          return n;
        },
        streamed.size());
    ASSERT_TRUE(restored.ok()) << restored.error();
    EXPECT_EQ(restored->values(0, 700'001), sequence.values(0, 700'001));
    EXPECT_EQ(restored->stats().rare_count, sequence.stats().rare_count);
  }
  // A source that ends early, or a size that does not match the header, is refused.
  std::size_t at = 0;
  Result<GrundySequence> short_read = GrundySequence::restore(
      [&](std::span<std::uint8_t> buffer) {
        const std::size_t n = std::min(buffer.size(), streamed.size() / 2 - at);
        std::copy_n(streamed.begin() + static_cast<std::ptrdiff_t>(at), n, buffer.begin());
        at += n;
        return n;
      },
      streamed.size());
  ASSERT_FALSE(short_read.ok());
  EXPECT_NE(short_read.error().find("truncated"), std::string::npos) << short_read.error();
  Result<GrundySequence> wrong_size =
      GrundySequence::restore(std::span(streamed).first(streamed.size() - 2));
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_NE(wrong_size.error().find("corrupt or truncated"), std::string::npos)
      << wrong_size.error();
}

TEST(Checkpoint, CorruptCheckpointIsRefused) {
  GrundySequence sequence = make("kayles", SequenceAlgorithm::kSparse);
  sequence.extend_to(1000);
  const std::vector<std::uint8_t> good = sequence.checkpoint();
  ASSERT_TRUE(GrundySequence::restore(good).ok());

  std::vector<std::uint8_t> flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;
  Result<GrundySequence> bad = GrundySequence::restore(flipped);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("corrupt"), std::string::npos) << bad.error();

  std::vector<std::uint8_t> truncated(good.begin(), good.end() - 100);
  ASSERT_FALSE(GrundySequence::restore(truncated).ok());

  std::vector<std::uint8_t> garbage = {'h', 'e', 'l', 'l', 'o'};
  bad = GrundySequence::restore(garbage);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("not a nimkit grundy checkpoint"), std::string::npos);

  std::vector<std::uint8_t> future = good;
  future[8] = 99;
  bad = GrundySequence::restore(future);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("version 99"), std::string::npos) << bad.error();
}

TEST(Checkpoint, MismatchedGameOrAlgorithmIsRefused) {
  GrundySequence sequence = make("kayles", SequenceAlgorithm::kSparse);
  sequence.extend_to(500);
  const auto bytes = sequence.checkpoint();
  const SplitGame dawson = *SplitGame::parse("dawson");
  Result<GrundySequence> bad = GrundySequence::restore(bytes, &dawson);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "checkpoint is for game 0.77, not 0.07");
  const SequenceAlgorithm plain = SequenceAlgorithm::kPlain;
  bad = GrundySequence::restore(bytes, nullptr, &plain);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "checkpoint was made by the sparse algorithm, not plain");
}

TEST(SplitGameTest, ParsesCodesNamesAndGrundy) {
  EXPECT_EQ(SplitGame::parse(".77")->code(), "0.77");
  EXPECT_EQ(SplitGame::parse("kayles")->code(), "0.77");
  EXPECT_EQ(SplitGame::parse("grundy")->code(), "grundy");
  EXPECT_EQ(SplitGame::parse("4.3")->max_removal(), 1u);
  EXPECT_FALSE(SplitGame::parse("0.9x").ok());
  EXPECT_FALSE(SplitGame::parse("0.0").ok());
}

}  // namespace
}  // namespace nimkit
