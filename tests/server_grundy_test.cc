// POST /api/grundy, the page's Grundy view: values, bands, proved periods, Wythoff's table and the
// refusals, checked against the engines `nimkit grundy` uses.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api.h"
#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/registry.h"
#include "nimkit/sequence_job.h"
#include "server_test_fixture.h"

namespace nimkit::server {
namespace {

using nlohmann::json;

// The first example of the registry entry `name`.
std::string registry_example(const std::string& name) {
  for (const RulesetEntry& entry : registry()) {
    if (entry.name == name) return entry.examples.front();
  }
  ADD_FAILURE() << "no ruleset " << name;
  return name;
}

TEST_F(ServerApiTest, KaylesIsPeriodic12After70) {
  const Answer a = post("/api/grundy", R"({"rules":"kayles","count":100})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["period"], 12);
  EXPECT_EQ(a.body["preperiod"], 71);
  ASSERT_EQ(a.body["values"].size(), 100u);
  // g(70) = 6 is the last exception: 12 later the periodic value g(82) = 2 holds.
  EXPECT_EQ(a.body["values"][70], 6);
  EXPECT_EQ(a.body["values"][82], 2);
}

TEST_F(ServerApiTest, NimHasNoPeriod) {
  const Answer a = post("/api/grundy", R"({"rules":"nim","count":10})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["values"], json::parse("[0,1,2,3,4,5,6,7,8,9]"));
  EXPECT_TRUE(a.body["period"].is_null());
}

// The server's answer without a deadline: these tests check what the answer says, not how fast a
// loaded machine computes it (the steps limit, deterministic, still applies).
ApiResponse grundy_without_deadline(const json& request, ApiLimits limits = {}) {
  limits.max_request_time = std::chrono::milliseconds{0};
  return Api(limits).grundy(request.dump());
}

TEST_F(ServerApiTest, Octal016IsProvedPeriodic149459After105351InOneRequest) {
  const ApiResponse a = grundy_without_deadline({{"rules", "octal:0.16"}, {"count", 1000}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["proved"], true);
  EXPECT_EQ(a.body["period"], 149459);
  EXPECT_EQ(a.body["preperiod"], 105351);
  EXPECT_NE(a.body["proof"].get<std::string>().find("periodicity theorem"), std::string::npos);
  // The same period as the sparse-space engine's own proof, the path of `nimkit grundy`.
  auto sequence = GrundySequence::create(*SplitGame::parse("0.16"), SequenceAlgorithm::kSparse);
  ASSERT_TRUE(sequence.ok());
  auto proved = sequence->prove_period(std::uint64_t{1} << 20);
  ASSERT_TRUE(proved.ok()) << proved.error();
  EXPECT_EQ(a.body["period"], proved->period);
  EXPECT_EQ(a.body["preperiod"], proved->preperiod);
  EXPECT_EQ(a.body["checked_to"], proved->checked_to);
}

TEST_F(ServerApiTest, AMillionValuesComeAsTheFirstValuesAndMinMaxBands) {
  const ApiResponse a = grundy_without_deadline({{"rules", "kayles"}, {"count", 1000000}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  const ApiLimits limits;
  EXPECT_EQ(a.body["count"], 1000000);
  EXPECT_EQ(a.body["listed"], limits.max_listed_values);
  ASSERT_EQ(a.body["values"].size(), limits.max_listed_values);
  const json& bands = a.body["bands"];
  EXPECT_EQ(bands["width"], 1000);
  ASSERT_EQ(bands["min"].size(), 1000u);
  ASSERT_EQ(bands["max"].size(), 1000u);
  // A compact answer: far below the ~2.3 MB of a million values written out.
  EXPECT_LT(a.body.dump().size(), 100'000u);
  // Every band against the values computed here by mex, from the definition of Kayles.
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < 2000; ++n) {
    std::vector<bool> seen(64, false);  // Kayles' values are below 16
    for (std::uint64_t take = 1; take <= std::min<std::uint64_t>(2, n); ++take) {
      for (std::uint64_t left = 0; left <= n - take; ++left)
        seen[g[left] ^ g[n - take - left]] = true;
    }
    g.push_back(mex_of_bitmap(seen));
  }
  for (std::size_t n = 0; n < 2000; ++n) EXPECT_EQ(a.body["values"][n], g[n]) << n;
  // Past heap 71 Kayles repeats with period 12: the bands from 2000 on are those of the period.
  auto value = [&](std::uint64_t n) { return n < 2000 ? g[n] : g[72 + (n - 72) % 12]; };
  for (std::size_t b : {0u, 1u, 500u, 999u}) {
    std::uint64_t low = ~std::uint64_t{0}, high = 0;
    for (std::uint64_t n = b * 1000; n < b * 1000 + 1000; ++n) {
      low = std::min(low, value(n));
      high = std::max(high, value(n));
    }
    EXPECT_EQ(bands["min"][b], low) << b;
    EXPECT_EQ(bands["max"][b], high) << b;
  }
}

TEST_F(ServerApiTest, WythoffAnswersItsTableOfPairs) {
  const Answer a = post("/api/grundy", R"({"rules":"wythoff","count":10})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["shape"], "grid");
  ASSERT_EQ(a.body["grid"].size(), 10u);
  // g(a, b) by mex over the moves of Wythoff's game, written out here.
  std::vector<std::vector<std::uint64_t>> g(10, std::vector<std::uint64_t>(10));
  for (std::uint64_t x = 0; x < 10; ++x) {
    for (std::uint64_t y = 0; y < 10; ++y) {
      std::vector<bool> seen(x + y + 2, false);
      for (std::uint64_t t = 1; t <= x; ++t) seen[g[x - t][y]] = true;
      for (std::uint64_t t = 1; t <= y; ++t) seen[g[x][y - t]] = true;
      for (std::uint64_t t = 1; t <= std::min(x, y); ++t) seen[g[x - t][y - t]] = true;
      g[x][y] = mex_of_bitmap(seen);
      EXPECT_EQ(a.body["grid"][x][y], g[x][y]) << x << "," << y;
    }
  }
  expect_refused(post("/api/grundy", R"({"rules":"wythoff","count":257})"), 422,
                 "outside 1 to 256");
}

TEST_F(ServerApiTest, RulesetsSayWhichPictureOfTheirValuesTheyHave) {
  const Answer a = get("/api/rulesets");
  ASSERT_EQ(a.status, 200);
  std::map<std::string, std::string> shape;
  for (const json& r : a.body["rulesets"]) shape[r["name"]] = r["shape"];
  EXPECT_EQ(shape["kayles"], "sequence");
  EXPECT_EQ(shape["subtraction"], "sequence");
  EXPECT_EQ(shape["wythoff"], "grid");
  for (const char* none : {"moore", "node-kayles", "staircase", "ruler", "chomp", "hackenbush"}) {
    EXPECT_EQ(shape[none], "none") << none;
    expect_refused(post_json("/api/grundy", {{"rules", registry_example(none)}, {"count", 5}}), 422,
                   "has no Grundy sequence");
  }
}

TEST_F(ServerApiTest, AnUnprovedPeriodSaysHowFarItWasChecked) {
  ApiLimits limits;
  limits.period_search = 4096;
  const ApiResponse a = grundy_without_deadline({{"rules", "octal:0.354"}, {"count", 100}}, limits);
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["proved"], false);
  EXPECT_TRUE(a.body["period"].is_null());
  EXPECT_EQ(a.body["stopped"], "search_limit");
  EXPECT_GE(a.body["searched_to"].get<std::uint64_t>(), 4095u);
  const ApiResponse nim = grundy_without_deadline({{"rules", "nim"}, {"count", 10}});
  EXPECT_EQ(nim.body["stopped"], "no_theorem");
}

TEST_F(ServerApiTest, ValuesStoppedByTheRequestsWorkSayHowFarTheyAreKnown) {
  ApiLimits limits;
  limits.max_request_steps = 2'000'000;
  const ApiResponse a = grundy_without_deadline({{"rules", "grundy"}, {"count", 1000000}}, limits);
  EXPECT_EQ(a.status, 422) << a.body.dump();
  EXPECT_EQ(a.body["stopped"], "request_limit");
  EXPECT_GT(a.body["known_to"].get<std::uint64_t>(), 0u);
  EXPECT_NE(a.body["error"].get<std::string>().find("the work limit of 2000000 steps"),
            std::string::npos);
}

TEST_F(ServerApiTest, GrundyRefusalsNameNoCommandLineOption) {
  ApiLimits limits;
  limits.max_request_steps = 1'000'000;
  for (const json& request :
       {json{{"rules", "grundy"}, {"count", 1000000}}, json{{"rules", "kayles"}, {"count", 0}},
        json{{"rules", "wythoff"}, {"count", 1000}}, json{{"rules", "moore:2"}, {"count", 5}},
        json{{"rules", "octal:0.1x"}, {"count", 5}}}) {
    const ApiResponse a = grundy_without_deadline(request, limits);
    EXPECT_EQ(a.status, 422) << request.dump();
    EXPECT_EQ(a.body["error"].get<std::string>().find("--"), std::string::npos) << a.body.dump();
  }
  const ApiResponse range = grundy_without_deadline({{"rules", "kayles"}, {"count", 2000000}});
  EXPECT_EQ(range.body["field"], "count");
  EXPECT_EQ(range.body["max"], ApiLimits{}.max_grundy_count);
}

// The oracle of the tests below: the job `nimkit grundy --period` runs (the library chooses the
// engine: the sparse-space engine for octal codes and Grundy's game, a table of their own), with
// the server's bound on the period search.
SequenceJob library_job(const std::string& spec, std::uint64_t count, bool period = true) {
  SequenceJobOptions options;
  options.count = count;
  options.period = period;
  options.period_search = ApiLimits{}.period_search;
  auto job = SequenceJob::create(*make_ruleset(spec), options, Limits{});
  EXPECT_TRUE(job.ok()) << job.error();
  auto ran = job->run();
  EXPECT_TRUE(ran.ok() && *ran == SequenceJobStop::kNone) << spec;
  return std::move(job).value();
}

json library_values(const SequenceJob& job, std::uint64_t begin, std::uint64_t end) {
  json list = json::array();
  const auto values = job.values(begin, end);
  EXPECT_TRUE(values.ok()) << values.error();
  if (!values.ok()) return list;
  for (const Nimber v : *values) list.push_back(contract::nimber_json(v));
  return list;
}

// The answer's values and period against the library's.
void expect_library_answer(const ApiResponse& a, const std::string& spec, std::uint64_t count) {
  ASSERT_EQ(a.status, 200) << a.body.dump();
  const SequenceJob job = library_job(spec, count);
  EXPECT_EQ(a.body["count"], count);
  EXPECT_EQ(a.body["values"], library_values(job, 0, a.body["listed"].get<std::uint64_t>()));
  const SequencePeriod& p = job.period();
  EXPECT_EQ(a.body["proved"], p.period.has_value());
  if (p.period) {
    EXPECT_EQ(a.body["period"], p.period->period);
    EXPECT_EQ(a.body["preperiod"], p.period->preperiod);
    EXPECT_EQ(a.body["saltus"], p.period->saltus);
    EXPECT_EQ(a.body["checked_to"], p.period->checked_to);
  } else {
    EXPECT_TRUE(a.body["period"].is_null());
    EXPECT_EQ(a.body["searched_to"], p.searched_to);
  }
}

TEST_F(ServerApiTest, DawsonsKaylesAgreesWithTheLibrary) {
  const ApiResponse a = grundy_without_deadline({{"rules", "octal:0.07"}, {"count", 200}});
  expect_library_answer(a, "octal:0.07", 200);
  // Dawson's Kayles: period 34, as every table of it says.
  EXPECT_EQ(a.body["period"], 34);
  EXPECT_NE(a.body["proof"].get<std::string>().find("periodicity theorem"), std::string::npos);
}

TEST_F(ServerApiTest, ASubtractionGameAgreesWithTheLibrary) {
  const ApiResponse a = grundy_without_deadline({{"rules", "subtraction:1,3,4"}, {"count", 500}});
  expect_library_answer(a, "subtraction:1,3,4", 500);
  EXPECT_EQ(a.body["period"], 7);
}

TEST_F(ServerApiTest, GrundysGameAgreesWithTheLibraryAndHasNoTheorem) {
  const ApiResponse a = grundy_without_deadline({{"rules", "grundy"}, {"count", 300}});
  expect_library_answer(a, "grundy", 300);
  EXPECT_EQ(a.body["stopped"], "no_theorem");
  EXPECT_EQ(a.body["searched_to"], 299);
  EXPECT_FALSE(a.body["no_period"].get<std::string>().empty());
}

TEST_F(ServerApiTest, ACountPastTheListedValuesAgreesWithTheLibraryInEveryBand) {
  ApiLimits limits;
  limits.max_listed_values = 1000;
  limits.grundy_bands = 100;
  const std::uint64_t count = 123'457;  // the last band is shorter
  const ApiResponse a =
      grundy_without_deadline({{"rules", "octal:0.07"}, {"count", count}}, limits);
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["listed"], 1000);
  ASSERT_EQ(a.body["values"].size(), 1000u);
  const SequenceJob job = library_job("octal:0.07", count);
  EXPECT_EQ(a.body["values"], library_values(job, 0, 1000));
  const std::uint64_t width = a.body["bands"]["width"];
  EXPECT_EQ(width, (count + 99) / 100);
  json low = json::array(), high = json::array();
  Nimber top = 0;
  for (std::uint64_t begin = 0; begin < count; begin += width) {
    const auto values = job.values(begin, std::min(count, begin + width));
    ASSERT_TRUE(values.ok()) << values.error();
    const std::vector<Nimber>& band = *values;
    low.push_back(contract::nimber_json(*std::min_element(band.begin(), band.end())));
    high.push_back(contract::nimber_json(*std::max_element(band.begin(), band.end())));
    top = std::max(top, *std::max_element(band.begin(), band.end()));
  }
  EXPECT_EQ(a.body["bands"]["min"], low);
  EXPECT_EQ(a.body["bands"]["max"], high);
  EXPECT_EQ(a.body["max_value"], contract::nimber_json(top));
}

TEST_F(ServerApiTest, TheRequestLimitSaysHowFarTheValuesAreKnownAndAskingAgainContinues) {
  ApiLimits limits;
  limits.max_request_steps = 2'000'000;
  const json request{{"rules", "grundy"}, {"count", 1000000}};
  const ApiResponse first = grundy_without_deadline(request, limits);
  ASSERT_EQ(first.status, 422) << first.body.dump();
  EXPECT_EQ(first.body["stopped"], "request_limit");
  // known_to is how far the ruleset's shared table goes; the next request continues from there.
  const auto grundy = *make_ruleset("grundy");
  EXPECT_EQ(first.body["known_to"], known_values(*grundy) - 1);
  const ApiResponse second = grundy_without_deadline(request, limits);
  ASSERT_EQ(second.status, 422) << second.body.dump();
  EXPECT_GT(second.body["known_to"].get<std::uint64_t>(),
            first.body["known_to"].get<std::uint64_t>());
  // The values known agree with the library's.
  const std::uint64_t known = second.body["known_to"].get<std::uint64_t>() + 1;
  const ApiResponse within = grundy_without_deadline(
      {{"rules", "grundy"}, {"count", std::min<std::uint64_t>(known, 20000)}});
  expect_library_answer(within, "grundy", std::min<std::uint64_t>(known, 20000));
}

TEST_F(ServerApiTest, APeriodSearchStoppedByTheRequestStillAnswersTheValues) {
  // 0.354 needs 20 million values for its proof: the request's work stops the search, not the ten
  // values asked.
  ApiLimits limits;
  limits.max_request_steps = 2'000'000;
  const ApiResponse a = grundy_without_deadline({{"rules", "octal:0.354"}, {"count", 10}}, limits);
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["stopped"], "request_limit");
  EXPECT_NE(a.body["no_period"].get<std::string>().find("the work limit of 2000000 steps"),
            std::string::npos);
  EXPECT_EQ(a.body["values"], library_values(library_job("octal:0.354", 10, false), 0, 10));
}

}  // namespace
}  // namespace nimkit::server
