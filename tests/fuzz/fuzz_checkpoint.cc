// Checkpoint restore. The input is XORed over a valid checkpoint's bytes (and may lengthen or
// shorten it); the checksum is then recomputed the way the format computes it, so that the
// fuzzer reaches the header and table checks behind it. Restore must refuse or accept cleanly,
// and an accepted sequence must answer every value it claims to hold.
#include <cstring>
#include <vector>

#include "checkpoint_checksum.h"
#include "fuzz_common.h"
#include "nimkit/sparse_space.h"

using namespace nimkit;

namespace {

std::vector<std::uint8_t> valid_checkpoint() {
  auto game = SplitGame::parse("0.137");
  auto sequence = GrundySequence::create(*game, SequenceAlgorithm::kSparse);
  sequence->extend_to(64);
  return sequence->checkpoint();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::uint8_t> base = valid_checkpoint();
  if (size < 1) return 0;
  // First byte: how many bytes to drop (low 7 bits) from, or add to (high bit), the body.
  const std::size_t body_size = base.size() - 8;
  const std::size_t delta = data[0] & 0x7F;
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
