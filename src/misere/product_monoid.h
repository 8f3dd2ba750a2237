// The product monoid a candidate quotient is enumerated in (candidate.h): a verified quotient
// times one cyclic monoid per split heap, its elements numbered by mixed-radix codes, and the
// index from codes to the candidate's element ids.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "candidate.h"
#include "monoid.h"
#include "nimkit/checked.h"

namespace nimkit::detail {

// The base monoid times one cyclic monoid per split heap; an element is a number: the base
// element, then each split heap's exponent in mixed radix.
class ProductMonoid {
 public:
  ProductMonoid(const Table& base, std::span<const Split> splits) : base_(&base) {
    std::uint64_t stride = base.order;
    for (const Split& split : splits) {
      index_.push_back(split.index);
      period_.push_back(split.period);
      stride_.push_back(stride);
      stride = saturating_mul(stride, split.index + split.period);
    }
    size_ = stride;
  }
  std::uint64_t unit(std::size_t split) const { return stride_[split]; }
  const Table& base() const { return *base_; }
  // Codes are below size() (saturating: past 2^64 no index can hold them).
  std::uint64_t size() const { return size_; }
  // a · g for a generator g: an element of the base (below its order) or a split's unit.
  std::uint64_t times_generator(std::uint64_t a, std::uint64_t g) const {
    const std::uint64_t order = base_->order;
    if (g < order) {
      const std::uint64_t low = a % order;
      return a - low +
             base_->at(static_cast<QuotientElement>(low), static_cast<QuotientElement>(g));
    }
    if (const std::size_t j = split_of_unit(g); j < splits()) {
      const std::uint64_t e = (a / g) % (index_[j] + period_[j]);
      // g^(i+p) = g^i: the exponent i + p - 1 steps back to i.
      return e == index_[j] + period_[j] - 1 ? a - (period_[j] - 1) * g : a + g;
    }
    return multiply(a, g);
  }
  std::size_t splits() const { return index_.size(); }
  // The split whose generator (unit) is g, or splits() when g is an element of the base.
  std::size_t split_of_unit(std::uint64_t g) const {
    for (std::size_t j = 0; j < index_.size(); ++j) {
      if (stride_[j] == g) return j;
    }
    return index_.size();
  }
  // Exponent e of split j brought into range: g^(i+p) = g^i.
  std::uint32_t wrap(std::size_t j, std::uint64_t e) const {
    if (e >= index_[j] + period_[j]) e = index_[j] + (e - index_[j]) % period_[j];
    return static_cast<std::uint32_t>(e);
  }
  // A code as its base element and its exponents (one per split), for products by many codes.
  void split(std::uint64_t a, std::uint64_t& low, std::uint32_t* exponents) const {
    low = a % base_->order;
    for (std::size_t j = 0; j < index_.size(); ++j) {
      exponents[j] = static_cast<std::uint32_t>((a / stride_[j]) % (index_[j] + period_[j]));
    }
  }
  // The product of two split codes.
  std::uint64_t multiply_split(std::uint64_t low_a, const std::uint32_t* a, std::uint64_t low_b,
                               const std::uint32_t* b) const {
    std::uint64_t out =
        base_->at(static_cast<QuotientElement>(low_a), static_cast<QuotientElement>(low_b));
    for (std::size_t j = 0; j < index_.size(); ++j) {
      out += wrap(j, std::uint64_t{a[j]} + b[j]) * stride_[j];
    }
    return out;
  }
  std::uint64_t multiply(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t order = base_->order;
    std::uint64_t out =
        base_->at(static_cast<QuotientElement>(a % order), static_cast<QuotientElement>(b % order));
    for (std::size_t j = 0; j < index_.size(); ++j) {
      const std::uint64_t radix = index_[j] + period_[j];
      out += wrap(j, (a / stride_[j]) % radix + (b / stride_[j]) % radix) * stride_[j];
    }
    return out;
  }

 private:
  const Table* base_;
  std::vector<std::uint64_t> index_;
  std::vector<std::uint64_t> period_;
  std::vector<std::uint64_t> stride_;
  std::uint64_t size_ = 0;
};

constexpr std::uint32_t kAbsent = ~std::uint32_t{0};
// Product monoids of at most this many codes index their elements by a flat array (4 bytes a
// code, 16 MB at most: a recalibration builds many candidates, and larger arrays cost more to
// clear than to hash); larger ones by an open-addressed hash table.
constexpr std::uint64_t kFlatCodes = std::uint64_t{1} << 22;

// Element ids by code. Past kFlatCodes codes an open-addressed table keeps each code beside its
// id (three 32-bit words a slot), so that a lookup, which misses the cache on a large candidate,
// misses it once rather than once for the code and again for the id.
class CodeIndex {
 public:
  explicit CodeIndex(std::uint64_t codes) {
    if (codes <= kFlatCodes) {
      flat_.assign(codes, kAbsent);
    } else {
      slots_.assign(1024, Slot{kEmptyHalf, kEmptyHalf, kAbsent});
    }
  }
  std::uint32_t find(std::uint64_t code) const {
    if (!flat_.empty()) return flat_[code];
    for (std::size_t i = slot(code);; i = (i + 1) & (slots_.size() - 1)) {
      const Slot& at = slots_[i];
      if (at.key() == code) return at.id;
      if (at.empty()) return kAbsent;
    }
  }
  void insert(std::uint64_t code, std::uint32_t id) {
    if (!flat_.empty()) {
      flat_[code] = id;
      return;
    }
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = slot(code);
    while (!slots_[i].empty()) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = Slot{static_cast<std::uint32_t>(code), static_cast<std::uint32_t>(code >> 32), id};
    ++size_;
  }
  // Bytes held, as allocated.
  std::uint64_t bytes() const {
    return flat_.capacity() * sizeof(std::uint32_t) + slots_.capacity() * sizeof(Slot);
  }
  // Bytes the next insert allocates (the hash table doubled, beside the old one).
  std::uint64_t growth_bytes() const {
    if (!flat_.empty() || 2 * (size_ + 1) <= slots_.size()) return 0;
    return 2 * slots_.size() * sizeof(Slot);
  }

 private:
  // No code is all ones: codes are below the product's size, at most 2^64 - 1 saturated.
  static constexpr std::uint32_t kEmptyHalf = ~std::uint32_t{0};
  struct Slot {
    std::uint32_t low;
    std::uint32_t high;
    std::uint32_t id;
    std::uint64_t key() const { return (std::uint64_t{high} << 32) | low; }
    bool empty() const { return low == kEmptyHalf && high == kEmptyHalf; }
  };
  static_assert(sizeof(Slot) == 12);
  std::size_t slot(std::uint64_t code) const {
    return static_cast<std::size_t>((code * 0x9e3779b97f4a7c15ULL) >> 20) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<Slot> old(2 * slots_.size(), Slot{kEmptyHalf, kEmptyHalf, kAbsent});
    std::swap(old, slots_);
    size_ = 0;
    for (const Slot& at : old) {
      if (!at.empty()) insert(at.key(), at.id);
    }
  }

  std::vector<std::uint32_t> flat_;
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace nimkit::detail
