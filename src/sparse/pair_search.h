// Searches of the sparse kernel (sparse_kernel.h) for two-way splits of given values: the splits
// (a, m - a) of a heap of m objects whose parts' values XOR to v. Private to the library.
//
// The sparse algorithm asks, for each heap, whether every rare value below the first common value
// missing from its split sets is the value of some split with two common parts. One search per
// value rescans the same first splits again and again (Grundy's game near 2^22: 27 searches per
// heap, 17,800 splits scanned in all, when the last value is found after 3,100). find_wanted_pairs
// scans the splits once for all the values, with AVX-512 when the processor has it (32 splits per
// step on 16-bit tables, 64 on byte tables, each split's value looked up in a table of the values
// still wanted).
//
// On a table of codes (value_table.h) the searches look for rare values' codes and pass over the
// splits whose parts' classes differ (`classes`: their codes may equal a rare code, but their
// values are common).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "value_table.h"

namespace nimkit::detail {

// The smallest a in [lo, hi) with g[a] ^ g[m - a] == v, or hi. Every a < m is a legal part.
template <typename V>
std::uint64_t find_pair(const V* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                        std::uint32_t v) {
  for (std::uint64_t a = lo; a < hi; ++a) {
    if ((static_cast<std::uint32_t>(g[a]) ^ g[m - a]) == v) return a;
  }
  return hi;
}

#if defined(__SSSE3__)
// 16-bit values: eight splits per step, the upper parts loaded backwards and reversed.
template <>
inline std::uint64_t find_pair(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                               std::uint64_t hi, std::uint32_t v) {
  const __m128i reverse = _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  const __m128i target = _mm_set1_epi16(static_cast<short>(v));
  std::uint64_t a = lo;
  for (; a + 8 <= hi; a += 8) {
    const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + a));
    const __m128i high = _mm_shuffle_epi8(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + (m - a - 7))), reverse);
    const int hits = _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_xor_si128(low, high), target));
    if (hits != 0)
      return a + static_cast<std::uint64_t>(std::countr_zero(static_cast<unsigned>(hits))) / 2;
  }
  for (; a < hi; ++a) {
    if ((g[a] ^ g[m - a]) == v) return a;
  }
  return hi;
}
#endif

#if defined(__SSSE3__)
// Byte values: sixteen splits per step, the upper parts loaded backwards and reversed.
template <>
inline std::uint64_t find_pair(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                               std::uint64_t hi, std::uint32_t v) {
  const __m128i reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  if (v >= 256) return hi;  // no split of bytes has it
  const __m128i target = _mm_set1_epi8(static_cast<char>(v));
  std::uint64_t a = lo;
  for (; a + 16 <= hi; a += 16) {
    const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + a));
    const __m128i high = _mm_shuffle_epi8(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + (m - a - 15))), reverse);
    const int hits = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_xor_si128(low, high), target));
    if (hits != 0) {
      return a + static_cast<std::uint64_t>(std::countr_zero(static_cast<unsigned>(hits)));
    }
  }
  for (; a < hi; ++a) {
    if (static_cast<std::uint32_t>(g[a] ^ g[m - a]) == v) return a;
  }
  return hi;
}
#endif

// find_pair with AVX-512 (32 splits per step) where vector_pair_search_supported(), else
// find_pair itself. Same contract as find_wanted_pairs for m, lo and hi.
std::uint64_t find_pair_vector(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                               std::uint64_t hi, std::uint32_t v);

// find_pair on a byte table: of values, or (with `classes`) of codes, where x is a rare value's
// code and the splits whose parts' classes differ are passed over. AVX-512 (64 splits per step)
// with `vector` where vector_byte_search_supported().
std::uint64_t find_pair_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                              std::uint64_t hi, std::uint32_t x, const RareBits* classes,
                              bool vector);

// Values a joint search looks for, all below kWantedLimit: a bitmap of 32 16-bit words (the
// layout the vector search looks words up in).
inline constexpr std::uint32_t kWantedLimit = 512;

struct WantedValues {
  alignas(64) std::uint16_t words[kWantedLimit / 16] = {};
  std::uint32_t count = 0;

  bool contains(std::uint32_t v) const { return (words[v >> 4] >> (v & 15) & 1) != 0; }
  void add(std::uint32_t v) {
    if (contains(v)) return;
    words[v >> 4] = static_cast<std::uint16_t>(words[v >> 4] | 1u << (v & 15));
    ++count;
  }
  void remove(std::uint32_t v) {
    if (!contains(v)) return;
    words[v >> 4] = static_cast<std::uint16_t>(words[v >> 4] & ~(1u << (v & 15)));
    --count;
  }
  // The values set in bits[0 .. bit_words - 1] (bit i of bits[w] is value 64w + i), at most 8.
  void assign(const std::uint64_t* bits, std::size_t bit_words) {
    count = 0;
    for (std::size_t w = 0; w < kWantedLimit / 64; ++w) {
      const std::uint64_t word = w < bit_words ? bits[w] : 0;
      for (std::size_t i = 0; i < 4; ++i) {
        words[4 * w + i] = static_cast<std::uint16_t>(word >> (16 * i));
      }
      count += static_cast<std::uint32_t>(std::popcount(word));
    }
  }
  // Bits 64i .. 64i + 63 (bit j: value 64i + j).
  std::uint64_t word64(std::size_t i) const {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 4; ++k) word |= std::uint64_t{words[4 * i + k]} << (16 * k);
    return word;
  }
  // kWantedLimit when empty.
  std::uint32_t smallest() const {
    for (std::uint32_t i = 0; i < kWantedLimit / 16; ++i) {
      if (words[i] != 0) return 16 * i + static_cast<std::uint32_t>(std::countr_zero(words[i]));
    }
    return kWantedLimit;
  }
};

// The wanted values one at a time, smallest first, each removed when `has_split(v)` says some split
// has it, until one has none: returns that value + 1, or kWantedLimit when all were found (the
// bound of find_wanted_pairs).
template <typename HasSplit>
std::uint32_t find_one_by_one(WantedValues& wanted, HasSplit has_split) {
  while (wanted.count != 0) {
    const std::uint32_t v = wanted.smallest();
    if (!has_split(v)) return v + 1;
    wanted.remove(v);
  }
  return kWantedLimit;
}

// Whether this processor runs the vector search (AVX-512BW), and the one on byte tables (also
// AVX-512 VBMI, for byte permutes, and BITALG, for bit shuffles).
bool vector_pair_search_supported();
bool vector_byte_search_supported();

// Removes from `wanted` the values of splits (a, m - a), a in [lo, hi) (hi ≤ m - hi + 1, so that
// a < m - a or a = m - a; lo ≥ 1). Returns a bound B: every value below B still in `wanted`
// afterwards has no such split. With `vector` (and vector_pair_search_supported()) the splits are
// scanned once, until no value is wanted, and B is kWantedLimit; otherwise the values are searched
// one at a time, smallest first, stopping at the first that has no split (B is that value + 1).
std::uint32_t find_wanted_pairs(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                                std::uint64_t hi, WantedValues& wanted, bool vector);
// The same on a byte table (wanted values or codes below 256, with vector_byte_search_supported()
// for the joint scan), of codes with `classes` (as find_pair_bytes).
std::uint32_t find_wanted_pairs(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                                std::uint64_t hi, WantedValues& wanted, bool vector,
                                const RareBits* classes);

// Sets marks[x] = 1 for the split (a, m - a) of every a in [lo, hi) (1 ≤ lo, hi ≤ m - hi), x being
// g[a] ^ g[m - a], plus 256 when `classes` are given and the parts' classes differ (the index of
// a split in a set of codes). 64 splits a step with `vector` where vector_byte_search_supported().
void mark_splits_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                       std::uint8_t* marks, const RareBits* classes, bool vector);

// The splits (a, m - a), a in [lo, hi), of a byte table held aside rather than marked in a set
// (the prefix splits a block stretch computes last: sparse_blocks.h): for each, the index
// mark_splits_bytes would mark, as its low eight bits (entries) and its bitmap word (words: index /
// 64). held_in then says which of a few missing indices they hold: most of their indices are
// rare values no search needs, so looking the few up costs less than a store a split.
inline constexpr std::uint64_t kMaxHeldSplits = 128;
struct HeldSplits {
  alignas(64) std::uint8_t entries[kMaxHeldSplits];
  alignas(64) std::uint8_t words[kMaxHeldSplits];
  std::uint64_t lanes[kMaxHeldSplits / 64] = {};  // the entries in use
};
// Fills `held` with the splits a in [lo, hi) (1 ≤ lo, hi - lo ≤ kMaxHeldSplits, hi ≤ m - hi), as
// mark_splits_bytes: 64 splits a step with `vector` where vector_byte_search_supported().
void hold_splits_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                       const RareBits* classes, bool vector, HeldSplits& held);
// The bits i of `bits` whose index 64w + i is a held split's. With `vector` where
// vector_byte_search_supported(), a bit shuffle looks up 64 held splits at once; the cost grows
// with the bits found.
std::uint64_t held_in(const HeldSplits& held, std::size_t w, std::uint64_t bits, bool vector);

// For each of `count` rare heaps r = heaps[i] of value values[i] and each j < 16: marks
// base[j * stride + (values[i] ^ g[m0 - r + j])]: the splits (r, m0 + j - r) of 16 consecutive
// split sets, whose marks start stride bytes apart.
template <typename V>
void mark_batch(const V* g, std::uint64_t m0, const std::uint64_t* heaps,
                const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                std::size_t stride) {
  for (std::size_t i = 0; i < count; ++i) {
    const V* row = g + (m0 - heaps[i]);
    std::uint8_t* mark = base;
    for (std::size_t j = 0; j < 16; ++j, mark += stride) mark[values[i] ^ row[j]] = 1;
  }
}

// mark_batch with a stride known at compile time, on byte or 16-bit tables: each mark is one
// store at a constant displacement from base, its index taken by a shift from a 64-bit load of
// eight or four values. (Offsets computed in a vector register cost a two-operation extract
// each, or a store-to-load forward that fails: Grundy's game to 2^22 marked in 2.1 s that way,
// 1.7 s this way.)
template <std::size_t kStride, class V>
void mark_batch_fixed(const V* g, std::uint64_t m0, const std::uint64_t* heaps,
                      const std::uint32_t* values, std::size_t count, std::uint8_t* base) {
  static_assert(std::is_same_v<V, std::uint8_t> || std::is_same_v<V, std::uint16_t>);
  constexpr std::size_t kLanes = sizeof(std::uint64_t) / sizeof(V);  // values per load
  constexpr unsigned kBits = 8 * sizeof(V);
  constexpr std::uint64_t kMask = (std::uint64_t{1} << kBits) - 1;
  constexpr std::uint64_t kEach = ~std::uint64_t{0} / kMask;  // 0x0101... or 0x00010001...
  for (std::size_t i = 0; i < count; ++i) {
    const V* row = g + (m0 - heaps[i]);
    const std::uint64_t u = values[i] * kEach;
    for (std::size_t q = 0; q < 16 / kLanes; ++q) {
      std::uint64_t w;
      std::memcpy(&w, row + kLanes * q, sizeof w);
      w ^= u;
      std::uint8_t* mark = base + kLanes * q * kStride;
      for (std::size_t k = 0; k < kLanes; ++k) mark[k * kStride + (w >> (kBits * k) & kMask)] = 1;
    }
  }
}

// mark_batch for values below 128 (stride at most 256 + 64) with AVX-512: each set's marks
// gathered in a bitmap in registers (two 64-bit lanes per set), one vector shift and OR per rare
// heap and 64 values instead of a store per set; the bitmaps are then stored as bytes. The values
// marked are below (stride - 64) / 2, as with State::set_stride. Falls back to the plain loop
// where the processor lacks AVX-512 (vector_pair_search_supported()).
void mark_batch_narrow(const std::uint16_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                       const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                       std::size_t stride);
void mark_batch_narrow(const std::uint8_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                       const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                       std::size_t stride);

// mark_batch on a byte table, with AVX-512 (vector_pair_search_supported()), for the indices below
// kLowIndices only: each set's marks of those gathered in registers (one 32-bit lane per set and
// 32 indices), stored as bytes at the end; marks of higher indices are left out (complete_rows
// adds them to the sets whose stop reaches them). Several times faster than a store per mark
// (Officers' 1583 rows per batch: 1.8 ns a row with 128 indices against 7.9 ns). 160 indices:
// Officers' stops, common codes below 160 (values below 320), and Grundy's game's, values below
// 160, need no completion; Officers to 2^22 3.18 s with 128, 2.98 s with 160, 3.14 s with 192
// (six words a row); Grundy's game 2.84, 2.36 and 2.48 s.
inline constexpr std::uint32_t kLowIndices = 160;
// With `lanes`, row i marks only the sets j whose bit j of lanes[i] is set.
void mark_batch_low(const std::uint8_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                    const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                    std::size_t stride, const std::uint16_t* lanes = nullptr);

// With `vector`, sets of values below 128 are marked by mark_batch_narrow (which itself falls
// back where the processor lacks AVX-512). On 16-bit or byte tables (values below 256, strides
// 64 .. 256 plus 64, or codes, 512 + 64).
template <typename V>
void mark_batch(const V* g, std::uint64_t m0, const std::uint64_t* heaps,
                const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                std::size_t stride, bool vector) {
  static_assert(sizeof(V) <= 2);
  if (vector && stride <= 256 + 64) {
    return mark_batch_narrow(g, m0, heaps, values, count, base, stride);
  }
  // The strides of value ranges of 64 .. 1024 (State::set_stride).
  switch (stride) {
    case 64 + 64:
      return mark_batch_fixed<64 + 64>(g, m0, heaps, values, count, base);
    case 128 + 64:
      return mark_batch_fixed<128 + 64>(g, m0, heaps, values, count, base);
    case 256 + 64:
      return mark_batch_fixed<256 + 64>(g, m0, heaps, values, count, base);
    case 512 + 64:
      return mark_batch_fixed<512 + 64>(g, m0, heaps, values, count, base);
    case 1024 + 64:
      if constexpr (sizeof(V) == 2)
        return mark_batch_fixed<1024 + 64>(g, m0, heaps, values, count, base);
      [[fallthrough]];
    default:
      return mark_batch<V>(g, m0, heaps, values, count, base, stride);
  }
}

// Bit i of the result (value v = 16c + i, i < 16): none of the `count` byte-mark arrays has
// sets[k][v] nonzero. One 16-byte load per array with SSE2.
inline std::uint32_t missing_values(const std::uint8_t* const* sets, std::size_t count,
                                    std::size_t c) {
#if defined(__SSE2__)
  __m128i any = _mm_setzero_si128();
  for (std::size_t k = 0; k < count; ++k) {
    any = _mm_or_si128(any, _mm_loadu_si128(reinterpret_cast<const __m128i*>(sets[k] + 16 * c)));
  }
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())));
#else
  std::uint32_t bits = 0;
  for (std::size_t i = 0; i < 16; ++i) {
    bool any = false;
    for (std::size_t k = 0; k < count; ++k) any = any || sets[k][16 * c + i] != 0;
    if (!any) bits |= 1u << i;
  }
  return bits;
#endif
}

// Bit i of the result (index 64w + i): none of the `count` byte-mark arrays has sets[k][64w + i]
// nonzero. One 64-byte load per array with `vector` (AVX-512, vector_pair_search_supported()),
// else missing_values four times.
std::uint64_t missing_word_vector(const std::uint8_t* const* sets, std::size_t count,
                                  std::size_t w);
inline std::uint64_t missing_word(const std::uint8_t* const* sets, std::size_t count, std::size_t w,
                                  bool vector) {
  if (vector) return missing_word_vector(sets, count, w);
  std::uint64_t bits = 0;
  for (std::size_t c = 0; c < 4; ++c) {
    bits |= std::uint64_t{missing_values(sets, count, 4 * w + c)} << (16 * c);
  }
  return bits;
}

// Sets marks[64w + i] = 1 for every bit i of bits[w], w < words, keeping the other marks: one
// masked 64-byte store per word with `vector` (AVX-512, vector_pair_search_supported()), else one
// store per bit.
void mark_bits_vector(std::uint8_t* marks, const std::uint64_t* bits, std::size_t words);
inline void mark_bits(std::uint8_t* marks, const std::uint64_t* bits, std::size_t words,
                      bool vector) {
  if (vector) return mark_bits_vector(marks, bits, words);
  for (std::size_t w = 0; w < words; ++w) {
    for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) {
      marks[64 * w + static_cast<std::size_t>(std::countr_zero(b))] = 1;
    }
  }
}

}  // namespace nimkit::detail
