#include "common.h"

#include <fmt/format.h>

#include "commands.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::cli {

void GameOptions::add_to(CLI::App& command) {
  std::string names;
  for (const RulesetEntry& e : registry()) {
    names += (names.empty() ? "" : ", ") + e.name + (e.parameters.empty() ? "" : ":PARAMS");
  }
  command.add_option("--rules", rules, "ruleset: " + names)->capture_default_str();
  command.add_flag("--misere", misere, "misère convention: the player who makes the last move loses");
  command.add_option("--limit", limit, "most positions a game-tree search may visit")
      ->capture_default_str();
  command.add_option(
      "heaps", heaps,
      "heaps, e.g. 3 4 5; zero-move piles with the zero move spent as 7x; components of other "
      "rulesets as RULES:HEAPS, e.g. kayles:7");
}

Limits GameOptions::limits() const {
  Limits limits;
  limits.max_nodes = limit;
  return limits;
}

Result<Game> make_game(const GameOptions& options) {
  if (options.heaps.empty()) return fail("no heaps given (e.g. 3 4 5)");
  auto rules = make_ruleset(options.rules);
  if (!rules) return Error{rules.error()};
  auto position = parse_position(options.heaps, *rules);
  if (!position) return Error{position.error()};
  return Game{*rules, std::move(*position)};
}

int report(std::string_view message) {
  fmt::print(stderr, "error: {}\n", message);
  return kBadInput;
}

std::string game_title(const Ruleset* rules, Convention convention) {
  const char* play = convention == Convention::kNormal ? "normal play (last to move wins)"
                                                       : "misère play (last to move loses)";
  return fmt::format("{}, {}", rules ? rules->spec() : std::string("sum of games"), play);
}

}  // namespace nimkit::cli
