// The lean JSON writer writes what dump_json() writes for the same values, escapes and invalid
// UTF-8 included.
#include "json_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/registry.h"

namespace {

using nimkit::contract::dump_json;
using nimkit::contract::JsonWriter;

TEST(JsonWriter, WritesWhatDumpJsonWritesForTheSameValues) {
  const std::vector<std::string> texts = {
      "",         "heap 1",  "say \"hi\"",  "a\\b",          "two\nlines", "tab\there",
      "\x01\x1f", "del\x7f", "caf\xc3\xa9", "bad \xff byte", "\xe2\x82"};
  const nimkit::Nimber big = (nimkit::Nimber{1} << 64) + 5;
  std::string text;
  {
    JsonWriter out(text);
    out.begin_object();
    out.key("a");
    out.begin_array();
    for (const std::string& t : texts) out.string(t);
    out.end_array();
    out.key("b");
    out.null();
    out.key("c");
    out.begin_object();
    out.key(std::string("k\"ey"));
    out.number(18446744073709551615ULL);
    out.key("n");
    out.nimber(big);
    out.end_object();
    out.key("d");
    out.begin_array();
    out.begin_array();
    out.end_array();
    out.number(0);
    out.nimber(7);
    out.end_array();
    out.end_object();
  }
  nlohmann::json expected;
  expected["a"] = texts;
  expected["b"] = nullptr;
  expected["c"] = {{"k\"ey", 18446744073709551615ULL}, {"n", nimkit::to_string(big)}};
  expected["d"] = nlohmann::json::array({nlohmann::json::array(), 0, 7});
  EXPECT_EQ(text, dump_json(expected));
}

TEST(JsonWriter, AppendsAfterWhatTheStringHeld) {
  std::string text = "x=";
  {
    JsonWriter out(text);
    out.begin_array();
    out.number(1);
    out.string("2");
    out.end_array();
  }
  EXPECT_EQ(text, "x=[1,\"2\"]");
}

}  // namespace

namespace {

// A batch line's components (the lean writer) are what component_json() builds as objects, for
// heaps, zero-move piles, pairs, graphs, boards and sums.
TEST(JsonWriter, BatchLineComponentsAreComponentJson) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"nim", "3 4 5"},
      {"zero-move", "3 4x 5"},
      {"wythoff", "3 5 2 7"},
      {"kayles", "kayles:7 dawson:12 nim:3"},
      {"node-kayles", "1-2,2-3,4"},
      {"cram", "..../.#../...."},
      {"hackenbush", "0-1,1-2,1-2"}};
  nimkit::contract::RulesetTexts texts;
  for (const auto& [rules_spec, text] : cases) {
    auto rules = nimkit::make_ruleset(rules_spec);
    ASSERT_TRUE(rules.ok()) << rules_spec;
    auto brief = nimkit::analyze_brief(
        text, *rules, nimkit::Convention::kNormal, [] { return nimkit::Limits{}; },
        nimkit::BriefOptions{.position = true});
    ASSERT_TRUE(brief.ok()) << text << ": " << brief.error();
    std::string line;
    nimkit::contract::append_batch_line(line, 1, nimkit::Convention::kNormal, *brief, texts);
    const nlohmann::json written = nlohmann::json::parse(line);
    const auto& components = brief->position.components();
    ASSERT_EQ(written["components"].size(), components.size()) << text;
    for (std::size_t c = 0; c < components.size(); ++c) {
      const bool valued = brief->values.size() == components.size();
      EXPECT_EQ(
          written["components"][c],
          nimkit::contract::component_json(
              brief->position, c,
              valued ? std::optional(nimkit::LoopyValue::finite(brief->values[c])) : std::nullopt))
          << text << " component " << c;
    }
  }
}

}  // namespace
