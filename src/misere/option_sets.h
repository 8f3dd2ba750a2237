// Sets of quotient elements for the verification (closure.h): the option classes of sums. A
// candidate may have tens of thousands of elements while a sum's options reach a few hundred of
// them, so a set being built is a bitset that remembers its nonzero words (clearing it, copying
// it and scanning it cost the words in use, not the order), and a set kept is stored sparse, as
// its nonzero words only, with a 64-bit signature of which words those are: a subset test first
// compares signatures and sizes, then the kept set's words.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "nimkit/misere_quotient.h"

namespace nimkit::detail {

// A set under construction over elements 0 ... order - 1.
class WorkSet {
 public:
  explicit WorkSet(std::size_t order) : bits_((order + 63) / 64, 0) {}

  void clear() {
    for (std::uint32_t w : used_) bits_[w] = 0;
    used_.clear();
  }
  void insert(QuotientElement x) {
    const std::uint32_t w = x / 64;
    if (bits_[w] == 0) used_.push_back(w);
    bits_[w] |= std::uint64_t{1} << (x % 64);
  }
  void assign(const WorkSet& other) {
    clear();
    for (std::uint32_t w : other.used_) bits_[w] = other.bits_[w];
    used_ = other.used_;
  }
  // The nonzero words in increasing order (the kept form and the superset test need it).
  void sort() { std::sort(used_.begin(), used_.end()); }
  template <typename F>
  void for_each(F&& f) const {
    for (std::uint32_t w : used_) {
      for (std::uint64_t m = bits_[w]; m != 0; m &= m - 1) {
        f(static_cast<QuotientElement>(w * 64 + std::countr_zero(m)));
      }
    }
  }
  bool empty() const { return used_.empty(); }
  bool meets(const std::vector<std::uint64_t>& mask) const {
    return std::any_of(used_.begin(), used_.end(),
                       [&](std::uint32_t w) { return (bits_[w] & mask[w]) != 0; });
  }
  std::uint64_t word(std::uint32_t w) const { return bits_[w]; }
  const std::vector<std::uint32_t>& used() const { return used_; }
  std::uint64_t signature() const {
    std::uint64_t s = 0;
    for (std::uint32_t w : used_) s |= std::uint64_t{1} << (w % 64);
    return s;
  }
  std::size_t size() const {
    std::size_t n = 0;
    for (std::uint32_t w : used_) n += static_cast<std::size_t>(std::popcount(bits_[w]));
    return n;
  }

 private:
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint32_t> used_;
};

// Kept sets, each by an id: stored sparse in one arena; a dropped set's words stay until the
// arena is compacted, when they pass half of it.
class SetArena {
 public:
  // Keeps `set` (sorted) and returns its id.
  std::uint32_t keep(const WorkSet& set) {
    Slot slot{words_.size(), static_cast<std::uint32_t>(set.used().size()), set.signature(),
              set.size()};
    grow_for(words_, set.used().size());
    grow_for(bits_, set.used().size());
    grow_for(slots_, 1);
    for (std::uint32_t w : set.used()) {
      words_.push_back(w);
      bits_.push_back(set.word(w));
    }
    slots_.push_back(slot);
    return static_cast<std::uint32_t>(slots_.size() - 1);
  }
  void drop(std::uint32_t id) { dead_ += slots_[id].length; }
  // Calls f(x) for every element x of kept set `id`.
  template <typename F>
  void for_each(std::uint32_t id, F&& f) const {
    const Slot& s = slots_[id];
    for (std::size_t i = s.offset; i < s.offset + s.length; ++i) {
      for (std::uint64_t m = bits_[i]; m != 0; m &= m - 1) {
        f(static_cast<QuotientElement>(words_[i] * 64 + std::countr_zero(m)));
      }
    }
  }

  // Whether kept set `id` ⊆ `set`.
  bool subset_of(std::uint32_t id, const WorkSet& set, std::uint64_t signature,
                 std::size_t size) const {
    const Slot& s = slots_[id];
    if (s.size > size || (s.signature & ~signature) != 0) return false;
    for (std::size_t i = s.offset; i < s.offset + s.length; ++i) {
      if ((bits_[i] & ~set.word(words_[i])) != 0) return false;
    }
    return true;
  }
  // Whether `set` (sorted) ⊆ kept set `id`.
  bool superset_of(std::uint32_t id, const WorkSet& set, std::uint64_t signature,
                   std::size_t size) const {
    const Slot& s = slots_[id];
    if (size > s.size || (signature & ~s.signature) != 0) return false;
    std::size_t i = s.offset;
    const std::size_t end = s.offset + s.length;
    for (std::uint32_t w : set.used()) {
      while (i < end && words_[i] < w) ++i;
      if (i == end || words_[i] != w || (set.word(w) & ~bits_[i]) != 0) return false;
    }
    return true;
  }
  // Bytes of the arena as allocated (live and dropped words, and the room to grow).
  std::uint64_t bytes() const {
    return words_.capacity() * sizeof(std::uint32_t) + bits_.capacity() * sizeof(std::uint64_t) +
           slots_.capacity() * sizeof(Slot);
  }
  // The most bytes held while a set of `words` nonzero words is kept (an array that grows holds
  // its old storage and its new at once) or the arena compacted after (its renumbering).
  std::uint64_t bytes_keeping(std::size_t words) const {
    return bytes() +
           std::max(grown_bytes(words_, words) + grown_bytes(bits_, words) + grown_bytes(slots_, 1),
                    (slots_.size() + 1) * sizeof(std::uint32_t));
  }
  // Moves the live sets (every id in `lists`, each renumbered in place) to the front of the
  // arena when the dropped words are more than half of it. In place: a live set's id, and so
  // its offset, only decreases; only the renumbering is allocated.
  void compact(std::vector<std::vector<std::uint32_t>>& lists) {
    if (dead_ < 1'000'000 || 2 * dead_ < words_.size()) return;
    constexpr std::uint32_t kDropped = ~std::uint32_t{0};
    std::vector<std::uint32_t> renumber(slots_.size(), kDropped);
    for (const std::vector<std::uint32_t>& list : lists) {
      for (std::uint32_t id : list) renumber[id] = 0;
    }
    std::size_t at = 0;
    std::uint32_t next = 0;
    for (std::size_t id = 0; id < slots_.size(); ++id) {
      if (renumber[id] == kDropped) continue;
      const Slot s = slots_[id];
      std::copy_n(words_.begin() + static_cast<long>(s.offset), s.length,
                  words_.begin() + static_cast<long>(at));
      std::copy_n(bits_.begin() + static_cast<long>(s.offset), s.length,
                  bits_.begin() + static_cast<long>(at));
      slots_[next] = Slot{at, s.length, s.signature, s.size};
      renumber[id] = next++;
      at += s.length;
    }
    words_.resize(at);
    bits_.resize(at);
    slots_.resize(next);
    dead_ = 0;
    for (std::vector<std::uint32_t>& list : lists) {
      for (std::uint32_t& id : list) id = renumber[id];
    }
  }

 private:
  struct Slot {
    std::size_t offset;
    std::uint32_t length;
    std::uint64_t signature;
    std::size_t size;
  };
  // Room for `more` elements, by doubling as push_back would, but where bytes_keeping() can
  // tell in advance.
  template <typename T>
  static void grow_for(std::vector<T>& v, std::size_t more) {
    if (v.size() + more > v.capacity()) v.reserve(std::max(v.size() + more, 2 * v.capacity()));
  }
  template <typename T>
  static std::uint64_t grown_bytes(const std::vector<T>& v, std::size_t more) {
    if (v.size() + more <= v.capacity()) return 0;
    return std::max(v.size() + more, 2 * v.capacity()) * sizeof(T);
  }

  std::vector<std::uint32_t> words_;
  std::vector<std::uint64_t> bits_;
  std::vector<Slot> slots_;
  std::size_t dead_ = 0;
};

}  // namespace nimkit::detail
