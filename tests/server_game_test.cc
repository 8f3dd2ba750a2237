// POST /api/game: the record of a game is the library's Match, rebuilt from the game's parts the
// client keeps. For every registry example: from its start, random legal moves, two taken back,
// one played again — each answer compared with a Match the test keeps itself.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "api.h"
#include "json.h"
#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "server_test_fixture.h"

namespace nimkit::server {
namespace {

using nlohmann::json;

// The record the endpoint should answer: the moves on the board, then those taken back.
json expected_moves(const Match& match) {
  json out = json::array();
  auto add = [&](const MoveRecord& r, bool played) {
    out.push_back({{"move", r.text},
                   {"description", r.description},
                   {"mover", r.mover},
                   {"threw_away_win", r.threw_away_win},
                   {"threw_away_draw", r.threw_away_draw},
                   {"repetition", r.repetition},
                   {"position", format_position(r.after)},
                   {"played", played}});
  };
  for (const MoveRecord& r : match.history()) add(r, true);
  for (auto it = match.undone().rbegin(); it != match.undone().rend(); ++it) add(*it, false);
  return out;
}

// The answer's moves without "better" (checked on its own below).
json without_better(json moves) {
  for (json& m : moves) m.erase("better");
  return moves;
}

void expect_record(int status, const json& body, const Match& match, const std::string& what) {
  ASSERT_EQ(status, 200) << what << body.dump();
  EXPECT_EQ(without_better(body["moves"]), expected_moves(match)) << what;
  EXPECT_EQ(body["position"], format_position(match.position())) << what;
  EXPECT_EQ(body["start"], format_position(match.start())) << what;
  EXPECT_EQ(body["played"], match.history().size()) << what;
  EXPECT_EQ(body["to_move"], match.to_move()) << what;
  EXPECT_EQ(body["over"], match.over()) << what;
  EXPECT_EQ(body["repetitions"], match.repetitions()) << what;
  EXPECT_EQ(body["draw_offered"], match.draw_offered()) << what;
  EXPECT_EQ(body["draw_agreed"], match.drawn_by_agreement()) << what;
  if (match.over() && !match.drawn_by_agreement()) {
    EXPECT_EQ(body["winner"], match.winner()) << what;
  }
}

// A take-or-add game going round 6 → 7 → 5 → 6 (three moves): the record counts the position
// coming back, offers a draw the third time, and a draw agreed ends the game without a winner.
TEST_F(ServerApiTest, GameCountsRepetitionsAndEndsInADrawAgreed) {
  json moves = json::array();
  for (int round = 0; round < 4; ++round) {
    for (const char* m : {"1 +1", "1 2", "1 +1"}) moves.push_back(m);
  }
  json request = {{"rules", "take-or-add:2,3/1/12"}, {"position", "6"}, {"moves", moves}};
  auto rules = make_ruleset("take-or-add:2,3/1/12");
  ASSERT_TRUE(rules.ok());
  auto start = parse_position("6", *rules);
  ASSERT_TRUE(start.ok());
  auto match = Match::rebuild(*rules, *start, Convention::kNormal,
                              moves.get<std::vector<std::string>>(), moves.size());
  ASSERT_TRUE(match.ok());
  const Answer offered = post_json("/api/game", request);
  expect_record(offered.status, offered.body, *match, "offered");
  EXPECT_EQ(offered.body["repetitions"], 3);
  EXPECT_EQ(offered.body["draw_offered"], true);
  EXPECT_EQ(offered.body["moves"][5]["repetition"], 2);
  ASSERT_TRUE(match->agree_draw().ok());
  request["draw_agreed"] = true;
  const Answer agreed = post_json("/api/game", request);
  expect_record(agreed.status, agreed.body, *match, "agreed");
  EXPECT_EQ(agreed.body["over"], true);
  EXPECT_FALSE(agreed.body.contains("winner"));
  // Agreed with fewer moves standing: the draw is where the game stands.
  request["played"] = 3;
  EXPECT_EQ(post_json("/api/game", request).body["moves"][3]["played"], false);
  request.erase("played");
  request["reply"] = "perfect";
  const Answer replied = post_json("/api/game", request);
  EXPECT_EQ(replied.status, 400);
  EXPECT_EQ(replied.body["error"], "\"draw_agreed\" ends the game: it takes no \"reply\"");
  request.erase("reply");
  request["draw_agreed"] = "yes";
  const Answer typed = post_json("/api/game", request);
  EXPECT_EQ(typed.status, 400);
  EXPECT_EQ(typed.body["error"], "\"draw_agreed\" must be true or false, got string");
  const Answer done = post_json(
      "/api/game",
      {{"rules", "digraph"}, {"position", "a>b@a"}, {"moves", {"b"}}, {"draw_agreed", true}});
  EXPECT_EQ(done.status, 422);
  EXPECT_EQ(done.body["error"], "the game is over: there is no draw to agree");
}

// A drawn position thrown away is marked with the move that keeps the draw; a won loopy
// position's analysis names the move that makes the win come, and the rulesets say which are
// loopy.
TEST_F(ServerApiTest, LoopyGamesMarkDrawsThrownAwayAndNameTheFiniteWin) {
  const Answer a = post_json("/api/game", {{"rules", "take-or-add:2,3/1/12"},
                                           {"position", "6"},
                                           {"moves", {"1 3"}},
                                           {"analysis", true}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["moves"][0]["threw_away_draw"], true);
  EXPECT_EQ(a.body["moves"][0]["threw_away_win"], false);
  EXPECT_EQ(a.body["moves"][0]["better"], "add 1 to heap 1");
  // 3 is ∞{0}: the player to move wins by moving to a heap of value 0.
  EXPECT_EQ(a.body["analysis"]["grundy"], "∞{0}");
  ASSERT_TRUE(a.body["analysis"].contains("finite_win_move")) << a.body["analysis"].dump();
  EXPECT_EQ(a.body["analysis"]["finite_win_move"]["move"], "1 3");
  const Answer nim = post_json("/api/analyze", {{"position", "3 4 5"}});
  EXPECT_FALSE(nim.body.contains("finite_win_move"));
  std::set<std::string> loopy;
  const Answer listed = get("/api/rulesets");
  for (const json& entry : listed.body["rulesets"]) {
    if (entry["loopy"] == true) loopy.insert(entry["name"].get<std::string>());
  }
  EXPECT_EQ(loopy, (std::set<std::string>{"digraph", "take-or-add"}));
}

TEST_F(ServerApiTest, GameRecordIsTheLibrarysMatchForEveryExample) {
  std::mt19937_64 rng(21);
  const auto check = [](const Answer& a, const Match& match, const std::string& what) {
    expect_record(a.status, a.body, match, what);
  };
  for (const RulesetEntry& entry : registry()) {
    for (const std::string& example : entry.examples) {
      for (const bool misere : {false, true}) {
        auto rules = make_ruleset(example);
        ASSERT_TRUE(rules.ok()) << example;
        auto start = parse_position(entry.start, *rules);
        ASSERT_TRUE(start.ok()) << example << " " << entry.start;
        const Convention convention = misere ? Convention::kMisere : Convention::kNormal;
        Match match(*rules, *start, convention, ApiLimits{}.engine);
        json texts = json::array();
        for (int ply = 0; ply < 6 && !match.over(); ++ply) {
          const Position& now = match.position();
          const Move move =
              now.move_at(static_cast<Count>(rng() % static_cast<std::uint64_t>(now.move_count())));
          texts.push_back(format_move(now, move));
          match.play(move);
        }
        const std::string what = example + (misere ? " misere " : " normal ") + texts.dump();
        json request = {
            {"rules", example}, {"misere", misere}, {"position", entry.start}, {"moves", texts}};
        check(post_json("/api/game", request), match, what);
        // Undo twice, then redo once: the cursor "played" says where the board stands.
        const std::size_t n = texts.size();
        for (const std::size_t back : {std::size_t{2}, std::size_t{1}}) {
          if (n < back) continue;
          Match moved = match;
          while (moved.history().size() > n - back) moved.undo();
          request["played"] = n - back;
          check(post_json("/api/game", request), moved, what + " back " + std::to_string(back));
        }
        if (n >= 2) {
          Match redone = match;
          redone.undo();
          redone.undo();
          ASSERT_TRUE(redone.redo());
          request["played"] = n - 1;
          check(post_json("/api/game", request), redone, what + " redo");
        }
      }
    }
  }
}

TEST_F(ServerApiTest, GameNamesAMoveThatWouldHaveWon) {
  // From 3 4 5 (won for the player to move, by 1 2) "1 1" throws the win away.
  const Answer a = post("/api/game", R"({"position":"3 4 5","moves":["1 1","2 4"]})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["moves"][0]["threw_away_win"], true);
  EXPECT_EQ(a.body["moves"][0]["better"], "take 2 from heap 1");
  EXPECT_EQ(a.body["moves"][0]["mover"], 0);
  EXPECT_EQ(a.body["moves"][1]["mover"], 1);
  EXPECT_EQ(a.body["to_move"], 0);
  EXPECT_FALSE(a.body.contains("winner"));
  const Answer over = post("/api/game", R"({"position":"1","moves":["1 1"]})");
  EXPECT_EQ(over.body["over"], true);
  EXPECT_EQ(over.body["winner"], 0);
}

TEST_F(ServerApiTest, GameAnswersTheStartsComponentsForABoardPlayedOut) {
  // A 2 × 2 Cram board filled by two dominoes leaves no component; the start's components still
  // say where the board was, as an analysis of the start lists them.
  const Answer a =
      post("/api/game", R"({"rules":"cram","position":"../..","moves":["a1-b1","a2-b2"]})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["position"], "");
  const Answer start = post("/api/analyze", R"({"rules":"cram","position":"../.."})");
  ASSERT_EQ(start.status, 200) << start.body.dump();
  json expected = start.body["components"];
  for (json& component : expected) component.erase("grundy");
  EXPECT_EQ(a.body["start_components"], expected);
  EXPECT_EQ(a.body["start_components"][0]["fields"]["cells"], json::parse("[1,1,1,1]"));
}

TEST_F(ServerApiTest, GameAnswersTheAnalysisAndMoveSyntaxOfWhereItStands) {
  // Asked with "analysis", the record carries the analysis POST /api/analyze gives of the
  // position the game stands at (the page's one request per move), taken-back moves aside.
  const Answer a = post(
      "/api/game",
      R"({"rules":"kayles","position":"8 5","moves":["1 1","1 1-2","2 1"],"played":2,"analysis":true})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  const Answer direct = post("/api/analyze", R"({"rules":"kayles","position":"5 5"})");
  ASSERT_EQ(direct.status, 200) << direct.body.dump();
  EXPECT_EQ(a.body["position"], "5 5");
  EXPECT_EQ(a.body["analysis"], direct.body);
  // How moves are typed there: the ruleset's own syntax, once per syntax with its rulesets.
  ASSERT_EQ(a.body["move_syntax"].size(), 1u) << a.body.dump();
  EXPECT_EQ(a.body["move_syntax"][0]["syntax"], (*make_ruleset("kayles"))->move_syntax());
  EXPECT_EQ(a.body["move_syntax"][0]["titles"], json::array({"Kayles"}));
  const Answer sum = post("/api/game", R"({"position":"kayles:3 nim:2 kayles:1"})");
  ASSERT_EQ(sum.status, 200) << sum.body.dump();
  ASSERT_EQ(sum.body["move_syntax"].size(), 2u) << sum.body.dump();
  EXPECT_EQ(sum.body["move_syntax"][1]["syntax"], (*make_ruleset("nim"))->move_syntax());
  EXPECT_FALSE(sum.body.contains("analysis"));
  // A game played out to nothing (a graph's last vertex gone) is analyzed too: terminal.
  const Answer gone = post(
      "/api/game", R"({"rules":"node-kayles","position":"1-2","moves":["1"],"analysis":true})");
  ASSERT_EQ(gone.status, 200) << gone.body.dump();
  EXPECT_EQ(gone.body["analysis"]["terminal"], true);
  EXPECT_EQ(gone.body["move_syntax"], json::array());
  expect_refused(post("/api/game", R"({"position":"3","analysis":1})"), 400,
                 "\"analysis\" must be true or false");
}

TEST_F(ServerApiTest, RandomStartsAreDrawnForHeapsAndGraphsAndLoad) {
  const json listed = get("/api/rulesets").body["rulesets"];
  std::size_t drawn = 0;
  for (const json& entry : listed) {
    const std::string name = entry["name"];
    const bool random = entry["random"];
    // Every ruleset on heaps, and the graph games, have a Random button.
    EXPECT_EQ(random, entry.contains("arity") || entry["view"] == "graph" ||
                          entry["view"] == "hackenbush" || entry["view"] == "digraph")
        << name;
    for (const std::string example : entry["examples"]) {
      const json ask = {{"rules", example}, {"seed", 5}};
      const Answer a = post_json("/api/random", ask);
      if (!random) {
        expect_refused(a, 422, "has no random start");
        continue;
      }
      ASSERT_EQ(a.status, 200) << example << a.body.dump();
      // What is drawn loads as it is written, and a seed repeats it.
      const Answer start =
          post_json("/api/analyze", {{"rules", example}, {"position", a.body["position"]}});
      ASSERT_EQ(start.status, 200) << example << " " << a.body.dump() << start.body.dump();
      EXPECT_EQ(start.body["position"], a.body["position"]) << example;
      EXPECT_EQ(post_json("/api/random", ask).body["position"], a.body["position"]) << example;
      ++drawn;
    }
  }
  EXPECT_GT(drawn, 20u);
  // Different seeds draw different graphs.
  std::set<std::string> graphs;
  for (int seed = 0; seed < 10; ++seed) {
    graphs.insert(post_json("/api/random", {{"rules", "node-kayles"}, {"seed", seed}})
                      .body["position"]
                      .get<std::string>());
  }
  EXPECT_GT(graphs.size(), 5u);
  expect_refused(post("/api/random", R"({"rules":"kayle"})"), 422, "unknown ruleset");
  expect_refused(post("/api/random", R"({"rules":"nim","heaps":[1]})"), 400, "heaps");
}

TEST_F(ServerApiTest, MovesOnAHeapOf2To64Minus1AreTypedAndCounted) {
  // Typed moves naming one option, checked by the family's rule without listing the heap's.
  const Answer typed =
      post("/api/moves", R"({"rules":"kayles","position":"18446744073709551615","move":"1 2-3"})");
  ASSERT_EQ(typed.status, 200) << typed.body.dump();
  EXPECT_EQ(typed.body["moves"][0]["position"], "1 18446744073709551612");
  const Answer game = post("/api/game", R"({"rules":"grundy","position":"18446744073709551615",
                                            "moves":["1 3"]})");
  ASSERT_EQ(game.status, 200) << game.body.dump();
  EXPECT_EQ(game.body["moves"][0]["position"], "3 18446744073709551612");
  // The winning moves of a billion pins, counted by residue classes.
  const Answer counted = post("/api/analyze", R"({"rules":"kayles","position":"1000000000"})");
  ASSERT_EQ(counted.status, 200) << counted.body.dump();
  EXPECT_GT(counted.body["winning_move_count"].get<std::uint64_t>(), 83'000'000u);
}

TEST_F(ServerApiTest, TheComputerMovesOnABillionPinsAndOnHugeNimHeaps) {
  // The computer's move lists no legal moves: a winning one from the counted analysis, a random
  // one by its index.
  const Answer won = post("/api/move", R"({"rules":"kayles","position":"1000000000"})");
  ASSERT_EQ(won.status, 200) << won.body.dump();
  EXPECT_EQ(won.body["move"]["winning"], true);
  EXPECT_EQ(won.body["analysis"]["winner"], "second");
  const Answer lost = post("/api/move", R"({"rules":"kayles","position":"999999999 1000000000"})");
  ASSERT_EQ(lost.status, 200) << lost.body.dump();
  const Answer random =
      post("/api/move", R"({"position":"2500000 2500000 18446744073709551615","level":"random"})");
  ASSERT_EQ(random.status, 200) << random.body.dump();
}

// Undo and redo lead where Match's undo_turn and redo_turn do, for the seats people play.
TEST_F(ServerApiTest, GameSaysWhereUndoAndRedoLeadForThePeoplePlaying) {
  const std::string parts = R"("position":"3 4 5","moves":["1 1","2 1","3 1","1 1"],"played":3)";
  const Answer first = post("/api/game", "{" + parts + R"(,"people":[0]})");
  ASSERT_EQ(first.status, 200) << first.body.dump();
  EXPECT_EQ(first.body["undo_to"], 2);  // the person's "3 1" and nothing after it
  EXPECT_EQ(first.body["redo_to"], 4);
  const Answer second = post("/api/game", "{" + parts + R"(,"people":[1]})");
  EXPECT_EQ(second.body["undo_to"], 1);  // the computer's "3 1" and the person's "2 1"
  EXPECT_EQ(second.body["redo_to"], 4);
  const Answer both = post("/api/game", "{" + parts + "}");
  EXPECT_EQ(both.body["undo_to"], 2);
  EXPECT_EQ(both.body["redo_to"], 4);
  const Answer start =
      post("/api/game", R"({"position":"3 4 5","moves":["1 1"],"played":0,"people":[1]})");
  EXPECT_TRUE(start.body["undo_to"].is_null());
  EXPECT_EQ(start.body["redo_to"], 1);
  const Answer none = post("/api/game", R"({"position":"3 4 5","moves":["1 1"],"people":[1]})");
  EXPECT_TRUE(none.body["undo_to"].is_null());  // only the computer has moved
  EXPECT_TRUE(none.body["redo_to"].is_null());
  expect_refused(post("/api/game", R"({"position":"3 4 5","people":[2]})"), 400,
                 "a seat in \"people\" is 0 (moved first) or 1, got the number 2");
  expect_refused(post("/api/game", R"({"position":"3 4 5","people":0})"), 400,
                 "\"people\" must list the seats");
  expect_refused(post("/api/game", R"({"position":"3 4 5","people":[0,1,0]})"), 400,
                 "got 3 entries");
}

// The heaps of a Nim position's text ("2 4 5").
std::vector<int> nim_heaps(const std::string& text) {
  std::vector<int> heaps;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t used = 0;
    heaps.push_back(std::stoi(text.substr(at), &used));
    at += used;
  }
  return heaps;
}

TEST_F(ServerApiTest, GameMakesTheComputersReplyAndListsTheMovesWhereItThenStands) {
  // From 3 4 5 the person took one from heap 1 (a mistake: 2 4 5 has nim-sum 3), and a move
  // taken back follows it: the reply is a new move, so that one is forgotten.
  const Answer a = post("/api/game",
                        R"({"position":"3 4 5","moves":["1 1","2 1"],"played":1,"reply":"perfect",
                            "analysis":true,"legal_moves":2000})");
  ASSERT_EQ(a.status, 200) << a.body.dump();
  const json& reply = a.body["reply"];
  // A perfect reply leaves nim-sum 0, taking from one heap only.
  const std::vector<int> after = nim_heaps(reply["position"].get<std::string>());
  ASSERT_EQ(after.size(), 3u) << reply.dump();
  EXPECT_EQ(after[0] ^ after[1] ^ after[2], 0) << reply.dump();
  EXPECT_EQ((after[0] != 2) + (after[1] != 4) + (after[2] != 5), 1) << reply.dump();
  EXPECT_EQ(reply["winning"], true);
  // The record holds it as the second move, played; nothing is left to redo.
  ASSERT_EQ(a.body["moves"].size(), 2u) << a.body.dump();
  EXPECT_EQ(a.body["moves"][1]["move"], reply["move"]);
  EXPECT_EQ(a.body["moves"][1]["mover"], 1);
  EXPECT_EQ(a.body["moves"][1]["played"], true);
  EXPECT_EQ(a.body["played"], 2);
  EXPECT_EQ(a.body["position"], reply["position"]);
  EXPECT_EQ(a.body["redo_to"], nullptr);
  // The analysis and the moves are those of the position the reply left, as the endpoints of
  // their own answer them; a heap of h has h moves.
  const json where{{"position", reply["position"]}};
  EXPECT_EQ(a.body["analysis"], post_json("/api/analyze", where).body);
  json listed = post_json("/api/moves", where).body;
  EXPECT_EQ(a.body["legal_moves"]["moves"], listed["moves"]);
  EXPECT_EQ(a.body["legal_moves"]["count"], after[0] + after[1] + after[2]);
  EXPECT_EQ(a.body["legal_moves"]["truncated"], false);

  // A random reply with a seed is the move POST /api/move makes with it.
  const Answer random =
      post("/api/game",
           R"({"rules":"kayles","position":"9","reply":"random","seed":7,"legal_moves":2})");
  ASSERT_EQ(random.status, 200) << random.body.dump();
  const Answer moved =
      post("/api/move", R"({"rules":"kayles","position":"9","level":"random","seed":7})");
  EXPECT_EQ(random.body["reply"]["move"], moved.body["move"]["move"]);
  EXPECT_EQ(random.body["seed"], 7);
  EXPECT_EQ(random.body["legal_moves"]["moves"].size(), 2u);
  EXPECT_EQ(random.body["legal_moves"]["truncated"], true);

  expect_refused(post("/api/game", R"({"position":"1","moves":["1 1"],"reply":"perfect"})"), 422,
                 "the game is over");
  expect_refused(post("/api/game", R"({"position":"3","reply":3})"), 400,
                 "\"reply\" must be a string");
  expect_refused(post("/api/game", R"({"position":"3","seed":3})"), 400,
                 "\"seed\" goes with \"reply\"");
  expect_refused(post("/api/game", R"({"position":"3","legal_moves":2001})"), 422,
                 "\"legal_moves\" 2001 is above the maximum of 2000");
}

// A game that can go on for ever: the analysis says "draw" with the moves that keep it, and the
// computer's reply in a drawn position keeps the draw; one it wins it wins by the move that makes
// the win come. Misère play of it is refused.
TEST_F(ServerApiTest, GameAndAnalysisOfPlayThatCanGoOnForEver) {
  // u reaches z (value 0) or the cycle c, d: ∞{0}; beside a heap of 1, ∞{1}: a draw.
  const std::string drawn = "digraph:u>z,u>c,c>d,d>c@u nim:1";
  const Answer a = post_json("/api/analyze", json{{"position", drawn}});
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["winner"], "draw");
  EXPECT_EQ(a.body["grundy"], "∞{1}");
  EXPECT_EQ(a.body["components"][0]["grundy"], "∞{0}");
  EXPECT_EQ(a.body["components"][1]["grundy"], 1);
  EXPECT_EQ(a.body["winning_moves"], json::array());
  ASSERT_EQ(a.body["drawing_moves"].size(), 1u) << a.body.dump();
  EXPECT_EQ(a.body["drawing_moves"][0]["description"], "move the token from u to c");

  const Answer reply =
      post_json("/api/game", json{{"position", drawn}, {"reply", "perfect"}, {"analysis", true}});
  ASSERT_EQ(reply.status, 200) << reply.body.dump();
  EXPECT_EQ(reply.body["reply"]["description"], "move the token from u to c");
  EXPECT_EQ(reply.body["reply"]["winning"], false);
  EXPECT_EQ(reply.body["analysis"]["winner"], "draw");
  EXPECT_EQ(reply.body["over"], false);

  const Answer won = post_json(
      "/api/game",
      json{{"position", "digraph:u>z,u>c,c>d,d>c@u"}, {"reply", "perfect"}, {"analysis", true}});
  ASSERT_EQ(won.status, 200) << won.body.dump();
  EXPECT_EQ(won.body["reply"]["description"], "move the token from u to z");
  EXPECT_EQ(won.body["reply"]["winning"], true);
  EXPECT_EQ(won.body["over"], true);
  EXPECT_EQ(won.body["winner"], 0);

  expect_refused(post_json("/api/analyze", json{{"position", drawn}, {"misere", true}}), 422,
                 "misère play of digraph c>d,d>c,u>c,u>z@u is not supported");
}

TEST_F(ServerApiTest, BadGameRecordsAreRefusedNamingTheMove) {
  expect_refused(post("/api/game", R"({"position":"3 4 5","moves":["1 2","1 2"]})"), 422, "move 2");
  expect_refused(post("/api/game", R"({"position":"3 4 5","moves":["1 2"],"played":2})"), 422,
                 "\"played\" 2 is more than the 1 moves given");
  expect_refused(post("/api/game", R"({"position":"3 4 5","moves":"1 2"})"), 400,
                 "\"moves\" must be an array");
  expect_refused(post("/api/game", R"({"position":"3 4 5","moves":[12]})"), 400, "moves[0]");
  expect_refused(post("/api/game", R"({"position":"1","moves":["1 1","1 1"]})"), 422,
                 "move 2: the game is over");
}

}  // namespace
}  // namespace nimkit::server
