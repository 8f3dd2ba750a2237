// How the sparse kernel (sparse_kernel.h) stores its values: one byte per value while the values
// allow it, else 16 or 32 bits. Private to the library.
//
// Bytes hold the values themselves while every value is below 256. From 256 to 511 they hold an
// order-preserving 8-bit code of the value under the rare mask M (ValueCode): the value without its
// bit b, the lowest bit of M. A value's class (common when popcount(v & M) is odd) and its code
// give the value back, and every heap with a rare value is in the kernel's list of rare heaps
// (RareBits answers for one heap in O(1)), so the code table with that side list is exact. Codes
// of values of one class keep the values' order, and the code of a split is the XOR of its parts'
// codes, its class the XOR of their classes: the kernel marks and searches splits in codes.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <vector>

namespace nimkit::detail {

// An allocator of arrays that start a cache line: the per-slot arrays of the split sets, of
// which two threads write neighbouring ranges (sparse_blocks.h), share no line across a range that
// starts one.
template <typename T>
struct LineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kLine{64};
  LineAllocator() = default;
  template <typename U>
  explicit LineAllocator(const LineAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kLine)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kLine); }
  template <typename U>
  bool operator==(const LineAllocator<U>&) const {
    return true;
  }
};
template <typename T>
using LineVector = std::vector<T, LineAllocator<T>>;

// The value table: a growable array whose growth goes through std::realloc. For large blocks
// glibc moves the pages with mremap instead of copying them, so growing a table of N bytes does
// not hold old and new blocks (up to 2N) at once as std::vector's reallocation does: the memory
// stays at the bytes per value (prove_period grows the table several times).
template <typename V>
class ValueTable {
  static_assert(std::is_trivially_copyable_v<V>);

 public:
  ValueTable() = default;
  ValueTable(const ValueTable&) = delete;
  ValueTable& operator=(const ValueTable&) = delete;
  ~ValueTable() { std::free(data_); }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  const V* data() const { return data_; }
  V* data() { return data_; }
  V& operator[](std::size_t i) { return data_[i]; }
  const V& operator[](std::size_t i) const { return data_[i]; }

  void reserve(std::size_t n) {
    if (n > capacity_) reallocate(n);
  }
  void push_back(V value) {
    if (size_ == capacity_) reallocate(std::max<std::size_t>(16, 2 * capacity_));
    data_[size_++] = value;
  }
  // New elements are zero.
  void resize(std::size_t n) {
    reserve(n);
    if (n > size_) std::fill(data_ + size_, data_ + n, V{0});
    size_ = n;
  }
  void release() {
    std::free(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }

 private:
  void reallocate(std::size_t n) {
    void* grown = std::realloc(data_, n * sizeof(V));
    if (grown == nullptr) throw std::bad_alloc();
    data_ = static_cast<V*>(grown);
    capacity_ = n;
  }
  V* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// What the table holds: values below 256 as bytes, codes of values below 512 as bytes
// (ValueCode), or values in 16 or 32 bits.
enum class Storage : std::uint8_t { kBytes, kCoded, kShort, kWide };

inline int storage_bytes(Storage storage) {
  return storage == Storage::kWide ? 4 : storage == Storage::kShort ? 2 : 1;
}

// The 8-bit code of values below 512 under a rare mask M (not 0): a value without its bit b, the
// lowest bit of M. Among the values of one class the code keeps the order (values that differ
// above b differ there in their codes too; values that agree above b agree on every bit of M but
// b, so they agree on b too when their classes agree) — across classes it need not (257 and 258
// under bit 1: codes 129 and 128). code(x ^ y) = code(x) ^ code(y).
class ValueCode {
 public:
  ValueCode() = default;
  explicit ValueCode(std::uint32_t mask)
      : mask_(mask), bit_(std::countr_zero(mask)), low_((1u << bit_) - 1) {
    assert(mask != 0 && mask < 512);
  }

  std::uint32_t mask() const { return mask_; }
  bool common(std::uint32_t value) const { return (std::popcount(value & mask_) & 1) != 0; }
  std::uint8_t encode(std::uint32_t value) const {
    return static_cast<std::uint8_t>(((value >> (bit_ + 1)) << bit_) | (value & low_));
  }
  // The value of class `rare` (rare or common) whose code is `code`.
  std::uint32_t decode(std::uint32_t code, bool rare) const {
    const std::uint32_t without = ((code >> bit_) << (bit_ + 1)) | (code & low_);
    const bool odd = (std::popcount(without & mask_) & 1) != 0;
    return without | static_cast<std::uint32_t>(odd == rare) << bit_;
  }
  // Where a set of the coded kernel marks `value`: rare codes at 0 .. 255, common ones at 256 ..
  // 511 (a split of parts of different classes is common).
  std::uint32_t index(std::uint32_t value) const {
    return encode(value) + (common(value) ? 256u : 0u);
  }
  // The number of rare values below `value` (value ≤ 512): as the rare codes keep the values'
  // order, the rare codes below that number. A rare value's own code counts the rare values below
  // it. Below a common value v of code c: the rare codes that differ from c first above bit b are
  // below c there; those that agree with c above b decode to values that agree with v above b and
  // differ from it at b (the bits of M other than b are those above it), so they are all below v
  // when v has bit b, and none is otherwise (whatever their bits below b).
  std::uint32_t rare_below(std::uint32_t value) const {
    if (value >= 512) return 256;
    const std::uint32_t code = encode(value);
    if (!common(value)) return code;
    return (code & ~low_) + ((value >> bit_ & 1) != 0 ? low_ + 1 : 0);
  }

 private:
  std::uint32_t mask_ = 0;
  int bit_ = 0;
  std::uint32_t low_ = 0;
};

// Bit h: heap h has a rare value (heap 0 always: its value 0 is rare under every mask), for heaps
// below limit(); later heaps are common. Helper threads read bits of heaps the computing thread
// has published while it sets the bit of a new rare heap in the same word: the words are accessed
// atomically (relaxed; the publication of heaps orders them), by the GCC and clang builtins that
// std::atomic_ref is made of (emscripten's libc++ 14 has no atomic_ref). Two zero words follow the
// last, so that 64 bits from any heap below limit() can be read with two loads (bits_from).
class RareBits {
 public:
  std::uint64_t limit() const { return limit_.load(std::memory_order_relaxed); }
  // Room for heaps below `heaps` without moving the words (growing moves them: not while helper
  // threads read).
  bool fits(std::uint64_t heaps) const { return heaps <= 64 * (words_.size() - 2); }
  void reserve(std::uint64_t heaps) {
    const std::size_t need = static_cast<std::size_t>((heaps + 63) / 64) + 2;
    if (words_.size() < need) words_.resize(need, 0);
  }
  void clear() {
    std::fill(words_.begin(), words_.end(), 0);
    limit_.store(0, std::memory_order_relaxed);
  }
  // Marks heap h rare (h ≥ limit() - 1 or any earlier heap); grows the words when they lack room.
  void set(std::uint64_t h) {
    if (!fits(h + 1)) reserve(std::max<std::uint64_t>(2 * h, 1024));
    __atomic_fetch_or(&words_[h / 64], std::uint64_t{1} << (h % 64), __ATOMIC_RELAXED);
    if (h >= limit()) limit_.store(h + 1, std::memory_order_relaxed);
  }
  bool rare(std::uint64_t h) const { return h < limit() && (word(h / 64) >> (h % 64) & 1) != 0; }
  // Bits h .. h + 63 (h < limit()): bit i is heap h + i.
  std::uint64_t bits_from(std::uint64_t h) const {
    const std::uint64_t w = h / 64;
    const unsigned shift = h % 64;
    const std::uint64_t low = word(w) >> shift;
    return shift == 0 ? low : low | word(w + 1) << (64 - shift);
  }
  std::uint64_t bytes() const { return words_.size() * 8; }

 private:
  std::uint64_t word(std::uint64_t w) const {
    return __atomic_load_n(&words_[w], __ATOMIC_RELAXED);
  }
  std::vector<std::uint64_t> words_ = std::vector<std::uint64_t>(2, 0);
  // Written by the computing thread only; read by helpers for heaps it has published.
  std::atomic<std::uint64_t> limit_{0};
};

}  // namespace nimkit::detail
