#include "nimkit/games/grundys_game.h"

#include <fmt/format.h>

namespace nimkit {

GrundysGame::GrundysGame()
    : HeapRuleset({.value_source = ValueSource::kComputed, .view = "split"}) {}
GrundysGame::~GrundysGame() = default;

std::string GrundysGame::summary() const {
  return "split one heap into two non-empty heaps of different sizes";
}

Count GrundysGame::option_count(std::span<const Heap> component) const {
  const std::uint64_t n = component[0].size;
  return n == 0 ? 0 : (n - 1) / 2;
}

HeapOption GrundysGame::option_at(std::span<const Heap> component, Count index) const {
  const std::uint64_t n = component[0].size;
  const auto a = static_cast<std::uint64_t>(index) + 1;
  return HeapOption{{Heap{a}, Heap{n - a}}, 0};
}

Result<std::vector<HeapOption>> GrundysGame::options_taking(std::span<const Heap> component,
                                                            std::size_t /*heap*/,
                                                            std::uint64_t take,
                                                            const Limits& limits) const {
  if (take != 0) return std::vector<HeapOption>{};
  const Count count = option_count(component);
  if (count > limits.max_scan) {
    return fail_limit(
        fmt::format("grundy: a heap of {} splits in {} ways, more than the scan limit {}",
                    component[0].size, to_string(count), limits.max_scan));
  }
  std::vector<HeapOption> found;
  for (Count i = 0; i < count; ++i) found.push_back(option_at(component, i));
  return found;
}

Result<std::optional<HeapOption>> GrundysGame::option_leaving(std::span<const Heap> component,
                                                              std::size_t /*heap*/,
                                                              std::uint64_t take,
                                                              std::span<const std::uint64_t> parts,
                                                              const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  if (take != 0 || parts.size() != 2 || parts[0] > n || parts[1] != n - parts[0] ||
      parts[0] == parts[1]) {
    return std::optional<HeapOption>{};
  }
  return std::optional<HeapOption>(HeapOption{{Heap{parts[0]}, Heap{parts[1]}}, 0});
}

std::uint64_t GrundysGame::mex_value(std::span<const std::uint64_t> g, std::uint64_t& work) const {
  const std::uint64_t n = g.size();
  std::uint64_t top = 0;
  for (std::uint64_t v : g) top |= v;
  std::uint64_t pow = 1;
  while (pow <= top) pow <<= 1;
  std::vector<bool> seen(pow + 1, false);
  for (std::uint64_t a = 1; 2 * a < n; ++a) seen[g[a] ^ g[n - a]] = true;
  work += n / 2 + 1;
  return mex_of_bitmap(seen);
}

}  // namespace nimkit
