// The quotient file format (misere_quotient.h): a quotient read back is the one written, a
// changed byte, a truncation, a contents that does not verify or a forged round is refused, the
// older versions are read; and the rounds a computation stopped mid-heap keeps, which a
// computation extended from its file rebuilds instead of starting that heap afresh, ending
// exactly as one run through would.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nimkit/misere_quotient.h"
#include "nimkit/registry.h"
#include "test_rulesets.h"

namespace {

using nimkit::Limits;
using nimkit::MisereQuotient;
using nimkit::QuotientBounds;
using nimkit::QuotientObserver;

using nimkit_test::rules_of;

QuotientBounds bounds_of(std::uint64_t max_heap, std::optional<std::uint32_t> max_index = {},
                         std::uint32_t period = 2) {
  QuotientBounds bounds;
  bounds.max_heap = max_heap;
  bounds.max_index = max_index;
  bounds.period = period;
  return bounds;
}

MisereQuotient computed(const std::string& spec, const QuotientBounds& bounds,
                        const MisereQuotient* from = nullptr, const QuotientObserver& observer = {},
                        std::shared_ptr<nimkit::WorkMeter> meter = nullptr) {
  Limits limits;
  limits.meter = std::move(meter);
  auto q = nimkit::compute_misere_quotient(*rules_of(spec), bounds, limits, from, observer);
  EXPECT_TRUE(q.ok()) << spec << ": " << (q.ok() ? "" : q.error());
  return std::move(*q);
}

MisereQuotient computed(const std::string& spec, std::uint64_t max_heap) {
  return computed(spec, bounds_of(max_heap));
}

MisereQuotient loaded(const std::string& bytes, const std::string& spec) {
  auto q = nimkit::load_misere_quotient(bytes, *rules_of(spec), {}, {});
  EXPECT_TRUE(q.ok()) << (q.ok() ? "" : q.error());
  return std::move(*q);
}

// The file format: FNV-1a over everything before the last 8 bytes, little-endian.
void reseal(std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i + 8 < bytes.size(); ++i) {
    h ^= static_cast<unsigned char>(bytes[i]);
    h *= 0x100000001b3ULL;
  }
  for (int i = 0; i < 8; ++i)
    bytes[bytes.size() - 8 + i] = static_cast<char>((h >> (8 * i)) & 0xff);
}

TEST(QuotientFile, RoundTripsAndRefusesEveryChangedByte) {
  const auto rules = rules_of("kayles");
  const MisereQuotient q = computed("kayles", 12);
  const std::string bytes = nimkit::save_misere_quotient(q);
  auto back = nimkit::load_misere_quotient(bytes, *rules, {}, {});
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, q);
  // The same game under its code reads it; another game does not.
  EXPECT_TRUE(nimkit::load_misere_quotient(bytes, *rules_of("octal:0.77"), {}, {}).ok());
  auto foreign = nimkit::load_misere_quotient(bytes, *rules_of("dawson"), {}, {});
  ASSERT_FALSE(foreign.ok());
  EXPECT_NE(foreign.error().find("not of octal:0.07"), std::string::npos) << foreign.error();
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string bad = bytes;
    bad[i] = static_cast<char>(bad[i] ^ 0x10);
    ASSERT_FALSE(nimkit::load_misere_quotient(bad, *rules, {}, {}).ok()) << "byte " << i;
  }
  for (std::size_t n = 0; n < bytes.size(); n += 7) {
    ASSERT_FALSE(nimkit::load_misere_quotient(bytes.substr(0, n), *rules, {}, {}).ok()) << n;
  }
}

// Version 1 (cells of 4 bytes) is still read: the same quotient written the old way.
TEST(QuotientFile, ReadsVersionOneWithItsWideCells) {
  const auto rules = rules_of("kayles");
  const MisereQuotient q = computed("kayles", 12);
  const std::string bytes = nimkit::save_misere_quotient(q);
  const std::size_t table_at = 8 + 4 + 4 + std::string("octal:0.77").size() + 8;
  std::string old = bytes.substr(0, table_at);
  old[8] = 1;  // the version, little-endian
  for (std::size_t i = 0; i < q.order() * q.order(); ++i) {
    old += bytes.substr(table_at + 2 * i, 2);
    old += std::string(2, '\0');
  }
  // Everything after the table but the rounds' flag (no rounds: one byte 0) before the checksum.
  const std::size_t rest = table_at + 2 * q.order() * q.order();
  ASSERT_EQ(bytes[bytes.size() - 9], '\0');
  old += bytes.substr(rest, bytes.size() - 9 - rest) + bytes.substr(bytes.size() - 8);
  reseal(old);
  auto back = nimkit::load_misere_quotient(old, *rules, {}, {});
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, q);
  old[8] = 4;
  reseal(old);
  auto future = nimkit::load_misere_quotient(old, *rules, {}, {});
  ASSERT_FALSE(future.ok());
  EXPECT_NE(future.error().find("version 4"), std::string::npos) << future.error();
}

// Version 2 is version 3 without the rounds.
TEST(QuotientFile, ReadsVersionTwoWithoutRounds) {
  const auto rules = rules_of("kayles");
  const MisereQuotient q = computed("kayles", 12);
  const std::string bytes = nimkit::save_misere_quotient(q);
  std::string old = bytes.substr(0, bytes.size() - 9) + bytes.substr(bytes.size() - 8);
  old[8] = 2;
  reseal(old);
  auto back = nimkit::load_misere_quotient(old, *rules, {}, {});
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, q);
}

TEST(QuotientFile, RefusesAResealedFileWhoseContentsDoNotVerify) {
  const auto rules = rules_of("kayles");
  const MisereQuotient q = computed("kayles", 12);
  const std::string bytes = nimkit::save_misere_quotient(q);
  const std::size_t order = q.order();
  // Cells of 2 bytes (the order is below 65536).
  const std::size_t p_at = 8 + 4 + 4 + std::string("octal:0.77").size() + 8 + order * order * 2;
  for (std::size_t x = 0; x < order; ++x) {
    std::string bad = bytes;
    bad[p_at + x] = static_cast<char>(bad[p_at + x] ^ 1);  // move one element in or out of P
    reseal(bad);
    auto loaded = nimkit::load_misere_quotient(bad, *rules, {}, {});
    ASSERT_FALSE(loaded.ok()) << "element " << x;
  }
  // Φ(5) moved to another element.
  std::string bad = bytes;
  const std::size_t phi_at = p_at + order + 8 + 5 * 4;
  bad[phi_at] = static_cast<char>((bad[phi_at] + 1) % static_cast<int>(order));
  reseal(bad);
  EXPECT_FALSE(nimkit::load_misere_quotient(bad, *rules, {}, {}).ok());
}

// octal:4.726's heap 7 has powers of period 4: with period 2 its candidates climb, one power
// of heap 7 every few rounds, until the index bound stops them.
constexpr char kClimbing[] = "octal:4.726";

TEST(QuotientRounds, AStopMidHeapKeepsItsRoundsInItsFile) {
  const MisereQuotient q = computed(kClimbing, bounds_of(8, 3));
  ASSERT_EQ(q.max_heap(), 6u);
  ASSERT_TRUE(q.rounds());
  EXPECT_EQ(q.rounds()->period, 2u);
  const auto& rounds = q.rounds()->rounds;
  ASSERT_FALSE(rounds.empty());
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    const auto& sum = rounds[i].failure;
    EXPECT_TRUE(std::is_sorted(sum.begin(), sum.end()));
    EXPECT_TRUE(!sum.empty() && sum.front() >= 1 && sum.back() <= 7);
    EXPECT_TRUE(
        std::includes(sum.begin(), sum.end(), rounds[i].split.begin(), rounds[i].split.end()));
    // Every round but the last (whose proof stopped the computation) led to a next candidate.
    EXPECT_EQ(rounds[i].split.empty(), i + 1 == rounds.size()) << i;
  }
  const std::string bytes = nimkit::save_misere_quotient(q);
  const MisereQuotient back = loaded(bytes, kClimbing);
  EXPECT_EQ(back.rounds(), q.rounds());
  // A quotient that ends with its heaps done keeps none.
  EXPECT_FALSE(computed("dawson", 20).rounds());
}

// A computation resumed from a file that gave `given` rounds ends as the one run through: the
// same quotient, rounds, stop and proof. The outcomes it proves are those of its own rounds, the
// run through's after the ones the file gave.
void expect_as_run_through(const MisereQuotient& resumed, const MisereQuotient& direct,
                           std::size_t given) {
  EXPECT_EQ(nimkit::save_misere_quotient(resumed), nimkit::save_misere_quotient(direct));
  EXPECT_EQ(resumed.index_proof(), direct.index_proof());
  const std::vector<nimkit::ProvedOutcome>& all = direct.proved_outcomes();
  ASSERT_LE(given, all.size());
  EXPECT_EQ(resumed.proved_outcomes(),
            std::vector<nimkit::ProvedOutcome>(all.begin() + static_cast<std::ptrdiff_t>(given),
                                               all.end()));
}

TEST(QuotientRounds, ResumedFromItsRoundsItEndsAsOneRunThroughWithLessWork) {
  const MisereQuotient stopped = computed(kClimbing, bounds_of(8, 3));
  const MisereQuotient start = loaded(nimkit::save_misere_quotient(stopped), kClimbing);
  auto direct_meter = std::make_shared<nimkit::WorkMeter>(std::uint64_t{1} << 50);
  const MisereQuotient direct = computed(kClimbing, bounds_of(8, 6), nullptr, {}, direct_meter);
  auto resumed_meter = std::make_shared<nimkit::WorkMeter>(std::uint64_t{1} << 50);
  const MisereQuotient resumed = computed(kClimbing, bounds_of(8, 6), &start, {}, resumed_meter);
  EXPECT_EQ(resumed.stopped(), direct.stopped());
  EXPECT_EQ(resumed.index_proof(), direct.index_proof());
  EXPECT_EQ(resumed.rounds(), direct.rounds());
  expect_as_run_through(resumed, direct, stopped.rounds()->rounds.size());
  ASSERT_TRUE(direct.rounds());
  EXPECT_GT(direct.rounds()->rounds.size(), stopped.rounds()->rounds.size());
  // The rounds kept are not verified again.
  EXPECT_LT(resumed_meter->used(), direct_meter->used());
}

TEST(QuotientRounds, RoundsOfAnotherPeriodAreDropped) {
  const MisereQuotient stopped = computed(kClimbing, bounds_of(8, 3));
  const MisereQuotient start = loaded(nimkit::save_misere_quotient(stopped), kClimbing);
  const MisereQuotient resumed = computed(kClimbing, bounds_of(8, std::nullopt, 4), &start);
  const MisereQuotient direct = computed(kClimbing, bounds_of(8, std::nullopt, 4));
  EXPECT_EQ(resumed, direct);
  EXPECT_EQ(resumed.order(), 110u);  // the quotient of heaps up to 8 with period 4 (misere.md)
}

TEST(QuotientRounds, CheckpointsWithinAHeapKeepItsRounds) {
  std::vector<MisereQuotient> checkpoints;
  QuotientObserver observer;
  observer.checkpoint = [&](const MisereQuotient& q) { checkpoints.push_back(q); };
  observer.checkpoint_every = std::chrono::steady_clock::duration::zero();
  const MisereQuotient direct = computed(kClimbing, bounds_of(8, 6), nullptr, observer);
  // Within heaps 5 and 6, which grow the quotient, and within heap 7, where the index bound stops.
  std::vector<const MisereQuotient*> in_seven;
  for (const MisereQuotient& q : checkpoints) {
    if (!q.rounds()) continue;
    const std::uint64_t next = q.max_heap() + 1;
    EXPECT_EQ(q.stopped(), "a checkpoint at heap " + std::to_string(next - 1) + ", " +
                               std::to_string(q.rounds()->rounds.size()) + " rounds into heap " +
                               std::to_string(next));
    if (next == 7) in_seven.push_back(&q);
  }
  ASSERT_GE(in_seven.size(), 2u);
  // Resumed from one taken within heap 7, it ends as the run through.
  const MisereQuotient& middle = *in_seven[in_seven.size() / 2];
  const MisereQuotient start = loaded(nimkit::save_misere_quotient(middle), kClimbing);
  expect_as_run_through(computed(kClimbing, bounds_of(8, 6), &start), direct,
                        middle.rounds()->rounds.size());
}

TEST(QuotientRounds, AForgedRoundIsRefused) {
  const MisereQuotient q = computed(kClimbing, bounds_of(8, 3));
  const std::string bytes = nimkit::save_misere_quotient(q);
  std::size_t rounds_bytes = 1 + 4 + 8;
  for (const auto& round : q.rounds()->rounds) {
    rounds_bytes += 16 + 8 * (round.failure.size() + round.split.size());
  }
  const std::size_t flag_at = bytes.size() - 8 - rounds_bytes;
  const std::size_t first_size_at = flag_at + 1 + 4 + 8;
  const auto refused = [&](std::string bad, const char* what, const char* spec = kClimbing) {
    reseal(bad);
    auto back = nimkit::load_misere_quotient(bad, *rules_of(spec), {}, {});
    ASSERT_FALSE(back.ok()) << what;
    EXPECT_NE(back.error().find("the rounds"), std::string::npos) << what << ": " << back.error();
  };
  std::string bad = bytes;
  bad[first_size_at + 8] = 8;  // heap 8, past the next heap (7)
  refused(bad, "a heap past the next");
  bad = bytes;
  bad[first_size_at] = 0;  // a round of no heaps
  refused(bad, "an empty sum");
  bad = bytes;
  bad[flag_at + 1] = 0;  // period 0
  refused(bad, "period 0");
  // A split of a heap the sum does not hold.
  const auto& first = q.rounds()->rounds.front();
  ASSERT_FALSE(first.split.empty());
  bool forged = false;
  for (std::uint64_t h = 1; h <= 7 && !forged; ++h) {
    if (std::count(first.failure.begin(), first.failure.end(), h) > 0) continue;
    bad = bytes;
    bad[first_size_at + 8 + 8 * first.failure.size() + 8] = static_cast<char>(h);
    refused(bad, "a split of a heap not in the sum");
    forged = true;
  }
  EXPECT_TRUE(forged);
  // Rounds beside a proved period: a computation that has proved it has no next heap.
  const MisereQuotient kayles = computed("kayles", 300);
  ASSERT_TRUE(kayles.period());
  std::string periodic = nimkit::save_misere_quotient(kayles);
  std::string rounds(1, '\1');
  // Period 2, one round: the sum of heap 1, no split.
  for (const std::uint64_t field :
       {std::uint64_t{2}, std::uint64_t{1}, std::uint64_t{1}, std::uint64_t{1}, std::uint64_t{0}}) {
    const int width = rounds.size() == 1 ? 4 : 8;
    for (int i = 0; i < width; ++i) rounds.push_back(static_cast<char>((field >> (8 * i)) & 0xff));
  }
  periodic =
      periodic.substr(0, periodic.size() - 9) + rounds + periodic.substr(periodic.size() - 8);
  refused(periodic, "rounds beside a period", "kayles");
}

}  // namespace
