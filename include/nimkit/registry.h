// The one explicit list of rulesets. To add a ruleset: write its header in games/, then add an
// entry to the list in src/registry.cc (see docs/design.md). The CLI help, the web form and the
// conformance tests all read this list.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

struct RulesetEntry {
  std::string name;        // "subtraction"
  std::string parameters;  // what follows "name:", e.g. "S: 1,3,4 | all-but:1,2 | squares"; empty
                           // when the ruleset takes none
  std::string summary;     // one line of rules
  std::vector<std::string>
      examples;  // full specs that the factory accepts, e.g. "subtraction:1,3,4"
  // Builds the ruleset from the text after "name:" (empty when there is none).
  std::function<Result<std::shared_ptr<const Ruleset>>(std::string_view params)> make;
  // The view a front end draws its components with (Ruleset::view() of every example), and a
  // position to start a game from, in its notation.
  std::string view = "heaps";
  std::string start = "3 4 5";
};

// Every ruleset, in the order the help lists them.
const std::vector<RulesetEntry>& registry();

// Builds a ruleset from its notation "name" or "name:params" (e.g. "subtraction:1,3,4").
// Fails with `unknown ruleset "foo"` naming the known ones, or with the parameter error.
Result<std::shared_ptr<const Ruleset>> make_ruleset(std::string_view spec);

}  // namespace nimkit
