#include "candidate.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "nimkit/checked.h"

namespace nimkit::detail {
namespace {

// The base monoid times one cyclic monoid per split heap; an element is a number: the base
// element, then each split heap's exponent in mixed radix.
class ProductMonoid {
 public:
  ProductMonoid(const Table& base, std::span<const Split> splits) : base_(base) {
    std::uint64_t stride = base.order;
    for (const Split& split : splits) {
      index_.push_back(split.index);
      stride_.push_back(stride);
      stride *= split.index + 2;
    }
  }
  std::uint64_t unit(std::size_t split) const { return stride_[split]; }
  std::uint64_t multiply(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t order = base_.order;
    std::uint64_t out =
        base_.at(static_cast<QuotientElement>(a % order), static_cast<QuotientElement>(b % order));
    for (std::size_t j = 0; j < index_.size(); ++j) {
      const std::uint64_t radix = index_[j] + 2;
      std::uint64_t e = (a / stride_[j]) % radix + (b / stride_[j]) % radix;
      if (e >= radix) e = index_[j] + (e - index_[j]) % 2;
      out += e * stride_[j];
    }
    return out;
  }

 private:
  const Table& base_;
  std::vector<std::uint64_t> index_;
  std::vector<std::uint64_t> stride_;
};

using Word = std::vector<std::pair<std::uint64_t, std::uint32_t>>;  // (heap, multiplicity)

// Bytes an element of the enumeration keeps besides its word's entries: its code, its word and
// its entry in the hash map (node and bucket), as libstdc++ lays them out.
constexpr std::uint64_t kElementBytes = sizeof(std::uint64_t) + sizeof(Word) + 64;
constexpr std::uint64_t kWordEntryBytes = sizeof(Word::value_type);

}  // namespace

namespace {

// The candidate's elements in increasing order of their least sums, with those sums.
struct Elements {
  std::vector<std::uint64_t> codes{0};
  std::vector<Word> words{{}};
  std::unordered_map<std::uint64_t, std::uint32_t> id{{0, 0}};
  std::uint64_t bytes = kElementBytes;  // what the three take, estimated
};

// `held` bytes (the base table) are kept while the elements are enumerated.
Result<Elements> enumerate(const ProductMonoid& monoid, const std::vector<std::uint64_t>& gen,
                           std::size_t most, std::size_t max_order, std::uint64_t held,
                           const Limits& limits, bool& past_memory) {
  Elements e;
  for (std::uint64_t h = 1; h < gen.size(); ++h) {
    if (gen[h] == 0) continue;
    const std::size_t before = e.codes.size();
    std::vector<std::uint64_t> power(e.codes.begin(), e.codes.begin() + static_cast<long>(before));
    for (std::uint32_t m = 1;; ++m) {
      if (!limits.charge(before)) return limits.stop_error();
      bool added = false;
      for (std::size_t i = 0; i < before; ++i) {
        power[i] = monoid.multiply(power[i], gen[h]);
        if (e.id.count(power[i])) continue;
        e.id.emplace(power[i], static_cast<std::uint32_t>(e.codes.size()));
        e.codes.push_back(power[i]);
        Word word = e.words[i];
        word.emplace_back(h, m);
        e.bytes += kElementBytes + kWordEntryBytes * word.size();
        e.words.push_back(std::move(word));
        added = true;
      }
      if (saturating_add(held, e.bytes) > limits.max_search_bytes) {
        past_memory = true;
        return fail_limit(fmt::format("a candidate quotient of {} elements passed {}",
                                      e.codes.size(), memory_budget_text(limits)));
      }
      if (e.codes.size() > most) {
        return fail_limit(
            fmt::format("a candidate quotient passed the bound of {} elements", max_order));
      }
      if (!added) break;
    }
  }
  return e;
}

// P by the least sum of each element: its options are smaller sums, marked before it.
Result<std::vector<bool>> mark(const ProductMonoid& monoid, const std::vector<std::uint64_t>& gen,
                               const std::vector<std::vector<std::uint64_t>>& moves,
                               const Elements& e, const Limits& limits) {
  std::vector<bool> p(e.codes.size(), false);
  for (std::size_t x = 1; x < e.codes.size(); ++x) {
    const Word& word = e.words[x];
    bool has_move = false;
    bool to_p = false;
    for (std::size_t k = 0; k < word.size() && !to_p; ++k) {
      std::uint64_t rest = 0;
      for (std::size_t i = 0; i < word.size(); ++i) {
        const std::uint32_t times = word[i].second - (i == k ? 1 : 0);
        for (std::uint32_t t = 0; t < times; ++t) rest = monoid.multiply(rest, gen[word[i].first]);
      }
      for (std::uint64_t move : moves[word[k].first]) {
        has_move = true;
        const auto it = e.id.find(monoid.multiply(rest, move));
        if (it != e.id.end() && p[it->second]) {
          to_p = true;
          break;
        }
      }
    }
    if (!limits.charge(1 + word.size())) return limits.stop_error();
    p[x] = has_move && !to_p;
  }
  return p;
}

// The candidate reduced by indistinguishability under the heaps' generators.
Result<Reduced> reduce(const ProductMonoid& monoid, const std::vector<std::uint64_t>& gen,
                       const Elements& e, const std::vector<bool>& p, std::size_t max_order,
                       const Limits& limits, bool& past_memory) {
  std::vector<std::uint64_t> generators(gen.begin() + 1, gen.end());
  std::sort(generators.begin(), generators.end());
  generators.erase(std::unique(generators.begin(), generators.end()), generators.end());
  std::erase(generators, std::uint64_t{0});
  // The action of the generators, then the reduced table, beside the elements.
  const std::uint64_t action_bytes =
      saturating_mul(saturating_mul(generators.size(), e.codes.size()), sizeof(QuotientElement));
  if (saturating_add(e.bytes, action_bytes) > limits.max_search_bytes) {
    past_memory = true;
    return fail_limit(fmt::format("a candidate quotient of {} elements passed {}", e.codes.size(),
                                  memory_budget_text(limits)));
  }
  std::vector<std::vector<QuotientElement>> action(generators.size(),
                                                   std::vector<QuotientElement>(e.codes.size()));
  for (std::size_t g = 0; g < generators.size(); ++g) {
    if (!limits.charge(e.codes.size())) return limits.stop_error();
    for (std::size_t x = 0; x < e.codes.size(); ++x) {
      action[g][x] = e.id.at(monoid.multiply(e.codes[x], generators[g]));
    }
  }
  const std::vector<QuotientElement> cls = indistinguishable(p, action);
  const std::size_t order = *std::max_element(cls.begin(), cls.end()) + 1;
  if (order > max_order) {
    return fail_limit(
        fmt::format("a candidate quotient passed the bound of {} elements", max_order));
  }
  if (saturating_add(saturating_add(e.bytes, action_bytes), table_bytes(order)) >
      limits.max_search_bytes) {
    past_memory = true;
    return fail_limit(fmt::format("the table of a candidate quotient of {} elements passed {}",
                                  order, memory_budget_text(limits)));
  }
  std::vector<std::size_t> rep(order, e.codes.size());
  for (std::size_t x = 0; x < e.codes.size(); ++x) rep[cls[x]] = std::min(rep[cls[x]], x);
  Reduced out;
  out.table.order = order;
  out.table.cells.resize(order * order);
  out.table.p.resize(order);
  for (std::size_t a = 0; a < order; ++a) {
    if (!limits.charge(order)) return limits.stop_error();
    out.table.p[a] = p[rep[a]];
    for (std::size_t b = 0; b < order; ++b) {
      out.table.cells[a * order + b] =
          cls[e.id.at(monoid.multiply(e.codes[rep[a]], e.codes[rep[b]]))];
    }
  }
  out.phi.resize(gen.size());
  for (std::uint64_t h = 0; h < gen.size(); ++h) out.phi[h] = cls[e.id.at(gen[h])];
  return out;
}

}  // namespace

Result<Reduced> reduced_candidate(const Table& base, std::span<const QuotientElement> phi,
                                  std::span<const std::vector<std::vector<std::uint64_t>>> shapes,
                                  std::span<const Split> splits, std::size_t max_order,
                                  const Limits& limits, bool* past_memory) {
  bool memory = false;
  if (past_memory != nullptr) *past_memory = false;
  const ProductMonoid monoid(base, splits);
  const std::uint64_t n = phi.size() - 1;
  std::vector<std::uint64_t> gen(n + 1, 0);
  for (std::uint64_t h = 1; h <= n; ++h) {
    gen[h] = shapes[h].empty() ? 0 : phi[h];
    for (std::size_t j = 0; j < splits.size(); ++j) {
      if (splits[j].heap == h) gen[h] = monoid.unit(j);
    }
  }
  auto elements =
      enumerate(monoid, gen, std::max<std::uint64_t>(saturating_mul(16, max_order), 4096),
                max_order, table_bytes(base.order), limits, memory);
  if (!elements) {
    if (past_memory != nullptr) *past_memory = memory;
    return elements.failure();
  }
  // The options of each heap, as elements of the candidate.
  std::vector<std::vector<std::uint64_t>> moves(n + 1);
  for (std::uint64_t h = 1; h <= n; ++h) {
    for (const std::vector<std::uint64_t>& shape : shapes[h]) {
      std::uint64_t x = 0;
      for (std::uint64_t part : shape) x = monoid.multiply(x, gen[part]);
      moves[h].push_back(x);
    }
    std::sort(moves[h].begin(), moves[h].end());
    moves[h].erase(std::unique(moves[h].begin(), moves[h].end()), moves[h].end());
  }
  auto p = mark(monoid, gen, moves, *elements, limits);
  if (!p) return p.failure();
  auto reduced = reduce(monoid, gen, *elements, *p, max_order, limits, memory);
  if (past_memory != nullptr) *past_memory = memory;
  return reduced;
}

}  // namespace nimkit::detail
