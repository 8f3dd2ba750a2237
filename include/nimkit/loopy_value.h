// Values of loopy impartial games: games whose play may repeat a position and so go on for ever
// (a token on a directed graph with cycles). Smith (1966), Fraenkel and Yesha; Siegel,
// Combinatorial Game Theory, ch. IV; Winning Ways, ch. 11-12.
//
// The generalized Sprague-Grundy function γ gives each position either a finite nimber n or the
// value ∞(K), K the set of finite values among its options. γ(u) = n exactly when u + *n is a loss
// for the player to move in finitely many moves (u has options of every value below n, none of
// value n, and every option of a larger or infinite value has an option of value n); every other
// position is infinite. A counter function c (the order in which the labelling algorithm gave the
// finite values) makes the win finite: from an option v of u of larger or infinite value there is
// an option w of v with γ(w) = γ(u) and c(w) < c(u), so a player who undoes such moves with
// decreasing counters cannot be kept going round a cycle.
//
// Sums: finite values add as nimbers (XOR); n + ∞(K) = ∞(K ⊕ n), K ⊕ n = {k ⊕ n : k in K}; and
// the sum of two infinite values is ∞(∅), a draw. The outcome of a value: 0 is a loss for the
// player to move (the second player wins), n > 0 a win, ∞(K) a win when 0 is in K (move to the
// option of value 0) and otherwise a draw: neither player can force a win.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/nimber.h"
#include "nimkit/result.h"

namespace nimkit {

// Who wins with perfect play: the player to move, the other player, or neither (a draw: play
// goes on for ever). kLast names the last value: keep it last, and give a new value its name in
// the table beside to_string() (loopy_value.cc), which checks it.
enum class Outcome { kFirst, kSecond, kDraw, kLast = kDraw };

// "first", "second", "draw".
std::string_view to_string(Outcome outcome);

class LoopyValue {
 public:
  // The finite value 0.
  LoopyValue() = default;
  static LoopyValue finite(Nimber value);
  // ∞(K) for the finite values `reached` (any order, repeats allowed).
  static LoopyValue infinite(std::vector<Nimber> reached);

  bool is_finite() const { return finite_; }
  // The finite value; 0 for an infinite one.
  Nimber nimber() const { return value_; }
  // K of ∞(K), ascending and without repeats; empty for a finite value.
  const std::vector<Nimber>& reached() const { return reached_; }
  Outcome outcome() const;

  friend bool operator==(const LoopyValue&, const LoopyValue&) = default;

 private:
  bool finite_ = true;
  Nimber value_ = 0;
  std::vector<Nimber> reached_;
};

// The value of a sum (the rule above).
LoopyValue operator^(const LoopyValue& a, const LoopyValue& b);

// "3", "∞{0,2}", and "∞" for ∞(∅).
std::string to_string(const LoopyValue& value);
// The same in ASCII: "3", "inf{0,2}", "inf".
std::string to_ascii(const LoopyValue& value);
// Reads either form back ("inf" in any case; spaces after commas allowed). Fails naming the text.
Result<LoopyValue> parse_loopy_value(std::string_view text);

// A component's value as a loopy ruleset reports it (Ruleset::loopy_value).
struct CountedValue {
  LoopyValue value;
  // c(u) for a finite value (see above): smaller for the positions labelled earlier. 0 for an
  // infinite value, and for rulesets whose play cannot repeat (any move ends nearer the end).
  std::uint64_t counter = 0;
  // Whether play from this component can come back to a position it has left: a search of its
  // game tree would never end, so only values answer for it.
  bool can_repeat = false;
};

}  // namespace nimkit
