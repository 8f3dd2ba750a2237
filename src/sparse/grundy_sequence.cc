#include "nimkit/grundy_sequence.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <memory>

#include "checkpoint.h"
#include "nimkit/checked.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"
#include "nimkit/quote.h"
#include "packing.h"
#include "sparse_blocks.h"
#include "sparse_kernel.h"
#include "sparse_mex.h"
#include "sparse_threads.h"
#include "split_sets.h"

namespace nimkit {

Result<SplitGame> SplitGame::parse(std::string_view code) {
  if (code == "grundy") return grundy();
  std::optional<OctalCode> octal = octal_code_by_name(code);
  if (!octal) {
    Result<OctalCode> parsed = OctalCode::parse(code);
    if (!parsed) return parsed.failure();
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
  return fail("algorithm " + quoted(text) + " is not plain or sparse");
}

GrundySequence::GrundySequence(std::unique_ptr<State> state) : state_(std::move(state)) {}
GrundySequence::GrundySequence(GrundySequence&&) noexcept = default;
GrundySequence& GrundySequence::operator=(GrundySequence&&) noexcept = default;
GrundySequence::~GrundySequence() = default;

Result<GrundySequence> GrundySequence::create(const SplitGame& game, SequenceAlgorithm algorithm,
                                              const SequenceOptions& options) {
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
  state->narrow_limit = std::min<std::uint32_t>(options.narrow_limit, 0xFFFF);
  state->packed = options.packed;
  state->byte_limit = std::min<std::uint32_t>(options.byte_limit, 255);
  state->code_limit = std::min<std::uint32_t>(options.code_limit, 511);
  state->storage = options.packed ? detail::Storage::kBytes : detail::Storage::kShort;
  state->threads = std::max(options.threads, 1u);
  state->vector = options.vector_search && detail::vector_pair_search_supported();
  state->memory_budget = options.memory_budget;
  state->threads_min_rare = options.threads_min_rare;
  state->stall_percent = std::min<std::uint32_t>(options.threads_stall_percent, 100);
  state->active_threads = state->threads;
  state->init_moves();
  state->keep_rare_list = state->sparse && (game.grundys_game || !state->split_two.empty());
  state->clear_rare();
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
int GrundySequence::value_bytes() const { return detail::storage_bytes(state_->storage); }
GrundySequence::StoredTable GrundySequence::stored_table() const {
  const State& s = *state_;
  StoredTable table{nullptr, s.size(), value_bytes(), !s.coded()};
  switch (s.storage) {
    case detail::Storage::kBytes:
    case detail::Storage::kCoded:
      table.data = s.g8.data();
      break;
    case detail::Storage::kShort:
      table.data = s.g16.data();
      break;
    case detail::Storage::kWide:
      table.data = s.g32.data();
      break;
  }
  return table;
}
unsigned GrundySequence::threads_in_use() const {
  return state_->threaded() ? state_->active_threads : 1;
}

ThreadWork GrundySequence::thread_work() const { return state_->work; }

std::vector<std::uint32_t> GrundySequence::values(std::uint64_t first, std::uint64_t count) const {
  assert(first + count <= size());
  std::vector<std::uint32_t> out(count);
  state_->values_into(first, count, out.data());
  return out;
}

std::vector<std::uint32_t> GrundySequence::values(std::uint64_t first, std::uint64_t count,
                                                  const Periodicity& period) const {
  assert(period.period >= 1 && period.saltus == 0 && period.needed <= size() &&
         period.preperiod + period.period <= size());
  std::vector<std::uint32_t> out(count);
  const std::uint64_t known = size();
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t n = first + i;
    out[i] = state_->at(n < known ? n : period.preperiod + (n - period.preperiod) % period.period);
  }
  return out;
}

namespace {

// "a table of 5,000,000 values" style figures: plain digits, as the other messages print them.
std::string memory_error(std::uint64_t count, int value_bytes, bool period_search,
                         std::uint64_t bytes, std::uint64_t budget) {
  return "a table of " + std::to_string(count) + " values needs " + std::to_string(bytes) +
         " bytes (" + std::to_string(value_bytes) + (value_bytes == 1 ? " byte" : " bytes") +
         " per value)" + (period_search ? " with its period search" : "") +
         ", more than the memory budget of " + std::to_string(budget) + " bytes";
}

}  // namespace

Result<std::uint64_t> check_sequence_count(std::uint64_t count) {
  if (count == 0) return fail("0 asks for no values: expected at least 1");
  if (count > kMaxSequenceHeaps) {
    return fail_limit(std::to_string(count) + " is more than the 2^36 values a sequence may hold");
  }
  return count;
}

Result<unsigned> check_sequence_threads(std::uint64_t threads) {
  if (threads == 0 || threads > kMaxSequenceThreads) {
    return fail(std::to_string(threads) + " is not a thread count from 1 to " +
                std::to_string(kMaxSequenceThreads));
  }
  return static_cast<unsigned>(threads);
}

Result<std::uint64_t> check_table_memory(std::uint64_t count, int value_bytes,
                                         std::uint64_t budget) {
  const std::uint64_t bytes = saturating_mul(count, static_cast<std::uint64_t>(value_bytes));
  if (budget != 0 && bytes > budget) {
    return fail_limit(memory_error(count, value_bytes, false, bytes, budget));
  }
  return bytes;
}

Result<std::uint64_t> GrundySequence::memory_for(std::uint64_t count, bool period_search) const {
  const State& s = *state_;
  // The table, then what does not grow with it: marks, split sets, frequencies, rare lists.
  const std::uint64_t working = s.seen.size() * 4 + s.set_marks.size() + s.frequency.size() * 8 +
                                s.rare_heaps.capacity() * 8 + s.rare_values.capacity() * 4 +
                                s.rare_bits.bytes() + s.set_heap.size() * 12;
  const std::uint64_t values = std::max(count, s.size());
  std::uint64_t bytes =
      saturating_add(saturating_mul(values, static_cast<std::uint64_t>(value_bytes())), working);
  // find_period's bitmap of skipped periods: a bit per period up to count / 2; it searches the
  // values of a coded table decoded to 16 bits (period_candidate).
  if (period_search) {
    bytes = saturating_add(bytes, period_search_bytes(values));
    if (s.coded()) bytes = saturating_add(bytes, saturating_mul(values, 2));
  }
  if (s.memory_budget != 0 && bytes > s.memory_budget) {
    return fail(memory_error(count, value_bytes(), period_search, bytes, s.memory_budget));
  }
  return bytes;
}

bool GrundySequence::extend_to(std::uint64_t count, const SequenceProgressCallback& progress,
                               std::uint64_t progress_interval) {
  assert(count <= kMaxSequenceHeaps);
  State& s = *state_;
  if (count <= s.size()) return true;
  if (!memory_for(count)) return false;
  switch (s.storage) {
    case detail::Storage::kBytes:
    case detail::Storage::kCoded:
      s.g8.reserve(count);
      break;
    case detail::Storage::kShort:
      s.g16.reserve(count);
      break;
    case detail::Storage::kWide:
      s.g32.reserve(count);
      break;
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
  p.rare_count = s.sparse ? s.rare_count : 0;
  p.mask = s.sparse ? s.mask : 0;
  p.split_sets =
      s.sparse && (s.game.grundys_game || s.split_two.size() <= detail::kMaxSplitLengths);
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
  stats.rare_count = s.sparse ? s.rare_count : 0;
  if (s.sparse && s.rare_count != 0) stats.last_rare = s.last_rare;
  return stats;
}

std::optional<Periodicity> GrundySequence::period_candidate() const {
  const State& s = *state_;
  if (s.game.grundys_game || s.size() < 2) return std::nullopt;
  const PeriodTheorem theorem = PeriodTheorem::octal(OctalCode{s.game.digits});
  switch (s.storage) {
    case detail::Storage::kBytes:
      return find_period(std::span<const std::uint8_t>(s.g8.data(), s.g8.size()), theorem);
    case detail::Storage::kCoded: {
      // Codes alone do not say the values' period: the values, decoded for the search.
      // (Not zeroed first: on Officers to 2^24 the zeroing and decoding of the copies took 5 %
      // of the run on two threads.)
      const std::unique_ptr<std::uint16_t[]> values(new std::uint16_t[s.size()]);
      s.values_into(0, s.size(), values.get());
      return find_period(std::span<const std::uint16_t>(values.get(), s.size()), theorem);
    }
    case detail::Storage::kShort:
      return find_period(std::span<const std::uint16_t>(s.g16.data(), s.g16.size()), theorem);
    case detail::Storage::kWide:
      break;
  }
  return find_period(std::span<const std::uint32_t>(s.g32.data(), s.g32.size()), theorem);
}

Result<Periodicity> GrundySequence::prove_period(std::uint64_t max_heaps,
                                                 const SequenceProgressCallback& progress,
                                                 std::uint64_t progress_interval) {
  if (state_->game.grundys_game) {
    return fail("no periodicity theorem applies to Grundy's game");
  }
  std::uint64_t next = std::min<std::uint64_t>(max_heaps, std::max<std::uint64_t>(size(), 1024));
  for (;;) {
    if (auto fits = memory_for(next, true); !fits) return fits.failure();
    if (!extend_to(next, progress, progress_interval)) return fail("interrupted");
    std::optional<Periodicity> candidate = period_candidate();
    if (candidate && candidate->proved) return *std::move(candidate);
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

bool GrundySequence::write_checkpoint(const CheckpointSink& sink) const {
  const State& s = *state_;
  const int width = value_bytes();
  detail::CheckpointHeader header{s.game.code(), s.algorithm,   width,
                                  s.mask,        s.next_choice, s.size()};
  header.coded = s.coded();
  header.rare_count = s.coded() ? s.rare_heaps.size() : 0;
  const detail::CheckpointEncoder encode = [&s, width](std::uint64_t first, std::uint64_t last,
                                                       std::uint8_t* out) {
    if (width == 1) {
      std::memcpy(out, s.g8.data() + first, last - first);
    } else if (width == 4) {
      for (std::uint64_t i = first; i < last; ++i, out += 4) {
        for (int b = 0; b < 4; ++b) out[b] = static_cast<std::uint8_t>(s.g32[i] >> (8 * b));
      }
    } else {
      for (std::uint64_t i = first; i < last; ++i, out += 2) {
        out[0] = static_cast<std::uint8_t>(s.g16[i]);
        out[1] = static_cast<std::uint8_t>(s.g16[i] >> 8);
      }
    }
  };
  return detail::write_checkpoint(header, s.rare_heaps, encode, sink);
}

std::vector<std::uint8_t> GrundySequence::checkpoint() const {
  std::vector<std::uint8_t> out;
  write_checkpoint([&out](std::span<const std::uint8_t> bytes) {
    out.insert(out.end(), bytes.begin(), bytes.end());
    return true;
  });
  return out;
}

namespace {

// The largest value heap n can have, given the largest value of heaps 0..n-1: g(n) is the mex of
// its options' values, so it is at most their number, and at most 2^bit_width(largest) (the XOR
// of values below a power of two stays below it).
std::uint64_t value_bound(const SplitGame& game, std::uint64_t n, std::uint64_t largest) {
  std::uint64_t options = 0;
  if (game.grundys_game) {
    options = n >= 3 ? (n - 1) / 2 : 0;
  } else {
    for (std::uint64_t k = 0; k < game.digits.size() && k <= n; ++k) {
      const std::uint8_t d = game.digits[k];
      const std::uint64_t left = n - k;
      if ((d & 1) != 0 && left == 0) options = saturating_add(options, 1);
      if ((d & 2) != 0 && left >= 1) options = saturating_add(options, 1);
      if ((d & 4) != 0 && left >= 2) options = saturating_add(options, left / 2);
      if ((d & 8) != 0 && left >= 3) options = saturating_add(options, saturating_mul(left, left));
    }
  }
  return std::min(options, std::bit_ceil(largest + 1));
}

}  // namespace

Result<GrundySequence> GrundySequence::restore(std::span<const std::uint8_t> bytes,
                                               const SplitGame* expected_game,
                                               const SequenceAlgorithm* expected_algorithm,
                                               const SequenceOptions& options) {
  std::size_t at = 0;
  const CheckpointSource source = [&](std::span<std::uint8_t> buffer) {
    const std::size_t n = std::min(buffer.size(), bytes.size() - at);
    if (n != 0) std::memcpy(buffer.data(), bytes.data() + at, n);
    at += n;
    return n;
  };
  return restore(source, bytes.size(), expected_game, expected_algorithm, options);
}

// Reads a checkpoint's values (and, coded, its rare heaps) into the table of the form `storage`
// names (the checkpoint's).
Result<bool> GrundySequence::State::read_table(detail::CheckpointReader& reader,
                                               const detail::CheckpointHeader& header) {
  const std::uint64_t count = header.count;
  if (coded()) {
    if (header.mask == 0 || header.mask >= 512) return fail("checkpoint is corrupt (bad mask)");
    code = detail::ValueCode(header.mask);
    auto listed = reader.rare_heaps([this](std::uint64_t heap) { rare_bits.set(heap); });
    if (!listed) return listed.failure();
  }
  switch (storage) {
    case detail::Storage::kBytes:
    case detail::Storage::kCoded:
      g8.resize(count);
      break;
    case detail::Storage::kShort:
      g16.resize(count);
      break;
    case detail::Storage::kWide:
      g32.resize(count);
      break;
  }
  return reader.values([this](std::uint64_t first, std::span<const std::uint8_t> bytes) {
    const std::uint8_t* p = bytes.data();
    switch (storage) {
      case detail::Storage::kBytes:
      case detail::Storage::kCoded:
        std::memcpy(g8.data() + first, p, bytes.size());
        break;
      case detail::Storage::kShort:
        for (std::uint64_t i = first; i < first + bytes.size() / 2; ++i, p += 2) {
          g16[i] = static_cast<std::uint16_t>(p[0] | (p[1] << 8));
        }
        break;
      case detail::Storage::kWide:
        for (std::uint64_t i = first; i < first + bytes.size() / 4; ++i, p += 4) {
          g32[i] = static_cast<std::uint32_t>(detail::get_le(p, 4));
        }
        break;
    }
  });
}

Result<GrundySequence> GrundySequence::restore(const CheckpointSource& source, std::uint64_t size,
                                               const SplitGame* expected_game,
                                               const SequenceAlgorithm* expected_algorithm,
                                               const SequenceOptions& options) {
  detail::CheckpointReader reader(source, size);
  const Result<detail::CheckpointHeader> header = reader.header();
  if (!header) return header.failure();
  Result<SplitGame> game = SplitGame::parse(header->code);
  if (!game) return fail_as(game.failure(), "checkpoint is corrupt (" + game.error() + ")");
  const SequenceAlgorithm algo = header->algorithm;
  Result<GrundySequence> sequence = create(*game, algo, options);
  if (!sequence)
    return fail_as(sequence.failure(), "checkpoint is corrupt (" + sequence.error() + ")");
  State& s = *sequence->state_;
  const std::uint64_t count = header->count;
  // The table in the checkpoint's form first (a coded one needs its rare heaps to be read),
  // refused before it is allocated when it does not fit the budget.
  s.storage = header->width == 4   ? detail::Storage::kWide
              : header->width == 2 ? detail::Storage::kShort
              : header->coded      ? detail::Storage::kCoded
                                   : detail::Storage::kBytes;
  if (auto fits = sequence->memory_for(count); !fits) return fits.failure();
  if (auto read = s.read_table(reader, *header); !read) return read.failure();
  auto verified = reader.verify();
  if (!verified) return verified.failure();
  if (expected_game && !(*expected_game == *game)) {
    return fail("checkpoint is for game " + game->code() + ", not " + expected_game->code());
  }
  if (expected_algorithm && *expected_algorithm != algo) {
    return fail("checkpoint was made by the " + std::string(to_string(algo)) + " algorithm, not " +
                std::string(to_string(*expected_algorithm)));
  }
  // The values come from a file: each must be one the game can produce before anything sized by
  // a value (frequencies, marks) is grown, or one forged value would allocate gigabytes.
  std::uint64_t largest = 0;
  for (std::uint64_t n = 0; n < count; ++n) {
    const std::uint64_t v = s.at(n);
    if (v > value_bound(*game, n, largest)) {
      return fail("checkpoint is corrupt (heap " + std::to_string(n) + " has value " +
                  std::to_string(v) + ", more than the game allows)");
    }
    largest = std::max(largest, v);
  }
  s.set_mask(header->mask);
  s.next_choice = header->next_choice;
  // The rare lists (and bits: a coded table's are those read) from the values; then the table in
  // the form this run would have made.
  for (std::uint64_t n = 0; n < count; ++n) s.note(n, s.at(n));
  // (A 32-bit table stays so unless it is packed.)
  const detail::Storage form = s.storage_for(0);
  if (!(form == detail::Storage::kShort && s.storage == detail::Storage::kWide)) s.store_as(form);
  s.reset_sets();
  return sequence;
}

}  // namespace nimkit
