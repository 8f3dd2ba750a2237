// The searches of pair_search.h on byte tables: values below 256, or codes (value_table.h), where a
// split counts only when its parts' classes agree (a rare value's code is searched for, and a
// split of parts of different classes has a common value whatever its code).
#include <algorithm>
#include <bit>
#include <cstring>

#include "pair_search.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define NIMKIT_VECTOR_BYTES 1
#endif

namespace nimkit::detail {

namespace {

// Whether the split (a, m - a) counts: always on a table of values.
bool same_class(const RareBits* classes, std::uint64_t a, std::uint64_t b) {
  return classes == nullptr || classes->rare(a) == classes->rare(b);
}

std::uint64_t find_pair_scalar(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                               std::uint64_t hi, std::uint32_t x, const RareBits* classes) {
  if (classes == nullptr) return find_pair(g, m, lo, hi, x);
  for (std::uint64_t a = lo; a < hi; ++a) {
    if (static_cast<std::uint32_t>(g[a] ^ g[m - a]) == x && same_class(classes, a, m - a)) {
      return a;
    }
  }
  return hi;
}

#if defined(NIMKIT_VECTOR_BYTES)

#define NIMKIT_AVX512_BYTES __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512bitalg")))

// The entries g[a + i] ^ g[m - a - i], i = 0..63.
NIMKIT_AVX512_BYTES inline __m512i split_entries(const std::uint8_t* g, std::uint64_t m,
                                                 std::uint64_t a) {
  const __m512i reverse = _mm512_set_epi8(
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
      26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
      49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
  const __m512i low = _mm512_loadu_si512(g + a);
  const __m512i high =
      _mm512_maskz_permutexvar_epi8(~__mmask64{0}, reverse, _mm512_loadu_si512(g + (m - a - 63)));
  return _mm512_xor_si512(low, high);
}

// The lanes i whose parts a + i and m - a - i are of different classes (none on a table of
// values): the bits of the lower parts, and those of the upper parts reversed by a bit shuffle.
NIMKIT_AVX512_BYTES inline __mmask64 mixed_lanes(const RareBits* classes, std::uint64_t m,
                                                 std::uint64_t a) {
  if (classes == nullptr) return 0;
  const std::uint64_t limit = classes->limit();
  const std::uint64_t top = m - a - 63;  // the upper part of lane 63
  __mmask64 mixed = a < limit ? classes->bits_from(a) : 0;
  if (top < limit) {
    const __m512i indices = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
    const __m512i bits = _mm512_set1_epi64(static_cast<long long>(classes->bits_from(top)));
    mixed ^= _mm512_bitshuffle_epi64_mask(bits, indices);
  }
  return mixed;
}

// The lanes of x whose entry is set in the 256-bit table (its low 32 bytes): byte x >> 3, bit
// x & 7.
NIMKIT_AVX512_BYTES inline __mmask64 wanted_lanes(__m512i x, __m512i table) {
  const __m512i bit_of = _mm512_set4_epi32(0, 0, static_cast<int>(0x80402010), 0x08040201);
  const __m512i byte = _mm512_maskz_permutexvar_epi8(
      ~__mmask64{0}, _mm512_and_si512(_mm512_srli_epi16(x, 3), _mm512_set1_epi8(31)), table);
  const __m512i bit = _mm512_shuffle_epi8(bit_of, _mm512_and_si512(x, _mm512_set1_epi8(7)));
  return _mm512_test_epi8_mask(byte, bit);
}

// Clears the entries of the hit lanes from the table, in the registers (as the 16-bit search).
NIMKIT_AVX512_BYTES inline void clear_hits(__mmask64 hits, __m512i x, __m512i& table) {
  const __m512i bytes = _mm512_set_epi8(
      63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
      40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
      17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i bit_of = _mm512_set4_epi32(0, 0, static_cast<int>(0x80402010), 0x08040201);
  do {
    const __m512i v = _mm512_maskz_permutexvar_epi8(
        ~__mmask64{0}, _mm512_set1_epi8(static_cast<char>(std::countr_zero(hits))), x);
    const __mmask64 byte = _mm512_cmpeq_epi8_mask(
        _mm512_and_si512(_mm512_srli_epi16(v, 3), _mm512_set1_epi8(31)), bytes);
    const __m512i bit = _mm512_shuffle_epi8(bit_of, _mm512_and_si512(v, _mm512_set1_epi8(7)));
    table = _mm512_maskz_andnot_epi32(0xFFFF, _mm512_maskz_mov_epi8(byte, bit), table);
    hits &= hits - 1;
  } while (hits != 0);
}

NIMKIT_AVX512_BYTES inline bool empty(__m512i table) {
  return _mm512_test_epi8_mask(table, table) == 0;
}

// The joint scan on the table in a register; returns the table left.
NIMKIT_AVX512_BYTES __m512i scan_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                                       std::uint64_t hi, __m512i table, const RareBits* classes) {
  std::uint64_t a = lo;
  // Two steps per iteration: one branch for 128 splits.
  for (; a + 128 <= hi; a += 128) {
    const __m512i x0 = split_entries(g, m, a);
    const __m512i x1 = split_entries(g, m, a + 64);
    const __mmask64 h0 = wanted_lanes(x0, table) & ~mixed_lanes(classes, m, a);
    const __mmask64 h1 = wanted_lanes(x1, table) & ~mixed_lanes(classes, m, a + 64);
    if ((h0 | h1) == 0) continue;
    if (h0 != 0) clear_hits(h0, x0, table);
    if (h1 != 0) clear_hits(h1, x1, table);
    if (empty(table)) return table;
  }
  for (; a < hi; a += 64) {
    const __m512i x = split_entries(g, m, a);
    __mmask64 hits = wanted_lanes(x, table) & ~mixed_lanes(classes, m, a);
    if (hi - a < 64) hits &= (__mmask64{1} << (hi - a)) - 1;
    if (hits == 0) continue;
    clear_hits(hits, x, table);
    if (empty(table)) return table;
  }
  return table;
}

// Wanted entries of 256 and more (values a byte table cannot reach) stay wanted.
NIMKIT_AVX512_BYTES void find_all_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                                        std::uint64_t hi, WantedValues& wanted,
                                        const RareBits* classes) {
  // The 256 bits of the table, the upper half zero (empty() tests every byte), in a copy of the
  // words loaded and stored whole.
  alignas(64) std::uint16_t words[32] = {};
  std::memcpy(words, wanted.words, 32);
  _mm512_store_si512(words, scan_bytes(g, m, lo, hi, _mm512_load_si512(words), classes));
  std::memcpy(wanted.words, words, 32);
  std::uint64_t left[kWantedLimit / 64];
  std::memcpy(left, wanted.words, sizeof left);
  wanted.count = 0;
  for (const std::uint64_t word : left) {
    wanted.count += static_cast<std::uint32_t>(std::popcount(word));
  }
}

// The first a in [lo, hi) whose split has entry x (and parts of one class), or hi.
NIMKIT_AVX512_BYTES std::uint64_t find_one_bytes(const std::uint8_t* g, std::uint64_t m,
                                                 std::uint64_t lo, std::uint64_t hi,
                                                 std::uint32_t x, const RareBits* classes) {
  const __m512i target = _mm512_set1_epi8(static_cast<char>(x));
  for (std::uint64_t a = lo; a < hi; a += 64) {
    __mmask64 hits = _mm512_cmpeq_epi8_mask(split_entries(g, m, a), target);
    if (hi - a < 64) hits &= (__mmask64{1} << (hi - a)) - 1;
    if (hits != 0) hits &= ~mixed_lanes(classes, m, a);
    if (hits != 0) return a + static_cast<std::uint64_t>(std::countr_zero(hits));
  }
  return hi;
}

// mark_splits_bytes 64 splits a step: the entries in a register, stored one by one.
NIMKIT_AVX512_BYTES void mark_splits_vector(const std::uint8_t* g, std::uint64_t m,
                                            std::uint64_t lo, std::uint64_t hi, std::uint8_t* marks,
                                            const RareBits* classes) {
  // The indices as 16-bit words (the entry, and 1 above it in the mixed lanes), the bytes
  // interleaved by two permutes: a load and a store a split.
  alignas(64) std::uint16_t indices[64];
  const __m512i first_half = _mm512_set_epi8(
      95, 31, 94, 30, 93, 29, 92, 28, 91, 27, 90, 26, 89, 25, 88, 24, 87, 23, 86, 22, 85, 21, 84,
      20, 83, 19, 82, 18, 81, 17, 80, 16, 79, 15, 78, 14, 77, 13, 76, 12, 75, 11, 74, 10, 73, 9, 72,
      8, 71, 7, 70, 6, 69, 5, 68, 4, 67, 3, 66, 2, 65, 1, 64, 0);
  const __m512i second_half =
      _mm512_set_epi8(127, 63, 126, 62, 125, 61, 124, 60, 123, 59, 122, 58, 121, 57, 120, 56, 119,
                      55, 118, 54, 117, 53, 116, 52, 115, 51, 114, 50, 113, 49, 112, 48, 111, 47,
                      110, 46, 109, 45, 108, 44, 107, 43, 106, 42, 105, 41, 104, 40, 103, 39, 102,
                      38, 101, 37, 100, 36, 99, 35, 98, 34, 97, 33, 96, 32);
  for (std::uint64_t a = lo; a < hi; a += 64) {
    const __m512i x = split_entries(g, m, a);
    const __m512i above = _mm512_maskz_set1_epi8(mixed_lanes(classes, m, a), 1);
    _mm512_store_si512(indices, _mm512_permutex2var_epi8(x, first_half, above));
    _mm512_store_si512(indices + 32, _mm512_permutex2var_epi8(x, second_half, above));
    const std::uint64_t lanes = std::min<std::uint64_t>(64, hi - a);
    for (std::uint64_t i = 0; i < lanes; ++i) marks[indices[i]] = 1;
  }
}

// hold_splits_bytes 64 splits a step.
NIMKIT_AVX512_BYTES void hold_splits_vector(const std::uint8_t* g, std::uint64_t m,
                                            std::uint64_t lo, std::uint64_t hi,
                                            const RareBits* classes, HeldSplits& held) {
  for (std::uint64_t a = lo, h = 0; a < hi; a += 64, ++h) {
    const __m512i x = split_entries(g, m, a);
    // Index / 64: the entry's top two bits, plus 4 in the mixed lanes (index + 256).
    const __m512i word = _mm512_and_si512(_mm512_srli_epi16(x, 6), _mm512_set1_epi8(3));
    _mm512_store_si512(held.entries + 64 * h, x);
    _mm512_store_si512(held.words + 64 * h, _mm512_mask_add_epi8(word, mixed_lanes(classes, m, a),
                                                                 word, _mm512_set1_epi8(4)));
    held.lanes[h] = hi - a >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (hi - a)) - 1;
  }
}

// held_in: the lanes of word w whose entry selects a set bit of `bits` (a bit shuffle of `bits`
// broadcast), and their bits.
NIMKIT_AVX512_BYTES std::uint64_t held_in_vector(const HeldSplits& held, std::size_t w,
                                                 std::uint64_t bits) {
  const __m512i word = _mm512_set1_epi8(static_cast<char>(w));
  const __m512i table = _mm512_set1_epi64(static_cast<long long>(bits));
  std::uint64_t found = 0;
  for (std::size_t h = 0; h < kMaxHeldSplits / 64; ++h) {
    const __mmask64 lanes =
        _mm512_mask_cmpeq_epi8_mask(held.lanes[h], _mm512_load_si512(held.words + 64 * h), word);
    for (__mmask64 hits = _mm512_mask_bitshuffle_epi64_mask(
             lanes, table, _mm512_load_si512(held.entries + 64 * h));
         hits != 0; hits &= hits - 1) {
      found |= std::uint64_t{1} << (held.entries[64 * h + std::countr_zero(hits)] & 63);
    }
  }
  return found;
}

#endif

}  // namespace

void mark_splits_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                       std::uint8_t* marks, const RareBits* classes, [[maybe_unused]] bool vector) {
#if defined(NIMKIT_VECTOR_BYTES)
  if (vector && m >= hi + 128 && vector_byte_search_supported()) {
    return mark_splits_vector(g, m, lo, hi, marks, classes);
  }
#endif
  for (std::uint64_t a = lo; a < hi; ++a) {
    const bool mixed = !same_class(classes, a, m - a);
    marks[(g[a] ^ g[m - a]) + (mixed ? 256u : 0u)] = 1;
  }
}

void hold_splits_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                       const RareBits* classes, [[maybe_unused]] bool vector, HeldSplits& held) {
  held.lanes[0] = held.lanes[1] = 0;
#if defined(NIMKIT_VECTOR_BYTES)
  if (vector && m >= hi + 128 && vector_byte_search_supported()) {
    return hold_splits_vector(g, m, lo, hi, classes, held);
  }
#endif
  for (std::uint64_t a = lo; a < hi; ++a) {
    const std::uint64_t i = a - lo;
    const std::uint32_t x = g[a] ^ g[m - a];
    const bool mixed = !same_class(classes, a, m - a);
    held.entries[i] = static_cast<std::uint8_t>(x);
    held.words[i] = static_cast<std::uint8_t>((x >> 6) + (mixed ? 4 : 0));
    held.lanes[i / 64] |= std::uint64_t{1} << (i % 64);
  }
}

std::uint64_t held_in(const HeldSplits& held, std::size_t w, std::uint64_t bits,
                      [[maybe_unused]] bool vector) {
  if (bits == 0) return 0;
#if defined(NIMKIT_VECTOR_BYTES)
  if (vector && vector_byte_search_supported()) return held_in_vector(held, w, bits);
#endif
  std::uint64_t found = 0;
  for (std::size_t i = 0; i < kMaxHeldSplits; ++i) {
    if ((held.lanes[i / 64] >> (i % 64) & 1) != 0 && held.words[i] == w) {
      found |= bits & std::uint64_t{1} << (held.entries[i] & 63);
    }
  }
  return found;
}

bool vector_byte_search_supported() {
#if defined(NIMKIT_VECTOR_BYTES)
  static const bool supported = vector_pair_search_supported() &&
                                __builtin_cpu_supports("avx512vbmi") &&
                                __builtin_cpu_supports("avx512bitalg");
  return supported;
#else
  return false;
#endif
}

std::uint64_t find_pair_bytes(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                              std::uint64_t hi, std::uint32_t x, const RareBits* classes,
                              [[maybe_unused]] bool vector) {
  if (x >= 256 || lo >= hi) return hi;
#if defined(NIMKIT_VECTOR_BYTES)
  // Both loads of a step stay inside g[0 .. m - 1] once m ≥ 128 (a + 63 < m, m - a - 63 ≥ 0).
  if (vector && m >= 128 && vector_byte_search_supported()) {
    return find_one_bytes(g, m, lo, hi, x, classes);
  }
#endif
  return find_pair_scalar(g, m, lo, hi, x, classes);
}

std::uint32_t find_wanted_pairs(const std::uint8_t* g, std::uint64_t m, std::uint64_t lo,
                                std::uint64_t hi, WantedValues& wanted,
                                [[maybe_unused]] bool vector, const RareBits* classes) {
  if (wanted.count == 0 || lo >= hi) return kWantedLimit;
#if defined(NIMKIT_VECTOR_BYTES)
  if (vector && m >= 128 && vector_byte_search_supported()) {
    find_all_bytes(g, m, lo, hi, wanted, classes);
    return kWantedLimit;
  }
#endif
  return find_one_by_one(
      wanted, [&](std::uint32_t x) { return find_pair_scalar(g, m, lo, hi, x, classes) < hi; });
}

}  // namespace nimkit::detail
