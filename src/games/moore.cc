#include "nimkit/games/moore.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>
#include <map>
#include <vector>

#include "nimkit/bisect.h"
#include "nimkit/quote.h"

namespace nimkit {
namespace {

using U128 = Nimber;
__extension__ typedef __int128 I128;  // NOLINT(modernize-use-using): keeps -Wpedantic quiet

constexpr U128 kMaxCount = ~U128{0};

std::vector<std::uint64_t> sizes_of(std::span<const Heap> component) {
  std::vector<std::uint64_t> sizes;
  sizes.reserve(component.size());
  for (const Heap& h : component) sizes.push_back(h.size);
  return sizes;
}

// Divides one of `terms` by the prime p (one of them is a multiple of p).
void divide_one(std::vector<U128>& terms, U128 p) {
  for (U128& t : terms) {
    if (t % p == 0) {
      t /= p;
      return;
    }
  }
}

// C(x, r) modulo 2^128 (exact whenever it is below 2^128); 0 when x < r.
U128 binomial(I128 x, std::size_t r) {
  if (x < static_cast<I128>(r)) return 0;
  std::vector<U128> terms(r);
  for (std::size_t i = 0; i < r; ++i) terms[i] = static_cast<U128>(x - static_cast<I128>(i));
  // r consecutive integers hold every prime factor of r! at least as often as r! does.
  for (std::size_t d = 2; d <= r; ++d) {
    std::size_t q = d;
    for (std::size_t p = 2; p * p <= q; ++p) {
      while (q % p == 0) {
        q /= p;
        divide_one(terms, p);
      }
    }
    if (q > 1) divide_one(terms, q);
  }
  U128 product = 1;
  for (U128 t : terms) product *= t;
  return product;
}

// Vectors d over heaps[from..] with 0 ≤ d_j ≤ heap j, sum ≤ s and at most b entries non-zero
// (the all-zero vector included), by inclusion-exclusion over the heaps that exceed their size.
// Modulo 2^128: exact whenever the count is below 2^128.
//
// The terms are grouped by (heaps chosen, excess), so the work is polynomial in the heap count
// when the heap sizes repeat (m heaps of one size give O(m²) groups), instead of 3^m for a walk
// over every subset; groups whose excess passes s contribute nothing and are dropped.
U128 count_up_to(std::span<const Heap> heaps, std::size_t from, I128 s, std::size_t b) {
  if (s < 0) return 0;
  // (chosen, excess) -> signed multiplicity, modulo 2^128.
  std::map<std::pair<std::size_t, I128>, U128> groups{{{0, 0}, 1}};
  for (std::size_t j = from; j < heaps.size(); ++j) {
    std::map<std::pair<std::size_t, I128>, U128> next;
    for (const auto& [group, weight] : groups) {
      const auto [size, excess] = group;
      next[group] += weight;
      if (size >= b) continue;
      if (s - excess >= static_cast<I128>(size + 1)) next[{size + 1, excess}] += weight;
      const I128 over = excess + static_cast<I128>(heaps[j].size);
      if (s - over >= static_cast<I128>(size + 1)) next[{size + 1, over}] -= weight;
    }
    groups = std::move(next);
  }
  U128 total = 0;
  for (const auto& [group, weight] : groups) {
    const auto [size, excess] = group;
    if (s - excess >= static_cast<I128>(size)) total += weight * binomial(s - excess, size);
  }
  return total;
}

// Calls `visit(d)` for every decrement vector d of a move: 1 to k non-zero entries, d_j ≤ heap j.
void for_each_move(std::span<const std::uint64_t> heaps, std::uint64_t k,
                   const std::function<void(const std::vector<std::uint64_t>&)>& visit) {
  std::vector<std::uint64_t> d(heaps.size(), 0);
  std::function<void(std::size_t, std::uint64_t)> walk = [&](std::size_t j, std::uint64_t used) {
    if (j == heaps.size()) {
      if (used > 0) visit(d);
      return;
    }
    walk(j + 1, used);
    if (used < k) {
      for (std::uint64_t take = 1; take <= heaps[j]; ++take) {
        d[j] = take;
        walk(j + 1, used + 1);
      }
      d[j] = 0;
    }
  };
  walk(0, 0);
}

// Whether the sizes are a normal-play P-position: every digit column's count a multiple of k + 1.
bool normal_p(std::span<const std::uint64_t> sizes, std::uint64_t k) {
  for (int bit = 0; bit < 64; ++bit) {
    std::uint64_t count = 0;
    for (const std::uint64_t h : sizes) count += (h >> bit) & 1;
    if (count % (k + 1) != 0) return false;
  }
  return true;
}

// Moore's construction (moore.h): the sizes after a move to a normal-play P-position, or nullopt
// when `sizes` is one. Each heap reduced had a digit go from 1 to 0 above every digit it gained,
// so it is smaller; at most k are reduced.
std::optional<std::vector<std::uint64_t>> normal_move(std::span<const std::uint64_t> sizes,
                                                      std::uint64_t k) {
  std::vector<std::uint64_t> next(sizes.begin(), sizes.end());
  std::vector<bool> reduced(sizes.size(), false);
  std::uint64_t free = 0;  // heaps reduced so far: at most k
  for (int bit = 63; bit >= 0; --bit) {
    const std::uint64_t mask = std::uint64_t{1} << bit;
    std::uint64_t ones = 0;
    for (std::size_t j = 0; j < sizes.size(); ++j) ones += !reduced[j] && (sizes[j] & mask) != 0;
    const std::uint64_t r = ones % (k + 1);
    const std::uint64_t wanted = (k + 1 - r) % (k + 1);  // 1s the reduced heaps must supply
    if (wanted <= free) {
      std::uint64_t set = 0;
      for (std::size_t j = 0; j < sizes.size(); ++j) {
        if (!reduced[j]) continue;
        next[j] = set < wanted ? next[j] | mask : next[j] & ~mask;
        set += set < wanted;
      }
      continue;
    }
    // free + r ≤ k: reduce r more heaps here; no reduced heap keeps this digit.
    std::uint64_t cleared = 0;
    for (std::size_t j = 0; j < sizes.size(); ++j) {
      if (reduced[j]) {
        next[j] &= ~mask;
      } else if (cleared < r && (sizes[j] & mask) != 0) {
        next[j] &= ~mask;
        reduced[j] = true;
        ++cleared;
      }
    }
    free += cleared;
  }
  if (free == 0) return std::nullopt;
  return next;
}

bool at_most_one(std::span<const std::uint64_t> sizes) {
  return std::all_of(sizes.begin(), sizes.end(), [](std::uint64_t h) { return h <= 1; });
}

// Misère play: the number of 1-heaps counts when every heap is 0 or 1 (moore.h).
bool misere_p(std::span<const std::uint64_t> sizes, std::uint64_t k) {
  if (!at_most_one(sizes)) return normal_p(sizes, k);
  const auto ones = static_cast<std::uint64_t>(std::count(sizes.begin(), sizes.end(), 1));
  return ones % (k + 1) == 1;
}

// A move to a misère P-position leaving only heaps of 0 and 1 from a misère N-position with at
// most k heaps of 2 or more: each of those goes to 0 or 1 (`big_left` of them to 1) and `emptied`
// 1-heaps go to 0, so that the 1-heaps left are ≡ 1 (mod k + 1); nullopt when no such move is
// within k heaps (the caller then has the normal-play move, which leaves a larger heap).
std::optional<std::vector<std::uint64_t>> misere_ending(std::span<const std::uint64_t> sizes,
                                                        std::uint64_t k) {
  std::uint64_t big = 0, ones = 0;
  for (const std::uint64_t h : sizes) {
    big += h >= 2;
    ones += h == 1;
  }
  if (big > k) return std::nullopt;
  for (std::uint64_t emptied = 0; emptied <= std::min(ones, k - big); ++emptied) {
    for (std::uint64_t big_left = 0; big_left <= big; ++big_left) {
      if ((big_left + ones - emptied) % (k + 1) != 1) continue;
      std::vector<std::uint64_t> next(sizes.begin(), sizes.end());
      std::uint64_t left = 0, gone = 0;
      for (std::uint64_t& h : next) {
        if (h >= 2) {
          h = left < big_left ? 1 : 0;
          ++left;
        } else if (h == 1 && gone < emptied) {
          h = 0;
          ++gone;
        }
      }
      return next;
    }
  }
  return std::nullopt;
}

}  // namespace

Result<std::shared_ptr<const MooreNim>> MooreNim::make(std::string_view params) {
  if (params.empty()) {
    return fail("moore needs k, the most heaps one move may take from: e.g. moore:2");
  }
  auto k = parse_u64(params, "moore k");
  if (!k) return k.failure();
  if (*k == 0 || *k > 64) {
    return fail(fmt::format("moore k {} is out of range: expected 1 to 64", quoted(params)));
  }
  return std::make_shared<const MooreNim>(*k);
}

std::string MooreNim::spec() const { return fmt::format("moore:{}", k_); }

std::string MooreNim::summary() const {
  return fmt::format("take from 1 to {} heaps at once, any number (at least one) from each", k_);
}

Count MooreNim::option_count(std::span<const Heap> component) const {
  const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(k_, component.size()));
  std::vector<U128> e(k + 1, 0);  // elementary symmetric sums of the heap sizes, saturating
  e[0] = 1;
  for (const Heap& h : component) {
    for (std::size_t j = k; j >= 1; --j) {
      const U128 add = h.size == 0                     ? 0
                       : e[j - 1] > kMaxCount / h.size ? kMaxCount
                                                       : e[j - 1] * h.size;
      e[j] = add > kMaxCount - e[j] ? kMaxCount : e[j] + add;
    }
  }
  U128 total = 0;
  for (std::size_t j = 1; j <= k; ++j) total = e[j] > kMaxCount - total ? kMaxCount : total + e[j];
  return total;
}

HeapOption MooreNim::option_at(std::span<const Heap> component, Count index) const {
  const std::size_t m = component.size();
  const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(k_, m));
  I128 objects = 0;
  for (const Heap& h : component) objects += h.size;
  // Options taking at most t objects (the all-zero vector is not a move).
  auto up_to = [&](I128 t) { return count_up_to(component, 0, t, k) - 1; };
  const I128 lo = 1, hi = objects;
  // The objects the index-th option takes: the least t with more than `index` options up to t.
  const I128 t = first_true(lo, hi, [&](I128 mid) { return up_to(mid) > index; });
  U128 rank = index - up_to(t - 1);
  // Among moves taking exactly t, the heaps left ascend as the amounts taken descend, heap by
  // heap: choose each amount, largest first, by counting the completions of the rest.
  I128 rest = t;
  std::size_t budget = k;
  HeapOption option{{}, static_cast<std::uint64_t>(t)};
  for (std::size_t i = 0; i < m; ++i) {
    const std::uint64_t h = component[i].size;
    std::uint64_t d = 0;
    const I128 top = std::min<I128>(h, rest);
    if (budget >= 1 && top >= 1) {
      const U128 base = count_up_to(component, i + 1, rest - top - 1, budget - 1);
      // Moves whose amount here lies in [v, top].
      auto from = [&](I128 v) {
        return count_up_to(component, i + 1, rest - v, budget - 1) - base;
      };
      if (from(1) > rank) {
        I128 a = 1, b = top;  // the largest v with from(v) > rank
        while (a < b) {
          const I128 mid = a + (b - a + 1) / 2;
          if (from(mid) > rank) {
            a = mid;
          } else {
            b = mid - 1;
          }
        }
        if (a < top) rank -= from(a + 1);
        d = static_cast<std::uint64_t>(a);
        rest -= a;
        --budget;
      } else {
        rank -= from(1);
      }
    }
    option.result.push_back(Heap{h - d});
  }
  return option;
}

std::vector<HeapOption> MooreNim::all_options(std::span<const Heap> component) const {
  const std::vector<std::uint64_t> sizes = sizes_of(component);
  std::vector<HeapOption> options;
  for_each_move(sizes, k_, [&](const std::vector<std::uint64_t>& d) {
    HeapOption option;
    for (std::size_t j = 0; j < sizes.size(); ++j) {
      option.result.push_back(Heap{sizes[j] - d[j]});
      option.take += d[j];
    }
    options.push_back(std::move(option));
  });
  std::sort(options.begin(), options.end(), [](const HeapOption& a, const HeapOption& b) {
    return std::tie(a.take, a.result) < std::tie(b.take, b.result);
  });
  return options;
}

std::uint64_t MooreNim::move_cost(const State& state) const {
  const Heaps owned(state);
  const std::span<const Heap> heaps = owned;
  const std::uint64_t m = heaps.size();
  std::uint64_t objects = 0;
  std::uint64_t largest = 0;
  for (const Heap& h : heaps) {
    objects = objects > ~std::uint64_t{0} - h.size ? ~std::uint64_t{0} : objects + h.size;
    largest = std::max(largest, h.size);
  }
  const std::uint64_t counts = static_cast<std::uint64_t>(std::bit_width(objects)) +
                               m * (static_cast<std::uint64_t>(std::bit_width(largest)) + 2);
  return 1 + counts * m * std::min<std::uint64_t>(k_ + 1, m) / 32;
}

std::optional<bool> MooreNim::p_position(std::span<const Heap> component,
                                         Convention convention) const {
  const std::vector<std::uint64_t> sizes = sizes_of(component);
  return convention == Convention::kMisere ? misere_p(sizes, k_) : normal_p(sizes, k_);
}

std::optional<HeapOption> MooreNim::p_position_move(std::span<const Heap> component,
                                                    Convention convention) const {
  const std::vector<std::uint64_t> sizes = sizes_of(component);
  std::optional<std::vector<std::uint64_t>> next;
  if (convention == Convention::kNormal) {
    next = normal_move(sizes, k_);
  } else if (at_most_one(sizes)) {
    // Take (ones − 1) mod (k + 1) 1-heaps, k of them when that is 0; none when lost or over.
    const auto ones = static_cast<std::uint64_t>(std::count(sizes.begin(), sizes.end(), 1));
    if (ones % (k_ + 1) == 1 || ones == 0) return std::nullopt;
    std::uint64_t take = (ones + k_) % (k_ + 1);
    if (take == 0) take = k_;
    next = sizes;
    for (std::uint64_t& h : *next) {
      if (h == 1 && take > 0) {
        h = 0;
        --take;
      }
    }
  } else if (!normal_p(sizes, k_)) {
    next = normal_move(sizes, k_);
    if (at_most_one(*next)) next = misere_ending(sizes, k_);
  }
  if (!next) return std::nullopt;
  HeapOption option;
  for (std::size_t j = 0; j < sizes.size(); ++j) {
    option.result.push_back(Heap{(*next)[j]});
    option.take += sizes[j] - (*next)[j];
  }
  return option;
}

void MooreNim::append_canonical(const State& state, std::vector<std::uint64_t>& key) const {
  const Heaps owned(state);
  const std::span<const Heap> heaps = owned;
  const std::size_t from = key.size();
  for (const Heap& h : heaps) {
    if (h.size > 0) key.push_back(h.size);
  }
  std::sort(key.begin() + static_cast<std::ptrdiff_t>(from), key.end());
}

Result<Nimber> MooreNim::grundy(std::span<const Heap> component, const Limits& limits) const {
  return memo_.value(*this, encode(component), limits);
}

std::uint64_t MooreNim::listing_cost(std::span<const Heap> component, Count options,
                                     std::uint64_t extra) const {
  const std::uint64_t each = move_cost(encode(component)) + extra;
  const auto n = static_cast<std::uint64_t>(options);
  return each > ~std::uint64_t{0} / std::max<std::uint64_t>(n, 1) ? ~std::uint64_t{0} : n * each;
}

Result<std::vector<HeapOption>> MooreNim::options_to_lost(std::span<const Heap> component,
                                                          Convention convention,
                                                          const Limits& limits) const {
  auto scannable = scannable_option_count(component, limits);
  if (!scannable) return scannable.failure();
  // Listing the options costs what a search pays for each (move_cost(), the option built among
  // the others), and judging each by the rule a step more, all paid before any work: a listing
  // out of reach fails at once (the analysis then keeps the constructed move), rather than
  // building millions of options past the deadline.
  if (!limits.charge(listing_cost(component, *scannable, 1))) return limits.stop_error();
  std::vector<HeapOption> found;
  std::uint64_t seen = 0;
  for (HeapOption& option : all_options(component)) {
    // A step every few thousand options still hears a deadline or a cancel.
    if (++seen % 4096 == 0 && !limits.charge()) return limits.stop_error();
    if (*p_position(option.result, convention)) found.push_back(std::move(option));
  }
  return found;
}

Result<std::vector<Option>> MooreNim::options_to_p_position(const State& state,
                                                            Convention convention,
                                                            const Limits& limits) const {
  auto found = options_to_lost(Heaps(state), convention, limits);
  if (!found) return found.failure();
  std::vector<Option> out;
  out.reserve(found->size());
  for (const HeapOption& option : *found) out.push_back(generic(option));
  return out;
}

Result<std::vector<HeapOption>> MooreNim::options_with_value(std::span<const Heap> component,
                                                             Nimber target,
                                                             const Limits& limits) const {
  if (target == 0) return options_to_lost(component, Convention::kNormal, limits);
  auto scannable = scannable_option_count(component, limits);
  if (!scannable) return scannable.failure();
  // Listing the options is paid before any is valued, as in options_to_lost().
  if (!limits.charge(listing_cost(component, *scannable, 0))) return limits.stop_error();
  std::vector<HeapOption> found;
  for (HeapOption& option : all_options(component)) {
    if (!limits.charge()) return limits.stop_error();  // and a step to value each
    auto g = grundy(option.result, limits);
    if (!g) return g.failure();
    if (*g == target) found.push_back(std::move(option));
  }
  return found;
}

}  // namespace nimkit
