// The mex of one heap by the sparse algorithm (sparse_kernel.h): the split sets the heap needs,
// the values they lack, and the searches for the rare ones among them. Private to
// src/sparse/grundy_sequence.cc.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "pair_search.h"
#include "sparse_kernel.h"

namespace nimkit {

// kPipelined: helper threads build the sets m >= pipeline_first (sparse_threads.h); this thread
// completes them. The sets are cleared at the start of every pipelined stretch, whose few
// builds here cannot wrap the stamps.
template <bool kPipelined, typename V>
std::uint32_t GrundySequence::State::sparse_value(const V* g, std::uint64_t n) {
  if (split_two.size() > detail::kMaxSplitLengths) {
    const std::uint32_t s = next_stamp();
    mark_simple(g, n, s);
    return many_splits_value(g, n, s);
  }
  // The split sets heap n needs: S(n - k) for each split length k.
  std::uint64_t ms[detail::kMaxSplitLengths];
  const std::uint8_t* marks[detail::kMaxSplitLengths];
  std::uint32_t resolved[detail::kMaxSplitLengths];  // pipelined: set_resolved of each set
  std::size_t count = 0;
  std::uint32_t exact = detail::kAllIndices;  // the least set_exact of the sets
  // Inlined: run_serial called from run_parallel (--threads 2, a code below threads_min_rare)
  // otherwise kept it a call, .354 1.75 s against 1.45 s.
  auto need = [&](std::uint64_t m) __attribute__((always_inline)) {
    if (m < 2) return;
    const std::size_t slot = m & (split_slots - 1);
    if (set_heap[slot] != m) {
      if (kPipelined && m >= pipeline_first) {
        complete_set(g, m, slot);
      } else if (const std::uint64_t m0 = m - m % detail::kBatch; !kPipelined && batch_free(m0)) {
        record_batch(m0, n, build_batch(g, m0, rare_heaps.size(), n));
      } else {
        build_split_set(g, m, slot);
      }
    }
    // (Block stretches hold a byte table's prefix splits left aside: below.)
    if (prefix_left[slot] != 0 && !(kPipelined && hold_prefix && m >= pipeline_first)) {
      mark_prefix(g, m, slot);
    }
    exact = std::min(exact, set_exact[slot]);
    ms[count] = m;
    resolved[count] = kPipelined && m >= pipeline_first ? set_resolved[slot] : 0;
    marks[count++] = set_data(slot);
  };
  if (game.grundys_game) {
    need(n);
  } else {
    for (const std::uint32_t k : split_two) {
      if (n >= k) need(n - k);
    }
  }
  // The prefix splits a block stretch left out of the one set (complete_set), held aside: the
  // bitmaps of missing values lose their indices.
  detail::HeldSplits held;
  const detail::HeldSplits* aside = nullptr;
  if constexpr (kPipelined && sizeof(V) == 1) {
    if (hold_prefix && count == 1 && ms[0] >= pipeline_first) {
      const std::uint64_t left =
          std::min<std::uint64_t>(half(ms[0]), prefix_left[ms[0] & (split_slots - 1)]);
      if (left != 0) {
        detail::hold_splits_bytes(g, ms[0], 1, left + 1, classes(), vector, held);
        aside = &held;
      }
    }
  }
  if (aside != nullptr) {
    const std::uint32_t value = hinted_value(g, n, ms[0] & (split_slots - 1), *aside);
    if (value != detail::kNoValue) return value;
  }
  if (below_wanted_limit()) {
    const std::uint32_t value = bitmap_value(g, n, ms, marks, resolved, count, exact, aside);
    if (value != detail::kNoValue) return value;
  }
  // By value (bitmap_value decides every heap of a coded table), with every split in the sets.
  assert(!coded());
  if constexpr (kPipelined && sizeof(V) == 1) {
    if (aside != nullptr) mark_long_prefix(g, ms[0], ms[0] & (split_slots - 1));
  }
  const std::uint32_t s = next_stamp();
  mark_simple(g, n, s);
  const std::uint32_t* seen_marks = seen.data();
  auto marked = [&](std::uint32_t v) {
    if (seen_marks[v] == s) return true;
    for (std::size_t i = 0; i < count; ++i) {
      if (marks[i][v] != 0) return true;
    }
    return false;
  };
  std::uint32_t v = 0;
  while (marked(v)) ++v;
  // A rare value v is the candidate: unless a set holds it, it is an option only through a
  // split of two detail::common parts beyond the prefix, which the sets do not cover. Search
  // those splits for one of value v (stopping at the first); if there is none, v is the mex, else
  // record the witness in its set and look at the next unmarked value.
  while (!detail::common(v, mask)) {
    const std::size_t found =
        kPipelined ? find_unresolved(g, ms, resolved, count, v) : find_split(g, ms, count, v);
    if (found == count) return v;
    set_data(ms[found] & (split_slots - 1))[v] = 1;
    ++v;
    while (marked(v)) ++v;
  }
  return v;
}

// The mex of heap n from the hint of its one set (StopHint), with its held prefix splits and its
// simple moves: the first of the hint's indices that neither holds, or detail::kNoValue when they
// hold every one (bitmap_value then looks further).
template <typename V>
std::uint32_t GrundySequence::State::hinted_value(const V* g, std::uint64_t n, std::size_t slot,
                                                  const detail::HeldSplits& held) const {
  const StopHint& hint = set_hint[slot];
  if (hint.count == StopHint::kNoHint) return detail::kNoValue;
  auto free = [&](std::uint32_t index) {
    for (const std::uint32_t k : remove_whole) {
      if (n == k && index_of(0) == index) return false;
    }
    for (const std::uint32_t k : remove_one) {
      if (n > k && index_of(value_at(g, n - k)) == index) return false;
    }
    return detail::held_in(held, index / 64, std::uint64_t{1} << (index % 64), vector) == 0;
  };
  // The rare ones, ascending (codes keep their values' order), all below the stop.
  for (std::uint8_t i = 0; i < hint.count; ++i) {
    if (free(hint.absent[i])) return entry_value(hint.absent[i]);
  }
  if (!free(hint.stop)) return detail::kNoValue;
  return coded() ? code.decode(hint.stop - 256, false) : hint.stop;
}

// sparse_value on bitmaps of the values below detail::kWantedLimit (every value so far is below
// it, so every split value is, and the mex is at most kWantedLimit): the values no set and no
// simple move has, by sixteen at a time; the first of them that is common (or known to be
// absent), and the rare ones below it, searched for (their entries: values, or codes in a coded
// table). Returns the mex, or detail::kNoValue when there is no such first value (no mask chosen
// yet): sparse_value's own loop decides.
template <typename V>
std::uint32_t GrundySequence::State::bitmap_value(const V* g, std::uint64_t n,
                                                  const std::uint64_t* ms,
                                                  const std::uint8_t* const* marks,
                                                  const std::uint32_t* resolved, std::size_t count,
                                                  std::uint32_t exact,
                                                  const detail::HeldSplits* aside) {
  // The values of the simple moves, which are not in the sets.
  if (remove_whole.size() + remove_one.size() > detail::kMaxSimpleMoves) return detail::kNoValue;
  std::uint32_t simple[detail::kMaxSimpleMoves];
  std::size_t simple_count = 0;
  for (const std::uint32_t k : remove_whole) {
    if (n == k) simple[simple_count++] = 0;
  }
  for (const std::uint32_t k : remove_one) {
    if (n > k) simple[simple_count++] = value_at(g, n - k);
  }
  // Values below `absent` missing from the one set are not options at all (set_resolved).
  std::uint64_t missing[detail::kWantedLimit / 64];
  std::size_t words = 0;
  const std::uint64_t absent = count == 1 ? resolved[0] : 0;
  std::uint32_t cap =
      wanted_until_stop(marks, count, simple, simple_count, absent, aside, missing, words);
  if (cap == detail::kNoValue) return cap;
  // A stop at or past a set's marks in registers: the set completed, the stop found again.
  if (index_of(cap) >= exact && complete_for(g, cap, ms, count, rare_heaps.size())) {
    cap = wanted_until_stop(marks, count, simple, simple_count, absent, aside, missing, words);
  }
  if (std::all_of(missing, missing + words, [](std::uint64_t m) { return m == 0; })) return cap;
  detail::WantedValues wanted;
  wanted.assign(missing, words);
  if (wanted.count == 0) return cap;
  if constexpr (sizeof(V) <= 2) {
    if (count == 1 && vector) {
      search_wanted(g, ms[0], wanted, true);
      return wanted.count == 0 ? cap : std::min(entry_value(wanted.smallest()), cap);
    }
  }
  // One at a time, smallest first (every one is at least `absent`), each found recorded in its set
  // for the other heap that needs the set.
  for (; wanted.count != 0; wanted.remove(wanted.smallest())) {
    const std::uint32_t x = wanted.smallest();
    const std::size_t found = find_split(g, ms, count, x);
    if (found == count) return entry_value(x);
    set_data(ms[found] & (split_slots - 1))[x] = 1;
  }
  return cap;
}

// The search for the wanted entries of the set of m (a byte table's with the classes when coded);
// returns find_wanted_pairs' bound.
template <typename V>
std::uint32_t GrundySequence::State::search_wanted(const V* g, std::uint64_t m,
                                                   detail::WantedValues& wanted, bool joint) const {
  if constexpr (sizeof(V) == 1) {
    return detail::find_wanted_pairs(g, m, prefix + 1, half(m) + 1, wanted, joint, classes());
  } else {
    return detail::find_wanted_pairs(g, m, prefix + 1, half(m) + 1, wanted, joint);
  }
}

// The first value (the stop) that no set of `marks` and none of the simple-move values holds and
// that is common or below `absent`, and the rare entries below it that the sets lack (bits of
// missing[0 .. words - 1]): missing_until_stop by value, coded_until_stop by codes.
[[gnu::always_inline]] inline std::uint32_t GrundySequence::State::wanted_until_stop(
    const std::uint8_t* const* marks, std::size_t count, const std::uint32_t* simple,
    std::size_t simple_count, std::uint64_t absent, const detail::HeldSplits* held,
    std::uint64_t* missing, std::size_t& words) const {
  return coded()
             ? coded_until_stop(marks, count, simple, simple_count, absent, held, missing, words)
             : missing_until_stop(marks, count, simple, simple_count, absent, held, missing, words);
}

// wanted_until_stop on sets of codes (rare codes at 0 .. 255, common ones at 256 .. 511): the
// first common code missing gives the stop (the order of a class's codes is its values'), the
// rare codes below it that are missing the wanted ones, and the first of those whose value is
// below `absent` an earlier stop. The values stay below kWantedLimit (coded tables hold values
// below 512), so there is always a stop: kWantedLimit when every common code is there.
inline std::uint32_t GrundySequence::State::coded_until_stop(
    const std::uint8_t* const* marks, std::size_t count, const std::uint32_t* simple,
    std::size_t simple_count, std::uint64_t absent, const detail::HeldSplits* held,
    std::uint64_t* missing, std::size_t& words) const {
  std::uint64_t simple_bits[detail::kWantedLimit / 64] = {};  // by index
  for (std::size_t i = 0; i < simple_count; ++i) {
    const std::uint32_t index = code.index(simple[i]);
    simple_bits[index / 64] |= std::uint64_t{1} << (index % 64);
  }
  // Indices 64w .. 64w + 63 among `wanted`, less those of held splits.
  auto missing_word = [&](std::size_t w, std::uint64_t wanted) {
    const std::uint64_t bits =
        detail::missing_word(marks, count, w, vector) & ~simple_bits[w] & wanted;
    return held == nullptr ? bits : bits & ~detail::held_in(*held, w, bits, vector);
  };
  std::uint32_t stop = detail::kWantedLimit;
  for (std::size_t w = 0; w < 4; ++w) {
    if (const std::uint64_t bits = missing_word(4 + w, ~std::uint64_t{0}); bits != 0) {
      stop = code.decode(static_cast<std::uint32_t>(64 * w + std::countr_zero(bits)), false);
      break;
    }
  }
  std::fill(missing, missing + detail::kWantedLimit / 64, 0);
  std::uint32_t end = code.rare_below(stop);  // rare codes below `end`: rare values below stop
  for (std::size_t w = 0; 64 * w < end; ++w) missing[w] = missing_word(w, below(end - 64 * w));
  const std::uint32_t absent_end = std::min(
      end, code.rare_below(static_cast<std::uint32_t>(std::min<std::uint64_t>(absent, 512))));
  for (std::uint32_t w = 0; 64 * w < absent_end; ++w) {
    const std::uint64_t known = missing[w] & below(absent_end - 64 * w);
    if (known != 0) {
      end = 64 * w + static_cast<std::uint32_t>(std::countr_zero(known));
      stop = code.decode(end, true);
      break;
    }
  }
  words = 4;
  for (std::uint32_t w = 0; w < 4; ++w) missing[w] &= below(end > 64 * w ? end - 64 * w : 0);
  return stop;
}

// The first value (the stop) that no set of `marks` and none of the simple-move values holds and
// that is common or below `absent`, found 64 values at a time among the values below
// detail::kWantedLimit; missing[0 .. words - 1] get the rare values below it that are missing too.
// When no value below kWantedLimit stops, the stop is kWantedLimit itself if every value so far is
// below it (no split reaches it, so it is missing: the mex is at most kWantedLimit), else
// detail::kNoValue (missing then holds every rare value missing below kWantedLimit).
[[gnu::always_inline]] inline std::uint32_t GrundySequence::State::missing_until_stop(
    const std::uint8_t* const* marks, std::size_t count, const std::uint32_t* simple,
    std::size_t simple_count, std::uint64_t absent, const detail::HeldSplits* held,
    std::uint64_t* missing, std::size_t& words) const {
  std::fill(missing, missing + detail::kWantedLimit / 64, 0);
  std::uint32_t stop_value = below_wanted_limit() ? detail::kWantedLimit : detail::kNoValue;
  const std::size_t word_count = std::min<std::size_t>(seen.size(), detail::kWantedLimit) / 64;
  words = word_count;
  // Small sets (values below 128) 16 values at a time (SSE2, inline: the first chunks decide most
  // heaps), larger ones 64 at a time (AVX-512 with the vector search).
  const std::size_t step = (vector && seen.size() > 256) || held != nullptr ? 64 : 16;
  for (std::size_t at = 0; at < 64 * word_count; at += step) {
    std::uint64_t bits = step == 64 ? detail::missing_word(marks, count, at / 64, vector)
                                    : detail::missing_values(marks, count, at / 16);
    for (std::size_t i = 0; i < simple_count; ++i) {
      if (simple[i] >= at && simple[i] < at + step) bits &= ~(std::uint64_t{1} << (simple[i] - at));
    }
    const std::size_t w = at / 64;
    const std::size_t shift = at % 64;
    if (held != nullptr) bits = without_held(*held, w, bits, absent);
    missing[w] |= bits << shift;
    std::uint64_t stop = bits & (common_bits[w] >> shift);
    if (at < absent) stop |= bits & below(absent - at);
    if (stop != 0) {
      stop_value = static_cast<std::uint32_t>(at + std::countr_zero(stop));
      missing[w] &= below(stop_value - 64 * w);
      words = w + 1;
      break;
    }
  }
  for (std::size_t i = 0; i < words; ++i) missing[i] &= ~common_bits[i];
  return stop_value;
}

// Missing values 64w .. 64w + 63 (`bits`) less those of held splits, for missing_until_stop: the
// values that may stop (common, or below `absent`) first, then the rare ones below the first
// of those left (the only ones the search asks about). The others stay: unlike the few asked
// about, most of the held splits' values (of two common parts, so rare) are missing from the set.
inline std::uint64_t GrundySequence::State::without_held(const detail::HeldSplits& held,
                                                         std::size_t w, std::uint64_t bits,
                                                         std::uint64_t absent) const {
  const std::uint64_t stops = common_bits[w] | (64 * w < absent ? below(absent - 64 * w) : 0);
  std::uint64_t stopping = bits & stops;
  stopping &= ~detail::held_in(held, w, stopping, vector);
  const std::uint64_t asked =
      bits & ~stops & (stopping == 0 ? ~std::uint64_t{0} : below(std::countr_zero(stopping)));
  return stopping | (asked & ~detail::held_in(held, w, asked, vector));
}

// More than detail::kMaxSplitLengths split lengths (a rare kind of code): the sparse method
// without split sets, every split length marked and searched on its own.
template <typename V>
std::uint32_t GrundySequence::State::many_splits_value(const V* g, std::uint64_t n,
                                                       std::uint32_t s) {
  std::uint32_t* mark = seen.data();
  for (const std::uint32_t k : split_two) {
    if (n < k + 2) continue;
    const std::uint64_t m = n - k;
    const V* back = g + m;
    for (std::size_t i = 0; i < rare_heaps.size() && rare_heaps[i] < m; ++i) {
      mark[rare_values[i] ^ back[-static_cast<std::ptrdiff_t>(rare_heaps[i])]] = s;
    }
  }
  std::uint32_t v = mex_from(0, s);
  while (!detail::common(v, mask)) {
    bool found = false;
    for (const std::uint32_t k : split_two) {
      if (n >= k + 2 && detail::find_pair(g, n - k, 1, half(n - k) + 1, v) <= half(n - k)) {
        found = true;
        break;
      }
    }
    if (!found) return v;
    mark[v] = s;
    v = mex_from(v + 1, s);
  }
  return v;
}

}  // namespace nimkit
