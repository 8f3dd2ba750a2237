// An independent misère solver for the quotient tests: take-and-break rules on heaps written out
// again here (octal digits, and Nim), and every sum of heaps solved by memoized exhaustive
// search. Nothing here calls the library's rulesets, moves or search, so agreement with it is
// evidence, not tautology.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace nimkit_test {

// A heap game: Nim (take any number from one heap) or an octal code's digits d0 d1 ... dk.
struct HeapRules {
  bool nim = false;
  std::vector<int> digits;

  // The heaps each move from a heap of n leaves (empty heaps dropped).
  std::vector<std::vector<int>> moves(int n) const {
    std::vector<std::vector<int>> out;
    if (nim) {
      for (int left = 0; left < n; ++left)
        out.push_back(left == 0 ? std::vector<int>{} : std::vector<int>{left});
      return out;
    }
    for (int j = 0; j < static_cast<int>(digits.size()) && j <= n; ++j) {
      const int d = digits[static_cast<std::size_t>(j)];
      const int r = n - j;
      if (j > 0 && r == 0 && (d & 1)) out.push_back({});
      if (j > 0 && r > 0 && (d & 2)) out.push_back({r});
      if (d & 4) {
        for (int a = 1; 2 * a <= r; ++a) out.push_back({a, r - a});
      }
      if (d & 8) {
        for (int a = 1; 3 * a <= r; ++a) {
          for (int b = a; 2 * b <= r - a; ++b) out.push_back({a, b, r - a - b});
        }
      }
    }
    return out;
  }
};

// Misère outcomes of sums of heaps, memoized on the sorted heaps.
class MisereBrute {
 public:
  explicit MisereBrute(HeapRules rules) : rules_(std::move(rules)) {}

  // Whether the player to move wins the sum `heaps` under misère play.
  bool wins(std::vector<int> heaps) {
    std::erase(heaps, 0);
    std::sort(heaps.begin(), heaps.end());
    const std::string key(heaps.begin(), heaps.end());
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool any_move = false;
    bool win = false;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i) {
      if (i > 0 && heaps[i] == heaps[i - 1]) continue;
      for (const std::vector<int>& left : rules_.moves(heaps[i])) {
        any_move = true;
        if (!wins(after(heaps, i, left))) {
          win = true;
          break;
        }
      }
    }
    const bool result = any_move ? win : true;  // no move: the player to move has won
    memo_.emplace(key, result);
    return result;
  }

  // The sum after replacing heap i by `left`.
  static std::vector<int> after(const std::vector<int>& heaps, std::size_t i,
                                const std::vector<int>& left) {
    std::vector<int> next = heaps;
    next.erase(next.begin() + static_cast<long>(i));
    next.insert(next.end(), left.begin(), left.end());
    return next;
  }

  const HeapRules& rules() const { return rules_; }

 private:
  HeapRules rules_;
  std::unordered_map<std::string, bool> memo_;
};

}  // namespace nimkit_test
