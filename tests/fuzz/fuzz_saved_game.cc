// Saved games (match.h load_game) of every family: any text loads or fails with a one-line
// message; a loaded game saves to text that loads again to the same record, move by move (the
// seeds hold a saved game of every registry example, normal and misère, '!' marks included).
#include "fuzz_common.h"
#include "nimkit/match.h"
#include "nimkit/saved_game.h"

using namespace nimkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto game = load_game(fuzz::as_text(data, size), fuzz::tight_limits());
  if (!game) {
    NIMKIT_FUZZ_CHECK(!game.error().empty() && game.error().find('\n') == std::string::npos);
    return 0;
  }
  const Match& match = *game->match;
  const std::string saved = save_game(match, game->first_player, game->second_player);
  auto again = load_game(saved, fuzz::tight_limits());
  // The reload may run out of the (fresh) work budget, but never disagree.
  if (again) {
    const Match& back = *again->match;
    NIMKIT_FUZZ_CHECK(back.start() == match.start());
    NIMKIT_FUZZ_CHECK(back.history().size() == match.history().size());
    for (std::size_t i = 0; i < match.history().size(); ++i) {
      const MoveRecord& want = match.history()[i];
      const MoveRecord& got = back.history()[i];
      NIMKIT_FUZZ_CHECK(got.text == want.text && got.threw_away_win == want.threw_away_win);
      NIMKIT_FUZZ_CHECK(got.after == want.after);
    }
    NIMKIT_FUZZ_CHECK(save_game(back, again->first_player, again->second_player) == saved);
  }
  return 0;
}
