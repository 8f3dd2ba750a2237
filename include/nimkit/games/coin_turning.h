// Coin-turning games: Turning Turtles, Mock Turtles and Ruler.
//
// Rules: a row of coins, each heads or tails, numbered from 1 at the left. A move turns over
// some coins, the rightmost of which must go from heads to tails; the others may go either way.
// Which sets of coins may be turned depends on the game:
//  - Turning Turtles ("turning-turtles:hthht"): one or two coins, anywhere;
//  - Mock Turtles ("mock-turtles:..."): one, two or three coins, anywhere;
//  - Ruler ("ruler:..."): any number of consecutive coins ending at the rightmost one turned.
// The player who cannot move (every coin tails) loses. A move is typed as the coins it turns,
// in any order: "5", "2 5"; they are shown in ascending order.
//
// A component is a whole row (never split). Its State is [n, w0, w1, ...]: the number of coins,
// then the heads as bits (coin i is bit (i − 1) % 64 of word (i − 1) / 64). Option order: by the
// rightmost coin turned (ascending), then by the others (fewer coins first, then ascending).
//
// Theory: a coin-turning game whose rightmost turned coin goes from heads to tails is the sum of
// its heads, each played as a row with that one coin up (a move that turns a tails coin up
// corresponds to adding a heads coin, and two heads on one coin cancel as in Nim). So the value
// of a row is the XOR over its heads of g(i), the value of a row with coin i alone heads:
//  - Turning Turtles: g(i) = i (Nim: turning i and a < i moves the heap i to a);
//  - Mock Turtles: g(i) = the i-th odious number (1, 2, 4, 7, 8, 11, ...: an odd count of 1 bits);
//  - Ruler: g(i) = the largest power of 2 dividing i.
// The tests check these against a mex over whole rows.
//
// Turning Corners ("turning-corners:hth/tht/hhh") is played on a grid: rows of h and t separated
// by "/", coin (x, y) in row x and column y, both from 0. A move turns the four corners (a, b),
// (a, y), (x, b), (x, y) of a rectangle with a < x and b < y, and (x, y) goes from heads to
// tails. It is typed "X Y A B" (the heads corner, then the opposite one) and its State is
// [rows, columns, bits...], coin (x, y) at bit x * columns + y. It is the product of two Ruler-
// like games on the lines (Lenstra): the value of coin (x, y) alone is the nim product x ⊗ y, and
// a grid's value is the XOR of those over its heads. Option order: by the heads corner in row-major
// order, then by (a, b).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit {

enum class CoinGame { kTurningTurtles, kMockTurtles, kRuler };

class CoinTurning final : public Ruleset {
 public:
  // Most coins one row may have.
  static constexpr std::size_t kMaxCoins = 4096;
  // Most moves options_to_value() lists (a long Mock Turtles row can have millions).
  static constexpr std::size_t kMaxTargetOptions = 100'000;

  explicit CoinTurning(CoinGame game)
      : Ruleset({.value_source = ValueSource::kClosedForm, .view = "coins"}), game_(game) {}

  // The value of a row whose only heads coin is `coin` (from 1).
  static std::uint64_t coin_value(CoinGame game, std::uint64_t coin);

  std::string spec() const override;
  std::string summary() const override;

  // One item per row: "hthht".
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  std::string label(const State& state, std::size_t first_item) const override;
  // {"coins": 1 for heads, 0 for tails}, and a move's {"coins": the coins turned, ascending}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  // "turn coin 5", "turn coins 2 and 5", "turn coins 3, 4 and 5".
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // No options (an empty list) when the text names a coin this row does not have.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;
  std::string move_syntax() const override;

  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
  Result<Nimber> value(const State& state, const Limits& limits) const override;
  Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                               const Limits& limits) const override;
  // The heads coins' numbers added up.
  Count weight(const State& state) const override;
  std::string value_reason(const State& state) const override;

  // The coins (from 1, ascending) an option turns.
  static std::vector<std::uint64_t> turned(const State& before, const Option& option);

 private:
  // Moves whose rightmost coin is `coin`.
  Count moves_ending_at(std::uint64_t coin) const;
  // The index-th of them (coins ascending, `coin` last).
  std::vector<std::uint64_t> move_ending_at(std::uint64_t coin, Count index) const;
  // Whether these coins (ascending, distinct, rightmost heads) make a move of this game.
  bool allowed(const std::vector<std::uint64_t>& coins) const;

  CoinGame game_;
};

class TurningCorners final : public Ruleset {
 public:
  TurningCorners() : Ruleset({.value_source = ValueSource::kClosedForm, .view = "coins"}) {}
  // Most rows, and most columns, of one grid.
  static constexpr std::size_t kMaxSide = 64;

  std::string spec() const override { return "turning-corners"; }
  std::string summary() const override;

  // One item per grid: "hth/tht/hhh".
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  std::string label(const State& state, std::size_t first_item) const override;
  // {"coins": 1 for heads row by row, "columns": the row length}, and a move's {"coins": the
  // corners turned as row-major places from 1, ascending (the heads corner last)}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  // "turn coins (0,1), (0,2), (2,1) and (2,2)".
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
  // A move's change of value is (a ⊕ x) ⊗ (b ⊕ y) (the nim product is bilinear), so the moves to
  // a value are found without building every option.
  Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                               const Limits& limits) const override;
  // Rectangles below and left of the heads coins: the sum of x · y over heads (x, y).
  Count weight(const State& state) const override;
  std::string value_reason(const State& state) const override;

 private:
  // The corners (x, y) and (a, b) of a move, from the coins it turns.
  static std::array<std::uint64_t, 4> corners(const State& before, const Option& option);
};

}  // namespace nimkit
