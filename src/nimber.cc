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

Nimber mex(std::span<const Nimber> values) {
  // A set of n values has its mex in [0, n], so only values below n matter.
  std::vector<bool> seen(values.size() + 1, false);
  for (Nimber v : values) {
    if (v < seen.size()) seen[static_cast<std::size_t>(v)] = true;
  }
  std::size_t m = 0;
  while (seen[m]) ++m;
  return m;
}

int high_bit(Nimber value) {
  const auto high = static_cast<std::uint64_t>(value >> 64);
  if (high != 0) return 127 - __builtin_clzll(high);
  return 63 - __builtin_clzll(static_cast<std::uint64_t>(value));
}

}  // namespace nimkit
