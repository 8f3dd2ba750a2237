// SequenceJob (sequence_job.h): the one entry point front ends run Grundy sequences through, and
// CensusCodeList, the one check of a census's list of codes.
#include "nimkit/sequence_job.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "nimkit/census.h"
#include "nimkit/registry.h"

namespace nimkit {
namespace {

std::shared_ptr<const Ruleset> rules(const char* spec) { return *make_ruleset(spec); }

SequenceJobOptions asking(std::uint64_t count, bool period = false,
                          std::optional<std::uint64_t> search = std::nullopt) {
  SequenceJobOptions options;
  options.count = count;
  options.period = period;
  options.period_search = search;
  return options;
}

SequenceJob run(const char* spec, SequenceJobOptions options) {
  auto job = SequenceJob::create(rules(spec), options, Limits{});
  EXPECT_TRUE(job.ok()) << job.error();
  auto ran = job->run();
  EXPECT_TRUE(ran.ok());
  EXPECT_EQ(*ran, SequenceJobStop::kNone);
  return std::move(job).value();
}

TEST(SequenceJob, ChoosesTheEngineAndTheSearch) {
  EXPECT_EQ(sequence_job_engine(*rules("kayles")), SequenceJobEngine::kSparse);
  EXPECT_EQ(sequence_job_engine(*rules("grundy")), SequenceJobEngine::kSparse);
  EXPECT_EQ(sequence_job_engine(*rules("subtraction:1,3,4")), SequenceJobEngine::kRuleset);
  // Kayles: the period 12 from 71, proved past the 2000 values asked (2^25 heaps allowed).
  const SequenceJob kayles = run("kayles", asking(2000, true));
  ASSERT_TRUE(kayles.period().period.has_value());
  EXPECT_EQ(kayles.period().period->period, 12U);
  EXPECT_EQ(kayles.period().period->preperiod, 71U);
  // Values streamed from the period agree with the ruleset's own.
  const auto mine = kayles.values(0, 2000);
  const auto theirs = grundy_values(*rules("kayles"), 0, 2000, Limits{});
  ASSERT_TRUE(mine.ok() && theirs.ok());
  EXPECT_EQ(*mine, *theirs);
}

TEST(SequenceJob, SaysWhyThereIsNoPeriod) {
  const SequenceJob grundy = run("grundy", asking(100, true));
  EXPECT_FALSE(grundy.period().period.has_value());
  EXPECT_EQ(grundy.period().stopped, PeriodStop::kNoTheorem);
  EXPECT_EQ(grundy.period().checked_to, 99U);
  // 0.16 has no period within 1000 heaps: the search stops at the bound the caller set.
  const SequenceJob octal = run("octal:0.16", asking(100, true, 1000));
  EXPECT_FALSE(octal.period().period.has_value());
  EXPECT_EQ(octal.period().stopped, PeriodStop::kSearchLimit);
  EXPECT_EQ(octal.period().searched_to, 999U);
  const SequenceJob squares = run("subtraction:squares", asking(100, true));
  EXPECT_EQ(squares.period().stopped, PeriodStop::kNoTheorem);
}

TEST(SequenceJob, NamesTheBadArgument) {
  SequenceJobArgument culprit = SequenceJobArgument::kNone;
  auto zero = SequenceJob::create(rules("nim"), asking(0), Limits{}, &culprit);
  EXPECT_FALSE(zero.ok());
  EXPECT_EQ(culprit, SequenceJobArgument::kCount);
  // The thread count is checked for every ruleset, and no message names a front end's flag.
  SequenceJobOptions no_threads = asking(5);
  no_threads.threads = 0;
  auto threads = SequenceJob::create(rules("nim"), no_threads, Limits{}, &culprit);
  EXPECT_FALSE(threads.ok());
  EXPECT_EQ(culprit, SequenceJobArgument::kThreads);
  EXPECT_EQ(threads.error().find("--"), std::string::npos) << threads.error();
}

TEST(SequenceJob, StopsWhenTheMeterIsSpent) {
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(1000);
  auto job = SequenceJob::create(rules("octal:0.16"), asking(1'000'000), limits);
  ASSERT_TRUE(job.ok());
  auto ran = job->run();
  ASSERT_TRUE(ran.ok());
  EXPECT_EQ(*ran, SequenceJobStop::kLimit);
  EXPECT_LT(job->size(), 1'000'000U);
}

TEST(SequenceJob, OnTheSharedTableReadsTheRulesetsOwnValues) {
  // Grundy's game: no period stops its table, so the ruleset's table holds what the job computed.
  const auto grundy = rules("grundy");
  SequenceJobOptions options = asking(3000, true);
  options.shared_table = true;
  auto job = SequenceJob::create(grundy, options, Limits{});
  ASSERT_TRUE(job.ok()) << job.error();
  EXPECT_EQ(job->engine(), SequenceJobEngine::kRuleset);
  EXPECT_EQ(job->game(), nullptr);
  auto ran = job->run();
  ASSERT_TRUE(ran.ok());
  EXPECT_EQ(*ran, SequenceJobStop::kNone);
  EXPECT_GE(known_values(*grundy), 3000U);
  EXPECT_EQ(job->size(), known_values(*grundy));
  EXPECT_EQ(job->period().stopped, PeriodStop::kNoTheorem);
  // The same values and period as a job of its own on the sparse-space engine, read in chunks.
  const SequenceJob own = run("grundy", asking(3000, true));
  for (std::uint64_t begin = 0; begin < 3000; begin += 700) {
    const std::uint64_t end = std::min<std::uint64_t>(3000, begin + 700);
    const auto mine = job->values(begin, end);
    const auto theirs = own.values(begin, end);
    ASSERT_TRUE(mine.ok() && theirs.ok());
    EXPECT_EQ(*mine, *theirs) << begin;
  }
  options.count = 2000;
  auto kayles = SequenceJob::create(rules("kayles"), options, Limits{});
  ASSERT_TRUE(kayles.ok() && kayles->run().ok());
  const SequenceJob sparse = run("kayles", asking(2000, true));
  ASSERT_TRUE(kayles->period().period.has_value());
  EXPECT_EQ(kayles->period().period->period, sparse.period().period->period);
  EXPECT_EQ(kayles->period().period->preperiod, sparse.period().period->preperiod);
  EXPECT_EQ(kayles->period().period->checked_to, sparse.period().period->checked_to);
  EXPECT_EQ(*kayles->values(0, 2000), *sparse.values(0, 2000));
}

TEST(SequenceJob, AStoppedPeriodSearchLeavesTheValuesItComputed) {
  // 0.354 needs 20 million values for its proof: the meter stops the search on the shared table,
  // past the 10 values asked, which stay readable.
  SequenceJobOptions options = asking(10, true, std::uint64_t{1} << 24);
  options.shared_table = true;
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(2'000'000);
  auto job = SequenceJob::create(rules("octal:0.354"), options, limits);
  ASSERT_TRUE(job.ok());
  auto ran = job->run();
  ASSERT_TRUE(ran.ok()) << ran.error();
  EXPECT_EQ(*ran, SequenceJobStop::kNone);
  EXPECT_EQ(job->period().stopped, PeriodStop::kRequestLimit);
  EXPECT_FALSE(job->period().why.empty());
  EXPECT_GE(job->size(), 10U);
  const auto values = job->values(0, 10);
  ASSERT_TRUE(values.ok());
  EXPECT_EQ(*values, *grundy_values(*rules("octal:0.354"), 0, 10, Limits{}));
  // Values not yet known stop the job instead, saying how far they are.
  options.count = 1'000'000;
  options.period = false;
  limits.meter = std::make_shared<WorkMeter>(1000);
  auto longer = SequenceJob::create(rules("octal:0.354"), options, limits);
  ASSERT_TRUE(longer.ok());
  auto stopped = longer->run();
  EXPECT_TRUE(!stopped.ok() || *stopped == SequenceJobStop::kLimit);
  EXPECT_LT(longer->size(), 1'000'000U);
}

TEST(SequenceJob, MemoryNeededCountsTheRulesetsTableAndTheCallersCopy) {
  // Nim's values come from a formula: only a caller's copy of every value takes memory.
  SequenceJobOptions options = asking(std::uint64_t{1} << 36);
  options.memory_budget = std::uint64_t{1} << 30;
  auto nim = SequenceJob::create(rules("nim"), options, Limits{});
  ASSERT_TRUE(nim.ok());
  EXPECT_EQ(*nim->memory_needed(), 0U);
  options.whole_table = true;
  nim = SequenceJob::create(rules("nim"), options, Limits{});
  ASSERT_TRUE(nim.ok());
  const auto refused = nim->memory_needed();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.failure().kind, ErrorKind::kLimit);
  EXPECT_EQ(refused.error().rfind("a table of 68719476736 values needs 549755813888 bytes", 0), 0U)
      << refused.error();
  EXPECT_NE(refused.error().find("more than the memory budget of 1073741824 bytes"),
            std::string::npos);
  // A subtraction game keeps a table of its own beside the caller's copy: 16 bytes a value.
  options.count = 1000;
  options.memory_budget = 0;
  auto table = SequenceJob::create(rules("subtraction:1,3,4"), options, Limits{});
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(*table->memory_needed(), 16'000U);
  options.whole_table = false;
  table = SequenceJob::create(rules("subtraction:1,3,4"), options, Limits{});
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(*table->memory_needed(), 8'000U);
}

TEST(CensusCodeList, RefusesBadCodesAndRepeats) {
  CensusCodeList list;
  EXPECT_EQ(*list.add("0.77"), std::nullopt);
  EXPECT_EQ(*list.add("0.6"), std::nullopt);
  EXPECT_EQ(*list.add(".770"), std::optional<std::size_t>(0));  // the same code as 0.77
  EXPECT_FALSE(list.add("0.0").ok());                           // no move
  EXPECT_FALSE(list.add("0.x").ok());                           // not a code
  const std::vector<OctalCode> codes = std::move(list).take();
  ASSERT_EQ(codes.size(), 2U);
  EXPECT_EQ(codes[1].to_string(), "0.6");
}

}  // namespace
}  // namespace nimkit
