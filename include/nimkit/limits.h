// Work limits: every computation whose cost grows with the input takes one, so that no request,
// however large, can run without bound. Exceeding a limit is an error naming the limit.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nimkit {

struct Limits {
  // Positions a game-tree search (misère play, games without Grundy values) may memoize.
  std::uint64_t max_nodes = 2'000'000;
  // Largest heap whose Grundy value may be computed by table (games with no closed form or
  // proved period).
  std::uint64_t max_table = 1'000'000;
  // Options a scan over one component's moves may visit (e.g. every split of a huge heap).
  std::uint64_t max_scan = 50'000'000;
  // Winning moves listed; the count of all of them is still reported.
  std::size_t max_listed_moves = 1000;
};

}  // namespace nimkit
