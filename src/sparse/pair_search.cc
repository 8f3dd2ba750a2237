#include "pair_search.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define NIMKIT_VECTOR_PAIRS 1
#endif

namespace nimkit::detail {

namespace {

#if defined(NIMKIT_VECTOR_PAIRS)

#define NIMKIT_AVX512 __attribute__((target("avx512f,avx512bw")))

// The values g[a + i] ^ g[m - a - i], i = 0..31.
NIMKIT_AVX512 inline __m512i split_values(const std::uint16_t* g, std::uint64_t m,
                                          std::uint64_t a) {
  const __m512i reverse =
      _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                       22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m512i low = _mm512_loadu_si512(g + a);
  const __m512i high = _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + (m - a - 31)));
  return _mm512_xor_si512(low, high);
}

// The lanes of x (values below kWantedLimit) whose value is set in the 512-bit table.
NIMKIT_AVX512 inline __mmask32 wanted_lanes(__m512i x, __m512i table) {
  const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(x, 4), table);
  const __m512i bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, _mm512_set1_epi16(15)));
  return _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1));
}

// Clears the values of the hit lanes (hits != 0) from the table, in the registers: each value is
// moved to every lane by a permute, which finds its word and bit (a store of the lanes and a scalar
// reload would wait on a store forward). A value twice in one step is cleared twice.
NIMKIT_AVX512 inline void clear_hits(__mmask32 hits, __m512i x, __m512i& table) {
  const __m512i words = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                         16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  do {
    const __m512i v =
        _mm512_permutexvar_epi16(_mm512_set1_epi16(static_cast<short>(std::countr_zero(hits))), x);
    const __mmask32 word = _mm512_cmpeq_epi16_mask(_mm512_srli_epi16(v, 4), words);
    const __m512i bit =
        _mm512_sllv_epi16(_mm512_set1_epi16(1), _mm512_and_si512(v, _mm512_set1_epi16(15)));
    table = _mm512_xor_si512(table, _mm512_and_si512(_mm512_maskz_mov_epi16(word, bit), table));
    hits &= hits - 1;
  } while (hits != 0);
}

NIMKIT_AVX512 inline bool empty(__m512i table) { return _mm512_test_epi16_mask(table, table) == 0; }

// The scan itself, on the table in a register; returns the table left.
NIMKIT_AVX512 __m512i scan_vector(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                                  std::uint64_t hi, __m512i table) {
  std::uint64_t a = lo;
  // Four steps per iteration: one branch for 128 splits.
  for (; a + 128 <= hi; a += 128) {
    const __m512i x0 = split_values(g, m, a);
    const __m512i x1 = split_values(g, m, a + 32);
    const __m512i x2 = split_values(g, m, a + 64);
    const __m512i x3 = split_values(g, m, a + 96);
    const __mmask32 h0 = wanted_lanes(x0, table);
    const __mmask32 h1 = wanted_lanes(x1, table);
    const __mmask32 h2 = wanted_lanes(x2, table);
    const __mmask32 h3 = wanted_lanes(x3, table);
    if ((h0 | h1 | h2 | h3) == 0) continue;
    if (h0 != 0) clear_hits(h0, x0, table);
    if (h1 != 0) clear_hits(h1, x1, table);
    if (h2 != 0) clear_hits(h2, x2, table);
    if (h3 != 0) clear_hits(h3, x3, table);
    if (empty(table)) return table;
  }
  for (; a < hi; a += 32) {
    const __m512i x = split_values(g, m, a);
    __mmask32 hits = wanted_lanes(x, table);
    if (hi - a < 32) hits &= (__mmask32{1} << (hi - a)) - 1;
    if (hits == 0) continue;
    clear_hits(hits, x, table);
    if (empty(table)) return table;
  }
  return table;
}

NIMKIT_AVX512 void find_all_vector(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                                   std::uint64_t hi, WantedValues& wanted) {
  _mm512_store_si512(wanted.words, scan_vector(g, m, lo, hi, _mm512_load_si512(wanted.words)));
  wanted.count = 0;
  for (const std::uint16_t word : wanted.words) {
    wanted.count += static_cast<std::uint32_t>(std::popcount(word));
  }
}

// The first a in [lo, hi) whose split has value v, or hi.
NIMKIT_AVX512 std::uint64_t find_one_vector(const std::uint16_t* g, std::uint64_t m,
                                            std::uint64_t lo, std::uint64_t hi, std::uint32_t v) {
  const __m512i target = _mm512_set1_epi16(static_cast<short>(v));
  for (std::uint64_t a = lo; a < hi; a += 32) {
    __mmask32 hits = _mm512_cmpeq_epi16_mask(split_values(g, m, a), target);
    if (hi - a < 32) hits &= (__mmask32{1} << (hi - a)) - 1;
    if (hits != 0) return a + static_cast<std::uint64_t>(std::countr_zero(hits));
  }
  return hi;
}

// The 16 values values ^ g[row .. row + 15], widened to two vectors of eight 64-bit lanes.
NIMKIT_AVX512 inline void row_lanes(const std::uint16_t* row, std::uint32_t value, __m512i x[2]) {
  const __m256i r = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(row)),
                                     _mm256_set1_epi16(static_cast<short>(value)));
  // (The maskz forms with every lane: GCC 12 warns of an uninitialized operand in the plain ones.)
  x[0] = _mm512_maskz_cvtepu16_epi64(0xFF, _mm256_castsi256_si128(r));
  x[1] = _mm512_maskz_cvtepu16_epi64(0xFF, _mm256_extracti128_si256(r, 1));
}
NIMKIT_AVX512 inline void row_lanes(const std::uint8_t* row, std::uint32_t value, __m512i x[2]) {
  const __m128i r = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row)),
                                  _mm_set1_epi8(static_cast<char>(value)));
  x[0] = _mm512_maskz_cvtepu8_epi64(0xFF, r);
  x[1] = _mm512_maskz_cvtepu8_epi64(0xFF, _mm_unpackhi_epi64(r, r));
}

// mark_batch_narrow's work: kWords bitmaps of 64 values per set.
template <int kWords, typename V>
NIMKIT_AVX512 void mark_narrow(const V* g, std::uint64_t m0, const std::uint64_t* heaps,
                               const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                               std::size_t stride) {
  static_assert(kWords == 1 || kWords == 2);
  const __m512i one = _mm512_set1_epi64(1);
  const __m512i sixty_four = _mm512_set1_epi64(64);
  // low[h]: values 0..63 of sets 8h .. 8h + 7, one 64-bit lane per set; high[h]: values 64..127.
  __m512i low[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
  __m512i high[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
  for (std::size_t i = 0; i < count; ++i) {
    __m512i x[2];
    row_lanes(g + (m0 - heaps[i]), values[i], x);
    for (int h = 0; h < 2; ++h) {
      // A shift by 64 or more gives 0: values of the other word set no bit.
      low[h] = _mm512_or_si512(low[h], _mm512_maskz_sllv_epi64(0xFF, one, x[h]));
      if constexpr (kWords == 2) {
        high[h] = _mm512_or_si512(
            high[h], _mm512_maskz_sllv_epi64(0xFF, one, _mm512_sub_epi64(x[h], sixty_four)));
      }
    }
  }
  alignas(64) std::uint64_t bits[2][16];
  _mm512_store_si512(bits[0], low[0]);
  _mm512_store_si512(bits[0] + 8, low[1]);
  if constexpr (kWords == 2) {
    _mm512_store_si512(bits[1], high[0]);
    _mm512_store_si512(bits[1] + 8, high[1]);
  }
  const __m512i ones = _mm512_set1_epi8(1);
  for (std::size_t j = 0; j < 16; ++j) {
    for (int w = 0; w < kWords; ++w) {
      _mm512_mask_storeu_epi8(base + j * stride + 64 * w, bits[w][j], ones);
    }
  }
}

#endif

}  // namespace

namespace {

#if defined(NIMKIT_VECTOR_PAIRS)
// mark_batch_low's work: acc[w] holds indices 32w .. 32w + 31 of the 16 sets, a lane per set.
NIMKIT_AVX512 void mark_low(const std::uint8_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                            const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                            std::size_t stride, const std::uint16_t* lanes) {
  constexpr int kWords = kLowIndices / 32;
  const __m512i one = _mm512_set1_epi32(1);
  __m512i acc[kWords];
  for (int w = 0; w < kWords; ++w) acc[w] = _mm512_setzero_si512();
  for (std::size_t i = 0; i < count; ++i) {
    const __m128i row =
        _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(g + (m0 - heaps[i]))),
                      _mm_set1_epi8(static_cast<char>(values[i])));
    // (The maskz forms with every lane: GCC 12 warns of an uninitialized operand in the plain
    // ones.) A shift by 32 or more gives 0: indices of other words set no bit.
    const __m512i x = _mm512_maskz_cvtepu8_epi32(0xFFFF, row);
    // The bit of x in its word (a rotate takes x mod 32), ORed into the word x / 32.
    const __m512i bit = _mm512_maskz_rolv_epi32(0xFFFF, one, x);
    const __m512i word = _mm512_maskz_srli_epi32(0xFFFF, x, 5);
    const __mmask16 sets = lanes == nullptr ? 0xFFFF : lanes[i];
    for (int w = 0; w < kWords; ++w) {
      acc[w] = _mm512_mask_or_epi32(
          acc[w], _mm512_mask_cmpeq_epi32_mask(sets, word, _mm512_set1_epi32(w)), acc[w], bit);
    }
  }
  alignas(64) std::uint32_t bits[kWords + 1][16] = {};
  for (int w = 0; w < kWords; ++w) _mm512_store_si512(bits[w], acc[w]);
  const __m512i ones = _mm512_set1_epi8(1);
  for (std::size_t j = 0; j < 16; ++j) {
    for (int w = 0; w < kWords; w += 2) {
      _mm512_mask_storeu_epi8(base + j * stride + 32 * w,
                              bits[w][j] | std::uint64_t{bits[w + 1][j]} << 32, ones);
    }
  }
}
#endif

template <typename V>
void mark_narrow_or_plain(const V* g, std::uint64_t m0, const std::uint64_t* heaps,
                          const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                          std::size_t stride) {
#if defined(NIMKIT_VECTOR_PAIRS)
  if (vector_pair_search_supported()) {
    if (stride <= 128 + 64) return mark_narrow<1>(g, m0, heaps, values, count, base, stride);
    return mark_narrow<2>(g, m0, heaps, values, count, base, stride);
  }
#endif
  mark_batch<V>(g, m0, heaps, values, count, base, stride);
}

}  // namespace

void mark_batch_low(const std::uint8_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                    const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                    std::size_t stride, const std::uint16_t* lanes) {
#if defined(NIMKIT_VECTOR_PAIRS)
  if (vector_pair_search_supported()) {
    return mark_low(g, m0, heaps, values, count, base, stride, lanes);
  }
#endif
  // (Callers use it with the vector search only; every mark is a correct one all the same.)
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* row = g + (m0 - heaps[i]);
    for (std::size_t j = 0; j < 16; ++j) {
      if (lanes == nullptr || (lanes[i] >> j & 1) != 0) base[j * stride + (values[i] ^ row[j])] = 1;
    }
  }
}

void mark_batch_narrow(const std::uint16_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                       const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                       std::size_t stride) {
  mark_narrow_or_plain(g, m0, heaps, values, count, base, stride);
}

void mark_batch_narrow(const std::uint8_t* g, std::uint64_t m0, const std::uint64_t* heaps,
                       const std::uint32_t* values, std::size_t count, std::uint8_t* base,
                       std::size_t stride) {
  mark_narrow_or_plain(g, m0, heaps, values, count, base, stride);
}

#if defined(NIMKIT_VECTOR_PAIRS)
namespace {
NIMKIT_AVX512 std::uint64_t missing_word_avx512(const std::uint8_t* const* sets, std::size_t count,
                                                std::size_t w) {
  __m512i any = _mm512_setzero_si512();
  for (std::size_t k = 0; k < count; ++k) {
    any = _mm512_or_si512(any, _mm512_loadu_si512(sets[k] + 64 * w));
  }
  return _mm512_cmpeq_epi8_mask(any, _mm512_setzero_si512());
}

NIMKIT_AVX512 void mark_bits_avx512(std::uint8_t* marks, const std::uint64_t* bits,
                                    std::size_t words) {
  const __m512i ones = _mm512_set1_epi8(1);
  for (std::size_t w = 0; w < words; ++w) _mm512_mask_storeu_epi8(marks + 64 * w, bits[w], ones);
}
}  // namespace
#endif

void mark_bits_vector(std::uint8_t* marks, const std::uint64_t* bits, std::size_t words) {
#if defined(NIMKIT_VECTOR_PAIRS)
  if (vector_pair_search_supported()) return mark_bits_avx512(marks, bits, words);
#endif
  mark_bits(marks, bits, words, false);
}

std::uint64_t missing_word_vector(const std::uint8_t* const* sets, std::size_t count,
                                  std::size_t w) {
#if defined(NIMKIT_VECTOR_PAIRS)
  if (vector_pair_search_supported()) return missing_word_avx512(sets, count, w);
#endif
  return missing_word(sets, count, w, false);
}

std::uint64_t find_pair_vector(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                               std::uint64_t hi, std::uint32_t v) {
#if defined(NIMKIT_VECTOR_PAIRS)
  if (m >= 64 && vector_pair_search_supported()) return find_one_vector(g, m, lo, hi, v);
#endif
  return find_pair(g, m, lo, hi, v);
}

bool vector_pair_search_supported() {
#if defined(NIMKIT_VECTOR_PAIRS)
  static const bool supported =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
  return supported;
#else
  return false;
#endif
}

std::uint32_t find_wanted_pairs(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo,
                                std::uint64_t hi, WantedValues& wanted,
                                [[maybe_unused]] bool vector) {
  if (wanted.count == 0 || lo >= hi) return kWantedLimit;
#if defined(NIMKIT_VECTOR_PAIRS)
  // Both loads of a step stay inside g[0 .. m - 1] once m ≥ 64 (a + 31 < m and m - a - 31 ≥ 0).
  if (vector && m >= 64 && vector_pair_search_supported()) {
    find_all_vector(g, m, lo, hi, wanted);
    return kWantedLimit;
  }
#endif
  return find_one_by_one(wanted, [&](std::uint32_t v) { return find_pair(g, m, lo, hi, v) < hi; });
}

}  // namespace nimkit::detail
