// The misère quotient file reader. The input is XORed over a valid quotient file's bytes (and
// may lengthen or shorten it); the checksum is then recomputed the way the format computes it
// (FNV-1a over everything before it), so that the fuzzer reaches the checks behind it: field
// ranges, the ruleset, the monoid laws, reduction, the period and the verification. The reader
// must refuse or accept cleanly, and an accepted quotient must predict what the file's own
// quotient predicts for every sum it covers of up to two heaps.
//
// An input that begins with the magic "NIMKITMQ" is taken as a whole file as it stands (checksum
// and all): crafted headers whose sizes wrap (an order near 2^62, a heap count of 2^62) reach the
// reader unchanged. Every file is read twice, under small bounds and under the largest bounds a
// caller can pass (every 64-bit order and heap allowed), so that only the file's own length
// stands between a forged size and an allocation.
#include <cstring>
#include <limits>
#include <string>

#include "fuzz_common.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/registry.h"

using namespace nimkit;

namespace {

const Ruleset& kayles() {
  static const std::shared_ptr<const Ruleset> rules = *make_ruleset("kayles");
  return *rules;
}

const MisereQuotient& original() {
  static const MisereQuotient q = [] {
    QuotientBounds bounds;
    bounds.max_heap = 14;
    return *compute_misere_quotient(kayles(), bounds, Limits{});
  }();
  return q;
}

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// The file the input stands for: itself when it begins with the magic, else the XOR of the
// input over the saved kayles quotient, with its checksum recomputed.
std::string file_of(const std::uint8_t* data, std::size_t size) {
  static const std::string base = save_misere_quotient(original());
  if (size >= 8 && std::memcmp(data, "NIMKITMQ", 8) == 0) {
    return {reinterpret_cast<const char*>(data), size};
  }
  // First byte: how many bytes to drop (low 7 bits) from, or add to (high bit), the body.
  const std::size_t body_size = base.size() - 8;
  const std::size_t delta = data[0] & 0x7F;
  std::string bytes = base.substr(0, body_size);
  if ((data[0] & 0x80) != 0) {
    bytes.resize(body_size + delta, '\0');
  } else {
    bytes.resize(body_size - std::min(delta, body_size));
  }
  for (std::size_t i = 1; i < size && i - 1 < bytes.size(); ++i) {
    bytes[i - 1] = static_cast<char>(bytes[i - 1] ^ static_cast<char>(data[i]));
  }
  const std::uint64_t sum = fnv1a(bytes);
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((sum >> (8 * i)) & 0xff));
  return bytes;
}

// Reads `bytes` under `bounds`: a clean refusal, or a quotient that predicts every outcome the
// original does.
void check_read(const std::string& bytes, const QuotientBounds& bounds) {
  auto loaded = load_misere_quotient(bytes, kayles(), bounds, fuzz::tight_limits());
  if (!loaded) {
    NIMKIT_FUZZ_CHECK(!loaded.error().empty());
    return;
  }
  // Accepted: verified, so it predicts every outcome the original does.
  const MisereQuotient& q = original();
  const std::uint64_t top = std::min(loaded->max_heap(), q.max_heap());
  for (std::uint64_t a = 0; a <= top; ++a) {
    for (std::uint64_t b = a; b <= top; ++b) {
      NIMKIT_FUZZ_CHECK(loaded->in_p(loaded->multiply(loaded->phi(a), loaded->phi(b))) ==
                        q.in_p(q.multiply(q.phi(a), q.phi(b))));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string bytes = file_of(data, size);
  QuotientBounds small;
  small.max_heap = 64;
  small.max_order = 256;
  check_read(bytes, small);
  QuotientBounds largest;
  largest.max_heap = std::numeric_limits<std::uint64_t>::max();
  largest.max_order = std::numeric_limits<std::size_t>::max();
  check_read(bytes, largest);
  return 0;
}
