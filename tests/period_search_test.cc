// The period finder against a plain reference search: the same candidate (period, preperiod,
// saltus, values needed, proof) on many sequences — eventually periodic with random preperiods,
// periods and saltus, with noise, and random — for every theorem family and value width; and the
// theorem's bound E against its formula in periodicity.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"

namespace nimkit {
namespace {

constexpr std::uint64_t kMax = ~std::uint64_t{0};

// a + b and a * b, saturating at 2^64 - 1.
std::uint64_t add(std::uint64_t a, std::uint64_t b) { return a > kMax - b ? kMax : a + b; }
std::uint64_t mul(std::uint64_t a, std::uint64_t b) {
  return b != 0 && a > kMax / b ? kMax : a * b;
}

// E(n0, p) written out from the list at the top of periodicity.h.
std::uint64_t formula_end(const PeriodTheorem& t, std::uint64_t n0, std::uint64_t p) {
  const std::uint64_t k = t.max_take;
  if (t.family != PeriodTheorem::Family::kOctal) return add(n0, std::max<std::uint64_t>(k, 1));
  const std::uint64_t n1 = std::max<std::uint64_t>(n0, 1);
  std::uint64_t e = add(n0, 1);
  if (t.one_heap_moves) e = std::max({e, add(n0, k), add(k, 1)});
  if (t.two_heap_moves) e = std::max(e, add(add(mul(n1, 2), p), k));
  if (t.three_heap_moves) e = std::max(e, add(add(mul(n1, 3), mul(p, 2)), k));
  return e;
}

// The search the library's find_period must agree with: every period p = 1 ... size/2 in order,
// its preperiod by comparing values from the end one at a time, the values it needs by the
// theorem's bound (for all-but games T from the prefix maxima and mexes, by their definitions),
// kept when it needs fewer than the best so far; the loop stops once E(0, p) + p reaches the best,
// and skips multiples of periods that repeat over at least max(p, 32) values.
template <typename V>
std::optional<Periodicity> reference(const std::vector<V>& g, const PeriodTheorem& t) {
  const std::uint64_t count = g.size();
  if (count < 2) return std::nullopt;
  // prefix_max[n] = max g(m), m < n; prefix_mex[n] = the mex of g(0) ... g(n - 1).
  std::vector<std::uint64_t> prefix_max(count + 1, 0);
  std::vector<std::uint64_t> prefix_mex(count + 1, 0);
  std::vector<bool> seen(count + 2, false);  // a mex of count values is at most count
  for (std::uint64_t n = 1; n <= count; ++n) {
    prefix_max[n] = std::max<std::uint64_t>(prefix_max[n - 1], g[n - 1]);
    if (g[n - 1] <= count) seen[g[n - 1]] = true;
    std::uint64_t mex = prefix_mex[n - 1];
    while (seen[mex]) ++mex;
    prefix_mex[n] = mex;
  }
  std::optional<Periodicity> best;
  std::vector<std::uint64_t> bases;
  for (std::uint64_t p = 1; 2 * p <= count; ++p) {
    if (best && add(formula_end(t, 0, p), p) >= best->needed) break;
    if (std::any_of(bases.begin(), bases.end(), [p](std::uint64_t b) { return p % b == 0; })) {
      continue;
    }
    std::uint64_t saltus = 0;
    if (t.arithmetic()) {
      if (g[count - 1] < g[count - 1 - p]) continue;
      saltus = std::uint64_t{g[count - 1]} - g[count - 1 - p];
    }
    std::uint64_t n = count - 1;
    while (n >= p && std::uint64_t{g[n]} == std::uint64_t{g[n - p]} + saltus) --n;
    const std::uint64_t preperiod = n >= p ? n - p + 1 : 0;
    if (count - preperiod - p >= std::max<std::uint64_t>(p, 32)) bases.push_back(p);
    std::uint64_t end = formula_end(t, preperiod, p);
    if (t.arithmetic()) {
      const std::uint64_t top = add(prefix_max[preperiod + p], saltus);
      std::uint64_t j = 0;
      while (j <= count && prefix_mex[j] <= top) ++j;
      end = j <= count ? std::max(end, add(j, t.max_take)) : kMax;
    }
    const std::uint64_t needed = add(end, p);
    if (!best || needed < best->needed) {
      best = Periodicity{p, preperiod, false, count - 1, "", saltus, needed};
    }
  }
  if (best && best->needed <= count) {
    best->proved = true;
    best->checked_to = best->needed - 1;
    const std::uint64_t end = best->needed - best->period;
    best->proof =
        t.arithmetic()
            ? "arithmetic periodicity theorem: g(n + p) = g(n) + s checked for n0 <= n < T = " +
                  std::to_string(end) +
                  " (T >= n0 + k and every value up to max g(m), m < n0 + p, plus s among g(0) "
                  "... g(T - k - 1), with k = the largest excluded number = " +
                  std::to_string(t.max_take) + ")"
            : "periodicity theorem: g(n + p) = g(n) checked for n0 <= n < E = " +
                  std::to_string(end) + " (" + t.describe() + ")";
  }
  return best;
}

std::string show(const std::optional<Periodicity>& p) {
  if (!p) return "none";
  return "period " + std::to_string(p->period) + " from " + std::to_string(p->preperiod) +
         " saltus " + std::to_string(p->saltus) + " needed " + std::to_string(p->needed) +
         " checked_to " + std::to_string(p->checked_to) + (p->proved ? " proved: " : " open") +
         p->proof;
}

template <typename V>
std::string show_values(const std::vector<V>& g) {
  std::string text;
  for (std::size_t i = 0; i < g.size() && i < 400; ++i) text += std::to_string(g[i]) + " ";
  return text + (g.size() > 400 ? "..." : "");
}

// find_period on g equals the reference, field by field; returns whether it did.
template <typename V>
bool agrees(const std::vector<V>& g, const PeriodTheorem& t) {
  const std::string got = show(find_period(std::span<const V>(g), t));
  const std::string want = show(reference(g, t));
  EXPECT_EQ(got, want) << "theorem: " << t.describe() << ", " << g.size()
                       << " values: " << show_values(g);
  return got == want;
}

// Every theorem family, with the octal kinds of move in every combination and the bound k from
// none to saturating.
std::vector<PeriodTheorem> theorems() {
  std::vector<PeriodTheorem> all;
  for (const std::uint64_t k : std::vector<std::uint64_t>{0, 1, 2, 3, 7, 40, kMax - 1, kMax}) {
    all.push_back(PeriodTheorem::subtraction(k));
    if (k != 0) all.push_back(PeriodTheorem::all_but(k));
    for (int kinds = 0; kinds < 8; ++kinds) {
      PeriodTheorem t;
      t.family = PeriodTheorem::Family::kOctal;
      t.max_take = k;
      t.one_heap_moves = (kinds & 1) != 0;
      t.two_heap_moves = (kinds & 2) != 0;
      t.three_heap_moves = (kinds & 4) != 0;
      all.push_back(t);
    }
  }
  for (const char* code : {"0.77", "0.354", "0.6", "4.12", "0.16", "0.F", "0.007"}) {
    all.push_back(PeriodTheorem::octal(OctalCode::parse(code).value()));
  }
  return all;
}

// A random sequence of `count` values: eventually periodic (a random prefix, then a random
// period repeated with a saltus), sometimes with a few values changed, sometimes periodic with a
// period made of a shorter block repeated (long runs at many distances), sometimes plain noise.
std::vector<std::uint64_t> random_sequence(std::mt19937_64& rng, std::uint64_t count,
                                           bool arithmetic) {
  auto below = [&rng](std::uint64_t n) { return n == 0 ? 0 : rng() % n; };
  const std::uint64_t alphabet = std::vector<std::uint64_t>{1, 2, 3, 4, 6, 10, 64, 1000}[below(8)];
  const std::uint64_t shape = below(5);
  std::vector<std::uint64_t> g(count);
  if (shape == 0) {
    for (auto& v : g) v = below(alphabet);
    return g;
  }
  const std::uint64_t preperiod = below(std::min<std::uint64_t>(count, 1 + below(600)));
  const std::uint64_t period = 1 + below(std::vector<std::uint64_t>{3, 12, 40, 200}[below(4)]);
  const std::uint64_t saltus = arithmetic && below(3) != 0 ? below(4) : 0;
  const std::uint64_t block = 1 + below(period);
  for (std::uint64_t n = 0; n < count; ++n) {
    if (n < preperiod + period) {
      // Shape 3: the first period repeats a block of `block` values with rare changes.
      g[n] = shape == 3 && n >= preperiod + block && below(8) != 0 ? g[n - block] : below(alphabet);
    } else {
      g[n] = g[n - period] + saltus;
    }
  }
  if (shape == 4 && count > 0) {
    for (std::uint64_t changes = 1 + below(4); changes > 0; --changes) {
      g[below(count)] = below(alphabet + 1);
    }
  }
  return g;
}

template <typename V>
std::vector<V> narrowed(const std::vector<std::uint64_t>& g) {
  std::vector<V> out(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) out[i] = static_cast<V>(g[i]);
  return out;
}

TEST(PeriodSearch, TheBoundIsTheFormulaAndARunBoundsWhatItNeeds) {
  std::mt19937_64 rng(7);
  const std::vector<std::uint64_t> edges = {0, 1, 2, 3, kMax / 3, kMax / 2, kMax - 2, kMax};
  for (const PeriodTheorem& t : theorems()) {
    for (int trial = 0; trial < 2000; ++trial) {
      const std::uint64_t n0 = trial < 64 ? edges[trial % 8] : rng() >> (rng() % 64);
      const std::uint64_t p = trial < 64 ? edges[trial / 8] : rng() >> (rng() % 64);
      ASSERT_EQ(t.end(n0, p), formula_end(t, n0, p)) << t.describe() << " n0 " << n0 << " p " << p;
      // What the search uses to pass over periods: a run starting at heap n0 + p needs at least
      // E(n0 + p, 0) values, whatever p is.
      if (n0 <= kMax - p && p >= 1) {
        ASSERT_GE(add(t.end(n0, p), p), t.end(n0 + p, 0)) << t.describe() << " n0 " << n0;
      }
    }
  }
}

TEST(PeriodSearch, EveryShortSequenceOfThreeValuesAgreesWithTheReference) {
  // All 3^n sequences of n ≤ 9 values: every table size where the filter depth is capped.
  std::vector<PeriodTheorem> some = {PeriodTheorem::subtraction(2), PeriodTheorem::all_but(1),
                                     PeriodTheorem::octal(OctalCode::parse("0.77").value()),
                                     PeriodTheorem::octal(OctalCode::parse("0.F").value())};
  for (std::uint64_t n = 0; n <= 9; ++n) {
    std::uint64_t total = 1;
    for (std::uint64_t i = 0; i < n; ++i) total *= 3;
    for (std::uint64_t code = 0; code < total; ++code) {
      std::vector<std::uint16_t> g(n);
      for (std::uint64_t i = 0, c = code; i < n; ++i, c /= 3)
        g[i] = static_cast<std::uint16_t>(c % 3);
      for (const PeriodTheorem& t : some) {
        if (!agrees(g, t)) return;
      }
    }
  }
}

TEST(PeriodSearch, RandomSequencesAgreeWithTheReferenceForEveryTheoremAndWidth) {
  std::mt19937_64 rng(2026);
  const std::vector<PeriodTheorem> all = theorems();
  int proved = 0;
  int open = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const PeriodTheorem& t = all[rng() % all.size()];
    const std::uint64_t count = rng() % 4 == 0 ? rng() % 40 : rng() % 3000;
    const auto g = random_sequence(rng, count, t.arithmetic());
    const auto want = reference(g, t);
    if (want) (want->proved ? proved : open)++;
    switch (trial % 3) {
      case 0:
        if (!agrees(narrowed<std::uint16_t>(g), t)) return;
        break;
      case 1:
        if (!agrees(narrowed<std::uint32_t>(g), t)) return;
        break;
      default:
        if (!agrees(g, t)) return;
    }
  }
  // Both outcomes were exercised, not only one.
  EXPECT_GT(proved, 300);
  EXPECT_GT(open, 300);
}

TEST(PeriodSearch, LongTablesAgreeWithTheReference) {
  // Long preperiods and periods, where the search passes over most periods with vector compares
  // and the runs are scanned a block at a time.
  std::mt19937_64 rng(354);
  const PeriodTheorem octal = PeriodTheorem::octal(OctalCode::parse("0.354").value());
  for (int trial = 0; trial < 12; ++trial) {
    const std::uint64_t count = 20'000 + rng() % 200'000;
    const std::uint64_t preperiod = rng() % (count / 2);
    const std::uint64_t period = 1 + rng() % (trial % 2 == 0 ? 30 : 3000);
    const std::uint64_t alphabet = 2 + rng() % 30;
    std::vector<std::uint16_t> g(count);
    for (std::uint64_t n = 0; n < count; ++n) {
      g[n] = n < preperiod + period ? static_cast<std::uint16_t>(rng() % alphabet) : g[n - period];
    }
    if (trial % 3 == 2) g[count - 1 - rng() % 100] ^= 1;  // the run broken near the end
    if (!agrees(g, octal)) return;
    // Every prefix a doubling search would look at.
    for (std::uint64_t size = 1024; size < count; size *= 2) {
      if (!agrees(
              std::vector<std::uint16_t>(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(size)),
              octal)) {
        return;
      }
    }
  }
}

TEST(PeriodSearch, HugeValuesAndArithmeticWrapAgreeWithTheReference) {
  // 64-bit values near 2^64: the saltus and the comparisons are taken modulo 2^64.
  std::mt19937_64 rng(64);
  for (int trial = 0; trial < 400; ++trial) {
    auto g = random_sequence(rng, rng() % 500, true);
    const std::uint64_t offset = kMax - rng() % 8;
    for (auto& v : g) v += offset;
    if (!agrees(g, PeriodTheorem::all_but(1 + rng() % 5))) return;
    if (!agrees(g, PeriodTheorem::subtraction(rng() % 5))) return;
  }
}

}  // namespace
}  // namespace nimkit
