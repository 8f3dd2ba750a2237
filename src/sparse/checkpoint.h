// The checkpoint format of the sparse-space engine (grundy_sequence.h), byte for byte. Version 1,
// for tables of 16 or 32 bits:
//
//   magic "NIMKITGS", u32 version, u32 code length, code, u8 algorithm (0 plain, 1 sparse),
//   u8 value bytes (2 or 4), u32 mask, u64 next mask choice, u64 count, count values of that
//   many bytes each, u64 checksum of everything before it.
//
// Version 2, for tables of one byte per value (value_table.h): the same up to the count (value
// bytes 1), then u8 coding (0: the bytes are the values; 1: they are codes under the mask), u64
// rare count R (0 unless coded), R × u64 the heaps ≥ 1 with rare values under the mask,
// ascending (a code and its class give the value), count bytes, u64 checksum.
//
// Every integer is little-endian. The image is written and read in chunks of at most
// kCheckpointChunk bytes, and the checksum is computed incrementally, so neither direction holds
// a copy of the table. The engine's state (what the fields mean) stays in grundy_sequence.cc.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "nimkit/grundy_sequence.h"
#include "nimkit/result.h"

namespace nimkit::detail {

struct CheckpointHeader {
  std::string code;  // SplitGame::code()
  SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse;
  int width = 2;  // bytes per value: 1 (version 2), 2 or 4 (version 1)
  std::uint32_t mask = 0;
  std::uint64_t next_choice = 0;
  std::uint64_t count = 0;       // values
  bool coded = false;            // width 1: the bytes are codes under the mask
  std::uint64_t rare_count = 0;  // coded: the rare heaps listed
};

// Writes values [first, last) into `out`, `width` bytes each, little-endian.
using CheckpointEncoder =
    std::function<void(std::uint64_t first, std::uint64_t last, std::uint8_t* out)>;
// Receives the encoded bytes of values first, first + 1, ... (a whole number of values).
using CheckpointDecoder =
    std::function<void(std::uint64_t first, std::span<const std::uint8_t> bytes)>;

// Hands the image of `header`, the rare heaps (coded: header.rare_count of them) and the values to
// `sink` in chunks; false when the sink stopped it.
bool write_checkpoint(const CheckpointHeader& header, std::span<const std::uint64_t> rare_heaps,
                      const CheckpointEncoder& encode, const CheckpointSink& sink);

// Reads an image from `source`, whose length is `size` bytes, in steps: header(), rare_heaps()
// when it is coded, values(), then verify(). Each fails with the message the engine reports for a
// bad checkpoint.
class CheckpointReader {
 public:
  CheckpointReader(const CheckpointSource& source, std::uint64_t size);
  ~CheckpointReader();
  CheckpointReader(const CheckpointReader&) = delete;
  CheckpointReader& operator=(const CheckpointReader&) = delete;

  // The header, checked for magic, version and field ranges, and the file size for the count
  // before any table is allocated.
  Result<CheckpointHeader> header();
  // The rare heaps of a coded image, each handed to `add` (checked ascending, from 1, below the
  // count).
  Result<bool> rare_heaps(const std::function<void(std::uint64_t)>& add);
  // The values, decoded chunk by chunk (memory: one chunk).
  Result<bool> values(const CheckpointDecoder& decode);
  // The stored checksum against the bytes read.
  Result<bool> verify();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Little-endian field access, shared by the engine's value encoders.
std::uint64_t get_le(const std::uint8_t* bytes, int count);

}  // namespace nimkit::detail
