// The JSON API of `nimkit serve`, against a live server on a free loopback port: every endpoint,
// every class of bad request, and the same JSON as `nimkit analyze --json`.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "api.h"
#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/remoteness.h"
#include "server.h"
#include "server_test_fixture.h"

namespace nimkit::server {
namespace {

using nlohmann::json;

// --- every endpoint -----------------------------------------------------------------------------

TEST_F(ServerApiTest, HealthSaysOk) {
  const Answer a = get("/api/health");
  EXPECT_EQ(a.status, 200);
  EXPECT_EQ(a.body["status"], "ok");
  EXPECT_EQ(a.body["rulesets"], registry().size());
}

TEST_F(ServerApiTest, RulesetsListEveryRegistryEntryInOrder) {
  const Answer a = get("/api/rulesets");
  ASSERT_EQ(a.status, 200);
  const json& list = a.body["rulesets"];
  ASSERT_EQ(list.size(), registry().size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const RulesetEntry& entry = registry()[i];
    EXPECT_EQ(list[i]["name"], entry.name);
    EXPECT_EQ(list[i]["parameters"], entry.parameters);
    EXPECT_EQ(list[i]["summary"], entry.summary);
    EXPECT_EQ(list[i]["examples"], json(entry.examples));
    // What the page's new-game form shows: the registry's start, notation help and view.
    EXPECT_EQ(list[i]["start"], entry.start);
    EXPECT_EQ(list[i]["view"], entry.facts.view);
    EXPECT_EQ(list[i]["notation"]["syntax"], entry.notation);
    EXPECT_EQ(list[i]["notation"]["example"], entry.start);
  }
}

TEST_F(ServerApiTest, ThreeFourFiveFirstPlayerWinsByTakingTwoFromHeapOne) {
  const Answer a = post("/api/analyze", R"({"rules":"nim","misere":false,"position":"3 4 5"})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["rules"], "nim");
  EXPECT_EQ(a.body["convention"], "normal");
  EXPECT_EQ(a.body["position"], "3 4 5");
  EXPECT_EQ(a.body["components"][2]["fields"]["heaps"], json::parse("[5]"));
  EXPECT_EQ(a.body["grundy"], 2);
  EXPECT_EQ(a.body["winner"], "first");
  ASSERT_EQ(a.body["winning_moves"].size(), 1u);
  const json& m = a.body["winning_moves"][0];
  EXPECT_EQ(m["heap"], 1);
  EXPECT_EQ(m["take"], 2);
  EXPECT_EQ(m["result"], json::parse("[1,4,5]"));
  EXPECT_EQ(a.body["terminal"], false);
}

TEST_F(ServerApiTest, AnalyzeAnswersExactlyWhatAnalyzeJsonPrints) {
  // The CLI's `analyze --json` writes contract::analysis_json(); the API must add fields, never
  // differ.
  const json request = {{"rules", "zero-move"}, {"misere", false}, {"position", "18 47x  34"}};
  const Answer a = post_json("/api/analyze", request);
  ASSERT_EQ(a.status, 200) << a.body.dump();
  auto rules = make_ruleset("zero-move");
  ASSERT_TRUE(rules.ok());
  auto position = parse_position("18 47x 34", *rules);
  ASSERT_TRUE(position.ok());
  auto analysis = analyze(*position, Convention::kNormal, ApiLimits{}.engine);
  ASSERT_TRUE(analysis.ok());
  json expected = contract::analysis_json(*position, *analysis);
  for (const auto& [key, value] : expected.items()) EXPECT_EQ(a.body[key], value) << key;
  EXPECT_EQ(a.body["position"], "18 47x 34");
}

TEST_F(ServerApiTest, MisereOneOneIsAWinForThePlayerToMove) {
  const Answer a = post("/api/analyze", R"({"misere":true,"heaps":[1,1]})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["convention"], "misere");
  EXPECT_EQ(a.body["winner"], "first");
}

// The remoteness the library computes, when its search fits the analysis budget; absent beyond.
TEST_F(ServerApiTest, AnalysisCarriesRemotenessWhenItsSearchFits) {
  for (const bool misere : {false, true}) {
    auto position = nimkit::parse_position("nim:3 nim:4 nim:5", nullptr);
    ASSERT_TRUE(position.ok());
    const auto convention = misere ? nimkit::Convention::kMisere : nimkit::Convention::kNormal;
    auto expected = nimkit::remoteness(*position, convention);
    ASSERT_TRUE(expected.ok()) << expected.error();
    const Answer a = post_json("/api/analyze", {{"misere", misere}, {"heaps", {3, 4, 5}}});
    ASSERT_EQ(a.status, 200) << a.body.dump();
    ASSERT_TRUE(a.body.contains("remoteness")) << a.body.dump();
    EXPECT_EQ(a.body["remoteness"].get<std::uint64_t>(), *expected);
  }
  const Answer terminal = post("/api/analyze", R"({"misere":true,"heaps":[0]})");
  EXPECT_EQ(terminal.body["remoteness"], 0);
  // Far more positions than the budget: the analysis stands, without remoteness.
  const Answer big = post("/api/analyze", R"({"heaps":[40,41,42,44]})");
  ASSERT_EQ(big.status, 200) << big.body.dump();
  EXPECT_EQ(big.body["winner"], "first");
  EXPECT_FALSE(big.body.contains("remoteness"));
}

TEST_F(ServerApiTest, TerminalPositionIsMarked) {
  const Answer normal = post("/api/analyze", R"({"heaps":[0,0]})");
  EXPECT_EQ(normal.body["terminal"], true);
  EXPECT_EQ(normal.body["winner"], "second");  // no move: the player to move has lost
  const Answer misere = post("/api/analyze", R"({"misere":true,"heaps":[0]})");
  EXPECT_EQ(misere.body["terminal"], true);
  EXPECT_EQ(misere.body["winner"], "first");  // the opponent took the last object and lost
}

TEST_F(ServerApiTest, PerfectComputerTakesTheWinningMove) {
  const Answer a = post("/api/move", R"({"rules":"nim","position":"3 4 5","level":"perfect"})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["move"]["heap"], 1);
  EXPECT_EQ(a.body["move"]["take"], 2);
  EXPECT_EQ(a.body["move"]["result"], json::parse("[1,4,5]"));
  EXPECT_EQ(a.body["move"]["winning"], true);
  EXPECT_EQ(a.body["analysis"]["position"], "1 4 5");
  EXPECT_EQ(a.body["analysis"]["winner"], "second");
}

TEST_F(ServerApiTest, CramComputerFillsTheWinningDominoAndBadBoardsAre422) {
  // ../.. is a 2 × 2 board of value 0 and .../... one of value 1 (every vertical domino wins).
  const Answer a = post("/api/move", R"({"rules":"cram","heaps":[".../..."],"level":"perfect"})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["move"]["winning"], true);
  const json cells = a.body["move"]["cells"];
  ASSERT_EQ(cells.size(), 2U) << a.body.dump();
  EXPECT_EQ(cells[1].get<int>() - cells[0].get<int>(), 3) << cells.dump();  // one above the other
  EXPECT_EQ(a.body["analysis"]["winner"], "second");
  expect_refused(post("/api/analyze", R"({"rules":"cram","heaps":["../.x"]})"), 422,
                 "\"x\" at cell b2");
  // A finished board is a position of value 0, as in every other ruleset.
  const Answer done = post("/api/analyze", R"({"rules":"cram","heaps":["##/##"]})");
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(done.body["winner"], "second");
}

TEST_F(ServerApiTest, PerfectComputerInALostPositionStillMovesLegally) {
  const Answer a = post("/api/move", R"({"heaps":[1,4,5]})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["move"]["winning"], false);
  EXPECT_EQ(a.body["analysis"]["winner"], "first");
  EXPECT_EQ(a.body["level"], "perfect");
}

TEST_F(ServerApiTest, SameSeedSameRandomMove) {
  const json request = {{"heaps", {9, 10, 11, 12}}, {"level", "random"}, {"seed", 42}};
  const Answer a = post_json("/api/move", request);
  const Answer b = post_json("/api/move", request);
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["seed"], 42);
  EXPECT_EQ(a.body["move"], b.body["move"]);
}

TEST_F(ServerApiTest, ZeroMoveComputerTracksTheSpentState) {
  // A pile of 1 with its zero move available has value 2; its options are 0 (value 0) and 1x
  // (value 1), so the winning move takes the pile. A zero move on 2 leaves 2x, marked spent.
  const Answer a = post("/api/move", R"({"rules":"zero-move","heaps":["1"]})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["move"]["take"], 1);
  const Answer spent =
      post("/api/moves", R"({"rules":"zero-move","heaps":["2"],"heap":1,"take":0})");
  ASSERT_EQ(spent.status, 200) << spent.body.dump();
  ASSERT_EQ(spent.body["moves"].size(), 1u);
  EXPECT_EQ(spent.body["moves"][0]["position"], "2x");
}

TEST_F(ServerApiTest, MovesListsSplitsOfAKaylesRow) {
  // Taking one pin from a row of 5 leaves 4, 1+3 or 2+2.
  const Answer a = post("/api/moves", R"({"rules":"kayles","heaps":[5],"heap":1,"take":1})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  std::vector<std::string> left;
  for (const json& m : a.body["moves"]) left.push_back(m["position"]);
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"1 3", "2 2", "4"}));
  EXPECT_EQ(a.body["truncated"], false);
}

TEST_F(ServerApiTest, HeapAndTakeMayBeDigitStringsPastWhatAJavaScriptNumberHolds) {
  // The page sends "take" as a string of digits: a JavaScript number is exact only to 2^53.
  const Answer a = post("/api/moves", R"({"rules":"nim","position":"5 3","heap":"1","take":"2"})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  ASSERT_EQ(a.body["moves"].size(), 1u);
  EXPECT_EQ(a.body["moves"][0]["position"], "3 3");
  // Digits only; the other number fields are JSON numbers.
  EXPECT_EQ(post("/api/moves", R"({"rules":"nim","position":"3 4","heap":1,"take":" 1"})").status,
            400);
  EXPECT_EQ(post("/api/moves", R"({"rules":"nim","position":"3 4","limit":"5"})").status, 400);
}

TEST_F(ServerApiTest, MovesOfGamesDrawnFromHeapsSayWhatTheyLeave) {
  // The page's views of heap games (pins, split, queen, moore) read a move's shape from "result":
  // the position's heaps after it. A graph component in the sum adds no heaps.
  struct Case {
    const char* body;
    const char* view;
    std::vector<std::string> results;  // every move's result, sorted
  };
  const std::vector<Case> cases = {
      {R"({"rules":"kayles","heaps":[4]})", "pins", {"[1,1]", "[1,2]", "[2]", "[3]"}},
      {R"({"rules":"grundy","heaps":[6]})", "split", {"[1,5]", "[2,4]"}},
      {R"({"rules":"lasker","heaps":[2]})", "split", {"[0]", "[1,1]", "[1]"}},
      {R"({"rules":"wythoff","heaps":[1,2]})", "queen", {"[0,1]", "[0,2]", "[1,0]", "[1,1]"}},
      {R"({"rules":"moore:2","heaps":[1,1,1]})",
       "moore",
       {"[0,0,1]", "[0,1,0]", "[0,1,1]", "[1,0,0]", "[1,0,1]", "[1,1,0]"}},
      {R"({"rules":"kayles","heaps":["node-kayles:1-2",2]})", "pins", {"[0]", "[1]"}},
  };
  for (const Case& c : cases) {
    const Answer moves = post("/api/moves", c.body);
    ASSERT_EQ(moves.status, 200) << c.body << moves.body.dump();
    std::vector<std::string> results;
    for (const json& m : moves.body["moves"]) {
      if (m.contains("result")) results.push_back(m["result"].dump());
    }
    std::sort(results.begin(), results.end());
    EXPECT_EQ(results, c.results) << c.body;
    const Answer analysis = post("/api/analyze", c.body);
    ASSERT_EQ(analysis.status, 200) << c.body;
    EXPECT_EQ(analysis.body["components"].back()["view"], c.view) << c.body;
  }
}

TEST_F(ServerApiTest, MovesListsAllMovesUpToTheLimit) {
  const Answer all = post("/api/moves", R"({"heaps":[3,4,5]})");
  ASSERT_EQ(all.status, 200) << all.body.dump();
  EXPECT_EQ(all.body["count"], 12);
  EXPECT_EQ(all.body["moves"].size(), 12u);
  const Answer few = post("/api/moves", R"({"heaps":[3,4,5],"limit":5})");
  EXPECT_EQ(few.body["moves"].size(), 5u);
  EXPECT_EQ(few.body["truncated"], true);
  const Answer typed = post("/api/moves", R"({"heaps":[3,4,5],"move":"2 4"})");
  ASSERT_EQ(typed.status, 200) << typed.body.dump();
  EXPECT_EQ(typed.body["moves"][0]["result"], json::parse("[3,0,5]"));
}

TEST_F(ServerApiTest, MovesOfAHugeSplittingHeapAreTruncatedNotSlow) {
  // Grundy's game on 100000: 49999 splits, each of whose notation scans the heap's options; the
  // list stops at the scan limit instead of doing 49999 x 49999 work.
  const Answer a = post("/api/moves", R"({"rules":"grundy","heaps":[100000],"heap":1,"take":0})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["count"], 49999);
  EXPECT_EQ(a.body["truncated"], true);
  EXPECT_EQ(a.body["moves"].size(), ApiLimits{}.engine.max_scan / 49999);
}

TEST_F(ServerApiTest, PageAndItsScriptsAreServed) {
  auto page = client().Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(page->body.find("<script type=\"module\" src=\"js/app.js\">"), std::string::npos);
  auto script = client().Get("/js/app.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_EQ(script->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_NE(page->get_header_value("Content-Security-Policy").find("default-src 'self'"),
            std::string::npos);
}

// --- every class of bad request -----------------------------------------------------------------

TEST_F(ServerApiTest, MalformedJsonIs400) {
  expect_refused(post("/api/analyze", "{\"heaps\": [3,4,"), 400, "not valid JSON");
  expect_refused(post("/api/analyze", ""), 400, "not valid JSON");
  expect_refused(post("/api/analyze", "[3,4,5]"), 400, "must be a JSON object");
}

TEST_F(ServerApiTest, WrongTypesAre400NamingTheField) {
  expect_refused(post("/api/analyze", R"({"heaps":"3 4 5"})"), 400, "\"heaps\" must be an array");
  expect_refused(post("/api/analyze", R"({"heaps":[3,-4,5]})"), 400, "heaps[1]");
  expect_refused(post("/api/analyze", R"({"heaps":[3,4.5]})"), 400,
                 "heaps[1] must be a whole number, got the fraction 4.5");
  expect_refused(post("/api/analyze", R"({"heaps":[18446744073709551616]})"), 400, "heaps[0]");
  expect_refused(post("/api/analyze", R"({"heaps":[[3]]})"), 400, "heaps[0]");
  expect_refused(post("/api/analyze", R"({"rules":7,"heaps":[3]})"), 400, "\"rules\" must be");
  expect_refused(post("/api/analyze", R"({"misere":"yes","heaps":[3]})"), 400, "\"misere\"");
  expect_refused(post("/api/move", R"({"heaps":[3],"level":3})"), 400, "\"level\"");
  expect_refused(post("/api/move", R"({"heaps":[3],"seed":-1})"), 400, "\"seed\"");
  expect_refused(post("/api/grundy", R"({"rules":"kayles","count":"many"})"), 400, "count");
  expect_refused(post("/api/moves", R"({"heaps":[3],"heap":true})"), 400, "\"heap\"");
}

TEST_F(ServerApiTest, MissingAndUnknownFieldsAre400) {
  expect_refused(post("/api/analyze", R"({"rules":"nim"})"), 400, "missing field \"position\"");
  expect_refused(post("/api/analyze", R"({"heaps":[3],"misère":true})"), 400,
                 "unknown field \"misère\"");
  expect_refused(post("/api/grundy", R"({"rules":"kayles"})"), 400, "missing field \"count\"");
}

TEST_F(ServerApiTest, UnknownRulesetIs422) {
  expect_refused(post("/api/analyze", R"({"rules":"chess","heaps":[3]})"), 422,
                 "unknown ruleset \"chess\"");
  expect_refused(post("/api/grundy", R"({"rules":"chess","count":10})"), 422, "unknown ruleset");
  expect_refused(post("/api/analyze", R"({"rules":"subtraction:0,x","heaps":[3]})"), 422, "");
}

TEST_F(ServerApiTest, IllegalPositionIs422) {
  expect_refused(post("/api/analyze", R"({"heaps":["3y"]})"), 422, "3y");
  expect_refused(post("/api/analyze", R"({"heaps":[]})"), 422, "empty");
  expect_refused(post("/api/analyze", R"({"heaps":["18446744073709551616"]})"), 422,
                 "18446744073709551616");
  expect_refused(post("/api/move", R"({"heaps":[0,0]})"), 422, "game is over");
  expect_refused(post("/api/moves", R"({"heaps":[3],"heap":2})"), 422, "no heap 2");
  expect_refused(post("/api/moves", R"({"heaps":[3],"move":"1 4"})"), 422, "");
  expect_refused(post("/api/move", R"({"heaps":[3],"level":"genius"})"), 422, "genius");
}

TEST_F(ServerApiTest, OversizedBodyIs413) {
  const std::string huge = R"({"heaps":[)" + std::string(ApiLimits{}.max_body_bytes, '1') + "]}";
  expect_refused(post("/api/analyze", huge), 413, "too large");
}

TEST_F(ServerApiTest, CountAboveTheLimitIs422) {
  const json request = {{"rules", "kayles"}, {"count", ApiLimits{}.max_grundy_count + 1}};
  expect_refused(post_json("/api/grundy", request), 422, "outside 1 to");
  expect_refused(post("/api/grundy", R"({"rules":"kayles","count":0})"), 422, "outside 1 to");
  expect_refused(post("/api/moves", R"({"heaps":[3],"limit":1000000})"), 422, "limit");
  const json many_heaps = {{"heaps", std::vector<int>(ApiLimits{}.max_heaps + 1, 1)}};
  expect_refused(post_json("/api/analyze", many_heaps), 422, "limit");
}

TEST_F(ServerApiTest, WrongPathOrMethodIsRefusedInJson) {
  expect_refused(get("/api/nothing"), 404, "no such path");
  expect_refused(get("/api/analyze"), 405, "takes POST");
  expect_refused(post("/api/health", "{}"), 405, "takes GET");
}

TEST_F(ServerApiTest, ServerStillAnswersAfterEveryRefusal) {
  post("/api/analyze", "\xff\xfe not json");
  // Deeply nested JSON just under the size limit must not exhaust the stack.
  const Answer deep = post("/api/analyze", R"({"heaps":)" + std::string(60000, '[') + "}");
  EXPECT_EQ(deep.status, 400);
  const Answer a = get("/api/health");
  EXPECT_EQ(a.status, 200);
}

// --- limits on work, through the socket-free API ------------------------------------------------

TEST(ApiLimitsTest, WorkAboveTheEngineLimitIs422NamingTheLimit) {
  ApiLimits limits;
  limits.engine.max_nodes = 10;  // misère Wythoff needs a game-tree search
  const Api api(limits);
  const ApiResponse r = api.analyze(R"({"rules":"wythoff","misere":true,"heaps":[9,10]})");
  EXPECT_EQ(r.status, 422) << r.body.dump();
  EXPECT_NE(r.body["error"].get<std::string>().find("limit"), std::string::npos) << r.body.dump();
}

TEST(ApiLimitsTest, BodyOverTheLimitIs413WithoutParsing) {
  ApiLimits limits;
  limits.max_body_bytes = 10;
  const Api api(limits);
  EXPECT_EQ(api.analyze(R"({"heaps":[3,4,5]})").status, 413);
}

// --- hardening: one request, one client or one signal cannot take the server down ---------------

TEST(ApiLimitsTest, ACancelledRequestIs422NamingTheCancellation) {
  const Api api;
  auto meter = api.new_meter();
  meter->cancel();
  const ApiResponse r = api.moves(R"({"heaps":[3,4,5]})", meter);
  EXPECT_EQ(r.status, 422) << r.body.dump();
  EXPECT_NE(r.body["error"].get<std::string>().find("cancellation"), std::string::npos)
      << r.body.dump();
}

TEST_F(ServerApiTest, AMoveAmongMillionsOfMovesIsAnsweredQuickly) {
  // 2^20 - 1 moves (Moore's game on 20 heaps), 5 000 000 moves (two huge Nim heaps): the computer
  // lists none of them (Moore's construction, Nim's rule, a losing side's smallest move).
  const auto start = std::chrono::steady_clock::now();
  const Answer moore =
      post("/api/move", R"({"rules":"moore:64","position":")" +
                            std::string("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1") + "\"}");
  ASSERT_EQ(moore.status, 200) << moore.body.dump();
  EXPECT_EQ(moore.body["move"]["winning"], true);
  const Answer nim = post("/api/move", R"({"position":"2500000 2500000"})");
  ASSERT_EQ(nim.status, 200) << nim.body.dump();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST_F(ServerApiTest, AHeapOf2To64IsCalledTooLargeNotANonInteger) {
  expect_refused(post("/api/analyze", R"({"heaps":[18446744073709551616]})"), 400,
                 "larger than 18446744073709551615");
}

TEST_F(ServerApiTest, ABrokenMultiByteCharacterInAMessageIsNever500) {
  const Answer a = post("/api/analyze", "{\"rules\":\"octal:0.\xC3\xA9\",\"heaps\":[3]}");
  EXPECT_GE(a.status, 400);
  EXPECT_LT(a.status, 500) << a.body.dump();
}

TEST_F(ServerApiTest, AFormEncodedJsonBodyIsReadUpToTheRealLimit) {
  // `curl -d` sends application/x-www-form-urlencoded; httplib alone refuses those over 8 KiB.
  json body{{"heaps", json::array()}};
  for (int i = 0; i < 900; ++i) body["heaps"].push_back(123456789);
  const std::string text = body.dump();
  ASSERT_GT(text.size(), 1024u * 8);
  auto res = client().Post("/api/analyze", text, "application/x-www-form-urlencoded");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  auto huge = client().Post("/api/analyze", std::string(70000, ' '), "application/json");
  ASSERT_TRUE(huge);
  EXPECT_EQ(huge->status, 413);
  EXPECT_NE(huge->body.find("the limit is 65536 bytes"), std::string::npos) << huge->body;
}

TEST(ServerHardeningTest, ASecondServerCannotBindAPortInUse) {
  OwnServer first(loopback_options());
  ServerOptions options = loopback_options();
  options.port = first.server.port();
  Server second(options);
  auto bound = second.bind();
  EXPECT_FALSE(bound.ok());
}

TEST(ServerHardeningTest, AnEmptyHostIsRefused) {
  ServerOptions options = loopback_options();
  options.host = "";
  Server server(options);
  auto bound = server.bind();
  ASSERT_FALSE(bound.ok());
  EXPECT_NE(bound.error().find("empty"), std::string::npos) << bound.error();
}

TEST(ServerHardeningTest, ASlowClientIsDroppedAtTheRequestDeadline) {
  ServerOptions options = loopback_options();
  options.request_deadline = std::chrono::seconds(1);
  OwnServer own(options);
  const int fd = connect_loopback(own.server.port());
  const auto start = std::chrono::steady_clock::now();
  const std::string request = "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa";
  bool closed = false;
  for (char byte : request) {
    if (::send(fd, &byte, 1, MSG_NOSIGNAL) != 1) {
      closed = true;
      break;
    }
    char buffer[512];
    // Anything but "nothing yet" (an answer such as 400, the end, a reset) means the server
    // is done with this connection.
    if (::recv(fd, buffer, sizeof(buffer), MSG_DONTWAIT) >= 0 || errno != EAGAIN) {
      closed = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ::close(fd);
  EXPECT_TRUE(closed) << "a client trickling bytes kept its connection";
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
}

TEST(ServerHardeningTest, StopIsPromptWithIdleConnectionsOpen) {
  auto own = std::make_unique<OwnServer>(loopback_options());
  const int idle = connect_loopback(own->server.port());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto start = std::chrono::steady_clock::now();
  own.reset();  // stop() and join
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1500));
  ::close(idle);
}

TEST(ServerHardeningTest, AFullQueueAnswers503WithRetryAfter) {
  ServerOptions options = loopback_options();
  options.max_running = 1;
  options.max_waiting = 0;
  OwnServer own(options);
  std::atomic<int> ok{0}, busy{0}, other{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < 16; ++c) {
    clients.emplace_back([&] {
      httplib::Client client("127.0.0.1", own.server.port());
      for (int i = 0; i < 10; ++i) {
        auto res =
            client.Post("/api/grundy", R"({"rules":"kayles","count":10000})", "application/json");
        if (res && res->status == 200) {
          ++ok;
        } else if (res && res->status == 503 && res->get_header_value("Retry-After") == "1") {
          ++busy;
        } else {
          ++other;
        }
      }
    });
  }
  httplib::Client health("127.0.0.1", own.server.port());
  auto res = health.Get("/api/health");
  for (auto& client : clients) client.join();
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_GT(ok.load(), 0);
  EXPECT_GT(busy.load(), 0);
  EXPECT_EQ(other.load(), 0);
}

TEST(ServerHardeningTest, TheLogEscapesPaths) {
  const CapturedLog log;
  {
    OwnServer own(log.options());
    httplib::Client client("127.0.0.1", own.server.port());
    auto res = client.Get("/x%0aGET%20/forged%20200%200.1ms%1b[31m");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 404);
    EXPECT_EQ(res->body.find('\x1b'), std::string::npos);
  }
  const std::vector<std::string> lines = log.taken();
  ASSERT_EQ(lines.size(), 1u);
  const std::string& line = lines.front();
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
  EXPECT_NE(line.find("\\n"), std::string::npos) << line;
}

}  // namespace
}  // namespace nimkit::server
