#include "checkpoint.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace nimkit::detail {
namespace {

// Version 1 holds 16- or 32-bit values, version 2 one byte per value (checkpoint.h).
constexpr std::uint32_t kWideVersion = 1;
constexpr std::uint32_t kByteVersion = 2;
constexpr char kCheckpointMagic[8] = {'N', 'I', 'M', 'K', 'I', 'T', 'G', 'S'};

void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// FNV-1a style mixing over the 64-bit words of the byte stream (then its tail bytes): fast on
// 128 MB tables, and any flipped bit or truncation changes it. Fed in pieces of any size, it gives
// the same sum as over the whole stream at once (format version 1 wrote it that way).
class Checksum {
 public:
  void update(std::span<const std::uint8_t> bytes) {
    std::size_t i = 0;
    if (pending_ != 0) {  // complete the word a previous piece began
      i = std::min(bytes.size(), 8 - pending_);
      std::memcpy(word_ + pending_, bytes.data(), i);
      pending_ += i;
      if (pending_ < 8) return;
      mix_word(word_);
      pending_ = 0;
    }
    for (; i + 8 <= bytes.size(); i += 8) mix_word(bytes.data() + i);
    pending_ = bytes.size() - i;  // < 8
    std::memcpy(word_, bytes.data() + i, pending_);
  }
  std::uint64_t sum() const {
    std::uint64_t h = h_;
    for (std::size_t i = 0; i < pending_; ++i) h = (h ^ word_[i]) * kPrime;
    return h;
  }

 private:
  static constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  void mix_word(const std::uint8_t* bytes) {
    std::uint64_t word;
    std::memcpy(&word, bytes, 8);
    h_ = (h_ ^ word) * kPrime;
    h_ ^= h_ >> 29;
  }
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
  std::uint8_t word_[8] = {};
  std::size_t pending_ = 0;
};

// Header fields after the magic and version: code length (4), algorithm, width (1 each), mask
// (4), next choice (8), count (8); version 2 then has the coding (1) and the rare count (8).
constexpr std::size_t kFixedHeader = 8 + 4 + 4;
constexpr std::size_t kHeaderTail = 1 + 1 + 4 + 8 + 8;
constexpr std::size_t kByteTail = 1 + 8;

// Reads exactly buffer.size() bytes from a source (false on a short read), feeding the checksum.
class StreamReader {
 public:
  explicit StreamReader(const CheckpointSource& source) : source_(source) {}
  bool read(std::span<std::uint8_t> buffer, Checksum* sum) {
    std::size_t done = 0;
    while (done < buffer.size()) {
      const std::size_t got = source_(buffer.subspan(done));
      if (got == 0) return false;
      done += got;
    }
    if (sum != nullptr) sum->update(buffer);
    return true;
  }

 private:
  const CheckpointSource& source_;
};

}  // namespace

std::uint64_t get_le(const std::uint8_t* bytes, int count) {
  std::uint64_t value = 0;
  for (int i = 0; i < count; ++i) value |= std::uint64_t{bytes[i]} << (8 * i);
  return value;
}

bool write_checkpoint(const CheckpointHeader& header, std::span<const std::uint64_t> rare_heaps,
                      const CheckpointEncoder& encode, const CheckpointSink& sink) {
  const int width = header.width;
  Checksum sum;
  std::vector<std::uint8_t> chunk;
  chunk.reserve(kCheckpointChunk);
  auto flush = [&]() {
    sum.update(chunk);
    const bool ok = sink(chunk);
    chunk.clear();
    return ok;
  };
  chunk.insert(chunk.end(), kCheckpointMagic, kCheckpointMagic + 8);
  put(chunk, width == 1 ? kByteVersion : kWideVersion, 4);
  put(chunk, header.code.size(), 4);
  chunk.insert(chunk.end(), header.code.begin(), header.code.end());
  put(chunk, header.algorithm == SequenceAlgorithm::kPlain ? 0 : 1, 1);
  put(chunk, static_cast<std::uint64_t>(width), 1);
  put(chunk, header.mask, 4);
  put(chunk, header.next_choice, 8);
  put(chunk, header.count, 8);
  if (width == 1) {
    put(chunk, header.coded ? 1 : 0, 1);
    const std::uint64_t listed = header.coded ? rare_heaps.size() : 0;
    put(chunk, listed, 8);
    for (std::uint64_t i = 0; i < listed; ++i) {
      if (chunk.size() + 8 > kCheckpointChunk && !flush()) return false;
      put(chunk, rare_heaps[i], 8);
    }
  }
  const std::uint64_t count = header.count;
  const std::uint64_t per_chunk = kCheckpointChunk / static_cast<std::uint64_t>(width);
  for (std::uint64_t first = 0; first < count; first += per_chunk) {
    if (chunk.size() + per_chunk * static_cast<std::uint64_t>(width) > kCheckpointChunk &&
        !flush()) {
      return false;
    }
    const std::uint64_t last = std::min(count, first + per_chunk);
    const std::size_t at = chunk.size();
    chunk.resize(at + static_cast<std::size_t>((last - first) * static_cast<std::uint64_t>(width)));
    encode(first, last, chunk.data() + at);
  }
  if (chunk.size() + 8 > kCheckpointChunk && !flush()) return false;
  sum.update(chunk);
  put(chunk, sum.sum(), 8);
  return sink(chunk);
}

struct CheckpointReader::State {
  explicit State(const CheckpointSource& source) : in(source) {}
  StreamReader in;
  Checksum sum;
  std::uint64_t size = 0;
  CheckpointHeader header;
};

CheckpointReader::CheckpointReader(const CheckpointSource& source, std::uint64_t size)
    : state_(std::make_unique<State>(source)) {
  state_->size = size;
}

CheckpointReader::~CheckpointReader() = default;

Result<CheckpointHeader> CheckpointReader::header() {
  StreamReader& in = state_->in;
  Checksum& sum = state_->sum;
  const std::uint64_t size = state_->size;
  std::uint8_t fixed[kFixedHeader];
  if (size < 8 || !in.read({fixed, 8}, &sum) || std::memcmp(fixed, kCheckpointMagic, 8) != 0) {
    return fail("not a nimkit grundy checkpoint (bad magic bytes)");
  }
  if (size < kFixedHeader || !in.read({fixed + 8, kFixedHeader - 8}, &sum)) {
    return fail("checkpoint is truncated");
  }
  const std::uint64_t version = get_le(fixed + 8, 4);
  if (version != kWideVersion && version != kByteVersion) {
    return fail("checkpoint format version " + std::to_string(version) +
                " is not supported (expected " + std::to_string(kWideVersion) + " or " +
                std::to_string(kByteVersion) + ")");
  }
  const std::uint64_t code_length = get_le(fixed + 12, 4);
  if (code_length > 64) return fail("checkpoint is corrupt (bad game code)");
  std::uint8_t header[64 + kHeaderTail + kByteTail];
  const std::size_t header_size = static_cast<std::size_t>(code_length) + kHeaderTail +
                                  (version == kByteVersion ? kByteTail : 0);
  if (size < kFixedHeader + header_size + 8 || !in.read({header, header_size}, &sum)) {
    return fail("checkpoint is corrupt or truncated (short header)");
  }
  const std::uint8_t* field = header + code_length;
  const std::uint64_t algorithm = field[0];
  const std::uint64_t width = field[1];
  const std::uint64_t count = get_le(field + 14, 8);
  const std::uint64_t coding = version == kByteVersion ? field[22] : 0;
  const std::uint64_t rare_count = version == kByteVersion ? get_le(field + 23, 8) : 0;
  const bool width_ok = version == kByteVersion ? width == 1 : (width == 2 || width == 4);
  if (algorithm > 1 || !width_ok || count > kMaxSequenceHeaps || coding > 1 ||
      (coding == 0 && rare_count != 0) || rare_count > count) {
    return fail("checkpoint is corrupt (bad header)");
  }
  // The size must match before the table is allocated: a corrupt count allocates nothing.
  if (size - kFixedHeader - header_size - 8 != count * width + 8 * rare_count) {
    return fail("checkpoint is corrupt or truncated (wrong value count)");
  }
  CheckpointHeader& h = state_->header;
  h.code.assign(header, header + code_length);
  h.algorithm = algorithm == 0 ? SequenceAlgorithm::kPlain : SequenceAlgorithm::kSparse;
  h.width = static_cast<int>(width);
  h.mask = static_cast<std::uint32_t>(get_le(field + 2, 4));
  h.next_choice = get_le(field + 6, 8);
  h.count = count;
  h.coded = coding == 1;
  h.rare_count = rare_count;
  return h;
}

Result<bool> CheckpointReader::rare_heaps(const std::function<void(std::uint64_t)>& add) {
  const CheckpointHeader& h = state_->header;
  std::uint64_t previous = 0;
  std::uint8_t bytes[8];
  for (std::uint64_t i = 0; i < h.rare_count; ++i) {
    if (!state_->in.read(bytes, &state_->sum)) {
      return fail("checkpoint is corrupt or truncated (short rare heaps)");
    }
    const std::uint64_t heap = get_le(bytes, 8);
    if (heap <= previous || heap >= h.count) return fail("checkpoint is corrupt (bad rare heap)");
    previous = heap;
    add(heap);
  }
  return true;
}

Result<bool> CheckpointReader::values(const CheckpointDecoder& decode) {
  const std::uint64_t count = state_->header.count;
  const auto width = static_cast<std::uint64_t>(state_->header.width);
  std::vector<std::uint8_t> chunk(std::min<std::uint64_t>(kCheckpointChunk, count * width));
  const std::uint64_t per_chunk = kCheckpointChunk / width;
  for (std::uint64_t first = 0; first < count; first += per_chunk) {
    const std::uint64_t last = std::min(count, first + per_chunk);
    const std::span<std::uint8_t> data(chunk.data(), (last - first) * width);
    if (!state_->in.read(data, &state_->sum)) {
      return fail("checkpoint is corrupt or truncated (short values)");
    }
    decode(first, data);
  }
  return true;
}

Result<bool> CheckpointReader::verify() {
  std::uint8_t stored[8];
  if (!state_->in.read(stored, nullptr) || get_le(stored, 8) != state_->sum.sum()) {
    return fail("checkpoint is corrupt or truncated (checksum mismatch)");
  }
  return true;
}

}  // namespace nimkit::detail
