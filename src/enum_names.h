// The names of the library's enumerators, each written once in a table that to_string() and the
// parser of the same names both read.
//
// A table does not get the compiler's -Wswitch warning a switch over the enum would, so each enum
// declares its last enumerator beside its values (kLast, an alias of the last one) and each table
// here is checked against it by a static_assert: an enumerator added without a name here, or a
// table out of the enum's order, stops the build.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "nimkit/analysis.h"
#include "nimkit/census.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"
#include "nimkit/strategy.h"

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

inline constexpr EnumName<Convention> kConventionNames[] = {
    {Convention::kNormal, "normal"},
    {Convention::kMisere, "misere"},
};
static_assert(names_every_value(kConventionNames), "a Convention has no name");

inline constexpr EnumName<Player> kPlayerNames[] = {
    {Player::kFirst, "first"},
    {Player::kSecond, "second"},
};
static_assert(names_every_value(kPlayerNames), "a Player has no name");

inline constexpr EnumName<Method> kMethodNames[] = {
    {Method::kNimSum, "nim-sum"},
    {Method::kMisereNim, "misère Nim rule"},
    {Method::kPositionRule, "P-position rule"},
    {Method::kGrundyValues, "Grundy values"},
    {Method::kSearch, "search"},
    {Method::kMisereQuotient, "misere-quotient"},
};
static_assert(names_every_value(kMethodNames), "a Method has no name");

inline constexpr EnumName<ErrorKind> kErrorKindNames[] = {
    {ErrorKind::kBadInput, "bad input"},
    {ErrorKind::kLimit, "limit"},
    {ErrorKind::kCancelled, "cancelled"},
    {ErrorKind::kUnsupported, "unsupported"},
};
static_assert(names_every_value(kErrorKindNames), "an ErrorKind has no name");

inline constexpr EnumName<ValueSource> kValueSourceNames[] = {
    {ValueSource::kClosedForm, "closed form"},
    {ValueSource::kPeriodic, "mex until the periodicity theorem proves a period"},
    {ValueSource::kComputed, "computed (mex)"},
    {ValueSource::kSearch, "game-tree search"},
};
static_assert(names_every_value(kValueSourceNames), "a ValueSource has no name");

inline constexpr EnumName<ValueShape> kValueShapeNames[] = {
    {ValueShape::kNone, "none"},
    {ValueShape::kSequence, "sequence"},
    {ValueShape::kGrid, "grid"},
};
static_assert(names_every_value(kValueShapeNames), "a ValueShape has no name");

// A skilled level's text adds its skill: "skilled:0.7".
inline constexpr EnumName<Level::Kind> kLevelKindNames[] = {
    {Level::Kind::kPerfect, "perfect"},
    {Level::Kind::kRandom, "random"},
    {Level::Kind::kSkilled, "skilled"},
};
static_assert(names_every_value(kLevelKindNames), "a Level::Kind has no name");

inline constexpr EnumName<CensusClass> kCensusClassNames[] = {
    {CensusClass::kTrivial, "trivial"},
    {CensusClass::kSolved, "solved"},
    {CensusClass::kUnsolved, "unsolved"},
};
static_assert(names_every_value(kCensusClassNames), "a CensusClass has no name");

inline constexpr EnumName<PublishedComparison::Verdict> kVerdictNames[] = {
    {PublishedComparison::Verdict::kAgrees, "agrees"},
    {PublishedComparison::Verdict::kDisagrees, "disagrees"},
    {PublishedComparison::Verdict::kUnproved, "unproved"},
};
static_assert(names_every_value(kVerdictNames), "a PublishedComparison::Verdict has no name");

}  // namespace nimkit
