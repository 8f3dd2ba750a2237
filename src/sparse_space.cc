#include "nimkit/sparse_space.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <limits>
#include <utility>

#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace nimkit {
namespace {

constexpr std::uint32_t kCheckpointVersion = 1;
constexpr char kCheckpointMagic[8] = {'N', 'I', 'M', 'K', 'I', 'T', 'G', 'S'};
// The mask is first chosen at this many heaps and then every time the count doubles.
constexpr std::uint64_t kFirstMaskChoice = 32;
// Masks are searched over the low bits of the values only (2^16 candidates at most).
constexpr int kMaxMaskBits = 16;

bool common(std::uint32_t value, std::uint32_t mask) {
  return (std::popcount(value & mask) & 1) != 0;
}

// The smallest a in [lo, hi) with g[a] ^ g[m - a] == v, or hi. Every a < m is a legal part.
template <typename V>
std::uint64_t find_pair(const V* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                        std::uint32_t v) {
  for (std::uint64_t a = lo; a < hi; ++a) {
    if ((static_cast<std::uint32_t>(g[a]) ^ g[m - a]) == v) return a;
  }
  return hi;
}

#if defined(__SSSE3__)
// 16-bit values: eight splits per step, the upper parts loaded backwards and reversed.
template <>
std::uint64_t find_pair(const std::uint16_t* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                        std::uint32_t v) {
  const __m128i reverse = _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  const __m128i target = _mm_set1_epi16(static_cast<short>(v));
  std::uint64_t a = lo;
  for (; a + 8 <= hi; a += 8) {
    const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + a));
    const __m128i high = _mm_shuffle_epi8(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(g + (m - a - 7))), reverse);
    const int hits = _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_xor_si128(low, high), target));
    if (hits != 0)
      return a + static_cast<std::uint64_t>(std::countr_zero(static_cast<unsigned>(hits))) / 2;
  }
  for (; a < hi; ++a) {
    if ((g[a] ^ g[m - a]) == v) return a;
  }
  return hi;
}
#endif

}  // namespace

Result<SplitGame> SplitGame::parse(std::string_view code) {
  if (code == "grundy") return grundy();
  std::optional<OctalCode> octal = octal_code_by_name(code);
  if (!octal) {
    Result<OctalCode> parsed = OctalCode::parse(code);
    if (!parsed) return fail(parsed.error());
    octal = *parsed;
  }
  if (octal->max_parts() == 0)
    return fail("game code \"" + std::string(code) + "\" allows no move");
  return SplitGame{octal->digits, false};
}

std::string SplitGame::code() const {
  return grundys_game ? "grundy" : OctalCode{digits}.to_string();
}

std::uint64_t SplitGame::max_removal() const {
  for (std::size_t k = digits.size(); k-- > 0;) {
    if (digits[k] != 0) return k;
  }
  return 0;
}

bool SplitGame::has_triple_split() const {
  return std::any_of(digits.begin(), digits.end(), [](std::uint8_t d) { return (d & 8) != 0; });
}

std::string_view to_string(SequenceAlgorithm algorithm) {
  return algorithm == SequenceAlgorithm::kPlain ? "plain" : "sparse";
}

Result<SequenceAlgorithm> parse_sequence_algorithm(std::string_view text) {
  if (text == "plain") return SequenceAlgorithm::kPlain;
  if (text == "sparse") return SequenceAlgorithm::kSparse;
  return fail("algorithm \"" + std::string(text) + "\" is not plain or sparse");
}

struct GrundySequence::State {
  struct Rare {
    std::uint32_t heap;
    std::uint32_t value;
  };

  SplitGame game;
  SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse;
  bool sparse = true;  // the algorithm that actually runs (plain for triple splits)

  // Moves, by kind, as the numbers of objects removed.
  std::vector<std::uint32_t> remove_whole;  // bit 1
  std::vector<std::uint32_t> remove_one;    // bit 2
  std::vector<std::uint32_t> split_two;     // bit 4 (k = 0 splits without removing)
  std::vector<std::uint32_t> split_three;   // bit 8

  bool wide = false;  // values live in g32 instead of g16
  std::vector<std::uint16_t> g16;
  std::vector<std::uint32_t> g32;

  std::uint32_t mask = 0;
  std::uint64_t next_choice = kFirstMaskChoice;
  std::vector<Rare> rare;                // heaps ≥ 1 with rare values, ascending
  std::vector<std::uint64_t> frequency;  // frequency[v]: heaps with value v
  std::uint32_t max_value = 0;

  // seen[v] == stamp marks value v as an option of the heap being computed.
  std::vector<std::uint32_t> seen;
  std::uint32_t stamp = 0;

  void init_moves() {
    if (game.grundys_game) return;
    for (std::uint32_t k = 0; k < game.digits.size(); ++k) {
      const std::uint8_t d = game.digits[k];
      if (k > 0 && (d & 1)) remove_whole.push_back(k);
      if (k > 0 && (d & 2)) remove_one.push_back(k);
      if (d & 4) split_two.push_back(k);
      if (d & 8) split_three.push_back(k);
    }
  }

  std::uint64_t size() const { return wide ? g32.size() : g16.size(); }
  std::uint32_t at(std::uint64_t n) const { return wide ? g32[n] : g16[n]; }

  void ensure_seen_capacity(std::uint32_t value) {
    // XORs of values below 2^b stay below 2^b and the mex is at most 2^b, so 2^(b+1) slots hold
    // every value marked or probed.
    const std::size_t need = std::size_t{2} << std::bit_width(value);
    if (seen.size() < std::max<std::size_t>(need, 64))
      seen.resize(std::max<std::size_t>(need, 64), 0);
  }

  std::uint32_t next_stamp() {
    if (++stamp == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      stamp = 1;
    }
    return stamp;
  }

  // Records a newly computed value (already appended to the table).
  void note(std::uint64_t n, std::uint32_t value) {
    if (value >= frequency.size()) frequency.resize(std::size_t{value} + 1, 0);
    ++frequency[value];
    if (value > max_value) {
      max_value = value;
      ensure_seen_capacity(value);
    }
    if (n >= 1 && !common(value, mask)) {
      rare.push_back({static_cast<std::uint32_t>(n), value});
    }
  }

  void rebuild_rare() {
    rare.clear();
    const std::uint64_t count = size();
    for (std::uint64_t n = 1; n < count; ++n) {
      const std::uint32_t v = at(n);
      if (!common(v, mask)) rare.push_back({static_cast<std::uint32_t>(n), v});
    }
  }

  // The mask with the fewest rare heaps so far, by a Walsh–Hadamard transform of the value
  // frequencies: W[M] = Σ_v f[v]·(-1)^popcount(v&M) = (#rare - #common) under M.
  void choose_mask() {
    const int bits =
        std::min(kMaxMaskBits, std::max(1, static_cast<int>(std::bit_width(max_value))));
    const std::size_t width = std::size_t{1} << bits;
    std::vector<std::int64_t> w(width, 0);
    for (std::size_t v = 0; v < frequency.size(); ++v) {
      w[v & (width - 1)] += static_cast<std::int64_t>(frequency[v]);
    }
    // Values above 2^16 are folded onto their low bits: parity under a low mask only sees those.
    for (std::size_t h = 1; h < width; h <<= 1) {
      for (std::size_t i = 0; i < width; i += h << 1) {
        for (std::size_t j = i; j < i + h; ++j) {
          const std::int64_t a = w[j];
          const std::int64_t b = w[j + h];
          w[j] = a + b;
          w[j + h] = a - b;
        }
      }
    }
    std::size_t best = 1;
    for (std::size_t m = 2; m < width; ++m) {
      if (w[m] < w[best]) best = m;
    }
    const auto chosen = static_cast<std::uint32_t>(best);
    if (chosen != mask) {
      mask = chosen;
      rebuild_rare();
    }
  }

  void upgrade() {
    g32.assign(g16.begin(), g16.end());
    g32.reserve(g16.capacity());
    g16.clear();
    g16.shrink_to_fit();
    wide = true;
  }

  std::uint32_t mex_from(std::uint32_t v, std::uint32_t s) const {
    while (seen[v] == s) ++v;
    return v;
  }

  // Marks the options that are not splits.
  template <typename V>
  void mark_simple(const V* g, std::uint64_t n, std::uint32_t s) {
    for (const std::uint32_t k : remove_whole) {
      if (n == k) seen[0] = s;
    }
    for (const std::uint32_t k : remove_one) {
      if (n > k) seen[g[n - k]] = s;
    }
  }

  // Marks g[a] ^ g[m - a] for a in [lo, hi).
  template <typename V>
  void mark_pairs(const V* g, std::uint64_t m, std::uint64_t lo, std::uint64_t hi,
                  std::uint32_t s) {
    std::uint32_t* mark = seen.data();
    const V* back = g + m;
    for (std::uint64_t a = lo; a < hi; ++a) mark[g[a] ^ back[-static_cast<std::ptrdiff_t>(a)]] = s;
  }

  // The largest smaller part of a two-way split of m (parts ≥ 1, unequal for Grundy's game).
  std::uint64_t half(std::uint64_t m) const { return game.grundys_game ? (m - 1) / 2 : m / 2; }

  template <typename V>
  std::uint32_t plain_value(const V* g, std::uint64_t n) {
    const std::uint32_t s = next_stamp();
    mark_simple(g, n, s);
    auto two = [&](std::uint64_t m) {
      if (m >= 2) mark_pairs(g, m, 1, half(m) + 1, s);
    };
    if (game.grundys_game) two(n);
    for (const std::uint32_t k : split_two) {
      if (n >= k) two(n - k);
    }
    for (const std::uint32_t k : split_three) {
      if (n < k + 3) continue;
      const std::uint64_t m = n - k;
      for (std::uint64_t a = 1; 3 * a <= m; ++a) {
        for (std::uint64_t b = a; a + 2 * b <= m; ++b) seen[g[a] ^ g[b] ^ g[m - a - b]] = s;
      }
    }
    return mex_from(0, s);
  }

  template <typename V>
  std::uint32_t sparse_value(const V* g, std::uint64_t n) {
    const std::uint32_t s = next_stamp();
    mark_simple(g, n, s);
    std::uint32_t* mark = seen.data();
    const Rare* rare_begin = rare.data();
    const Rare* rare_end = rare_begin + rare.size();
    // Every split with a rare part: that is every split with a common value (and some others).
    auto rare_pairs = [&](std::uint64_t m) {
      const V* back = g + m;
      for (const Rare* r = rare_begin; r != rare_end && r->heap < m; ++r) {
        mark[r->value ^ back[-static_cast<std::ptrdiff_t>(r->heap)]] = s;
      }
    };
    if (game.grundys_game) {
      if (n >= 3) {
        rare_pairs(n);
        // The equal split h + h is not a move; undo its mark when it was made (value 0 is only
        // an option through some other split, which the checks below find again).
        if (n % 2 == 0 && !common(g[n / 2], mask)) mark[0] = s - 1;
      }
    } else {
      for (const std::uint32_t k : split_two) {
        if (n >= k + 2) rare_pairs(n - k);
      }
    }
    std::uint32_t v = mex_from(0, s);
    // A rare value v is the candidate: it is an option only through a split of two common parts,
    // which the sparse marks do not cover. Search the splits for one of value v (stopping at the
    // first); if there is none, v is the mex, else look at the next unseen value.
    while (!common(v, mask)) {
      if (!find_split(g, n, v)) return v;
      mark[v] = s;
      v = mex_from(v + 1, s);
    }
    return v;
  }

  // Whether some two-way split of heap n (under every split length) has value v. Searches the
  // smaller parts in blocks, all split lengths in step, so that a split found early ends it.
  template <typename V>
  bool find_split(const V* g, std::uint64_t n, std::uint32_t v) const {
    std::uint64_t ms[8];
    std::uint64_t lasts[8];
    std::size_t count = 0;
    auto add = [&](std::uint64_t m) {
      if (m >= 2 && count < 8) {
        ms[count] = m;
        lasts[count++] = half(m) + 1;
      }
    };
    if (game.grundys_game) {
      add(n);
    } else {
      for (const std::uint32_t k : split_two) {
        if (n >= k) add(n - k);
      }
      if (split_two.size() > 8) {
        // Rare: many split lengths. Search them one by one.
        for (const std::uint32_t k : split_two) {
          if (n >= k + 2 && find_pair(g, n - k, 1, half(n - k) + 1, v) <= half(n - k)) return true;
        }
        return false;
      }
    }
    std::uint64_t block = 32;
    for (std::uint64_t lo = 1;; lo += block, block = std::min<std::uint64_t>(block * 2, 4096)) {
      bool more = false;
      for (std::size_t i = 0; i < count; ++i) {
        if (lo >= lasts[i]) continue;
        const std::uint64_t hi = std::min(lo + block, lasts[i]);
        if (find_pair(g, ms[i], lo, hi, v) < hi) return true;
        if (hi < lasts[i]) more = true;
      }
      if (!more) return false;
    }
  }

  // Computes heaps up to `end` into table g; stops early (returning false) when a value does not
  // fit V.
  template <typename V>
  bool run(std::vector<V>& table, std::uint64_t end) {
    for (std::uint64_t n = table.size(); n < end; ++n) {
      if (n >= next_choice) {
        if (sparse) choose_mask();
        next_choice *= 2;
      }
      const V* g = table.data();
      const std::uint32_t value = sparse ? sparse_value(g, n) : plain_value(g, n);
      if (value > (sizeof(V) == 2 ? narrow_limit : std::numeric_limits<V>::max())) {
        pending = value;
        return false;
      }
      table.push_back(static_cast<V>(value));
      note(n, value);
    }
    return true;
  }

  std::uint32_t pending = 0;
  std::uint32_t narrow_limit = 0xFFFF;

  void compute(std::uint64_t end) {
    while (size() < end) {
      if (!wide) {
        if (run(g16, end)) return;
        upgrade();
        const std::uint64_t n = g32.size();
        g32.push_back(pending);
        note(n, pending);
      } else {
        run(g32, end);
      }
    }
  }

  template <typename V>
  std::optional<SequencePeriod> find_period(const std::vector<V>& g) const {
    const std::uint64_t count = g.size();
    const PeriodTheorem theorem = PeriodTheorem::octal(OctalCode{game.digits});
    std::optional<SequencePeriod> best;
    std::vector<std::uint64_t> bases;
    for (std::uint64_t p = 1; 2 * p <= count; ++p) {
      if (best && theorem.end(0, p) + p >= best->needed) break;  // grows with p
      if (std::any_of(bases.begin(), bases.end(), [p](std::uint64_t b) { return p % b == 0; })) {
        continue;
      }
      std::uint64_t n = count - 1;
      while (n >= p && g[n] == g[n - p]) --n;
      const std::uint64_t preperiod = n >= p ? n - p + 1 : 0;
      const std::uint64_t tail = count - preperiod - p;  // values that repeat an earlier one
      if (tail >= std::max<std::uint64_t>(p, 32)) bases.push_back(p);
      const std::uint64_t needed = theorem.end(preperiod, p) + p;
      if (!best || needed < best->needed) best = SequencePeriod{preperiod, p, needed};
    }
    return best;
  }
};

GrundySequence::GrundySequence(std::unique_ptr<State> state) : state_(std::move(state)) {}
GrundySequence::GrundySequence(GrundySequence&&) noexcept = default;
GrundySequence& GrundySequence::operator=(GrundySequence&&) noexcept = default;
GrundySequence::~GrundySequence() = default;

Result<GrundySequence> GrundySequence::create(const SplitGame& game, SequenceAlgorithm algorithm,
                                              std::uint32_t narrow_limit) {
  if (!game.grundys_game && game.max_removal() == 0 &&
      (game.digits.empty() || game.digits[0] == 0)) {
    return fail("game code " + game.code() + " allows no move at all");
  }
  if (game.grundys_game && !game.digits.empty()) {
    return fail("Grundy's game takes no octal digits");
  }
  for (const std::uint8_t d : game.digits) {
    if (d > 15) return fail("game code digit " + std::to_string(d) + " is not a hex digit");
  }
  if (!game.digits.empty() && (game.digits[0] & 3) != 0) {
    return fail("game code " + game.code() + ": the digit before '.' may only split");
  }
  auto state = std::make_unique<State>();
  state->game = game;
  state->algorithm = algorithm;
  state->sparse = algorithm == SequenceAlgorithm::kSparse && !game.has_triple_split();
  state->narrow_limit = std::min<std::uint32_t>(narrow_limit, 0xFFFF);
  state->init_moves();
  state->ensure_seen_capacity(0);
  return GrundySequence(std::move(state));
}

const SplitGame& GrundySequence::game() const { return state_->game; }
SequenceAlgorithm GrundySequence::algorithm() const { return state_->algorithm; }
std::uint64_t GrundySequence::size() const { return state_->size(); }
std::uint32_t GrundySequence::value(std::uint64_t heap) const {
  assert(heap < size());
  return state_->at(heap);
}
int GrundySequence::value_bytes() const { return state_->wide ? 4 : 2; }

std::vector<std::uint32_t> GrundySequence::values(std::uint64_t first, std::uint64_t count) const {
  assert(first + count <= size());
  std::vector<std::uint32_t> out(count);
  for (std::uint64_t i = 0; i < count; ++i) out[i] = state_->at(first + i);
  return out;
}

bool GrundySequence::extend_to(std::uint64_t count, const SequenceProgressCallback& progress,
                               std::uint64_t progress_interval) {
  assert(count <= (std::uint64_t{1} << 32));
  State& s = *state_;
  if (count <= s.size()) return true;
  if (s.wide) {
    s.g32.reserve(count);
  } else {
    s.g16.reserve(count);
  }
  const std::uint64_t step = std::max<std::uint64_t>(progress_interval, 1);
  while (s.size() < count) {
    const std::uint64_t end = progress ? std::min(count, (s.size() / step + 1) * step) : count;
    s.compute(end);
    if (progress) {
      SequenceProgress p = this->progress();
      p.target = count;
      if (!progress(p)) return s.size() >= count;
    }
  }
  return true;
}

SequenceProgress GrundySequence::progress() const {
  const State& s = *state_;
  SequenceProgress p;
  p.heaps_done = s.size();
  p.target = s.size();
  p.max_value = s.max_value;
  p.rare_count = s.sparse ? s.rare.size() : 0;
  p.mask = s.sparse ? s.mask : 0;
  return p;
}

SequenceStats GrundySequence::stats() const {
  const State& s = *state_;
  SequenceStats stats;
  stats.frequency = s.frequency;
  stats.max_value = s.max_value;
  for (std::uint64_t n = 0; n < s.size(); ++n) {
    if (s.at(n) == s.max_value) {
      stats.max_value_first = n;
      break;
    }
  }
  stats.mask = s.sparse ? s.mask : 0;
  stats.rare_count = s.sparse ? s.rare.size() : 0;
  if (s.sparse && !s.rare.empty()) stats.last_rare = s.rare.back().heap;
  return stats;
}

std::optional<SequencePeriod> GrundySequence::period_candidate() const {
  const State& s = *state_;
  if (s.game.grundys_game || s.size() < 2) return std::nullopt;
  return s.wide ? s.find_period(s.g32) : s.find_period(s.g16);
}

Result<SequencePeriod> GrundySequence::prove_period(std::uint64_t max_heaps,
                                                    const SequenceProgressCallback& progress,
                                                    std::uint64_t progress_interval) {
  if (state_->game.grundys_game) {
    return fail("no periodicity theorem applies to Grundy's game");
  }
  std::uint64_t next = std::min<std::uint64_t>(max_heaps, std::max<std::uint64_t>(size(), 1024));
  for (;;) {
    if (!extend_to(next, progress, progress_interval)) return fail("interrupted");
    const std::optional<SequencePeriod> candidate = period_candidate();
    if (candidate && candidate->needed <= size()) return *candidate;
    if (size() >= max_heaps) {
      return fail("no period proved within " + std::to_string(max_heaps) + " heaps" +
                  (candidate ? " (best candidate: period " + std::to_string(candidate->period) +
                                   " from " + std::to_string(candidate->preperiod) + ", needs " +
                                   std::to_string(candidate->needed) + " heaps)"
                             : ""));
    }
    next = 2 * size();
    if (candidate && candidate->needed > size()) next = std::min(next, candidate->needed);
    next = std::min(next, max_heaps);
  }
}

// Checkpoint layout (little-endian): magic "NIMKITGS", u32 version, u32 code length, code,
// u8 algorithm, u8 value bytes, u32 mask, u64 next mask choice, u64 count, values, u64 checksum
// of everything before it.
namespace {

void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// FNV-1a style mixing over 64-bit words (then the tail bytes): fast on 128 MB tables, and any
// flipped bit or truncation changes it.
std::uint64_t checksum(std::span<const std::uint8_t> bytes) {
  constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  std::uint64_t h = 0xcbf29ce484222325ULL;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    h = (h ^ word) * kPrime;
    h ^= h >> 29;
  }
  for (; i < bytes.size(); ++i) h = (h ^ bytes[i]) * kPrime;
  return h;
}

class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  bool get(std::uint64_t& value, int bytes) {
    if (pos_ + static_cast<std::size_t>(bytes) > bytes_.size()) return false;
    value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t{bytes_[pos_++]} << (8 * i);
    return true;
  }
  std::span<const std::uint8_t> take(std::size_t n) {
    if (pos_ + n > bytes_.size()) return {};
    auto out = bytes_.subspan(pos_, n);
    pos_ += n;
    return out;
  }
  std::size_t remaining() const { return bytes_.size() - pos_; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<std::uint8_t> GrundySequence::checkpoint() const {
  const State& s = *state_;
  std::vector<std::uint8_t> out;
  const std::string code = s.game.code();
  const int width = s.wide ? 4 : 2;
  out.reserve(64 + code.size() + s.size() * static_cast<std::size_t>(width));
  out.insert(out.end(), kCheckpointMagic, kCheckpointMagic + 8);
  put(out, kCheckpointVersion, 4);
  put(out, code.size(), 4);
  out.insert(out.end(), code.begin(), code.end());
  put(out, s.algorithm == SequenceAlgorithm::kPlain ? 0 : 1, 1);
  put(out, static_cast<std::uint64_t>(width), 1);
  put(out, s.mask, 4);
  put(out, s.next_choice, 8);
  put(out, s.size(), 8);
  const std::size_t at = out.size();
  out.resize(at + s.size() * static_cast<std::size_t>(width));
  if (s.wide) {
    for (std::size_t i = 0; i < s.g32.size(); ++i) {
      for (int b = 0; b < 4; ++b)
        out[at + 4 * i + b] = static_cast<std::uint8_t>(s.g32[i] >> (8 * b));
    }
  } else {
    for (std::size_t i = 0; i < s.g16.size(); ++i) {
      out[at + 2 * i] = static_cast<std::uint8_t>(s.g16[i]);
      out[at + 2 * i + 1] = static_cast<std::uint8_t>(s.g16[i] >> 8);
    }
  }
  put(out, checksum(out), 8);
  return out;
}

Result<GrundySequence> GrundySequence::restore(std::span<const std::uint8_t> bytes,
                                               const SplitGame* expected_game,
                                               const SequenceAlgorithm* expected_algorithm) {
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kCheckpointMagic, 8) != 0) {
    return fail("not a nimkit grundy checkpoint (bad magic bytes)");
  }
  if (bytes.size() < 8 + 4 + 8) return fail("checkpoint is truncated");
  Reader header(bytes.subspan(8));
  std::uint64_t version = 0;
  (void)header.get(version, 4);
  if (version != kCheckpointVersion) {
    return fail("checkpoint format version " + std::to_string(version) +
                " is not supported (expected " + std::to_string(kCheckpointVersion) + ")");
  }
  const std::span<const std::uint8_t> body = bytes.first(bytes.size() - 8);
  std::uint64_t stored_sum = 0;
  Reader(bytes.last(8)).get(stored_sum, 8);
  if (checksum(body) != stored_sum) {
    return fail("checkpoint is corrupt or truncated (checksum mismatch)");
  }
  Reader r(body.subspan(12));
  std::uint64_t code_length = 0;
  if (!r.get(code_length, 4) || code_length > 64)
    return fail("checkpoint is corrupt (bad game code)");
  const auto code_bytes = r.take(code_length);
  const std::string code(code_bytes.begin(), code_bytes.end());
  Result<SplitGame> game = SplitGame::parse(code);
  if (!game) return fail("checkpoint is corrupt (" + game.error() + ")");
  std::uint64_t algorithm = 0, width = 0, mask = 0, next_choice = 0, count = 0;
  if (!r.get(algorithm, 1) || !r.get(width, 1) || !r.get(mask, 4) || !r.get(next_choice, 8) ||
      !r.get(count, 8) || algorithm > 1 || (width != 2 && width != 4)) {
    return fail("checkpoint is corrupt (bad header)");
  }
  if (r.remaining() != count * width) return fail("checkpoint is corrupt (wrong value count)");
  const SequenceAlgorithm algo =
      algorithm == 0 ? SequenceAlgorithm::kPlain : SequenceAlgorithm::kSparse;
  if (expected_game && !(*expected_game == *game)) {
    return fail("checkpoint is for game " + game->code() + ", not " + expected_game->code());
  }
  if (expected_algorithm && *expected_algorithm != algo) {
    return fail("checkpoint was made by the " + std::string(to_string(algo)) + " algorithm, not " +
                std::string(to_string(*expected_algorithm)));
  }
  Result<GrundySequence> sequence = create(*game, algo);
  if (!sequence) return fail("checkpoint is corrupt (" + sequence.error() + ")");
  State& s = *sequence->state_;
  s.mask = static_cast<std::uint32_t>(mask);
  s.next_choice = next_choice;
  s.wide = width == 4;
  const auto data = r.take(count * width);
  if (s.wide) {
    s.g32.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t v = 0;
      for (int b = 0; b < 4; ++b) v |= std::uint32_t{data[4 * i + b]} << (8 * b);
      s.g32[i] = v;
    }
  } else {
    s.g16.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      s.g16[i] = static_cast<std::uint16_t>(data[2 * i] | (data[2 * i + 1] << 8));
    }
  }
  for (std::uint64_t n = 0; n < count; ++n) s.note(n, s.at(n));
  return sequence;
}

}  // namespace nimkit
