#include "nimkit/games/nim.h"

namespace nimkit {

std::string Nim::summary() const {
  return "take any number of objects (at least one) from one heap";
}

Count Nim::option_count(std::span<const Heap> component) const { return component[0].size; }

HeapOption Nim::option_at(std::span<const Heap> component, Count index) const {
  const auto take = static_cast<std::uint64_t>(index) + 1;
  return HeapOption{{Heap{component[0].size - take}}, take};
}

Result<Nimber> Nim::grundy(std::span<const Heap> component, const Limits& /*limits*/) const {
  return Nimber{component[0].size};
}

Result<std::vector<HeapOption>> Nim::options_with_value(std::span<const Heap> component,
                                                        Nimber target,
                                                        const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  if (target >= n) return std::vector<HeapOption>{};
  const auto left = static_cast<std::uint64_t>(target);
  return std::vector<HeapOption>{HeapOption{{Heap{left}}, n - left}};
}

Result<std::vector<HeapOption>> Nim::options_taking(std::span<const Heap> component,
                                                    std::size_t /*heap*/, std::uint64_t take,
                                                    const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  if (take == 0 || take > n) return std::vector<HeapOption>{};
  return std::vector<HeapOption>{HeapOption{{Heap{n - take}}, take}};
}

}  // namespace nimkit
