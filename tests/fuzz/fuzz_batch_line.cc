// Batch lines: the library calls `nimkit batch` makes for each line on its general path
// (apps/cli/batch_command.cc: parse_position with the default ruleset, analyze with one listed
// move, format_move of the first winning move), over arbitrary lines. The first byte picks the
// ruleset and convention, as the batch command's --rules and --misere would.
#include <array>
#include <string>

#include "fuzz_common.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

using namespace nimkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const std::array<std::string_view, 8> kSpecs = {
      "nim", "kayles", "dawson", "wythoff", "zero-move", "moore:2", "subtraction:1,3,4", "grundy"};
  auto rules = make_ruleset(kSpecs[data[0] % kSpecs.size()]);
  NIMKIT_FUZZ_CHECK(rules.ok());
  const Convention convention = (data[0] & 0x80) != 0 ? Convention::kMisere : Convention::kNormal;
  const std::string_view line = fuzz::as_text(data + 1, size - 1);
  auto position = parse_position(line, *rules);
  if (!position) return 0;
  Limits limits = fuzz::tight_limits();
  limits.max_listed_moves = 1;
  auto analysis = analyze(*position, convention, limits);
  if (!analysis) return 0;
  if (!analysis->winning_moves.empty()) {
    const std::string move = format_move(*position, analysis->winning_moves.front());
    NIMKIT_FUZZ_CHECK(!move.empty());
  }
  return 0;
}
