// What the tests of the heap families share: a ruleset built by name, its values through the
// library's one sequence path, and the same values by plain mex over the plain rules of
// rules_brute_force.h, which calls nothing of the library.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nimkit/heap_game.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/registry.h"
#include "rules_brute_force.h"

namespace nimkit_rules_test {

// Every ruleset these tests are about is played on heaps.
inline std::shared_ptr<const nimkit::HeapGame> make(const std::string& spec) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  return rules ? std::dynamic_pointer_cast<const nimkit::HeapGame>(*rules) : nullptr;
}

inline const nimkit::HeapRuleset& heap_rules(const std::shared_ptr<const nimkit::Ruleset>& rules) {
  return dynamic_cast<const nimkit::HeapRuleset&>(*rules);
}

// g(0..count-1) through grundy_values, as analysis and the front ends read them.
inline std::vector<std::uint64_t> values(const std::string& spec, std::uint64_t count) {
  auto got = nimkit::grundy_values(*make(spec), 0, count, nimkit::Limits{});
  EXPECT_TRUE(got.ok()) << spec << ": " << (got ? "" : got.error());
  std::vector<std::uint64_t> out;
  if (got) {
    for (nimkit::Nimber v : *got) out.push_back(static_cast<std::uint64_t>(v));
  }
  return out;
}

// g(0..count-1) of a ruleset of one heap per component by plain mex over the plain rules, nothing
// else.
inline std::vector<std::uint64_t> plain_values(const std::string& spec, std::uint64_t count) {
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::vector<bool> seen(2 * n + 64, false);
    for (const auto& result : plain_moves({spec, {{n, false}}})) {
      std::uint64_t v = 0;
      for (const auto& h : result) v ^= g[h.first];
      if (v < seen.size()) seen[v] = true;
    }
    std::uint64_t mex = 0;
    while (seen[mex]) ++mex;
    g.push_back(mex);
  }
  return g;
}

}  // namespace nimkit_rules_test
