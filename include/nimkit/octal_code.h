// Octal codes: the Winning Ways notation for take-and-break games, and the named games.
//
// A code "d0.d1d2...dk" gives one digit per number of objects removed: digit d_j says what may be
// left after removing j objects from one heap, as the sum of
//   1  the heap may be removed entirely (only when it holds exactly j objects),
//   2  one non-empty heap may be left,
//   4  two non-empty heaps may be left (the rest is split in two),
//   8  three non-empty heaps may be left (hexadecimal digits 8-F).
// d0 is 0 or, for splitting without removing anything, 4, 8 or C ("4.12"). The integer part may
// be left out (".77" is "0.77") and so may the point when only d0 is given ("4" is "4.0").
//
// A code has at most kMaxOctalDigits digits after the point: the longest codes of the published
// tables are Flammenkamp's 0.0…07 family (one digit 7 after up to 24 zeros, 25 digits), and each
// value of a code of t digits costs the engine about t times the work of one digit (every split
// length is marked and searched), while a checkpoint stores the code in at most 64 characters.
//
// The named games: kayles 0.77, dawson 0.07 (Dawson's Kayles), dawsons-chess 0.137, guiles 0.15,
// officers 0.6, treblecross 0.007, double-kayles 0.7777.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/result.h"

namespace nimkit {

// Digits after the point a code may have (see the top of this file).
inline constexpr std::size_t kMaxOctalDigits = 32;

struct OctalCode {
  // digits[j] for removing j objects; digits[0] is d0. Never empty; no trailing zero digit after
  // d1 (so equal games have equal codes).
  std::vector<std::uint8_t> digits;

  // Reads "0.77", ".77", "4.12", "4", "0.F" (hex digits in either case). Fails naming the text and
  // the offending character: not a digit, d0 other than 0/4/8/C, more than one '.', empty, more
  // than kMaxOctalDigits digits after the point.
  static Result<OctalCode> parse(std::string_view text);
  // Canonical text: d0, '.', d1..dk with at least one digit after the point ("0.77", "4.0").
  std::string to_string() const;
  // The largest j ≥ 1 with d_j != 0; 0 when the only moves are splits without removal (or none).
  std::size_t max_take() const;
  // Whether finitely many digits are non-zero. Every OctalCode is finite: the notation has no
  // repeating digits, so the periodicity theorem always applies. Kept so that callers that rely on
  // the theorem state that precondition.
  bool finite() const;
  // The most heaps one move may leave: 1 (digits 1-3), 2 (4-7) or 3 (8-F); 0 for no moves.
  std::size_t max_parts() const;

  friend bool operator==(const OctalCode&, const OctalCode&) = default;
};

struct NamedOctalGame {
  std::string_view name;   // "kayles"
  std::string_view code;   // "0.77"
  std::string_view title;  // "Kayles"
  std::string_view rules;  // in plain words: "knock down one pin, or two adjacent pins; ..."
};

// The named games, in the order listed above.
std::span<const NamedOctalGame> named_octal_games();

// The code of a named game, or nullopt for an unknown name.
std::optional<OctalCode> octal_code_by_name(std::string_view name);

}  // namespace nimkit
