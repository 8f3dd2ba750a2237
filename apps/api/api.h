// The JSON API of `nimkit serve`, as pure functions from a request body to a status and a JSON
// answer, so that tests can call them without a socket (server.h puts them on HTTP routes).
//
// Every answer is an object. A refusal has status 4xx and the form {"error": "..."}, naming the
// bad value: 400 for a body that is not the expected JSON (malformed, wrong type, missing or
// unknown field), 413 for a body over the size limit, 422 for well-formed requests the engine
// refuses (unknown ruleset, illegal position, game already over, a count or the work above a
// limit). See docs/api.md for every endpoint with examples.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>

#include "nimkit/limits.h"
#include "nimkit/ruleset.h"

namespace nimkit::server {

struct ApiLimits {
  std::size_t max_body_bytes = 64 * 1024;
  std::size_t max_heaps = 1000;
  // POST /api/grundy answers g(0) .. g(count-1) for count up to this: the first
  // max_listed_values of them one by one, all of them as at most grundy_bands bands (the
  // smallest and largest value of each run of count / grundy_bands heaps).
  std::uint64_t max_grundy_count = 1'000'000;
  std::uint64_t max_listed_values = 10'000;
  std::uint64_t grundy_bands = 1'000;
  // Heaps a request's period search may compute (at least the count). The octal game 0.16
  // needs 509,622 values for its proof: about 27 million steps and 0.1-0.4 s of the request's
  // budget on a loaded 2-core VM. Codes that need more (0.354 needs 20 million) stop here or at
  // the request's work limit, and the answer says how far the values were checked.
  std::uint64_t period_search = std::uint64_t{1} << 20;
  // POST /api/grundy of a ruleset on pairs of heaps (Wythoff) answers the count × count table
  // g(a, b) for count up to this.
  std::uint64_t max_grid_side = 256;
  // POST /api/moves lists at most this many moves (the answer says how many there are).
  std::size_t max_listed_moves = 2'000;
  // Work per request: far below what a CLI user may ask for, so that one request takes at most
  // a fraction of a second and cannot starve the others.
  // Measured on a loaded 2-core VM (release build): a misère Kayles search visits 5 000-10 000
  // nodes a second on six rows of 30, so 20 000 nodes bound a request to a few seconds, while
  // misère Kayles on rows up to 11 needs < 0.3 s; scanning 5 000 000 options takes about a
  // second. 500 000 nodes (the first choice) let one request run for minutes.
  // A search's positions may take 64 MiB per request (the 20 000 nodes of a large position
  // would take gigabytes).
  Limits engine = {.max_nodes = 20'000,
                   .max_search_bytes = std::uint64_t{64} << 20,
                   .max_table = 100'000,
                   .max_scan = 5'000'000,
                   .max_listed_moves = 1'000,
                   .meter = nullptr};
  // One WorkMeter per request bounds everything the request does, across all its components:
  // about a second of work at most, so that one request cannot hold a core for long.
  std::chrono::milliseconds max_request_time{1000};
  std::uint64_t max_request_steps = 50'000'000;
  // Moves a POST /api/game record may hold: each is replayed and checked for a win thrown away.
  std::size_t max_game_moves = 1'000;
  // Bytes of JSON one answer may take. Answers are built piece by piece (a move, a component),
  // each charged to this budget and to the request's meter (a step per 64 bytes), so one that
  // would pass it is refused with 422 naming it as soon as it does, never built whole.
  std::uint64_t max_answer_bytes = std::uint64_t{8} << 20;
};

struct ApiResponse {
  int status = 200;
  nlohmann::json body;
};

class Api {
 public:
  explicit Api(ApiLimits limits = {}) : limits_(limits) {}

  const ApiLimits& limits() const { return limits_; }
  // A fresh meter with the per-request budget (the server keeps it to cancel the request when
  // stopping). Handlers given no meter make their own.
  std::shared_ptr<WorkMeter> new_meter() const;

  // GET /api/health → {"status": "ok", "version": "0.1.0", "rulesets": N}
  ApiResponse health() const;
  // GET /api/rulesets → {"rulesets": [{"name", "parameters", "summary", "examples", "title",
  // "rules", "view", "start", "notation": {"syntax", "example"}, "shape", "random", "arity"?},
  // ...]}, all from the registry: what the page's new-game form offers, draws and says.
  ApiResponse rulesets() const;
  // What a first visit of the page asks before it can draw, answered before it asks (the server
  // puts it into index.html): {"rulesets": GET /api/rulesets's list, "game": the POST /api/game
  // answer, with its analysis and its legal moves, for the registry's first ruleset at its start
  // with no moves played, a person to move}.
  nlohmann::json first_answers() const;
  // POST /api/analyze {"rules", "misere", "position"} → the `nimkit analyze --json` object
  // (the position's text and components with their view fields and Grundy values), plus
  // "terminal". Every request with a position takes "position", its text; the old "heaps" list is
  // read too, answered with "deprecated".
  ApiResponse analyze(std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr) const;
  // POST /api/move {"rules", "misere", "position", "level", "seed"} → the computer's move at
  // that level and the analysis of the position it leaves.
  ApiResponse move(std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr) const;
  // POST /api/moves {"rules", "position", "heap"?, "take"?, "move"?} → legal moves: all of
  // them, those of item "heap"'s component, those whose move fields are that "heap" and "take",
  // or the one written in play notation.
  ApiResponse moves(std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr) const;
  // POST /api/game {"rules", "misere", "position", "moves", "played"?} → the game's record as
  // the library's Match keeps it: the start, every move given (its text, description, mover,
  // whether it threw away a win or a draw and then a move that would have won or kept it, how
  // often the position after it has stood, the position after it, whether it is played or
  // taken back), whose turn it is, how often the position has stood ("repetitions", with
  // "draw_offered" from the third time), and the winner of a finished game (none of a draw
  // agreed: "draw_agreed": true in the request ends the game so where it stands).
  // The first "played" moves (all by default) stand; the rest are taken back, for redo. Also
  // "move_syntax" (how moves are typed where the game stands) and, with "analysis": true, the
  // analysis of that position. With "reply": a level (as "level" of POST /api/move, and "seed"),
  // the computer's move after those played is made first and answered as "reply" (the move
  // object of POST /api/move): the record includes it. With "legal_moves": N, the first N legal
  // moves where the game stands, as POST /api/moves lists them. One request then answers all the
  // page draws after the computer's move.
  ApiResponse game(std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr) const;
  // POST /api/random {"rules", "seed"?} → {"rules", "position", "seed"}: a random start for a
  // ruleset whose entry in GET /api/rulesets says "random" (heaps, graphs), in its notation.
  ApiResponse random_start(std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr) const;
  // POST /api/grundy {"rules", "count"} → for a ruleset on one heap, g(0) .. g(count-1) (listed
  // and in bands) and the period with its proof, or how far the search for one went; for a
  // ruleset on pairs of heaps, the table g(a, b) for a, b < count.
  ApiResponse grundy(std::string_view body, std::shared_ptr<WorkMeter> meter = nullptr) const;

 private:
  // The engine limits of one request, sharing `meter` (a new one when null).
  Limits engine_limits(std::shared_ptr<WorkMeter> meter) const;
  // The /api/grundy answer of a ruleset on pairs of heaps: the side × side table g(a, b).
  ApiResponse grundy_grid_answer(const Ruleset& rules, std::uint64_t side,
                                 const Limits& engine) const;

  ApiLimits limits_;
};

}  // namespace nimkit::server
