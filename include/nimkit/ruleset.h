// Ruleset: the immutable rules of one impartial game, acting on components of a position.
//
// A position is a sum of components (see position.h). A component is a small list of heaps that
// one ruleset governs: for most rulesets every heap is its own component (arity 1, the heaps are
// independent games whose Grundy values XOR); Wythoff's game plays on a pair of heaps (arity 2);
// Moore's Nim_k plays on all of its heaps at once (arity 0: any number of heaps).
//
// Contracts every ruleset keeps (the conformance suite checks them):
//  - option_at(c, i) for i < option_count(c) lists every move exactly once, sorted by objects
//    taken and then by resulting heaps; a component with no options is terminal;
//  - grundy(c) equals the mex of the Grundy values of its options;
//  - parse_heap(format_heap(h)) == h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/heap.h"
#include "nimkit/limits.h"
#include "nimkit/nimber.h"
#include "nimkit/result.h"

namespace nimkit {

// How many options a component has; may exceed 2^64 (Moore's game on several huge heaps).
using Count = Nimber;

// The outcome of one move inside a component.
struct Option {
  // The component's heaps after the move. For arity-1 rulesets each heap becomes a component of
  // its own (a split yields several); an empty list means the heap is gone.
  std::vector<Heap> result;
  std::uint64_t take = 0;  // objects removed by the move, 0 for a zero move or a pure split

  friend bool operator==(const Option&, const Option&) = default;
};

// Where a ruleset's Grundy values come from, stated to the user.
enum class ValueSource {
  kClosedForm,  // a formula, cross-checked against mex computation in the tests
  kPeriodic,    // computed until a period is proved, then answered for any heap size
  kComputed,    // mex over options, bounded by Limits::max_table
  kSearch,      // no Grundy formula known: game-tree search or a P-position rule
};

std::string_view to_string(ValueSource source);

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  // Canonical notation, accepted back by the registry: "nim", "subtraction:1,3,4".
  virtual std::string spec() const = 0;
  // The rules in one line of prose.
  virtual std::string summary() const = 0;
  // Heaps per component: 1 (independent heaps), 2 (pairs), 0 (one component of any size).
  virtual std::size_t arity() const { return 1; }
  virtual ValueSource value_source() const = 0;

  // Heap notation: decimal by default; refuses words, signs and values above 2^64-1.
  virtual Result<Heap> parse_heap(std::string_view text) const;
  virtual std::string format_heap(const Heap& heap) const;

  // Moves from a component, by count and random access so that a huge heap need not be
  // enumerated. `component` has arity() heaps (any number ≥ 1 when arity() is 0).
  virtual Count option_count(std::span<const Heap> component) const = 0;
  virtual Option option_at(std::span<const Heap> component, Count index) const = 0;

  // Normal-play Grundy value of a component. Fails, naming the limit, when it cannot be had
  // within `limits` (e.g. a computed ruleset asked about a heap beyond Limits::max_table).
  virtual Result<Nimber> grundy(std::span<const Heap> component, const Limits& limits) const = 0;

  // Options of `component` whose Grundy value is `target`, in option order. The default scans
  // every option (failing past Limits::max_scan); rulesets with structure override it.
  virtual Result<std::vector<Option>> options_with_value(std::span<const Heap> component,
                                                         Nimber target, const Limits& limits) const;

  // Options that take `take` objects from heap `heap` (0-based within the component) and nothing
  // from the others, in option order: several for a splitting game ("take 1 from 7" leaves 6,
  // 1+5, 2+4 or 3+3). The default scans every option; rulesets with structure override it.
  virtual Result<std::vector<Option>> options_taking(std::span<const Heap> component,
                                                     std::size_t heap, std::uint64_t take,
                                                     const Limits& limits) const;

  // A rule that decides P-positions (the player to move loses under normal play) without Grundy
  // values, for rulesets whose values are costly (Wythoff's pairs, Moore's Nim_k); nullopt when the
  // ruleset has none. analyze() uses it for a position of one such component, taking
  // options_with_value(component, 0) — the moves to P-positions — as the winning moves.
  virtual std::optional<bool> p_position(std::span<const Heap> /*component*/) const {
    return std::nullopt;
  }

  // option_count(component), failing with "<spec> has N moves from this position, more than the
  // scan limit L" when a scan of every option would pass limits.max_scan.
  Result<Count> scannable_option_count(std::span<const Heap> component, const Limits& limits) const;

  // Total objects in a component (used to prefer long games and to describe moves).
  static Count objects(std::span<const Heap> component);
};

// Decimal uint64 parsing shared by every heap notation: "heap \"3x\" is not a non-negative
// integer", "heap \"18446744073709551616\" is larger than 18446744073709551615".
Result<std::uint64_t> parse_u64(std::string_view text, std::string_view what);

}  // namespace nimkit
