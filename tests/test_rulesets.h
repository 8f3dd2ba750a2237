// A ruleset of the registry by its spec, for tests: the spec must name one (a failed expectation
// says which otherwise).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "nimkit/registry.h"

namespace nimkit_test {

inline std::shared_ptr<const nimkit::Ruleset> rules_of(const std::string& spec) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec;
  return *rules;
}

}  // namespace nimkit_test
