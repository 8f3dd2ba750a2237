// Errors carry their kind (result.h), so that front ends map them to exit statuses, HTTP statuses
// and exceptions without reading messages: bad input, a limit, a cancel, an unsupported request,
// kept as errors pass up through the layers that add context to their messages.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "nimkit/analysis.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/limits.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/result.h"

namespace {

using nimkit::Convention;
using nimkit::ErrorKind;
using nimkit::Limits;

nimkit::Position position_of(const std::string& text) {
  auto position = nimkit::parse_position(text, nullptr);
  EXPECT_TRUE(position.ok()) << position.error();
  return *position;
}

TEST(ErrorKind, MalformedInputIsBadInputAndKeepsItsKindThroughContext) {
  auto unknown = nimkit::make_ruleset("kayle");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error_kind(), ErrorKind::kBadInput);
  // parse_position adds "in \"...\"" to the ruleset's own error; the kind stays.
  auto position = nimkit::parse_position("kayle:3", nullptr);
  ASSERT_FALSE(position.ok());
  EXPECT_EQ(position.error_kind(), ErrorKind::kBadInput);
  auto octal = nimkit::parse_position("octal:0.8x:3", nullptr);
  ASSERT_FALSE(octal.ok());
  EXPECT_EQ(octal.error_kind(), ErrorKind::kBadInput);
}

TEST(ErrorKind, AWorkMeterThatRunsOutIsALimit) {
  Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(50);
  // Misère Wythoff has no quotient: its sums need the search, which the meter stops.
  auto analysis =
      nimkit::analyze(position_of("wythoff:30,31 wythoff:32,33"), Convention::kMisere, limits);
  ASSERT_FALSE(analysis.ok());
  EXPECT_EQ(analysis.error_kind(), ErrorKind::kLimit) << analysis.error();
}

TEST(ErrorKind, ANodeOrTableLimitIsALimit) {
  Limits nodes;
  nodes.max_nodes = 10;
  auto searched =
      nimkit::analyze(position_of("wythoff:30,31 wythoff:32,33"), Convention::kMisere, nodes);
  ASSERT_FALSE(searched.ok());
  EXPECT_EQ(searched.error_kind(), ErrorKind::kLimit) << searched.error();

  Limits table;
  table.max_table = 10;
  auto rules = nimkit::make_ruleset("octal:0.137");
  ASSERT_TRUE(rules.ok());
  auto values = nimkit::grundy_values(**rules, 0, 1000, table);
  ASSERT_FALSE(values.ok());
  EXPECT_EQ(values.error_kind(), ErrorKind::kLimit) << values.error();
}

TEST(ErrorKind, ACancelledMeterIsCancelledNotALimit) {
  Limits limits;
  limits.meter = std::make_shared<nimkit::WorkMeter>(0);
  limits.meter->cancel();
  auto analysis =
      nimkit::analyze(position_of("wythoff:30,31 wythoff:32,33"), Convention::kMisere, limits);
  ASSERT_FALSE(analysis.ok());
  EXPECT_EQ(analysis.error_kind(), ErrorKind::kCancelled) << analysis.error();
  EXPECT_EQ(limits.stop_error().kind, ErrorKind::kCancelled);
}

// A ruleset's table stopped by the request's meter part way: a limit when the meter ran out, a
// cancel when it was cancelled (never bad input), naming how far the values are known.
TEST(ErrorKind, ATableStoppedByTheMeterIsALimitOrACancel) {
  // Officers: no period within reach, so every value is tabulated.
  auto rules = nimkit::make_ruleset("octal:0.6");
  ASSERT_TRUE(rules.ok());
  Limits spent;
  spent.max_table = spent.max_scan = 10'000'000;
  spent.meter = std::make_shared<nimkit::WorkMeter>(1000);
  auto values = nimkit::grundy_values(**rules, 0, 5'000'000, spent);
  ASSERT_FALSE(values.ok());
  EXPECT_EQ(values.error_kind(), ErrorKind::kLimit) << values.error();
  EXPECT_NE(values.error().find("values known up to heap"), std::string::npos) << values.error();

  Limits cancelled;
  cancelled.max_table = cancelled.max_scan = 10'000'000;
  cancelled.meter = std::make_shared<nimkit::WorkMeter>(0);
  cancelled.meter->cancel();
  auto more = nimkit::grundy_values(**rules, 0, 5'000'000, cancelled);
  ASSERT_FALSE(more.ok());
  EXPECT_EQ(more.error_kind(), ErrorKind::kCancelled) << more.error();
}

TEST(ErrorKind, AskingARulesetForWhatItDoesNotOfferIsUnsupported) {
  auto graph = nimkit::make_ruleset("node-kayles");
  ASSERT_TRUE(graph.ok());
  auto values = nimkit::grundy_values(**graph, 0, 10, Limits{});
  ASSERT_FALSE(values.ok());
  EXPECT_EQ(values.error_kind(), ErrorKind::kUnsupported) << values.error();
}

TEST(ErrorKind, KindsHaveNames) {
  EXPECT_STREQ(nimkit::to_string(ErrorKind::kBadInput), "bad input");
  EXPECT_STREQ(nimkit::to_string(ErrorKind::kLimit), "limit");
  EXPECT_STREQ(nimkit::to_string(ErrorKind::kCancelled), "cancelled");
  EXPECT_STREQ(nimkit::to_string(ErrorKind::kUnsupported), "unsupported");
  const nimkit::Error cause = nimkit::fail_limit("the table limit 10");
  EXPECT_EQ(nimkit::fail_as(cause, "heap 3: the table limit 10").kind, ErrorKind::kLimit);
}

}  // namespace
