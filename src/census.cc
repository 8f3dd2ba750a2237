#include "nimkit/census.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <numeric>
#include <utility>

#include "nimkit/sparse_space.h"

namespace nimkit {
namespace {

// Appends to `codes` every code with d0 and `length` digits after the point, the last non-zero.
void append_codes(std::vector<OctalCode>& codes, std::uint8_t d0, std::size_t length) {
  std::vector<std::uint8_t> digits(length + 1, 0);
  digits[0] = d0;
  std::uint64_t count = 1;
  for (std::size_t i = 1; i < length; ++i) count *= 8;
  for (std::uint64_t prefix = 0; prefix < count; ++prefix) {
    std::uint64_t rest = prefix;
    for (std::size_t i = length - 1; i >= 1; --i) {
      digits[i] = static_cast<std::uint8_t>(rest % 8);
      rest /= 8;
    }
    for (std::uint8_t last = 1; last < 8; ++last) {
      digits[length] = last;
      codes.push_back(OctalCode{digits});
    }
  }
}

// Two independent 64-bit lanes over the words given: a multiply-xorshift mix per word.
class Hasher {
 public:
  void add(std::uint64_t word) {
    lanes_[0] = mix(lanes_[0] ^ word, 0x9E3779B97F4A7C15ULL);
    lanes_[1] = mix(lanes_[1] + word, 0xC2B2AE3D27D4EB4FULL);
  }
  SequenceFingerprint result() const { return {mix(lanes_[0], 1), mix(lanes_[1], 3)}; }

 private:
  static std::uint64_t mix(std::uint64_t x, std::uint64_t k) {
    x = (x + k) * 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 29);
  }
  std::array<std::uint64_t, 2> lanes_{0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL};
};

struct Computed {
  GrundySequence sequence;
  std::optional<Periodicity> period;
  bool out_of_work = false;
};

// Heaps between two charges of the work estimate.
constexpr std::uint64_t kWorkInterval = 4096;

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > ~std::uint64_t{0} - b ? ~std::uint64_t{0} : a + b;
}

// Options visited per heap, estimated: the rare heaps (sparse-space engine), or every split
// (plain algorithm: about n/2 two-heap splits, n²/12 three-heap splits, per digit).
std::uint64_t work_per_heap(const SequenceProgress& progress, bool triple) {
  const std::uint64_t n = progress.heaps_done;
  if (progress.mask != 0) return progress.rare_count + 1;
  return triple ? n / 12 * n + 1 : n / 2 + 1;
}

// The sequence of `code`, extended until a period is proved or the heap bound is reached.
Result<Computed> compute(const OctalCode& code, const CensusLimits& limits) {
  Result<SplitGame> game = SplitGame::parse(code.to_string());
  if (!game) return fail(game.error());
  const bool plain = game->has_triple_split();
  Result<GrundySequence> sequence =
      GrundySequence::create(*game, plain ? SequenceAlgorithm::kPlain : SequenceAlgorithm::kSparse);
  if (!sequence) return fail(sequence.error());
  const std::uint64_t bound = std::max<std::uint64_t>(
      std::min<std::uint64_t>(plain ? limits.max_plain_heap : limits.max_heap, 1ULL << 32), 2);
  std::uint64_t work = 0;
  std::uint64_t charged_to = 0;
  bool out_of_work = false;
  const SequenceProgressCallback meter = [&](const SequenceProgress& progress) {
    const std::uint64_t heaps = progress.heaps_done - charged_to;
    charged_to = progress.heaps_done;
    const std::uint64_t per_heap = work_per_heap(progress, plain);
    work = saturating_add(work, per_heap != 0 && heaps > ~std::uint64_t{0} / per_heap
                                    ? ~std::uint64_t{0}
                                    : heaps * per_heap);
    out_of_work = work > limits.max_work;
    return !out_of_work;
  };
  Result<Periodicity> proved = sequence->prove_period(bound, meter, kWorkInterval);
  Computed computed{std::move(*sequence), std::nullopt, out_of_work};
  if (proved) computed.period = *proved;
  return computed;
}

SequenceFingerprint fingerprint_of(const GrundySequence& sequence,
                                   const std::optional<Periodicity>& period) {
  Hasher hasher;
  const std::uint64_t count = period ? period->preperiod + period->period : sequence.size();
  hasher.add(period ? 1 : 0);
  hasher.add(period ? period->preperiod : 0);
  hasher.add(period ? period->period : 0);
  hasher.add(count);
  for (std::uint64_t n = 0; n < count; ++n) hasher.add(sequence.value(n));
  return hasher.result();
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

std::string trim(std::string_view text) {
  const auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const auto end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

std::optional<std::uint64_t> parse_number(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// lcm(a, b) + base, or nullopt past 2^64-1.
std::optional<std::uint64_t> lcm_plus(std::uint64_t a, std::uint64_t b, std::uint64_t base) {
  const std::uint64_t step = a / std::gcd(a, b);
  if (step != 0 && b > ~std::uint64_t{0} / step) return std::nullopt;
  const std::uint64_t l = step * b;
  if (l > ~std::uint64_t{0} - base) return std::nullopt;
  return l + base;
}

}  // namespace

Result<std::vector<OctalCode>> census_codes(std::size_t digits) {
  if (digits == 0 || digits > kMaxCensusDigits) {
    return fail(fmt::format("census of {} digits: expected 1 to {}", digits, kMaxCensusDigits));
  }
  std::vector<OctalCode> codes{OctalCode{{4}}};
  for (std::size_t length = 1; length <= digits; ++length) {
    append_codes(codes, 0, length);
    append_codes(codes, 4, length);
  }
  return codes;
}

std::string_view to_string(CensusClass kind) {
  switch (kind) {
    case CensusClass::kTrivial:
      return "trivial";
    case CensusClass::kSolved:
      return "solved";
    case CensusClass::kUnsolved:
      break;
  }
  return "unsolved";
}

std::string_view to_string(PublishedComparison::Verdict verdict) {
  switch (verdict) {
    case PublishedComparison::Verdict::kAgrees:
      return "agrees";
    case PublishedComparison::Verdict::kDisagrees:
      return "disagrees";
    case PublishedComparison::Verdict::kUnproved:
      break;
  }
  return "unproved";
}

std::string to_string(const SequenceFingerprint& fingerprint) {
  return fmt::format("{:016x}{:016x}", fingerprint[0], fingerprint[1]);
}

std::optional<SequenceFingerprint> parse_fingerprint(std::string_view text) {
  if (text.size() != 32) return std::nullopt;
  SequenceFingerprint fingerprint{};
  for (std::size_t lane = 0; lane < 2; ++lane) {
    const char* begin = text.data() + 16 * lane;
    const auto [end, error] = std::from_chars(begin, begin + 16, fingerprint[lane], 16);
    if (error != std::errc{} || end != begin + 16) return std::nullopt;
  }
  return fingerprint;
}

Result<CensusEntry> classify_code(const OctalCode& code, const CensusLimits& limits) {
  Result<Computed> computed = compute(code, limits);
  if (!computed) return fail(computed.error());
  const GrundySequence& sequence = computed->sequence;
  CensusEntry entry;
  entry.code = code.to_string();
  entry.period = computed->period;
  if (entry.period) {
    entry.kind =
        entry.period->needed <= limits.trivial_heaps ? CensusClass::kTrivial : CensusClass::kSolved;
  }
  entry.computed_to = sequence.size() - 1;
  if (!entry.period) entry.stopped_by = computed->out_of_work ? "work" : "heaps";
  const SequenceStats stats = sequence.stats();
  entry.largest = stats.max_value;
  entry.largest_at = stats.max_value_first;
  entry.rare_mask = stats.mask;
  entry.rare_count = stats.rare_count;
  entry.last_rare = stats.last_rare;
  entry.fingerprint = fingerprint_of(sequence, entry.period);
  return entry;
}

void CensusGrouper::add(CensusEntry& entry, std::uint64_t index) {
  const bool proved = entry.period.has_value();
  const auto it = first_.find({entry.fingerprint, proved});
  if (it != first_.end() && it->second.index < index) {
    entry.equivalent_to = it->second.code;
    entry.equivalence_proved = proved;
    if (proved) entry.kind = CensusClass::kTrivial;
    return;
  }
  remember(entry.fingerprint, proved, entry.code, index);
}

void CensusGrouper::remember(const SequenceFingerprint& fingerprint, bool proved, std::string code,
                             std::uint64_t index) {
  const auto [it, added] = first_.try_emplace({fingerprint, proved}, First{code, index});
  if (!added && index < it->second.index) it->second = First{std::move(code), index};
}

Result<std::vector<PublishedGame>> parse_published_table(std::string_view text) {
  std::vector<PublishedGame> games;
  // Columns of prefix, period and nimbers: from the header row ("game | prefix | ..."), or the
  // second, third and fourth when the table has none.
  std::size_t prefix_column = 1, period_column = 2, values_column = 3;
  std::size_t line_number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    std::vector<std::string> cells;
    for (std::size_t begin = 0; begin <= line.size();) {
      const std::size_t bar = std::min(line.find('|', begin), line.size());
      cells.push_back(trim(line.substr(begin, bar - begin)));
      begin = bar + 1;
    }
    if (cells.size() >= 2 && cells[0] == "game") {
      const auto column = [&](std::string_view name) {
        return static_cast<std::size_t>(std::find(cells.begin(), cells.end(), name) -
                                        cells.begin());
      };
      prefix_column = column("prefix"), period_column = column("period");
      values_column = column("nimbers");
      if (prefix_column == cells.size() || period_column == cells.size()) {
        return fail(fmt::format("table line {}: no prefix and period columns", line_number));
      }
      continue;
    }
    if (cells.size() <= std::max(prefix_column, period_column) || cells[0].empty() ||
        !OctalCode::parse(cells[0]).ok()) {
      continue;
    }
    const std::string& prefix_text = cells[prefix_column];
    const std::string& period_text = cells[period_column];
    if (prefix_text.empty() && period_text.empty()) continue;  // listed without a solution
    const auto prefix = parse_number(prefix_text);
    const auto period = parse_number(period_text);
    if (!prefix || !period || *period == 0) {
      return fail(fmt::format("table line {}: prefix \"{}\" and period \"{}\" are not numbers",
                              line_number, prefix_text, period_text));
    }
    PublishedGame game{cells[0], *prefix, *period, {}};
    if (values_column < cells.size() && cells[values_column].find('(') != std::string::npos) {
      for (const char c : cells[values_column]) {
        if (c == '(' || c == ')') continue;
        const int value = digit_value(c);
        if (value < 0) {
          return fail(fmt::format("table line {}: nimber '{}' is not 0-9 or A-Z", line_number, c));
        }
        game.values.push_back(static_cast<std::uint32_t>(value));
      }
    }
    games.push_back(std::move(game));
  }
  return games;
}

Result<PublishedComparison> compare_published(const PublishedGame& published,
                                              const CensusLimits& limits) {
  Result<OctalCode> code = OctalCode::parse(published.code);
  if (!code) return fail(code.error());
  if (!published.values.empty() && published.values.size() != published.prefix + published.period) {
    return fail(fmt::format("published game {}: {} values, expected prefix + period = {}",
                            published.code, published.values.size(),
                            published.prefix + published.period));
  }
  Result<Computed> computed = compute(*code, limits);
  if (!computed) return fail(computed.error());
  const std::optional<Periodicity>& period = computed->period;
  using Verdict = PublishedComparison::Verdict;
  PublishedComparison comparison{
      Verdict::kAgrees, code->to_string(), std::nullopt, std::nullopt, {}};
  if (!period) {
    comparison.verdict = Verdict::kUnproved;
    comparison.note = fmt::format("no period proved within {} heaps", computed->sequence.size());
  } else if (period->preperiod != published.prefix || period->period != published.period) {
    comparison.verdict = Verdict::kDisagrees;
    comparison.note =
        fmt::format("published prefix {}, period {}; proved preperiod {}, period {}",
                    published.prefix, published.period, period->preperiod, period->period);
  }
  if (published.values.empty()) {
    if (comparison.verdict == Verdict::kAgrees) comparison.note = "prefix and period agree";
    return comparison;
  }
  std::uint64_t count = computed->sequence.size();
  if (period) {
    const auto exact =
        lcm_plus(published.period, period->period, std::max(published.prefix, period->preperiod));
    count = std::min(exact.value_or(limits.max_heap), std::max(limits.max_heap, count));
  }
  const std::vector<std::uint32_t> ours =
      period ? computed->sequence.values(0, count, *period) : computed->sequence.values(0, count);
  for (std::uint64_t n = 0; n < count; ++n) {
    const std::uint64_t r =
        n < published.prefix ? n : published.prefix + (n - published.prefix) % published.period;
    if (published.values[r] != ours[n]) {
      comparison.verdict = Verdict::kDisagrees;
      comparison.first_difference = n;
      comparison.note +=
          fmt::format("{}values differ first at heap {} (published {}, computed {})",
                      comparison.note.empty() ? "" : "; ", n, published.values[r], ours[n]);
      count = n + 1;
      break;
    }
  }
  comparison.compared_to = count - 1;
  if (comparison.verdict == Verdict::kAgrees) {
    comparison.note = fmt::format("agrees (values compared to heap {})", count - 1);
  }
  return comparison;
}

}  // namespace nimkit
