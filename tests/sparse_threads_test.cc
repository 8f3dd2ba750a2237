// The sparse-space kernel with helper threads gives the values and checkpoint bytes of one thread,
// and a table over the memory budget is refused before anything is computed.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/grundy_sequence.h"
#include "sparse_test_support.h"

namespace nimkit {
namespace {

GrundySequence make(std::string_view code, const SequenceOptions& options) {
  return testing::make_sequence(code, options);
}

struct Computed {
  std::vector<std::uint32_t> values;
  std::vector<std::uint8_t> checkpoint;
};

// `count` values on `threads` threads; with a progress interval the run is cut into pieces (each
// a separate stretch of helpers). The threads never step down unless `stall_percent` says so.
Computed run(std::string_view code, unsigned threads, std::uint64_t count,
             std::uint64_t interval = 0, std::uint32_t narrow_limit = 0xFFFF,
             std::uint32_t stall_percent = 100) {
  GrundySequence sequence = make(code, SequenceOptions{.narrow_limit = narrow_limit,
                                                       .threads = threads,
                                                       .threads_min_rare = 0,
                                                       .threads_stall_percent = stall_percent,
                                                       .packed = narrow_limit == 0xFFFF});
  if (interval == 0) {
    EXPECT_TRUE(sequence.extend_to(count));
  } else {
    EXPECT_TRUE(sequence.extend_to(
        count, [](const SequenceProgress&) { return true; }, interval));
  }
  return Computed{sequence.values(0, count), sequence.checkpoint()};
}

void expect_same_runs(std::string_view code, std::uint64_t count) {
  SCOPED_TRACE(std::string(code));
  const Computed one = run(code, 1, count);
  for (const unsigned threads : {2u, 3u}) {
    SCOPED_TRACE(threads);
    const Computed many = run(code, threads, count);
    ASSERT_EQ(many.values.size(), one.values.size());
    for (std::uint64_t n = 0; n < count; ++n) ASSERT_EQ(many.values[n], one.values[n]) << n;
    EXPECT_EQ(many.checkpoint, one.checkpoint);
  }
}

// One split set per heap (Grundy's game, .16): the sets are searched ahead. Several (.354, .376,
// .77): only their rare parts are built ahead.
TEST(SparseThreads, GrundysGameMatchesOneThread) { expect_same_runs("grundy", 200'000); }
TEST(SparseThreads, OctalSixteenMatchesOneThread) { expect_same_runs("0.16", 300'000); }
TEST(SparseThreads, OctalThreeFiveFourMatchesOneThread) { expect_same_runs("0.354", 300'000); }
TEST(SparseThreads, OctalThreeSevenSixMatchesOneThread) { expect_same_runs("0.376", 300'000); }
TEST(SparseThreads, KaylesMatchesOneThread) { expect_same_runs("0.77", 300'000); }
TEST(SparseThreads, OfficersMatchesOneThread) { expect_same_runs("0.6", 300'000); }

// The blocks' long prefixes are marked 64 splits a step with the vector search, one by one
// without it.
TEST(SparseThreads, BlocksWithoutVectorsMatchOneThread) {
  for (const char* code : {"grundy", "0.6"}) {
    SCOPED_TRACE(code);
    const Computed one = run(code, 1, 150'000);
    GrundySequence two = make(code, SequenceOptions{.threads = 2,
                                                    .threads_min_rare = 0,
                                                    .threads_stall_percent = 100,
                                                    .vector_search = false});
    ASSERT_TRUE(two.extend_to(150'000));
    EXPECT_EQ(two.values(0, 150'000), one.values);
    EXPECT_GT(two.thread_work().finishes_by_helpers, 50'000u);
  }
}

// Two threads on a code with one split set per heap take blocks of 64 heaps in turn, each building
// and finishing the sets of its own blocks: their shares differ by at most a block a stretch (the
// pipeline of three or more threads shares the sets as its helpers come to them).
TEST(SparseThreads, TwoThreadsTakeBlocksInTurn) {
  for (const char* code : {"grundy", "0.6"}) {
    SCOPED_TRACE(code);
    GrundySequence sequence = testing::make_sequence(
        code, {.threads = 2, .threads_min_rare = 0, .threads_stall_percent = 100});
    ASSERT_TRUE(sequence.extend_to(200'000));
    const ThreadWork work = sequence.thread_work();
    EXPECT_GT(work.heaps, 150'000u);
    // (Each stretch starts with a few heaps whose sets are built whole, as on one thread.)
    EXPECT_GE(work.finishes_by_caller + work.finishes_by_helpers, work.heaps - work.heaps / 100);
    // A block at most a stretch (a stretch ends at a mask choice or a larger value: a few).
    const std::uint64_t caller = work.finishes_by_caller;
    const std::uint64_t helper = work.finishes_by_helpers;
    EXPECT_LE(caller > helper ? caller - helper : helper - caller, (caller + helper) / 100);
    // A batch is 16 sets; the last block of a stretch may end inside one.
    EXPECT_LE(caller, work.batches_by_caller * 16);
    EXPECT_GT(caller + caller / 100, work.batches_by_caller * 16);
    EXPECT_LE(helper, work.batches_by_helpers * 16);
    EXPECT_GT(helper + helper / 100, work.batches_by_helpers * 16);
  }
}

TEST(SparseThreads, ShortStretchesAndWideValuesMatchOneThread) {
  // Progress every 5000 heaps ends a stretch each time (helpers started and joined again); a
  // narrow limit of 110 switches the table to 32 bits in the middle of a stretch (g(11261) = 113
  // is the first value above it).
  const Computed one = run("grundy", 1, 60'000, 0, 110);
  const Computed pieces = run("grundy", 2, 60'000, 5'000, 110);
  EXPECT_EQ(pieces.values, one.values);
  EXPECT_EQ(pieces.checkpoint, one.checkpoint);
  const Computed wide = run("grundy", 3, 60'000, 0, 110);
  EXPECT_EQ(wide.values, one.values);
}

// Threads that step down after every window of 16384 heaps (threads_stall_percent 0) — 4, then
// 2, then 1, then 4 again, each time in the middle of a stretch — give the values and checkpoint
// of one thread, also when progress cuts the run into pieces.
TEST(SparseThreads, SteppingDownKeepsTheValues) {
  for (const char* code : {"grundy", "0.6", "0.354"}) {
    SCOPED_TRACE(code);
    const Computed one = run(code, 1, 400'000);
    for (const std::uint64_t interval : {0, 30'000}) {
      SCOPED_TRACE(interval);
      const Computed stepping = run(code, 4, 400'000, interval, 0xFFFF, 0);
      EXPECT_EQ(stepping.values, one.values);
      EXPECT_EQ(stepping.checkpoint, one.checkpoint);
    }
  }
}

TEST(SparseThreads, ThreadsStepDownOnlyWhenTheyStall) {
  // Grundy's game runs on threads in stretches of one mask, the first from heap 32768 to 65536.
  // Stalling in every window (threads_stall_percent 0), 4 threads are 2 from heap 49153 (the end
  // of the first window) to 114689, 1 from 81921 (a window of the 2-thread stretch) to 212993,
  // then 4 again.
  const auto in_use = [](unsigned threads, std::uint32_t stall_percent, std::uint64_t count,
                         SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse) {
    GrundySequence sequence = testing::make_sequence(
        "grundy",
        {.threads = threads, .threads_min_rare = 0, .threads_stall_percent = stall_percent},
        algorithm);
    EXPECT_TRUE(sequence.extend_to(count));
    return sequence.threads_in_use();
  };
  EXPECT_EQ(in_use(4, 0, 49'000), 4u);
  EXPECT_EQ(in_use(4, 0, 60'000), 2u);
  EXPECT_EQ(in_use(4, 0, 100'000), 1u);
  EXPECT_EQ(in_use(4, 0, 220'000), 4u);
  EXPECT_EQ(in_use(4, 100, 220'000), 4u);
  EXPECT_EQ(in_use(2, 0, 60'000), 1u);
  EXPECT_EQ(in_use(1, 0, 60'000), 1u);
  EXPECT_EQ(in_use(4, 100, 60'000, SequenceAlgorithm::kPlain), 1u);
}

// Nearly every heap computed with helpers used a set some thread finished, every finished set was
// built in some batch, and the counts say who did what.
TEST(SparseThreads, ThreadWorkCountsEveryJob) {
  const auto work_of = [](unsigned threads, std::uint32_t stall_percent, std::uint64_t count) {
    GrundySequence sequence = testing::make_sequence(
        "grundy",
        {.threads = threads, .threads_min_rare = 0, .threads_stall_percent = stall_percent});
    EXPECT_TRUE(sequence.extend_to(count));
    return sequence.thread_work();
  };
  const ThreadWork one = work_of(1, 100, 100'000);
  EXPECT_EQ(one.heaps, 0u);
  EXPECT_EQ(one.batches_by_caller + one.batches_by_helpers + one.finishes_by_caller +
                one.finishes_by_helpers + one.step_downs,
            0u);
  EXPECT_EQ(one.helper_time.count(), 0);

  const ThreadWork two = work_of(2, 100, 200'000);
  EXPECT_GT(two.heaps, 150'000u);  // threads from heap 32768 on
  EXPECT_LE(two.heaps, 200'000u);
  const std::uint64_t finishes = two.finishes_by_caller + two.finishes_by_helpers;
  const std::uint64_t batches = two.batches_by_caller + two.batches_by_helpers;
  // (The first few sets of each stretch, up to 16, are built by the computing thread as on one
  // thread.)
  EXPECT_GE(finishes, two.heaps - two.heaps / 100);
  EXPECT_LE(finishes, 16 * batches);
  EXPECT_GT(two.helper_time.count(), 0);
  EXPECT_LE(two.helper_idle, two.helper_time);
  EXPECT_EQ(two.step_downs, 0u);

  // Stalling in every window: 4 threads step down to 2, then to 1
  // (ThreadsStepDownOnlyWhenTheyStall).
  EXPECT_EQ(work_of(4, 0, 100'000).step_downs, 2u);
}

// Codes with several split sets per heap (.376: 509 rare heaps) wait for 16 times
// threads_min_rare rare heaps before helpers run; Grundy's game (one set) passes 256 early.
TEST(SparseThreads, SeveralSetsPerHeapNeedMoreRareHeapsForThreads) {
  const auto heaps_with_helpers = [](std::string_view code) {
    GrundySequence sequence = testing::make_sequence(
        code, {.threads = 2, .threads_min_rare = 256, .threads_stall_percent = 100});
    EXPECT_TRUE(sequence.extend_to(300'000));
    return sequence.thread_work().heaps;
  };
  EXPECT_EQ(heaps_with_helpers("0.376"), 0u);
  EXPECT_GT(heaps_with_helpers("grundy"), 0u);
}

TEST(SparseThreads, CheckpointOfTwoThreadsResumesOnOne) {
  for (const char* code : {"grundy", "0.354"}) {
    SCOPED_TRACE(code);
    const Computed whole = run(code, 1, 150'000);
    GrundySequence first = make(
        code, SequenceOptions{.threads = 2, .threads_min_rare = 0, .threads_stall_percent = 100});
    ASSERT_TRUE(first.extend_to(70'001));
    Result<GrundySequence> resumed = GrundySequence::restore(first.checkpoint(), nullptr, nullptr,
                                                             SequenceOptions{.threads = 1});
    ASSERT_TRUE(resumed.ok()) << resumed.error();
    ASSERT_TRUE(resumed->extend_to(150'000));
    EXPECT_EQ(resumed->values(0, 150'000), whole.values);
    EXPECT_EQ(resumed->checkpoint(), whole.checkpoint);
  }
}

TEST(SequenceMemory, TableOverTheBudgetIsRefusedUpFront) {
  // 2 bytes per value (the 16-bit table): 100,000 values need 200,000 bytes and more; packed, 1
  // byte per value, 200,000 values do.
  for (const bool packed : {false, true}) {
    SCOPED_TRACE(packed);
    GrundySequence sequence =
        make("grundy", SequenceOptions{.memory_budget = 150'000, .packed = packed});
    ASSERT_TRUE(sequence.extend_to(10'000));
    EXPECT_EQ(sequence.value_bytes(), packed ? 1 : 2);
    const Result<std::uint64_t> small = sequence.memory_for(10'000);
    ASSERT_TRUE(small.ok()) << small.error();
    EXPECT_GE(*small, packed ? 10'000u : 20'000u);
    EXPECT_LT(*small, 150'000u);
    const std::uint64_t over = packed ? 200'000 : 100'000;
    const Result<std::uint64_t> large = sequence.memory_for(over);
    ASSERT_FALSE(large.ok());
    EXPECT_NE(large.error().find("a table of " + std::to_string(over) + " values needs "),
              std::string::npos)
        << large.error();
    EXPECT_NE(large.error().find(packed ? "(1 byte per value)" : "(2 bytes per value)"),
              std::string::npos)
        << large.error();
    EXPECT_NE(large.error().find("more than the memory budget of 150000 bytes"), std::string::npos)
        << large.error();
    EXPECT_FALSE(sequence.extend_to(over));
    EXPECT_EQ(sequence.size(), 10'000u);  // nothing computed, nothing lost
  }
}

// The period search's bitmap (a bit per period) counts too: a budget that holds the table but not
// the bitmap lets extend_to run and prove_period fail.
TEST(SequenceMemory, PeriodSearchCountsItsBitmap) {
  constexpr std::uint64_t kCount = 1 << 17;
  GrundySequence unbounded = make("0.354", SequenceOptions{});
  ASSERT_TRUE(unbounded.extend_to(kCount));
  const Result<std::uint64_t> table = unbounded.memory_for(kCount);
  const Result<std::uint64_t> searched = unbounded.memory_for(kCount, true);
  ASSERT_TRUE(table.ok() && searched.ok());
  EXPECT_EQ(*searched - *table, kCount / 16 + 8);
  GrundySequence bounded = make("0.354", SequenceOptions{.memory_budget = *table + 1});
  ASSERT_TRUE(bounded.extend_to(kCount));
  const Result<Periodicity> period = bounded.prove_period(kCount);
  ASSERT_FALSE(period.ok());
  EXPECT_NE(period.error().find("with its period search, more than the memory budget of " +
                                std::to_string(*table + 1) + " bytes"),
            std::string::npos)
      << period.error();
}

TEST(SequenceMemory, PeriodSearchAndRestoreNameTheBudget) {
  GrundySequence sequence = make("0.354", SequenceOptions{.memory_budget = 100'000});
  const Result<Periodicity> period = sequence.prove_period(1'000'000);
  ASSERT_FALSE(period.ok());
  EXPECT_NE(period.error().find("memory budget of 100000 bytes"), std::string::npos)
      << period.error();
  GrundySequence big = make("grundy", SequenceOptions{});
  ASSERT_TRUE(big.extend_to(60'000));
  Result<GrundySequence> restored = GrundySequence::restore(
      big.checkpoint(), nullptr, nullptr, SequenceOptions{.memory_budget = 50'000});
  ASSERT_FALSE(restored.ok());
  EXPECT_NE(restored.error().find("a table of 60000 values"), std::string::npos)
      << restored.error();
  restored = GrundySequence::restore(big.checkpoint(), nullptr, nullptr,
                                     SequenceOptions{.memory_budget = 1'000'000});
  ASSERT_TRUE(restored.ok()) << restored.error();
  EXPECT_EQ(restored->values(0, 60'000), big.values(0, 60'000));
}

}  // namespace
}  // namespace nimkit
