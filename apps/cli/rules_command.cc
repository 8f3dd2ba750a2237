// nimkit rules: every ruleset of the registry, its notation, rules and where its values come from.
#include <fmt/format.h>

#include "commands.h"
#include "common.h"
#include "nimkit/registry.h"

namespace nimkit::cli {
namespace {

int run_rules() {
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
  }
  return 0;
}

}  // namespace

void add_rules_command(CLI::App& app, int& status) {
  CLI::App* command = app.add_subcommand(
      "rules", "List every ruleset: notation, rules, and where its Grundy values come from");
  command->callback([&status] { status = run_rules(); });
}

}  // namespace nimkit::cli
