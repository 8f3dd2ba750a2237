// Fibonacci Nim.
//
// Rules: one heap of N objects. The first move takes at least one object but not all of them;
// after that a player takes at least one object and at most twice as many as the previous player
// took. The player who cannot move (the heap is empty) loses. Notation: "fibonacci-nim:20" (a
// fresh heap of 20), and "fibonacci-nim:17/6" for 17 left with the next take at most 6; with
// --rules fibonacci-nim the bare tokens are heaps ("20 17/6"), each its own game. Moves are
// typed like Nim's, "HEAP COUNT": "1 2" takes 2 from heap 1.
//
// A component's State is [N, M]: N objects left, the next take at most M, kept canonical as
// M ≤ N (a fresh heap is [N, N − 1], written "N"). A move taking k leaves [N − k, min(2k, N − k)],
// or nothing when it takes the last object. Option order: by objects taken.
//
// Theory: the first player loses from a fresh heap exactly when N is a Fibonacci number. Every N
// is a sum of non-consecutive Fibonacci numbers (Zeckendorf), and the winning move from any
// other N takes the smallest term q of that sum: the opponent may then take at most 2q, less
// than the next term, and the same strategy goes on. Grundy values (needed for sums) are
// computed by mex: g(N, M) = mex{g(N − k, min(2k, N − k)) : 1 ≤ k ≤ M}, a prefix mex in M, so
// each N is a row of its distinct values, computed for every heap up to the largest asked
// (Limits::max_table heaps at most), kept between calls.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit {

class FibonacciNim final : public Ruleset {
 public:
  FibonacciNim();
  ~FibonacciNim() override;

  std::string spec() const override { return "fibonacci-nim"; }
  std::string summary() const override;

  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  std::size_t item_count(const State& /*state*/) const override { return 1; }
  std::string label(const State& state, std::size_t first_item) const override;
  // {"heaps": [N], "spent": [0]}, and a move's {"heap": its item, "take": objects taken}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
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
  // Fails naming the limit for a heap above limits.max_table, or when the work meter stops.
  Result<Nimber> value(const State& state, const Limits& limits) const override;
  // The options to value 0 by the Zeckendorf rule (no table), others as Ruleset's.
  Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                               const Limits& limits) const override;
  // The Zeckendorf rule: a position is lost exactly when M is less than the smallest term.
  // Normal play only.
  std::optional<bool> is_p_position(const State& state, Convention convention) const override;
  Count weight(const State& state) const override { return state.at(0); }
  std::string value_reason(const State& state) const override;

  // The Zeckendorf terms of n, largest first (none for 0).
  static std::vector<std::uint64_t> zeckendorf(std::uint64_t n);

 private:
  static State make_state(std::uint64_t n, std::uint64_t max_take);
  // The rows of values computed so far and their lock (src/games/fibonacci_nim.cc).
  struct Rows;
  std::unique_ptr<Rows> rows_;
};

}  // namespace nimkit
