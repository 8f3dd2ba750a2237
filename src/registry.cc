// The list of every ruleset nimkit knows. To add one, include its header and add an entry.
#include "nimkit/registry.h"

#include <fmt/format.h>

#include "nimkit/games/nim.h"
#include "nimkit/games/zero_move.h"

namespace nimkit {
namespace {

using Made = Result<std::shared_ptr<const Ruleset>>;

// A factory for a ruleset that takes no parameters.
template <typename R>
std::function<Made(std::string_view)> plain(std::string name) {
  return [name = std::move(name)](std::string_view params) -> Made {
    if (!params.empty()) {
      return fail(fmt::format("ruleset \"{}\" takes no parameters, got \"{}\"", name, params));
    }
    return std::shared_ptr<const Ruleset>(std::make_shared<const R>());
  };
}

std::vector<RulesetEntry> make_registry() {
  std::vector<RulesetEntry> list;
  list.push_back({"nim", "", Nim().summary(), {"nim"}, plain<Nim>("nim")});
  list.push_back({"zero-move", "", ZeroMoveNim().summary(), {"zero-move"},
                  plain<ZeroMoveNim>("zero-move")});
  return list;
}

}  // namespace

const std::vector<RulesetEntry>& registry() {
  static const std::vector<RulesetEntry> list = make_registry();
  return list;
}

Result<std::shared_ptr<const Ruleset>> make_ruleset(std::string_view spec) {
  const std::size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view params = colon == std::string_view::npos ? "" : spec.substr(colon + 1);
  for (const RulesetEntry& entry : registry()) {
    if (entry.name == name) return entry.make(params);
  }
  std::string known;
  for (const RulesetEntry& entry : registry()) known += (known.empty() ? "" : ", ") + entry.name;
  return fail(fmt::format("unknown ruleset \"{}\" (known: {})", spec, known));
}

}  // namespace nimkit
