#include "candidate.h"

#include <fmt/format.h>

#include <algorithm>
#include <type_traits>

#include "../worker.h"
#include "nimkit/checked.h"
#include "product_monoid.h"

namespace nimkit::detail {
namespace {

// A least sum as (heap, multiplicity), heaps ascending, stored end to end.
using Entry = std::pair<std::uint64_t, std::uint32_t>;

// Bytes an element keeps: its code, parent, heap, word offset.
constexpr std::uint64_t kElementBytes = 8 + 4 + 8 + 8;
// Elements the arrays first have room for.
constexpr std::size_t kFirstElements = 16;

}  // namespace

// The enumerated candidate: its elements in increasing order of their least sums. Element x > 0
// is parent[x] · gen[heap[x]] with parent[x] < x.
struct Candidate::State {
  ProductMonoid monoid;
  std::vector<std::uint64_t> gen;  // the code of each heap 0 ... n
  // The codes of the heaps whose generator added elements: they generate the candidate (any
  // other heap's code is a product of earlier ones), and indistinguishability needs no more.
  std::vector<std::uint64_t> generating;
  std::vector<std::uint64_t> codes{0};
  std::vector<std::uint32_t> parent{0};
  std::vector<std::uint64_t> heap{0};
  std::vector<std::size_t> word_at{0, 0};  // word of x: entries word_at[x] ... word_at[x + 1]
  std::vector<Entry> entries;
  CodeIndex index;
  std::vector<bool> p;
  // The codes a verification and a recalibration multiply by besides the heaps': the options.
  std::vector<std::uint64_t> multipliers;

  State(const Table& base, std::span<const Split> splits)
      : monoid(base, splits), index(monoid.size()) {
    index.insert(0, 0);
  }
  // Bytes held, as allocated.
  std::uint64_t bytes() const {
    return saturating_add(
        {index.bytes(), codes.capacity() * sizeof(std::uint64_t),
         parent.capacity() * sizeof(std::uint32_t), heap.capacity() * sizeof(std::uint64_t),
         word_at.capacity() * sizeof(std::size_t), entries.capacity() * sizeof(Entry),
         p.capacity() / 8, multipliers.capacity() * sizeof(std::uint64_t)});
  }
  // Room for one more element whose least sum has `length` entries, with `held` bytes held
  // beside: the arrays that must grow for it grow here, by doubling, when the budget holds their
  // old storage and their new at once; false when it does not.
  bool room_for(std::size_t length, std::uint64_t held, const Limits& limits) {
    const std::size_t n = codes.size();
    const std::size_t elements = n < codes.capacity() ? 0 : std::max(kFirstElements, 2 * n);
    const std::size_t words =
        entries.size() + length <= entries.capacity()
            ? 0
            : std::max({kFirstElements, 2 * entries.capacity(), entries.size() + length});
    const std::uint64_t growth =
        saturating_add({saturating_mul(elements, kElementBytes),
                        saturating_mul(words, sizeof(Entry)), index.growth_bytes()});
    if (growth == 0) return true;
    if (past_budget(limits, saturating_add({held, bytes(), growth}))) return false;
    if (elements != 0) {
      codes.reserve(elements);
      parent.reserve(elements);
      heap.reserve(elements);
      word_at.reserve(elements + 1);
    }
    if (words != 0) entries.reserve(words);
    return true;
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
    // The powers of this heap's generator times every element so far, held beside the state.
    const std::uint64_t working =
        saturating_add(held, saturating_mul(before, sizeof(std::uint64_t) + sizeof(std::uint32_t)));
    if (past_budget(limits, saturating_add(working, s.bytes()))) {
      past_memory = true;
      return fail_limit(fmt::format("a candidate quotient of {} elements passed {}", s.codes.size(),
                                    memory_budget_text(limits)));
    }
    std::vector<std::uint64_t> power(s.codes.begin(), s.codes.begin() + static_cast<long>(before));
    std::vector<std::uint32_t> power_id(before);
    for (std::uint32_t i = 0; i < before; ++i) power_id[i] = i;
    for (std::uint32_t m = 1;; ++m) {
      if (!limits.charge(before)) return limits.stop_error();
      bool added = false;
      for (std::size_t i = 0; i < before; ++i) {
        power[i] = s.monoid.times_generator(power[i], s.gen[h]);
        std::uint32_t id = s.index.find(power[i]);
        if (id == kAbsent) {
          if (!s.room_for(s.word(i).size() + 1, working, limits)) {
            past_memory = true;
            return fail_limit(fmt::format("a candidate quotient of {} elements passed {}",
                                          s.codes.size(), memory_budget_text(limits)));
          }
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
      if (s.codes.size() > most) {
        return fail_limit(
            fmt::format("a candidate quotient passed the bound of {} elements", max_order));
      }
      if (!added) break;
    }
    if (s.codes.size() > before) s.generating.push_back(s.gen[h]);
  }
  return true;
}

// An element as its base element and one exponent per split, which the marking multiplies
// without the divisions a code's digits take.
class SplitElements {
 public:
  SplitElements(const ProductMonoid& monoid, std::size_t count)
      : monoid_(&monoid), width_(monoid.splits()), low_(count), exponents_(count * width_ + 1) {}
  std::uint64_t& low(std::size_t i) { return low_[i]; }
  std::uint32_t* exponents(std::size_t i) { return exponents_.data() + i * width_; }
  void set_identity(std::size_t i) {
    low_[i] = 0;
    std::fill_n(exponents(i), width_, 0);
  }
  void copy(std::size_t to, std::size_t from) {
    low_[to] = low_[from];
    std::copy_n(exponents(from), width_, exponents(to));
  }
  // Element i times the generator `g` (of split `split`, or of the base when split is width)
  // `times` times.
  void times_power(std::size_t i, std::uint64_t g, std::size_t split, std::uint64_t times) {
    if (split < width_) {
      std::uint32_t& e = exponents(i)[split];
      e = monoid_->wrap(split, e + times);
      return;
    }
    const Table& base = monoid_->base();
    for (std::uint64_t t = 0; t < times; ++t) {
      low_[i] = base.at(static_cast<QuotientElement>(low_[i]), static_cast<QuotientElement>(g));
    }
  }
  // Element `to` = element a times element b (a full base table multiplies any two).
  void multiply(std::size_t to, std::size_t a, std::size_t b) {
    low_[to] = monoid_->base().at(static_cast<QuotientElement>(low_[a]),
                                  static_cast<QuotientElement>(low_[b]));
    const std::uint32_t* ea = exponents(a);
    const std::uint32_t* eb = exponents(b);
    std::uint32_t* out = exponents(to);
    for (std::size_t j = 0; j < width_; ++j) out[j] = monoid_->wrap(j, ea[j] + eb[j]);
  }

 private:
  const ProductMonoid* monoid_;
  std::size_t width_;
  std::vector<std::uint64_t> low_;
  std::vector<std::uint32_t> exponents_;
};

// P by the least sum of each element: its options are smaller sums, marked before it.
Result<bool> mark(State& s, const std::vector<std::vector<std::uint64_t>>& moves,
                  const Limits& limits) {
  s.p.assign(s.codes.size(), false);
  const ProductMonoid& monoid = s.monoid;
  // Each heap's options split once (base element, exponents), for the products below.
  const std::size_t width = monoid.splits();
  std::vector<std::vector<std::uint64_t>> move_low(moves.size());
  std::vector<std::vector<std::uint32_t>> move_exponents(moves.size());
  for (std::size_t h = 0; h < moves.size(); ++h) {
    move_low[h].resize(moves[h].size());
    move_exponents[h].resize(moves[h].size() * width + 1);
    for (std::size_t i = 0; i < moves[h].size(); ++i) {
      monoid.split(moves[h][i], move_low[h][i], &move_exponents[h][i * width]);
    }
  }
  std::vector<std::size_t> split_of(s.gen.size());
  for (std::size_t h = 0; h < s.gen.size(); ++h) split_of[h] = monoid.split_of_unit(s.gen[h]);
  // The sum less one heap k: with a full base, the product of the entries before k, k one time
  // fewer, and the entries after it (prefix and suffix products); with a partial one, by the
  // generators alone (it has no other products). Elements 0 ... longest of `work` hold the prefix
  // products, the next longest + 1 the suffix products, the last the sum less heap k.
  const bool full = monoid.base().full();
  std::size_t longest = 0;
  for (std::size_t x = 1; x < s.codes.size(); ++x) longest = std::max(longest, s.word(x).size());
  SplitElements work(monoid, 2 * longest + 3);
  const std::size_t suffix = longest + 1;
  const std::size_t rest = 2 * longest + 2;
  const auto times = [&](std::size_t i, const Entry& entry, std::uint64_t count) {
    work.times_power(i, s.gen[entry.first], split_of[entry.first], count);
  };
  for (std::size_t x = 1; x < s.codes.size(); ++x) {
    const std::span<const Entry> word = s.word(x);
    const std::size_t len = word.size();
    if (full) {
      work.set_identity(0);
      for (std::size_t i = 0; i < len; ++i) {
        work.copy(i + 1, i);
        times(i + 1, word[i], word[i].second);
      }
      work.set_identity(suffix + len);
      for (std::size_t i = len; i-- > 0;) {
        work.copy(suffix + i, suffix + i + 1);
        times(suffix + i, word[i], word[i].second);
      }
    }
    bool has_move = false;
    bool to_p = false;
    for (std::size_t k = 0; k < len && !to_p; ++k) {
      const std::uint64_t heap = word[k].first;
      if (full) {
        work.copy(rest, k);
        times(rest, word[k], word[k].second - 1);
        work.multiply(rest, rest, suffix + k + 1);
      } else {
        work.set_identity(rest);
        for (std::size_t i = 0; i < len; ++i)
          times(rest, word[i], word[i].second - (i == k ? 1 : 0));
      }
      const std::uint64_t rest_low = work.low(rest);
      const std::uint32_t* rest_exponents = work.exponents(rest);
      for (std::size_t i = 0; i < moves[heap].size(); ++i) {
        has_move = true;
        const std::uint32_t id = s.index.find(monoid.multiply_split(
            rest_low, rest_exponents, move_low[heap][i], &move_exponents[heap][i * width]));
        if (id != kAbsent && s.p[id]) {
          to_p = true;
          break;
        }
      }
    }
    if (!limits.charge(1 + len)) return limits.stop_error();
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
  if (past_budget(limits, s->index.bytes())) {
    if (past_memory != nullptr) *past_memory = true;
    return fail_limit(fmt::format("a candidate quotient's index of {} codes passed {}",
                                  s->monoid.size(), memory_budget_text(limits)));
  }
  auto enumerated = enumerate(*s, std::max<std::uint64_t>(saturating_mul(16, max_order), 4096),
                              max_order, 0, limits, memory);
  if (!enumerated) {
    if (past_memory != nullptr) *past_memory = memory;
    return enumerated.failure();
  }
  // The options of each heap, as elements of the candidate.
  std::vector<std::vector<std::uint64_t>> moves(n + 1);
  for (std::uint64_t h = 1; h <= n; ++h) {
    for (const std::vector<std::uint64_t>& shape : shapes[h]) {
      std::uint64_t x = 0;
      for (std::uint64_t part : shape) x = s->monoid.times_generator(x, s->gen[part]);
      moves[h].push_back(x);
    }
    std::sort(moves[h].begin(), moves[h].end());
    moves[h].erase(std::unique(moves[h].begin(), moves[h].end()), moves[h].end());
  }
  auto marked = mark(*s, moves, limits);
  if (!marked) return marked.failure();
  for (const std::vector<std::uint64_t>& codes : moves) {
    s->multipliers.insert(s->multipliers.end(), codes.begin(), codes.end());
  }
  return Candidate(std::move(s));
}

std::uint64_t Candidate::bytes() const { return state_->bytes(); }

bool Candidate::in_p(std::span<const std::uint64_t> heaps) const {
  std::uint64_t x = 0;
  for (std::uint64_t h : heaps) x = state_->monoid.times_generator(x, state_->gen[h]);
  return state_->p[state_->index.find(x)];
}

Result<Reduced> Candidate::partial(const std::vector<QuotientElement>& cls, std::size_t order,
                                   std::uint64_t held, const Limits& limits,
                                   bool* past_memory) const {
  const State& s = *state_;
  // The multipliers: 1, every heap's generator and every option, each by one of its codes; a
  // class met twice keeps one row.
  std::vector<std::uint64_t> codes{0};
  codes.insert(codes.end(), s.gen.begin() + 1, s.gen.end());
  codes.insert(codes.end(), s.multipliers.begin(), s.multipliers.end());
  Reduced out;
  out.table.order = order;
  out.table.cells = QuotientCells();
  out.table.p.assign(order, false);
  out.table.column_.assign(order, Table::kNone);
  std::vector<std::size_t> rep(order, s.codes.size());
  for (std::size_t x = 0; x < s.codes.size(); ++x) rep[cls[x]] = std::min(rep[cls[x]], x);
  for (std::size_t c = 0; c < order; ++c) out.table.p[c] = s.p[rep[c]];
  // Each representative split once (base element, exponents), for every row below.
  const std::size_t width = s.monoid.splits();
  std::vector<std::uint64_t> rep_low(order);
  std::vector<std::uint32_t> rep_exponents(order * width + 1);
  for (std::size_t c = 0; c < order; ++c) {
    s.monoid.split(s.codes[rep[c]], rep_low[c], &rep_exponents[c * width]);
  }
  std::vector<std::uint32_t> b(width + 1);
  // Beside the rows: the representatives, split, and the row being filled.
  const std::uint64_t beside = saturating_add(
      held, saturating_mul(order, 2 * sizeof(std::size_t) + (width + 1) * sizeof(std::uint32_t)));
  for (std::uint64_t code : codes) {
    const QuotientElement m = cls[s.index.find(code)];
    if (out.table.column_[m] != Table::kNone) continue;
    if (past_budget(limits, saturating_add(beside, out.table.bytes() + order * 4))) {
      if (past_memory != nullptr) *past_memory = true;
      return fail_limit(fmt::format("the rows of a candidate quotient of {} elements passed {}",
                                    order, memory_budget_text(limits)));
    }
    if (!limits.charge(order)) return limits.stop_error();
    std::uint64_t low_b = 0;
    s.monoid.split(code, low_b, b.data());
    std::vector<QuotientElement> row(order);
    for (std::size_t c = 0; c < order; ++c) {
      row[c] = cls[s.index.find(
          s.monoid.multiply_split(rep_low[c], &rep_exponents[c * width], low_b, b.data()))];
    }
    out.table.column_[m] = static_cast<std::uint32_t>(out.table.rows_.size());
    out.table.rows_.push_back(std::move(row));
  }
  out.phi.resize(s.gen.size());
  for (std::uint64_t h = 0; h < s.gen.size(); ++h) out.phi[h] = cls[s.index.find(s.gen[h])];
  return out;
}

Result<Reduced> Candidate::reduce(std::size_t max_order, const Limits& limits, bool* past_memory,
                                  QuotientCells* storage, Worker* helper,
                                  std::size_t full_order) const {
  const State& s = *state_;
  if (past_memory != nullptr) *past_memory = false;
  const std::size_t elements = s.codes.size();
  // The distinct generators: the heap of every representative below is one of theirs.
  std::vector<std::uint64_t> generators = s.generating;
  std::sort(generators.begin(), generators.end());
  generators.erase(std::unique(generators.begin(), generators.end()), generators.end());
  // The action of the generators, then the reduced table, beside the elements.
  const std::uint64_t action_bytes =
      saturating_mul(saturating_mul(generators.size(), elements), sizeof(QuotientElement));
  const std::uint64_t held = s.bytes();
  // The refinement's preimages and partition are held beside the action while it runs.
  if (past_budget(limits, saturating_add(saturating_add(held, action_bytes),
                                         refinement_bytes(elements, generators.size())))) {
    if (past_memory != nullptr) *past_memory = true;
    return fail_limit(fmt::format("a candidate quotient of {} elements passed {}", elements,
                                  memory_budget_text(limits)));
  }
  std::vector<std::vector<QuotientElement>> action(generators.size(),
                                                   std::vector<QuotientElement>(elements));
  for (std::size_t g = 0; g < generators.size(); ++g) {
    if (!limits.charge(elements)) return limits.stop_error();
    for (std::size_t x = 0; x < elements; ++x) {
      action[g][x] = s.index.find(s.monoid.times_generator(s.codes[x], generators[g]));
    }
  }
  const auto refined = indistinguishable(s.p, action, limits);
  if (!refined) return refined.failure();
  const std::vector<QuotientElement>& cls = *refined;
  const std::size_t order = *std::max_element(cls.begin(), cls.end()) + std::size_t{1};
  if (order > max_order) {
    return fail_limit(
        fmt::format("a candidate quotient passed the bound of {} elements", max_order));
  }
  const std::uint64_t class_bytes = elements * sizeof(QuotientElement);
  if (order > full_order) {
    // A partial table needs neither the action nor the storage of a full one.
    action = std::vector<std::vector<QuotientElement>>();
    if (storage != nullptr) *storage = QuotientCells();
    return partial(cls, order, saturating_add(held, class_bytes), limits, past_memory);
  }
  // Beside the table: the classes, and per class its representative, its row's source and
  // generator, and the generators' action on it.
  const std::uint64_t beside =
      saturating_add({held, action_bytes, class_bytes,
                      saturating_mul(order, 3 * sizeof(std::size_t) +
                                                generators.size() * sizeof(QuotientElement))});
  // The table reuses the storage when it is large enough, and holds all of it then.
  const std::uint64_t table_held =
      std::max(table_bytes(order),
               storage != nullptr && storage->capacity_bytes() >= QuotientCells::bytes(order)
                   ? storage->capacity_bytes() + order / 8 + 1
                   : 0);
  if (past_budget(limits, saturating_add(beside, table_held))) {
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
  // Row c is the identity for the class of 1, else row `from[c]` (an earlier class) acted on by
  // `act[c]`: the table is filled column range by column range, each independent of the others.
  out.table.resize(order, storage);
  std::vector<std::size_t> from(order, 0);
  std::vector<const QuotientElement*> act(order, nullptr);
  for (std::size_t c = 0; c < order; ++c) {
    const std::size_t x = rep[c];
    out.table.p[c] = s.p[x];
    if (x == 0) continue;
    const auto g = static_cast<std::size_t>(
        std::lower_bound(generators.begin(), generators.end(), s.gen[s.heap[x]]) -
        generators.begin());
    act[c] = reduced_action[g].data();
    from[c] = cls[s.parent[x]];
  }
  const auto fill = [&](auto* cells, std::size_t begin, std::size_t end, bool charge) {
    using Cell = std::remove_pointer_t<decltype(cells)>;  // wide enough for every element here
    for (std::size_t c = 0; c < order; ++c) {
      if (charge && !limits.charge(order)) return false;
      auto* row = cells + c * order;
      if (act[c] == nullptr) {
        for (std::size_t a = begin; a < end; ++a) row[a] = static_cast<Cell>(a);
        continue;
      }
      const auto* source = cells + from[c] * order;
      for (std::size_t a = begin; a < end; ++a) row[a] = static_cast<Cell>(act[c][source[a]]);
    }
    return true;
  };
  const auto fill_range = [&](std::size_t begin, std::size_t end, bool charge) {
    QuotientCells& cells = out.table.cells;
    return cells.narrow() ? fill(cells.narrow_data(), begin, end, charge)
                          : fill(cells.wide_data(), begin, end, charge);
  };
  // The caller's half charges the meter, a step per cell of a row, as one thread would.
  const std::size_t half = helper != nullptr ? order / 2 : order;
  if (helper != nullptr) helper->start([&] { fill_range(half, order, false); });
  const bool filled = fill_range(0, half, true);
  if (helper != nullptr) helper->wait();
  if (!filled) return limits.stop_error();
  out.phi.resize(s.gen.size());
  for (std::uint64_t h = 0; h < s.gen.size(); ++h) out.phi[h] = cls[s.index.find(s.gen[h])];
  return out;
}

Result<Reduced> reduced_candidate(const Table& base, std::span<const QuotientElement> phi,
                                  std::span<const std::vector<std::vector<std::uint64_t>>> shapes,
                                  std::span<const Split> splits, std::size_t max_order,
                                  const Limits& limits, bool* past_memory, std::size_t full_order) {
  auto candidate = Candidate::build(base, phi, shapes, splits, max_order, limits, past_memory);
  if (!candidate) return candidate.failure();
  return candidate->reduce(max_order, limits, past_memory, nullptr, nullptr, full_order);
}

}  // namespace nimkit::detail
