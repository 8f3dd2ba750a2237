// nimkit rules [NAME]: every ruleset of the registry, or one in full: its notation, rules, an
// example position and move, and where its values come from.
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit::cli {
namespace {

int run_rules_list() {
  for (const RulesetEntry& entry : registry()) {
    fmt::print("{} — {}{}\n", entry.title, entry.name,
               entry.parameters.empty() ? "" : ":" + entry.parameters);
    fmt::print("  {}\n", entry.summary);
    // The value source belongs to a built ruleset: state it for each example.
    for (const std::string& example : entry.examples) {
      auto rules = make_ruleset(example);
      if (!rules)
        return report(fail_as(rules.failure(),
                              fmt::format("registry example \"{}\": {}", example, rules.error())));
      fmt::print("  e.g. {:<24} values: {}\n", example, to_string((*rules)->value_source()));
    }
    fmt::print("  play: nimkit play --rules {} {}\n", entry.examples.front(), entry.start);
  }
  fmt::print("\nnimkit rules NAME shows one ruleset with its move notation and an example.\n");
  return 0;
}

// One ruleset in full, its registry example played from the entry's start position.
int run_rules_one(const std::string& name) {
  const RulesetEntry* entry = find_ruleset_entry(name);
  // An unknown name gets the registry's message, with its "did you mean".
  auto rules = make_ruleset(
      entry != nullptr && name.find(':') == std::string::npos ? entry->examples.front() : name);
  if (!rules) return report(rules.failure());
  fmt::print("{} — {}\n", ruleset_title(**rules), (*rules)->spec());
  fmt::print("Notation: --rules {}\n", (*rules)->spec());
  if (!entry->parameters.empty()) fmt::print("Parameters: {}\n", entry->parameters);
  fmt::print("Rules: {}\n", ruleset_rules_text(**rules));
  fmt::print("Values: {}{}\n", to_string((*rules)->value_source()),
             (*rules)->loopy() ? "; where play can go on for ever, Smith's generalized values "
                                 "(∞ and draws)"
                               : "");
  auto start = parse_position(entry->start, *rules);
  if (!start) return report(start.failure());
  fmt::print("Positions: {}\n", entry->notation);
  fmt::print("Position, e.g.: {}  (nimkit play --rules {} {})\n",
             format_position(*start, rules->get()), (*rules)->spec(), entry->start);
  fmt::print("{}", (*rules)->move_syntax());
  if (!start->components().empty()) {
    fmt::print("{}", move_example(*start, 0, Limits{}));
  }
  return 0;
}

}  // namespace

void add_rules_command(CLI::App& app, int& status) {
  auto name = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand(
      "rules",
      "List every ruleset: notation, rules, values; rules NAME: one, with its moves and examples");
  command->add_option("name", *name, "one ruleset to show, e.g. kayles or subtraction:1,3,4");
  command->callback(
      [name, &status] { status = name->empty() ? run_rules_list() : run_rules_one(*name); });
}

}  // namespace nimkit::cli
