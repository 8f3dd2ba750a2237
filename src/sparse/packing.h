// The table's forms (value_table.h) in the sparse kernel (sparse_kernel.h): reading and appending
// values in the current form, which form holds the values, moving the table from one form to
// another, and the rare heaps under a new mask (which codes a kCoded table anew). Private to
// src/sparse/grundy_sequence.cc.
#pragma once

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include "sparse_kernel.h"

namespace nimkit {

// Values known, and the value of heap n.
inline std::uint64_t GrundySequence::State::size() const {
  return storage == detail::Storage::kWide    ? g32.size()
         : storage == detail::Storage::kShort ? g16.size()
                                              : g8.size();
}

inline std::uint32_t GrundySequence::State::at(std::uint64_t n) const {
  switch (storage) {
    case detail::Storage::kBytes:
      return g8[n];
    case detail::Storage::kCoded:
      return code.decode(g8[n], rare_bits.rare(n));
    case detail::Storage::kShort:
      return g16[n];
    case detail::Storage::kWide:
      break;
  }
  return g32[n];
}

template <typename T>
void GrundySequence::State::values_into(std::uint64_t first, std::uint64_t count, T* out) const {
  auto copy = [&](const auto* from) {
    for (std::uint64_t i = 0; i < count; ++i) out[i] = static_cast<T>(from[first + i]);
  };
  switch (storage) {
    case detail::Storage::kBytes:
      return copy(g8.data());
    case detail::Storage::kCoded: {
      // A code's value by a look-up in its class's table (a decode took 3 ns a value); every heap
      // from the rare bits' limit on is common.
      std::array<std::array<T, 256>, 2> decoded;
      for (std::uint32_t c = 0; c < 256; ++c) {
        decoded[0][c] = static_cast<T>(code.decode(c, false));
        decoded[1][c] = static_cast<T>(code.decode(c, true));
      }
      const std::uint64_t end = first + count;
      const std::uint64_t mixed_end = std::clamp(rare_bits.limit(), first, end);
      for (std::uint64_t n = first; n < mixed_end; ++n) {
        out[n - first] = decoded[rare_bits.rare(n) ? 1 : 0][g8[n]];
      }
      for (std::uint64_t n = mixed_end; n < end; ++n) out[n - first] = decoded[0][g8[n]];
      return;
    }
    case detail::Storage::kShort:
      return copy(g16.data());
    case detail::Storage::kWide:
      break;
  }
  copy(g32.data());
}

// The largest value the table's form holds.
inline std::uint32_t GrundySequence::State::storage_limit() const {
  switch (storage) {
    case detail::Storage::kBytes:
      return byte_limit;
    case detail::Storage::kCoded:
      return code_limit;
    case detail::Storage::kShort:
      return narrow_limit;
    case detail::Storage::kWide:
      break;
  }
  return std::numeric_limits<std::uint32_t>::max();
}

// Appends the value of the next heap to the table, in its form.
inline void GrundySequence::State::push(std::uint32_t value) {
  switch (storage) {
    case detail::Storage::kBytes:
    case detail::Storage::kCoded:
      return g8.push_back(static_cast<std::uint8_t>(entry(value)));
    case detail::Storage::kShort:
      return g16.push_back(static_cast<std::uint16_t>(value));
    case detail::Storage::kWide:
      return g32.push_back(value);
  }
}

// Codes need the rare heaps as a list (classes) and a mask (0 makes every value rare), and the
// coded kernel (sparse_mex.h, split_sets.h) serves the sparse algorithm with split sets and at most
// bitmap_value's simple moves.
inline bool GrundySequence::State::codable() const {
  const bool split_sets =
      game.grundys_game || (!split_two.empty() && split_two.size() <= detail::kMaxSplitLengths);
  return packed && sparse && keep_rare_list && split_sets && mask != 0 &&
         remove_whole.size() + remove_one.size() <= detail::kMaxSimpleMoves;
}

// The form for the values so far and `value`.
inline detail::Storage GrundySequence::State::storage_for(std::uint32_t value) const {
  const std::uint32_t top = std::max(max_value, value);
  if (packed && top <= byte_limit) return detail::Storage::kBytes;
  if (packed && top <= code_limit && codable()) return detail::Storage::kCoded;
  return top <= narrow_limit ? detail::Storage::kShort : detail::Storage::kWide;
}

// Moves the table to `target` (which holds every value so far): in place between values and codes
// in bytes, else through a new table (the old one freed after). The rare lists' entries follow,
// and the split sets are laid out anew.
inline void GrundySequence::State::store_as(detail::Storage target) {
  if (target == storage) return;
  const std::uint64_t count = size();
  // The room extend_to reserved stays (threads rely on the table not moving).
  const std::size_t room = storage == detail::Storage::kWide    ? g32.capacity()
                           : storage == detail::Storage::kShort ? g16.capacity()
                                                                : g8.capacity();
  const bool byte_form = target == detail::Storage::kBytes || target == detail::Storage::kCoded;
  const bool from_bytes = storage == detail::Storage::kBytes || storage == detail::Storage::kCoded;
  const detail::ValueCode next =
      target == detail::Storage::kCoded ? detail::ValueCode(mask) : detail::ValueCode{};
  auto write = [&](auto& table, auto convert) {
    using V = std::remove_reference_t<decltype(table[0])>;
    table.reserve(std::max<std::size_t>(room, 16));
    table.resize(count);
    for (std::uint64_t n = 0; n < count; ++n) table[n] = static_cast<V>(convert(at(n)));
  };
  const auto same = [](std::uint32_t v) { return v; };
  if (byte_form && from_bytes) {
    // In place: each entry is read (at) before it is written.
    for (std::uint64_t n = 0; n < count; ++n) {
      const std::uint32_t v = at(n);
      g8[n] = static_cast<std::uint8_t>(target == detail::Storage::kCoded ? next.encode(v) : v);
    }
  } else if (byte_form) {
    write(g8,
          [&](std::uint32_t v) { return target == detail::Storage::kCoded ? next.encode(v) : v; });
  } else if (target == detail::Storage::kShort) {
    write(g16, same);
  } else {
    write(g32, same);
  }
  if (!(byte_form && from_bytes)) {
    if (from_bytes) {
      g8.release();
    } else if (storage == detail::Storage::kShort) {
      g16.release();
    } else {
      g32.release();
    }
  }
  storage = target;
  code = next;
  for (std::size_t i = 0; i < rare_heaps.size(); ++i) rare_values[i] = entry(at(rare_heaps[i]));
  reset_sets();
}

// Lists the rare heaps under `new_mask` (and makes it the mask). A kCoded table is coded under the
// new mask in the same pass: each heap is decoded under the old one, whose rare heaps are the old
// list, before the new list replaces it.
inline void GrundySequence::State::rebuild_rare(std::uint32_t new_mask) {
  const std::uint64_t count = size();
  if (coded()) {
    const std::vector<std::uint64_t> before = std::move(rare_heaps);
    const detail::ValueCode old = code;
    set_mask(new_mask);
    code = detail::ValueCode(new_mask);
    clear_rare();
    std::size_t k = 0;
    for (std::uint64_t n = 0; n < count; ++n) {
      const bool was_rare = n == 0 || (k < before.size() && before[k] == n);
      if (n != 0 && was_rare) ++k;
      const std::uint32_t v = old.decode(g8[n], was_rare);
      g8[n] = code.encode(v);
      if (n >= 1 && !detail::common(v, mask)) note_rare(n, v);
    }
  } else {
    set_mask(new_mask);
    clear_rare();
    for (std::uint64_t n = 1; n < count; ++n) {
      const std::uint32_t v = at(n);
      if (!detail::common(v, mask)) note_rare(n, v);
    }
  }
  clear_split_sets();
}

}  // namespace nimkit
