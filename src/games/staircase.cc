#include "nimkit/games/staircase.h"

#include <fmt/format.h>

#include <cassert>

#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {

std::string StaircaseNim::summary() const {
  return "move at least one coin from a step down one step (from step 1 off the staircase)";
}

Result<std::vector<ParsedComponent>> StaircaseNim::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no steps given: expected coin counts such as \"3,0,2\"");
  if (items.size() > kMaxSteps) {
    return fail(fmt::format("staircase has {} steps, more than {}", items.size(), kMaxSteps));
  }
  State state;
  std::uint64_t total = 0;
  for (const std::string& item : items) {
    auto coins = parse_u64(item, "step");
    if (!coins) return coins.failure();
    if (*coins > ~std::uint64_t{0} - total) {
      return fail(fmt::format("staircase holds more than {} coins (at step {})", ~std::uint64_t{0},
                              quoted(item)));
    }
    total += *coins;
    state.push_back(*coins);
  }
  return std::vector<ParsedComponent>{ParsedComponent{std::move(state), 0}};
}

std::vector<std::string> StaircaseNim::format_state(const State& state) const {
  std::vector<std::string> items;
  for (std::uint64_t coins : state) items.push_back(std::to_string(coins));
  return items;
}

std::string StaircaseNim::label(const State& state, std::size_t first_item) const {
  if (state.size() == 1) return fmt::format("staircase (step 1 = step {} of the sum)", first_item);
  return fmt::format("staircase (steps 1-{} = steps {}-{} of the sum)", state.size(), first_item,
                     first_item + state.size() - 1);
}

std::vector<ViewField> StaircaseNim::view_fields(const State& state) const {
  return {ViewField{"heaps", state}, ViewField{"spent", std::vector<std::uint64_t>(state.size())}};
}

std::pair<std::size_t, std::uint64_t> StaircaseNim::moved(const State& before,
                                                          const Option& option) {
  assert(option.result.size() == 1 && option.result[0].size() == before.size());
  const State& after = option.result[0];
  // The highest step that lost coins is the one moved from (the one below gained them).
  for (std::size_t i = before.size(); i-- > 0;) {
    if (after[i] < before[i]) return {i, before[i] - after[i]};
  }
  assert(false && "not an option of this staircase");
  return {0, 0};
}

Option StaircaseNim::move(const State& state, std::size_t step, std::uint64_t coins) {
  State after = state;
  after[step] -= coins;
  if (step > 0) after[step - 1] += coins;
  return Option{{std::move(after)}};
}

std::vector<ViewField> StaircaseNim::move_fields(const State& before, const Option& option,
                                                 std::size_t first_item) const {
  const auto [step, coins] = moved(before, option);
  const std::uint64_t to = step == 0 ? 0 : first_item + step - 1;
  return {ViewField{"heap", {first_item + step}, true}, ViewField{"take", {coins}, true},
          ViewField{"to", {to}, true}};
}

std::string StaircaseNim::describe_move(const State& before, const Option& option,
                                        std::size_t first_item) const {
  const auto [step, coins] = moved(before, option);
  const std::string what = fmt::format("{} coin{}", coins, coins == 1 ? "" : "s");
  // In a sum the steps are numbered across the position: name the step as it is typed too.
  const std::string item =
      first_item == 1 ? "" : fmt::format(" (step {} of the sum)", first_item + step);
  if (step == 0) return fmt::format("move {} off the staircase from step 1{}", what, item);
  return fmt::format("move {} from step {} to step {}{}", what, step + 1, step, item);
}

std::string StaircaseNim::format_move(const State& before, const Option& option,
                                      std::size_t first_item, const Limits& /*limits*/) const {
  const auto [step, coins] = moved(before, option);
  return fmt::format("{} {}", first_item + step, coins);
}

Result<std::vector<Option>> StaircaseNim::parse_move(const State& state, std::string_view text,
                                                     std::size_t first_item, std::size_t items,
                                                     bool /*partial*/,
                                                     const Limits& /*limits*/) const {
  const std::vector<std::string> tokens = words(text);
  if (tokens.size() != 2) {
    return fail(
        fmt::format("move {} is not STEP COUNT: type the step and the coins to move, "
                    "e.g. \"3 2\"",
                    quoted(text)));
  }
  auto number = parse_u64(tokens[0], "step number");
  if (!number) return number.failure();
  if (*number == 0 || *number > items) {
    return fail(fmt::format("no heap {}: steps and heaps are numbered 1 to {}", tokens[0], items));
  }
  if (*number < first_item || *number - first_item >= state.size()) return std::vector<Option>{};
  const auto step = static_cast<std::size_t>(*number - first_item);
  auto coins = parse_u64(tokens[1], "count");
  if (!coins) return coins.failure();
  if (*coins == 0) return fail("a move must move at least one coin");
  if (*coins > state[step]) {
    return fail(fmt::format("step {} has only {} coin{}, cannot move {}", step + 1, state[step],
                            state[step] == 1 ? "" : "s", tokens[1]));
  }
  return std::vector<Option>{move(state, step, *coins)};
}

std::string StaircaseNim::move_syntax() const {
  return "Moves: STEP COUNT moves COUNT coins from step STEP down one step (from step 1 off the "
         "staircase), e.g. \"3 2\".\n";
}

Count StaircaseNim::count_options(const State& state) const {
  Count count = 0;
  for (std::uint64_t coins : state) count += coins;
  return count;
}

Option StaircaseNim::option(const State& state, Count index) const {
  for (std::size_t step = 0; step < state.size(); ++step) {
    if (index < state[step]) return move(state, step, static_cast<std::uint64_t>(index) + 1);
    index -= state[step];
  }
  assert(false && "option index out of range");
  return Option{};
}

Result<Nimber> StaircaseNim::value(const State& state, const Limits& /*limits*/) const {
  std::uint64_t value = 0;
  for (std::size_t step = 0; step < state.size(); step += 2) value ^= state[step];
  return Nimber{value};
}

Result<std::vector<Option>> StaircaseNim::options_to_value(const State& state, Nimber target,
                                                           const Limits& limits) const {
  std::vector<Option> out;
  const std::optional<std::uint64_t> change = value_change(state, target, limits);
  if (!change) return out;
  for (std::size_t step = 0; step < state.size(); ++step) {
    if (step % 2 == 0) {
      // From an odd step (1-based): it must go down to state[step] ⊕ change.
      const std::uint64_t want = state[step] ^ *change;
      if (want < state[step]) out.push_back(move(state, step, state[step] - want));
    } else {
      // From an even step: the odd step below must go up to state[step - 1] ⊕ change.
      const std::uint64_t want = state[step - 1] ^ *change;
      if (want > state[step - 1] && want - state[step - 1] <= state[step]) {
        out.push_back(move(state, step, want - state[step - 1]));
      }
    }
  }
  return out;
}

Count StaircaseNim::weight(const State& state) const {
  Count weight = 0;
  for (std::size_t step = 0; step < state.size(); ++step) weight += Count{state[step]} * (step + 1);
  return weight;
}

std::string StaircaseNim::value_reason(const State& state) const {
  std::vector<std::string> odd;
  for (std::size_t step = 0; step < state.size(); step += 2)
    odd.push_back(std::to_string(state[step]));
  if (state.size() == 1) return "one step: a Nim heap";
  return fmt::format("nim-sum of the odd steps {}: the even steps do not count",
                     fmt::join(odd, " ⊕ "));
}

}  // namespace nimkit
