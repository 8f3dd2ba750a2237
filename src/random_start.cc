#include "nimkit/random_start.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/strategy.h"

namespace nimkit {
namespace {

using Draw = std::function<std::string(Rng&)>;

std::uint64_t between(Rng& rng, std::uint64_t low, std::uint64_t high) {
  return low + static_cast<std::uint64_t>(rng.below(Count{high - low + 1}));
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  return fmt::format("{}", fmt::join(parts, separator));
}

// 3 to 5 sizes from 1 to 12, a whole number of components of `arity` sizes (0: any number). A
// size the game's heaps cannot have (above a take-or-add game's bound) is halved until they can.
std::string random_heaps(Rng& rng, const HeapGame& game) {
  std::uint64_t count = between(rng, 3, 5);
  if (game.arity() > 1) count = game.arity() * std::max<std::uint64_t>(1, count / game.arity());
  std::vector<std::string> sizes;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t size = between(rng, 1, 12);
    while (size > 1 && !game.parse_heap(std::to_string(size))) size /= 2;
    sizes.push_back(std::to_string(size));
  }
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
    // Drawn one at a time, the far end first: the order in which a call's arguments are
    // evaluated is the compiler's (GCC's and clang's differ), a seed's start must not be.
    const std::uint64_t to = between(rng, 1, n);
    const std::uint64_t from = between(rng, 0, n);
    edges.push_back(fmt::format("{}-{}", from, to));
  }
  return joined(edges, ",");
}

// How a random start of `rules` is drawn, if it has one.
std::optional<Draw> drawing(const Ruleset& rules) {
  if (const HeapGame* game = rules.heap_game()) {
    return [game](Rng& rng) { return random_heaps(rng, *game); };
  }
  const std::string_view view = rules.view();
  if (view == "graph") return Draw(random_graph);
  if (view == "digraph") return Draw(random_digraph);
  if (view == "hackenbush") return Draw(random_hackenbush);
  return std::nullopt;
}

}  // namespace

bool has_random_start(const Ruleset& rules) { return drawing(rules).has_value(); }

Result<Position> random_start(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed,
                              const Limits& limits) {
  const auto draw = drawing(*rules);
  if (!draw)
    return fail(fmt::format("{} has no random start: give a position", sanitize(rules->spec())));
  Rng rng(seed);
  return parse_position((*draw)(rng), rules, limits);
}

}  // namespace nimkit
