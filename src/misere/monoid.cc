#include "monoid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
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
    const std::vector<QuotientElement> classes = indistinguishable(p, action);
    const std::size_t reduced = *std::max_element(classes.begin(), classes.end()) + std::size_t{1};
    if (reduced > order) grew.push_back(heap);
    order = reduced;
  }
  return grew;
}

std::vector<QuotientElement> indistinguishable(
    const std::vector<bool>& p, const std::vector<std::vector<QuotientElement>>& action) {
  // Moore's refinement: each round numbers the elements by (class, class of x·g for every g),
  // in order of first appearance, until the number of classes stops growing. The signatures are
  // hashed into an open-addressed table of the first element of each; equal hashes are compared
  // in full against that element, so nothing is allocated per element.
  const std::size_t n = p.size();
  std::vector<QuotientElement> cls(n);
  for (std::size_t x = 0; x < n; ++x) cls[x] = p[x] == p[0] ? 0 : 1;
  std::size_t classes = std::set<bool>(p.begin(), p.end()).size();
  std::size_t slots = 16;
  while (slots < 2 * n) slots *= 2;
  constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
  std::vector<std::uint32_t> first(slots);
  std::vector<QuotientElement> next(n);
  std::vector<QuotientElement> ids;  // the new class of each first element, by slot
  ids.resize(slots);
  const auto signature_hash = [&](std::size_t x) {
    std::uint64_t h = cls[x] * 0x9e3779b97f4a7c15ULL;
    for (const std::vector<QuotientElement>& act : action) {
      h = (h ^ cls[act[x]]) * 0xff51afd7ed558ccdULL;
      h ^= h >> 29;
    }
    return h;
  };
  const auto same = [&](std::size_t x, std::size_t y) {
    if (cls[x] != cls[y]) return false;
    for (const std::vector<QuotientElement>& act : action) {
      if (cls[act[x]] != cls[act[y]]) return false;
    }
    return true;
  };
  for (;;) {
    std::fill(first.begin(), first.end(), kEmpty);
    QuotientElement fresh = 0;
    for (std::size_t x = 0; x < n; ++x) {
      std::size_t slot = signature_hash(x) & (slots - 1);
      while (first[slot] != kEmpty && !same(first[slot], x)) slot = (slot + 1) & (slots - 1);
      if (first[slot] == kEmpty) {
        first[slot] = static_cast<std::uint32_t>(x);
        ids[slot] = fresh++;
      }
      next[x] = ids[slot];
    }
    std::swap(cls, next);
    if (fresh == classes) break;
    classes = fresh;
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
