#include "nimkit/games/zero_move.h"

#include <fmt/format.h>

#include "nimkit/quote.h"

namespace nimkit {
namespace {

// A pile after `take` objects leave it; an emptied pile has no zero move left to track.
Heap reduced(const Heap& heap, std::uint64_t take) {
  const std::uint64_t left = heap.size - take;
  return Heap{left, left != 0 && heap.zero_spent};
}

}  // namespace

std::string ZeroMoveNim::summary() const {
  return "Nim, plus one zero move per pile (removes nothing), usable once per pile by either "
         "player";
}

Result<Heap> ZeroMoveNim::parse_heap(std::string_view text) const {
  const bool spent = !text.empty() && (text.back() == 'x' || text.back() == 'X');
  auto size = parse_u64(spent ? text.substr(0, text.size() - 1) : text, "heap");
  if (!size) {
    if (spent) return fail(fmt::format("heap {} is not a pile: expected N or Nx", quoted(text)));
    return size.failure();
  }
  if (spent && *size == 0) {
    return fail(
        fmt::format("heap {} is empty and has no zero move to spend: write 0", quoted(text)));
  }
  return Heap{*size, spent};
}

std::string ZeroMoveNim::format_heap(const Heap& heap) const {
  return heap.zero_spent ? fmt::format("{}x", heap.size) : fmt::format("{}", heap.size);
}

Count ZeroMoveNim::option_count(std::span<const Heap> component) const {
  const Heap& heap = component[0];
  if (heap.size == 0) return 0;
  return Count{heap.size} + (heap.zero_spent ? 0 : 1);
}

HeapOption ZeroMoveNim::option_at(std::span<const Heap> component, Count index) const {
  const Heap& heap = component[0];
  if (!heap.zero_spent) {
    if (index == 0) return HeapOption{{Heap{heap.size, true}}, 0};
    const auto take = static_cast<std::uint64_t>(index);
    return HeapOption{{reduced(heap, take)}, take};
  }
  const auto take = static_cast<std::uint64_t>(index) + 1;
  return HeapOption{{reduced(heap, take)}, take};
}

std::string ZeroMoveNim::value_reason(const State& state) const {
  const Heap h = decode(state).front();
  if (h.size == 0) return "empty pile";
  if (h.zero_spent) return "zero move spent: same as Nim";
  return h.size % 2 == 1 ? "zero move available, odd: n+1" : "zero move available, even: n-1";
}

Nimber ZeroMoveNim::closed_value(const Heap& heap) {
  const Nimber n = heap.size;
  if (n == 0 || heap.zero_spent) return n;
  return (n % 2 == 1) ? n + 1 : n - 1;
}

Result<Nimber> ZeroMoveNim::grundy(std::span<const Heap> component,
                                   const Limits& /*limits*/) const {
  return closed_value(component[0]);
}

Result<std::vector<HeapOption>> ZeroMoveNim::options_with_value(std::span<const Heap> component,
                                                                Nimber target,
                                                                const Limits& /*limits*/) const {
  const Heap& heap = component[0];
  std::vector<HeapOption> found;
  if (heap.zero_spent) {
    if (target < heap.size) {
      const auto left = static_cast<std::uint64_t>(target);
      found.push_back(HeapOption{{reduced(heap, heap.size - left)}, heap.size - left});
    }
    return found;
  }
  if (heap.size == 0) return found;
  // Options in order of objects taken: the zero move (value n), then piles m < n keeping their
  // zero move, whose value is target exactly for one m: 0 for 0, t-1 for even t, t+1 for odd t.
  if (target == heap.size) found.push_back(HeapOption{{Heap{heap.size, true}}, 0});
  Nimber m = 0;
  bool exists = true;
  if (target == 0) {
    m = 0;
  } else if (target % 2 == 0) {
    m = target - 1;
  } else {
    m = target + 1;
  }
  exists = m < heap.size;
  if (exists) {
    const std::uint64_t take = heap.size - static_cast<std::uint64_t>(m);
    found.push_back(HeapOption{{reduced(heap, take)}, take});
  }
  return found;
}

Result<std::vector<HeapOption>> ZeroMoveNim::options_taking(std::span<const Heap> component,
                                                            std::size_t /*heap*/,
                                                            std::uint64_t take,
                                                            const Limits& /*limits*/) const {
  const Heap& heap = component[0];
  std::vector<HeapOption> found;
  if (heap.size == 0 || take > heap.size) return found;
  if (take == 0) {
    if (!heap.zero_spent) found.push_back(HeapOption{{Heap{heap.size, true}}, 0});
    return found;
  }
  found.push_back(HeapOption{{reduced(heap, take)}, take});
  return found;
}

}  // namespace nimkit
