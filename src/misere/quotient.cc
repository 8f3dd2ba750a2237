// MisereQuotient: the value type, its normal forms, presentation and tameness.
#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <thread>

#include "monoid.h"
#include "nimkit/checked.h"
#include "nimkit/misere_quotient.h"

namespace nimkit {
namespace {

// "²" for 2: exponents as superscripts.
std::string superscript(std::uint32_t n) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  const std::string digits = std::to_string(n);
  std::string out;
  for (char c : digits) out += kDigits[c - '0'];
  return out;
}

}  // namespace

namespace {

// Frees v's storage (`v = {}` would not: it assigns an empty list and keeps the capacity).
template <typename T>
void release(std::vector<T>& v) {
  v = std::vector<T>();
}

}  // namespace

void QuotientCells::reset(std::size_t order) {
  // Storage too small is freed before the new is allocated, so that the two are never held at
  // once (assign() would allocate first).
  if (order <= kNarrowOrder) {
    release(wide_);
    if (order * order > narrow_.capacity()) release(narrow_);
    narrow_.assign(order * order, 0);
  } else {
    release(narrow_);
    if (order * order > wide_.capacity()) release(wide_);
    wide_.assign(order * order, 0);
  }
}

std::uint64_t QuotientCells::bytes(std::uint64_t order) {
  return saturating_mul(saturating_mul(order, order), order <= kNarrowOrder ? 2 : 4);
}

MisereQuotient::MisereQuotient(std::string rules, QuotientCells table, std::vector<bool> p,
                               std::vector<QuotientElement> phi,
                               std::vector<std::uint64_t> generators_at,
                               std::optional<MiserePeriod> period, std::string stopped,
                               std::optional<IndexProof> index_proof,
                               std::optional<QuotientRounds> rounds,
                               std::vector<ProvedOutcome> proved_outcomes)
    : rules_(std::move(rules)),
      order_(p.size()),
      table_(std::move(table)),
      p_(std::move(p)),
      phi_(std::move(phi)),
      generators_at_(std::move(generators_at)),
      period_(period),
      stopped_(std::move(stopped)),
      index_proof_(std::move(index_proof)),
      rounds_(std::move(rounds)),
      proved_outcomes_(std::move(proved_outcomes)) {
  assert(table_.size() == order_ * order_ && !phi_.empty());
  for (std::uint64_t heap : generators_at_) generators_.push_back(phi_[heap]);
  words_ = detail::normal_forms(*this, generators_);
  grew_at_ = detail::order_growth_heaps(*this, generators_at_);
}

std::size_t MisereQuotient::p_size() const {
  return static_cast<std::size_t>(std::count(p_.begin(), p_.end(), true));
}

std::vector<QuotientElement> MisereQuotient::p_portion() const {
  std::vector<QuotientElement> out;
  for (QuotientElement x = 0; x < order_; ++x) {
    if (p_[x]) out.push_back(x);
  }
  return out;
}

std::uint64_t MisereQuotient::reduced_heap(std::uint64_t heap) const {
  if (heap <= max_heap() || !period_) return heap;
  const std::uint64_t n0 = period_->preperiod;
  const std::uint64_t p = period_->period;
  // heap ≥ n0 + p here (max_heap ≥ n0 + p): fold into [n0, n0 + p).
  return n0 + (heap - n0) % p;
}

QuotientElement MisereQuotient::phi(std::uint64_t heap) const {
  assert(covers(heap));
  return phi_[reduced_heap(heap)];
}

std::vector<QuotientRelation> MisereQuotient::relations() const {
  return detail::rewriting_relations(*this, generators_, words_);
}

std::vector<std::string> MisereQuotient::relation_texts() const {
  std::vector<std::string> out;
  for (const QuotientRelation& r : relations()) {
    out.push_back(word_name(r.left) + " = " + word_name(r.right));
  }
  return out;
}

std::vector<QuotientElement> MisereQuotient::elements_in_order() const {
  std::vector<QuotientElement> elements(order_);
  for (QuotientElement x = 0; x < order_; ++x) elements[x] = x;
  std::sort(elements.begin(), elements.end(), [&](QuotientElement x, QuotientElement y) {
    const auto& a = words_[x];
    const auto& b = words_[y];
    return std::lexicographical_compare(a.rbegin(), a.rend(), b.rbegin(), b.rend());
  });
  return elements;
}

std::string MisereQuotient::word_name(const std::vector<std::uint32_t>& word) {
  std::string out;
  for (std::size_t g = 0; g < word.size(); ++g) {
    if (word[g] == 0) continue;
    out += g < 26 ? std::string(1, static_cast<char>('a' + g)) : fmt::format("g{}", g + 1);
    if (word[g] > 1) out += superscript(word[g]);
  }
  return out.empty() ? "1" : out;
}

bool MisereQuotient::tame() const {
  // T_m: 1 and a (a² = 1) with the rest G a group of order 2^m (m ≥ 1) whose elements square to
  // its identity e, a·e ≠ e, and P = {a, e}; or T_1 = {1, a} with P = {a}.
  if (order_ < 2) return false;
  QuotientElement a = 0;
  for (QuotientElement x = 1; x < order_; ++x) {
    if (multiply(x, x) == 0) {
      if (a != 0) return false;
      a = x;
    }
  }
  if (a == 0 || !p_[a] || p_[0]) return false;
  if (order_ == 2) return p_size() == 1;
  const std::size_t group = order_ - 2;
  if ((group & (group - 1)) != 0) return false;
  std::vector<QuotientElement> rest;
  for (QuotientElement x = 1; x < order_; ++x) {
    if (x != a) rest.push_back(x);
  }
  // The identity of G: the element e of G with e·g = g for all g in G.
  std::optional<QuotientElement> e;
  for (QuotientElement x : rest) {
    if (std::all_of(rest.begin(), rest.end(),
                    [&](QuotientElement g) { return multiply(x, g) == g; })) {
      e = x;
    }
  }
  if (!e || multiply(a, *e) == *e) return false;
  for (QuotientElement x : rest) {
    if (multiply(x, x) != *e || multiply(a, x) == a || multiply(a, x) == 0) return false;
    for (QuotientElement y : rest) {
      if (multiply(x, y) == a || multiply(x, y) == 0) return false;
    }
  }
  for (QuotientElement x = 0; x < order_; ++x) {
    if (p_[x] != (x == a || x == *e)) return false;
  }
  return true;
}

namespace {

// "25 + 26×30 + 28×34": a sum by its heaps (ascending), repeated heaps counted.
std::string sum_text(const std::vector<std::uint64_t>& sum) {
  std::string out;
  for (std::size_t i = 0; i < sum.size();) {
    std::size_t j = i;
    while (j < sum.size() && sum[j] == sum[i]) ++j;
    if (!out.empty()) out += " + ";
    out += j - i == 1 ? fmt::format("{}", sum[i]) : fmt::format("{}×{}", j - i, sum[i]);
    i = j;
  }
  return out;
}

}  // namespace

std::string describe(const ProvedOutcome& outcome) {
  return fmt::format("{} is {}", sum_text(outcome.sum), outcome.in_p ? "P" : "N");
}

std::vector<std::uint64_t> IndexProof::upper() const {
  std::vector<std::uint64_t> out = lower;
  out.insert(std::upper_bound(out.begin(), out.end(), heap), period, heap);
  return out;
}

std::uint64_t index_bound(const QuotientBounds& bounds, std::uint64_t heap) {
  if (bounds.max_index) return *bounds.max_index;
  return std::max<std::uint64_t>(kLeastIndexBound, heap);
}

std::string describe(const QuotientProgress& progress) {
  std::string candidate;
  if (progress.candidate_order > 0) {
    candidate = fmt::format("; candidate {} of {} elements, {} pairs verified", progress.round + 1,
                            progress.candidate_order, progress.pairs);
  } else if (progress.pairs > 0) {
    candidate = fmt::format("; {} pairs verified", progress.pairs);
  }
  return fmt::format("heap {}, {} elements so far{}", progress.heap, progress.order, candidate);
}

std::size_t default_quotient_threads() {
  return std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 2);
}

std::string describe(const IndexProof& proof) {
  return fmt::format("among heaps up to {}, Φ({})^{} ≠ Φ({})^{}: {} is {} and {} is {}",
                     proof.next_heap, proof.heap, proof.at_least - 1, proof.heap,
                     proof.at_least - 1 + proof.period, sum_text(proof.lower),
                     proof.lower_in_p ? "P" : "N", sum_text(proof.upper()),
                     proof.lower_in_p ? "N" : "P");
}

}  // namespace nimkit
