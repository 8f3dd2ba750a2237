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
  ProductMonoid(const Table& base, std::span<const Split> splits) : base_(&base) {
    std::uint64_t stride = base.order;
    for (const Split& split : splits) {
      index_.push_back(split.index);
      stride_.push_back(stride);
      stride = saturating_mul(stride, split.index + 2);
    }
    size_ = stride;
  }
  std::uint64_t unit(std::size_t split) const { return stride_[split]; }
  // Codes are below size() (saturating: past 2^64 no index can hold them).
  std::uint64_t size() const { return size_; }
  std::uint64_t multiply(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t order = base_->order;
    std::uint64_t out =
        base_->at(static_cast<QuotientElement>(a % order), static_cast<QuotientElement>(b % order));
    for (std::size_t j = 0; j < index_.size(); ++j) {
      const std::uint64_t radix = index_[j] + 2;
      std::uint64_t e = (a / stride_[j]) % radix + (b / stride_[j]) % radix;
      if (e >= radix) e = index_[j] + (e - index_[j]) % 2;
      out += e * stride_[j];
    }
    return out;
  }

 private:
  const Table* base_;
  std::vector<std::uint64_t> index_;
  std::vector<std::uint64_t> stride_;
  std::uint64_t size_ = 0;
};

constexpr std::uint32_t kAbsent = ~std::uint32_t{0};
// Product monoids of at most this many codes index their elements by a flat array (4 bytes a
// code); larger ones by a hash map.
constexpr std::uint64_t kFlatCodes = std::uint64_t{1} << 26;

// Element ids by code.
class CodeIndex {
 public:
  explicit CodeIndex(std::uint64_t codes) {
    if (codes <= kFlatCodes) flat_.assign(codes, kAbsent);
  }
  std::uint32_t find(std::uint64_t code) const {
    if (!flat_.empty()) return flat_[code];
    const auto it = map_.find(code);
    return it == map_.end() ? kAbsent : it->second;
  }
  void insert(std::uint64_t code, std::uint32_t id) {
    if (!flat_.empty()) {
      flat_[code] = id;
    } else {
      map_.emplace(code, id);
    }
  }
  // Bytes held besides those of each element (the flat array), and per element (a map node).
  std::uint64_t fixed_bytes() const { return flat_.size() * sizeof(std::uint32_t); }
  std::uint64_t bytes_per_element() const { return flat_.empty() ? 64 : 0; }

 private:
  std::vector<std::uint32_t> flat_;
  std::unordered_map<std::uint64_t, std::uint32_t> map_;
};

// A least sum as (heap, multiplicity), heaps ascending, stored end to end.
using Entry = std::pair<std::uint64_t, std::uint32_t>;

// Bytes an element keeps: its code, parent, heap, word offset.
constexpr std::uint64_t kElementBytes = 8 + 4 + 8 + 8;

}  // namespace

// The enumerated candidate: its elements in increasing order of their least sums. Element x > 0
// is parent[x] · gen[heap[x]] with parent[x] < x.
struct Candidate::State {
  ProductMonoid monoid;
  std::vector<std::uint64_t> gen;  // the code of each heap 0 ... n
  std::vector<std::uint64_t> codes{0};
  std::vector<std::uint32_t> parent{0};
  std::vector<std::uint64_t> heap{0};
  std::vector<std::size_t> word_at{0, 0};  // word of x: entries word_at[x] ... word_at[x + 1]
  std::vector<Entry> entries;
  CodeIndex index;
  std::vector<bool> p;

  State(const Table& base, std::span<const Split> splits)
      : monoid(base, splits), index(monoid.size()) {
    index.insert(0, 0);
  }
  std::uint64_t bytes() const {
    return index.fixed_bytes() + codes.size() * (kElementBytes + index.bytes_per_element()) +
           entries.size() * sizeof(Entry);
  }
  std::span<const Entry> word(std::size_t x) const {
    return {entries.data() + word_at[x], word_at[x + 1] - word_at[x]};
  }
};

namespace {

using State = Candidate::State;

// Every product of the heaps' generators, heap by heap, with its least sum. `held` bytes (the
// base table) are kept meanwhile.
Result<bool> enumerate(State& s, std::size_t most, std::size_t max_order, std::uint64_t held,
                       const Limits& limits, bool& past_memory) {
  for (std::uint64_t h = 1; h < s.gen.size(); ++h) {
    if (s.gen[h] == 0) continue;
    const std::size_t before = s.codes.size();
    std::vector<std::uint64_t> power(s.codes.begin(), s.codes.begin() + static_cast<long>(before));
    std::vector<std::uint32_t> power_id(before);
    for (std::uint32_t i = 0; i < before; ++i) power_id[i] = i;
    for (std::uint32_t m = 1;; ++m) {
      if (!limits.charge(before)) return limits.stop_error();
      bool added = false;
      for (std::size_t i = 0; i < before; ++i) {
        power[i] = s.monoid.multiply(power[i], s.gen[h]);
        std::uint32_t id = s.index.find(power[i]);
        if (id == kAbsent) {
          id = static_cast<std::uint32_t>(s.codes.size());
          s.index.insert(power[i], id);
          s.codes.push_back(power[i]);
          s.parent.push_back(power_id[i]);
          s.heap.push_back(h);
          const std::span<const Entry> base = s.word(i);
          s.entries.insert(s.entries.end(), base.begin(), base.end());
          s.entries.emplace_back(h, m);
          s.word_at.push_back(s.entries.size());
          added = true;
        }
        power_id[i] = id;
      }
      if (saturating_add(held, s.bytes()) > limits.max_search_bytes) {
        past_memory = true;
        return fail_limit(fmt::format("a candidate quotient of {} elements passed {}",
                                      s.codes.size(), memory_budget_text(limits)));
      }
      if (s.codes.size() > most) {
        return fail_limit(
            fmt::format("a candidate quotient passed the bound of {} elements", max_order));
      }
      if (!added) break;
    }
  }
  return true;
}

// P by the least sum of each element: its options are smaller sums, marked before it.
Result<bool> mark(State& s, const std::vector<std::vector<std::uint64_t>>& moves,
                  const Limits& limits) {
  s.p.assign(s.codes.size(), false);
  for (std::size_t x = 1; x < s.codes.size(); ++x) {
    const std::span<const Entry> word = s.word(x);
    bool has_move = false;
    bool to_p = false;
    for (std::size_t k = 0; k < word.size() && !to_p; ++k) {
      std::uint64_t rest = 0;
      for (std::size_t i = 0; i < word.size(); ++i) {
        const std::uint32_t times = word[i].second - (i == k ? 1 : 0);
        for (std::uint32_t t = 0; t < times; ++t) {
          rest = s.monoid.multiply(rest, s.gen[word[i].first]);
        }
      }
      for (std::uint64_t move : moves[word[k].first]) {
        has_move = true;
        const std::uint32_t id = s.index.find(s.monoid.multiply(rest, move));
        if (id != kAbsent && s.p[id]) {
          to_p = true;
          break;
        }
      }
    }
    if (!limits.charge(1 + word.size())) return limits.stop_error();
    s.p[x] = has_move && !to_p;
  }
  return true;
}

}  // namespace

Result<Candidate> Candidate::build(const Table& base, std::span<const QuotientElement> phi,
                                   std::span<const std::vector<std::vector<std::uint64_t>>> shapes,
                                   std::span<const Split> splits, std::size_t max_order,
                                   const Limits& limits, bool* past_memory) {
  bool memory = false;
  if (past_memory != nullptr) *past_memory = false;
  auto s = std::make_shared<State>(base, splits);
  const std::uint64_t n = phi.size() - 1;
  s->gen.assign(n + 1, 0);
  for (std::uint64_t h = 1; h <= n; ++h) {
    s->gen[h] = shapes[h].empty() ? 0 : phi[h];
    for (std::size_t j = 0; j < splits.size(); ++j) {
      if (splits[j].heap == h) s->gen[h] = s->monoid.unit(j);
    }
  }
  if (s->index.fixed_bytes() > limits.max_search_bytes) {
    if (past_memory != nullptr) *past_memory = true;
    return fail_limit(fmt::format("a candidate quotient's index of {} codes passed {}",
                                  s->monoid.size(), memory_budget_text(limits)));
  }
  auto enumerated = enumerate(*s, std::max<std::uint64_t>(saturating_mul(16, max_order), 4096),
                              max_order, table_bytes(base.order), limits, memory);
  if (!enumerated) {
    if (past_memory != nullptr) *past_memory = memory;
    return enumerated.failure();
  }
  // The options of each heap, as elements of the candidate.
  std::vector<std::vector<std::uint64_t>> moves(n + 1);
  for (std::uint64_t h = 1; h <= n; ++h) {
    for (const std::vector<std::uint64_t>& shape : shapes[h]) {
      std::uint64_t x = 0;
      for (std::uint64_t part : shape) x = s->monoid.multiply(x, s->gen[part]);
      moves[h].push_back(x);
    }
    std::sort(moves[h].begin(), moves[h].end());
    moves[h].erase(std::unique(moves[h].begin(), moves[h].end()), moves[h].end());
  }
  auto marked = mark(*s, moves, limits);
  if (!marked) return marked.failure();
  return Candidate(std::move(s));
}

bool Candidate::in_p(std::span<const std::uint64_t> heaps) const {
  std::uint64_t x = 0;
  for (std::uint64_t h : heaps) x = state_->monoid.multiply(x, state_->gen[h]);
  return state_->p[state_->index.find(x)];
}

Result<Reduced> Candidate::reduce(std::size_t max_order, const Limits& limits,
                                  bool* past_memory) const {
  const State& s = *state_;
  if (past_memory != nullptr) *past_memory = false;
  const std::size_t elements = s.codes.size();
  // The distinct generators, and each heap's among them.
  std::vector<std::uint64_t> generators(s.gen.begin() + 1, s.gen.end());
  std::sort(generators.begin(), generators.end());
  generators.erase(std::unique(generators.begin(), generators.end()), generators.end());
  std::erase(generators, std::uint64_t{0});
  // The action of the generators, then the reduced table, beside the elements.
  const std::uint64_t action_bytes =
      saturating_mul(saturating_mul(generators.size(), elements), sizeof(QuotientElement));
  if (saturating_add(s.bytes(), action_bytes) > limits.max_search_bytes) {
    if (past_memory != nullptr) *past_memory = true;
    return fail_limit(fmt::format("a candidate quotient of {} elements passed {}", elements,
                                  memory_budget_text(limits)));
  }
  std::vector<std::vector<QuotientElement>> action(generators.size(),
                                                   std::vector<QuotientElement>(elements));
  for (std::size_t g = 0; g < generators.size(); ++g) {
    if (!limits.charge(elements)) return limits.stop_error();
    for (std::size_t x = 0; x < elements; ++x) {
      action[g][x] = s.index.find(s.monoid.multiply(s.codes[x], generators[g]));
    }
  }
  const std::vector<QuotientElement> cls = indistinguishable(s.p, action);
  const std::size_t order = *std::max_element(cls.begin(), cls.end()) + std::size_t{1};
  if (order > max_order) {
    return fail_limit(
        fmt::format("a candidate quotient passed the bound of {} elements", max_order));
  }
  if (saturating_add(saturating_add(s.bytes(), action_bytes), table_bytes(order)) >
      limits.max_search_bytes) {
    if (past_memory != nullptr) *past_memory = true;
    return fail_limit(fmt::format("the table of a candidate quotient of {} elements passed {}",
                                  order, memory_budget_text(limits)));
  }
  // Each class by its first element; row c of the table is row cls[parent] acted on by the
  // generator of the heap that made the representative (the table is commutative), so every cell
  // is one lookup.
  std::vector<std::size_t> rep(order, elements);
  for (std::size_t x = 0; x < elements; ++x) rep[cls[x]] = std::min(rep[cls[x]], x);
  std::vector<std::vector<QuotientElement>> reduced_action(generators.size(),
                                                           std::vector<QuotientElement>(order));
  for (std::size_t g = 0; g < generators.size(); ++g) {
    for (std::size_t c = 0; c < order; ++c) reduced_action[g][c] = cls[action[g][rep[c]]];
  }
  Reduced out;
  out.table.order = order;
  out.table.cells.resize(order * order);
  out.table.p.resize(order);
  for (std::size_t c = 0; c < order; ++c) {
    if (!limits.charge(order)) return limits.stop_error();
    const std::size_t x = rep[c];
    out.table.p[c] = s.p[x];
    QuotientElement* row = &out.table.cells[c * order];
    if (x == 0) {
      for (std::size_t a = 0; a < order; ++a) row[a] = static_cast<QuotientElement>(a);
      continue;
    }
    const std::size_t g = static_cast<std::size_t>(
        std::lower_bound(generators.begin(), generators.end(), s.gen[s.heap[x]]) -
        generators.begin());
    const std::vector<QuotientElement>& act = reduced_action[g];
    const QuotientElement* from = &out.table.cells[cls[s.parent[x]] * order];
    for (std::size_t a = 0; a < order; ++a) row[a] = act[from[a]];
  }
  out.phi.resize(s.gen.size());
  for (std::uint64_t h = 0; h < s.gen.size(); ++h) out.phi[h] = cls[s.index.find(s.gen[h])];
  return out;
}

Result<Reduced> reduced_candidate(const Table& base, std::span<const QuotientElement> phi,
                                  std::span<const std::vector<std::vector<std::uint64_t>>> shapes,
                                  std::span<const Split> splits, std::size_t max_order,
                                  const Limits& limits, bool* past_memory) {
  auto candidate = Candidate::build(base, phi, shapes, splits, max_order, limits, past_memory);
  if (!candidate) return candidate.failure();
  return candidate->reduce(max_order, limits, past_memory);
}

}  // namespace nimkit::detail
