// Checkpoint restore. The input is XORed over a valid checkpoint's bytes (and may lengthen or
// shorten it); the checksum is then recomputed the way the format computes it, so that the
// fuzzer reaches the header and table checks behind it. Restore must refuse or accept cleanly,
// and an accepted sequence must answer every value it claims to hold. The checkpoint is one of
// values in bytes (.137) or one of codes with its list of rare heaps (Officers past its first
// value 256).
#include <cstring>
#include <vector>

#include "checkpoint_checksum.h"
#include "fuzz_common.h"
#include "nimkit/grundy_sequence.h"

using namespace nimkit;

namespace {

std::vector<std::uint8_t> valid_checkpoint(const char* code, std::uint64_t count) {
  auto game = SplitGame::parse(code);
  auto sequence = GrundySequence::create(*game, SequenceAlgorithm::kSparse);
  sequence->extend_to(count);
  return sequence->checkpoint();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::uint8_t> values = valid_checkpoint("0.137", 64);
  static const std::vector<std::uint8_t> codes = valid_checkpoint("0.6", 10'400);
  if (size < 1) return 0;
  // First byte: which checkpoint (bit 6), how many bytes to drop (low 6 bits) from, or add to
  // (high bit), the body.
  const std::vector<std::uint8_t>& base = (data[0] & 0x40) != 0 ? codes : values;
  const std::size_t body_size = base.size() - 8;
  const std::size_t delta = data[0] & 0x3F;
  std::vector<std::uint8_t> bytes(base.begin(), base.begin() + static_cast<long>(body_size));
  if ((data[0] & 0x80) != 0) {
    bytes.resize(body_size + delta, 0);
  } else {
    bytes.resize(body_size - std::min(delta, body_size));
  }
  for (std::size_t i = 1; i < size && i - 1 < bytes.size(); ++i) bytes[i - 1] ^= data[i];
  const std::uint64_t sum = testing::checkpoint_checksum(bytes.data(), bytes.size());
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<std::uint8_t>(sum >> (8 * i)));

  auto restored = GrundySequence::restore(bytes);
  if (!restored) {
    NIMKIT_FUZZ_CHECK(!restored.error().empty());
    return 0;
  }
  const std::uint64_t known = std::min<std::uint64_t>(restored->size(), 4096);
  for (std::uint64_t heap = 0; heap < known; ++heap) (void)restored->value(heap);
  (void)restored->stats();
  (void)restored->period_candidate();
  return 0;
}
