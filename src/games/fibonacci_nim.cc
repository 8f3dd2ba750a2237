#include "nimkit/games/fibonacci_nim.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <memory>
#include <mutex>

#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {

std::string FibonacciNim::summary() const {
  return "one heap: the first move takes at least one but not all, then at most twice the "
         "previous take";
}

State FibonacciNim::make_state(std::uint64_t n, std::uint64_t max_take) {
  return State{n, std::min(n, max_take)};
}

std::vector<std::uint64_t> FibonacciNim::zeckendorf(std::uint64_t n) {
  // The Fibonacci numbers 1, 2, 3, 5, ... up to n (the 92nd is the last below 2^64).
  std::vector<std::uint64_t> fib{1, 2};
  while (fib.back() <= n && fib.back() <= ~std::uint64_t{0} - fib[fib.size() - 2]) {
    fib.push_back(fib.back() + fib[fib.size() - 2]);
  }
  std::vector<std::uint64_t> terms;
  for (std::size_t i = fib.size(); i-- > 0 && n > 0;) {
    if (fib[i] <= n) {
      terms.push_back(fib[i]);
      n -= fib[i];
    }
  }
  return terms;
}

Result<std::vector<ParsedComponent>> FibonacciNim::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no heap given: expected a heap such as \"20\" or \"17/6\"");
  std::vector<ParsedComponent> out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string_view item = items[i];
    const std::size_t slash = item.find('/');
    auto n = parse_u64(item.substr(0, slash), "heap");
    if (!n) return n.failure();
    std::uint64_t max_take = *n == 0 ? 0 : *n - 1;
    if (slash != std::string_view::npos) {
      auto m = parse_u64(item.substr(slash + 1), "the most the next move may take");
      if (!m) return m.failure();
      if (*m == 0) {
        return fail(fmt::format("bad heap {}: the next move may take at least 1 (N/M, M ≥ 1)",
                                quoted(item)));
      }
      max_take = *m;
    }
    out.push_back(ParsedComponent{make_state(*n, max_take), i});
  }
  return out;
}

std::vector<std::string> FibonacciNim::format_state(const State& state) const {
  const std::uint64_t n = state.at(0);
  const std::uint64_t m = state.at(1);
  if (n == 0 || m + 1 == n) return {std::to_string(n)};
  return {fmt::format("{}/{}", n, m)};
}

std::string FibonacciNim::label(const State& /*state*/, std::size_t first_item) const {
  return fmt::format("heap {}", first_item);
}

std::vector<ViewField> FibonacciNim::view_fields(const State& state) const {
  return {ViewField{"heaps", {state.at(0)}}, ViewField{"spent", {0}}};
}

namespace {

// The objects an option takes from [n, m].
std::uint64_t taken(const State& before, const Option& option) {
  return before.at(0) - (option.result.empty() ? 0 : option.result.at(0).at(0));
}

}  // namespace

std::vector<ViewField> FibonacciNim::move_fields(const State& before, const Option& option,
                                                 std::size_t first_item) const {
  return {ViewField{"heap", {first_item}, true}, ViewField{"take", {taken(before, option)}, true}};
}

std::string FibonacciNim::describe_move(const State& before, const Option& option,
                                        std::size_t first_item) const {
  return fmt::format("take {} from heap {}", taken(before, option), first_item);
}

std::string FibonacciNim::format_move(const State& before, const Option& option,
                                      std::size_t first_item, const Limits& /*limits*/) const {
  return fmt::format("{} {}", first_item, taken(before, option));
}

Result<std::vector<Option>> FibonacciNim::parse_move(const State& state, std::string_view text,
                                                     std::size_t first_item, std::size_t items,
                                                     bool /*partial*/,
                                                     const Limits& /*limits*/) const {
  const std::vector<std::string> tokens = words(text);
  if (tokens.size() != 2) {
    return fail(fmt::format("move {} is not HEAP COUNT, e.g. \"1 2\"", quoted(text)));
  }
  auto number = parse_u64(tokens[0], "heap number");
  if (!number) return number.failure();
  if (*number == 0 || *number > items) {
    return fail(fmt::format("no heap {}: heaps are numbered 1 to {}", tokens[0], items));
  }
  if (*number != first_item) return std::vector<Option>{};
  auto take = parse_u64(tokens[1], "count");
  if (!take) return take.failure();
  const std::uint64_t n = state.at(0);
  const std::uint64_t m = state.at(1);
  if (*take == 0) return fail("a move must take at least one object");
  if (n == 0) return fail(fmt::format("heap {} is empty", tokens[0]));
  if (*take > m) {
    return fail(
        fmt::format("heap {} allows taking at most {} now, not {}", tokens[0], m, tokens[1]));
  }
  return std::vector<Option>{option(state, *take - 1)};
}

std::string FibonacciNim::move_syntax() const {
  return "Moves: HEAP COUNT takes COUNT objects from heap HEAP, e.g. \"1 2\": at least one, not "
         "all on the first move, then at most twice the previous take.\n";
}

Count FibonacciNim::count_options(const State& state) const { return state.at(1); }

Option FibonacciNim::option(const State& state, Count index) const {
  const std::uint64_t k = static_cast<std::uint64_t>(index) + 1;
  const std::uint64_t left = state.at(0) - k;
  if (left == 0) return Option{};
  // 2k cannot overflow: k ≤ m ≤ n ≤ 2^64 − 1, and min(2k, left) only matters below left.
  const std::uint64_t twice = k > left ? left : 2 * k;
  return Option{{make_state(left, twice)}};
}

struct FibonacciNim::Rows {
  std::mutex mutex;
  // rows[n]: pairs (m, g) with g = g(n, m) for m up to the next pair's m, increasing in both.
  std::vector<std::vector<std::pair<std::uint64_t, Nimber>>> rows;
};

FibonacciNim::FibonacciNim()
    : Ruleset({.value_source = ValueSource::kComputed, .view = "heaps", .shares_tokens = true}),
      rows_(std::make_unique<Rows>()) {}
FibonacciNim::~FibonacciNim() = default;

namespace {

// g(n, m) from the rows computed so far (n below rows.size()), under their lock.
Nimber lookup(const std::vector<std::vector<std::pair<std::uint64_t, Nimber>>>& rows,
              std::uint64_t n, std::uint64_t m) {
  const auto& row = rows[n];
  auto it = std::upper_bound(row.begin(), row.end(), m,
                             [](std::uint64_t x, const auto& pair) { return x < pair.first; });
  return it == row.begin() ? Nimber{0} : std::prev(it)->second;
}

}  // namespace

Result<Nimber> FibonacciNim::value(const State& state, const Limits& limits) const {
  const std::uint64_t n = state.at(0);
  if (n > limits.max_table) {
    return fail_limit(fmt::format("fibonacci-nim heap {} is larger than the table limit of {}", n,
                                  limits.max_table));
  }
  std::lock_guard lock(rows_->mutex);
  auto& rows = rows_->rows;
  if (rows.empty()) rows.push_back({});  // g(0, 0) = 0: no pairs, the default 0
  std::vector<bool> seen;
  while (rows.size() <= n) {
    const std::uint64_t row_n = rows.size();
    // A step per 8 options looked up (a binary search in a short row each): the default work
    // limit then covers heaps to about 10,000.
    if (!limits.charge(1 + row_n / 8)) return limits.stop_error();
    // g(row_n, m) for m = 1 ... row_n: the mex of the values reached by taking 1 ... m.
    std::vector<std::pair<std::uint64_t, Nimber>> row;
    seen.assign(row_n + 2, false);
    std::uint64_t mex = 0;
    for (std::uint64_t k = 1; k <= row_n; ++k) {
      const std::uint64_t left = row_n - k;
      const Nimber v = left == 0 ? Nimber{0} : lookup(rows, left, std::min(2 * k, left));
      if (v < seen.size()) seen[static_cast<std::size_t>(v)] = true;
      mex = mex_of_bitmap(seen, mex);
      if (row.empty() ? mex != 0 : row.back().second != mex) row.emplace_back(k, Nimber{mex});
    }
    rows.push_back(std::move(row));
  }
  return lookup(rows, n, state.at(1));
}

Result<std::vector<Option>> FibonacciNim::options_to_value(const State& state, Nimber target,
                                                           const Limits& limits) const {
  if (target != 0) return Ruleset::options_to_value(state, target, limits);
  // The moves to a P-position, by the Zeckendorf rule, without scanning the takes: taking k is
  // winning when k takes the last object or when 2k is less than the smallest Zeckendorf term of
  // Z = N − k. Zeckendorf strings order numbers lexicographically, so the largest Z ≤ N − 1 whose
  // terms are all at least a Fibonacci number F is N − 1's string cut below F. Numbers whose
  // terms are all at least F lie at least F's predecessor (> F / 2) apart, so a winning Z of
  // smallest term F is that one: one candidate per F.
  const std::uint64_t n = state.at(0);
  const std::uint64_t most = state.at(1);
  if (!limits.charge()) return limits.stop_error();
  std::vector<std::uint64_t> takes;
  if (n > 0 && most >= n) takes.push_back(n);
  const std::vector<std::uint64_t> below = n > 1 ? zeckendorf(n - 1) : std::vector<std::uint64_t>{};
  std::uint64_t high = 0;
  for (const std::uint64_t term : below) {
    high += term;  // the terms of N − 1 at least `term`, the candidate for F = term's range
    const std::uint64_t k = n - high;
    if (k >= 1 && k <= most && k <= (term - 1) / 2) takes.push_back(k);  // 2k < term
  }
  std::sort(takes.begin(), takes.end());
  takes.erase(std::unique(takes.begin(), takes.end()), takes.end());
  std::vector<Option> out;
  for (const std::uint64_t k : takes) out.push_back(option(state, k - 1));
  return out;
}

std::optional<bool> FibonacciNim::is_p_position(const State& state, Convention convention) const {
  if (convention != Convention::kNormal) return std::nullopt;
  if (state.at(0) == 0) return true;
  return state.at(1) < zeckendorf(state.at(0)).back();
}

std::string FibonacciNim::value_reason(const State& state) const {
  const std::uint64_t n = state.at(0);
  const std::uint64_t m = state.at(1);
  if (n == 0) return "";
  const std::vector<std::uint64_t> terms = zeckendorf(n);
  const std::uint64_t q = terms.back();
  const std::string sum = terms.size() == 1
                              ? fmt::format("N = {} is a Fibonacci number", n)
                              : fmt::format("N = {} = {}", n, fmt::join(terms, " + "));
  if (m < q) {
    return fmt::format(
        "{}: the smallest Zeckendorf term {} is more than the {} allowed, so "
        "the player to move loses",
        sum, q, m);
  }
  return fmt::format("{}: take {}, the smallest Zeckendorf term", sum, q);
}

}  // namespace nimkit
