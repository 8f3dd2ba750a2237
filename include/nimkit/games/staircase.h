// Staircase Nim.
//
// Rules: coins lie on the steps of a staircase, C1 on step 1 (the lowest), C2 on step 2, and so
// on. A move takes at least one coin from one step and moves it down one step: from step i to
// step i−1, and from step 1 off the staircase. The player who cannot move (every coin is off)
// loses. Notation: "staircase:3,0,2" (3 coins on step 1, none on step 2, 2 on step 3); with
// --rules staircase the bare tokens are the steps ("3 0 2"). The whole staircase is one
// component; its steps are items numbered across the position like heaps, and a move is typed
// "STEP COUNT": "3 2" moves 2 coins from step 3 to step 2.
//
// A component's State is the coin counts, step 1 first; a move keeps every step (a staircase
// whose coins are all off is a terminal component). Option order: by step, then by coins moved.
// The coins on the staircase never exceed 2^64 − 1 in total, so no step overflows.
//
// Theory: the value is the nim-sum of the counts on the odd steps. Coins on the even steps do not
// matter: a move from an even step to an odd one adds to an odd step, and whatever the opponent
// adds there can be moved on at once to the next even step (or off), restoring the odd steps. So
// the game is Nim on the odd steps, and the moves of a given value are computed directly.
#pragma once

#include <cstdint>

#include "nimkit/ruleset.h"

namespace nimkit {

class StaircaseNim final : public Ruleset {
 public:
  StaircaseNim() : Ruleset({.value_source = ValueSource::kClosedForm, .view = "heaps"}) {}
  // Most steps one staircase may have.
  static constexpr std::size_t kMaxSteps = 1000;

  std::string spec() const override { return "staircase"; }
  std::string summary() const override;

  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  std::size_t item_count(const State& state) const override { return state.size(); }
  std::string label(const State& state, std::size_t first_item) const override;
  // {"heaps": the counts, "spent": zeros}, and a move's {"heap": the item of its step, "take":
  // coins moved, "to": the item receiving them, 0 when they leave the staircase}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  // "move 2 coins from step 3 to step 2", "move 1 coin off the staircase from step 1".
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;
  std::string move_syntax() const override;

  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
  Result<Nimber> value(const State& state, const Limits& limits) const override;
  Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                               const Limits& limits) const override;
  // Coins weighted by the steps they have still to go down.
  Count weight(const State& state) const override;
  std::string value_reason(const State& state) const override;

 private:
  // The step (0-based) a move leaves from and the coins it moves.
  static std::pair<std::size_t, std::uint64_t> moved(const State& before, const Option& option);
  static Option move(const State& state, std::size_t step, std::uint64_t coins);
};

}  // namespace nimkit
