// The rules of every registered ruleset written out again, plainly, from their descriptions, and
// a memoized exhaustive search over sums of them. Nothing here calls the library's rulesets,
// moves, Grundy values or search, so agreeing with it is evidence, not tautology.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace nimkit_rules_test {

// A heap: size and the zero-move flag (zero-move Nim only).
using PlainHeap = std::pair<std::uint64_t, bool>;
// A component: its ruleset spec and its heaps.
struct PlainComponent {
  std::string spec;
  std::vector<PlainHeap> heaps;
  friend auto operator<=>(const PlainComponent&, const PlainComponent&) = default;
};
using PlainPosition = std::vector<PlainComponent>;

inline std::vector<std::uint64_t> numbers(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    out.push_back(std::stoull(text.substr(start, comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

inline bool in_subtraction_set(const std::string& params, std::uint64_t s) {
  if (params == "squares") {
    for (std::uint64_t r = 1; r * r <= s; ++r) {
      if (r * r == s) return true;
    }
    return false;
  }
  if (params == "powers-of-2") {
    for (std::uint64_t p = 1; p <= s; p *= 2) {
      if (p == s) return true;
    }
    return false;
  }
  if (params == "fibonacci") {
    for (std::uint64_t a = 1, b = 2; a <= s; b = a + b, a = b - a) {
      if (a == s) return true;
    }
    return false;
  }
  if (params.rfind("all-but:", 0) == 0) {
    const auto excluded = numbers(params.substr(8));
    return std::find(excluded.begin(), excluded.end(), s) == excluded.end();
  }
  const auto allowed = numbers(params);
  return std::find(allowed.begin(), allowed.end(), s) != allowed.end();
}

// Digits of an octal code, d0 first.
inline std::vector<int> octal_digits(const std::string& code) {
  static const std::map<std::string, std::string> named = {
      {"kayles", "0.77"},  {"dawson", "0.07"},       {"dawsons-chess", "0.137"}, {"guiles", "0.15"},
      {"officers", "0.6"}, {"treblecross", "0.007"}, {"double-kayles", "0.7777"}};
  const std::string text = named.count(code) ? named.at(code) : code;
  std::vector<int> digits;
  const std::size_t point = text.find('.');
  auto digit = [](char c) { return c <= '9' ? c - '0' : c - 'A' + 10; };
  digits.push_back(point == 0 ? 0 : digit(text[0]));
  if (point != std::string::npos) {
    for (char c : text.substr(point + 1)) digits.push_back(digit(c));
  }
  return digits;
}

// Every move of one component, as the component's heaps afterwards. Arity-1 results list the
// heaps that replace the heap (empty heaps included as the library keeps them, dropped later).
inline std::vector<std::vector<PlainHeap>> plain_moves(const PlainComponent& c) {
  std::vector<std::vector<PlainHeap>> out;
  const std::size_t colon = c.spec.find(':');
  const std::string family = c.spec.substr(0, colon);
  const std::string params = colon == std::string::npos ? "" : c.spec.substr(colon + 1);
  if (family == "wythoff") {
    const std::uint64_t x = c.heaps[0].first, y = c.heaps[1].first;
    for (std::uint64_t t = 1; t <= x; ++t) out.push_back({{x - t, false}, {y, false}});
    for (std::uint64_t t = 1; t <= y; ++t) out.push_back({{x, false}, {y - t, false}});
    for (std::uint64_t t = 1; t <= std::min(x, y); ++t)
      out.push_back({{x - t, false}, {y - t, false}});
    return out;
  }
  if (family == "moore") {
    const std::uint64_t k = std::stoull(params);
    const std::size_t m = c.heaps.size();
    // Every vector of new sizes with 1..k heaps reduced.
    std::vector<std::uint64_t> now(m);
    for (std::size_t i = 0; i < m; ++i) now[i] = c.heaps[i].first;
    std::vector<std::uint64_t> next = now;
    auto walk = [&](auto&& self, std::size_t i, std::uint64_t changed) -> void {
      if (i == m) {
        if (changed > 0) {
          std::vector<PlainHeap> r;
          for (std::uint64_t v : next) r.push_back({v, false});
          out.push_back(r);
        }
        return;
      }
      for (std::uint64_t v = 0; v <= now[i]; ++v) {
        const bool reduce = v < now[i];
        if (reduce && changed == k) continue;
        next[i] = v;
        self(self, i + 1, changed + (reduce ? 1 : 0));
      }
      next[i] = now[i];
    };
    walk(walk, 0, 0);
    return out;
  }
  const std::uint64_t n = c.heaps[0].first;
  const bool spent = c.heaps[0].second;
  if (family == "nim") {
    for (std::uint64_t t = 1; t <= n; ++t) out.push_back({{n - t, false}});
  } else if (family == "zero-move") {
    for (std::uint64_t t = 1; t <= n; ++t) out.push_back({{n - t, n - t > 0 && spent}});
    if (n > 0 && !spent) out.push_back({{n, true}});
  } else if (family == "subtraction") {
    for (std::uint64_t s = 1; s <= n; ++s) {
      if (in_subtraction_set(params, s)) out.push_back({{n - s, false}});
    }
  } else if (family == "take-or-add") {
    // S/A/B: take s in S (s ≤ n), or add a in A to a heap that is not empty while it stays ≤ B.
    const std::size_t slash = params.find('/');
    const std::size_t last = params.rfind('/');
    const std::uint64_t bound = std::stoull(params.substr(last + 1));
    for (std::uint64_t s : numbers(params.substr(0, slash))) {
      if (s <= n) out.push_back({{n - s, false}});
    }
    for (std::uint64_t a : numbers(params.substr(slash + 1, last - slash - 1))) {
      if (n > 0 && n + a <= bound) out.push_back({{n + a, false}});
    }
  } else if (family == "grundy") {
    for (std::uint64_t a = 1; 2 * a < n; ++a) out.push_back({{a, false}, {n - a, false}});
  } else if (family == "lasker") {
    for (std::uint64_t t = 1; t <= n; ++t) out.push_back({{n - t, false}});
    for (std::uint64_t a = 1; 2 * a <= n; ++a) out.push_back({{a, false}, {n - a, false}});
  } else {
    const std::vector<int> d = octal_digits(family == "octal" ? params : family);
    for (std::uint64_t j = 0; j < d.size() && j <= n; ++j) {
      const std::uint64_t r = n - j;
      if ((d[j] & 1) && r == 0) out.push_back({});
      if ((d[j] & 2) && r >= 1 && j >= 1) out.push_back({{r, false}});
      if (d[j] & 4) {
        for (std::uint64_t a = 1; 2 * a <= r; ++a) out.push_back({{a, false}, {r - a, false}});
      }
      if (d[j] & 8) {
        for (std::uint64_t a = 1; a <= r; ++a) {
          for (std::uint64_t b = a; a + b < r && b <= r - a - b; ++b) {
            out.push_back({{a, false}, {b, false}, {r - a - b, false}});
          }
        }
      }
    }
  }
  return out;
}

inline bool arity_one(const std::string& spec) {
  return spec.rfind("wythoff", 0) != 0 && spec.rfind("moore", 0) != 0;
}

// The canonical form of a position: arity-1 heaps become components of their own, empty heaps
// and components without moves are dropped, components sorted.
inline PlainPosition canonical(const PlainPosition& position) {
  PlainPosition out;
  for (const PlainComponent& c : position) {
    if (arity_one(c.spec)) {
      for (const PlainHeap& h : c.heaps) {
        PlainComponent one{c.spec, {h}};
        if (h.first > 0 && !plain_moves(one).empty()) out.push_back(one);
      }
    } else if (!plain_moves(c).empty()) {
      out.push_back(c);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every move of a canonical position, as the canonical positions they lead to.
inline std::vector<PlainPosition> plain_children(const PlainPosition& position) {
  std::vector<PlainPosition> children;
  for (std::size_t i = 0; i < position.size(); ++i) {
    for (const auto& result : plain_moves(position[i])) {
      PlainPosition child = position;
      child[i].heaps = result;
      children.push_back(canonical(child));
    }
  }
  return children;
}

class PlainSearch {
 public:
  explicit PlainSearch(bool misere) : misere_(misere) {}
  // Whether the player to move wins (the position in canonical form).
  bool wins(const PlainPosition& position) {
    if (auto it = memo_.find(position); it != memo_.end()) return it->second;
    bool win = false;
    const auto children = plain_children(position);
    if (children.empty()) {
      win = misere_;
    } else {
      for (const PlainPosition& child : children) {
        if (!wins(child)) {
          win = true;
          break;
        }
      }
    }
    memo_.emplace(position, win);
    return win;
  }

 private:
  bool misere_;
  std::map<PlainPosition, bool> memo_;
};

// The Grundy value of a canonical position by the definition alone: the mex of its children's
// values (no XOR of components assumed).
class PlainGrundy {
 public:
  std::uint64_t value(const PlainPosition& position) {
    if (auto it = memo_.find(position); it != memo_.end()) return it->second;
    std::vector<std::uint64_t> seen;
    for (const PlainPosition& child : plain_children(position)) seen.push_back(value(child));
    std::sort(seen.begin(), seen.end());
    std::uint64_t mex = 0;
    for (std::uint64_t v : seen) {
      if (v == mex) ++mex;
      if (v > mex) break;
    }
    memo_.emplace(position, mex);
    return mex;
  }

 private:
  std::map<PlainPosition, std::uint64_t> memo_;
};

}  // namespace nimkit_rules_test
