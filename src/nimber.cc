#include "nimkit/nimber.h"

#include <algorithm>
#include <vector>

namespace nimkit {

std::string to_string(Nimber value) {
  if (value == 0) return "0";
  std::string digits;
  while (value != 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

Nimber mex_of_list(std::span<const Nimber> values) {
  // A set of n values has its mex in [0, n], so only values below n matter.
  std::vector<bool> seen(values.size() + 1, false);
  for (Nimber v : values) {
    if (v < seen.size()) seen[static_cast<std::size_t>(v)] = true;
  }
  return mex_of_bitmap(seen);
}

Nimber mex_of_sorted(std::span<const Nimber> ascending) {
  Nimber m = 0;
  for (Nimber v : ascending) {
    if (v != m) break;
    ++m;
  }
  return m;
}

std::uint64_t mex_of_bitmap(const std::vector<bool>& marks, std::uint64_t from) {
  std::uint64_t v = from;
  while (v < marks.size() && marks[v]) ++v;
  return v;
}

int high_bit(Nimber value) {
  const auto high = static_cast<std::uint64_t>(value >> 64);
  if (high != 0) return 127 - __builtin_clzll(high);
  return 63 - __builtin_clzll(static_cast<std::uint64_t>(value));
}

}  // namespace nimkit
