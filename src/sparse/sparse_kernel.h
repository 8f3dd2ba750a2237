// The sparse-space kernel behind GrundySequence (grundy_sequence.h): the state of one sequence —
// the value table, the rare heaps under the current mask, the split sets — and the mex of one heap
// by the plain algorithm; the sparse algorithm's mex is in sparse_mex.h, the split sets' building
// in split_sets.h, the threads in sparse_threads.h, the table's forms (one byte per value, codes,
// 16 or 32 bits) in value_table.h and packing.h. Private to src/sparse/grundy_sequence.cc, which
// holds the public methods; the algorithm is described at the top of grundy_sequence.h.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "../worker.h"
#include "checkpoint.h"
#include "nimkit/grundy_sequence.h"
#include "pair_search.h"
#include "value_table.h"

namespace nimkit {
namespace detail {

// The mask is first chosen at this many heaps and then every time the count doubles.
constexpr std::uint64_t kFirstMaskChoice = 32;
// Masks are searched over the low bits of the values only (2^16 candidates at most).
constexpr int kMaxMaskBits = 16;
// The splits a = 1..kPrefix of every split length are marked outright: nearly every rare
// candidate has a witness among them (97 % of the .354 candidates within 32), so the targeted
// search runs only for the few that do not. 32 measured faster than 16 or 64 on .354.
constexpr std::uint64_t kPrefix = 32;
// With helper threads the rows of the rare heaps r ≤ kThreadedHorizon are left out of the batches
// and added when a set is used (complete_set; 16 of Officers' rare heaps, 15 of Grundy's game's):
// a batch can then be built once the values below its first set minus
// (kThreadedHorizon + 1 - kBatch) are known, so seven batches can be built ahead of the heap being
// computed (one with the horizon at the prefix, 32), and a thread that waits for a set can nearly
// always build another. (The horizon was first the prefix itself, 128 marked splits a set:
// Officers to 2^22 on two threads took a third more CPU than on one.) Two threads, wall time
// (Grundy's game to 2^22 / .376): 2.41 / 1.26 s with 64, 2.32 / 1.08 s with 96, 2.30 / 0.97 s with
// 128, less steady with 192.
constexpr std::uint64_t kThreadedHorizon = 128;
// See State::min_rare_for_threads.
constexpr std::size_t kSeveralSetsRareFactor = 16;
constexpr std::uint64_t kNoHeap = ~std::uint64_t{0};
constexpr std::uint32_t kNoValue = ~std::uint32_t{0};
constexpr std::uint32_t kAllIndices = ~std::uint32_t{0};  // set_exact: every index
// Codes with more split lengths than this (rare) are computed without split sets.
constexpr std::size_t kMaxSplitLengths = 8;
// The moves that leave one heap or none that bitmap_value (sparse_mex.h) takes into account; codes
// with more are decided by sparse_value's own loop (and their tables hold values, not codes).
constexpr std::size_t kMaxSimpleMoves = 32;
// build_batch builds the rare parts of this many consecutive sets at once: one load of the
// values g[m - r .. m - r + kBatch - 1] serves every set m of the batch for a rare heap r, where
// one set at a time loads a cache line per rare heap and set (Grundy's game: 1,273 rare heaps
// spread over 165 KB, more than the first-level cache holds). At most kPrefix: the batch reads no
// value above its first set minus 2.
constexpr std::uint64_t kBatch = 16;
static_assert(kBatch <= kPrefix && kPrefix <= kThreadedHorizon && kPrefix < 256 &&
              kBatch == 16);  // 16: detail::mark_batch; 256: prefix_left

bool common(std::uint32_t value, std::uint32_t mask) {
  return (std::popcount(value & mask) & 1) != 0;
}

}  // namespace detail

struct GrundySequence::State {
  SplitGame game;
  SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse;
  bool sparse = true;  // the algorithm that actually runs (plain for triple splits)
  // AVX-512 searches and marking run (SequenceOptions::vector_search, and the processor has it).
  bool vector = false;

  // Moves, by kind, as the numbers of objects removed.
  std::vector<std::uint32_t> remove_whole;  // bit 1
  std::vector<std::uint32_t> remove_one;    // bit 2
  std::vector<std::uint32_t> split_two;     // bit 4 (k = 0 splits without removing)
  std::vector<std::uint32_t> split_three;   // bit 8

  // The table: g8 (values or their codes), g16 or g32, as `storage` says (value_table.h).
  detail::Storage storage = detail::Storage::kBytes;
  // (g8 on a cache line of its own and of g16's and g32's: the thread computing a block stretch's
  // heaps writes its size, and the other reads the members after them.)
  alignas(64) detail::ValueTable<std::uint8_t> g8;
  detail::ValueTable<std::uint16_t> g16;
  detail::ValueTable<std::uint32_t> g32;
  // SequenceOptions::packed: one byte per value where the values allow it.
  alignas(64) bool packed = true;
  // The code of a kCoded table (under `mask`); heap h's class is rare_bits.rare(h).
  detail::ValueCode code;
  bool coded() const { return storage == detail::Storage::kCoded; }
  // Where a set marks a split of parts of different classes in the coded kernel (the common
  // codes, ValueCode::index); 0 otherwise, where sets are indexed by value.
  std::uint32_t class_offset() const { return coded() ? 256 : 0; }
  // The classes the coded kernel's searches must tell apart (nullptr otherwise: by value, a split
  // of parts of different classes is common and never equals a rare value searched for).
  const detail::RareBits* classes() const { return coded() ? &rare_bits : nullptr; }
  // Where a set marks the split of a rare heap and `part`, beyond the XOR of their entries: the
  // split is common unless `part` is rare too (coded; 0 otherwise).
  std::uint32_t rare_offset(std::uint64_t part) const {
    return coded() && !rare_bits.rare(part) ? 256 : 0;
  }
  // Where a set marks the split (a, b): the XOR of the entries, among the common codes when the
  // classes differ (coded).
  template <typename V>
  std::uint32_t split_index(const V* g, std::uint64_t a, std::uint64_t b) const {
    const std::uint32_t x = g[a] ^ g[b];
    return coded() && rare_bits.rare(a) != rare_bits.rare(b) ? x + 256 : x;
  }
  // Whether heap h's value is rare.
  template <typename V>
  bool part_rare(const V* g, std::uint64_t h) const {
    return coded() ? rare_bits.rare(h) : !detail::common(g[h], mask);
  }
  // The value of heap h from its entry in g (g[h] itself unless coded).
  template <typename V>
  std::uint32_t value_at(const V* g, std::uint64_t h) const {
    return coded() ? code.decode(g[h], rare_bits.rare(h)) : g[h];
  }
  // Where a set marks `value` (the value itself, or ValueCode::index; kWantedLimit and beyond: as
  // far as the sets go).
  std::uint32_t index_of(std::uint32_t value) const {
    if (!coded()) return value;
    return value >= detail::kWantedLimit ? 2 * 256 : code.index(value);
  }
  // The value of a rare value's entry (the entries searched for).
  std::uint32_t entry_value(std::uint32_t x) const { return coded() ? code.decode(x, true) : x; }
  // What the table holds for `value` and back (the value of heap n: at(n)).
  std::uint32_t entry(std::uint32_t value) const { return coded() ? code.encode(value) : value; }
  // The largest value the table's form holds (packing.h).
  std::uint32_t storage_limit() const;

  std::uint32_t mask = 0;
  // The splits a = 1 .. prefix of every split set are marked outright (detail::kPrefix).
  std::uint64_t prefix = detail::kPrefix;
  // The rows of rare heaps prefix < r ≤ horizon are left out of batches and marked when a set is
  // used (detail::kThreadedHorizon while helper threads run: run_stretch; else the prefix).
  std::uint64_t horizon = detail::kPrefix;
  // Block stretches on a byte table with the vector search: a set's prefix splits still unknown
  // when it was finished are not marked in it but held aside for its heap's mex
  // (detail::HeldSplits; sparse_blocks.h).
  bool hold_prefix = false;
  // Bit v % 64 of common_bits[v / 64]: detail::common(v, mask), for v < detail::kWantedLimit.
  std::array<std::uint64_t, detail::kWantedLimit / 64> common_bits{};
  void set_mask(std::uint32_t chosen) {
    mask = chosen;
    common_bits.fill(0);
    for (std::uint32_t v = 0; v < detail::kWantedLimit; ++v) {
      if (detail::common(v, mask)) common_bits[v / 64] |= std::uint64_t{1} << (v % 64);
    }
  }
  std::uint64_t next_choice = detail::kFirstMaskChoice;
  // Heaps ≥ 1 with rare values, ascending, and their table entries (values, or codes in a kCoded
  // table: entry()) — two arrays, as the marking loop loads both for every rare heap.
  std::vector<std::uint64_t> rare_heaps;
  std::vector<std::uint32_t> rare_values;
  // The same heaps (and heap 0) as bits, kept with the lists: the coded kernel's classes.
  detail::RareBits rare_bits;
  // Only the sparse marking of two-way splits reads the lists; games without such splits keep
  // the count and the last rare heap alone, so their tables stay at 2 bytes per value.
  bool keep_rare_list = true;
  std::uint64_t rare_count = 0;
  std::uint64_t last_rare = 0;           // 0: none (heap 0 is never listed)
  std::vector<std::uint64_t> frequency;  // frequency[v]: heaps with value v
  std::uint32_t max_value = 0;

  // seen[v] == stamp marks value v as an option of the heap being computed.
  std::vector<std::uint32_t> seen;
  std::uint32_t stamp = 0;

  // Split sets, for the sparse algorithm. The two-way splits of a heap of m objects (m = n - k
  // for each split length k, m = n for Grundy's game) have the values S(m); heap n needs S(n - k)
  // for every k, and S(m) does not depend on n, so each set is built once and serves every heap
  // that splits m objects (both heaps n = m + 2 and n = m + 3 for .354: half the marking work).
  // A built set holds: every split with a rare part (rare heaps r < m, all of them known when
  // the set is built, as r < m ≤ n), which covers every detail::common value of S(m) under the
  // current mask; the splits a = 1..detail::kPrefix; and the rare values that searches later found
  // in S(m). All of its values are real split values, so marking them is exact. Slot
  // m & (split_slots - 1) holds set m (split_slots is a power of two): the m a heap needs are
  // split_slots consecutive numbers.
  // set_data(slot)[v] != 0 when v is in the set of set_heap[slot]; each build clears the slot
  // (bytes, not stamps: build_batch marks 32 sets at once, and 32 sets of 256 one-byte marks
  // stay in the first-level cache where 4-byte stamps do not).
  // In a stretch with helper threads, every set a heap may need and every set the helpers build
  // ahead has a slot of its own (sparse_threads.h): largest split length + kThreadedHorizon + 1
  // slots, threaded_slots; one thread uses the first serial_slots only (fewer sets stay in the
  // first-level cache: .354 1.5 s against 1.7 s with 144 slots). The arrays hold threaded_slots.
  std::size_t split_slots = 1;
  std::size_t serial_slots = 1;
  std::size_t threaded_slots = 1;
  detail::LineVector<std::uint8_t> set_marks;
  // Set slot's marks start at slot * set_stride: seen.size() plus 64 bytes, so that the
  // same value of consecutive sets (marked together by build_batch) falls in different sets of
  // the cache rather than in one (a stride of a power of two evicts its own lines).
  std::size_t set_stride = 0;
  std::uint8_t* set_data(std::size_t slot) { return set_marks.data() + slot * set_stride; }
  detail::LineVector<std::uint64_t> set_heap;
  // The prefix splits a = 1 .. prefix_left[slot] are still to be marked (build_batch marks
  // those whose values it may read: see build_batch). The per-slot arrays start cache lines, and
  // their entries are 4 bytes or more, so that the slots of a block (sparse_blocks.h: 64 of them,
  // from a multiple of 16) are whole lines that the other thread does not write.
  detail::LineVector<std::uint32_t> prefix_left;
  // The set in `slot` holds every split of its rare part (build_batch's rows) whose index is below
  // set_exact[slot]: detail::kAllIndices, or the bound of the indices marked in registers
  // (mark_batch_low) until complete_rows adds the others — when a stop reaches the bound.
  detail::LineVector<std::uint32_t> set_exact;

  void init_moves() {
    if (!game.grundys_game) {
      for (std::uint32_t k = 0; k < game.digits.size(); ++k) {
        const std::uint8_t d = game.digits[k];
        if (k > 0 && (d & 1)) remove_whole.push_back(k);
        if (k > 0 && (d & 2)) remove_one.push_back(k);
        if (d & 4) split_two.push_back(k);
        if (d & 8) split_three.push_back(k);
      }
    }
    if (game.grundys_game || (!split_two.empty() && split_two.size() <= detail::kMaxSplitLengths)) {
      // Whole batches, and a power of two: a slot is m & (split_slots - 1), not a division (which
      // took a fifth of sparse_value's time on .354).
      auto whole_batches = [](std::uint64_t slots) {
        return std::bit_ceil(static_cast<std::size_t>(std::max(slots, detail::kBatch)));
      };
      // The sets a heap needs, and a batch on either side of them (build_batch).
      serial_slots = whole_batches(max_split() - min_split() + 2 * detail::kBatch - 1);
      threaded_slots =
          threaded()
              ? std::max(serial_slots, whole_batches(max_split() + detail::kThreadedHorizon + 1))
              : serial_slots;
    }
    split_slots = serial_slots;
    set_heap.assign(threaded_slots, detail::kNoHeap);
    prefix_left.assign(threaded_slots, 0);
    set_exact.assign(threaded_slots, detail::kAllIndices);
    set_hint.assign(threaded_slots, StopHint{});
  }

  // Forgets every split set (after a mask change, which changes what a set must cover, or when
  // the value range grows).
  void clear_split_sets() { std::fill(set_heap.begin(), set_heap.end(), detail::kNoHeap); }

  // Values known, and the value of heap n (packing.h).
  std::uint64_t size() const;
  std::uint32_t at(std::uint64_t n) const;
  // The values of heaps first .. first + count - 1 into out (the table's form looked at once; T
  // holds every value).
  template <typename T>
  void values_into(std::uint64_t first, std::uint64_t count, T* out) const;

  // XORs of values below 2^b stay below 2^b and the mex is at most 2^b, so 2^(b+1) slots hold
  // every value marked or probed.
  static std::size_t seen_need(std::uint32_t value) {
    return std::max<std::size_t>(std::size_t{2} << std::bit_width(value), 64);
  }

  // Whether every value so far is below detail::kWantedLimit, so that every split value is and the
  // mex is at most kWantedLimit: the bitmaps of missing values and the joint search then decide
  // every heap. Read from seen.size(), which grows only between stretches of helper threads
  // (unlike max_value, which the computing thread updates while helpers run).
  bool below_wanted_limit() const { return seen.size() <= 2 * detail::kWantedLimit; }

  // The marks of a split set: by value below seen.size(), or (coded) by ValueCode::index.
  std::size_t set_size() const { return coded() ? 2 * 256 : seen.size(); }

  void ensure_seen_capacity(std::uint32_t value) {
    const std::size_t need = seen_need(value);
    if (seen.size() < need) {
      seen.resize(need, 0);
      reset_sets();
    }
  }

  // Lays the split sets out anew for set_size() (every set forgotten).
  void reset_sets() {
    set_stride = set_size() + 64;
    set_marks.assign(threaded_slots * set_stride, 0);
    clear_split_sets();
  }

  std::uint32_t next_stamp() {
    if (++stamp == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      stamp = 1;
    }
    return stamp;
  }

  // Records a newly computed value (already appended to the table).
  void note(std::uint64_t n, std::uint32_t value) {
    if (value >= frequency.size()) frequency.resize(std::size_t{value} + 1, 0);
    ++frequency[value];
    note_uncounted(n, value);
  }
  // note without the frequency (block stretches count on each thread: sparse_blocks.h).
  void note_uncounted(std::uint64_t n, std::uint32_t value) {
    if (value > max_value) {
      max_value = value;
      ensure_seen_capacity(value);
    }
    if (n >= 1 && !detail::common(value, mask)) note_rare(n, value);
  }

  void note_rare(std::uint64_t n, std::uint32_t value) {
    ++rare_count;
    last_rare = n;
    if (!keep_rare_list) return;
    rare_heaps.push_back(n);
    rare_values.push_back(entry(value));
    rare_bits.set(n);
  }

  void clear_rare() {
    rare_heaps.clear();
    rare_values.clear();
    rare_bits.clear();
    if (keep_rare_list) rare_bits.set(0);
    rare_count = 0;
    last_rare = 0;
  }

  // The rare heaps under a new mask (packing.h: a kCoded table is coded anew).
  void rebuild_rare(std::uint32_t new_mask);

  // The mask with the fewest rare heaps so far, by a Walsh–Hadamard transform of the value
  // frequencies: W[M] = Σ_v f[v]·(-1)^popcount(v&M) = (#rare - #detail::common) under M.
  void choose_mask() {
    const int bits =
        std::min(detail::kMaxMaskBits, std::max(1, static_cast<int>(std::bit_width(max_value))));
    const std::size_t width = std::size_t{1} << bits;
    std::vector<std::int64_t> w(width, 0);
    for (std::size_t v = 0; v < frequency.size(); ++v) {
      w[v & (width - 1)] += static_cast<std::int64_t>(frequency[v]);
    }
    // Values above 2^16 are folded onto their low bits: parity under a low mask only sees those.
    for (std::size_t h = 1; h < width; h <<= 1) {
      for (std::size_t i = 0; i < width; i += h << 1) {
        for (std::size_t j = i; j < i + h; ++j) {
          const std::int64_t a = w[j];
          const std::int64_t b = w[j + h];
          w[j] = a + b;
          w[j + h] = a - b;
        }
      }
    }
    std::size_t best = 1;
    for (std::size_t m = 2; m < width; ++m) {
      if (w[m] < w[best]) best = m;
    }
    const auto chosen = static_cast<std::uint32_t>(best);
    if (chosen != mask) rebuild_rare(chosen);
  }

  // The table's forms (packing.h): whether a kCoded table may hold the values, the form a value
  // needs, and the move of the table to a form.
  bool codable() const;
  detail::Storage storage_for(std::uint32_t value) const;
  void store_as(detail::Storage target);
  // Restoring a checkpoint (grundy_sequence.cc).
  Result<bool> read_table(detail::CheckpointReader& reader, const detail::CheckpointHeader& header);

  std::uint32_t mex_from(std::uint32_t v, std::uint32_t s) const {
    while (seen[v] == s) ++v;
    return v;
  }

  // Marks the options that are not splits.
  template <typename V>
  void mark_simple(const V* g, std::uint64_t n, std::uint32_t s) {
    for (const std::uint32_t k : remove_whole) {
      if (n == k) seen[0] = s;
    }
    for (const std::uint32_t k : remove_one) {
      if (n > k) seen[value_at(g, n - k)] = s;
    }
  }

  // Marks g[a] ^ g[m - a] for a in [lo, hi).
  template <typename V>
  void mark_pairs(const V* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                  std::uint32_t s) {
    std::uint32_t* mark = seen.data();
    const V* back = g + m;
    for (std::uint64_t a = lo; a < hi; ++a) mark[g[a] ^ back[-static_cast<std::ptrdiff_t>(a)]] = s;
  }

  // The largest smaller part of a two-way split of m (parts ≥ 1, unequal for Grundy's game).
  std::uint64_t half(std::uint64_t m) const { return game.grundys_game ? (m - 1) / 2 : m / 2; }

  // Not inlined: the plain algorithm's loops then compile the same whatever its callers inline
  // (the block stretches' code moved GCC's inlining: .354 by the plain algorithm took 15 % longer).
  template <typename V>
  [[gnu::noinline]] std::uint32_t plain_value(const V* g, std::uint64_t n) {
    const std::uint32_t s = next_stamp();
    mark_simple(g, n, s);
    auto two = [&](std::uint64_t m) {
      if (m >= 2) mark_pairs(g, m, 1, half(m) + 1, s);
    };
    if (game.grundys_game) two(n);
    for (const std::uint32_t k : split_two) {
      if (n >= k) two(n - k);
    }
    for (const std::uint32_t k : split_three) {
      if (n < k + 3) continue;
      const std::uint64_t m = n - k;
      for (std::uint64_t a = 1; 3 * a <= m; ++a) {
        for (std::uint64_t b = a; a + 2 * b <= m; ++b) seen[g[a] ^ g[b] ^ g[m - a - b]] = s;
      }
    }
    return mex_from(0, s);
  }

  // Split sets (split_sets.h).
  template <typename V>
  void build_split_set(const V* g, std::uint64_t m, std::size_t slot);
  bool batch_free(std::uint64_t m0) const;
  template <typename V>
  std::uint32_t build_batch(const V* g, std::uint64_t m0, std::size_t rare_end,
                            std::uint64_t known_end);
  template <typename V>
  std::uint32_t mark_rows(const V* g, std::uint64_t m0, std::size_t first, std::size_t last,
                          std::uint8_t* base) const;
  template <typename V>
  void complete_rows(const V* g, std::uint64_t m, std::size_t slot, std::size_t rare_end);
  template <typename V>
  bool complete_for(const V* g, std::uint32_t stop, const std::uint64_t* ms, std::size_t count,
                    std::size_t rare_end);
  template <typename V>
  void mark_batch_prefix(const V* g, std::uint64_t m0, std::uint64_t known_end,
                         std::uint8_t* base) const;
  std::uint8_t prefix_unmarked(std::uint64_t m0, std::uint64_t known_end, std::size_t j) const;
  void record_batch(std::uint64_t m0, std::uint64_t known_end, std::uint32_t exact);
  template <typename V>
  void mark_prefix(const V* g, std::uint64_t m, std::size_t slot, std::uint64_t keep = 0);
  template <typename V>
  void mark_long_prefix(const V* g, std::uint64_t m, std::size_t slot);
  template <typename V>
  void mark_deferred_rows(const V* g, std::uint64_t m, std::size_t slot);
  // The rare heaps prefix < r ≤ horizon of a threaded stretch that started past the horizon (no
  // such heap is found during it), as indices of rare_heaps; deferred_end == kUnknownRows when
  // the stretch started below it.
  static constexpr std::size_t kUnknownRows = ~std::size_t{0};
  std::size_t deferred_first = 0;
  std::size_t deferred_end = kUnknownRows;
  template <typename V>
  void mark_late_rows(const V* g, std::uint64_t m, std::size_t slot, std::size_t end);

  // The mex of one heap by the sparse algorithm (sparse_mex.h). kPipelined: helper threads build
  // the sets (sparse_threads.h).
  template <bool kPipelined = false, typename V>
  std::uint32_t sparse_value(const V* g, std::uint64_t n);
  template <typename V>
  std::uint32_t bitmap_value(const V* g, std::uint64_t n, const std::uint64_t* ms,
                             const std::uint8_t* const* marks, const std::uint32_t* resolved,
                             std::size_t count, std::uint32_t exact,
                             const detail::HeldSplits* aside);
  template <typename V>
  std::uint32_t search_wanted(const V* g, std::uint64_t m, detail::WantedValues& wanted,
                              bool joint) const;
  std::uint32_t wanted_until_stop(const std::uint8_t* const* marks, std::size_t count,
                                  const std::uint32_t* simple, std::size_t simple_count,
                                  std::uint64_t absent, const detail::HeldSplits* held,
                                  std::uint64_t* missing, std::size_t& words) const;
  std::uint32_t coded_until_stop(const std::uint8_t* const* marks, std::size_t count,
                                 const std::uint32_t* simple, std::size_t simple_count,
                                 std::uint64_t absent, const detail::HeldSplits* held,
                                 std::uint64_t* missing, std::size_t& words) const;
  std::uint32_t missing_until_stop(const std::uint8_t* const* marks, std::size_t count,
                                   const std::uint32_t* simple, std::size_t simple_count,
                                   std::uint64_t absent, const detail::HeldSplits* held,
                                   std::uint64_t* missing, std::size_t& words) const;
  std::uint64_t without_held(const detail::HeldSplits& held, std::size_t w, std::uint64_t bits,
                             std::uint64_t absent) const;
  template <typename V>
  std::uint32_t many_splits_value(const V* g, std::uint64_t n, std::uint32_t s);

  // The bits below `count` of a 64-bit word (all when count ≥ 64).
  static std::uint64_t below(std::uint64_t count) {
    return count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
  }

  // The index i of a split length whose heap ms[i] has a split a > detail::kPrefix of value v, or
  // `count` if none has. Searches the smaller parts in blocks, all split lengths in step, so that
  // a split found early ends it.
  template <typename V>
  std::size_t find_split(const V* g, const std::uint64_t* ms, std::size_t count,
                         std::uint32_t v) const {
    std::uint64_t block = 32;
    for (std::uint64_t lo = prefix + 1;;
         lo += block, block = std::min<std::uint64_t>(block * 2, 4096)) {
      bool more = false;
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t last = half(ms[i]) + 1;
        if (lo >= last) continue;
        const std::uint64_t hi = std::min(lo + block, last);
        if (find_one(g, ms[i], lo, hi, v) < hi) return i;
        if (hi < last) more = true;
      }
      if (!more) return count;
    }
  }

  // detail::find_pair, with AVX-512 when the vector search runs.
  template <typename V>
  std::uint64_t find_one(const V* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                         std::uint32_t v) const {
    if constexpr (std::is_same_v<V, std::uint8_t>) {
      return detail::find_pair_bytes(g, m, lo, hi, v, classes(), vector);
    } else if constexpr (std::is_same_v<V, std::uint16_t>) {
      if (vector) return detail::find_pair_vector(g, m, lo, hi, v);
    }
    return detail::find_pair(g, m, lo, hi, v);
  }

  // Threads (sparse_threads.h).
  unsigned threads = 1;
  std::uint64_t pipeline_first = 0;  // the first set the helpers build in the current stretch
  struct Pipeline;
  Pipeline* pipeline = nullptr;  // while helpers run
  std::uint64_t memory_budget = 0;
  // SequenceOptions::threads_min_rare: fewer rare heaps run on one thread (.354, 131 rare heaps:
  // 1.7 to 3.1 s of wall time on two threads against 1.95 s on one; .376, 509: 1.1 s against 2.1).
  std::size_t threads_min_rare = 256;
  // With several split sets per heap only their marks are made ahead (finish_set), a smaller share
  // of the heap's work: such codes need detail::kSeveralSetsRareFactor times as many rare heaps
  // (.376, 509 rare heaps, proved in 1.33 s on one thread and 1.70-1.96 s on two).
  std::size_t min_rare_for_threads() const {
    const bool several = !game.grundys_game && split_two.size() > 1;
    return several ? detail::kSeveralSetsRareFactor * threads_min_rare : threads_min_rare;
  }
  // Stepping down (SequenceOptions::threads_stall_percent): stretches run on active_threads
  // threads, fewer than `threads` until heap step_up_at; step_down_heaps is how long the next step
  // down lasts. stalled: the time the calling thread waited for others in the current window.
  std::uint32_t stall_percent = 25;
  unsigned active_threads = 1;
  std::uint64_t step_up_at = 0;
  std::uint64_t step_down_heaps = 0;
  unsigned calm_windows = 0;
  std::chrono::steady_clock::duration stalled{};
  std::uint64_t own_work = 0;
  ThreadWork work{};  // totals (thread_work()); the caller's counts go here as it works

  std::uint64_t min_split() const { return game.grundys_game ? 0 : split_two.front(); }
  std::uint64_t max_split() const { return game.grundys_game ? 0 : split_two.back(); }
  // Whether heaps are computed with helper threads: the sparse algorithm with split sets.
  bool threaded() const {
    return threads > 1 && sparse &&
           (game.grundys_game ||
            (!split_two.empty() && split_two.size() <= detail::kMaxSplitLengths));
  }
  template <typename V>
  bool run_parallel(detail::ValueTable<V>& table, std::uint64_t end);
  template <typename V>
  bool run_stretch(detail::ValueTable<V>& table, std::uint64_t end);
  void reserve_rare_room();
  void leave_threads();
  bool ends_stretch(std::uint64_t n, std::uint32_t value) const;
  // Two threads in blocks (sparse_blocks.h).
  bool blocks_fit(std::uint64_t n, std::uint64_t limit) const;
  void prefetch_set(std::size_t slot);
  template <typename V>
  std::uint64_t block_stretch(detail::ValueTable<V>& table, std::uint64_t end);
  // The other thread of the block stretches, started at the first (worker.h).
  std::unique_ptr<detail::Worker> block_helper;
  struct BlockWork {
    std::uint64_t sets = 0;
    std::uint64_t batches = 0;
    std::chrono::nanoseconds waited{};
    std::vector<std::uint64_t> frequency;  // of the values it computed, by value
  };
  template <typename V>
  BlockWork block_thread(detail::ValueTable<V>& table, unsigned turn, std::uint64_t n0,
                         std::uint64_t end);
  template <typename V>
  bool block_heap(detail::ValueTable<V>& table, std::uint64_t n, std::uint64_t* frequency_here);
  template <typename V>
  std::uint64_t prepare_block(const V* g, std::uint64_t s0, std::uint64_t known,
                              std::size_t published);
  void step_down(std::uint64_t n);
  template <typename V>
  void complete_set(const V* g, std::uint64_t m, std::size_t slot);
  // Pipelined sets: built with the first set_rare_end[slot] rare heaps (those published then).
  detail::LineVector<std::size_t> set_rare_end;
  // Pipelined sets: the rare values below set_resolved[slot] that the set lacks have no split
  // a > detail::kPrefix (searched in full by the thread that built it); 0 when none is known.
  detail::LineVector<std::uint32_t> set_resolved;
  // Sets finished with their prefix splits held aside (hold_prefix): the indices that decide the
  // heap's mex unless a held split or a simple move holds them all — the rare ones the set lacks
  // below its first missing common index (none has a split beyond the prefix), and that index.
  // count kNoHint: no hint (more rare ones, or no common index missing). 16 bytes, so that a
  // block's hints are whole cache lines.
  struct alignas(16) StopHint {
    static constexpr std::uint8_t kNoHint = 0xFF;
    static constexpr std::size_t kMaxAbsent = 3;
    std::uint8_t count = kNoHint;
    std::uint16_t stop = 0;
    std::uint16_t absent[kMaxAbsent] = {};
  };
  detail::LineVector<StopHint> set_hint;
  template <typename V>
  std::uint32_t hinted_value(const V* g, std::uint64_t n, std::size_t slot,
                             const detail::HeldSplits& held) const;
  template <typename V>
  void build_ahead(const V* g, std::uint64_t m0);
  template <typename V>
  void build_threaded_batch(const V* g, std::uint64_t m0, std::uint64_t known,
                            std::size_t published);
  template <typename V>
  std::uint32_t resolve(const V* g, std::uint64_t m, std::size_t slot, std::size_t rare_end);
  std::uint64_t build_limit() const;
  template <typename V>
  std::uint32_t resolve_wanted(const V* g, std::uint64_t m, std::size_t slot, std::size_t rare_end);
  template <typename V>
  bool try_build(const V* g, std::uint64_t limit);
  template <typename V>
  bool try_finish(const V* g);
  template <typename V>
  void finish_set(const V* g, std::uint64_t m, std::size_t slot, std::uint64_t known,
                  std::size_t published);
  template <typename V>
  void helper(const V* g);
  template <typename V>
  std::size_t find_unresolved(const V* g, const std::uint64_t* ms, const std::uint32_t* resolved,
                              std::size_t count, std::uint32_t v) const;

  template <typename V>
  bool run(detail::ValueTable<V>& table, std::uint64_t end) {
    return threaded() ? run_parallel(table, end) : run_serial(table, end);
  }

  // Computes heaps up to `end` into table g; stops early (returning false) when a value does not
  // fit V.
  template <typename V>
  [[gnu::always_inline]] bool run_serial(detail::ValueTable<V>& table, std::uint64_t end) {
    for (std::uint64_t n = table.size(); n < end; ++n) {
      if (n >= next_choice) {
        if (sparse) choose_mask();
        next_choice *= 2;
      }
      const V* g = table.data();
      const std::uint32_t value = sparse ? sparse_value(g, n) : plain_value(g, n);
      if (value > storage_limit()) {
        pending = value;
        return false;
      }
      table.push_back(static_cast<V>(entry(value)));
      note(n, value);
    }
    return true;
  }

  std::uint32_t pending = 0;
  // The largest value of each form (SequenceOptions).
  std::uint32_t byte_limit = 255;
  std::uint32_t code_limit = 511;
  std::uint32_t narrow_limit = 0xFFFF;

  // Computes heaps up to `end`, moving the table to a wider form when a value needs it.
  void compute(std::uint64_t end) {
    while (size() < end) {
      const bool done = storage == detail::Storage::kWide    ? run(g32, end)
                        : storage == detail::Storage::kShort ? run(g16, end)
                                                             : run(g8, end);
      if (done) return;
      const std::uint64_t n = size();
      store_as(storage_for(pending));
      push(pending);
      note(n, pending);
    }
  }

  // Appends the value of the next heap to the table, in its form (packing.h).
  void push(std::uint32_t value);
};

}  // namespace nimkit
