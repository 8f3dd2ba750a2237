// The lean JSON writer writes what dump_json() writes for the same values, escapes and invalid
// UTF-8 included.
#include "json_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "json.h"

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
