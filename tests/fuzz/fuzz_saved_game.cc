// Saved games (match.h load_game): any text must load or fail with a message; a loaded game must
// save to text that loads again to the same moves.
#include "fuzz_common.h"
#include "nimkit/match.h"

using namespace nimkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto game = load_game(fuzz::as_text(data, size), fuzz::tight_limits());
  if (!game) {
    NIMKIT_FUZZ_CHECK(!game.error().empty());
    return 0;
  }
  const Match& match = *game->match;
  const std::string saved = match.save(game->first_player, game->second_player);
  auto again = load_game(saved, fuzz::tight_limits());
  // The reload may run out of the (fresh) work budget, but never disagree.
  if (again) {
    NIMKIT_FUZZ_CHECK(again->match->history().size() == match.history().size());
    NIMKIT_FUZZ_CHECK(again->match->position() == match.position());
  }
  return 0;
}
