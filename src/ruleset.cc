#include "nimkit/ruleset.h"

#include <fmt/format.h>

#include "enum_names.h"
#include "nimkit/quote.h"

namespace nimkit {

namespace {

constexpr EnumName<ValueSource> kValueSourceNames[] = {
    {ValueSource::kClosedForm, "closed form"},
    {ValueSource::kPeriodic, "mex until the periodicity theorem proves a period"},
    {ValueSource::kComputed, "computed (mex)"},
    {ValueSource::kSearch, "game-tree search"},
};
static_assert(names_every_value(kValueSourceNames), "a ValueSource has no name");

}  // namespace

std::size_t StateHash::operator()(const std::vector<std::uint64_t>& words) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t v : words) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return static_cast<std::size_t>(h);
}
namespace {
constexpr std::uint64_t kMaxU64 = ~std::uint64_t{0};
}  // namespace

std::string_view to_string(ValueSource source) { return name_of(kValueSourceNames, source); }

Result<std::uint64_t> parse_u64(std::string_view text, std::string_view what) {
  if (text.empty()) return fail(fmt::format("{} is empty: expected a non-negative integer", what));
  if (text.front() == '-' && text.size() > 1 &&
      text.find_first_not_of("0123456789", 1) == std::string_view::npos) {
    return fail(fmt::format("{} {} is negative: expected 0 to {}", what, quoted(text), kMaxU64));
  }
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') {
      return fail(fmt::format("{} {} is not a non-negative integer", what, quoted(text)));
    }
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMaxU64 - digit) / 10) {
      return fail(fmt::format("{} {} is larger than {}", what, quoted(text), kMaxU64));
    }
    value = value * 10 + digit;
  }
  return value;
}

Result<Count> Ruleset::scannable_option_count(const State& state, const Limits& limits) const {
  const Count count = count_options(state);
  if (count > limits.max_scan) {
    return fail_limit(fmt::format("{} has {} moves from this position, more than the scan limit {}",
                                  sanitize(spec()), to_string(count), limits.max_scan));
  }
  return count;
}

Result<Nimber> Ruleset::option_value(const Option& option, const Limits& limits) const {
  Nimber total = 0;
  for (const State& part : option.result) {
    auto g = value(part, limits);
    if (!g) return g.failure();
    total ^= *g;
  }
  return total;
}

Result<CountedValue> Ruleset::loopy_value(const State& state, const Limits& limits) const {
  auto g = value(state, limits);
  if (!g) return g.failure();
  return CountedValue{LoopyValue::finite(*g), 0, false};
}

Result<std::vector<CountedValue>> Ruleset::loopy_option_values(const State& state,
                                                               const Limits& limits) const {
  auto count = scannable_option_count(state, limits);
  if (!count) return count.failure();
  std::vector<CountedValue> values;
  for (Count i = 0; i < *count; ++i) {
    if (!limits.charge(move_cost(state))) return limits.stop_error();
    const Option candidate = option(state, i);
    CountedValue sum;
    for (const State& part : candidate.result) {
      auto v = loopy_value(part, limits);
      if (!v) return v.failure();
      sum.value = sum.value ^ v->value;
      sum.can_repeat = sum.can_repeat || v->can_repeat;
      sum.counter = candidate.result.size() == 1 ? v->counter : 0;
    }
    values.push_back(std::move(sum));
  }
  return values;
}

std::optional<std::uint64_t> Ruleset::value_change(const State& state, Nimber target,
                                                   const Limits& limits) const {
  if (target > ~std::uint64_t{0}) return std::nullopt;
  const auto change = static_cast<std::uint64_t>(*value(state, limits) ^ target);
  if (change == 0) return std::nullopt;
  return change;
}

Result<std::vector<Option>> Ruleset::options_to_value(const State& state, Nimber target,
                                                      const Limits& limits) const {
  auto count = scannable_option_count(state, limits);
  if (!count) return count.failure();
  std::vector<Option> found;
  for (Count i = 0; i < *count; ++i) {
    if (!limits.charge()) return limits.stop_error();
    Option candidate = option(state, i);
    auto g = option_value(candidate, limits);
    if (!g) return g.failure();
    if (*g == target) found.push_back(std::move(candidate));
  }
  return found;
}

Result<Ruleset::CountedOptions> Ruleset::count_options_to_value(const State& state, Nimber target,
                                                                std::uint64_t list,
                                                                const Limits& limits) const {
  auto found = options_to_value(state, target, limits);
  if (!found) return found.failure();
  CountedOptions out{Count{found->size()}, std::move(*found)};
  if (out.first.size() > list)
    out.first.erase(out.first.begin() + static_cast<std::ptrdiff_t>(list), out.first.end());
  return out;
}

Result<std::vector<Option>> Ruleset::options_to_p_position(const State& state,
                                                           Convention convention,
                                                           const Limits& limits) const {
  if (convention == Convention::kNormal) return options_to_value(state, 0, limits);
  auto count = scannable_option_count(state, limits);
  if (!count) return count.failure();
  const auto options = static_cast<std::uint64_t>(*count);
  const std::uint64_t cost = move_cost(state);
  const std::uint64_t steps =
      cost > ~std::uint64_t{0} / options ? ~std::uint64_t{0} : options * cost;
  if (!limits.charge(steps)) return limits.stop_error();
  std::vector<Option> found;
  for (Count i = 0; i < *count; ++i) {
    // A step every few thousand options still hears a deadline or a cancel.
    if ((i + 1) % 4096 == 0 && !limits.charge()) return limits.stop_error();
    Option option = this->option(state, i);
    std::optional<bool> lost;
    if (option.result.size() == 1) lost = is_p_position(option.result[0], convention);
    if (!lost) {
      return fail(ErrorKind::kUnsupported, "an option is not decided by the P-position rule");
    }
    if (*lost) found.push_back(std::move(option));
  }
  return found;
}

}  // namespace nimkit
