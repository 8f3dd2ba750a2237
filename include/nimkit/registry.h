// The one explicit list of rulesets. To add a ruleset: write its header in games/, then add an
// entry to the list in src/registry.cc (see docs/design.md). The CLI help, the web form and the
// conformance tests all read this list.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// One family, written in src/registry.cc with designated initializers: the fields it leaves out
// keep the defaults below.
struct RulesetEntry {
  std::string name;             // "subtraction"
  std::string parameters = {};  // what follows "name:", e.g. "S: 1,3,4 | all-but:1,2 | squares";
                                // empty when the ruleset takes none
  std::string summary = {};     // one line of rules
  // Full specs that the factory accepts, e.g. "subtraction:1,3,4".
  std::vector<std::string> examples = {};
  // Builds the ruleset from the text after "name:" (empty when there is none).
  std::function<Result<std::shared_ptr<const Ruleset>>(std::string_view params)> make = {};
  // A position to start a game from, in its notation.
  std::string start = "3 4 5";
  // How a position is written, in words for people; `start` is its example.
  std::string notation =
      "Heap sizes separated by spaces; a component of another game as RULES:ITEMS (kayles:7).";
  // For people: the game's name ("Dawson's Chess") and its rules in plain words (the summary
  // when the entry gives none).
  std::string title = {};
  std::string rules = {};
  // The ruleset's facts (Ruleset::facts()): never written in the list, but read from the first
  // example when the registry is built (the family states them once; every example of an entry
  // draws with the same view). A front end asks these, not the name: the view it draws with,
  // whether values are sizes (to play Nim in OpenSpiel's encoding of pile and count).
  RulesetFacts facts = {};
};

// Every ruleset, in the order the help lists them.
const std::vector<RulesetEntry>& registry();

// Builds a ruleset from its notation "name" or "name:params" (e.g. "subtraction:1,3,4"); the
// name is read without regard to case ("Kayles" is kayles).
// Fails with `unknown ruleset "foo"` naming the known ones, or with the parameter error.
// Rulesets whose values come from a table are shared by spec (the same object, its table kept)
// among the last kSharedRulesets such specs used; the least recently used one is let go first.
Result<std::shared_ptr<const Ruleset>> make_ruleset(std::string_view spec);
inline constexpr std::size_t kSharedRulesets = 64;

// The entry of a ruleset notation ("kayles", "Kayles", "subtraction:1,3,4"), or nullptr for an
// unknown name.
const RulesetEntry* find_ruleset_entry(std::string_view spec);

// A built ruleset for people: its display name, with its parameters when it takes some ("Kayles",
// "Subtraction game (1,3,4)"), and its rules in plain words (the entry's, or for a ruleset with
// parameters its own summary, which names them).
std::string ruleset_title(const Ruleset& rules);
std::string ruleset_rules_text(const Ruleset& rules);

}  // namespace nimkit
