// Ruleset: the immutable rules of one impartial game, acting on the components of a position.
//
// A position is a sum of components (see position.h). A component is a ruleset plus a State: a
// short list of words whose meaning only the ruleset knows — a heap's size and zero-move bit, a
// pair of heaps, a graph's edges. Generic code (analysis, search, notation, the front ends)
// treats a state as an opaque value: it copies, compares and hashes it, and asks the ruleset for
// everything else — the moves, the values, the text, the numbers a view draws.
//
// A move in a component leaves a sum: zero or more components of the same ruleset (a heap taken
// to nothing, a heap split in two, a graph that falls apart when a vertex is removed).
//
// Contracts every ruleset keeps (the conformance suite checks them):
//  - option(s, i) for i < count_options(s) lists every move exactly once, in the ruleset's
//    order (the smallest moves first); a state with no options is terminal;
//  - value(s) equals the mex over options of the XOR of the values of the components left (a
//    loopy ruleset's values are Smith's generalized ones instead: loopy_value.h);
//  - parsing format_state(s) gives back s; describe_move/format_move text reads back through
//    parse_move to the same option.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nimkit/count.h"
#include "nimkit/limits.h"
#include "nimkit/loopy_value.h"
#include "nimkit/nimber.h"
#include "nimkit/result.h"

namespace nimkit {

// A component's state, canonical for its ruleset: equal states are equal games and compare equal.
using State = std::vector<std::uint64_t>;

// A hash of a state (or any list of words, such as a search key) for unordered containers.
struct StateHash {
  std::size_t operator()(const std::vector<std::uint64_t>& words) const;
};

// The two conventions of play: the last mover wins / the last mover loses. (analysis.h names
// them; keep kLast last, as there.)
enum class Convention { kNormal, kMisere, kLast = kMisere };

// The outcome of one move inside a component: the components it leaves, in order.
struct Option {
  std::vector<State> result;

  friend bool operator==(const Option&, const Option&) = default;
};

// Where a ruleset's Grundy values come from, stated to the user.
enum class ValueSource {
  kClosedForm,  // a formula, cross-checked against mex computation in the tests
  kPeriodic,    // computed until a period is proved, then answered for any heap size
  kComputed,    // mex over options, bounded by Limits::max_table
  kSearch,      // no Grundy formula known: game-tree search or a P-position rule
  kLast =
      kSearch,  // keep last; name a new value in the table beside its to_string() (checked there)
};

std::string_view to_string(ValueSource source);

// A ruleset's own rule for misère play of a sum of its components alone, from their Grundy
// values (Bouton's for Nim). The analysis asks for it as it asks for is_p_position, before a
// misère quotient or a search.
class MisereSumRule {
 public:
  virtual ~MisereSumRule() = default;
  // Whether the player to move loses the sum whose components have these values.
  virtual bool lost(std::span<const Nimber> values) const = 0;
  // Every move that leaves a lost sum, as (component, the value it is moved to), by component
  // and, within one, by decreasing value; empty when the sum is lost.
  virtual std::vector<std::pair<std::size_t, Nimber>> winning_targets(
      std::span<const Nimber> values) const = 0;
  // The rule for these values in words: a heading, then lines.
  struct Words {
    std::string heading;
    std::vector<std::string> lines;
  };
  virtual Words explain(std::span<const Nimber> values) const = 0;
};

// Named lists of numbers a front end draws a component or a move with: {"heaps", {3}},
// {"vertices", {1, 2, 3}}, {"edges", {1, 2, 2, 3}} (pairs flattened), {"take", {2}}.
struct ViewField {
  std::string name;
  std::vector<std::uint64_t> values;
  bool scalar = false;  // one number, not a list (e.g. the heap a move takes from)

  friend bool operator==(const ViewField&, const ViewField&) = default;
};

// What front ends and generic code know of a ruleset without asking about a component, fixed
// when the ruleset is made: each family states them in its constructor (from its parameters where
// they matter), and the registry keeps those of an entry's first example. The texts are static.
struct RulesetFacts {
  // Where the Grundy values come from, stated to the user.
  ValueSource value_source = ValueSource::kComputed;
  // The view a front end draws the components with: "heaps", "pins", "graph", ...
  std::string_view view = {};
  // Whether neighbouring components may be written in one token ("kayles:2,3"): their items
  // read back as the same separate components, never merged into one.
  bool shares_tokens = false;
  // For a ruleset whose components' Grundy values are their sizes, the words for those sizes
  // ("the heap sizes"), in which the analysis reports a plain nim-sum and the explanation teaches
  // it; empty otherwise.
  std::string_view values_are_sizes = {};
  // Whether play may come back to a position it has left (a token on a graph with cycles), so
  // that a game may go on for ever: the values are then Smith's generalized values
  // (loopy_value.h), which generic code asks for with loopy_value(), and a position may be a
  // draw. Such a ruleset's value() answers only for components of finite value.
  bool loopy = false;
};

// A component parsed from text, and the index of the first text item it came from (so that
// components are placed where their items stood).
struct ParsedComponent {
  State state;
  std::size_t first_item = 0;
};

class HeapGame;

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  // The ruleset's facts (above), and each of them.
  const RulesetFacts& facts() const { return facts_; }
  ValueSource value_source() const { return facts_.value_source; }
  std::string_view view() const { return facts_.view; }
  bool shares_tokens() const { return facts_.shares_tokens; }
  std::string_view values_are_sizes() const { return facts_.values_are_sizes; }
  bool loopy() const { return facts_.loopy; }

  // The ruleset as a game on heaps (heap_game.h), or null: generic code asks this facet for heap
  // questions (sizes, arity, sequences) instead of the ruleset's type.
  virtual const HeapGame* heap_game() const { return nullptr; }

  // Canonical notation, accepted back by the registry: "nim", "subtraction:1,3,4".
  virtual std::string spec() const = 0;
  // The rules in one line of prose.
  virtual std::string summary() const = 0;

  // Components from text items: the comma-separated items after "RULES:" in a qualified token,
  // or the bare tokens of a position in the default rules (heaps "3", "4x"; edges "1-2"). Fails
  // naming the bad item, or when the items do not make whole components.
  virtual Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const = 0;
  // The component's items as text, which parse_components() reads back: {"3"}, {"1-2", "2-3"}.
  virtual std::vector<std::string> format_state(const State& state) const = 0;
  // Neighbouring components of this ruleset written together: items that parse_components()
  // reads back as exactly these components, in this order, writing once what they repeat (the
  // graph of the tokens on one drawn graph, the board of one board's regions), so that a
  // position's text stays about as long as the text it was read from. nullopt (the default):
  // each component is written on its own.
  virtual std::optional<std::vector<std::string>> format_together(
      std::span<const State* const> /*states*/) const {
    return std::nullopt;
  }

  // Numbered things a person points at in the component ("heap 3"), numbered across the
  // position from 1; 0 when the component's items carry their own names (graph vertices).
  virtual std::size_t item_count(const State& /*state*/) const { return 0; }
  // Saved games before version 3 numbered this component's items across the position like heaps
  // where today they carry names of their own (Green Hackenbush's edges): those names, in the old
  // order, for reading such files (saved_game.cc); nullopt where the numbering is today's.
  virtual std::optional<std::vector<std::uint64_t>> names_of_version_2_items(
      const State& /*state*/) const {
    return std::nullopt;
  }
  // The component as a person names it, its items numbered from `first_item`: "heap 2",
  // "heaps 3-4", "graph 1-2,2-3".
  virtual std::string label(const State& state, std::size_t first_item) const = 0;

  // A move in words, "take 2 from heap 1", "remove vertex 3", and in the notation parse_move()
  // reads, "1 2", "3". Formatting may scan the component's options (to tell whether a short form
  // names the move alone) within `limits`.
  virtual std::string describe_move(const State& before, const Option& option,
                                    std::size_t first_item) const = 0;
  virtual std::string format_move(const State& before, const Option& option, std::size_t first_item,
                                  const Limits& limits) const = 0;
  // The options of this component that the move text names, in option order: none when the text
  // is about another component (e.g. a heap number outside first_item ... first_item +
  // item_count - 1); fails when the text is malformed or names an illegal move here, in words.
  // `items` is the position's total item count (for "no heap 9: heaps are numbered 1 to 5").
  // Text that names a move only in part ("1 1": take 1 from heap 1, in a game where that can
  // leave one heap or two) gives every move it may mean when `partial`, and otherwise fails
  // saying how to name one.
  virtual Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                                 std::size_t first_item, std::size_t items,
                                                 bool partial, const Limits& limits) const = 0;
  // Why move text in this family's form that no component of the position claims names no move,
  // when the family can tell it better than a list of the position's moves: the item named and
  // what is there ("a1 is already filled"). `states` are the position's components of this
  // ruleset. nullopt (the default) when the text is not the family's or it has nothing to add.
  virtual std::optional<std::string> unclaimed_move(std::span<const State* const> /*states*/,
                                                    std::string_view /*text*/) const {
    return std::nullopt;
  }

  // How moves are typed, for a player's help: a line or two ending in '\n'.
  virtual std::string move_syntax() const = 0;

  // What the view draws: the component's fields, and a move's.
  virtual std::vector<ViewField> view_fields(const State& state) const = 0;
  virtual std::vector<ViewField> move_fields(const State& before, const Option& option,
                                             std::size_t first_item) const = 0;

  // Moves from a component, by count and random access so that a huge heap need not be
  // enumerated.
  virtual Count count_options(const State& state) const = 0;
  virtual Option option(const State& state, Count index) const = 0;

  // Normal-play Grundy value of a component. Fails, naming the limit, when it cannot be had
  // within `limits` (e.g. a computed ruleset asked about a heap beyond Limits::max_table).
  virtual Result<Nimber> value(const State& state, const Limits& limits) const = 0;
  // The component's generalized value (loopy_value.h) with its counter and whether its play can
  // repeat. The default, for a ruleset whose play always ends: value() as a finite value, counter
  // 0, no repetition. A loopy ruleset overrides it (and loopy_option_values()); generic code asks
  // it of the components of a ruleset whose facts say `loopy`, and value() of the others.
  virtual Result<CountedValue> loopy_value(const State& state, const Limits& limits) const;
  // The generalized values of the component's options, in option order; an option that leaves
  // several components has the value of their sum and counter 0. The default asks loopy_value()
  // of each part, failing past Limits::max_scan options; a loopy ruleset reads them from its table.
  virtual Result<std::vector<CountedValue>> loopy_option_values(const State& state,
                                                                const Limits& limits) const;
  // Options whose result has value `target`, in option order. The default scans every option
  // (failing past Limits::max_scan); rulesets with structure override it.
  virtual Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                                       const Limits& limits) const;
  // How many options reach value `target`, and the first `list` of them in option order.
  struct CountedOptions {
    Count count = 0;            // every option reaching the value, listed or not
    std::vector<Option> first;  // the first min(count, list) of them, in option order
  };
  // The default lists them all with options_to_value() and keeps the first `list`, so it fails
  // where that fails; rulesets that count without listing (by residue classes) override it, so
  // that a component of billions of winning moves is counted exactly and its first moves listed.
  virtual Result<CountedOptions> count_options_to_value(const State& state, Nimber target,
                                                        std::uint64_t list,
                                                        const Limits& limits) const;
  // A rule that decides P-positions under `convention` without Grundy values or a search
  // (Wythoff's pairs, Fibonacci Nim, Moore's Nim_k under both conventions), or nullopt.
  // analyze() uses it for a position whose only movable component is this one.
  virtual std::optional<bool> is_p_position(const State& /*state*/,
                                            Convention /*convention*/) const {
    return std::nullopt;
  }
  // The options that lead to a P-position under `convention`, in option order, for a ruleset
  // with is_p_position(): under normal play options_to_value(state, 0); under misère play, by
  // default, a scan of every option judged by is_p_position(), paid up front (move_cost() steps
  // an option) so that a scan out of reach fails at once. Fails (kUnsupported) when an option is
  // not one component the rule decides.
  virtual Result<std::vector<Option>> options_to_p_position(const State& state,
                                                            Convention convention,
                                                            const Limits& limits) const;
  // A move to a P-position under `convention` made by the rule's own construction (Moore's),
  // without listing the options: what analyze() keeps when the options are too many to list.
  // nullopt when the ruleset has no construction, or when is_p_position() is not false.
  virtual std::optional<Option> move_to_p_position(const State& /*state*/,
                                                   Convention /*convention*/) const {
    return std::nullopt;
  }

  // Appends to `key` the state the search memoizes a component under: equal for games that are
  // equal up to relabelling (an isomorphic graph). The default appends the state itself (no copy:
  // the search builds a key per position it meets).
  virtual void append_canonical(const State& state, std::vector<std::uint64_t>& key) const {
    key.insert(key.end(), state.begin(), state.end());
  }
  // The canonical state alone.
  State canonical(const State& state) const {
    State out;
    append_canonical(state, out);
    return out;
  }
  // How much play a component holds (objects on the heaps, vertices of a graph): the computer
  // prefers, in a lost position it cannot search, the smallest move in the largest component.
  virtual Count weight(const State& state) const = 0;
  // Work steps one move from this state costs a search (its share of the work meter): 1 for
  // states of a few words, more where making a move means rebuilding a large state (a graph).
  virtual std::uint64_t move_cost(const State& /*state*/) const { return 1; }
  // The rule for misère play of sums of this ruleset's components alone, or nullptr.
  virtual const MisereSumRule* misere_rule() const { return nullptr; }
  // The normal-play answer to a sum of this ruleset's components written as bare items (`text`,
  // as parse_position() reads it with this ruleset by default), read straight from the text, for
  // a ruleset whose values and moves have a formula cheaper than building the position (Nim: the
  // nim-sum of the sizes): the sum's Grundy value and its first winning move in legal-move order
  // as format_move() writes it (empty when the value is 0). nullopt (the default) whenever the
  // text needs the general path — any item but a plain one, no item, very many — never a
  // different answer. analyze_brief() (analysis.h) asks it first. With `components`, the answer
  // also holds the components the text reads as (parse_components' answer) and their values, so
  // that a caller that writes the position out need not parse the text again.
  struct SumAnswer {
    Nimber value = 0;
    std::string first_winning_move;
    std::vector<ParsedComponent> components;  // only when asked for
    std::vector<Nimber> values;               // only when asked for
  };
  virtual std::optional<SumAnswer> answer_sum_text(std::string_view /*text*/,
                                                   bool /*components*/ = false) const {
    return std::nullopt;
  }
  // Why a component has its value, in words worth teaching ("zero move available, odd: n+1"),
  // or empty.
  virtual std::string value_reason(const State& /*state*/) const { return ""; }

  // count_options(state), failing with "<spec> has N moves from this position, more than the
  // scan limit L" when a scan of every option would pass limits.max_scan.
  Result<Count> scannable_option_count(const State& state, const Limits& limits) const;
  // The XOR of the values of the components an option leaves.
  Result<Nimber> option_value(const Option& option, const Limits& limits) const;
  // For a ruleset whose value() has a formula that cannot fail, the first step of
  // options_to_value(): the change value(state) ^ target a move must make, or nullopt when no
  // move makes one (a target past 64 bits, or the value itself: no option keeps it).
  std::optional<std::uint64_t> value_change(const State& state, Nimber target,
                                            const Limits& limits) const;

 protected:
  explicit Ruleset(RulesetFacts facts) : facts_(facts) {}

 private:
  RulesetFacts facts_;
};

// Decimal uint64 parsing shared by every notation: "heap \"3x\" is not a non-negative integer",
// "heap \"18446744073709551616\" is larger than 18446744073709551615".
Result<std::uint64_t> parse_u64(std::string_view text, std::string_view what);

}  // namespace nimkit
