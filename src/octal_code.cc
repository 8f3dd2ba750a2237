#include "nimkit/octal_code.h"

#include <fmt/format.h>

#include <array>

#include "nimkit/quote.h"

namespace nimkit {
namespace {

// The rules in words of bowling: a heap is a row of pins, and a move knocks down adjacent pins.
constexpr std::array<NamedOctalGame, 7> kNamed = {{
    {"kayles", "0.77", "Kayles",
     "knock down one pin, or two adjacent pins; a row may split in two"},
    {"dawson", "0.07", "Dawson's Kayles", "knock down two adjacent pins; a row may split in two"},
    {"dawsons-chess", "0.137", "Dawson's Chess",
     "knock down a pin standing alone, two pins at the end of a row, or three adjacent pins "
     "anywhere; a row may split in two"},
    {"guiles", "0.15", "Guiles",
     "knock down a pin standing alone, or two adjacent pins that stand alone or leave pins on "
     "both sides, splitting the row in two"},
    {"officers", "0.6", "Officers",
     "knock down one pin of a row of two or more, never a pin standing alone; a row may split in "
     "two"},
    {"treblecross", "0.007", "Treblecross",
     "knock down three adjacent pins; a row may split in two"},
    {"double-kayles", "0.7777", "Double Kayles",
     "knock down one to four adjacent pins; a row may split in two"},
}};

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Result<OctalCode> OctalCode::parse(std::string_view text) {
  if (text.empty()) return fail("octal code is empty: expected digits like 0.77");
  const std::size_t point = text.find('.');
  std::string_view whole = point == std::string_view::npos ? text : text.substr(0, point);
  std::string_view fraction =
      point == std::string_view::npos ? std::string_view{} : text.substr(point + 1);
  if (fraction.find('.') != std::string_view::npos) {
    return fail(fmt::format("octal code {} has more than one '.'", quoted(text)));
  }
  if (whole.size() > 1) {
    return fail(
        fmt::format("octal code {}: the part before '.' must be one digit (0, 4, 8 or C), got {}",
                    quoted(text), quoted(whole)));
  }
  // Trailing zeros count: a code is refused before its digits are read, whatever they are.
  if (fraction.size() > kMaxOctalDigits) {
    return fail(fmt::format(
        "octal code {} has {} digits after the point, more than the limit of {} (the longest "
        "published codes have 25)",
        quoted(text), fraction.size(), kMaxOctalDigits));
  }
  OctalCode code;
  int d0 = 0;
  if (!whole.empty()) {
    d0 = hex_value(whole[0]);
    if (d0 != 0 && d0 != 4 && d0 != 8 && d0 != 12) {
      return fail(
          fmt::format("octal code {}: d0 must be 0, 4, 8 or C (splitting without removing), got {}",
                      quoted(text), quoted(whole)));
    }
  } else if (fraction.empty()) {
    return fail(fmt::format("octal code {} has no digits", quoted(text)));
  }
  code.digits.push_back(static_cast<std::uint8_t>(d0));
  for (char c : fraction) {
    const int d = hex_value(c);
    if (d < 0) {
      return fail(fmt::format("octal code {}: {} is not a digit (expected 0-9 or A-F)",
                              quoted(text), quoted(std::string_view(&c, 1))));
    }
    code.digits.push_back(static_cast<std::uint8_t>(d));
  }
  while (code.digits.size() > 1 && code.digits.back() == 0) code.digits.pop_back();
  // All zeros: a game in which no move is ever legal, almost surely a typo for a real code.
  if (code.digits.size() == 1 && code.digits[0] == 0) {
    return fail(fmt::format("octal code {} allows no move (every digit is 0)", quoted(text)));
  }
  return code;
}

std::string OctalCode::to_string() const {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string text;
  text += kHex[digits.empty() ? 0 : digits[0]];
  text += '.';
  if (digits.size() <= 1) {
    text += '0';
  } else {
    for (std::size_t j = 1; j < digits.size(); ++j) text += kHex[digits[j] & 15];
  }
  return text;
}

std::size_t OctalCode::max_take() const {
  for (std::size_t j = digits.size(); j-- > 1;) {
    if (digits[j] != 0) return j;
  }
  return 0;
}

bool OctalCode::finite() const { return true; }

std::size_t OctalCode::max_parts() const {
  std::size_t parts = 0;
  for (std::uint8_t d : digits) {
    if (d & 8) return 3;
    if (d & 4) parts = 2;
    if ((d & 3) != 0 && parts == 0) parts = 1;
  }
  return parts;
}

std::span<const NamedOctalGame> named_octal_games() { return kNamed; }

std::optional<OctalCode> octal_code_by_name(std::string_view name) {
  for (const NamedOctalGame& game : kNamed) {
    if (game.name == name) return OctalCode::parse(game.code).value();
  }
  return std::nullopt;
}

}  // namespace nimkit
