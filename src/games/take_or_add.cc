#include "nimkit/games/take_or_add.h"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <utility>

#include "nimkit/loopy_labels.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

constexpr std::string_view kParamsHelp = "S/A/B, e.g. \"2,3/1/12\"";

// "2,3" as sorted distinct sizes, each from 1 to `bound`; `what` names them in errors.
Result<std::vector<std::uint64_t>> parse_sizes(std::string_view text, std::string_view what,
                                               std::uint64_t bound) {
  if (trim(text).empty()) {
    return fail(fmt::format("take-or-add needs at least one {} size: {}", what, kParamsHelp));
  }
  std::vector<std::uint64_t> sizes;
  for (const std::string& piece : split(text, ',')) {
    auto size = parse_u64(trim(piece), fmt::format("{} size", what));
    if (!size) return size.failure();
    if (*size == 0 || *size > bound) {
      return fail(fmt::format("{} size {} is not from 1 to the bound {}", what, *size, bound));
    }
    sizes.push_back(*size);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  if (sizes.size() > TakeOrAdd::kMaxSizes) {
    return fail(fmt::format("take-or-add takes at most {} {} sizes, got {}", TakeOrAdd::kMaxSizes,
                            what, sizes.size()));
  }
  return sizes;
}

std::string joined(const std::vector<std::uint64_t>& sizes, std::string_view separator) {
  return fmt::format("{}", fmt::join(sizes, separator));
}

}  // namespace

// The graph of the heaps 0..B in CSR form, the arrows out of each heap in option order, and its
// labels.
struct TakeOrAdd::Table {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> targets;
  LoopyLabels labels;

  CountedValue at(std::uint64_t n) const {
    const auto v = static_cast<std::uint32_t>(n);
    return CountedValue{loopy_value_of(labels, first, targets, v), labels.counter[v],
                        labels.can_repeat[v]};
  }
};

struct TakeOrAdd::Kept {
  std::mutex mutex;
  std::shared_ptr<const Table> table;  // under mutex; null until built
};

Result<std::shared_ptr<const TakeOrAdd>> TakeOrAdd::make(std::string_view params) {
  const std::vector<std::string> parts = split(params, '/');
  if (parts.size() != 3) {
    return fail(fmt::format("take-or-add takes {}: got {}", kParamsHelp, quoted(params)));
  }
  auto bound = parse_u64(trim(parts[2]), "bound");
  if (!bound) return bound.failure();
  if (*bound == 0 || *bound > kMaxBound) {
    return fail(fmt::format("bound {} is not from 1 to {}", *bound, kMaxBound));
  }
  auto takes = parse_sizes(parts[0], "take", *bound);
  if (!takes) return takes.failure();
  auto adds = parse_sizes(parts[1], "add", *bound);
  if (!adds) return adds.failure();
  return std::make_shared<const TakeOrAdd>(std::move(*takes), std::move(*adds), *bound);
}

TakeOrAdd::TakeOrAdd(std::vector<std::uint64_t> takes, std::vector<std::uint64_t> adds,
                     std::uint64_t bound)
    : HeapGame({.value_source = ValueSource::kComputed, .view = "heaps", .loopy = true}),
      takes_(std::move(takes)),
      adds_(std::move(adds)),
      bound_(bound),
      kept_(std::make_unique<Kept>()) {}

TakeOrAdd::~TakeOrAdd() = default;

std::string TakeOrAdd::spec() const {
  return fmt::format("take-or-add:{}/{}/{}", joined(takes_, ","), joined(adds_, ","), bound_);
}

std::string TakeOrAdd::summary() const {
  return fmt::format(
      "take {} from a heap, or add {} to a heap that is not empty, keeping it at most {}; play "
      "can go on for ever",
      joined(takes_, " or "), joined(adds_, " or "), bound_);
}

Result<Heap> TakeOrAdd::parse_heap(std::string_view text) const {
  auto heap = HeapGame::parse_heap(text);
  if (!heap) return heap.failure();
  if (heap->size > bound_) {
    return fail(
        fmt::format("heap {} is larger than the bound {} of {}", heap->size, bound_, spec()));
  }
  return heap;
}

Count TakeOrAdd::option_count(std::span<const Heap> component) const {
  const std::uint64_t n = component[0].size;
  Count count = 0;
  for (std::uint64_t a : adds_) count += n > 0 && n <= bound_ - a ? 1 : 0;
  for (std::uint64_t s : takes_) count += s <= n ? 1 : 0;
  return count;
}

HeapOption TakeOrAdd::option_at(std::span<const Heap> component, Count index) const {
  const std::uint64_t n = component[0].size;
  auto k = static_cast<std::size_t>(index);
  // The adds that fit are the smallest ones, as the takes that fit are.
  const std::size_t fitting_adds =
      n == 0 ? 0
             : static_cast<std::size_t>(
                   std::upper_bound(adds_.begin(), adds_.end(), n <= bound_ ? bound_ - n : 0) -
                   adds_.begin());
  if (k < fitting_adds) {
    HeapOption option{{Heap{n + adds_[k]}}, 0};
    option.add = adds_[k];
    return option;
  }
  k -= fitting_adds;
  return HeapOption{{Heap{n - takes_[k]}}, takes_[k]};
}

Result<std::shared_ptr<const TakeOrAdd::Table>> TakeOrAdd::table(const Limits& limits) const {
  {
    std::lock_guard lock(kept_->mutex);
    if (kept_->table) return kept_->table;
  }
  if (bound_ + 1 > limits.max_table) {
    return fail_limit(fmt::format("{} has {} heaps to label, more than the table limit of {}",
                                  spec(), bound_ + 1, limits.max_table));
  }
  auto t = std::make_shared<Table>();
  t->first.reserve(bound_ + 2);
  t->first.push_back(0);
  for (std::uint64_t n = 0; n <= bound_; ++n) {
    const Heap heap{n};
    const Count count = option_count(std::span<const Heap>(&heap, 1));
    for (Count k = 0; k < count; ++k) {
      const HeapOption option = option_at(std::span<const Heap>(&heap, 1), k);
      t->targets.push_back(static_cast<std::uint32_t>(option.result[0].size));
    }
    t->first.push_back(static_cast<std::uint32_t>(t->targets.size()));
  }
  auto labels = label_loopy_graph(t->first, t->targets, limits);
  if (!labels) return labels.failure();
  t->labels = std::move(*labels);
  std::lock_guard lock(kept_->mutex);
  if (!kept_->table) kept_->table = std::move(t);
  return kept_->table;
}

Result<std::uint64_t> TakeOrAdd::heap_of(const State& state) const {
  const std::uint64_t n = state[0];
  if (n > bound_) {
    return fail(fmt::format("heap {} is larger than the bound {} of {}: it has no value", n, bound_,
                            spec()));
  }
  return n;
}

Result<Nimber> TakeOrAdd::grundy(std::span<const Heap> component, const Limits& limits) const {
  auto value = loopy_value(encode(component), limits);
  if (!value) return value.failure();
  if (!value->value.is_finite()) {
    return fail(ErrorKind::kUnsupported,
                fmt::format("heap {} of {} can be kept going for ever: its value is {}, not a "
                            "Grundy value",
                            component[0].size, spec(), to_string(value->value)));
  }
  return value->value.nimber();
}

Result<std::vector<HeapOption>> TakeOrAdd::options_with_value(std::span<const Heap> component,
                                                              Nimber target,
                                                              const Limits& limits) const {
  auto values = loopy_option_values(encode(component), limits);
  if (!values) return values.failure();
  std::vector<HeapOption> found;
  for (std::size_t k = 0; k < values->size(); ++k) {
    const LoopyValue& v = (*values)[k].value;
    if (v.is_finite() && v.nimber() == target) found.push_back(option_at(component, k));
  }
  return found;
}

Result<CountedValue> TakeOrAdd::loopy_value(const State& state, const Limits& limits) const {
  auto n = heap_of(state);
  if (!n) return n.failure();
  auto t = table(limits);
  if (!t) return t.failure();
  // An infinite value lists its options' values.
  if (!limits.charge(1 + (*t)->first[*n + 1] - (*t)->first[*n])) return limits.stop_error();
  return (*t)->at(*n);
}

Result<std::vector<CountedValue>> TakeOrAdd::loopy_option_values(const State& state,
                                                                 const Limits& limits) const {
  auto n = heap_of(state);
  if (!n) return n.failure();
  auto t = table(limits);
  if (!t) return t.failure();
  const Table& table = **t;
  std::vector<CountedValue> values;
  for (std::uint32_t k = table.first[*n]; k < table.first[*n + 1]; ++k) {
    const std::uint32_t v = table.targets[k];
    if (!limits.charge(1 + table.first[v + 1] - table.first[v])) return limits.stop_error();
    values.push_back(table.at(v));
  }
  return values;
}

}  // namespace nimkit
