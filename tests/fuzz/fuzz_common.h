// Shared pieces of the libFuzzer targets: tight limits, so that no input can run long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "nimkit/limits.h"

namespace nimkit::fuzz {

// Small enough that the slowest input finishes in milliseconds; large enough that real searches
// and tables (kayles rows of ~10, octal tables of a few hundred heaps) still run. Moore's game
// costs far more per option than other rulesets (each option is found by counting), so scans stay
// at a few thousand options and a 2 s deadline backs the step budget.
inline Limits tight_limits() {
  return Limits{.max_nodes = 2'000,
                .max_table = 500,
                .max_scan = 5'000,
                .max_listed_moves = 16,
                .meter = std::make_shared<WorkMeter>(200'000, std::chrono::milliseconds(2000))};
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A broken invariant: abort so that libFuzzer records the input as a crash.
[[noreturn]] inline void fail_check() { std::abort(); }
#define NIMKIT_FUZZ_CHECK(condition)                \
  do {                                              \
    if (!(condition)) ::nimkit::fuzz::fail_check(); \
  } while (false)

}  // namespace nimkit::fuzz
