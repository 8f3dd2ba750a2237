// Nimbers (Grundy values) and the mex operation.
//
// A Grundy value can exceed 2^64-1 even though heaps cannot: the zero-move pile of size 2^64-1
// has value 2^64, and so does Lasker's Nim. Nimber is therefore 128 bits wide.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace nimkit {

__extension__ typedef unsigned __int128
    Nimber;  // NOLINT(modernize-use-using): __extension__ keeps -Wpedantic quiet

// Decimal text of a nimber (or of a Count, the same 128-bit integer), e.g. "18446744073709551616".
std::string to_string(Nimber value);

// The minimum excludant (mex), one helper per representation of the values:
// a list in any order, duplicates allowed;
Nimber mex_of_list(std::span<const Nimber> values);
// distinct values in ascending order;
Nimber mex_of_sorted(std::span<const Nimber> ascending);
// a bitmap (marks[v] when v is among the values): the least unmarked v at or above `from`, or
// marks.size() — `from` lets a caller that only adds marks resume from its last mex.
std::uint64_t mex_of_bitmap(const std::vector<bool>& marks, std::uint64_t from = 0);

// Index of the most significant set bit (0 for 1); `value` must be non-zero.
int high_bit(Nimber value);

}  // namespace nimkit
