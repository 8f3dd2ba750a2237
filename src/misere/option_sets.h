// Sets of quotient elements for the verification (closure.h): the option classes of sums. A
// candidate may have tens of thousands of elements while a sum's options reach a few hundred of
// them, so a set being built is a bitset that remembers its nonzero words (clearing it, copying
// it and scanning it cost the words in use, not the order), and a set kept is stored sparse, as
// its nonzero words only. A class's list of kept sets holds each one's key: its id with its size
// and signatures of its words and its elements, so that a subset test, scanning the list in
// order, fetches a kept set's words only when the sizes and signatures allow it.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "nimkit/misere_quotient.h"

namespace nimkit::detail {

// A set as a class's list holds it: what a subset test compares first, and the set's id. Two
// signatures, each 32 bits: `words` has bit w % 32 for each nonzero word w, `elements` bit
// x % 32 for each element x. A subset's signatures are within its superset's. In Treblecross
// 44's verification (sets of about 33 elements in 14 words, a scan reading some 170 listed
// sets) the word signature lets one listed set in 16 that is no subset through to its words,
// both signatures one in 110: a scan fetches seven times fewer sets.
struct SetKey {
  std::uint32_t words;
  std::uint32_t elements;
  std::uint32_t size;
  std::uint32_t id;
};

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
  // What a subset test compares first (SetKey); its id is left 0.
  SetKey key() const {
    SetKey k{0, 0, 0, 0};
    for (std::uint32_t w : used_) {
      const std::uint64_t bits = bits_[w];
      k.words |= std::uint32_t{1} << (w % 32);
      k.elements |= static_cast<std::uint32_t>(bits | bits >> 32);
      k.size += static_cast<std::uint32_t>(std::popcount(bits));
    }
    return k;
  }

 private:
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint32_t> used_;
};

// n elements left uninitialized (written before they are read): pages not yet written are not
// resident (std::make_unique_for_overwrite, which the WebAssembly build's library lacks).
template <typename T>
std::unique_ptr<T[]> uninitialized(std::size_t n) {
  return std::unique_ptr<T[]>(new T[n]);
}

// Kept sets, each by an id: stored sparse in one arena; a dropped set's words stay until the
// arena is compacted, when they pass half of it. The arena grows by chunks, never by copying
// what it holds (a verification's sets reach gigabytes, and a doubling array would hold its old
// storage and its new at once): a set's words lie within one chunk.
class SetArena {
 public:
  // Keeps `set` (sorted) and returns its key.
  SetKey keep(const WorkSet& set) {
    const std::size_t length = set.used().size();
    if (words_.empty() || words_.back().size + length > words_.back().capacity) {
      words_.emplace_back(next_chunk(length));
      word_capacity_ += words_.back().capacity;
    }
    Words& chunk = words_.back();
    const Slot kept{static_cast<std::uint32_t>(words_.size() - 1),
                    static_cast<std::uint32_t>(chunk.size), static_cast<std::uint32_t>(length)};
    words_kept_ += length;
    for (std::uint32_t w : set.used()) {
      chunk.words[chunk.size] = w;
      chunk.bits[chunk.size++] = set.word(w);
    }
    if (slots_ % kChunkSlots == 0) {
      first_slots_ = slots_ == 0 ? kFirstSlots : first_slots_;
      slot_chunks_.push_back(uninitialized<Slot>(slots_ == 0 ? kFirstSlots : kChunkSlots));
    } else if (slots_ == first_slots_) {
      // The first chunk doubles, by copying (at most kChunkSlots slots), until it is full size.
      first_slots_ = std::min(kChunkSlots, 2 * first_slots_);
      auto grown = uninitialized<Slot>(first_slots_);
      std::copy_n(slot_chunks_[0].get(), slots_, grown.get());
      slot_chunks_[0] = std::move(grown);
    }
    slot(slots_) = kept;
    SetKey key = set.key();
    key.id = static_cast<std::uint32_t>(slots_++);
    return key;
  }
  void drop(const SetKey& key) { dead_ += slot(key.id).length; }
  // Calls f(x) for every element x of kept set `id`.
  template <typename F>
  void for_each(std::uint32_t id, F&& f) const {
    const Slot& s = slot(id);
    const std::uint32_t* words = words_[s.chunk].words.get() + s.offset;
    const std::uint64_t* bits = words_[s.chunk].bits.get() + s.offset;
    for (std::size_t i = 0; i < s.length; ++i) {
      for (std::uint64_t m = bits[i]; m != 0; m &= m - 1) {
        f(static_cast<QuotientElement>(words[i] * 64 + std::countr_zero(m)));
      }
    }
  }

  // Whether the keys allow `inner` ⊆ `outer`.
  static bool may_be_subset(const SetKey& inner, const SetKey& outer) {
    return inner.size <= outer.size && (inner.words & ~outer.words) == 0 &&
           (inner.elements & ~outer.elements) == 0;
  }
  // Whether kept set `key` ⊆ `set` (of key `probe`, set.key()).
  bool subset_of(const SetKey& key, const WorkSet& set, const SetKey& probe) const {
    if (!may_be_subset(key, probe)) return false;
    const Slot& s = slot(key.id);
    const std::uint32_t* words = words_[s.chunk].words.get() + s.offset;
    const std::uint64_t* bits = words_[s.chunk].bits.get() + s.offset;
    for (std::size_t i = 0; i < s.length; ++i) {
      if ((bits[i] & ~set.word(words[i])) != 0) return false;
    }
    return true;
  }
  // Whether `set` (sorted, of key `probe`) ⊆ kept set `key`.
  bool superset_of(const SetKey& key, const WorkSet& set, const SetKey& probe) const {
    if (!may_be_subset(probe, key)) return false;
    const Slot& s = slot(key.id);
    const std::uint32_t* words = words_[s.chunk].words.get() + s.offset;
    const std::uint64_t* bits = words_[s.chunk].bits.get() + s.offset;
    std::size_t i = 0;
    for (std::uint32_t w : set.used()) {
      while (i < s.length && words[i] < w) ++i;
      if (i == s.length || words[i] != w || (set.word(w) & ~bits[i]) != 0) return false;
    }
    return true;
  }
  // A class's list of kept sets is kept by size, ascending (insert()), so that the subset scan
  // reads only the sets no larger than `set`, and the superset scan only those no smaller.
  // Whether a listed set ⊆ `set` (sorted, of key `probe`). The scan reads from the largest down:
  // a subset found is most often among the last (in Treblecross 44's verification, on average
  // the 156th of 172 from the smallest).
  bool any_subset(const std::vector<SetKey>& list, const WorkSet& set, const SetKey& probe) const {
    const auto end = std::upper_bound(list.begin(), list.end(), probe.size,
                                      [](std::uint32_t n, const SetKey& k) { return n < k.size; });
    return std::any_of(std::make_reverse_iterator(end), list.rend(),
                       [&](const SetKey& other) { return subset_of(other, set, probe); });
  }
  // Erases every listed superset of `set`, calling dropped(key) for each.
  template <typename F>
  void erase_supersets(std::vector<SetKey>& list, const WorkSet& set, const SetKey& probe,
                       F&& dropped) const {
    const auto begin =
        std::lower_bound(list.begin(), list.end(), probe.size,
                         [](const SetKey& k, std::uint32_t n) { return k.size < n; });
    const auto kept = std::remove_if(begin, list.end(), [&](const SetKey& other) {
      if (!superset_of(other, set, probe)) return false;
      dropped(other);
      return true;
    });
    list.erase(kept, list.end());
  }
  // Adds `key` to a list kept by size; returns the bytes the list grew by (its capacity's).
  static std::uint64_t insert(std::vector<SetKey>& list, const SetKey& key) {
    const std::size_t capacity = list.capacity();
    list.insert(std::upper_bound(list.begin(), list.end(), key.size,
                                 [](std::uint32_t n, const SetKey& k) { return n < k.size; }),
                key);
    return (list.capacity() - capacity) * sizeof(SetKey);
  }
  // Bytes of the arena as allocated (live and dropped words, and the room left in its chunks).
  std::uint64_t bytes() const {
    return word_capacity_ * kWordBytes + slot_capacity() * sizeof(Slot) +
           words_.capacity() * sizeof(Words) + slot_chunks_.capacity() * sizeof(slot_chunks_[0]);
  }
  // The most bytes held while a set of `words` nonzero words is kept (a new chunk of words, one
  // of slots) or the arena compacted after (its renumbering, 4 bytes a slot).
  std::uint64_t bytes_keeping(std::size_t words) const {
    const bool new_words = words_.empty() || words_.back().size + words > words_.back().capacity;
    const std::uint64_t keeping =
        (new_words ? next_chunk(words) * kWordBytes : 0) + slot_growth() * sizeof(Slot);
    return bytes() + std::max<std::uint64_t>(keeping, (slots_ + 1) * sizeof(std::uint32_t));
  }
  // Moves the live sets (every key in `lists`, each renumbered in place) to the front of the
  // arena when the dropped words are more than half of it, and frees the chunks left empty. In
  // place: the live sets are packed in order as they were kept, so each one's new place is at or
  // before its old; only the renumbering is allocated.
  void compact(std::vector<std::vector<SetKey>>& lists) {
    if (dead_ < 1'000'000 || 2 * dead_ < words_kept_) return;
    constexpr std::uint32_t kDropped = ~std::uint32_t{0};
    std::vector<std::uint32_t> renumber(slots_, kDropped);
    for (const std::vector<SetKey>& list : lists) {
      for (const SetKey& key : list) renumber[key.id] = 0;
    }
    std::size_t chunk = 0;  // where the next live set goes
    for (Words& w : words_) w.size_after = 0;
    std::uint32_t next = 0;
    for (std::size_t id = 0; id < slots_; ++id) {
      if (renumber[id] == kDropped) continue;
      const Slot s = slot(id);
      while (words_[chunk].size_after + s.length > words_[chunk].capacity) ++chunk;
      Words& to = words_[chunk];
      const Words& from = words_[s.chunk];
      std::copy_n(from.words.get() + s.offset, s.length, to.words.get() + to.size_after);
      std::copy_n(from.bits.get() + s.offset, s.length, to.bits.get() + to.size_after);
      slot(next) = Slot{static_cast<std::uint32_t>(chunk),
                        static_cast<std::uint32_t>(to.size_after), s.length};
      to.size_after += s.length;
      renumber[id] = next++;
    }
    words_kept_ = 0;
    for (Words& w : words_) words_kept_ += w.size = w.size_after;
    while (!words_.empty() && words_.back().size == 0) {
      word_capacity_ -= words_.back().capacity;
      words_.pop_back();
    }
    slots_ = next;
    slot_chunks_.resize((slots_ + kChunkSlots - 1) / kChunkSlots);
    dead_ = 0;
    for (std::vector<SetKey>& list : lists) {
      for (SetKey& key : list) key.id = renumber[key.id];
    }
  }

 private:
  struct Slot {
    std::uint32_t chunk;   // of words_
    std::uint32_t offset;  // in it
    std::uint32_t length;
  };
  // A chunk of words: each set's nonzero words and their bits, end to end.
  struct Words {
    explicit Words(std::size_t n)
        : words(uninitialized<std::uint32_t>(n)),
          bits(uninitialized<std::uint64_t>(n)),
          capacity(n) {}
    Words(const Words& other) : Words(other.capacity) {
      std::copy_n(other.words.get(), other.size, words.get());
      std::copy_n(other.bits.get(), other.size, bits.get());
      size = other.size;
    }
    Words(Words&&) = default;
    Words& operator=(Words&&) = default;
    std::unique_ptr<std::uint32_t[]> words;
    std::unique_ptr<std::uint64_t[]> bits;
    std::size_t capacity;
    std::size_t size = 0;
    std::size_t size_after = 0;  // while compacting
  };
  // Chunks of words double from kFirstWords to kChunkWords (small verifications stay small);
  // a set longer than that has a chunk of its own. A full chunk's arrays (1 and 2 MiB) are
  // returned to the system when freed (return_freed_memory_promptly()).
  static constexpr std::size_t kFirstWords = std::size_t{1} << 6;
  static constexpr std::size_t kChunkWords = std::size_t{1} << 18;
  // Slots come kChunkSlots to a chunk, except that the first chunk starts at kFirstSlots and
  // doubles (by copying, at most kChunkSlots slots) to full size: a small arena stays small.
  static constexpr std::size_t kFirstSlots = 16;
  static constexpr std::size_t kChunkSlots = std::size_t{1} << 10;
  static constexpr std::uint64_t kWordBytes = sizeof(std::uint32_t) + sizeof(std::uint64_t);

  std::size_t next_chunk(std::size_t length) const {
    const std::size_t doubled = words_.empty() ? kFirstWords : 2 * words_.back().capacity;
    return std::max(length, std::min(kChunkWords, doubled));
  }
  // Slots the chunks hold.
  std::size_t slot_capacity() const {
    return slot_chunks_.empty() ? 0 : first_slots_ + (slot_chunks_.size() - 1) * kChunkSlots;
  }
  // Slots the next keep allocates.
  std::size_t slot_growth() const {
    if (slots_ == 0) return kFirstSlots;
    if (slots_ % kChunkSlots == 0) return kChunkSlots;
    return slots_ == first_slots_ ? std::min(kChunkSlots, 2 * first_slots_) : 0;
  }
  Slot& slot(std::size_t id) { return slot_chunks_[id / kChunkSlots][id % kChunkSlots]; }
  const Slot& slot(std::size_t id) const {
    return slot_chunks_[id / kChunkSlots][id % kChunkSlots];
  }

  std::vector<Words> words_;
  std::vector<std::unique_ptr<Slot[]>> slot_chunks_;
  std::size_t word_capacity_ = 0;  // words the chunks hold
  std::size_t words_kept_ = 0;     // words in use, live or dropped
  std::size_t slots_ = 0;
  std::size_t first_slots_ = 0;  // the first chunk's size
  std::size_t dead_ = 0;

 public:
  SetArena() = default;
  SetArena(const SetArena& other)
      : words_(other.words_),
        word_capacity_(other.word_capacity_),
        words_kept_(other.words_kept_),
        slots_(other.slots_),
        first_slots_(other.first_slots_),
        dead_(other.dead_) {
    for (std::size_t c = 0; c < other.slot_chunks_.size(); ++c) {
      slot_chunks_.push_back(uninitialized<Slot>(c == 0 ? first_slots_ : kChunkSlots));
      std::copy_n(other.slot_chunks_[c].get(),
                  std::min(c == 0 ? first_slots_ : kChunkSlots, slots_ - c * kChunkSlots),
                  slot_chunks_.back().get());
    }
  }
  SetArena& operator=(const SetArena& other) {
    if (this != &other) *this = SetArena(other);
    return *this;
  }
  SetArena(SetArena&&) = default;
  SetArena& operator=(SetArena&&) = default;
};

}  // namespace nimkit::detail
