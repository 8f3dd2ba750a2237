#include "nimkit/periodicity.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <vector>

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

// For all-but games: the prefix maxima and prefix mexes of the values, so that the bound T of the
// arithmetic periodicity theorem (periodicity.h) is found in O(log size) per candidate.
class ValueBound {
 public:
  template <typename V>
  explicit ValueBound(std::span<const V> g) : max_(g.size() + 1, 0), mex_(g.size() + 1, 0) {
    std::vector<bool> seen(g.size() + 2, false);
    std::uint64_t mex = 0;
    for (std::size_t i = 0; i < g.size(); ++i) {
      const std::uint64_t v = g[i];
      if (v < seen.size()) seen[v] = true;
      while (mex < seen.size() && seen[mex]) ++mex;
      max_[i + 1] = std::max(max_[i], v);
      mex_[i + 1] = mex;
    }
  }
  // max g(m) for m < n (n ≤ size).
  std::uint64_t max_below(std::uint64_t n) const { return max_[n]; }
  // The smallest j with every value 0 ... v among g(0) ... g(j - 1), or nullopt past the values.
  std::optional<std::uint64_t> covering(std::uint64_t v) const {
    const auto it = std::upper_bound(mex_.begin(), mex_.end(), v);
    if (it == mex_.end()) return std::nullopt;
    return static_cast<std::uint64_t>(it - mex_.begin());
  }

 private:
  std::vector<std::uint64_t> max_;
  std::vector<std::uint64_t> mex_;  // mex_[j]: the mex of g(0) ... g(j - 1)
};

// The theorem's bound for a candidate: E, or T for all-but games (saturated when the values do
// not reach it yet).
std::uint64_t candidate_end(const PeriodTheorem& theorem, const ValueBound* bound,
                            std::uint64_t preperiod, std::uint64_t period, std::uint64_t saltus) {
  const std::uint64_t e = theorem.end(preperiod, period);
  if (bound == nullptr) return e;
  const auto j = bound->covering(add(bound->max_below(preperiod + period), saltus));
  return j ? std::max(e, add(*j, theorem.max_take)) : kSaturated;
}

std::string proof_text(const PeriodTheorem& theorem, const Periodicity& p) {
  const std::uint64_t end = p.needed - p.period;
  if (theorem.arithmetic()) {
    return fmt::format(
        "arithmetic periodicity theorem: g(n + p) = g(n) + s checked for n0 <= n < T = {} (T >= "
        "n0 + k and every value up to max g(m), m < n0 + p, plus s among g(0) ... g(T - k - 1), "
        "with k = the largest excluded number = {})",
        end, theorem.max_take);
  }
  return fmt::format("periodicity theorem: g(n + p) = g(n) checked for n0 <= n < E = {} ({})", end,
                     theorem.describe());
}

template <typename V>
std::optional<Periodicity> find_period_in(std::span<const V> g, const PeriodTheorem& theorem) {
  const std::uint64_t count = g.size();
  if (count < 2) return std::nullopt;
  std::optional<ValueBound> bound;
  if (theorem.arithmetic()) bound.emplace(g);
  std::optional<Periodicity> best;
  std::vector<std::uint64_t> bases;  // periods seen to repeat at length: skip their multiples
  for (std::uint64_t p = 1; 2 * p <= count; ++p) {
    if (best && add(theorem.end(0, p), p) >= best->needed) break;  // grows with p
    if (std::any_of(bases.begin(), bases.end(), [p](std::uint64_t b) { return p % b == 0; })) {
      continue;
    }
    std::uint64_t saltus = 0;
    if (theorem.arithmetic()) {
      if (g[count - 1] < g[count - 1 - p]) continue;
      saltus = std::uint64_t{g[count - 1]} - g[count - 1 - p];
    }
    std::uint64_t n = count - 1;
    while (n >= p && std::uint64_t{g[n]} == std::uint64_t{g[n - p]} + saltus) --n;
    const std::uint64_t preperiod = n >= p ? n - p + 1 : 0;
    const std::uint64_t tail = count - preperiod - p;  // values that repeat an earlier one
    if (tail >= std::max<std::uint64_t>(p, 32)) bases.push_back(p);
    const std::uint64_t needed =
        add(candidate_end(theorem, bound ? &*bound : nullptr, preperiod, p, saltus), p);
    if (!best || needed < best->needed) {
      best = Periodicity{p, preperiod, false, count - 1, "", saltus, needed};
    }
  }
  if (best && best->needed <= count) {
    best->proved = true;
    best->checked_to = best->needed - 1;
    best->proof = proof_text(theorem, *best);
  }
  return best;
}

}  // namespace

PeriodTheorem PeriodTheorem::all_but(std::uint64_t max_excluded) {
  PeriodTheorem theorem;
  theorem.family = Family::kAllBut;
  theorem.max_take = max_excluded;
  theorem.one_heap_moves = true;
  return theorem;
}

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
  if (family == Family::kAllBut) return add(preperiod, std::max<std::uint64_t>(k, 1));
  const std::uint64_t n1 = std::max<std::uint64_t>(preperiod, 1);
  std::uint64_t e = add(preperiod, 1);  // a game with no moves: one comparison settles it
  if (one_heap_moves) e = std::max(e, std::max(add(preperiod, k), add(k, 1)));
  if (two_heap_moves) e = std::max(e, add(add(times(n1, 2), period), k));
  if (three_heap_moves) e = std::max(e, add(add(times(n1, 3), times(period, 2)), k));
  return e;
}

std::string PeriodTheorem::describe() const {
  if (family == Family::kSubtraction) return fmt::format("n0 + k with k = max S = {}", max_take);
  if (family == Family::kAllBut) {
    return fmt::format("T >= n0 + k with k = the largest excluded number = {}", max_take);
  }
  std::string terms;
  auto term = [&](std::string_view t) { terms += (terms.empty() ? "" : ", ") + std::string(t); };
  if (one_heap_moves) term("max(n0 + k, k + 1)");
  if (two_heap_moves) term("2·max(n0,1) + p + k");
  if (three_heap_moves) term("3·max(n0,1) + 2·p + k");
  if (terms.empty()) term("n0 + 1");
  return fmt::format("the largest of {} with k = {}", terms, max_take);
}

std::optional<Periodicity> find_period(std::span<const std::uint16_t> values,
                                       const PeriodTheorem& theorem) {
  return find_period_in(values, theorem);
}
std::optional<Periodicity> find_period(std::span<const std::uint32_t> values,
                                       const PeriodTheorem& theorem) {
  return find_period_in(values, theorem);
}
std::optional<Periodicity> find_period(std::span<const std::uint64_t> values,
                                       const PeriodTheorem& theorem) {
  return find_period_in(values, theorem);
}

}  // namespace nimkit
