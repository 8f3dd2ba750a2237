// POST /api/random: a random start for the new-game form's "Random" button. Which rulesets have
// one, and its shape, follow the registry: sizes for a ruleset on heaps (as many as whole
// components take), a small graph for the graph views. The text drawn is read by the ruleset's
// own notation and answered as the library writes it, so a start the form shows always loads.
#include <fmt/format.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "api.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"
#include "request.h"

namespace nimkit::server {
namespace {

using nlohmann::json;
using Draw = std::function<std::string(Rng&)>;

std::uint64_t between(Rng& rng, std::uint64_t low, std::uint64_t high) {
  return low + static_cast<std::uint64_t>(rng.below(Count{high - low + 1}));
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  return fmt::format("{}", fmt::join(parts, separator));
}

// 3 to 5 sizes from 1 to 12, a whole number of components of `arity` sizes (0: any number).
std::string random_heaps(Rng& rng, std::size_t arity) {
  std::uint64_t count = between(rng, 3, 5);
  if (arity > 1) count = arity * std::max<std::uint64_t>(1, count / arity);
  std::vector<std::string> sizes;
  for (std::uint64_t i = 0; i < count; ++i) sizes.push_back(std::to_string(between(rng, 1, 12)));
  return joined(sizes, " ");
}

// 5 to 8 vertices, each pair joined with probability 0.35; a vertex left alone is written alone.
std::string random_graph(Rng& rng) {
  const std::uint64_t n = between(rng, 5, 8);
  std::vector<std::string> items;
  std::vector<bool> linked(n + 1, false);
  for (std::uint64_t a = 1; a <= n; ++a) {
    for (std::uint64_t b = a + 1; b <= n; ++b) {
      if (!rng.chance(0.35)) continue;
      items.push_back(fmt::format("{}-{}", a, b));
      linked[a] = linked[b] = true;
    }
  }
  for (std::uint64_t v = 1; v <= n; ++v) {
    if (!linked[v]) items.push_back(std::to_string(v));
  }
  return joined(items, ",");
}

// 5 to 8 vertices a, b, c, ... with arrows only towards later letters (so no cycle): a path
// through them all and each other pair with probability 0.3; the token on a.
std::string random_digraph(Rng& rng) {
  const std::uint64_t n = between(rng, 5, 8);
  const auto name = [](std::uint64_t i) { return std::string(1, static_cast<char>('a' + i)); };
  std::vector<std::string> arrows;
  for (std::uint64_t a = 0; a < n; ++a) {
    for (std::uint64_t b = a + 1; b < n; ++b) {
      if (b == a + 1 || rng.chance(0.3)) arrows.push_back(name(a) + ">" + name(b));
    }
  }
  return joined(arrows, ",") + "@a";
}

// A picture on the ground (vertex 0): 4 to 7 vertices, each hung on an earlier one, then one or
// two more edges between any two of them (a cycle, a loop, or a second edge).
std::string random_hackenbush(Rng& rng) {
  const std::uint64_t n = between(rng, 4, 7);
  std::vector<std::string> edges;
  for (std::uint64_t v = 1; v <= n; ++v)
    edges.push_back(fmt::format("{}-{}", between(rng, 0, v - 1), v));
  for (std::uint64_t extra = between(rng, 1, 2); extra > 0; --extra) {
    edges.push_back(fmt::format("{}-{}", between(rng, 0, n), between(rng, 1, n)));
  }
  return joined(edges, ",");
}

// How a random start of `entry`'s rulesets is drawn, if they have one.
std::optional<Draw> drawing(const RulesetEntry& entry, const Ruleset& rules) {
  if (const auto arity = heap_arity(rules)) {
    return [arity = *arity](Rng& rng) { return random_heaps(rng, arity); };
  }
  if (entry.view == "graph") return Draw(random_graph);
  if (entry.view == "digraph") return Draw(random_digraph);
  if (entry.view == "hackenbush") return Draw(random_hackenbush);
  return std::nullopt;
}

const RulesetEntry* entry_of(const Ruleset& rules) {
  const std::string spec = rules.spec();
  const std::string name = spec.substr(0, spec.find(':'));
  for (const RulesetEntry& entry : registry()) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace

bool has_random_start(const RulesetEntry& entry, const Ruleset& rules) {
  return drawing(entry, rules).has_value();
}

ApiResponse Api::random_start(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  const Limits engine = engine_limits(std::move(meter));
  Request request = parse_body(text, limits_, {"rules", "seed"});
  if (request.refusal) return *request.refusal;
  auto spec = rules_field(request.body, "node-kayles");
  if (auto* refusal = std::get_if<ApiResponse>(&spec)) return *refusal;
  auto rules = make_ruleset(std::get<std::string>(spec));
  if (!rules) return engine_refusal(rules.failure(), engine);
  const RulesetEntry* entry = entry_of(**rules);
  const auto draw = entry ? drawing(*entry, **rules) : std::nullopt;
  if (!draw) {
    return unprocessable(fmt::format("{} has no random start: give a position", (*rules)->spec()));
  }
  auto seed_field = optional_u64(request.body, "seed");
  if (auto* refusal = std::get_if<ApiResponse>(&seed_field)) return *refusal;
  const std::uint64_t seed =
      std::get<std::optional<std::uint64_t>>(seed_field)
          .value_or((std::uint64_t{std::random_device{}()} << 32) | std::random_device{}());
  Rng rng(seed);
  auto position = parse_position((*draw)(rng), *rules);
  if (!position) return engine_refusal(position.failure(), engine);
  return ApiResponse{
      200,
      json{{"rules", (*rules)->spec()}, {"position", format_position(*position)}, {"seed", seed}}};
}

}  // namespace nimkit::server
