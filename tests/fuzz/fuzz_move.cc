// Typed moves: the first line is a position of the ruleset named by the second line (nim when
// absent), the rest a move in play notation. A parsed move must be legal and read back the same.
#include <algorithm>
#include <string>

#include "fuzz_common.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

using namespace nimkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  const std::size_t first = text.find('\n');
  if (first == std::string_view::npos) return 0;
  const std::string_view heaps = text.substr(0, first);
  text.remove_prefix(first + 1);
  const std::size_t second = text.find('\n');
  std::string_view spec = "nim";
  if (second != std::string_view::npos) {
    spec = text.substr(0, second);
    text.remove_prefix(second + 1);
  }
  auto rules = make_ruleset(spec);
  if (!rules) return 0;
  auto position = parse_position(heaps, *rules);
  if (!position) return 0;
  const Limits limits = fuzz::tight_limits();
  auto move = parse_move(*position, text, limits);
  if (!move) {
    NIMKIT_FUZZ_CHECK(!move.error().empty());
    return 0;
  }
  NIMKIT_FUZZ_CHECK(move->component < position->components().size());
  auto again = parse_move(*position, format_move(*position, *move), fuzz::tight_limits());
  NIMKIT_FUZZ_CHECK(again && *again == *move);
  auto legal = position->legal_moves(fuzz::tight_limits());
  if (legal) NIMKIT_FUZZ_CHECK(std::find(legal->begin(), legal->end(), *move) != legal->end());
  (void)describe(*position, *move);
  return 0;
}
