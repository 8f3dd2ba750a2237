#include "nimkit/games/wythoff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "nimkit/bisect.h"
#include "nimkit/checked.h"

namespace nimkit {
namespace {

using U128 = Nimber;
constexpr U128 kLow64 = (U128{1} << 64) - 1;

// a * b as a 256-bit number (hi, lo).
struct U256 {
  U128 hi;
  U128 lo;
  friend bool operator<=(const U256& a, const U256& b) {
    return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
  }
};

U256 multiply(U128 a, U128 b) {
  const U128 a0 = a & kLow64, a1 = a >> 64, b0 = b & kLow64, b1 = b >> 64;
  const U128 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const U128 mid = (p00 >> 64) + (p01 & kLow64) + (p10 & kLow64);
  return U256{p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64), (p00 & kLow64) | (mid << 64)};
}

// ⌊n·√5⌋, exact: the largest m with m² ≤ 5n².
U128 floor_n_sqrt5(std::uint64_t n) {
  const U256 five_n2 = multiply(U128{n} * n, 5);
  auto fits = [&](U128 m) { return multiply(m, m) <= five_n2; };
  const long double estimate = std::sqrt(5.0L) * static_cast<long double>(n);
  U128 m = static_cast<U128>(estimate);
  while (m > 0 && !fits(m)) --m;
  while (fits(m + 1)) ++m;
  return m;
}

// The pair's Grundy table: g[i * (y + 1) + j] for i ≤ x, j ≤ y.
Result<std::vector<std::uint32_t>> grundy_table(std::uint64_t x, std::uint64_t y,
                                                const Limits& limits) {
  // Sizes are computed in checked arithmetic: for x or y = 2^64-1, `x + 1` wraps to 0 and a
  // wrapped product would pass the limit check.
  const std::optional<std::uint64_t> rows_count = checked_add(x, 1);
  const std::optional<std::uint64_t> cols_count = checked_add(y, 1);
  const std::optional<std::uint64_t> cells =
      rows_count && cols_count ? checked_size(*rows_count, *cols_count, limits.max_table)
                               : std::nullopt;
  if (!cells) {
    return fail_limit(fmt::format(
        "wythoff: the Grundy value of ({}, {}) needs a table of {} cells, more than the table "
        "limit {}",
        x, y, to_string((U128{x} + 1) * (U128{y} + 1)), limits.max_table));
  }
  // x + y + 1 fits: the table check above bounds x and y by the table limit.
  const std::uint64_t words = (x + y + 2) / 64 + 1;  // values are at most x + y
  if (!checked_size(*cells, words, limits.max_scan)) {
    return fail_limit(
        fmt::format("wythoff: the Grundy value of ({}, {}) needs more work than the scan limit {}",
                    x, y, limits.max_scan));
  }
  const std::uint64_t w = y + 1;
  std::vector<std::uint32_t> g(static_cast<std::size_t>(*cells));
  // Bit sets of the values already in each row, column and diagonal.
  std::vector<std::uint64_t> rows((x + 1) * words), cols((y + 1) * words),
      diags((x + y + 1) * words);
  for (std::uint64_t i = 0; i <= x; ++i) {
    for (std::uint64_t j = 0; j <= y; ++j) {
      const std::uint64_t* r = &rows[i * words];
      const std::uint64_t* c = &cols[j * words];
      const std::uint64_t* d = &diags[(i + y - j) * words];
      std::uint64_t v = 0;
      for (std::uint64_t k = 0; k < words; ++k) {
        const std::uint64_t used = r[k] | c[k] | d[k];
        if (used != ~std::uint64_t{0}) {
          v = k * 64 + static_cast<std::uint64_t>(__builtin_ctzll(~used));
          break;
        }
      }
      g[i * w + j] = static_cast<std::uint32_t>(v);
      rows[i * words + v / 64] |= std::uint64_t{1} << (v % 64);
      cols[j * words + v / 64] |= std::uint64_t{1} << (v % 64);
      diags[(i + y - j) * words + v / 64] |= std::uint64_t{1} << (v % 64);
    }
  }
  return g;
}

}  // namespace

std::string WythoffGame::summary() const {
  return "on a pair of heaps, take any number from one heap or the same number from both";
}

Nimber WythoffGame::lower_wythoff(std::uint64_t n) {
  // ⌊nφ⌋ = ⌊(n + n√5) / 2⌋ = ⌊(n + ⌊n√5⌋) / 2⌋.
  return (U128{n} + floor_n_sqrt5(n)) / 2;
}

Nimber WythoffGame::partner(std::uint64_t x) {
  if (x == 0) return 0;
  constexpr long double kPhi = 1.6180339887498948482045868343656381L;
  // x = ⌊nφ⌋ (then its partner is x + n) or x = ⌊nφ⌋ + n (partner ⌊nφ⌋), for exactly one n.
  const auto lower = static_cast<std::uint64_t>(static_cast<long double>(x) / kPhi);
  for (std::uint64_t n = lower > 2 ? lower - 2 : 1; n <= lower + 2; ++n) {
    if (n >= 1 && lower_wythoff(n) == x) return U128{x} + n;
  }
  const auto upper = static_cast<std::uint64_t>(static_cast<long double>(x) / (kPhi * kPhi));
  for (std::uint64_t n = upper > 2 ? upper - 2 : 1; n <= upper + 2; ++n) {
    if (n >= 1 && lower_wythoff(n) + n == x) return lower_wythoff(n);
  }
  assert(false && "Beatty sequences cover every positive integer");
  return 0;
}

std::optional<bool> WythoffGame::p_position(std::span<const Heap> component,
                                            Convention convention) const {
  if (convention != Convention::kNormal) return std::nullopt;
  return partner(component[0].size) == component[1].size;
}

Count WythoffGame::option_count(std::span<const Heap> component) const {
  const std::uint64_t x = component[0].size, y = component[1].size;
  return Count{x} + y + std::min(x, y);
}

HeapOption WythoffGame::option_at(std::span<const Heap> component, Count index) const {
  const std::uint64_t x = component[0].size, y = component[1].size;
  // Options taking at most t objects.
  auto up_to = [&](U128 t) {
    return std::min<U128>(t, x) + std::min<U128>(t, y) + std::min<U128>(t / 2, std::min(x, y));
  };
  const U128 lo = 1, hi = U128{x} + y;
  // The objects the index-th option takes: the least t with more than `index` options up to t.
  const U128 t = first_true(lo, hi, [&](U128 mid) { return up_to(mid) > index; });
  U128 rank = index - up_to(t - 1);
  if (t <= x) {
    if (rank == 0)
      return HeapOption{{Heap{x - static_cast<std::uint64_t>(t)}, Heap{y}},
                        static_cast<std::uint64_t>(t)};
    --rank;
  }
  if (t % 2 == 0 && t / 2 <= std::min(x, y)) {
    const auto s = static_cast<std::uint64_t>(t / 2);
    if (rank == 0) return HeapOption{{Heap{x - s}, Heap{y - s}}, 2 * s};
    --rank;
  }
  return HeapOption{{Heap{x}, Heap{y - static_cast<std::uint64_t>(t)}},
                    static_cast<std::uint64_t>(t)};
}

Result<std::vector<Nimber>> WythoffGame::grundy_grid(std::uint64_t rows, std::uint64_t columns,
                                                     const Limits& limits) const {
  std::vector<Nimber> grid;
  if (rows == 0 || columns == 0) return grid;
  auto table = grundy_table(rows - 1, columns - 1, limits);
  if (!table) return table.failure();
  grid.assign(table->begin(), table->end());
  return grid;
}

Result<Nimber> WythoffGame::grundy(std::span<const Heap> component, const Limits& limits) const {
  const std::uint64_t x = component[0].size, y = component[1].size;
  if (p_position(component, Convention::kNormal).value()) return Nimber{0};
  auto table = grundy_table(x, y, limits);
  if (!table) return table.failure();
  return Nimber{table->back()};
}

Result<std::vector<HeapOption>> WythoffGame::options_with_value(std::span<const Heap> component,
                                                                Nimber target,
                                                                const Limits& limits) const {
  const std::uint64_t x = component[0].size, y = component[1].size;
  std::vector<HeapOption> found;
  if (target == 0) {
    const Nimber px = partner(x), py = partner(y);
    if (px < y)
      found.push_back(HeapOption{{Heap{x}, Heap{static_cast<std::uint64_t>(px)}},
                                 y - static_cast<std::uint64_t>(px)});
    if (py < x)
      found.push_back(HeapOption{{Heap{static_cast<std::uint64_t>(py)}, Heap{y}},
                                 x - static_cast<std::uint64_t>(py)});
    // Along the diagonal the difference d stays: the P-position with difference d is
    // (⌊dφ⌋, ⌊dφ⌋ + d).
    const std::uint64_t low = std::min(x, y), d = std::max(x, y) - low;
    const Nimber a = lower_wythoff(d);
    if (a < low) {
      const std::uint64_t s = low - static_cast<std::uint64_t>(a);
      found.push_back(HeapOption{{Heap{x - s}, Heap{y - s}}, 2 * s});
    }
    std::sort(found.begin(), found.end(), [](const HeapOption& p, const HeapOption& q) {
      return std::tie(p.take, p.result) < std::tie(q.take, q.result);
    });
    return found;
  }
  const Count count = option_count(component);
  if (count > limits.max_scan) {
    return fail_limit(fmt::format("wythoff has {} moves from ({}, {}), more than the scan limit {}",
                                  to_string(count), x, y, limits.max_scan));
  }
  auto table = grundy_table(x, y, limits);
  if (!table) return table.failure();
  for (Count i = 0; i < count; ++i) {
    HeapOption option = option_at(component, i);
    const std::uint64_t v = (*table)[option.result[0].size * (y + 1) + option.result[1].size];
    if (v == target) found.push_back(std::move(option));
  }
  return found;
}

Result<std::vector<HeapOption>> WythoffGame::options_taking(std::span<const Heap> component,
                                                            std::size_t heap, std::uint64_t take,
                                                            const Limits& /*limits*/) const {
  std::vector<HeapOption> found;
  if (take == 0 || heap > 1 || take > component[heap].size) return found;
  std::vector<Heap> result(component.begin(), component.end());
  result[heap].size -= take;
  found.push_back(HeapOption{std::move(result), take});
  return found;
}

}  // namespace nimkit
