#include "nimkit/periodicity.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace nimkit {
namespace {

constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

// a + b, saturating.
std::uint64_t add(std::uint64_t a, std::uint64_t b) {
  return a > kSaturated - b ? kSaturated : a + b;
}
// a * b for small b, saturating.
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
  return b != 0 && a > kSaturated / b ? kSaturated : a * b;
}

}  // namespace

PeriodTheorem PeriodTheorem::subtraction(std::uint64_t max_take) {
  PeriodTheorem theorem;
  theorem.family = Family::kSubtraction;
  theorem.max_take = max_take;
  theorem.one_heap_moves = true;
  return theorem;
}

PeriodTheorem PeriodTheorem::octal(const OctalCode& code) {
  PeriodTheorem theorem;
  theorem.family = Family::kOctal;
  theorem.max_take = code.max_take();
  for (std::uint8_t d : code.digits) {
    theorem.one_heap_moves = theorem.one_heap_moves || (d & 3) != 0;
    theorem.two_heap_moves = theorem.two_heap_moves || (d & 4) != 0;
    theorem.three_heap_moves = theorem.three_heap_moves || (d & 8) != 0;
  }
  return theorem;
}

std::uint64_t PeriodTheorem::end(std::uint64_t preperiod, std::uint64_t period) const {
  const std::uint64_t k = max_take;
  if (family == Family::kSubtraction) return add(preperiod, std::max<std::uint64_t>(k, 1));
  const std::uint64_t n1 = std::max<std::uint64_t>(preperiod, 1);
  std::uint64_t e = add(preperiod, 1);  // a game with no moves: one comparison settles it
  if (one_heap_moves) e = std::max(e, std::max(add(preperiod, k), add(k, 1)));
  if (two_heap_moves) e = std::max(e, add(add(times(n1, 2), period), k));
  if (three_heap_moves) e = std::max(e, add(add(times(n1, 3), times(period, 2)), k));
  return e;
}

std::string PeriodTheorem::describe() const {
  if (family == Family::kSubtraction) return fmt::format("n0 + k with k = max S = {}", max_take);
  std::string terms;
  auto term = [&](std::string_view t) { terms += (terms.empty() ? "" : ", ") + std::string(t); };
  if (one_heap_moves) term("max(n0 + k, k + 1)");
  if (two_heap_moves) term("2·max(n0,1) + p + k");
  if (three_heap_moves) term("3·max(n0,1) + 2·p + k");
  if (terms.empty()) term("n0 + 1");
  return fmt::format("the largest of {} with k = {}", terms, max_take);
}

std::optional<Periodicity> find_proved_period(std::span<const std::uint64_t> values,
                                              const PeriodTheorem& theorem) {
  const std::uint64_t size = values.size();
  for (std::uint64_t p = 1; p < size; ++p) {
    // Even n0 = 0 needs values up to end(0, p) + p - 1; larger p only needs more.
    if (theorem.end(0, p) > size - p) break;
    // n0 = one past the last n with g(n + p) != g(n).
    std::uint64_t n0 = size - p;
    while (n0 > 0 && values[n0 - 1 + p] == values[n0 - 1]) --n0;
    const std::uint64_t e = theorem.end(n0, p);
    if (e <= size - p) {
      return Periodicity{p, n0, true, e + p - 1,
                         fmt::format("periodicity theorem: g(n + p) = g(n) checked for n0 <= n < "
                                     "E = {} ({})",
                                     e, theorem.describe())};
    }
  }
  return std::nullopt;
}

}  // namespace nimkit
