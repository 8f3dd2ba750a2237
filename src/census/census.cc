#include "nimkit/census.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <numeric>
#include <utility>

#include "../enum_names.h"
#include "nimkit/checked.h"
#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/quote.h"

namespace nimkit {

namespace {

constexpr EnumName<CensusClass> kCensusClassNames[] = {
    {CensusClass::kTrivial, "trivial"},
    {CensusClass::kSolved, "solved"},
    {CensusClass::kUnsolved, "unsolved"},
};
static_assert(names_every_value(kCensusClassNames), "a CensusClass has no name");

constexpr EnumName<PublishedComparison::Verdict> kVerdictNames[] = {
    {PublishedComparison::Verdict::kAgrees, "agrees"},
    {PublishedComparison::Verdict::kDisagrees, "disagrees"},
    {PublishedComparison::Verdict::kUnproved, "unproved"},
};
static_assert(names_every_value(kVerdictNames), "a PublishedComparison::Verdict has no name");

}  // namespace
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

// The sequence of `code`, extended until a period is proved or a bound is reached
// (prove_period_metered). The work bound is charged only at multiples of kCensusWorkInterval (the
// metered run reports every one of them), each block from the estimated work of a value there
// (sequence_value_work), and the computation stops at the first multiple where it is exceeded:
// both are functions of the values, whatever the steps (which depend on the code's theorem).
Result<Computed> compute(const OctalCode& code, const CensusLimits& limits) {
  Result<SplitGame> game = SplitGame::parse(code.to_string());
  if (!game) return game.failure();
  const bool plain = game->has_triple_split();
  Result<GrundySequence> created =
      GrundySequence::create(*game, plain ? SequenceAlgorithm::kPlain : SequenceAlgorithm::kSparse);
  if (!created) return created.failure();
  Computed computed{std::move(*created), std::nullopt, false};
  const std::uint64_t bound = std::max<std::uint64_t>(
      std::min<std::uint64_t>(plain ? limits.max_plain_heap : limits.max_heap, 1ULL << 32), 2);
  std::uint64_t work = 0;
  std::uint64_t charged_to = 0;  // a multiple of kCensusWorkInterval
  const MeteredReport meter = [&](const SequenceProgress& progress, std::uint64_t /*stretch*/) {
    const std::uint64_t reached = progress.heaps_done / kCensusWorkInterval * kCensusWorkInterval;
    if (!computed.out_of_work && reached > charged_to) {
      const std::uint64_t heaps = reached - charged_to;
      charged_to = reached;
      work = saturating_add(work, saturating_mul(heaps, sequence_value_work(*game, progress)));
      computed.out_of_work = work > limits.max_work;
    }
    return !computed.out_of_work && !(limits.meter && limits.meter->exhausted());
  };
  auto proved = prove_period_metered(computed.sequence, bound, meter, kCensusWorkInterval);
  if (limits.meter && limits.meter->exhausted()) {
    return fail(
        limits.meter->cancelled() ? ErrorKind::kCancelled : ErrorKind::kLimit,
        fmt::format("census of {} stopped by {}", code.to_string(), limits.meter->reason()));
  }
  if (proved) {
    computed.period = *proved;
    computed.out_of_work = false;
  }
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

CensusEntry entry_of(const OctalCode& code, const Computed& computed, const CensusLimits& limits) {
  const GrundySequence& sequence = computed.sequence;
  CensusEntry entry;
  entry.code = code.to_string();
  entry.period = computed.period;
  if (entry.period) {
    entry.kind =
        entry.period->needed <= limits.trivial_heaps ? CensusClass::kTrivial : CensusClass::kSolved;
  }
  entry.computed_to = sequence.size() - 1;
  if (!entry.period) entry.stopped_by = computed.out_of_work ? "work" : "heaps";
  const SequenceStats stats = sequence.stats();
  entry.largest = stats.max_value;
  entry.largest_at = stats.max_value_first;
  entry.rare_mask = stats.mask;
  entry.rare_count = stats.rare_count;
  entry.last_rare = stats.last_rare;
  entry.fingerprint = fingerprint_of(sequence, entry.period);
  return entry;
}

// The extra moves of `code` over `base`, as removal counts: bit 1 (remove a whole heap of k) and
// bit 2 (remove k, leave one heap).
struct ExtraMoves {
  std::vector<std::uint64_t> whole;
  std::vector<std::uint64_t> one;
};

ExtraMoves extra_moves(const OctalCode& base, const OctalCode& code) {
  ExtraMoves extra;
  for (std::size_t k = 1; k < code.digits.size(); ++k) {
    const std::uint8_t added = code.digits[k] & ~(k < base.digits.size() ? base.digits[k] : 0);
    if ((added & 1) != 0) extra.whole.push_back(k);
    if ((added & 2) != 0) extra.one.push_back(k);
  }
  return extra;
}

template <typename V>
Result<std::optional<std::uint64_t>> first_difference_of(const OctalCode& base,
                                                         std::span<const V> g,
                                                         const OctalCode& code) {
  if (!adds_single_heap_moves(base, code)) {
    return fail(fmt::format("code {} does not add only single-heap moves to {}", code.to_string(),
                            base.to_string()));
  }
  const ExtraMoves extra = extra_moves(base, code);
  // Each extra move is checked up to the first difference found so far: past it the induction
  // that makes g the code's sequence no longer holds, and an earlier one is what is asked.
  std::uint64_t first = g.size();
  for (const std::uint64_t k : extra.whole) {
    if (k < first && g[k] == 0) first = k;  // heap k gains the option 0
  }
  for (const std::uint64_t k : extra.one) {
    for (std::uint64_t n = k + 1; n < first; ++n) {
      if (g[n - k] == g[n]) {  // heap n gains the option g(n - k)
        first = n;
        break;
      }
    }
  }
  if (first == g.size()) return std::optional<std::uint64_t>{};
  return std::optional<std::uint64_t>{first};
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

Result<std::optional<std::size_t>> CensusCodeList::add(std::string_view text) {
  Result<OctalCode> code = OctalCode::parse(text);
  if (!code) return code.failure();
  if (code->max_parts() == 0) return fail(fmt::format("code {} allows no move", quoted(text)));
  const auto [it, added] = index_.emplace(code->to_string(), codes_.size());
  if (!added) return std::optional<std::size_t>(it->second);
  codes_.push_back(*std::move(code));
  return std::optional<std::size_t>();
}

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

std::vector<std::pair<std::string_view, CensusValue>> census_fields(const CensusEntry& entry) {
  std::vector<std::pair<std::string_view, CensusValue>> out;
  const auto add = [&](std::string_view key, CensusValue value) {
    out.emplace_back(key, std::move(value));
  };
  add("code", entry.code);
  add("class", std::string(to_string(entry.kind)));
  if (entry.period) {
    add("preperiod", entry.period->preperiod);
    add("period", entry.period->period);
  }
  add("proved", entry.period.has_value());
  if (entry.period) {
    add("needed", entry.period->needed);
    add("proof", entry.period->proof);
  }
  add("computed_to", entry.computed_to);
  if (!entry.stopped_by.empty()) add("stopped_by", entry.stopped_by);
  add("largest", std::uint64_t{entry.largest});
  add("largest_at", entry.largest_at);
  add("rare_mask", std::uint64_t{entry.rare_mask});
  add("rare_count", entry.rare_count);
  if (entry.last_rare) add("last_rare", *entry.last_rare);
  if (entry.equivalent_to) {
    add("equivalent_to", *entry.equivalent_to);
    add("equivalence", std::string(entry.equivalence_proved ? "proved" : "computed"));
  }
  add("fingerprint", to_string(entry.fingerprint));
  return out;
}

std::string_view to_string(CensusClass kind) { return name_of(kCensusClassNames, kind); }

std::optional<CensusClass> parse_census_class(std::string_view text) {
  return value_named(kCensusClassNames, text);
}

std::string_view to_string(PublishedComparison::Verdict verdict) {
  return name_of(kVerdictNames, verdict);
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
  if (!computed) return computed.failure();
  return entry_of(code, *computed, limits);
}

bool adds_single_heap_moves(const OctalCode& base, const OctalCode& code) {
  if (base == code) return false;
  for (std::size_t k = 0; k < std::max(base.digits.size(), code.digits.size()); ++k) {
    const std::uint8_t a = k < base.digits.size() ? base.digits[k] : 0;
    const std::uint8_t b = k < code.digits.size() ? code.digits[k] : 0;
    if ((a & ~b) != 0 || (a & 12) != (b & 12) || (k == 0 && a != b)) return false;
  }
  return true;
}

Result<std::optional<std::uint64_t>> first_difference(const OctalCode& base,
                                                      std::span<const std::uint16_t> base_values,
                                                      const OctalCode& code) {
  return first_difference_of(base, base_values, code);
}

Result<std::optional<std::uint64_t>> first_difference(const OctalCode& base,
                                                      std::span<const std::uint32_t> base_values,
                                                      const OctalCode& code) {
  return first_difference_of(base, base_values, code);
}

std::string single_heap_family(const OctalCode& code) {
  std::vector<std::uint8_t> digits = code.digits;
  for (std::size_t k = 1; k < digits.size(); ++k) digits[k] &= static_cast<std::uint8_t>(~3u);
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  return OctalCode{digits}.to_string();
}

// One kept table: an unsolved code's entry and values (16 bits while they fit, else 32).
struct CensusClassifier::Kept {
  OctalCode code;
  CensusEntry entry;
  std::vector<std::uint16_t> narrow;
  std::vector<std::uint32_t> wide;

  std::uint64_t bytes() const { return narrow.size() * 2 + wide.size() * 4; }
  // Whether `other` is derived from this table: nullopt when it is not (or the check fails).
  std::optional<CensusEntry> derive(const OctalCode& other) const {
    if (!adds_single_heap_moves(code, other)) return std::nullopt;
    const auto difference =
        wide.empty() ? first_difference(code, narrow, other) : first_difference(code, wide, other);
    if (!difference || difference->has_value()) return std::nullopt;
    CensusEntry derived = entry;
    derived.code = other.to_string();
    derived.derived_from = entry.code;
    return derived;
  }
};

CensusClassifier::CensusClassifier(const CensusLimits& limits) : limits_(limits) {}
CensusClassifier::CensusClassifier(CensusClassifier&&) noexcept = default;
CensusClassifier& CensusClassifier::operator=(CensusClassifier&&) noexcept = default;
CensusClassifier::~CensusClassifier() = default;

std::size_t CensusClassifier::kept_codes() const { return kept_.size(); }

Result<CensusEntry> CensusClassifier::classify(const OctalCode& code) {
  // The tables used last first: a census meets a code's family soon after its first member. A
  // table that serves moves to the back, so that the tables of large families are dropped last.
  for (auto it = kept_.rbegin(); it != kept_.rend(); ++it) {
    std::optional<CensusEntry> derived = (*it)->derive(code);
    if (!derived) continue;
    std::unique_ptr<Kept> used = std::move(*it);
    kept_.erase(std::next(it).base());
    kept_.push_back(std::move(used));
    return *std::move(derived);
  }
  Result<Computed> computed = compute(code, limits_);
  if (!computed) return computed.failure();
  CensusEntry entry = entry_of(code, *computed, limits_);
  const GrundySequence& sequence = computed->sequence;
  const std::uint64_t bytes = sequence.size() * (entry.largest > 0xFFFF ? 4 : 2);
  if (entry.kind != CensusClass::kUnsolved || bytes > limits_.cache_bytes) return entry;
  auto kept = std::make_unique<Kept>(Kept{code, entry, {}, {}});
  std::vector<std::uint32_t> values = sequence.values(0, sequence.size());
  if (entry.largest > 0xFFFF) {
    kept->wide = std::move(values);
  } else {
    kept->narrow.assign(values.begin(), values.end());
  }
  while (!kept_.empty() && kept_bytes_ + bytes > limits_.cache_bytes) {
    kept_bytes_ -= kept_.front()->bytes();
    kept_.pop_front();
  }
  kept_bytes_ += bytes;
  kept_.push_back(std::move(kept));
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
  if (!code) return code.failure();
  if (!published.values.empty() && published.values.size() != published.prefix + published.period) {
    return fail(fmt::format("published game {}: {} values, expected prefix + period = {}",
                            published.code, published.values.size(),
                            published.prefix + published.period));
  }
  Result<Computed> computed = compute(*code, limits);
  if (!computed) return computed.failure();
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
