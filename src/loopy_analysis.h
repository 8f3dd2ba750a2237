// Normal play of positions with components of loopy rulesets (RulesetFacts::loopy): the seam
// between analysis.cc and the generalized values of loopy_value.h. analysis.cc reads every
// component's value through component_values(); a sum of finite values is answered as any sum of
// Grundy values is, and the rest here.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "nimkit/analysis.h"

namespace nimkit::detail {

// Every component's value: Grundy values, and the generalized ones when a component is loopy.
struct ComponentValues {
  std::vector<Nimber> each;  // every component's value when all are finite
  Nimber total = 0;
  // Only for a position with a loopy component: every component's generalized value (counter 0,
  // no repetition for the components of other rulesets), and their sum.
  std::vector<CountedValue> counted;
  LoopyValue sum;

  bool finite() const { return sum.is_finite(); }
  // Whether some component's play can repeat.
  bool can_repeat() const;
};

// The values of `position`'s components within `limits`, failing like the first that fails.
Result<ComponentValues> component_values(const Position& position, const Limits& limits);

// Adds component i's options to value `target` to the winning moves: all of them counted, the
// first ones listed while the list has room. Fails when they cannot be counted within the limits
// (the analysis unchanged). Defined in analysis.cc.
Result<bool> keep_options_to_value(Analysis& analysis, const Position& position, std::size_t i,
                                   Nimber target, const Limits& limits);

// Normal play of a position some component of which has an infinite value (values.finite() is
// false): the outcome from the sum's value, then the winning moves (moving the one infinite
// component to the value the others make) with the move that keeps the win finite, or, in a
// draw, the moves that keep it drawn. `list_moves` false answers the outcome alone.
Result<Analysis> analyze_infinite(const Position& position, const ComponentValues& values,
                                  const Limits& limits, Analysis analysis, bool list_moves);

// For a finite sum of value `values.total` != 0 some component of which can repeat: the winning
// move that keeps the win finite (Analysis::finite_win_move). nullopt when no winning move can be
// made within the limits.
std::optional<Move> finite_win_move(const Position& position, const ComponentValues& values,
                                    const Limits& limits);

// The refusal (kUnsupported) of `question` ("misère play"), which only a search of the game tree
// to its end could answer, naming the first component whose play can repeat; nullopt when none
// can, or when a value needed to tell is beyond the limits (a search then stops at its own).
std::optional<Error> repetition_refusal(const Position& position, std::string_view question,
                                        const Limits& limits);

}  // namespace nimkit::detail
