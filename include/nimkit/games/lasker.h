// Lasker's Nim.
//
// Rules: there are several heaps. A move either takes any number of objects (at least one) from
// one heap, or splits one heap into two non-empty heaps without taking anything. The player who
// cannot move loses (normal play) or wins (misère play). Notation: "lasker", heaps as in Nim.
//
// Options of a heap n: first the splits a + (n - a) for a = 1 ... n/2, then take 1, 2, ..., n.
//
// Theory (closed form, cross-checked against mex in the tests): g(0) = 0 and for k ≥ 0
//   g(4k+1) = 4k+1,  g(4k+2) = 4k+2,  g(4k+3) = 4k+4,  g(4k+4) = 4k+3.
// g is its own inverse, so the one heap left by a take with value v is g(v); g(2^64-1) = 2^64.
#pragma once

#include "nimkit/heap_game.h"

namespace nimkit {

class LaskerNim final : public HeapGame {
 public:
  // Drawn as heaps of stones split at a chosen divider.
  LaskerNim() : HeapGame({.value_source = ValueSource::kClosedForm, .view = "split"}) {}
  std::string spec() const override { return "lasker"; }
  std::string summary() const override;

  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  // Arithmetic: a split into two parts summing to the heap, or one heap left after taking.
  Result<std::optional<HeapOption>> option_leaving(std::span<const Heap> component,
                                                   std::size_t heap, std::uint64_t take,
                                                   std::span<const std::uint64_t> parts,
                                                   const Limits& limits) const override;
  Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component, std::size_t heap,
                                                 std::uint64_t take,
                                                 const Limits& limits) const override;

  // The closed form.
  static Nimber value(Nimber n);
};

}  // namespace nimkit
