#include "monoid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
#include <span>
#include <unordered_map>

#include "nimkit/checked.h"

namespace nimkit::detail {

std::vector<std::vector<std::uint32_t>> normal_forms(
    const MisereQuotient& quotient, const std::vector<QuotientElement>& generators) {
  const std::size_t order = quotient.order();
  std::vector<std::vector<std::uint32_t>> words(order);
  std::vector<bool> seen(order, false);
  std::vector<QuotientElement> listed{0};  // in increasing order of normal form
  words[0].assign(generators.size(), 0);
  seen[0] = true;
  for (std::size_t g = 0; g < generators.size(); ++g) {
    // The elements reached with generators before g, times g^m for m = 1, 2, ...: the least word
    // of a new element has the least m, then the least prefix. Once a round finds nothing new,
    // no later round can (its elements are this round's times g).
    const std::vector<QuotientElement> before = listed;
    std::vector<QuotientElement> power = before;
    for (std::uint32_t m = 1;; ++m) {
      bool added = false;
      for (std::size_t i = 0; i < before.size(); ++i) {
        power[i] = quotient.multiply(power[i], generators[g]);
        if (seen[power[i]]) continue;
        seen[power[i]] = true;
        words[power[i]] = words[before[i]];
        words[power[i]][g] = m;
        listed.push_back(power[i]);
        added = true;
      }
      if (!added) break;
    }
  }
  assert(listed.size() == order && "generators must generate the monoid");
  return words;
}

std::vector<QuotientRelation> rewriting_relations(
    const MisereQuotient& quotient, const std::vector<QuotientElement>& generators,
    const std::vector<std::vector<std::uint32_t>>& words) {
  std::map<std::vector<std::uint32_t>, QuotientElement> normal;
  for (QuotientElement x = 0; x < words.size(); ++x) normal.emplace(words[x], x);
  auto element_of = [&](const std::vector<std::uint32_t>& word) {
    QuotientElement x = 0;
    for (std::size_t g = 0; g < word.size(); ++g) {
      for (std::uint32_t i = 0; i < word[g]; ++i) x = quotient.multiply(x, generators[g]);
    }
    return x;
  };
  std::set<std::vector<std::uint32_t>> found;
  std::vector<QuotientRelation> out;
  for (const std::vector<std::uint32_t>& w : words) {
    for (std::size_t g = 0; g < generators.size(); ++g) {
      std::vector<std::uint32_t> u = w;
      ++u[g];
      if (normal.count(u) || found.count(u)) continue;
      // Minimal: every divisor by one generator is a normal form.
      bool minimal = true;
      for (std::size_t h = 0; h < u.size() && minimal; ++h) {
        if (u[h] == 0) continue;
        std::vector<std::uint32_t> d = u;
        --d[h];
        minimal = normal.count(d) > 0;
      }
      if (!minimal) continue;
      found.insert(u);
      out.push_back(QuotientRelation{u, words[element_of(u)]});
    }
  }
  // Shortest first, then by the words themselves: a stable order to print.
  std::sort(out.begin(), out.end(), [](const QuotientRelation& a, const QuotientRelation& b) {
    std::uint64_t la = 0, lb = 0;
    for (std::uint32_t e : a.left) la += e;
    for (std::uint32_t e : b.left) lb += e;
    if (la != lb) return la < lb;
    return std::lexicographical_compare(a.left.rbegin(), a.left.rend(), b.left.rbegin(),
                                        b.left.rend());
  });
  return out;
}

std::vector<std::uint64_t> growth_heaps(const Table& table, std::span<const QuotientElement> phi) {
  std::vector<bool> reached(table.order, false);
  std::vector<QuotientElement> members{0};
  reached[0] = true;
  std::vector<std::uint64_t> grew;
  for (std::uint64_t heap = 1; heap < phi.size(); ++heap) {
    if (reached[phi[heap]]) continue;
    grew.push_back(heap);
    // Close the submonoid under the new generator.
    for (std::size_t i = 0; i < members.size(); ++i) {
      const QuotientElement y = table.at(members[i], phi[heap]);
      if (!reached[y]) {
        reached[y] = true;
        members.push_back(y);
      }
    }
  }
  return grew;
}

std::vector<std::uint64_t> order_growth_heaps(const MisereQuotient& quotient,
                                              std::span<const std::uint64_t> generators_at) {
  std::vector<std::uint64_t> grew;
  std::size_t order = 1;
  std::vector<QuotientElement> generators;
  for (std::uint64_t heap : generators_at) {
    generators.push_back(quotient.phi(heap));
    // The submonoid the generators so far generate (breadth first from 1), numbered locally.
    std::vector<QuotientElement> members{0};
    std::unordered_map<QuotientElement, QuotientElement> local{{0, 0}};
    for (std::size_t i = 0; i < members.size(); ++i) {
      for (QuotientElement g : generators) {
        const QuotientElement y = quotient.multiply(members[i], g);
        if (local.emplace(y, static_cast<QuotientElement>(members.size())).second) {
          members.push_back(y);
        }
      }
    }
    std::vector<bool> p(members.size());
    std::vector<std::vector<QuotientElement>> action(generators.size(),
                                                     std::vector<QuotientElement>(members.size()));
    for (std::size_t i = 0; i < members.size(); ++i) {
      p[i] = quotient.in_p(members[i]);
      for (std::size_t g = 0; g < generators.size(); ++g) {
        action[g][i] = local.at(quotient.multiply(members[i], generators[g]));
      }
    }
    // No meter: a quotient's table is full, so at most 65,536 elements.
    const std::vector<QuotientElement> classes = *indistinguishable(p, action, Limits{});
    const std::size_t reduced = *std::max_element(classes.begin(), classes.end()) + std::size_t{1};
    if (reduced > order) grew.push_back(heap);
    order = reduced;
  }
  return grew;
}

std::uint64_t refinement_bytes(std::uint64_t elements, std::uint64_t letters) {
  // The preimages of every letter (offsets and sources), and twelve words per element for the
  // partition (elements, positions, blocks), the work and touched lists, a splitter's copy and
  // the classes.
  const std::uint64_t preimages =
      saturating_mul(saturating_mul(letters, saturating_add(2 * elements, 1)), 4);
  return saturating_add(preimages, saturating_mul(elements, 48));
}

namespace {

// A partition of the elements into blocks, each a range of `elements_` that can be split into
// its marked part and the rest (Hopcroft's refinable partition).
class Partition {
 public:
  explicit Partition(const std::vector<bool>& p) : elements_(p.size()), where_(p.size()) {
    const std::size_t n = p.size();
    block_of_.assign(n, 0);
    // At most n blocks, each touched at most once a splitter: no reallocation while refining.
    blocks_.reserve(n);
    touched_.reserve(n);
    // Block 0: the elements on the identity's side of P; block 1 the others.
    std::size_t front = 0;
    for (std::size_t x = 0; x < n; ++x) {
      if (p[x] == p[0]) elements_[front++] = static_cast<QuotientElement>(x);
    }
    std::size_t back = front;
    for (std::size_t x = 0; x < n; ++x) {
      if (p[x] != p[0]) {
        elements_[back++] = static_cast<QuotientElement>(x);
        block_of_[x] = 1;
      }
    }
    for (std::size_t i = 0; i < n; ++i) where_[elements_[i]] = static_cast<std::uint32_t>(i);
    add_block(0, front);
    if (front < n) add_block(front, n);
  }

  std::size_t blocks() const { return blocks_.size(); }
  std::size_t size(std::uint32_t b) const { return blocks_[b].end - blocks_[b].first; }
  std::span<const QuotientElement> members(std::uint32_t b) const {
    return {elements_.data() + blocks_[b].first, size(b)};
  }
  std::uint32_t block_of(QuotientElement x) const { return block_of_[x]; }

  void mark(QuotientElement x) {
    const std::uint32_t b = block_of_[x];
    Block& block = blocks_[b];
    const std::uint32_t at = where_[x];
    if (at < block.mid) return;
    if (block.mid == block.first) touched_.push_back(b);
    const QuotientElement other = elements_[block.mid];
    std::swap(elements_[at], elements_[block.mid]);
    where_[other] = at;
    where_[x] = block.mid++;
  }

  // Splits every touched block into its marked part and the rest, the smaller part becoming a new
  // block, and calls `split(new_block)` for each.
  template <typename OnSplit>
  void split_touched(OnSplit&& split) {
    for (const std::uint32_t b : touched_) {
      Block& block = blocks_[b];
      const std::uint32_t marked = block.mid - block.first;
      const std::uint32_t all = block.end - block.first;
      if (marked == all) {
        block.mid = block.first;
        continue;
      }
      std::uint32_t begin = block.first;
      std::uint32_t end = block.mid;
      if (marked <= all - marked) {
        block.first = block.mid;
      } else {
        begin = block.mid;
        end = block.end;
        block.end = block.mid;
        block.mid = block.first;
      }
      const auto fresh = static_cast<std::uint32_t>(blocks_.size());
      add_block(begin, end);
      for (std::uint32_t i = begin; i < end; ++i) block_of_[elements_[i]] = fresh;
      split(fresh);
    }
    touched_.clear();
  }

 private:
  // Elements [first, end) of elements_, the marked ones [first, mid).
  struct Block {
    std::uint32_t first;
    std::uint32_t mid;
    std::uint32_t end;
  };

  void add_block(std::size_t begin, std::size_t end) {
    const auto first = static_cast<std::uint32_t>(begin);
    blocks_.push_back(Block{first, first, static_cast<std::uint32_t>(end)});
  }

  std::vector<QuotientElement> elements_;  // grouped by block
  std::vector<std::uint32_t> where_;       // the index of each element in elements_
  std::vector<std::uint32_t> block_of_;
  std::vector<Block> blocks_;
  std::vector<std::uint32_t> touched_;  // blocks with a marked element
};

}  // namespace

Result<std::vector<QuotientElement>> indistinguishable(
    const std::vector<bool>& p, const std::vector<std::vector<QuotientElement>>& action,
    const Limits& limits) {
  // Hopcroft's refinement: x and y are told apart exactly when some word of generators takes one
  // into P and the other out of it, so the classes are the coarsest partition separating P from
  // the rest in which every generator maps each block into one block. A block is split by each
  // splitter block S and generator g into the elements that g maps into S and the others; after
  // a split only the smaller part need serve as a splitter again (splitting by a block and one of
  // its parts splits by the other part too), so each element is in O(log n) splitters and the
  // work is O(g·n·log n), where Moore's round-by-round refinement takes a pass over every element
  // for each letter of the longest distinguishing word.
  const std::size_t n = p.size();
  if (n == 0) return std::vector<QuotientElement>{};
  const std::size_t letters = action.size();
  // The refinement charges no steps: its work is within a logarithmic factor of the enumeration
  // that charged the candidate's elements, and charging it again would move every computation
  // stopped by its steps (the census's) to other heaps. It still stops when the meter does.
  const auto wanted = [&] { return limits.charge(0); };
  // The preimages under each generator: sources[g·n + i] for i in [start[g·(n + 1) + y],
  // start[g·(n + 1) + y + 1]) are the elements g maps to y.
  std::vector<std::uint32_t> start(letters * (n + 1), 0);
  std::vector<QuotientElement> sources(letters * n);
  for (std::size_t g = 0; g < letters; ++g) {
    if (!wanted()) return limits.stop_error();
    std::uint32_t* offsets = start.data() + g * (n + 1);
    for (std::size_t x = 0; x < n; ++x) ++offsets[action[g][x] + 1];
    for (std::size_t y = 0; y < n; ++y) offsets[y + 1] += offsets[y];
    QuotientElement* into = sources.data() + g * n;
    for (std::size_t x = 0; x < n; ++x) {
      into[offsets[action[g][x]]++] = static_cast<QuotientElement>(x);
    }
    // The fill advanced each offset to the next one's start: shift them back.
    for (std::size_t y = n; y > 0; --y) offsets[y] = offsets[y - 1];
    offsets[0] = 0;
  }
  Partition partition(p);
  std::vector<std::uint32_t> work;
  work.reserve(n);
  if (partition.blocks() == 2) {
    const std::uint32_t smaller = partition.size(0) <= partition.size(1) ? 0 : 1;
    work.push_back(smaller);
  }
  std::vector<QuotientElement> splitter;
  splitter.reserve(n);
  while (!work.empty()) {
    const std::uint32_t s = work.back();
    work.pop_back();
    // A copy: the block may itself be split while it serves.
    const auto members = partition.members(s);
    splitter.assign(members.begin(), members.end());
    for (std::size_t g = 0; g < letters; ++g) {
      const std::uint32_t* offsets = start.data() + g * (n + 1);
      const QuotientElement* from = sources.data() + g * n;
      for (const QuotientElement y : splitter) {
        for (std::uint32_t i = offsets[y]; i < offsets[y + 1]; ++i) partition.mark(from[i]);
      }
      if (!wanted()) return limits.stop_error();
      // The new block is the smaller part: a block that was not waiting needs only it to serve,
      // and one still waiting serves as what is left of it, the new part beside it.
      partition.split_touched([&](std::uint32_t fresh) { work.push_back(fresh); });
    }
  }
  // Classes numbered by their first element.
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> number(partition.blocks(), kNone);
  std::vector<QuotientElement> cls(n);
  QuotientElement fresh = 0;
  for (std::size_t x = 0; x < n; ++x) {
    std::uint32_t& id = number[partition.block_of(static_cast<QuotientElement>(x))];
    if (id == kNone) id = fresh++;
    cls[x] = id;
  }
  return cls;
}

bool is_commutative_monoid(const Table& table, std::span<const QuotientElement> generators) {
  const std::size_t n = table.order;
  if (table.cells.size() != n * n || table.p.size() != n) return false;
  for (QuotientElement x = 0; x < n; ++x) {
    if (table.at(0, x) != x || table.at(x, 0) != x) return false;
    for (QuotientElement y = 0; y < n; ++y) {
      if (table.at(x, y) >= n || table.at(x, y) != table.at(y, x)) return false;
    }
  }
  for (QuotientElement g : generators) {
    if (g >= n) return false;
  }
  // Every element a product of generators (breadth first from 1).
  std::vector<bool> reached(n, false);
  std::vector<QuotientElement> queue{0};
  reached[0] = true;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    for (QuotientElement g : generators) {
      const QuotientElement y = table.at(queue[i], g);
      if (!reached[y]) {
        reached[y] = true;
        queue.push_back(y);
      }
    }
  }
  if (queue.size() != n) return false;
  for (QuotientElement x = 0; x < n; ++x) {
    for (QuotientElement y = 0; y < n; ++y) {
      const QuotientElement xy = table.at(x, y);
      for (QuotientElement g : generators) {
        if (table.at(xy, g) != table.at(x, table.at(y, g))) return false;
      }
    }
  }
  return true;
}

std::uint64_t table_bytes(std::uint64_t order) {
  // The cells and a bit of P per element.
  return saturating_add(QuotientCells::bytes(order), order / 8 + 1);
}

std::uint64_t Table::bytes() const {
  if (full()) return table_bytes(order);
  return saturating_add(order * sizeof(std::uint32_t) + order / 8 + 1,
                        saturating_mul(rows_.size(), order * sizeof(QuotientElement)));
}

bool past_budget(const Limits& limits, std::uint64_t bytes) {
  return saturating_add(bytes, limits.held_search_bytes) > limits.max_search_bytes;
}

std::string memory_budget_text(const Limits& limits) {
  return fmt::format("the memory budget of {} bytes", limits.max_search_bytes);
}

}  // namespace nimkit::detail
