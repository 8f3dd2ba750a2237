// Batch lines: the library call `nimkit batch` makes for each line (analyze_brief: a ruleset's
// answer from the text — Nim's — or parse_position, analyze with one listed move and format_move
// of the first winning move), over arbitrary lines. The first byte picks the ruleset and
// convention, as the batch command's --rules and --misere would.
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
  auto brief = analyze_brief(line, *rules, convention, [] { return fuzz::tight_limits(); });
  if (!brief) return 0;
  // A loser has no move to name (a winner may have none listed when the list is out of reach).
  if (brief->winner == Outcome::kSecond) NIMKIT_FUZZ_CHECK(brief->first_winning_move.empty());
  return 0;
}
