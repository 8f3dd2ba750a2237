#include "nimkit/loopy_value.h"

#include <fmt/format.h>

#include <algorithm>

#include "enum_names.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

constexpr EnumName<Outcome> kOutcomeNames[] = {
    {Outcome::kFirst, "first"},
    {Outcome::kSecond, "second"},
    {Outcome::kDraw, "draw"},
};
static_assert(names_every_value(kOutcomeNames), "an Outcome has no name");

void normalize(std::vector<Nimber>& values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
}

std::string written(const LoopyValue& value, std::string_view infinity) {
  if (value.is_finite()) return to_string(value.nimber());
  if (value.reached().empty()) return std::string(infinity);
  std::vector<std::string> parts;
  parts.reserve(value.reached().size());
  for (Nimber k : value.reached()) parts.push_back(to_string(k));
  return fmt::format("{}{{{}}}", infinity, fmt::join(parts, ","));
}

// A decimal nimber, at most 2^128 - 1.
std::optional<Nimber> parse_nimber(std::string_view text) {
  if (text.empty() || text.size() > 39) return std::nullopt;
  Nimber value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<unsigned>(c - '0');
    if (value > (~Nimber{0} - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace

std::string_view to_string(Outcome outcome) { return name_of(kOutcomeNames, outcome); }

LoopyValue LoopyValue::finite(Nimber value) {
  LoopyValue out;
  out.value_ = value;
  return out;
}

LoopyValue LoopyValue::infinite(std::vector<Nimber> reached) {
  LoopyValue out;
  out.finite_ = false;
  normalize(reached);
  out.reached_ = std::move(reached);
  return out;
}

Outcome LoopyValue::outcome() const {
  if (finite_) return value_ == 0 ? Outcome::kSecond : Outcome::kFirst;
  // reached_ is ascending: 0 is among them exactly when it comes first.
  return !reached_.empty() && reached_.front() == 0 ? Outcome::kFirst : Outcome::kDraw;
}

LoopyValue operator^(const LoopyValue& a, const LoopyValue& b) {
  if (a.is_finite() && b.is_finite()) return LoopyValue::finite(a.nimber() ^ b.nimber());
  if (!a.is_finite() && !b.is_finite()) return LoopyValue::infinite({});
  const LoopyValue& loopy = a.is_finite() ? b : a;
  const Nimber shift = a.is_finite() ? a.nimber() : b.nimber();
  std::vector<Nimber> reached = loopy.reached();
  for (Nimber& k : reached) k ^= shift;
  return LoopyValue::infinite(std::move(reached));
}

std::string to_string(const LoopyValue& value) { return written(value, "∞"); }

std::string to_ascii(const LoopyValue& value) { return written(value, "inf"); }

Result<LoopyValue> parse_loopy_value(std::string_view text) {
  const auto bad = [&] {
    return fail(fmt::format(
        "value {} is not a loopy value: expected a nimber such as 3, or ∞{{0,2}} (inf{{0,2}})",
        quoted(text)));
  };
  const std::string_view body = trim(text);
  if (auto finite = parse_nimber(body)) return LoopyValue::finite(*finite);
  std::string_view rest;
  if (body.starts_with("∞")) {
    rest = body.substr(std::string_view("∞").size());
  } else if (body.size() >= 3 && ascii_lower(body.substr(0, 3)) == "inf") {
    rest = body.substr(3);
  } else {
    return bad();
  }
  if (rest.empty()) return LoopyValue::infinite({});
  if (rest.front() != '{' || rest.back() != '}') return bad();
  rest = trim(rest.substr(1, rest.size() - 2));
  std::vector<Nimber> reached;
  if (!rest.empty()) {
    for (const std::string& part : split(rest, ',')) {
      auto k = parse_nimber(trim(part));
      if (!k) return bad();
      reached.push_back(*k);
    }
  }
  return LoopyValue::infinite(std::move(reached));
}

}  // namespace nimkit
