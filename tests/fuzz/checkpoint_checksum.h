// The checkpoint format's checksum (src/sparse/grundy_sequence.cc, format version 1), recomputed by
// tests that forge a checkpoint whose checksum is right, so that restore's later checks are
// reached: FNV-1a style mixing over the 64-bit little-endian words of everything before it, then
// over the tail bytes one by one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace nimkit::testing {

inline std::uint64_t checkpoint_checksum(const std::uint8_t* bytes, std::size_t size) {
  constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  std::uint64_t h = 0xcbf29ce484222325ULL;
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes + i, 8);
    h = (h ^ word) * kPrime;
    h ^= h >> 29;
  }
  for (; i < size; ++i) h = (h ^ bytes[i]) * kPrime;
  return h;
}

// Replaces the last 8 bytes of `checkpoint` by the checksum of the bytes before them.
inline void reseal_checkpoint(std::vector<std::uint8_t>& checkpoint) {
  const std::size_t body = checkpoint.size() - 8;
  const std::uint64_t sum = checkpoint_checksum(checkpoint.data(), body);
  for (int i = 0; i < 8; ++i) checkpoint[body + i] = static_cast<std::uint8_t>(sum >> (8 * i));
}

}  // namespace nimkit::testing
