#include "nimkit/games/subtraction.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "nimkit/quote.h"

namespace nimkit {
namespace {

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) return parts;
    start = comma + 1;
  }
}

Result<std::vector<std::uint64_t>> parse_numbers(std::string_view text) {
  std::vector<std::uint64_t> numbers;
  for (std::string_view part : split_commas(text)) {
    auto n = parse_u64(part, "subtraction number");
    if (!n) return n.failure();
    if (*n == 0) {
      return fail("subtraction number \"0\" is not allowed: every move takes at least one object");
    }
    numbers.push_back(*n);
  }
  std::sort(numbers.begin(), numbers.end());
  numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
  return numbers;
}

std::string join(const std::vector<std::uint64_t>& numbers) {
  std::string text;
  for (std::uint64_t n : numbers) text += (text.empty() ? "" : ",") + std::to_string(n);
  return text;
}

// floor(sqrt(n)), exact.
std::uint64_t isqrt(std::uint64_t n) {
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<long double>(n)));
  while (r > 0 && static_cast<Nimber>(r) * r > n) --r;
  while (static_cast<Nimber>(r + 1) * (r + 1) <= n) ++r;
  return r;
}

// The named sets: the word after "subtraction:" and the summary of each.
struct NamedSet {
  SubtractionGame::Kind kind;
  std::string_view name;
  std::string_view summary;
};
constexpr std::array<NamedSet, 3> kNamedSets{{
    {SubtractionGame::Kind::kSquares, "squares",
     "take a perfect square (1, 4, 9, ...) of objects from one heap"},
    {SubtractionGame::Kind::kPowersOf2, "powers-of-2",
     "take a power of two (1, 2, 4, ...) of objects from one heap"},
    {SubtractionGame::Kind::kFibonacci, "fibonacci",
     "take a Fibonacci number (1, 2, 3, 5, 8, ...) of objects from one heap"},
}};

// The named set of `kind` (one of the three above).
const NamedSet& named_set(SubtractionGame::Kind kind) {
  return *std::find_if(kNamedSets.begin(), kNamedSets.end(),
                       [kind](const NamedSet& set) { return set.kind == kind; });
}

}  // namespace

Result<std::shared_ptr<const SubtractionGame>> SubtractionGame::make(std::string_view params) {
  using Made = std::shared_ptr<const SubtractionGame>;
  for (const NamedSet& set : kNamedSets) {
    if (params == set.name) {
      return Made(std::make_shared<SubtractionGame>(set.kind, std::vector<std::uint64_t>{}));
    }
  }
  if (params.empty()) {
    return fail(
        "subtraction needs its set S: subtraction:1,3,4, subtraction:all-but:1,2, "
        "subtraction:squares, subtraction:powers-of-2 or subtraction:fibonacci");
  }
  constexpr std::string_view kAllBut = "all-but:";
  const bool all_but = params.substr(0, kAllBut.size()) == kAllBut;
  if (!all_but && params.find_first_of("0123456789,") == std::string_view::npos) {
    return fail(fmt::format(
        "unknown subtraction set {}: expected numbers like 1,3,4, all-but:1,2, squares, "
        "powers-of-2 or fibonacci",
        quoted(params)));
  }
  auto numbers = parse_numbers(all_but ? params.substr(kAllBut.size()) : params);
  if (!numbers) return numbers.failure();
  return Made(std::make_shared<SubtractionGame>(all_but ? Kind::kAllBut : Kind::kFinite, *numbers));
}

namespace {

// A finite set's values are periodic; powers of 2 have a closed form; the other sets a table.
ValueSource value_source_of(SubtractionGame::Kind kind) {
  switch (kind) {
    case SubtractionGame::Kind::kFinite:
      return ValueSource::kPeriodic;
    case SubtractionGame::Kind::kPowersOf2:
      return ValueSource::kClosedForm;
    default:
      return ValueSource::kComputed;
  }
}

}  // namespace

SubtractionGame::SubtractionGame(Kind kind, std::vector<std::uint64_t> numbers)
    : HeapRuleset({.value_source = value_source_of(kind), .view = "heaps"}),
      kind_(kind),
      numbers_(std::move(numbers)) {
  if (kind_ == Kind::kPowersOf2) {
    for (int i = 0; i < 64; ++i) named_.push_back(std::uint64_t{1} << i);
  } else if (kind_ == Kind::kFibonacci) {
    std::uint64_t a = 1;
    std::uint64_t b = 2;
    named_.push_back(a);
    while (true) {
      named_.push_back(b);
      if (a > kMaxHeap - b) break;
      const std::uint64_t c = a + b;
      a = b;
      b = c;
    }
  }
}

bool SubtractionGame::allows(std::uint64_t s) const {
  if (s == 0) return false;
  switch (kind_) {
    case Kind::kFinite:
      return std::binary_search(numbers_.begin(), numbers_.end(), s);
    case Kind::kAllBut:
      return !std::binary_search(numbers_.begin(), numbers_.end(), s);
    case Kind::kSquares: {
      const std::uint64_t r = isqrt(s);
      return r * r == s;
    }
    case Kind::kPowersOf2:
    case Kind::kFibonacci:
      return std::binary_search(named_.begin(), named_.end(), s);
  }
  return false;
}

std::string SubtractionGame::spec() const {
  if (kind_ == Kind::kFinite) return "subtraction:" + join(numbers_);
  if (kind_ == Kind::kAllBut) return "subtraction:all-but:" + join(numbers_);
  return "subtraction:" + std::string(named_set(kind_).name);
}

std::string SubtractionGame::summary() const {
  if (kind_ == Kind::kFinite) {
    return fmt::format("take s objects from one heap, s in {{{}}}", join(numbers_));
  }
  if (kind_ == Kind::kAllBut) {
    return fmt::format("take any number of objects from one heap except {}", join(numbers_));
  }
  return std::string(named_set(kind_).summary);
}

std::uint64_t SubtractionGame::count_up_to(std::uint64_t n) const {
  switch (kind_) {
    case Kind::kFinite:
      return static_cast<std::uint64_t>(std::upper_bound(numbers_.begin(), numbers_.end(), n) -
                                        numbers_.begin());
    case Kind::kAllBut:
      return n - static_cast<std::uint64_t>(std::upper_bound(numbers_.begin(), numbers_.end(), n) -
                                            numbers_.begin());
    case Kind::kSquares:
      return isqrt(n);
    case Kind::kPowersOf2:
    case Kind::kFibonacci:
      return static_cast<std::uint64_t>(std::upper_bound(named_.begin(), named_.end(), n) -
                                        named_.begin());
  }
  return 0;
}

std::uint64_t SubtractionGame::element(std::uint64_t index) const {
  switch (kind_) {
    case Kind::kFinite:
      return numbers_[index];
    case Kind::kAllBut: {
      std::uint64_t s = index + 1;
      for (std::uint64_t f : numbers_) {
        if (f > s) break;
        ++s;
      }
      return s;
    }
    case Kind::kSquares:
      return (index + 1) * (index + 1);
    case Kind::kPowersOf2:
    case Kind::kFibonacci:
      return named_[index];
  }
  return 0;
}

Count SubtractionGame::option_count(std::span<const Heap> component) const {
  return count_up_to(component[0].size);
}

HeapOption SubtractionGame::option_at(std::span<const Heap> component, Count index) const {
  const std::uint64_t s = element(static_cast<std::uint64_t>(index));
  return HeapOption{{Heap{component[0].size - s}}, s};
}

Result<std::vector<HeapOption>> SubtractionGame::options_with_value(std::span<const Heap> component,
                                                                    Nimber target,
                                                                    const Limits& limits) const {
  const std::uint64_t n = component[0].size;
  const PeriodSearch search = kind_ == Kind::kAllBut ? find_period(0, limits) : PeriodSearch{};
  if (!search.period || search.period->saltus == 0) {
    return HeapGame::options_with_value(component, target, limits);
  }
  const Periodicity& p = *search.period;
  const std::uint64_t first = p.preperiod + p.period;  // heaps below this come from the table
  auto known = values(0, std::min(n, first), limits);
  if (!known) return known.failure();
  std::vector<std::uint64_t> heaps;  // m < n with g(m) = target
  for (std::uint64_t m = 0; m < known->size(); ++m) {
    if ((*known)[m] == target) heaps.push_back(m);
  }
  for (std::uint64_t r = p.preperiod; r < first && n > first; ++r) {
    const Nimber base = (*known)[r];
    if (base > target || (target - base) % p.saltus != 0) continue;
    const Nimber m = Nimber{r} + (target - base) / p.saltus * p.period;
    if (m >= first && m < n) heaps.push_back(static_cast<std::uint64_t>(m));
  }
  // HeapOption order: by objects taken, so the largest heap left first.
  std::sort(heaps.begin(), heaps.end(), std::greater<>());
  std::vector<HeapOption> options;
  for (const std::uint64_t m : heaps) {
    if (allows(n - m)) options.push_back(HeapOption{{Heap{m}}, n - m});
  }
  return options;
}

Result<std::vector<HeapOption>> SubtractionGame::options_taking(std::span<const Heap> component,
                                                                std::size_t /*heap*/,
                                                                std::uint64_t take,
                                                                const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  if (take > n || !allows(take)) return std::vector<HeapOption>{};
  return std::vector<HeapOption>{HeapOption{{Heap{n - take}}, take}};
}

std::optional<PeriodTheorem> SubtractionGame::period_theorem() const {
  if (kind_ == Kind::kAllBut) return PeriodTheorem::all_but(numbers_.empty() ? 0 : numbers_.back());
  if (kind_ != Kind::kFinite) return std::nullopt;
  return PeriodTheorem::subtraction(numbers_.back());
}

std::optional<Nimber> SubtractionGame::closed_form(std::uint64_t heap) const {
  if (kind_ != Kind::kPowersOf2) return std::nullopt;
  return Nimber{heap % 3};
}

std::optional<Periodicity> SubtractionGame::closed_form_period() const {
  if (kind_ != Kind::kPowersOf2) return std::nullopt;
  return Periodicity{3, 0, true, 0, "closed form g(n) = n mod 3"};
}

std::uint64_t SubtractionGame::mex_value(std::span<const std::uint64_t> previous,
                                         std::uint64_t& work) const {
  const std::uint64_t n = previous.size();
  const std::uint64_t count = count_up_to(n);
  work += count;
  std::vector<bool> seen(count + 1, false);
  auto mark = [&](std::uint64_t s) {
    const std::uint64_t v = previous[n - s];
    if (v <= count) seen[v] = true;
  };
  if (kind_ == Kind::kAllBut) {
    for (std::uint64_t s = 1; s <= n; ++s) {
      if (!std::binary_search(numbers_.begin(), numbers_.end(), s)) mark(s);
    }
  } else {
    for (std::uint64_t i = 0; i < count; ++i) mark(element(i));
  }
  return mex_of_bitmap(seen);
}

}  // namespace nimkit
