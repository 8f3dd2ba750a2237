// The JSON contract in the game's own words: positions asked for and answered as "position" text
// and "components" with their view's fields, a "contract" version in every answer (the fixture
// checks it on each), and the old "heaps" list read for one more version, answered as deprecated.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "json.h"
#include "nimkit/registry.h"
#include "server_test_fixture.h"

namespace nimkit::server {
namespace {

using nlohmann::json;

TEST_F(ServerApiTest, PositionTextIsReadAsTheCliReadsIt) {
  // A graph typed with commas between its edges, as a person types it: no splitting client-side.
  const Answer a =
      post_json("/api/analyze", {{"rules", "node-kayles"}, {"position", "1-2,2-3,3-4"}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["position"], "1-2 2-3 3-4");
  EXPECT_FALSE(a.body.contains("deprecated"));
  ASSERT_EQ(a.body["components"].size(), 1u);
  EXPECT_EQ(a.body["components"][0]["view"], "graph");
  EXPECT_TRUE(a.body["components"][0]["fields"].contains("edges"));
}

TEST_F(ServerApiTest, NoHeapsOutsideAComponentsView) {
  // Neither a graph nor a heap game speaks of heaps at the top of an answer: the heaps of a heap
  // game are its components' view fields.
  for (const char* body :
       {R"({"rules":"node-kayles","position":"1-2,2-3"})", R"({"position":"3 4 5"})"}) {
    const Answer a = post("/api/analyze", body);
    ASSERT_EQ(a.status, 200) << a.body.dump();
    for (const char* field : {"heaps", "spent", "vertices", "edges"}) {
      EXPECT_FALSE(a.body.contains(field)) << field << " in " << a.body.dump();
    }
    for (const json& c : a.body["components"]) EXPECT_FALSE(c.contains("heaps")) << c.dump();
  }
  const Answer moved = post("/api/move", R"({"position":"3 4 5"})");
  EXPECT_FALSE(moved.body.contains("heaps"));
  EXPECT_FALSE(moved.body["analysis"].contains("heaps"));
  const Answer moves = post("/api/moves", R"({"position":"3 4 5"})");
  EXPECT_FALSE(moves.body.contains("heaps"));
}

TEST_F(ServerApiTest, OldHeapsListIsReadButMarkedDeprecated) {
  for (const char* path : {"/api/analyze", "/api/move", "/api/moves"}) {
    const Answer old = post(path, R"({"heaps":[3,4,5]})");
    ASSERT_EQ(old.status, 200) << path << old.body.dump();
    EXPECT_NE(old.body.value("deprecated", "").find("\"position\""), std::string::npos) << path;
    EXPECT_EQ(old.body["position"], "3 4 5") << path;
    const Answer now = post(path, R"({"position":"3 4 5"})");
    EXPECT_FALSE(now.body.contains("deprecated")) << path;
  }
  expect_refused(post("/api/analyze", R"({"heaps":[3],"position":"3"})"), 400, "not both");
  expect_refused(post("/api/analyze", R"({"position":[3,4]})"), 400,
                 "\"position\" must be the position's text");
}

TEST_F(ServerApiTest, PositionTextIsBoundedLikeTheHeapsList) {
  std::string text;
  for (int i = 0; i < 1001; ++i) text += "1 ";
  expect_refused(post_json("/api/analyze", {{"position", text}}), 422,
                 "1001 tokens, more than the limit of 1000");
  expect_refused(post("/api/analyze", R"({"position":"3 4y"})"), 422, "4y");
}

// The position with no components, where a graph game ends, is written "" and read back: the
// page asks for its analysis like any other.
TEST_F(ServerApiTest, TheEmptyPositionIsTerminal) {
  for (const char* misere : {"false", "true"}) {
    const Answer a = post("/api/analyze", std::string(R"({"rules":"node-kayles","position":" ",)") +
                                              R"("misere":)" + misere + "}");
    ASSERT_EQ(a.status, 200) << a.body.dump();
    EXPECT_EQ(a.body["position"], "");
    EXPECT_EQ(a.body["terminal"], true);
    EXPECT_EQ(a.body["winner"], std::string(misere) == "true" ? "first" : "second");
    EXPECT_TRUE(a.body["winning_moves"].empty());
    EXPECT_EQ(a.body["explanation"]["heading"],
              "No component is left: the player to move has no move.");
    EXPECT_TRUE(a.body["explanation"]["rows"].empty());
  }
  const Answer move = post("/api/move", R"({"rules":"node-kayles","position":""})");
  EXPECT_EQ(move.status, 422) << move.body.dump();
}

TEST_F(ServerApiTest, RefusalsNameTheContractToo) {
  // The fixture checks "contract" on every answer; a refusal is one.
  const Answer a = post("/api/analyze", "{");
  EXPECT_EQ(a.status, 400);
  EXPECT_EQ(a.body["contract"], contract::kContractVersion);
}

// Every answer whose list of winning moves is shorter than their count says why, whatever cut
// the list: here the analysis's own limit of 1000 listed moves (a Kayles row of 100000 pins beside
// one of 3 has 25001 winning moves).
TEST_F(ServerApiTest, AWinningMoveListShorterThanItsCountSaysWhy) {
  const Answer a = post("/api/analyze", R"({"rules":"kayles","position":"100000 3"})");
  ASSERT_EQ(a.status, 200) << a.body.dump().substr(0, 300);
  const std::uint64_t count = a.body["winning_move_count"].get<std::uint64_t>();
  const std::size_t listed = a.body["winning_moves"].size();
  ASSERT_GT(count, listed);
  ASSERT_TRUE(a.body.contains("winning_moves_unlisted")) << "listed " << listed << " of " << count;
  EXPECT_EQ(a.body["winning_moves_unlisted"],
            std::to_string(count - listed) +
                " more are counted but not listed: the analysis lists at most " +
                std::to_string(listed));
  // A list that is whole has no such field.
  const Answer whole = post("/api/analyze", R"({"rules":"kayles","position":"5 3"})");
  ASSERT_EQ(whole.status, 200);
  EXPECT_EQ(whole.body["winning_move_count"].get<std::uint64_t>(),
            whole.body["winning_moves"].size());
  EXPECT_FALSE(whole.body.contains("winning_moves_unlisted"));
}

// "heap" and "take" select moves by the fields the ruleset gives them: the server writes no
// move text of its own. Every registry example's heaps: the selection is exactly the moves of
// the full list with those fields.
TEST_F(ServerApiTest, HeapAndTakeSelectMovesByTheirFields) {
  const Answer all = post("/api/moves", R"({"rules":"kayles","position":"5 3"})");
  ASSERT_EQ(all.status, 200) << all.body.dump();
  for (std::uint64_t heap = 1; heap <= 2; ++heap) {
    for (std::uint64_t take = 0; take <= 3; ++take) {
      json expected = json::array();
      for (const json& m : all.body["moves"]) {
        if (m["heap"] == heap && m["take"] == take) expected.push_back(m["move"]);
      }
      const Answer some = post_json(
          "/api/moves", {{"rules", "kayles"}, {"position", "5 3"}, {"heap", heap}, {"take", take}});
      ASSERT_EQ(some.status, 200) << some.body.dump();
      json got = json::array();
      for (const json& m : some.body["moves"]) got.push_back(m["move"]);
      EXPECT_EQ(got, expected) << heap << " " << take;
      EXPECT_EQ(some.body["count"], expected.size());
    }
  }
}

// --- docs/api.md, checked against the registry, the answers and the golden files
// ------------------

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string& api_doc() {
  static const std::string text = read_text(std::string(NIMKIT_SOURCE_DIR) + "/docs/api.md");
  return text;
}

TEST_F(ServerApiTest, ApiDocListsEveryRulesetAsTheRegistryHasIt) {
  for (const RulesetEntry& entry : registry()) {
    const std::string row = "| `" + entry.name + "` | `" + std::string(entry.facts.view) + "` | `" +
                            entry.start + "` | " + entry.notation + " |";
    EXPECT_NE(api_doc().find(row), std::string::npos) << "docs/api.md lacks the row\n" << row;
  }
}

// Every key of `j`, at any depth.
void collect_keys(const json& j, std::set<std::string>& keys) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      keys.insert(key);
      collect_keys(value, keys);
    }
  } else if (j.is_array()) {
    for (const json& value : j) collect_keys(value, keys);
  }
}

TEST_F(ServerApiTest, ApiDocNamesEveryFieldOfEveryAnswer) {
  std::set<std::string> keys;
  collect_keys(get("/api/health").body, keys);
  collect_keys(get("/api/rulesets").body, keys);
  // A position of every registry family from its start, in both conventions, and its moves.
  for (const RulesetEntry& entry : registry()) {
    for (const bool misere : {false, true}) {
      const json game = {
          {"rules", entry.examples.front()}, {"position", entry.start}, {"misere", misere}};
      collect_keys(post_json("/api/analyze", game).body, keys);
      collect_keys(post_json("/api/moves", game).body, keys);
      collect_keys(post_json("/api/move", game).body, keys);
    }
  }
  for (const char* body : {R"({"position":"kayles:7 nim:3"})", R"({"position":"3 4 5","heaps":1})",
                           R"({"heaps":[3]})", R"({"misere":true,"position":"1 1"})"}) {
    collect_keys(post("/api/analyze", body).body, keys);
  }
  collect_keys(post("/api/game", R"({"position":"3 4 5","moves":["1 1","2 4"],"played":1})").body,
               keys);
  collect_keys(post("/api/game", R"({"position":"1","moves":["1 1"],"analysis":true})").body, keys);
  collect_keys(
      post("/api/game", R"({"position":"3 4","reply":"perfect","analysis":true,"legal_moves":2})")
          .body,
      keys);
  collect_keys(post("/api/random", R"({"rules":"node-kayles"})").body, keys);
  for (const char* body :
       {R"({"rules":"kayles","count":24})", R"({"rules":"wythoff","count":5})",
        R"({"rules":"octal:0.354","count":10})", R"({"rules":"kayles","count":2000000})"}) {
    collect_keys(post("/api/grundy", body).body, keys);
  }
  // The CLI's `analyze --json` goldens (the same contract).
  for (const auto& file :
       std::filesystem::directory_iterator(std::string(NIMKIT_SOURCE_DIR) + "/tests/cli/golden")) {
    if (file.path().extension() != ".out") continue;
    std::filesystem::path args = file.path();
    args.replace_extension(".args");
    const std::string command = read_text(args.string());
    if (command.find("analyze") == std::string::npos ||
        command.find("--json") == std::string::npos) {
      continue;
    }
    std::istringstream lines(read_text(file.path().string()));
    for (std::string line; std::getline(lines, line);) {
      if (line.empty() || line.front() != '{') continue;
      const json parsed = json::parse(line, nullptr, /*allow_exceptions=*/false);
      if (!parsed.is_discarded()) collect_keys(parsed, keys);
    }
  }
  EXPECT_GT(keys.size(), 50u);
  // Named in prose: `key`, or inside a code span of an object ({"key": ..., "key": ...}); the
  // examples' answers (one key a line) do not count as documenting a field.
  const auto named = [](const std::string& key) {
    for (const std::string& form :
         {"`" + key + "`", "`\"" + key + "\"", "{\"" + key + "\"", ", \"" + key + "\""}) {
      if (api_doc().find(form) != std::string::npos) return true;
    }
    return false;
  };
  for (const std::string& key : keys) {
    EXPECT_TRUE(named(key)) << "docs/api.md does not name the field `" << key << "`";
  }
}

}  // namespace
}  // namespace nimkit::server
