#include "nimkit/ruleset.h"

#include <fmt/format.h>

#include "nimkit/quote.h"

namespace nimkit {

std::string_view to_string(ValueSource source) {
  switch (source) {
    case ValueSource::kClosedForm:
      return "closed form";
    case ValueSource::kPeriodic:
      return "mex until the periodicity theorem proves a period";
    case ValueSource::kComputed:
      return "computed (mex)";
    case ValueSource::kSearch:
      return "game-tree search";
  }
  return "?";
}

Result<std::uint64_t> parse_u64(std::string_view text, std::string_view what) {
  if (text.empty()) return fail(fmt::format("{} is empty: expected a non-negative integer", what));
  if (text.front() == '-' && text.size() > 1 &&
      text.find_first_not_of("0123456789", 1) == std::string_view::npos) {
    return fail(fmt::format("{} {} is negative: expected 0 to {}", what, quoted(text), kMaxHeap));
  }
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') {
      return fail(fmt::format("{} {} is not a non-negative integer", what, quoted(text)));
    }
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMaxHeap - digit) / 10) {
      return fail(fmt::format("{} {} is larger than {}", what, quoted(text), kMaxHeap));
    }
    value = value * 10 + digit;
  }
  return value;
}

Result<Heap> Ruleset::parse_heap(std::string_view text) const {
  auto size = parse_u64(text, "heap");
  if (!size) return Error{size.error()};
  return Heap{*size, false};
}

std::string Ruleset::format_heap(const Heap& heap) const { return std::to_string(heap.size); }

namespace {

// Every option of `component` that `keep` accepts, in option order; `keep` may fail.
template <typename Keep>
Result<std::vector<Option>> collect_options(const Ruleset& rules, std::span<const Heap> component,
                                            const Limits& limits, Keep keep) {
  auto count = rules.scannable_option_count(component, limits);
  if (!count) return Error{count.error()};
  std::vector<Option> found;
  for (Count i = 0; i < *count; ++i) {
    if (!limits.charge()) return fail(limits.stopped());
    Option option = rules.option_at(component, i);
    Result<bool> kept = keep(option);
    if (!kept) return Error{kept.error()};
    if (*kept) found.push_back(std::move(option));
  }
  return found;
}

}  // namespace

Result<Count> Ruleset::scannable_option_count(std::span<const Heap> component,
                                              const Limits& limits) const {
  const Count count = option_count(component);
  if (count > limits.max_scan) {
    return fail(fmt::format("{} has {} moves from this position, more than the scan limit {}",
                            spec(), to_string(Nimber{count}), limits.max_scan));
  }
  return count;
}

Result<std::vector<Option>> Ruleset::options_with_value(std::span<const Heap> component,
                                                        Nimber target, const Limits& limits) const {
  return collect_options(*this, component, limits, [&](const Option& option) -> Result<bool> {
    // An arity-1 result is a sum of single-heap components; otherwise it is one component.
    Nimber value = 0;
    if (arity() == 1) {
      for (const Heap& heap : option.result) {
        auto g = grundy(std::span<const Heap>(&heap, 1), limits);
        if (!g) return Error{g.error()};
        value ^= *g;
      }
    } else if (!option.result.empty()) {
      auto g = grundy(option.result, limits);
      if (!g) return Error{g.error()};
      value = *g;
    }
    return value == target;
  });
}

Result<std::vector<Option>> Ruleset::options_taking(std::span<const Heap> component,
                                                    std::size_t heap, std::uint64_t take,
                                                    const Limits& limits) const {
  return collect_options(*this, component, limits, [&](const Option& option) -> Result<bool> {
    if (arity() == 1) return option.take == take;
    for (std::size_t j = 0; j < component.size(); ++j) {
      const std::uint64_t taken = component[j].size - option.result[j].size;
      if (taken != (j == heap ? take : 0)) return false;
    }
    return true;
  });
}

Count Ruleset::objects(std::span<const Heap> component) {
  Count total = 0;
  for (const Heap& heap : component) total += heap.size;
  return total;
}

}  // namespace nimkit
