#include "nimkit/games/lasker.h"

#include <fmt/format.h>

namespace nimkit {

std::string LaskerNim::summary() const {
  return "take any number of objects from one heap, or split one heap into two non-empty heaps";
}

Nimber LaskerNim::value(Nimber n) {
  if (n == 0) return 0;
  switch (static_cast<int>(n % 4)) {
    case 3:
      return n + 1;
    case 0:
      return n - 1;
    default:
      return n;
  }
}

Count LaskerNim::option_count(std::span<const Heap> component) const {
  const std::uint64_t n = component[0].size;
  return Count{n / 2} + n;
}

HeapOption LaskerNim::option_at(std::span<const Heap> component, Count index) const {
  const std::uint64_t n = component[0].size;
  const std::uint64_t splits = n / 2;
  if (index < splits) {
    const auto a = static_cast<std::uint64_t>(index) + 1;
    return HeapOption{{Heap{a}, Heap{n - a}}, 0};
  }
  const auto take = static_cast<std::uint64_t>(index - splits) + 1;
  return HeapOption{{Heap{n - take}}, take};
}

Result<Nimber> LaskerNim::grundy(std::span<const Heap> component, const Limits& /*limits*/) const {
  return value(component[0].size);
}

Result<std::vector<HeapOption>> LaskerNim::options_with_value(std::span<const Heap> component,
                                                              Nimber target,
                                                              const Limits& limits) const {
  const std::uint64_t n = component[0].size;
  const std::uint64_t splits = n / 2;
  if (splits > limits.max_scan) {
    return fail_limit(
        fmt::format("lasker: a heap of {} splits in {} ways, more than the scan limit {}", n,
                    splits, limits.max_scan));
  }
  std::vector<HeapOption> found;
  for (std::uint64_t a = 1; a <= splits; ++a) {
    if ((value(a) ^ value(n - a)) == target) found.push_back(HeapOption{{Heap{a}, Heap{n - a}}, 0});
  }
  // g is a bijection (its own inverse): exactly one heap has value `target`.
  const Nimber left = value(target);
  if (left < n) {
    const auto r = static_cast<std::uint64_t>(left);
    found.push_back(HeapOption{{Heap{r}}, n - r});
  }
  return found;
}

Result<std::vector<HeapOption>> LaskerNim::options_taking(std::span<const Heap> component,
                                                          std::size_t /*heap*/, std::uint64_t take,
                                                          const Limits& limits) const {
  const std::uint64_t n = component[0].size;
  std::vector<HeapOption> found;
  if (take == 0) {
    if (n / 2 > limits.max_scan) {
      return fail_limit(
          fmt::format("lasker: a heap of {} splits in {} ways, more than the scan limit {}", n,
                      n / 2, limits.max_scan));
    }
    for (std::uint64_t a = 1; a <= n / 2; ++a)
      found.push_back(HeapOption{{Heap{a}, Heap{n - a}}, 0});
  } else if (take <= n) {
    found.push_back(HeapOption{{Heap{n - take}}, take});
  }
  return found;
}

Result<std::optional<HeapOption>> LaskerNim::option_leaving(std::span<const Heap> component,
                                                            std::size_t /*heap*/,
                                                            std::uint64_t take,
                                                            std::span<const std::uint64_t> parts,
                                                            const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  const std::optional<HeapOption> none;
  if (take > n) return none;
  if (take == 0) {
    if (parts.size() != 2 || parts[0] > n || parts[1] != n - parts[0]) return none;
    return std::optional<HeapOption>(HeapOption{{Heap{parts[0]}, Heap{parts[1]}}, 0});
  }
  if (parts.size() > 1 || (parts.empty() ? 0 : parts[0]) != n - take) return none;
  return std::optional<HeapOption>(HeapOption{{Heap{n - take}}, take});
}

}  // namespace nimkit
