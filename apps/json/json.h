// JSON forms of positions, moves and analyses: the contract `nimkit analyze --json` and the HTTP
// API share. Within a contract version field names are stable (new fields may be added, none
// renamed); a change that renames or drops one raises kContractVersion (docs/api.md says how to
// migrate). A position is written in the game's own words: "position" (its notation text) and
// "components", each with its view's fields; nothing outside a component's view speaks of heaps.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/explain.h"
#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit::contract {

// The version of the contract, written as "contract" in every answer. 2: positions as
// "position" text and "components" (no top-level "heaps" or other view fields), requests take
// "position".
inline constexpr int kContractVersion = 2;

// j as JSON text; invalid UTF-8 in any string becomes U+FFFD instead of throwing (every JSON dump
// goes through it, so no input can abort the program).
template <class Json>
std::string dump_json(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The bytes dump_json(j) takes, counted without writing it (a string's escapes included; a string
// of invalid UTF-8 at three bytes for each byte past ASCII, as many as its replacements may take),
// so never fewer than the text has.
std::uint64_t json_size(const nlohmann::json& j);

// The size budget of one answer: at most `max_bytes` of JSON (0: no limit), charged piece by
// piece (a move, a component) as the answer is built, and each piece charged to the work meter
// too, a step per kBytesPerStep bytes: formatting is work of the request, and an answer past its
// limit stops as soon as it passes it instead of being built whole.
class AnswerBudget {
 public:
  static constexpr std::uint64_t kBytesPerStep = 64;

  // `reserve` bytes of max_bytes are kept for what the caller adds around the pieces charged.
  AnswerBudget(std::uint64_t max_bytes, std::shared_ptr<WorkMeter> meter, std::uint64_t reserve = 0)
      : max_bytes_(max_bytes),
        room_(max_bytes == 0 ? 0 : max_bytes - std::min(reserve, max_bytes - 1)),
        meter_(std::move(meter)) {}

  // The request's meter, which the work done to build the answer (an explanation's mex step)
  // charges too.
  const std::shared_ptr<WorkMeter>& meter() const { return meter_; }
  // Adds `bytes` of answer; false once the answer is past max_bytes or the meter stopped.
  bool charge(std::uint64_t bytes);
  bool charge(const nlohmann::json& part) { return charge(json_size(part)); }
  // Whether `bytes` more would still be within max_bytes (a list stops at the first item that
  // would not: the answer says it left some out).
  bool fits(std::uint64_t bytes) const { return room_ == 0 || used_ + bytes <= room_; }
  // Charges the meter for formatting `bytes` that the answer does not keep (text made to find a
  // field); false once the meter stopped.
  bool work(std::uint64_t bytes);
  std::uint64_t used() const { return used_; }
  std::uint64_t max_bytes() const { return max_bytes_; }
  // Why building stopped: "the answer is larger than the limit of 8388608 bytes", or what
  // stopped the meter ("work stopped: the time limit of 1000 ms was reached").
  std::string stopped() const;
  // The same as an Error (kind kLimit, or kCancelled when the meter was cancelled).
  Error stop_error() const;

 private:
  std::uint64_t max_bytes_;
  std::uint64_t room_;  // max_bytes_ less the reserve: what the pieces may take
  std::shared_ptr<WorkMeter> meter_;
  std::uint64_t used_ = 0;
  bool over_ = false;
};

// A nimber as a JSON number, or as a decimal string when it exceeds 2^64-1 (JSON numbers in most
// readers stop there).
nlohmann::json nimber_json(Nimber value);

// {"heap": 1, "take": 2, "result": [1,4,5], "move": "1 2", "description": "take 2 from heap 1",
//  "position": "1 4 5", "component": 0}: the move's text, its description and the position's
// text after it (all the library's), plus its view's move fields ("heap" and "take" for heaps,
// 1-based; "vertex" for graphs); a move in a component drawn from heaps adds "result", the
// position's heaps after the move (the heaps view reads what a move leaves from it).
nlohmann::json move_json(const Position& before, const Move& move);

// {"view", "rules", "title", "items", "label", "fields", "grundy"} of component `c`: "items" its
// items as text, "fields" its view's fields ({"heaps": [3], "spent": [0]} for heaps,
// {"vertices": [...], "edges": [...]} for graphs).
// "grundy" (when `value` is given) is a number for a finite value and the text of an infinite
// generalized value (loopy_value.h), "∞{0,2}".
nlohmann::json component_json(const Position& position, std::size_t c,
                              const std::optional<LoopyValue>& value);

// The explanation record of explain.h: {"heading", "rows": [{"label", "value", "binary",
// "rules", "reason"}], "width", "total", "total_binary", "columns", "lines", "component_moves",
// "winning_moves"}.
nlohmann::json explanation_json(const Explanation& explanation);

// {"contract", "rules", "convention", "position", "grundy", "winner", "winning_moves",
//  "winning_move_count" (null when not counted within the limits), "method", "components",
//  "explanation"}; "remoteness" (moves left with
//  perfect play) when the analysis has it; "winner" "draw" and "drawing_moves" (the moves that
//  keep the draw) where play can go on for ever; "finite_win_move" (the winning move that makes
//  the win come) when the player to move wins and play can repeat; "grundy" (the position's and
//  each component's) a number, or the text of an infinite generalized value ("∞{0,2}"). With a
//  budget, built
// piece by piece within it, the winning moves last and only as many as fit it (the others left
// unlisted, "winning_moves_unlisted" saying why); fails with budget.stopped() when the rest does
// not fit.
nlohmann::json analysis_json(const Position& position, const Analysis& analysis);
Result<nlohmann::json> analysis_json(const Position& position, const Analysis& analysis,
                                     AnswerBudget& budget);

// The texts every component of a ruleset repeats ("rules", "title", "view"), made once per
// ruleset for a writer of many answers. Holds the rulesets it has seen (at most kMaxRulesets, then
// starts again), so that a ruleset is never mistaken for a later one at the same address.
class RulesetTexts {
 public:
  struct Texts {
    std::string spec;
    std::string fields;  // "rules":…,"title":…,"view":… as component_json() writes them
  };
  static constexpr std::size_t kMaxRulesets = 64;
  const Texts& of(const std::shared_ptr<const Ruleset>& rules);

 private:
  std::vector<std::pair<std::shared_ptr<const Ruleset>, Texts>> seen_;
};

// One answer of `nimkit batch --json`, appended to `out` as JSON text (no newline):
// {"line", "contract", "rules", "convention", "position", "winner", "grundy", "move",
// "components"}: the line's number, the analysis in brief — the first winning move's text, null
// when the player to move loses; "grundy" null without a value — and the brief's position's
// components (BriefOptions::position), each as component_json() writes it. Written straight to
// text, with no JSON object built: a batch writes one per line.
void append_batch_line(std::string& out, std::uint64_t line, Convention convention,
                       const BriefAnalysis& brief, RulesetTexts& texts);
// {"line", "contract", "error"}: a line the batch could not answer.
nlohmann::json batch_error_json(std::uint64_t line, std::string_view message);

}  // namespace nimkit::contract
