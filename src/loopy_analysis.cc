#include "loopy_analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace nimkit::detail {
namespace {

// A loopy component's (value, counter), ordered lexicographically: the elements of the measure
// finite_win_move() lowers.
struct Rank {
  Nimber value = 0;
  std::uint64_t counter = 0;
  friend auto operator<=>(const Rank&, const Rank&) = default;
};

// Whether the multiset {a1, a2} is less than {b1, b2} in the multiset order of a total order:
// sorted in decreasing order, compared lexicographically.
bool pair_less(Rank a1, Rank a2, Rank b1, Rank b2) {
  if (a1 < a2) std::swap(a1, a2);
  if (b1 < b2) std::swap(b1, b2);
  return std::pair(a1, a2) < std::pair(b1, b2);
}

// A winning move in a loopy component: from `from` to an option of rank `to`.
struct Candidate {
  Move move;
  Rank from;
  Rank to;
};

// Whether playing `a` leaves a smaller measure than playing `b`: the measure less a.from plus
// a.to against the measure less b.from plus b.to, that is {a.to, b.from} against {b.to, a.from}
// (the multiset order is unchanged by adding the same elements to both sides).
bool leaves_less(const Candidate& a, const Candidate& b) {
  return pair_less(a.to, b.from, b.to, a.from);
}

// Component i's option of finite value `target` with the least counter, if it has one.
std::optional<Candidate> least_counter_option(const Position& position, std::size_t i,
                                              const CountedValue& value, Nimber target,
                                              const Limits& limits) {
  const Component& c = position.components()[i];
  auto options = c.rules->loopy_option_values(c.state, limits);
  if (!options) return std::nullopt;
  std::optional<std::size_t> best;
  for (std::size_t k = 0; k < options->size(); ++k) {
    const CountedValue& v = (*options)[k];
    if (!v.value.is_finite() || v.value.nimber() != target) continue;
    if (!best || v.counter < (*options)[*best].counter) best = k;
  }
  if (!best) return std::nullopt;
  return Candidate{Move{i, c.rules->option(c.state, *best)},
                   Rank{value.value.nimber(), value.counter},
                   Rank{target, (*options)[*best].counter}};
}

// The drawing moves of component j, whose move leaves the others' sum `rest`: appended to
// analysis.drawing_moves while the list has room. Fails when the options' values cannot be had
// within the limits.
Result<bool> list_drawing_moves(const Position& position, std::size_t j, const LoopyValue& rest,
                                const Limits& limits, Analysis& analysis) {
  const Component& c = position.components()[j];
  const auto room = [&] { return analysis.drawing_moves.size() < limits.max_listed_moves; };
  // Beside two infinite values (or one of ∞(∅)) every move keeps the sum ∞(∅), a draw.
  const bool every = !rest.is_finite() && rest.reached().empty();
  // Beside finite values only, a move keeps the sum infinite only from an infinite component.
  if (rest.is_finite() && !c.rules->loopy()) return true;
  if (c.rules->loopy() && !every) {
    auto values = c.rules->loopy_option_values(c.state, limits);
    if (!values) return values.failure();
    for (std::size_t k = 0; k < values->size() && room(); ++k) {
      if ((rest ^ (*values)[k].value).outcome() != Outcome::kDraw) continue;
      analysis.drawing_moves.push_back(Move{j, c.rules->option(c.state, k)});
    }
    return true;
  }
  // Options made one at a time (a heap of 10^18 has as many): every one, or every one but those
  // whose value turns the infinite rest's K to contain 0.
  const Count count = std::min<Count>(c.rules->count_options(c.state), limits.max_scan);
  for (Count k = 0; k < count && room(); ++k) {
    if (!limits.charge(c.rules->move_cost(c.state))) return limits.stop_error();
    Option option = c.rules->option(c.state, k);
    if (!every) {
      auto value = c.rules->option_value(option, limits);
      if (!value) return value.failure();
      if ((rest ^ LoopyValue::finite(*value)).outcome() != Outcome::kDraw) continue;
    }
    analysis.drawing_moves.push_back(Move{j, std::move(option)});
  }
  return true;
}

}  // namespace

bool ComponentValues::can_repeat() const {
  return std::any_of(counted.begin(), counted.end(),
                     [](const CountedValue& v) { return v.can_repeat; });
}

Result<ComponentValues> component_values(const Position& position, const Limits& limits) {
  ComponentValues values;
  const auto& components = position.components();
  const bool loopy = std::any_of(components.begin(), components.end(),
                                 [](const Component& c) { return c.rules->loopy(); });
  for (const Component& c : components) {
    CountedValue counted;
    if (c.rules->loopy()) {
      auto v = c.rules->loopy_value(c.state, limits);
      if (!v) return v.failure();
      counted = std::move(*v);
    } else {
      auto g = c.rules->value(c.state, limits);
      if (!g) return g.failure();
      counted.value = LoopyValue::finite(*g);
    }
    if (counted.value.is_finite()) {
      values.each.push_back(counted.value.nimber());
      values.total ^= counted.value.nimber();
    }
    values.sum = values.sum ^ counted.value;
    if (loopy) values.counted.push_back(std::move(counted));
  }
  return values;
}

Result<Analysis> analyze_infinite(const Position& position, const ComponentValues& values,
                                  const Limits& limits, Analysis analysis, bool list_moves) {
  analysis.loopy_value = values.sum;
  for (const CountedValue& v : values.counted) analysis.loopy_values.push_back(v.value);
  analysis.method = Method::kGrundyValues;
  analysis.winner = values.sum.outcome();
  if (!list_moves) return analysis;
  const auto& counted = values.counted;
  if (analysis.winner == Outcome::kFirst) {
    // One infinite component ∞(K) beside finite ones of sum h in K: it moves to value h.
    const auto infinite = static_cast<std::size_t>(
        std::find_if(counted.begin(), counted.end(),
                     [](const CountedValue& v) { return !v.value.is_finite(); }) -
        counted.begin());
    auto kept = keep_options_to_value(analysis, position, infinite, values.total, limits);
    if (!kept) {
      analysis.moves_unlisted = kept.error();
      analysis.winning_move_count.reset();
    }
    if (auto best =
            least_counter_option(position, infinite, counted[infinite], values.total, limits)) {
      analysis.finite_win_move = std::move(best->move);
    }
    return analysis;
  }
  // A draw: the moves whose sum stays a draw.
  const std::size_t n = counted.size();
  std::vector<LoopyValue> suffix(n + 1);
  for (std::size_t j = n; j-- > 0;) suffix[j] = counted[j].value ^ suffix[j + 1];
  LoopyValue prefix;
  for (std::size_t j = 0; j < n; ++j) {
    auto listed = list_drawing_moves(position, j, prefix ^ suffix[j + 1], limits, analysis);
    if (!listed) {
      analysis.moves_unlisted =
          fmt::format("the moves that keep the draw are listed only in part: {}", listed.error());
      break;
    }
    prefix = prefix ^ counted[j].value;
  }
  return analysis;
}

std::optional<Move> finite_win_move(const Position& position, const ComponentValues& values,
                                    const Limits& limits) {
  const auto& components = position.components();
  // A move lowering a loopy component's value lowers the measure; one raising it raises it; a
  // move in another component leaves it as it is (and ends nearer the end of that component).
  std::optional<Candidate> lower;
  std::optional<Candidate> higher;
  for (std::size_t j = 0; j < components.size(); ++j) {
    if (!components[j].rules->loopy()) continue;
    const Nimber g = values.each[j];
    const Nimber target = g ^ values.total;
    auto found = least_counter_option(position, j, values.counted[j], target, limits);
    if (!found) continue;
    std::optional<Candidate>& best = target < g ? lower : higher;
    if (!best || leaves_less(*found, *best)) best = std::move(found);
  }
  if (lower) return std::move(lower->move);
  for (std::size_t j = 0; j < components.size(); ++j) {
    const Component& c = components[j];
    if (c.rules->loopy()) continue;
    auto found = c.rules->count_options_to_value(c.state, values.each[j] ^ values.total, 1, limits);
    if (found && !found->first.empty()) return Move{j, std::move(found->first.front())};
  }
  if (higher) return std::move(higher->move);
  return std::nullopt;
}

std::optional<Error> repetition_refusal(const Position& position, std::string_view question,
                                        const Limits& limits) {
  const auto& components = position.components();
  for (std::size_t i = 0; i < components.size(); ++i) {
    const Component& c = components[i];
    if (!c.rules->loopy()) continue;
    auto v = c.rules->loopy_value(c.state, limits);
    if (!v) return std::nullopt;
    if (v->can_repeat) {
      return fail(ErrorKind::kUnsupported,
                  fmt::format("{} of {} is not supported: play from it can go on for ever",
                              question, c.rules->label(c.state, position.first_item(i))));
    }
  }
  return std::nullopt;
}

}  // namespace nimkit::detail

namespace nimkit {

Result<bool> can_repeat(const Position& position, const Limits& limits) {
  for (const Component& c : position.components()) {
    if (!c.rules->loopy()) continue;
    auto v = c.rules->loopy_value(c.state, limits);
    if (!v) return v.failure();
    if (v->can_repeat) return true;
  }
  return false;
}

}  // namespace nimkit
