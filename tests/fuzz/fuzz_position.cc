// Position parsing and analysis cross-checks. The first line of the input names the default
// ruleset (as --rules takes it), the rest is a position; "m" as the first character of the first
// line asks for misère play. Every answer must agree with itself: the winner with the existence
// of a winning move, each winning move with a lost position for the mover, Nim with the nim-sum.
#include <optional>
#include <string>

#include "fuzz_common.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

using namespace nimkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  const std::size_t newline = text.find('\n');
  std::string_view spec = newline == std::string_view::npos ? "nim" : text.substr(0, newline);
  const std::string_view rest = newline == std::string_view::npos ? text : text.substr(newline + 1);
  Convention convention = Convention::kNormal;
  if (!spec.empty() && spec.front() == 'm') {
    convention = Convention::kMisere;
    spec.remove_prefix(1);
  }
  auto rules = make_ruleset(spec);
  if (!rules) return 0;
  auto position = parse_position(rest, *rules);
  if (!position) return 0;
  // Formatting must read back to the same position.
  auto again = parse_position(format_position(*position, rules->get()), *rules);
  NIMKIT_FUZZ_CHECK(again && *again == *position);

  const Limits limits = fuzz::tight_limits();
  auto analysis = analyze(*position, convention, limits);
  if (!analysis) {
    NIMKIT_FUZZ_CHECK(!analysis.error().empty());
    return 0;
  }
  const bool first_wins = analysis->winner == Outcome::kFirst;
  // The winner has a winning move, except at the end of a misère game: there the player to move
  // wins with no move at all.
  const bool misere_end = convention == Convention::kMisere && position->is_terminal();
  // An absent count (too many winning moves to count within the limits, as for Moore's Nim where
  // a constructed move stands in) always comes with the reason; a present one bounds the list.
  const std::optional<Count>& count = analysis->winning_move_count;
  NIMKIT_FUZZ_CHECK(count || !analysis->moves_unlisted.empty());
  NIMKIT_FUZZ_CHECK(first_wins == ((count && *count > 0) || misere_end) ||
                    !analysis->moves_unlisted.empty());
  NIMKIT_FUZZ_CHECK(!count || analysis->winning_moves.size() <= *count);
  if (analysis->grundy) NIMKIT_FUZZ_CHECK(first_wins == (*analysis->grundy != 0));
  if (convention == Convention::kNormal && position->single_ruleset() != nullptr &&
      position->single_ruleset()->spec() == "nim" && analysis->grundy) {
    Nimber sum = 0;
    for (std::uint64_t heap : heap_sizes(*position)) sum ^= heap;
    NIMKIT_FUZZ_CHECK(*analysis->grundy == sum);
  }
  for (const Move& move : analysis->winning_moves) {
    const Position after = position->after(move);
    Limits inner = fuzz::tight_limits();
    auto reply = first_player_wins(after, convention, inner);
    if (reply) NIMKIT_FUZZ_CHECK(!*reply);  // the mover's opponent must now be lost
  }
  return 0;
}
