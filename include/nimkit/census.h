// A census of octal games: every code up to a number of digits, each classified as trivial,
// solved or unsolved, with codes whose Grundy sequences are identical grouped.
//
// The codes. census_codes(D) lists "4" (4.0, splitting a heap in two) and every code d0.d1...dj
// with 1 ≤ j ≤ D, octal digits d1...dj, dj ≠ 0 and d0 ∈ {0, 4}: the codes with a leading 4 are
// part of the census because splitting without removal gives games no 0.-code has (4.12, 4.3),
// as the published tables of octal games list them. Codes with d0 = 8 or C (three-heap splits
// without removal) are left to --codes lists. Order: by number of digits, then d0, then the
// digits as a number, so a code's smaller games come before it ("4", ".1" ... ".7", "4.1" ...).
//
// One code (classify_code): its Grundy sequence is computed by the sparse-space engine
// (grundy_sequence.h; the plain algorithm for codes with three-heap splits) until the Guy–Smith
// periodicity theorem (periodicity.h) proves a period or the heap bound is reached:
//  - trivial: a period proved from the values of heaps below CensusLimits::trivial_heaps (1000,
//    as the published table of trivial games counts them) — a closed form read off a short
//    table; a code is also trivial when its sequence equals an earlier code's (CensusGrouper);
//  - solved: a period proved from more values, with the bound the theorem used;
//  - unsolved: no period proved within the heap or work bound; the report gives the heaps computed,
//    the largest value and where it first appeared (the last heap at which the maximum changed),
//    and the rare values of the sparse-space engine.
// The work bound is charged every kCensusWorkInterval heaps from the estimated work of a value at
// that heap (sequence_value_work of grundy_sequence.h: the engine's rare count, or the options of
// the heap for codes the split sets do not serve), a function of the values alone: so where a
// computation stops depends on the values and the limits, not on the steps in which the sequence
// was extended.
//
// Equivalence (CensusGrouper): two codes are equivalent when their sequences are identical. For
// proved sequences that is exact: an eventually periodic sequence is fixed by its smallest
// preperiod n0, smallest period p and g(0) ... g(n0 + p - 1), which the fingerprint hashes (128
// bits). For unsolved codes it means identical values up to the heaps computed (a computation,
// not a proof); reports say which.
//
// Extra single-heap moves (CensusClassifier). Bits 1 and 2 of a digit d_k (k ≥ 1) give a heap at
// most one option each: bit 1 ("remove k, leave nothing") the value 0 to heap n = k, bit 2
// ("remove k, leave one heap") the value g(n − k) to heap n > k. When code B has every move of an
// earlier code A plus only such moves (adds_single_heap_moves), B's sequence equals A's at every
// heap up to the first heap n where one of B's extra options has the value g_A(n): below it the
// options of B are A's plus values other than their mex (induction on n), and at it B has A's
// options and their mex. Checking that costs O(1) per heap per extra bit, against O(rare heaps)
// per heap to compute B.
//
// Published tables (compare_published): rows "game | prefix | period | nimbers" as in the tables
// of solved and trivial octal games, compared with the proved period; the first heap at which
// the published sequence and the proved one differ.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "nimkit/limits.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"
#include "nimkit/result.h"

namespace nimkit {

// Heaps between two charges of the work bound (top of this file).
inline constexpr std::uint64_t kCensusWorkInterval = 4096;

// The most digits census_codes() enumerates: 2·8^D codes, about a million at D = 6.
inline constexpr std::size_t kMaxCensusDigits = 6;

// The codes of a census with D digits, in census order (top of this file). Fails when D is 0 or
// larger than kMaxCensusDigits.
Result<std::vector<OctalCode>> census_codes(std::size_t digits);

// A list of codes for a census, checked as each is added: it parses, allows a move, and is not
// in the list already (as canonical codes: "0.70" and ".7" are one code). Every front end that
// takes a list (`nimkit census --codes FILE`, the Python module's codes=) checks it here.
class CensusCodeList {
 public:
  // Adds the code `text` and returns nullopt, or returns the index of the entry it repeats
  // (adding nothing). Fails on text OctalCode::parse refuses, or on a code that allows no move.
  Result<std::optional<std::size_t>> add(std::string_view text);
  bool empty() const { return codes_.empty(); }
  std::vector<OctalCode> take() && { return std::move(codes_); }

 private:
  std::vector<OctalCode> codes_;
  std::map<std::string, std::size_t, std::less<>> index_;  // canonical code -> its entry
};

struct CensusLimits {
  // Heaps computed per code at most (the sparse-space engine).
  std::uint64_t max_heap = std::uint64_t{1} << 20;
  // Heaps computed per code with three-heap splits (the plain algorithm, quadratic per heap).
  std::uint64_t max_plain_heap = std::uint64_t{1} << 13;
  // Options a code's computation may visit, estimated (deterministically, so that every run
  // stops at the same heap) from the heaps computed: per heap, the rare heaps the sparse-space
  // engine enumerates, or the options of the heap for the plain algorithm and for codes with more
  // split lengths than the engine's split sets serve (sequence_value_work). Codes whose values
  // grow large have many rare heaps or long scans; this bound stops them where the heap bound
  // alone would take hours.
  std::uint64_t max_work = 4'000'000'000;
  // A period proved from at most this many values (heaps 0 ... trivial_heaps - 1) is trivial.
  std::uint64_t trivial_heaps = 1000;
  // Bytes of value tables of unsolved codes a CensusClassifier keeps (oldest dropped first) to
  // derive later codes from; 0 keeps none, and every code is computed.
  std::uint64_t cache_bytes = std::uint64_t{512} << 20;
  // A caller's meter, never charged (max_work is the census's own bound): once it is stopped
  // (cancel(), its deadline), a code's computation ends within kCensusWorkInterval heaps and
  // classify_code fails with the meter's reason. None when null.
  std::shared_ptr<WorkMeter> meter = nullptr;
};

// kLast: keep last; name a new value in the table beside its to_string() (checked there).
enum class CensusClass { kTrivial, kSolved, kUnsolved, kLast = kUnsolved };
std::string_view to_string(CensusClass kind);  // "trivial", "solved", "unsolved"
// The class named `text` by to_string(), and back (nullopt for any other text).
std::optional<CensusClass> parse_census_class(std::string_view text);

// 128 bits identifying a sequence (see the top of this file).
using SequenceFingerprint = std::array<std::uint64_t, 2>;
// 32 hexadecimal digits, and back (nullopt for any other text).
std::string to_string(const SequenceFingerprint& fingerprint);
std::optional<SequenceFingerprint> parse_fingerprint(std::string_view text);

struct CensusEntry {
  std::string code;  // canonical ("0.07", "4.12")
  CensusClass kind = CensusClass::kUnsolved;
  std::optional<Periodicity> period;  // proved (trivial or solved by its own period)
  std::uint64_t computed_to = 0;      // the largest heap whose value was computed
  // Unsolved: what stopped the computation, "heaps" (the heap bound) or "work" (max_work).
  std::string stopped_by;
  std::uint32_t largest = 0;     // the largest value of g(0) ... g(computed_to)
  std::uint64_t largest_at = 0;  // the smallest heap with that value
  std::uint32_t rare_mask = 0;   // sparse-space engine's mask (0: plain algorithm)
  std::uint64_t rare_count = 0;  // heaps ≥ 1 with a rare value under that mask
  std::optional<std::uint64_t> last_rare;
  SequenceFingerprint fingerprint{};
  // Set by CensusGrouper: the earliest code with the same sequence, and whether the equality is
  // proved (both periodic) or holds up to computed_to only.
  std::optional<std::string> equivalent_to;
  bool equivalence_proved = false;
  // Set by CensusClassifier when this entry was not computed but taken from the values of that
  // code, the equality checked heap by heap up to computed_to. Every other field is exactly what
  // computing the code gives, so census lines do not record it.
  std::optional<std::string> derived_from;
};

// The fields of a census line, in order, as `nimkit census` writes them (docs/census.md): code,
// class, preperiod and period (when proved), proved, needed and proof (when proved),
// computed_to, stopped_by (unsolved), largest, largest_at, rare_mask, rare_count, last_rare (when
// any), equivalent_to and equivalence ("proved" or "computed", when grouped), fingerprint. Each
// front end writes them in its own form (a JSON line, a Python dict). derived_from is left out.
using CensusValue = std::variant<std::string, std::uint64_t, bool>;
std::vector<std::pair<std::string_view, CensusValue>> census_fields(const CensusEntry& entry);

// Computes and classifies one code within `limits` (never equivalent_to: see CensusGrouper).
// Fails when the code has no moves.
Result<CensusEntry> classify_code(const OctalCode& code, const CensusLimits& limits);

// Whether `code` has every move of `base` and, besides, only single-heap moves: the same digit 0,
// the same bits 4 and 8 in every digit, and every bit 1 and 2 of base's digits (top of this file).
// False when the two codes are equal.
bool adds_single_heap_moves(const OctalCode& base, const OctalCode& code);

// Given g(0) ... g(S - 1) of base's sequence, the first heap below S at which the sequence of
// `code` differs from it (one of code's extra options has the value g(n)), or nullopt when the two
// agree on all S heaps. Fails when adds_single_heap_moves(base, code) does not hold.
Result<std::optional<std::uint64_t>> first_difference(const OctalCode& base,
                                                      std::span<const std::uint16_t> base_values,
                                                      const OctalCode& code);
Result<std::optional<std::uint64_t>> first_difference(const OctalCode& base,
                                                      std::span<const std::uint32_t> base_values,
                                                      const OctalCode& code);

// The code with bits 1 and 2 cleared from every digit after the point ("0.6" for 0.61, 0.62 and
// 0.601), as text: codes that may extend one another by single-heap moves share it.
std::string single_heap_family(const OctalCode& code);

// classify_code with a memory: the values of the unsolved codes it computed are kept (within
// limits.cache_bytes; the table used least recently is dropped first), and a code that adds
// single-heap moves to one of them whose values it provably shares up to that code's computed_to
// gets that code's entry under its own code (derived_from set) instead of being computed. Derived
// entries equal computed ones in every field: the work bound depends on the values alone (top of
// this file), and a period the code could prove within those values would have been proved for the
// kept code, whose theorem needs no more values (its k and kinds of move are at most the code's).
// Only unsolved codes are kept: the others are cheap, and their proofs depend on their own theorem.
class CensusClassifier {
 public:
  explicit CensusClassifier(const CensusLimits& limits);
  CensusClassifier(CensusClassifier&&) noexcept;
  CensusClassifier& operator=(CensusClassifier&&) noexcept;
  ~CensusClassifier();

  // As classify_code(code, limits) returns it (plus derived_from when derived).
  Result<CensusEntry> classify(const OctalCode& code);

  const CensusLimits& limits() const { return limits_; }
  std::uint64_t kept_bytes() const { return kept_bytes_; }
  std::size_t kept_codes() const;

 private:
  struct Kept;
  CensusLimits limits_;
  std::deque<std::unique_ptr<Kept>> kept_;  // least recently used first
  std::uint64_t kept_bytes_ = 0;
};

// Groups codes with identical sequences: each code is compared with those added before it.
class CensusGrouper {
 public:
  // Records `entry` as seen (its code at census position `index`); an entry with the same
  // fingerprint already recorded at a smaller index makes `entry` equivalent to that code (and
  // trivial when the equivalence is proved). Entries may be added in any order (a resumed or
  // distributed census); equivalence always names the code with the smallest index seen.
  void add(CensusEntry& entry, std::uint64_t index);
  // Records a code already classified elsewhere (a line of a resumed output), by fingerprint.
  void remember(const SequenceFingerprint& fingerprint, bool proved, std::string code,
                std::uint64_t index);

 private:
  struct First {
    std::string code;
    std::uint64_t index;
  };
  // (fingerprint, proved) -> the code with the smallest index seen.
  std::map<std::pair<SequenceFingerprint, bool>, First> first_;
};

// One row of a published table: the game's code, prefix (preperiod), period and, when the table
// gives them, the values of the prefix and one period.
struct PublishedGame {
  std::string code;
  std::uint64_t prefix = 0;
  std::uint64_t period = 0;
  std::vector<std::uint32_t> values;  // empty when the table gives none
};

// The rows of a Markdown table whose columns start "game | prefix | period" (a fourth column of
// nimbers, digits 0-9 then A-Z for 10-35, the period in parentheses, is read when present);
// other lines are skipped. Fails naming a row whose numbers or values do not parse.
Result<std::vector<PublishedGame>> parse_published_table(std::string_view text);

struct PublishedComparison {
  // kUnproved: no period proved within the limits and no value differs among those computed.
  // kLast: keep last; name a new value in the table beside its to_string() (checked there).
  enum class Verdict { kAgrees, kDisagrees, kUnproved, kLast = kUnproved };
  Verdict verdict = Verdict::kAgrees;
  std::string code;
  // The first heap at which the published sequence and the computed one differ, when found.
  std::optional<std::uint64_t> first_difference;
  // Values were compared for heaps 0 ... compared_to (none when the row gives no values).
  std::optional<std::uint64_t> compared_to;
  std::string note;  // the verdict in words
};
std::string_view to_string(PublishedComparison::Verdict verdict);  // "agrees", ...

// Compares one published row with the code's sequence, computed within `limits`: prefix and
// period against the proved preperiod and period, and, when the row gives values, the published
// sequence (extended by its period) against the computed one, heap by heap, up to
// max(prefix, n0) + lcm(period, p) (where two eventually periodic sequences that still agree agree
// for ever) or limits.max_heap, whichever is smaller. Fails like classify_code, or on a row whose
// values do not number prefix + period.
Result<PublishedComparison> compare_published(const PublishedGame& published,
                                              const CensusLimits& limits);

}  // namespace nimkit
