#include "nimkit/games/octal.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "nimkit/bisect.h"
#include "nimkit/quote.h"

namespace nimkit {
namespace {

using U128 = Nimber;  // 128-bit unsigned

// Partitions of r into three positive parts: round(r^2 / 12).
U128 three_part_count(std::uint64_t r) { return (U128{r} * r + 6) / 12; }

// sum_{x=0}^{m-1} floor(x / 2) = floor((m - 1)^2 / 4).
U128 half_floor_sum(std::uint64_t m) { return m == 0 ? 0 : (U128{m - 1} * (m - 1)) / 4; }

// The splits of r objects a digit allows, grouped by their smallest heap a: first the three-heap
// splits a ≤ b ≤ c (by b), then the two-heap split a + (r - a).
struct Splits {
  std::uint64_t r;
  bool two;
  bool three;

  // Three-heap splits with smallest heap a: a ≤ b ≤ (r - a) / 2.
  U128 triples_at(std::uint64_t a) const {
    if (!three || a > r / 3) return 0;
    return U128{(r - a) / 2 - a + 1};
  }
  // Splits whose smallest heap is at most m.
  U128 up_to(std::uint64_t m) const {
    U128 total = 0;
    if (three) {
      const std::uint64_t t = std::min(m, r / 3);
      // sum_{a=1}^{t} (floor((r - a) / 2) - a + 1)
      total += half_floor_sum(r) - half_floor_sum(r - t) - U128{t} * (t + 1) / 2 + t;
    }
    if (two) total += std::min(m, r / 2);
    return total;
  }
  U128 count() const { return up_to(r / 2); }

  // The index-th split in order.
  std::vector<Heap> at(U128 index) const {
    // The smallest part a with more than `index` splits up to a.
    const std::uint64_t a =
        first_true(std::uint64_t{1}, r / 2, [&](std::uint64_t mid) { return up_to(mid) > index; });
    const auto t = static_cast<std::uint64_t>(index - up_to(a - 1));
    if (t < triples_at(a)) return {Heap{a}, Heap{a + t}, Heap{r - 2 * a - t}};
    return {Heap{a}, Heap{r - a}};
  }
};

std::string digit_text(std::uint8_t d) {
  std::vector<std::string> counts;
  if (d & 1) counts.emplace_back("0");
  if (d & 2) counts.emplace_back("1");
  if (d & 4) counts.emplace_back("2");
  if (d & 8) counts.emplace_back("3");
  std::string text;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (i > 0) text += i + 1 == counts.size() ? " or " : ", ";
    text += counts[i];
  }
  return text;
}

}  // namespace

OctalGame::OctalGame(OctalCode code, std::string name)
    : HeapRuleset({.value_source = ValueSource::kPeriodic, .view = "pins"}),
      code_(std::move(code)),
      name_(std::move(name)) {}

OctalGame::~OctalGame() = default;

MoveWords OctalGame::move_words() const {
  const bool rows =
      code_.digits[0] == 0 && std::none_of(code_.digits.begin(), code_.digits.end(),
                                           [](std::uint8_t d) { return (d & 8) != 0; });
  return rows ? MoveWords::kPins : MoveWords::kTake;
}

std::string OctalGame::spec() const { return name_.empty() ? "octal:" + code_.to_string() : name_; }

std::string OctalGame::summary() const {
  std::string text;
  const std::uint8_t d0 = code_.digits[0];
  if (d0 != 0) {
    text = fmt::format("split a heap into {} non-empty heaps without taking", (d0 & 4) && (d0 & 8)
                                                                                  ? "2 or 3"
                                                                              : (d0 & 4) ? "2"
                                                                                         : "3");
  }
  for (std::size_t j = 1; j < code_.digits.size(); ++j) {
    const std::uint8_t d = code_.digits[j];
    if (d == 0) continue;
    if (!text.empty()) text += "; ";
    text += fmt::format("take {} leaving {} heaps", j, digit_text(d));
  }
  if (text.empty()) text = "no moves";
  return fmt::format("octal {}: {}", code_.to_string(), text);
}

Count OctalGame::count_taking(std::uint64_t n, std::uint64_t j) const {
  const std::uint8_t d = code_.digits[j];
  const std::uint64_t r = n - j;
  if (r == 0) return (d & 1) ? 1 : 0;
  Count c = (d & 2) ? 1 : 0;
  if (d & 4) c += r / 2;
  if (d & 8) c += three_part_count(r);
  return c;
}

HeapOption OctalGame::option_taking(std::uint64_t n, std::uint64_t j, Count index) const {
  const std::uint8_t d = code_.digits[j];
  const std::uint64_t r = n - j;
  if (r == 0) return HeapOption{{Heap{0}}, j};
  const Splits splits{r, (d & 4) != 0, (d & 8) != 0};
  const U128 split_count = splits.two || splits.three ? splits.count() : 0;
  if (index < split_count) return HeapOption{splits.at(index), j};
  return HeapOption{{Heap{r}}, j};
}

Count OctalGame::option_count(std::span<const Heap> component) const {
  const std::uint64_t n = component[0].size;
  Count total = 0;
  const std::uint64_t last = std::min<std::uint64_t>(n, code_.digits.size() - 1);
  for (std::uint64_t j = 0; j <= last; ++j) total += count_taking(n, j);
  return total;
}

HeapOption OctalGame::option_at(std::span<const Heap> component, Count index) const {
  const std::uint64_t n = component[0].size;
  const std::uint64_t last = std::min<std::uint64_t>(n, code_.digits.size() - 1);
  for (std::uint64_t j = 0; j <= last; ++j) {
    const Count c = count_taking(n, j);
    if (index < c) return option_taking(n, j, index);
    index -= c;
  }
  assert(false && "option index out of range");
  return {};
}

Result<std::vector<HeapOption>> OctalGame::options_with_value(std::span<const Heap> component,
                                                              Nimber target,
                                                              const Limits& limits) const {
  auto counted = count_options_with_value(component, target, limits.max_scan, limits);
  if (!counted) return counted.failure();
  if (counted->count > counted->first.size()) {
    return fail_limit(
        fmt::format("{}: {} moves from a heap of {} reach Grundy value {}, more than "
                    "the scan limit {}",
                    sanitize(spec()), to_string(counted->count), component[0].size,
                    to_string(target), limits.max_scan));
  }
  return std::move(counted->first);
}

Result<OctalGame::CountedHeapOptions> OctalGame::count_options_with_value(
    std::span<const Heap> component, Nimber target, std::uint64_t list,
    const Limits& limits) const {
  const std::uint64_t n = component[0].size;
  // Scanning every option: HeapGame's engine, called by name (the virtual one comes back here).
  auto scan = [&]() -> Result<CountedHeapOptions> {
    auto found = HeapGame::options_with_value(component, target, limits);
    if (!found) return found.failure();
    CountedHeapOptions out{Count{found->size()}, std::move(*found)};
    if (out.first.size() > list) {
      out.first.erase(out.first.begin() + static_cast<std::ptrdiff_t>(list), out.first.end());
    }
    return out;
  };
  if (code_.max_parts() > 2) return scan();
  // A heap past the scan limit may search for the period; any other uses one already proved (the
  // table never grows for it), and then classes too: O(preperiod + period) per take instead of
  // O(n), which a game on a long row asks at every move.
  Limits known = limits;
  if (option_count(component) <= limits.max_scan) known.max_table = known_values();
  const PeriodSearch search = find_period(0, known);
  const std::uint64_t k = code_.digits.size() - 1;
  if (!search.period || n < 2 * (search.period->preperiod + search.period->period) + k + 2) {
    return scan();
  }
  auto g = [&](std::uint64_t heap) {
    const Heap h{heap};
    return static_cast<std::uint64_t>(grundy(std::span<const Heap>(&h, 1), limits).value());
  };
  const HeapClasses values{std::max<std::uint64_t>(search.period->preperiod, 1),
                           search.period->period, g,
                           [](std::uint64_t a, std::uint64_t b) { return a ^ b; },
                           [&](std::uint64_t v) { return v == target; }};
  return options_by_class(n, values, list, limits);
}

Result<OctalGame::CountedHeapOptions> OctalGame::options_by_class(std::uint64_t n,
                                                                  const HeapClasses& classes,
                                                                  std::uint64_t list,
                                                                  const Limits& limits) const {
  const std::uint64_t n0 = std::max<std::uint64_t>(classes.preperiod, 1);
  const std::uint64_t p = classes.period;
  const std::uint64_t k = code_.digits.size() - 1;
  assert(n >= 2 * (n0 + p) + k + 2);
  CountedHeapOptions out;
  auto add = [&](HeapOption option) {
    ++out.count;
    if (out.first.size() < list) out.first.push_back(std::move(option));
  };
  // Per take, in option order: the splits a + (r - a) by their smallest part a — singly below
  // n0, then as residue classes a ≡ c (mod p) for a in [n0, r/2] — then the one-heap move.
  for (std::uint64_t j = 0; j <= k; ++j) {
    if (!limits.charge(n0 + p)) return limits.stop_error();
    const std::uint8_t d = code_.digits[j];
    const std::uint64_t r = n - j;
    if (d & 4) {
      for (std::uint64_t a = 1; a < n0; ++a) {
        if (classes.wanted(classes.combine(classes.of(a), classes.of(r - a)))) {
          add(HeapOption{{Heap{a}, Heap{r - a}}, j});
        }
      }
      std::vector<std::uint64_t> residues;  // increasing, in [n0, n0 + p)
      for (std::uint64_t c = n0; c < n0 + p; ++c) {
        if (classes.wanted(classes.combine(classes.of(c), classes.of(r - c)))) {
          residues.push_back(c);
        }
      }
      // The first ones in order, block by block of p, while the list has room ...
      std::uint64_t listed_to = n0;  // parts a < listed_to are counted
      for (std::uint64_t base = 0;
           !residues.empty() && out.first.size() < list && n0 + base <= r / 2; base += p) {
        for (std::uint64_t c : residues) {
          if (c + base <= r / 2) add(HeapOption{{Heap{c + base}, Heap{r - c - base}}, j});
        }
        listed_to = n0 + base + p;
        if (!limits.charge(residues.size())) return limits.stop_error();
      }
      // ... and the rest counted: a ≡ c with listed_to ≤ a ≤ r/2.
      for (std::uint64_t c : residues) {
        const std::uint64_t from = c + (listed_to - n0);
        if (from <= r / 2) out.count += (r / 2 - from) / p + 1;
      }
    }
    if ((d & 2) != 0 && classes.wanted(classes.of(r))) add(HeapOption{{Heap{r}}, j});
  }
  return out;
}

Result<std::optional<HeapOption>> OctalGame::option_leaving(std::span<const Heap> component,
                                                            std::size_t /*heap*/,
                                                            std::uint64_t take,
                                                            std::span<const std::uint64_t> parts,
                                                            const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  const std::optional<HeapOption> none;
  if (take > n || take >= code_.digits.size()) return none;
  const std::uint8_t d = code_.digits[take];
  const std::uint64_t r = n - take;
  U128 sum = 0;
  for (std::uint64_t part : parts) sum += part;
  if (sum != r) return none;
  // Bit 1: the heap taken whole; 2: one heap left; 4: two; 8: three.
  std::uint8_t bit = 0;
  if (parts.empty()) {
    bit = 1;
  } else if (parts.size() <= 3) {
    bit = static_cast<std::uint8_t>(1U << parts.size());
  }
  if ((d & bit) == 0) return none;
  if (parts.empty()) return std::optional<HeapOption>(HeapOption{{Heap{0}}, take});
  HeapOption option{{}, take};
  for (std::uint64_t part : parts) option.result.push_back(Heap{part});
  return std::optional<HeapOption>(std::move(option));
}

Result<std::vector<HeapOption>> OctalGame::options_taking(std::span<const Heap> component,
                                                          std::size_t /*heap*/, std::uint64_t take,
                                                          const Limits& limits) const {
  const std::uint64_t n = component[0].size;
  std::vector<HeapOption> found;
  if (take > n || take >= code_.digits.size()) return found;
  const Count c = count_taking(n, take);
  if (c > limits.max_scan) {
    return fail_limit(
        fmt::format("{}: taking {} from a heap of {} can be done in {} ways, more than the "
                    "scan limit {}",
                    sanitize(spec()), take, n, to_string(Nimber{c}), limits.max_scan));
  }
  for (Count i = 0; i < c; ++i) found.push_back(option_taking(n, take, i));
  return found;
}

std::optional<SplitGame> OctalGame::split_game() const {
  if (code_.max_parts() == 0) return std::nullopt;
  return SplitGame{code_.digits, false};
}

std::optional<PeriodTheorem> OctalGame::period_theorem() const {
  return PeriodTheorem::octal(code_);
}

std::uint64_t OctalGame::mex_value(std::span<const std::uint64_t> g, std::uint64_t& work) const {
  const std::uint64_t n = g.size();
  const std::uint64_t last = std::min<std::uint64_t>(n, code_.digits.size() - 1);
  bool splits = false;
  for (std::uint64_t j = 0; j <= last; ++j) splits = splits || (code_.digits[j] & 12) != 0;
  // Every option value is below `bound`: at most the option count (mex), and for XORs of values
  // below 2^b, below 2^b.
  std::uint64_t bound = 2 * (last + 1);
  if (splits) {
    std::uint64_t top = 0;
    for (std::uint64_t v : g) top |= v;
    std::uint64_t pow = 1;
    while (pow <= top) pow <<= 1;
    bound = std::max(bound, pow);
  }
  std::vector<bool> seen(bound + 1, false);
  auto mark = [&](std::uint64_t v) {
    if (v < seen.size()) seen[v] = true;
  };
  for (std::uint64_t j = 0; j <= last; ++j) {
    const std::uint8_t d = code_.digits[j];
    const std::uint64_t r = n - j;
    if ((d & 1) && r == 0) mark(0);
    if ((d & 2) && r >= 1) mark(g[r]);
    if (d & 4) {
      for (std::uint64_t a = 1; 2 * a <= r; ++a) mark(g[a] ^ g[r - a]);
      work += r / 2;
    }
    if (d & 8) {
      for (std::uint64_t a = 1; 3 * a <= r; ++a) {
        for (std::uint64_t b = a; 2 * b <= r - a; ++b) mark(g[a] ^ g[b] ^ g[r - a - b]);
        work += (r - a) / 2 - a + 1;
      }
    }
    ++work;
  }
  return mex_of_bitmap(seen);
}

}  // namespace nimkit
