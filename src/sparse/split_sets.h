// Split sets of the sparse kernel (sparse_kernel.h): building S(m) for one heap m or for a batch
// of detail::kBatch consecutive heaps, and completing a set with its prefix splits. Private to
// src/sparse/grundy_sequence.cc.
#pragma once

#include <algorithm>
#include <cstring>

#include "pair_search.h"
#include "sparse_kernel.h"

namespace nimkit {

// Builds S(m) into `slot` (see set_marks). Not inlined: inlined into the heap loop, GCC 12
// spilled a register inside the rare-pair loop (Grundy 2^22: 12.5 s -> 13.6 s CPU).
template <typename V>
[[gnu::noinline]] void GrundySequence::State::build_split_set(const V* g, std::uint64_t m,
                                                              std::size_t slot) {
  std::uint8_t* mark = set_data(slot);
  std::memset(mark, 0, set_size());
  set_heap[slot] = m;
  prefix_left[slot] = 0;
  set_exact[slot] = detail::kAllIndices;
  // Every split with a rare part: that is every split with a detail::common value (and some
  // others). Rare heaps r ≤ prefix are skipped: the split (r, m - r) is one of the prefix splits.
  const std::uint64_t prefix_end = std::min(half(m), prefix);
  const auto heaps_end = rare_heaps.empty() || rare_heaps.back() < m
                             ? rare_heaps.end()
                             : std::lower_bound(rare_heaps.begin(), rare_heaps.end(), m);
  const auto heaps_begin = std::upper_bound(rare_heaps.begin(), heaps_end, prefix_end);
  const std::uint32_t* values = rare_values.data() + (heaps_begin - rare_heaps.begin());
  const std::uint64_t* heaps = std::to_address(heaps_begin);
  const std::size_t count = static_cast<std::size_t>(heaps_end - heaps_begin);
  const V* back = g + m;
  const bool by_code = coded();
  if (by_code) {
    // The other part is common (a common value: marked among the common codes) unless rare.
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint64_t part = m - heaps[i];
      mark[(values[i] ^ g[part]) + rare_offset(part)] = 1;
    }
  } else {
    for (std::size_t i = 0; i < count; ++i) {
      mark[values[i] ^ back[-static_cast<std::ptrdiff_t>(heaps[i])]] = 1;
    }
  }
  // Grundy's game: the equal split h + h is not a move; undo its mark when it was made (value 0
  // stays an option only if some other split has it, which the search below finds again).
  if (game.grundys_game && m % 2 == 0 && part_rare(g, m / 2)) mark[0] = 0;
  if (by_code) {
    for (std::uint64_t a = 1; a <= prefix_end; ++a) mark[split_index(g, a, m - a)] = 1;
  } else {
    for (std::uint64_t a = 1; a <= prefix_end; ++a)
      mark[g[a] ^ back[-static_cast<std::ptrdiff_t>(a)]] = 1;
  }
}

// Whether the batch of sets m0 .. m0 + kBatch - 1 may be built: none of them is built yet (a
// built set may hold witnesses, or be one this heap already uses) and its rare part is worth a
// batch. Its slots are consecutive (split_slots is a multiple of kBatch and kBatch divides m0),
// and hold no set the heap needs (split_slots covers the sets a heap needs and a batch on
// either side).
inline bool GrundySequence::State::batch_free(std::uint64_t m0) const {
  if (m0 < 4 * prefix) return false;
  const std::size_t slot0 = m0 & (split_slots - 1);
  for (std::size_t j = 0; j < detail::kBatch; ++j) {
    if (set_heap[slot0 + j] == m0 + j) return false;
  }
  return true;
}

// The rare parts of S(m0) ... S(m0 + kBatch - 1) (build_split_set without the prefix splits,
// which mark_prefix adds when a set is first used). Reads values and rare heaps below m0 - 1
// only: a rare heap found later, r ≥ m0 - 1, splits a set m of the batch with a smaller part
// m - r ≤ kBatch ≤ kPrefix, one of the prefix splits.
// Marks only (helper threads run it too: the caller records the sets, record_batch); reads the
// first `rare_end` rare heaps, and values below `known_end` (≥ m0 - prefix - 1 + kBatch): the
// prefix splits (a, m - a) with m - a < known_end are marked too, the others are left to
// mark_prefix (prefix_unmarked).
template <typename V>
[[gnu::noinline]] std::uint32_t GrundySequence::State::build_batch(const V* g, std::uint64_t m0,
                                                                   std::size_t rare_end,
                                                                   std::uint64_t known_end) {
  const std::size_t stride = set_stride;
  std::uint8_t* const base = set_data(m0 & (split_slots - 1));
  std::memset(base, 0, detail::kBatch * stride);
  const std::size_t count = rare_end;
  const std::uint64_t* heaps = rare_heaps.data();
  // (Rows of rare heaps prefix < r ≤ horizon are left to mark_deferred_rows.)
  std::size_t i = static_cast<std::size_t>(std::upper_bound(heaps, heaps + count, horizon) - heaps);
  // Rare heaps r with horizon < r < m0 - kPrefix: a split of every set of the batch.
  std::size_t last = i;
  while (last < count && rare_heaps[last] + prefix < m0) ++last;
  const std::uint32_t exact = mark_rows(g, m0, i, last, base);
  i = last;
  // The next few: of the later sets only (r < m - kPrefix).
  for (; i < count && rare_heaps[i] + prefix + 1 < m0 + detail::kBatch; ++i) {
    const std::uint64_t r = rare_heaps[i];
    for (std::uint64_t j = r + prefix + 1 - m0; j < detail::kBatch; ++j) {
      base[j * stride + (rare_values[i] ^ g[m0 + j - r]) + rare_offset(m0 + j - r)] = 1;
    }
  }
  // Grundy's game: the equal split h + h is no move (as in build_split_set).
  if (game.grundys_game) {
    for (std::uint64_t j = m0 % 2; j < detail::kBatch; j += 2) {
      const std::uint64_t h = (m0 + j) / 2;
      if (h > prefix && h + prefix < m0 + j && part_rare(g, h)) base[j * stride] = 0;
    }
  }
  mark_batch_prefix(g, m0, known_end, base);
  return exact;
}

// build_batch's rows of rare heaps rare_heaps[first .. last - 1]: the splits (r, m0 + j - r) of the
// 16 sets. Coded, the other parts m0 + j - r are common (their splits are common codes) unless
// some is a rare heap: such rows are marked split by split. On a byte table with the vector
// search, the indices below detail::kLowIndices (among the common codes when coded) are marked in
// registers and the others left to complete_rows: returns the index up to which the rows' marks
// are all there (set_exact).
template <typename V>
std::uint32_t GrundySequence::State::mark_rows(const V* g, std::uint64_t m0, std::size_t first,
                                               std::size_t last, std::uint8_t* base) const {
  const std::size_t stride = set_stride;
  const std::uint64_t* heaps = rare_heaps.data();
  const std::uint32_t* values = rare_values.data();
  // (Sets of values below 128 on their own, stride 256 + 64 at most, are marked whole in
  // registers by mark_batch.)
  const bool low = sizeof(V) == 1 && vector && stride > 256 + 64;
  auto rows = [&](std::size_t from, std::size_t to) {
    if constexpr (sizeof(V) == 1) {
      if (low) {
        return detail::mark_batch_low(g, m0, heaps + from, values + from, to - from,
                                      base + class_offset(), stride);
      }
    }
    if constexpr (sizeof(V) <= 2) {
      detail::mark_batch(g, m0, heaps + from, values + from, to - from, base + class_offset(),
                         stride, vector);
    } else {
      detail::mark_batch(g, m0, heaps + from, values + from, to - from, base, stride);
    }
  };
  const std::uint32_t exact = low ? class_offset() + detail::kLowIndices : detail::kAllIndices;
  if (!coded()) {
    rows(first, last);
    return exact;
  }
  // Rows of rare heaps r ≤ m0 - limit: their other parts are past the rare bits' limit.
  const std::uint64_t limit = rare_bits.limit();
  std::size_t clean = first;
  const std::size_t past =
      m0 < limit ? first
                 : static_cast<std::size_t>(
                       std::upper_bound(heaps + first, heaps + last, m0 - limit) - heaps);
  if constexpr (sizeof(V) == 1) {
    if (low) {
      // The other rows in registers too, each without the sets whose other part is rare (a rare
      // value, which a set may lack: the searches find it), chunk by chunk.
      rows(first, past);
      constexpr std::size_t kChunk = 256;
      std::uint16_t lanes[kChunk];
      for (std::size_t at = past; at < last; at += kChunk) {
        const std::size_t n = std::min(kChunk, last - at);
        for (std::size_t i = 0; i < n; ++i) {
          const std::uint64_t part = m0 - heaps[at + i];
          lanes[i] = static_cast<std::uint16_t>(
              part >= limit ? 0xFFFF : ~rare_bits.bits_from(part) & 0xFFFF);
        }
        detail::mark_batch_low(g, m0, heaps + at, values + at, n, base + class_offset(), stride,
                               lanes);
      }
      return exact;
    }
  }
  for (std::size_t i = past; i < last; ++i) {
    const std::uint64_t part = m0 - heaps[i];
    if (part >= limit || (rare_bits.bits_from(part) & 0xFFFF) == 0) continue;
    rows(clean, i);
    clean = i + 1;
    for (std::size_t j = 0; j < detail::kBatch; ++j) {
      base[j * stride + (values[i] ^ g[part + j]) + rare_offset(part + j)] = 1;
    }
  }
  rows(clean, last);
  return exact;
}

// Adds to the set of m in `slot` the marks of build_batch's rows that mark_batch_low left out
// (all of the rows', those already there marked again): the rare heaps r with
// horizon < r < m0 - kPrefix among the first `rare_end`.
template <typename V>
void GrundySequence::State::complete_rows(const V* g, std::uint64_t m, std::size_t slot,
                                          std::size_t rare_end) {
  std::uint8_t* mark = set_data(slot);
  const std::uint64_t m0 = m - m % detail::kBatch;
  const std::uint64_t* heaps = rare_heaps.data();
  const std::uint32_t* values = rare_values.data();
  const std::size_t first =
      static_cast<std::size_t>(std::upper_bound(heaps, heaps + rare_end, horizon) - heaps);
  std::size_t last = first;
  while (last < rare_end && heaps[last] + prefix < m0) ++last;
  // Parts past the rare bits' limit are common (coded: a common split); the others, one by one.
  const std::uint64_t limit = coded() ? rare_bits.limit() : 0;
  const std::size_t past =
      m < limit ? first
                : static_cast<std::size_t>(
                      std::upper_bound(heaps + first, heaps + last, m - limit) - heaps);
  std::uint8_t* const common_marks = mark + class_offset();
  for (std::size_t i = first; i < past; ++i) common_marks[values[i] ^ g[m - heaps[i]]] = 1;
  for (std::size_t i = past; i < last; ++i) {
    mark[(values[i] ^ g[m - heaps[i]]) + rare_offset(m - heaps[i])] = 1;
  }
  set_exact[slot] = detail::kAllIndices;
}

// Completes the sets of ms[0 .. count - 1] whose rows' marks stop at or below the index of
// `stop`, a stop found in them (which a mark left out may have made too small); returns whether
// any was.
template <typename V>
bool GrundySequence::State::complete_for(const V* g, std::uint32_t stop, const std::uint64_t* ms,
                                         std::size_t count, std::size_t rare_end) {
  const std::uint32_t index = index_of(stop);
  bool any = false;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t slot = ms[i] & (split_slots - 1);
    if (index >= set_exact[slot]) {
      complete_rows(g, ms[i], slot, rare_end);
      any = true;
    }
  }
  return any;
}

// build_batch's prefix splits a ≤ kPrefix (a < m - a, as m0 ≥ 4 kPrefix) of the sets m0 + j with
// m0 + j - a < known_end, that is j < known_end - m0 + a.
template <typename V>
void GrundySequence::State::mark_batch_prefix(const V* g, std::uint64_t m0, std::uint64_t known_end,
                                              std::uint8_t* base) const {
  const std::size_t stride = set_stride;
  for (std::uint64_t a = 1; a <= prefix; ++a) {
    if (known_end + a <= m0) continue;
    const std::uint64_t lanes = std::min(detail::kBatch, known_end + a - m0);
    const V* values = g + (m0 - a);
    const std::uint32_t u = g[a];
    std::uint8_t* mark = base;
    if (coded() && m0 - a < rare_bits.limit()) {
      for (std::size_t j = 0; j < lanes; ++j, mark += stride) {
        mark[split_index(g, a, m0 - a + j)] = 1;
      }
      continue;
    }
    // The other parts are common: the split is common when a is rare (coded).
    mark += coded() && rare_bits.rare(a) ? class_offset() : 0;
    for (std::size_t j = 0; j < lanes; ++j, mark += stride) mark[u ^ values[j]] = 1;
  }
}

// The prefix splits a = 1 .. prefix_unmarked(...) of set m0 + j that build_batch left unmarked:
// those with m0 + j - a ≥ known_end.
inline std::uint8_t GrundySequence::State::prefix_unmarked(std::uint64_t m0,
                                                           std::uint64_t known_end,
                                                           std::size_t j) const {
  const std::uint64_t m = m0 + j;
  return static_cast<std::uint8_t>(m >= known_end ? std::min(prefix, m - known_end) : 0);
}

// Records the batch of sets m0 .. that build_batch built with `known_end` (and marked exactly
// below `exact`) as the sets of their slots.
[[gnu::always_inline]] inline void GrundySequence::State::record_batch(std::uint64_t m0,
                                                                       std::uint64_t known_end,
                                                                       std::uint32_t exact) {
  const std::size_t slot0 = m0 & (split_slots - 1);
  for (std::size_t j = 0; j < detail::kBatch; ++j) {
    set_heap[slot0 + j] = m0 + j;
    prefix_left[slot0 + j] = prefix_unmarked(m0, known_end, j);
    set_exact[slot0 + j] = exact;
  }
}

// Adds to the set of m in `slot`, built by build_batch with a horizon past the prefix, the rows it
// left out: the splits (r, m - r) of the rare heaps prefix < r ≤ horizon, all of whose values are
// known when the set is used.
// Those rare heaps are rare_heaps[deferred_first .. deferred_end - 1] once the stretch has passed
// the horizon (run_stretch), else found here.
template <typename V>
void GrundySequence::State::mark_deferred_rows(const V* g, std::uint64_t m, std::size_t slot) {
  std::uint8_t* mark = set_data(slot);
  const std::uint64_t* heaps = rare_heaps.data();
  std::size_t first = deferred_first;
  std::size_t end = deferred_end;
  if (end == kUnknownRows) {
    const std::size_t count = rare_heaps.size();
    first = static_cast<std::size_t>(std::upper_bound(heaps, heaps + count, prefix) - heaps);
    end = static_cast<std::size_t>(std::upper_bound(heaps + first, heaps + count, horizon) - heaps);
  }
  for (std::size_t i = first; i < end; ++i) {
    const std::uint64_t r = heaps[i];
    if (game.grundys_game && 2 * r == m) continue;  // the equal split is no move
    mark[(rare_values[i] ^ g[m - r]) + rare_offset(m - r)] = 1;
  }
}

// Adds to the set of m in `slot`, whose rows are those of the first set_rare_end[slot] rare heaps,
// the rows of the rare heaps up to rare_heaps[end - 1] whose splits' smaller part m - r exceeds the
// prefix (a batch is built up to horizon + 1 - kBatch heaps before its values, and rare heaps are
// found meanwhile).
template <typename V>
void GrundySequence::State::mark_late_rows(const V* g, std::uint64_t m, std::size_t slot,
                                           std::size_t end) {
  std::uint8_t* mark = set_data(slot);
  for (std::size_t i = set_rare_end[slot]; i < end; ++i) {
    const std::uint64_t r = rare_heaps[i];
    if (r + prefix >= m) break;  // ascending: the rest split m with a smaller part in the prefix
    if (r <= horizon || (game.grundys_game && 2 * r == m)) continue;  // (mark_deferred_rows')
    mark[(rare_values[i] ^ g[m - r]) + rare_offset(m - r)] = 1;
  }
  set_rare_end[slot] = std::max(set_rare_end[slot], end);
}

// Adds the prefix splits a = keep + 1 .. prefix_left[slot] to a set built by build_batch (those
// whose values are known: m - a < m - keep), leaving a = 1 .. keep.
template <typename V>
void GrundySequence::State::mark_prefix(const V* g, std::uint64_t m, std::size_t slot,
                                        std::uint64_t keep) {
  std::uint8_t* mark = set_data(slot);
  const std::uint64_t left = std::min<std::uint64_t>(half(m), prefix_left[slot]);
  if (coded()) {
    for (std::uint64_t a = keep + 1; a <= left; ++a) mark[split_index(g, a, m - a)] = 1;
  } else {
    // (The marks are bytes, which may alias the storage flag: its test kept out of the loop.)
    for (std::uint64_t a = keep + 1; a <= left; ++a) mark[g[a] ^ g[m - a]] = 1;
  }
  prefix_left[slot] = static_cast<std::uint32_t>(std::min<std::uint64_t>(prefix_left[slot], keep));
}

// mark_prefix for the long prefixes of block stretches (sparse_blocks.h): on a byte table, 64
// splits a step (a function of its own, so that the short prefixes' loop stays as it was).
template <typename V>
void GrundySequence::State::mark_long_prefix(const V* g, std::uint64_t m, std::size_t slot) {
  if constexpr (sizeof(V) == 1) {
    const std::uint64_t left = std::min<std::uint64_t>(half(m), prefix_left[slot]);
    detail::mark_splits_bytes(g, m, 1, left + 1, set_data(slot), classes(), vector);
    prefix_left[slot] = 0;
  } else {
    mark_prefix(g, m, slot);
  }
}

}  // namespace nimkit
