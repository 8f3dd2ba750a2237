// Ruleset specs (octal codes, subtraction sets, moore:k, ...) over arbitrary text, then a few
// options and Grundy values of small heaps under tight limits.
#include <algorithm>
#include <vector>

#include "fuzz_common.h"
#include "nimkit/heap.h"
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
  const std::size_t arity = std::max<std::size_t>(ruleset.arity(), 1);
  const Limits limits = fuzz::tight_limits();
  for (std::uint64_t n = 0; n < 12; ++n) {
    auto heap = ruleset.parse_heap(std::to_string(n));
    if (!heap) continue;
    const std::vector<Heap> component(arity, *heap);
    auto count = ruleset.scannable_option_count(component, limits);
    if (count) {
      for (Count i = 0; i < std::min<Count>(*count, 8); ++i) (void)ruleset.option_at(component, i);
    }
    auto value = ruleset.grundy(component, limits);
    if (!value && limits.meter->exhausted()) break;
  }
  return 0;
}
