// Tables of enumerator names: each enum's names are written once, in a table beside its
// to_string() (in the source of the layer that declares the enum), which the parser of the same
// names reads too. This header holds only the table's type and its checks, so it pulls no layer
// into another.
//
// A table does not get the compiler's -Wswitch warning a switch over the enum would, so each enum
// declares its last enumerator beside its values (kLast, an alias of the last one) and each table
// is checked against it by a static_assert: an enumerator added without a name, or a table out of
// the enum's order, stops the build.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace nimkit {

template <typename Enum>
struct EnumName {
  Enum value;
  std::string_view name;  // a string literal (so also NUL-terminated), not empty, unique
};

// Whether `names` gives every value of Enum, from 0 to Enum::kLast, in the enum's order, with
// names neither empty nor repeated.
template <typename Enum, std::size_t N>
constexpr bool names_every_value(const EnumName<Enum> (&names)[N]) {
  if (N != static_cast<std::size_t>(Enum::kLast) + 1) return false;
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(names[i].value) != i || names[i].name.empty()) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (names[j].name == names[i].name) return false;
    }
  }
  return true;
}

// The name of `value` ("?" for a value outside the enum, which only a bad cast makes).
template <typename Enum, std::size_t N>
constexpr std::string_view name_of(const EnumName<Enum> (&names)[N], Enum value) {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index].name : std::string_view("?");
}

// The value named `name` exactly, if any.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> value_named(const EnumName<Enum> (&names)[N], std::string_view name) {
  for (const EnumName<Enum>& entry : names) {
    if (entry.name == name) return entry.value;
  }
  return std::nullopt;
}

}  // namespace nimkit
