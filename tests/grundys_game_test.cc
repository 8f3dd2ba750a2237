// Grundy's game (split a heap into two unequal heaps): values against a plain mex over its rules
// and the published sequence; no period theorem applies.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "heap_family_test_util.h"

namespace {

using nimkit_rules_test::heap_rules;
using nimkit_rules_test::make;
using nimkit_rules_test::plain_values;
using nimkit_rules_test::values;

// g(0..20) of Grundy's game as published (OEIS A002188).
TEST(GrundysGame, FirstValuesAreThePublishedOnes) {
  const std::vector<std::uint64_t> published = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0,
                                                2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  EXPECT_EQ(plain_values("grundy", published.size()), published);
  EXPECT_EQ(values("grundy", published.size()), published);
}

TEST(GrundysGame, ValuesEqualPlainMex) {
  EXPECT_EQ(values("grundy", 400), plain_values("grundy", 400));
}

TEST(GrundysGame, HasNoPeriodTheorem) {
  const auto search = heap_rules(make("grundy")).find_period(500, nimkit::Limits{});
  EXPECT_FALSE(search.period.has_value());
  EXPECT_GE(search.searched_to, 499u);
  EXPECT_EQ(search.stopped_by, "no periodicity theorem applies to this ruleset");
}

}  // namespace
