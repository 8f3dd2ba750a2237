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

// The bound E(n0, p) of PeriodTheorem::end as a few numbers, so that the period search evaluates
// it inline:
//   E = max(n0 + shift, floor, f·max(n0, 1) + (f - 1)·p + k)   (saturating sums),
// the last term only for octal games with moves leaving two heaps (f = 2: 2·n1 + p + k) or three
// (f = 3: 3·n1 + 2·p + k, never below the two-heap term, so it alone counts when both apply).
// For octal games n0 + shift is max(n0 + 1, n0 + k) and floor = k + 1 when moves leave one heap;
// for subtraction and all-but games E = n0 + max(k, 1).
//
// E(n0, p) + p ≥ E(n0 + p, 0), term by term (n1 + p ≥ max(n0 + p, 1)): a candidate whose
// repeating run starts at heap x = n0 + p needs at least E(x, 0) values, whatever its period.
// For all-but games the bound T is at least E too (see candidate_end), so this holds for them.
class EndFormula {
 public:
  explicit EndFormula(const PeriodTheorem& theorem) : k_(theorem.max_take) {
    if (theorem.family != PeriodTheorem::Family::kOctal) {
      shift_ = std::max<std::uint64_t>(k_, 1);
      return;
    }
    if (theorem.one_heap_moves) {
      shift_ = std::max<std::uint64_t>(k_, 1);
      floor_ = add(k_, 1);
    }
    if (theorem.two_heap_moves) factor_ = 2;
    if (theorem.three_heap_moves) factor_ = 3;
  }

  std::uint64_t operator()(std::uint64_t preperiod, std::uint64_t period) const {
    std::uint64_t e = std::max(add(preperiod, shift_), floor_);
    if (factor_ != 0) {
      const std::uint64_t n1 = std::max<std::uint64_t>(preperiod, 1);
      e = std::max(e, add(add(times(n1, factor_), times(period, factor_ - 1)), k_));
    }
    return e;
  }

 private:
  std::uint64_t k_;
  std::uint64_t shift_ = 1;  // a game with no moves: E = n0 + 1
  std::uint64_t floor_ = 0;
  std::uint64_t factor_ = 0;  // 0: no term in p
};

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
      mex = mex_of_bitmap(seen, mex);
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
std::uint64_t candidate_end(const EndFormula& end, std::uint64_t max_take, const ValueBound* bound,
                            std::uint64_t preperiod, std::uint64_t period, std::uint64_t saltus) {
  const std::uint64_t e = end(preperiod, period);
  if (bound == nullptr) return e;
  const auto j = bound->covering(add(bound->max_below(preperiod + period), saltus));
  return j ? std::max(e, add(*j, max_take)) : kSaturated;
}

// Values compared per step by the block loops below: plain loops of a fixed length without an
// early exit, which the compiler turns into vector compares.
constexpr std::uint64_t kBlock = 64;

// Where the run of values repeating at distance p (with saltus s) at the end of g begins: the
// smallest x ≥ p with g(n) = g(n - p) + s (mod 2^64) for every x ≤ n < size, so the candidate's
// preperiod is x - p.
template <typename V>
std::uint64_t run_start(std::span<const V> g, std::uint64_t p, std::uint64_t saltus) {
  std::uint64_t x = g.size();
  // Whole blocks first; the block that fails is looked at one value at a time below.
  while (x >= p + kBlock) {
    const V* now = g.data() + (x - kBlock);
    const V* before = now - p;
    // Integer OR-reductions (not a bool): the form GCC vectorizes.
    std::uint64_t differ = 0;
    if (saltus == 0) {
      V bits = 0;
      for (std::uint64_t j = 0; j < kBlock; ++j) bits |= static_cast<V>(now[j] ^ before[j]);
      differ = bits;
    } else {
      for (std::uint64_t j = 0; j < kBlock; ++j) {
        differ |= (std::uint64_t{now[j]} - std::uint64_t{before[j]}) ^ saltus;
      }
    }
    if (differ != 0) break;
    x -= kBlock;
  }
  while (x > p && std::uint64_t{g[x - 1]} - std::uint64_t{g[x - 1 - p]} == saltus) --x;
  return x;
}

// The most values at the end that the search asks a period to repeat before it looks at the
// period (find_period_in): enough to pass over most periods with a few vector compares.
constexpr std::uint64_t kMaxDepth = 4;

// The smallest q with p ≤ q ≤ last_p whose run (run_start, saltus 0) covers at least the last
// `Depth` values: g(size - 1 - i) = g(size - 1 - i - q) for i < Depth; last_p + 1 if none.
// Needs last_p + Depth ≤ size.
template <std::uint64_t Depth, typename V>
std::uint64_t next_repeating(std::span<const V> g, std::uint64_t p, std::uint64_t last_p) {
  static_assert(Depth >= 1 && Depth <= kMaxDepth);
  const std::uint64_t last = g.size() - 1;
  V tail[Depth];
  for (std::uint64_t i = 0; i < Depth; ++i) tail[i] = g[last - i];
  auto repeats = [&](std::uint64_t q) {
    std::uint64_t i = 0;
    while (i < Depth && g[last - i - q] == tail[i]) ++i;
    return i == Depth;
  };
  // A few periods one at a time first: behind a short period with a long run (its multiples all
  // repeat), the next candidate is near and a whole block would be compared for nothing.
  for (const std::uint64_t first_end = std::min(p + 8, last_p + 1); p < first_end; ++p) {
    if (repeats(p)) return p;
  }
  // Block of q = p ... p + kBlock - 1: g(last - i - q) lies at low[kBlock - 1 - (q - p) - i],
  // ascending in memory as q falls.
  while (p + kBlock - 1 <= last_p) {
    const V* low = g.data() + (last - (p + kBlock - 1));
    unsigned hits = 0;
    for (std::uint64_t j = 0; j < kBlock; ++j) {
      unsigned match = low[j] == tail[0];
      for (std::uint64_t i = 1; i < Depth; ++i) match &= *(low + j - i) == tail[i];
      hits |= match;
    }
    if (hits != 0) break;
    p += kBlock;
  }
  for (; p <= last_p; ++p) {
    if (repeats(p)) return p;
  }
  return last_p + 1;
}

// Periods that are multiples of a period seen to repeat at length (a run of at least max(p, 32)
// values): the search skips them. A bit per period up to last_p, allocated at the first such
// period, so a skip costs one test instead of a division per such period (period_search_bytes
// counts it for memory budgets).
class Multiples {
 public:
  explicit Multiples(std::uint64_t last_p) : last_p_(last_p) {}
  bool contains(std::uint64_t p) const { return !marks_.empty() && marks_[p]; }
  void add_multiples_of(std::uint64_t base) {
    if (marks_.empty()) marks_.assign(last_p_ + 1, false);
    for (std::uint64_t m = 2 * base; m <= last_p_; m += base) marks_[m] = true;
  }

 private:
  std::uint64_t last_p_;
  std::vector<bool> marks_;
};

// The shortest run at the end (values repeating at distance p) with which a period could need
// fewer than `needed` values, or size + 1 if none could: a run of t values starts at x = size - t
// and needs at least E(x, 0) values (EndFormula), which falls as t grows.
std::uint64_t needed_run(const EndFormula& end, std::uint64_t count, std::uint64_t needed) {
  std::uint64_t low = 0;
  std::uint64_t high = count + 1;
  while (low < high) {
    const std::uint64_t mid = low + (high - low) / 2;
    if (end(count - mid, 0) < needed) {
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  return low;
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

// Tries the periods p = 1, 2, ... in order and keeps the first that needs the fewest values. Each
// p's preperiod comes from the run of repeating values at the end (run_start). What makes this
// cheap on long tables (ten million periods for a preperiod of ten million) is skipping, never
// changing the answer: periods whose run is too short to beat the best so far (needed_run),
// multiples of periods with long runs (Multiples), and the all-but bound T
// where E already rules the candidate out.
template <typename V>
std::optional<Periodicity> find_period_in(std::span<const V> g, const PeriodTheorem& theorem) {
  const std::uint64_t count = g.size();
  if (count < 2) return std::nullopt;
  const EndFormula end(theorem);
  std::optional<ValueBound> bound;
  if (theorem.arithmetic()) bound.emplace(g);
  const std::uint64_t last_p = count / 2;  // periods with 2p > size are not considered
  Multiples skipped(last_p);
  std::optional<Periodicity> best;
  // Once a candidate is known, a period whose run at the end is shorter than `run` cannot need
  // fewer values; unless its run is also long enough to skip its multiples (max(p, 32) values),
  // looking at it changes nothing. So the search jumps to the next period that repeats the last
  // `depth` values (vector compares; arithmetic periods take their saltus from the last value, so
  // only ordinary ones), and tests one deeper value before scanning a run.
  std::uint64_t run = 0;
  std::uint64_t depth = 0;
  for (std::uint64_t p = 1; p <= last_p; ++p) {
    switch (depth) {
      case 1:
        p = next_repeating<1>(g, p, last_p);
        break;
      case 2:
        p = next_repeating<2>(g, p, last_p);
        break;
      case 3:
        p = next_repeating<3>(g, p, last_p);
        break;
      case 4:
        p = next_repeating<4>(g, p, last_p);
        break;
      default:
        break;
    }
    if (p > last_p) break;
    // E(0, p) + p grows with p and bounds what this and every later period needs.
    if (best && add(end(0, p), p) >= best->needed) break;
    if (skipped.contains(p)) continue;
    std::uint64_t saltus = 0;
    if (theorem.arithmetic()) {
      if (g[count - 1] < g[count - 1 - p]) continue;
      saltus = std::uint64_t{g[count - 1]} - g[count - 1 - p];
    }
    if (const std::uint64_t probe = std::min<std::uint64_t>(run, 32);
        probe != 0 && probe <= count - p &&
        std::uint64_t{g[count - probe]} - std::uint64_t{g[count - probe - p]} != saltus) {
      continue;  // the run is shorter than `probe`
    }
    const std::uint64_t start = run_start(g, p, saltus);
    if (count - start >= std::max<std::uint64_t>(p, 32)) skipped.add_multiples_of(p);
    if (count - start < run) continue;  // needs at least E(n0 + p, 0) ≥ best->needed
    const std::uint64_t preperiod = start - p;
    const std::uint64_t needed = add(
        candidate_end(end, theorem.max_take, bound ? &*bound : nullptr, preperiod, p, saltus), p);
    if (!best || needed < best->needed) {
      best = Periodicity{p, preperiod, false, count - 1, "", saltus, needed};
      run = needed_run(end, count, needed);
      // The filter compares the last `depth` values of every period up to last_p.
      if (!theorem.arithmetic()) depth = std::min({run, kMaxDepth, count - last_p});
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
  return EndFormula(*this)(preperiod, period);
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

std::optional<Periodicity> find_period(std::span<const std::uint8_t> values,
                                       const PeriodTheorem& theorem) {
  return find_period_in(values, theorem);
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
