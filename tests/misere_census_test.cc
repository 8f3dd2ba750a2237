// The misère census of octal codes (misere_census.h): each class checked against answers
// computed without the library — misère outcomes of sums by an exhaustive search over the moves
// read off the code's digits, Grundy values by mex — and against the published quotients
// (Plambeck and Siegel; Siegel's MisereSolver: docs/misere.md); every bound named by its stop;
// the same line however often a code is classified.
#include "nimkit/misere_census.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

using nimkit::ErrorKind;
using nimkit::MisereCensusEntry;
using nimkit::MisereCensusLimits;
using nimkit::MisereClass;
using nimkit::MisereStop;
using nimkit::OctalCode;

OctalCode code_of(const std::string& text) {
  auto code = OctalCode::parse(text);
  EXPECT_TRUE(code.ok()) << text;
  return *code;
}

MisereCensusEntry classify(const std::string& text, const MisereCensusLimits& limits = {}) {
  auto entry = nimkit::classify_misere(code_of(text), limits);
  EXPECT_TRUE(entry.ok()) << text << ": " << entry.error();
  return *entry;
}

// The heap lists one move from heap n leaves, read off the digits (d_k: bit 1 leaves nothing when
// n = k, bit 2 one heap of n - k, bit 4 two non-empty heaps summing to n - k).
std::vector<std::vector<std::uint64_t>> moves_of(const OctalCode& code, std::uint64_t n) {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
    const std::uint8_t d = code.digits[k];
    if ((d & 1) != 0 && k >= 1 && n == k) out.push_back({});
    if ((d & 2) != 0 && k >= 1 && n > k) out.push_back({n - k});
    if ((d & 4) != 0) {
      for (std::uint64_t a = 1; 2 * a <= n - k; ++a) out.push_back({a, n - k - a});
    }
  }
  return out;
}

// Misère outcomes of sums of heaps by exhaustive search, and Grundy values by mex.
class BruteForce {
 public:
  explicit BruteForce(const std::string& code) : code_(code_of(code)) {}

  // Whether the player to move loses the sum under misère play.
  bool misere_p(std::vector<std::uint64_t> heaps) {
    std::erase(heaps, 0);
    std::sort(heaps.begin(), heaps.end());
    if (const auto it = memo_.find(heaps); it != memo_.end()) return it->second;
    bool has_move = false;
    bool to_p = false;
    for (std::size_t i = 0; i < heaps.size() && !to_p; ++i) {
      for (const auto& left : moves_of(code_, heaps[i])) {
        std::vector<std::uint64_t> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        next.insert(next.end(), left.begin(), left.end());
        has_move = true;
        if (misere_p(next)) {
          to_p = true;
          break;
        }
      }
    }
    // No move: the player to move has won (misère), so it is not a P-position.
    const bool p = has_move && !to_p;
    memo_.emplace(heaps, p);
    return p;
  }

  std::uint64_t grundy(std::uint64_t n) {
    while (g_.size() <= n) {
      std::set<std::uint64_t> options;
      for (const auto& left : moves_of(code_, g_.size())) {
        std::uint64_t value = 0;
        for (const std::uint64_t h : left) value ^= g_[h];
        options.insert(value);
      }
      std::uint64_t mex = 0;
      while (options.contains(mex)) ++mex;
      g_.push_back(mex);
    }
    return g_[n];
  }

  // The rule of tame games (Conway, On Numbers and Games, ch. 12), misère Nim's generalized: a
  // heap is small when its Grundy value g is 0 or 1 and, alone, it is lost for the player to
  // move exactly when g = 1 (it plays as a Nim heap of g, not as *2 + *2); a sum of small heaps
  // is lost when the nim-sum of the values is 1, any other sum when it is 0. The first sum of up
  // to three heaps ≤ max_heap whose outcome the rule gets wrong, or empty when none.
  std::vector<std::uint64_t> first_sum_tame_rule_misses(std::uint64_t max_heap) {
    const auto small = [&](std::uint64_t h) {
      return h == 0 || (grundy(h) <= 1 && misere_p({h}) == (grundy(h) == 1));
    };
    for (std::uint64_t a = 1; a <= max_heap; ++a) {
      for (std::uint64_t b = 0; b <= a; ++b) {
        for (std::uint64_t c = 0; c <= b; ++c) {
          const std::uint64_t sum = grundy(a) ^ grundy(b) ^ grundy(c);
          const bool all_small = small(a) && small(b) && small(c);
          if (misere_p({a, b, c}) != (all_small ? sum == 1 : sum == 0)) return {a, b, c};
        }
      }
    }
    return {};
  }

 private:
  OctalCode code_;
  std::map<std::vector<std::uint64_t>, bool> memo_;
  std::vector<std::uint64_t> g_;
};

void expect_complete(const MisereCensusEntry& e, MisereClass kind, std::uint64_t order,
                     std::uint64_t p_size, std::uint64_t preperiod, std::uint64_t period) {
  EXPECT_EQ(e.kind, kind) << e.code;
  EXPECT_EQ(e.order, order) << e.code;
  EXPECT_EQ(e.p_size, p_size) << e.code;
  ASSERT_TRUE(e.period.has_value()) << e.code;
  EXPECT_EQ(e.period->preperiod, preperiod) << e.code;
  EXPECT_EQ(e.period->period, period) << e.code;
  EXPECT_EQ(e.tame, kind == MisereClass::kTame) << e.code;
  EXPECT_FALSE(e.stopped_by.has_value()) << e.code;
}

TEST(MisereCensus, KaylesIsFiniteOfOrder40WithPeriod12From71) {
  // Plambeck and Siegel; Siegel's MisereSolver gives the same quotient.
  const MisereCensusEntry kayles = classify("0.77");
  expect_complete(kayles, MisereClass::kFinite, 40, 9, 71, 12);
  EXPECT_EQ(kayles.period->checked_to, 166u);
  EXPECT_EQ(kayles.heaps, 166u);
  // Wild: some small sum is not decided by the rule of tame games.
  EXPECT_FALSE(BruteForce("0.77").first_sum_tame_rule_misses(8).empty());
}

TEST(MisereCensus, KaylesNeedsTheHeapBoundToReach166) {
  MisereCensusLimits limits;
  limits.max_heap = 165;
  const MisereCensusEntry kayles = classify("0.77", limits);
  EXPECT_EQ(kayles.kind, MisereClass::kPartial);
  EXPECT_EQ(kayles.heaps, 165u);
  EXPECT_EQ(kayles.order, 40u);
  EXPECT_EQ(kayles.stopped_by, MisereStop::kHeaps);
  EXPECT_EQ(kayles.stopped, "the heap bound 165");
  EXPECT_FALSE(kayles.period.has_value());
}

TEST(MisereCensus, PublishedWildQuotientsAreFinite) {
  expect_complete(classify("0.75"), MisereClass::kFinite, 8, 2, 8, 2);
  expect_complete(classify("0.15"), MisereClass::kFinite, 42, 12, 66, 10);  // Guiles
  EXPECT_FALSE(BruteForce("0.75").first_sum_tame_rule_misses(10).empty());
}

TEST(MisereCensus, NimLikeCodesAreTameAndPlayAsMisereNim) {
  // Every move of .3, .7 and 4.0 ends the game a fixed number of moves later (parity): T_1.
  // .33 is Nim with heaps 0, 1, 2, 0, 1, 2, ... and .73 a tame game of values up to 2 whose heap
  // 4 plays as *2 + *2: T_2. Tame means misère play follows the rule of tame games (misère Nim's
  // on the Grundy values): checked on every sum of up to three heaps of up to 12 by exhaustive
  // search.
  expect_complete(classify("0.3"), MisereClass::kTame, 2, 1, 1, 2);
  expect_complete(classify("0.7"), MisereClass::kTame, 2, 1, 1, 2);
  expect_complete(classify("4"), MisereClass::kTame, 2, 1, 1, 2);
  expect_complete(classify("0.33"), MisereClass::kTame, 6, 2, 1, 3);
  expect_complete(classify("0.73"), MisereClass::kTame, 6, 2, 2, 4);
  for (const char* code : {"0.3", "0.7", "4", "0.33", "0.73"}) {
    EXPECT_EQ(BruteForce(code).first_sum_tame_rule_misses(12), std::vector<std::uint64_t>{})
        << code;
  }
}

TEST(MisereCensus, EveryTameCodeOfTwoDigitsFollowsTheTameRule) {
  // The census's own codes: each code it calls tame, checked by exhaustive search; the codes it
  // calls wild and complete are not all tame in disguise.
  MisereCensusLimits limits;
  limits.max_steps = 1'000'000;
  auto codes = nimkit::census_codes(2);
  ASSERT_TRUE(codes.ok());
  std::size_t tame = 0;
  std::size_t wild_caught = 0;
  for (const OctalCode& code : *codes) {
    auto entry = nimkit::classify_misere(code, limits);
    ASSERT_TRUE(entry.ok()) << code.to_string() << ": " << entry.error();
    BruteForce brute(code.to_string());
    if (entry->kind == MisereClass::kTame) {
      ++tame;
      EXPECT_EQ(brute.first_sum_tame_rule_misses(10), std::vector<std::uint64_t>{})
          << code.to_string();
    } else if (entry->kind == MisereClass::kFinite) {
      if (!brute.first_sum_tame_rule_misses(10).empty()) ++wild_caught;
    }
  }
  EXPECT_GE(tame, 50u);
  EXPECT_GE(wild_caught, 5u);
}

TEST(MisereCensus, DawsonsKaylesIsPartialWithSiegelsOrders) {
  // Siegel: |Q_24| = 24 and |Q_25| = 144 for Dawson's Kayles (0.07); no period is known.
  MisereCensusLimits limits;
  limits.max_heap = 24;
  const MisereCensusEntry q24 = classify("0.07", limits);
  EXPECT_EQ(q24.kind, MisereClass::kPartial);
  EXPECT_EQ(q24.heaps, 24u);
  EXPECT_EQ(q24.order, 24u);
  EXPECT_FALSE(q24.tame);
  EXPECT_EQ(q24.stopped_by, MisereStop::kHeaps);
  limits.max_heap = 25;
  EXPECT_EQ(classify("0.07", limits).order, 144u);
}

TEST(MisereCensus, ATameSoFarCodeIsPartialAndSaysSo) {
  // Double Kayles (0.7777) is tame as far as it has been computed, with no period proved there.
  MisereCensusLimits limits;
  limits.max_heap = 20;
  const MisereCensusEntry e = classify("0.7777", limits);
  EXPECT_EQ(e.kind, MisereClass::kPartial);
  EXPECT_TRUE(e.tame);
  EXPECT_EQ(e.stopped_by, MisereStop::kHeaps);
  EXPECT_EQ(BruteForce("0.7777").first_sum_tame_rule_misses(10), std::vector<std::uint64_t>{});
}

TEST(MisereCensus, EveryBoundIsNamedByItsStop) {
  MisereCensusLimits limits;
  limits.max_order = 100;
  MisereCensusEntry e = classify("0.6", limits);
  EXPECT_EQ(e.kind, MisereClass::kPartial);
  EXPECT_EQ(e.stopped_by, MisereStop::kOrder) << e.stopped;
  EXPECT_NE(e.stopped.find("100 elements"), std::string::npos) << e.stopped;

  limits = {};
  limits.max_steps = 20'000;
  e = classify("0.07", limits);
  EXPECT_EQ(e.kind, MisereClass::kPartial);
  EXPECT_EQ(e.stopped_by, MisereStop::kWork) << e.stopped;
  EXPECT_GE(e.steps, 20'000u);
  EXPECT_NE(e.stopped.find("the work limit of 20000 steps"), std::string::npos) << e.stopped;

  // A budget of a few pages: the verification's first chunks of sets fit, its pairs soon do not.
  limits = {};
  limits.max_bytes = 32 << 10;
  e = classify("0.77", limits);
  EXPECT_EQ(e.kind, MisereClass::kPartial);
  EXPECT_EQ(e.stopped_by, MisereStop::kMemory) << e.stopped;
  EXPECT_LT(e.heaps, 166u);

  // 4.726 at heap 7: 24 and 26 heaps of 7 have different outcomes, so heap 7's index with period
  // 2 is past the bound (index_bound(), 24 at heap 7).
  e = classify("4.726");
  EXPECT_EQ(e.kind, MisereClass::kPartial);
  EXPECT_EQ(e.stopped_by, MisereStop::kIndex) << e.stopped;
  EXPECT_EQ(e.heaps, 6u);
  EXPECT_NE(e.stopped.find("among heaps up to 7, Φ(7)^24 ≠ Φ(7)^26"), std::string::npos)
      << e.stopped;
}

TEST(MisereCensus, NotEvenHeapOneIsStopped) {
  MisereCensusLimits limits;
  limits.max_order = 1;
  MisereCensusEntry e = classify("0.77", limits);
  EXPECT_EQ(e.kind, MisereClass::kStopped);
  EXPECT_EQ(e.stopped_by, MisereStop::kOrder) << e.stopped;
  EXPECT_EQ(e.heaps, 0u);
  limits = {};
  limits.max_bytes = 16;
  e = classify("0.77", limits);
  EXPECT_EQ(e.kind, MisereClass::kStopped);
  EXPECT_EQ(e.stopped_by, MisereStop::kMemory) << e.stopped;
  limits = {};
  limits.max_steps = 1;
  e = classify("0.77", limits);
  EXPECT_EQ(e.kind, MisereClass::kStopped);
  EXPECT_EQ(e.stopped_by, MisereStop::kWork) << e.stopped;
}

TEST(MisereCensus, TheSameLimitsGiveTheSameLine) {
  // The work bound counts steps, not time: a code stopped by it stops at the same heap every time.
  MisereCensusLimits limits;
  limits.max_steps = 3'000'000;
  const auto fields = [&] { return nimkit::misere_census_fields(classify("0.07", limits)); };
  const auto first = fields();
  EXPECT_EQ(first, fields());
  EXPECT_EQ(first, fields());
}

TEST(MisereCensus, ACancelledCallerGetsNoLine) {
  MisereCensusLimits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(0);
  limits.meter->cancel();
  auto entry = nimkit::classify_misere(code_of("0.77"), limits);
  ASSERT_FALSE(entry.ok());
  EXPECT_EQ(entry.error_kind(), ErrorKind::kCancelled);
}

TEST(MisereCensus, TheFieldsOfEachClass) {
  const auto keys = [](const MisereCensusEntry& e) {
    std::vector<std::string> out;
    for (const auto& [key, value] : nimkit::misere_census_fields(e)) out.emplace_back(key);
    return out;
  };
  using Keys = std::vector<std::string>;
  EXPECT_EQ(keys(classify("0.75")), (Keys{"code", "class", "heaps", "order", "p_size", "tame",
                                          "preperiod", "period", "checked_to", "steps"}));
  MisereCensusLimits limits;
  limits.max_heap = 10;
  EXPECT_EQ(keys(classify("0.07", limits)), (Keys{"code", "class", "heaps", "order", "p_size",
                                                  "tame", "stopped_by", "stopped", "steps"}));
  limits.max_order = 1;
  EXPECT_EQ(keys(classify("0.77", limits)),
            (Keys{"code", "class", "stopped_by", "stopped", "steps"}));
}

TEST(MisereCensus, NamesReadBack) {
  for (int k = 0; k <= static_cast<int>(MisereClass::kLast); ++k) {
    const auto kind = static_cast<MisereClass>(k);
    EXPECT_EQ(nimkit::parse_misere_class(nimkit::to_string(kind)), kind);
  }
  for (int k = 0; k <= static_cast<int>(MisereStop::kLast); ++k) {
    const auto stop = static_cast<MisereStop>(k);
    EXPECT_EQ(nimkit::parse_misere_stop(nimkit::to_string(stop)), stop);
  }
  EXPECT_FALSE(nimkit::parse_misere_class("trivial").has_value());
}

TEST(MisereCensus, ACodeWithoutMovesFails) {
  OctalCode none;
  none.digits = {0, 0};
  auto entry = nimkit::classify_misere(none, {});
  ASSERT_FALSE(entry.ok());
  EXPECT_EQ(entry.error_kind(), ErrorKind::kBadInput);
}

}  // namespace
