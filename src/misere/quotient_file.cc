// The quotient file format (misere_quotient.h), version 3 (versions 1 and 2 read too), and its
// reader, which trusts nothing: fields in range before anything is allocated, the checksum, the
// ruleset, the table's laws, reduction, and the verification of every heap against the ruleset's
// own moves.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <optional>

#include "builder.h"
#include "nimkit/checked.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/quote.h"

namespace nimkit {
namespace {

constexpr char kMagic[] = "NIMKITMQ";
constexpr std::uint32_t kVersion = 3;
// Bytes per cell of the table: 4 in version 1; in version 2, 2 while every element fits.
int cell_bytes(std::uint64_t version, std::uint64_t order) {
  return version >= 2 && order <= QuotientCells::kNarrowOrder ? 2 : 4;
}
constexpr std::size_t kMaxText = 1024;  // the ruleset and the stop reason, in bytes
// Rounds of the next heap a file may keep, and heaps in one round's sum.
constexpr std::uint64_t kMaxRounds = 1'000'000;
constexpr std::uint64_t kMaxRoundHeaps = 1'000'000;

// FNV-1a over the bytes.
std::uint64_t checksum(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

void put(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

void put_text(std::string& out, std::string_view text) {
  put(out, text.size(), 4);
  out.append(text);
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  std::size_t left() const { return bytes_.size() - at_; }
  bool get(std::uint64_t& value, int bytes) {
    if (left() < static_cast<std::size_t>(bytes)) return false;
    value = 0;
    for (int i = 0; i < bytes; ++i) {
      value |= std::uint64_t{static_cast<unsigned char>(bytes_[at_ + i])} << (8 * i);
    }
    at_ += bytes;
    return true;
  }
  bool text(std::string& out) {
    std::uint64_t size = 0;
    if (!get(size, 4) || size > kMaxText || left() < size) return false;
    out.assign(bytes_.substr(at_, size));
    at_ += size;
    return true;
  }
  std::size_t at() const { return at_; }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

Error corrupt(std::string_view what) {
  return fail(fmt::format("the quotient file is corrupt or truncated ({})", what));
}

}  // namespace

std::string save_misere_quotient(const MisereQuotient& q) {
  std::string out(kMagic, 8);
  put(out, kVersion, 4);
  put_text(out, q.rules());
  put(out, q.order(), 8);
  const int width = cell_bytes(kVersion, q.order());
  out.reserve(out.size() + q.order() * q.order() * static_cast<std::size_t>(width) + q.order() +
              (q.max_heap() + 1) * 4 + 64);
  for (QuotientElement x = 0; x < q.order(); ++x) {
    for (QuotientElement y = 0; y < q.order(); ++y) put(out, q.multiply(x, y), width);
  }
  for (QuotientElement x = 0; x < q.order(); ++x) put(out, q.in_p(x) ? 1 : 0, 1);
  put(out, q.max_heap() + 1, 8);
  for (std::uint64_t h = 0; h <= q.max_heap(); ++h) put(out, q.phi(h), 4);
  const MiserePeriod period = q.period().value_or(MiserePeriod{0, 0, 0});
  put(out, q.period() ? 1 : 0, 1);
  put(out, period.preperiod, 8);
  put(out, period.period, 8);
  put(out, period.checked_to, 8);
  put_text(out, q.stopped());
  put(out, q.rounds() ? 1 : 0, 1);
  if (const auto& rounds = q.rounds()) {
    put(out, rounds->period, 4);
    put(out, rounds->rounds.size(), 8);
    for (const QuotientRound& round : rounds->rounds) {
      for (const auto* heaps : {&round.failure, &round.split}) {
        put(out, heaps->size(), 8);
        for (std::uint64_t heap : *heaps) put(out, heap, 8);
      }
    }
  }
  put(out, checksum(out), 8);
  return out;
}

namespace {

// The fields of a file, read and range-checked (nothing about what they mean yet).
struct Fields {
  std::string name;
  detail::Table table;
  std::vector<QuotientElement> phi;
  bool has_period = false;
  MiserePeriod period;
  std::string stopped;
  std::optional<QuotientRounds> rounds;
};

// Heaps of a round: `size` of them, each 1 to `next_heap`, ascending (strictly when `distinct`).
bool read_heaps(Reader& in, std::uint64_t next_heap, bool distinct,
                std::vector<std::uint64_t>& out) {
  std::uint64_t size = 0;
  if (!in.get(size, 8) || size > kMaxRoundHeaps || size > in.left() / 8) return false;
  out.resize(size);
  for (std::uint64_t& heap : out) {
    in.get(heap, 8);
    if (heap < 1 || heap > next_heap) return false;
  }
  const auto out_of_order =
      distinct ? std::adjacent_find(out.begin(), out.end(), std::greater_equal<std::uint64_t>())
               : std::adjacent_find(out.begin(), out.end(), std::greater<std::uint64_t>());
  return out_of_order == out.end();
}

// The rounds of a version 3 file: each a nonempty sum and a split of some of its heaps.
bool read_rounds(Reader& in, std::uint64_t next_heap, std::optional<QuotientRounds>& out) {
  std::uint64_t has = 0;
  if (!in.get(has, 1) || has > 1) return false;
  if (has == 0) return true;
  std::uint64_t period = 0;
  std::uint64_t count = 0;
  if (!in.get(period, 4) || period < 1 || period > kMostQuotientPeriod || !in.get(count, 8) ||
      count == 0 || count > kMaxRounds || count > in.left() / 24) {
    return false;
  }
  QuotientRounds rounds;
  rounds.period = static_cast<std::uint32_t>(period);
  rounds.rounds.resize(count);
  for (QuotientRound& round : rounds.rounds) {
    if (!read_heaps(in, next_heap, false, round.failure) || round.failure.empty() ||
        !read_heaps(in, next_heap, true, round.split) ||
        !std::includes(round.failure.begin(), round.failure.end(), round.split.begin(),
                       round.split.end())) {
      return false;
    }
  }
  out = std::move(rounds);
  return true;
}

Result<Fields> read_fields(std::string_view bytes, const QuotientBounds& bounds) {
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kMagic, 8) != 0) {
    return fail("not a quotient file (no NIMKITMQ header)");
  }
  Reader in(bytes.substr(8));
  std::uint64_t version = 0;
  if (!in.get(version, 4)) return corrupt("no version");
  if (version < 1 || version > kVersion) {
    return fail(fmt::format("quotient file version {} is not supported (this nimkit reads 1 to {})",
                            version, kVersion));
  }
  Fields f;
  std::uint64_t order = 0;
  if (!in.text(f.name)) return corrupt("the ruleset");
  if (!in.get(order, 8)) return corrupt("the order");
  // No elements is no quotient; more than the bound may be a true quotient, too large to read.
  if (order == 0 || order > bounds.max_order) {
    return fail(order == 0 ? ErrorKind::kBadInput : ErrorKind::kLimit,
                fmt::format("the quotient file holds {} elements, outside 1 to {}", order,
                            bounds.max_order));
  }
  // The table alone is order² words: refuse a short file before allocating it. Sizes from the
  // file are checked, not computed: order² · 4 wraps for an order near 2^31, and a wrapped size
  // would pass the length check and reach the allocation.
  const int width = cell_bytes(version, order);
  const std::optional<std::uint64_t> table_cells = checked_mul(order, order);
  const std::optional<std::uint64_t> table_bytes =
      table_cells ? checked_size(*table_cells, static_cast<std::uint64_t>(width), in.left())
                  : std::nullopt;
  if (!table_bytes || in.left() - *table_bytes < order) return corrupt("the table");
  f.table.resize(order);
  for (std::size_t i = 0; i < *table_cells; ++i) {
    std::uint64_t v = 0;
    in.get(v, width);
    if (v >= order) return corrupt("an element out of range");
    f.table.cells.set(i, static_cast<QuotientElement>(v));
  }
  for (std::size_t x = 0; x < order; ++x) {
    std::uint64_t v = 0;
    in.get(v, 1);
    if (v > 1) return corrupt("the P-portion");
    f.table.p[x] = v == 1;
  }
  std::uint64_t heaps = 0;
  if (!in.get(heaps, 8) || heaps == 0) return corrupt("the heap count");
  if (heaps - 1 > bounds.max_heap) {
    return fail_limit(fmt::format("the quotient file covers heaps to {}, past the heap bound {}",
                                  heaps - 1, bounds.max_heap));
  }
  if (!checked_size(heaps, 4, in.left())) return corrupt("the pretending function");
  f.phi.resize(heaps);
  for (QuotientElement& x : f.phi) {
    std::uint64_t v = 0;
    in.get(v, 4);
    if (v >= order) return corrupt("an element out of range");
    x = static_cast<QuotientElement>(v);
  }
  std::uint64_t has_period = 0;
  if (!in.get(has_period, 1) || has_period > 1 || !in.get(f.period.preperiod, 8) ||
      !in.get(f.period.period, 8) || !in.get(f.period.checked_to, 8) || !in.text(f.stopped)) {
    return corrupt("the period");
  }
  if (version >= 3 && (!read_rounds(in, heaps, f.rounds) || (f.rounds && has_period == 1))) {
    return corrupt("the rounds");
  }
  f.has_period = has_period == 1;
  const std::size_t body = 8 + in.at();
  std::uint64_t sum = 0;
  if (!in.get(sum, 8) || in.left() != 0) return corrupt("the checksum");
  if (sum != checksum(bytes.substr(0, body))) return corrupt("checksum mismatch");
  return f;
}

}  // namespace

Result<MisereQuotient> load_misere_quotient(std::string_view bytes, const Ruleset& rules,
                                            const QuotientBounds& bounds, const Limits& limits) {
  auto read = read_fields(bytes, bounds);
  if (!read) return read.failure();
  Fields& f = *read;
  // The contents: whose, and whether they hold.
  if (f.name != detail::quotient_rules(rules)) {
    return fail(fmt::format("the quotient file is of {}, not of {}", quoted(f.name),
                            detail::quotient_rules(rules)));
  }
  if (!valid_utf8(f.stopped)) return corrupt("the stop reason");
  if (f.phi[0] != 0 || f.table.p[0]) return fail("the quotient file puts the empty sum in P");
  if (!detail::is_commutative_monoid(f.table, f.phi)) {
    return fail("the quotient file's table is not a commutative monoid generated by its heaps");
  }
  std::vector<std::vector<QuotientElement>> action;
  for (QuotientElement g : f.phi) {
    std::vector<QuotientElement> row(f.table.order);
    for (QuotientElement x = 0; x < f.table.order; ++x) row[x] = f.table.at(x, g);
    action.push_back(std::move(row));
  }
  const auto classes = detail::indistinguishable(f.table.p, action, limits);
  if (!classes) {
    return fail_as(classes.failure(),
                   "the quotient file could not be verified: " + classes.error());
  }
  if (*std::max_element(classes->begin(), classes->end()) + 1 != f.table.order) {
    return fail("the quotient file's monoid is not reduced (two elements are indistinguishable)");
  }
  const auto octal = detail::octal_bound(rules);
  if (f.has_period && (!octal || !detail::period_proved(f.phi, f.period, *octal))) {
    return fail("the quotient file's period is not proved by the misère periodicity theorem");
  }
  MisereQuotient quotient(f.name, f.table.cells, f.table.p, f.phi,
                          detail::growth_heaps(f.table, f.phi),
                          f.has_period ? std::optional<MiserePeriod>(f.period) : std::nullopt,
                          f.stopped, std::nullopt, std::move(f.rounds));
  const HeapGame* game = detail::single_heap_game(rules);
  if (!game)
    return fail(ErrorKind::kUnsupported, fmt::format("{} has no misère quotients", rules.spec()));
  detail::QuotientBuilder check(*game, f.name, octal, bounds, limits);
  auto verified = check.resume(quotient);
  if (!verified) {
    // A stop (a bound, the limits, a cancel) says nothing against the file.
    const bool stopped = verified.error_kind() != ErrorKind::kBadInput;
    return fail_as(verified.failure(), (stopped ? "the quotient file could not be verified: "
                                                : "the quotient file does not verify: ") +
                                           verified.error());
  }
  return quotient;
}

}  // namespace nimkit
