// Ruleset specs (octal codes, subtraction sets, moore:k, ...) over arbitrary text, then a few
// options and Grundy values of small heaps under tight limits.
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "nimkit/registry.h"
#include "nimkit/ruleset.h"

using namespace nimkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto rules = make_ruleset(fuzz::as_text(data, size));
  if (!rules) {
    NIMKIT_FUZZ_CHECK(!rules.error().empty());
    return 0;
  }
  const Ruleset& ruleset = **rules;
  (void)ruleset.summary();
  // A spec reads back to the same ruleset.
  auto again = make_ruleset(ruleset.spec());
  NIMKIT_FUZZ_CHECK(again && (*again)->spec() == ruleset.spec());
  const Limits limits = fuzz::tight_limits();
  // Components of items "n" (heaps, or lone vertices), one or two at a time (pairs of heaps).
  for (std::uint64_t n = 0; n < 12; ++n) {
    for (std::size_t copies : {1, 2}) {
      auto parsed = ruleset.parse_components(std::vector<std::string>(copies, std::to_string(n)));
      if (!parsed) continue;
      for (const ParsedComponent& c : *parsed) {
        auto count = ruleset.scannable_option_count(c.state, limits);
        if (count) {
          for (Count i = 0; i < std::min<Count>(*count, 8); ++i) (void)ruleset.option(c.state, i);
        }
        auto value = ruleset.value(c.state, limits);
        if (!value && limits.meter->exhausted()) return 0;
      }
    }
  }
  return 0;
}
