// An independent misère solver for the quotient tests: take-and-break rules on heaps written out
// again here (octal digits, and Nim), and every sum of heaps solved by memoized exhaustive
// search. Nothing here calls the library's rulesets, moves or search, so agreement with it is
// evidence, not tautology.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
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

// Misère outcomes of sums of heaps, memoized on the sorted heaps. The memo is an open-addressed
// table whose keys (the heaps as bytes) are kept end to end: the proofs' sums of 80 objects and
// more visit millions of positions, and a node-based map of strings spends most of its time,
// and most of a sanitized build's, chasing pointers.
class MisereBrute {
 public:
  explicit MisereBrute(HeapRules rules) : rules_(std::move(rules)), slots_(1024) {}

  // Whether the player to move wins the sum `heaps` under misère play.
  bool wins(std::vector<int> heaps) {
    std::erase(heaps, 0);
    std::sort(heaps.begin(), heaps.end());
    // A key holds a heap in one byte: a larger heap would share keys with smaller ones.
    if (!heaps.empty() && heaps.back() > 255) {
      throw std::invalid_argument("MisereBrute: heap " + std::to_string(heaps.back()) +
                                  " is past 255");
    }
    // Room for every heap the search meets (moves only shrink heaps), so that no reference into
    // moves_ moves while the search holds it.
    if (!heaps.empty() && static_cast<std::size_t>(heaps.back()) >= moves_.size()) {
      moves_.resize(static_cast<std::size_t>(heaps.back()) + 1);
    }
    return wins_sorted(heaps);
  }

  // The sum after replacing heap i by `left` (ascending when `heaps` is).
  static std::vector<int> after(const std::vector<int>& heaps, std::size_t i,
                                const std::vector<int>& left) {
    std::vector<int> next;
    after_into(heaps, i, left, next);
    return next;
  }

  const HeapRules& rules() const { return rules_; }

 private:
  // `after` into `next` (whose storage the search reuses from child to child).
  static void after_into(const std::vector<int>& heaps, std::size_t i, const std::vector<int>& left,
                         std::vector<int>& next) {
    next = heaps;
    next.erase(next.begin() + static_cast<long>(i));
    for (const int part : left) next.insert(std::upper_bound(next.begin(), next.end(), part), part);
  }
  // `heaps` nonzero and ascending.
  bool wins_sorted(const std::vector<int>& heaps) {
    const std::string key(heaps.begin(), heaps.end());
    const std::uint64_t hash = hash_of(key);
    if (const Slot& slot = slots_[find(key, hash)]; slot.result >= 0) return slot.result == 1;
    bool any_move = false;
    bool win = false;
    std::vector<int> next;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i) {
      if (i > 0 && heaps[i] == heaps[i - 1]) continue;
      for (const std::vector<int>& left : moves_of(heaps[i])) {
        any_move = true;
        after_into(heaps, i, left, next);
        if (!wins_sorted(next)) {
          win = true;
          break;
        }
      }
    }
    const bool result = any_move ? win : true;  // no move: the player to move has won
    remember(key, hash, result);
    return result;
  }
  // The moves of a heap of n, n below moves_.size().
  const std::vector<std::vector<int>>& moves_of(int n) {
    std::optional<std::vector<std::vector<int>>>& moves = moves_.at(static_cast<std::size_t>(n));
    if (!moves) moves = rules_.moves(n);
    return *moves;
  }

  struct Slot {
    std::uint64_t hash = 0;
    std::size_t offset = 0;  // the key in keys_
    std::uint32_t length = 0;
    std::int8_t result = -1;  // -1: empty
  };

  static std::uint64_t hash_of(const std::string& key) {
    std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
    for (const char c : key) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    return h;
  }
  // The slot holding `key`, or the empty slot where it would go.
  std::size_t find(const std::string& key, std::uint64_t hash) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.result < 0) return i;
      if (slot.hash == hash && slot.length == key.size() &&
          keys_.compare(slot.offset, slot.length, key) == 0) {
        return i;
      }
    }
  }
  void remember(const std::string& key, std::uint64_t hash, bool result) {
    if (2 * (used_ + 1) > slots_.size()) {
      std::vector<Slot> old(2 * slots_.size());
      std::swap(old, slots_);
      const std::size_t mask = slots_.size() - 1;
      for (const Slot& slot : old) {
        if (slot.result < 0) continue;
        std::size_t i = slot.hash & mask;
        while (slots_[i].result >= 0) i = (i + 1) & mask;
        slots_[i] = slot;
      }
    }
    Slot& slot = slots_[find(key, hash)];
    slot = Slot{hash, keys_.size(), static_cast<std::uint32_t>(key.size()),
                static_cast<std::int8_t>(result ? 1 : 0)};
    keys_ += key;
    ++used_;
  }

  HeapRules rules_;
  std::vector<std::optional<std::vector<std::vector<int>>>> moves_;  // by heap, when asked
  std::vector<Slot> slots_;  // a power of two, at most half full
  std::string keys_;
  std::size_t used_ = 0;
};

}  // namespace nimkit_test
