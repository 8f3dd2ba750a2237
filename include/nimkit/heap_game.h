// HeapGame: the adapter every heap family (Nim, subtraction, octal, Wythoff, Moore, ...) sits on.
//
// A heap family describes its rules on heaps: a component is `arity()` heaps (1: every heap is
// its own component; 2: Wythoff's pairs; 0: Moore's Nim_k, all heaps at once), and a move takes
// objects and may split a heap. HeapGame turns that into the generic Ruleset interface: a
// component's State is its heaps, two words each (the size and the zero-move bit), its text is
// heaps ("7", "7x" for a spent zero move), its items are heaps numbered across the position, and
// its moves are typed and told in the family's words (see MoveWords): "1 2" / "take 2 from heap
// 1" by default, "1 3 4" / "split heap 1 into 3 and 4" in Grundy's game, "1 2-3" / "knock pins
// 2-3 of row 1" in the bowling games. A family whose moves may also add to a heap (one heap per
// component) has them typed "1 +2" and told "add 2 to heap 1".
//
// Contracts every heap family keeps (the conformance suite checks them):
//  - option_at(c, i) for i < option_count(c) lists every move exactly once, sorted by objects
//    taken and then by resulting heaps (a move adding objects takes none);
//  - grundy(c) equals the mex of the Grundy values of its options;
//  - parse_heap(format_heap(h)) == h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/heap.h"
#include "nimkit/position.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// The outcome of one move on heaps.
struct HeapOption {
  // The component's heaps after the move. For arity-1 rulesets each heap becomes a component of
  // its own (a split yields several); an empty list means the heap is gone.
  std::vector<Heap> result;
  std::uint64_t take = 0;  // objects removed by the move, 0 for a zero move or a pure split
  // Objects added to the heap by the move, in a family whose moves may add (take-or-add): a move
  // adds or takes, never both, and take is then 0.
  std::uint64_t add = 0;

  friend bool operator==(const HeapOption&, const HeapOption&) = default;
};

// The words a family's moves are typed and told in. Every family also reads the take notation
// "HEAP COUNT PART ..." with at least one part, and "HEAP:COUNT" (every move taking COUNT from
// HEAP), so that moves written before a family had words of its own still read.
enum class MoveWords {
  kTake,   // "1 2": take 2 from heap 1; "1 1 2 3": take 1 from heap 1 leaving 2 and 3
  kSplit,  // "1 3 4": split heap 1 into 3 and 4; "1 3": split 3 off heap 1 (no move takes)
  kPins,   // "1 2": knock pin 2 of row 1; "1 2-3": knock pins 2 and 3 (a move knocks adjacent
           // pins and leaves the pins either side as rows, at most two)
  kLast = kPins,  // keep last; a new value needs its form in src/heap_move_text.cc (checked there)
};

class HeapRuleset;

class HeapGame : public Ruleset {
 public:
  const HeapGame* heap_game() const final { return this; }
  // The game as a ruleset of single heaps with a table of values and a period search
  // (heap_ruleset.h), or null.
  virtual const HeapRuleset* heap_ruleset() const { return nullptr; }

  // Heaps per component: 1 (independent heaps), 2 (pairs), 0 (one component of any size).
  std::size_t arity() const { return arity_; }

  // How moves are typed and told (arity-1 families only; the others take).
  virtual MoveWords move_words() const { return MoveWords::kTake; }

  // Heap notation: decimal by default; refuses words, signs and values above 2^64-1.
  virtual Result<Heap> parse_heap(std::string_view text) const;
  virtual std::string format_heap(const Heap& heap) const;

  // Moves from a component of arity() heaps (any number ≥ 1 when arity() is 0).
  virtual Count option_count(std::span<const Heap> component) const = 0;
  virtual HeapOption option_at(std::span<const Heap> component, Count index) const = 0;
  virtual Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const = 0;
  // Options whose Grundy value is `target`, in option order. The default scans every option.
  virtual Result<std::vector<HeapOption>> options_with_value(std::span<const Heap> component,
                                                             Nimber target,
                                                             const Limits& limits) const;
  // How many options reach value `target`, and the first `list` of them in option order. The
  // default lists them with options_with_value() (failing where it fails); families that count
  // by residue classes override it.
  struct CountedHeapOptions {
    Count count = 0;
    std::vector<HeapOption> first;
  };
  virtual Result<CountedHeapOptions> count_options_with_value(std::span<const Heap> component,
                                                              Nimber target, std::uint64_t list,
                                                              const Limits& limits) const;
  // The option that takes `take` objects from heap `heap` (0-based within the component) and
  // leaves non-empty heaps of exactly the sizes `parts` (in increasing order), as option_at()
  // writes it; nullopt when the rules allow no such move. A typed move that names its parts is
  // checked by it. The default looks among options_taking(); families whose moves are arithmetic
  // override it with a check in O(parts), so a move on a heap of 2^64-1 is checked at once.
  virtual Result<std::optional<HeapOption>> option_leaving(std::span<const Heap> component,
                                                           std::size_t heap, std::uint64_t take,
                                                           std::span<const std::uint64_t> parts,
                                                           const Limits& limits) const;
  // Options that take `take` objects from heap `heap` (0-based within the component) and nothing
  // from the others, in option order: several for a splitting game ("take 1 from 7" leaves 6,
  // 1+5, 2+4 or 3+3); never a move that adds. The default scans every option.
  virtual Result<std::vector<HeapOption>> options_taking(std::span<const Heap> component,
                                                         std::size_t heap, std::uint64_t take,
                                                         const Limits& limits) const;
  // g(a, b) for a < rows and b < columns, row by row (index a·columns + b), for rulesets on pairs
  // of heaps (arity 2): the picture of their values. The default asks grundy() cell by cell;
  // rulesets whose values come from one table override it. Fails like grundy().
  virtual Result<std::vector<Nimber>> grundy_grid(std::uint64_t rows, std::uint64_t columns,
                                                  const Limits& limits) const;
  // A rule that decides P-positions under `convention` without Grundy values; nullopt when the
  // ruleset has none.
  virtual std::optional<bool> p_position(std::span<const Heap> /*component*/,
                                         Convention /*convention*/) const {
    return std::nullopt;
  }
  // A move to a P-position under `convention` by the rule's construction, without listing the
  // options; nullopt when the ruleset has none or p_position() is not false.
  virtual std::optional<HeapOption> p_position_move(std::span<const Heap> /*component*/,
                                                    Convention /*convention*/) const {
    return std::nullopt;
  }

  // option_count(component), failing past limits.max_scan (see Ruleset).
  Result<Count> scannable_option_count(std::span<const Heap> component, const Limits& limits) const;
  // Total objects in a component.
  static Count objects(std::span<const Heap> component);

  // The state of a component of these heaps, and back.
  static State encode(std::span<const Heap> heaps);
  static std::vector<Heap> decode(const State& state);
  // The heaps of a state without allocating for the usual one or two heaps: the hot paths
  // (values, option counts, options) read states through it.
  class Heaps {
   public:
    explicit Heaps(const State& state);
    operator std::span<const Heap>() const { return span_; }  // NOLINT: a view, by design

   private:
    std::array<Heap, 4> small_{};
    std::vector<Heap> large_;
    std::span<const Heap> span_;
  };
  // The generic option of a heap option taken from `component`.
  Option generic(const HeapOption& option) const;
  // The heap option of a generic one taken from `before` (the objects taken recomputed).
  HeapOption heap_option(const State& before, const Option& option) const;
  // The pins a move of a pins family knocks from its row, "2" or "2-3": the pins left of the
  // gap are the smaller row it leaves in the middle; a move leaving one row knocks the first.
  static std::string pins_knocked(const HeapOption& option);

  // The generic interface, in terms of the heap one.
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const final;
  std::vector<std::string> format_state(const State& state) const final;
  std::size_t item_count(const State& state) const final;
  std::string label(const State& state, std::size_t first_item) const final;
  std::vector<ViewField> view_fields(const State& state) const final;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const final;
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const final;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const final;
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const final;
  std::string move_syntax() const final;
  Count count_options(const State& state) const final;
  Option option(const State& state, Count index) const final;
  Result<Nimber> value(const State& state, const Limits& limits) const final;
  Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                               const Limits& limits) const final;
  Result<CountedOptions> count_options_to_value(const State& state, Nimber target,
                                                std::uint64_t list,
                                                const Limits& limits) const final;
  std::optional<bool> is_p_position(const State& state, Convention convention) const final;
  std::optional<Option> move_to_p_position(const State& state, Convention convention) const final;
  Count weight(const State& state) const final;

 protected:
  // A family of `arity` heaps per component: components share tokens ("kayles:2,3") exactly
  // when each is one heap, whatever `facts` says.
  explicit HeapGame(RulesetFacts facts, std::size_t arity = 1);

 private:
  std::size_t arity_;
};

// A position of one heap ruleset (`rules` must be a HeapGame), the heaps grouped into components
// of arity() (all in one for arity 0); a count arity() does not divide leaves the rest out.
Position heap_position(const std::shared_ptr<const Ruleset>& rules, const std::vector<Heap>& heaps);
// Every heap of a position of heap rulesets, in order (components of other views add none).
std::vector<Heap> position_heaps(const Position& position);
std::vector<std::uint64_t> heap_sizes(const Position& position);
// The objects a move takes, for a move in a heap component (0 otherwise).
std::uint64_t objects_taken(const Position& before, const Move& move);
// Heaps per component of a heap ruleset (HeapGame::arity(), 0 for any number); none for a
// ruleset not played on heaps.
std::optional<std::size_t> heap_arity(const Ruleset& rules);

}  // namespace nimkit
