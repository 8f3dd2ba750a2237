// Take-or-add games: subtraction games whose moves may also add, so that play can go on for ever.
//
// Rules: there are several heaps. A move takes s objects from one heap, where s belongs to the
// game's take set S (and s is at most the heap), or adds a objects to one heap that is not empty,
// where a belongs to the game's add set A and the heap stays at most the bound B. The player who
// cannot move (every heap empty, or too small to take from and too large to add to) loses. Play
// may come back to a position it has left (take 2, add 1, take 2 ... can cycle), and a game that
// neither player can force to end their way is a draw. Misère play is offered only from heaps
// whose play cannot repeat.
//
// Notation ("take-or-add:" followed by S/A/B): take-or-add:2,3/1/12 takes 2 or 3 and adds 1 to
// heaps of at most 12 objects. S and A are lists of positive integers (any order, repeats ignored;
// at most kMaxSizes each, every one at most B), B is from 1 to kMaxBound. Heaps are written as in
// Nim ("7 4"), at most B each. Moves: "1 2" (take 2 from heap 1), "1 +1" (add 1 to heap 1), and in
// words "take 2 from heap 1", "add 1 to heap 1".
//
// Why this family: subtraction games (Golomb 1966; Winning Ways, ch. 4) are the first games a
// course computes Grundy values for. Letting a move add as well as take is the smallest change
// that turns them into loopy impartial games, the games whose values Smith (1966) generalized
// (Winning Ways, ch. 12, "Games Eternal - Games Entailed"; Siegel, Combinatorial Game Theory,
// ch. IV), and the bound keeps the positions of a heap finitely many, the vertices 0..B of a
// graph with cycles, so that every value is computed exactly. The family shows what loopy values
// teach, each in a small example: heaps that are draws (2,3/1/12: every heap from 5 up has the
// value ∞, a draw alone), infinite values that still win (its heaps 2 to 4 are ∞{0}: move to a
// heap of value 0, and the counters make the win come), and games with cycles whose values are
// nevertheless all finite (2,5/1/12: 0 0 2 1, then 0 3 2 1 over and over, adding
// notwithstanding). With A empty it is the subtraction game S, so A must not be.
//
// Theory: a heap's value is Smith's generalized Sprague-Grundy value (loopy_value.h) as a vertex
// of the graph on 0..B whose arrows are the moves; the ruleset labels that graph once with the one
// labelling engine (loopy_labels.h: label_loopy_graph), with the counters that make a win finite,
// and answers every heap of the game from that table. It is loopy (RulesetFacts::loopy): value()
// answers only heaps of finite value, loopy_value() every heap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/heap_game.h"

namespace nimkit {

class TakeOrAdd final : public HeapGame {
 public:
  // The largest bound B, and the most sizes S or A may each hold: a table of B + 1 heaps with at
  // most 2 · kMaxSizes arrows each.
  static constexpr std::uint64_t kMaxBound = 100'000;
  static constexpr std::size_t kMaxSizes = 32;

  // Parses the text after "take-or-add:" ("2,3/1/12"); fails naming the bad part.
  static Result<std::shared_ptr<const TakeOrAdd>> make(std::string_view params);
  // `takes` and `adds` sorted, distinct, non-empty, each in 1..bound; bound in 1..kMaxBound.
  TakeOrAdd(std::vector<std::uint64_t> takes, std::vector<std::uint64_t> adds, std::uint64_t bound);
  ~TakeOrAdd() override;

  const std::vector<std::uint64_t>& takes() const { return takes_; }
  const std::vector<std::uint64_t>& adds() const { return adds_; }
  std::uint64_t bound() const { return bound_; }

  std::string spec() const override;
  std::string summary() const override;

  // A heap of at most the bound, as in Nim; fails naming the heap and the bound.
  Result<Heap> parse_heap(std::string_view text) const override;

  // The adds first (smallest first: they take nothing), then the takes, smallest first. A heap
  // above the bound (never read from text) has its takes only.
  Count option_count(std::span<const Heap> component) const override;
  HeapOption option_at(std::span<const Heap> component, Count index) const override;
  // The heap's finite value from the table; a heap of infinite value fails (kUnsupported),
  // naming its value, as does a heap above the bound. The table is built on the first question
  // (a step per heap and arrow, failing past limits.max_table heaps) and kept.
  Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const override;
  // The options of finite value `target`, from the table (an infinite option has none).
  Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component, Nimber target,
                                                     const Limits& limits) const override;
  // The heap's generalized value, its counter and whether play from it can repeat; its options'
  // in option order: read from the table.
  Result<CountedValue> loopy_value(const State& state, const Limits& limits) const override;
  Result<std::vector<CountedValue>> loopy_option_values(const State& state,
                                                        const Limits& limits) const override;

 private:
  struct Table;
  Result<std::shared_ptr<const Table>> table(const Limits& limits) const;
  // Heap n of a state, failing for a heap above the bound.
  Result<std::uint64_t> heap_of(const State& state) const;

  std::vector<std::uint64_t> takes_;
  std::vector<std::uint64_t> adds_;
  std::uint64_t bound_;
  // The table, once built, and its lock (src/games/take_or_add.cc).
  struct Kept;
  std::unique_ptr<Kept> kept_;
};

}  // namespace nimkit
