#include "builder.h"

#include <fmt/format.h>

#include <algorithm>

#include "../worker.h"
#include "candidate.h"
#include "nimkit/checked.h"

namespace nimkit::detail {

QuotientBuilder::QuotientBuilder(const HeapGame& game, std::string rules,
                                 std::optional<OctalBound> octal, const QuotientBounds& bounds,
                                 const Limits& limits, const QuotientObserver& observer)
    : game_(game),
      rules_(std::move(rules)),
      octal_(octal),
      bounds_(bounds),
      limits_(limits),
      observer_(observer),
      closure_(table_),
      worker_(bounds.threads >= 2 ? std::make_unique<Worker>() : nullptr) {}

QuotientBuilder::~QuotientBuilder() = default;

Limits QuotientBuilder::within(std::uint64_t held) const {
  Limits out = limits_;
  out.held_search_bytes = saturating_add(out.held_search_bytes, held);
  return out;
}

std::uint64_t QuotientBuilder::kept_bytes() const {
  return saturating_add(saturating_add(table_bytes(table_.order), closure_.bytes()),
                        spare_.capacity_bytes());
}

Worker* QuotientBuilder::helper_for(const Table& table) const {
  return table.order >= bounds_.parallel_order ? worker_.get() : nullptr;
}

void QuotientBuilder::report() const {
  if (observer_.progress) observer_.progress(progress_);
}

PairsCallback QuotientBuilder::on_pairs() {
  if (!observer_.progress) return {};
  return [this](std::size_t pairs) {
    progress_.pairs = pairs;
    report();
  };
}

MisereQuotient QuotientBuilder::snapshot(std::string why) const {
  std::optional<QuotientRounds> rounds;
  if (!rounds_.empty()) rounds = QuotientRounds{bounds_.period, rounds_};
  return MisereQuotient(rules_, table_.cells, table_.p, phi_, growth_heaps(table_, phi_), period_,
                        std::move(why), index_proof_, std::move(rounds), outcomes_);
}

void QuotientBuilder::checkpoint_if_due(bool now_anyway) {
  const auto now = std::chrono::steady_clock::now();
  if (!observer_.checkpoint) return;
  if (!now_anyway && now - last_checkpoint_ < observer_.checkpoint_every) return;
  const std::uint64_t done = phi_.size() - 1;
  observer_.checkpoint(snapshot(rounds_.empty()
                                    ? fmt::format("a checkpoint at heap {}", done)
                                    : fmt::format("a checkpoint at heap {}, {} rounds into heap {}",
                                                  done, rounds_.size(), done + 1)));
  last_checkpoint_ = now;
}

namespace {

// The heap `larger` has `more` more of than `smaller` and nothing else more or less, or none.
std::optional<std::uint64_t> more_of_one(const std::vector<std::uint64_t>& smaller,
                                         const std::vector<std::uint64_t>& larger,
                                         std::size_t more) {
  if (larger.size() != smaller.size() + more) return std::nullopt;
  std::vector<std::uint64_t> extra;
  std::set_difference(larger.begin(), larger.end(), smaller.begin(), smaller.end(),
                      std::back_inserter(extra));
  if (extra.size() != more || extra.front() != extra.back()) return std::nullopt;
  return extra.front();
}

}  // namespace

void QuotientBuilder::record_outcome(std::uint64_t heap, std::vector<std::uint64_t> sum,
                                     bool in_p) {
  for (const auto& [earlier, earlier_p] : outcomes_) {
    if (earlier_p == in_p) continue;
    const bool fewer = earlier.size() < sum.size();
    const std::vector<std::uint64_t>& lower = fewer ? earlier : sum;
    const std::vector<std::uint64_t>& upper = fewer ? sum : earlier;
    const std::optional<std::uint64_t> h = more_of_one(lower, upper, bounds_.period);
    if (!h) continue;
    const auto copies = static_cast<std::uint64_t>(std::count(lower.begin(), lower.end(), *h));
    keep_proof(IndexProof{heap, *h, copies + 1, bounds_.period, lower, fewer ? earlier_p : in_p});
  }
  outcomes_.push_back(ProvedOutcome{std::move(sum), in_p});
}

Result<std::vector<Shape>> QuotientBuilder::shapes_of(std::uint64_t heap) const {
  const Heap h{heap};
  const std::span<const Heap> component(&h, 1);
  const Count count = game_.option_count(component);
  if (count > limits_.max_scan) {
    return fail_limit(fmt::format("{}: a heap of {} has {} moves, more than the scan limit {}",
                                  rules_, heap, to_string(Nimber{count}), limits_.max_scan));
  }
  std::vector<Shape> shapes;
  for (Count i = 0; i < count; ++i) {
    if (!limits_.charge()) return limits_.stop_error();
    const HeapOption option = game_.option_at(component, i);
    Shape shape;
    for (const Heap& part : option.result) {
      if (part.zero_spent || part.size >= heap) {
        return fail(
            ErrorKind::kUnsupported,
            fmt::format(
                "{}: a move from a heap of {} leaves a heap of {}: misère quotients are computed "
                "for games whose moves leave smaller heaps",
                rules_, heap, part.size));
      }
      if (part.size > 0) shape.push_back(part.size);
    }
    std::sort(shape.begin(), shape.end());
    shapes.push_back(std::move(shape));
  }
  std::sort(shapes.begin(), shapes.end());
  shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
  return shapes;
}

std::vector<QuotientElement> QuotientBuilder::option_classes(
    const Table& table, const std::vector<QuotientElement>& phi, const std::vector<Shape>& shapes) {
  std::vector<QuotientElement> out;
  for (const Shape& shape : shapes) {
    QuotientElement x = 0;
    for (std::uint64_t part : shape) x = table.at(x, phi[part]);
    out.push_back(x);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<HeapPair> QuotientBuilder::heap_pairs(const Table& table,
                                                  const std::vector<QuotientElement>& phi) const {
  std::vector<HeapPair> pairs;
  for (std::uint64_t h = 1; h < phi.size(); ++h) {
    pairs.push_back(HeapPair{h, phi[h], option_classes(table, phi, shapes_[h])});
  }
  return distinct_pairs(pairs);
}

Result<bool> QuotientBuilder::resume(const MisereQuotient& from) {
  if (from.rules() != rules_) {
    return fail(fmt::format("the quotient is of {}, not of {}", from.rules(), rules_));
  }
  table_.resize(from.order());
  for (QuotientElement x = 0; x < table_.order; ++x) {
    table_.p[x] = from.in_p(x);
    for (QuotientElement y = 0; y < table_.order; ++y) {
      table_.cells.set(x * table_.order + y, from.multiply(x, y));
    }
  }
  phi_.assign(1, 0);
  shapes_.assign(1, {});
  for (std::uint64_t h = 1; h <= from.max_heap(); ++h) {
    auto shapes = shapes_of(h);
    if (!shapes) return shapes.failure();
    shapes_.push_back(std::move(*shapes));
    phi_.push_back(from.phi(h));
  }
  pairs_ = heap_pairs(table_, phi_);
  closure_ = PairClosure(table_);
  const Verdict verdict =
      verify(table_, pairs_, limits_, bounds_.max_pairs, &closure_, {}, helper_for(table_));
  if (!verdict.passed) {
    if (verdict.stopped) return *verdict.stopped;
    return fail(fmt::format("the quotient of {} mispredicts the sum of heaps {}", rules_,
                            fmt::join(verdict.failure, " ")));
  }
  period_ = from.period();
  // Rounds kept under another period would rebuild other candidates: that heap starts afresh.
  if (from.rounds() && from.rounds()->period == bounds_.period) replay_ = from.rounds();
  return true;
}

bool QuotientBuilder::extend_conservatively(std::uint64_t heap,
                                            const std::vector<QuotientElement>& options) {
  const bool wants_p =
      std::none_of(options.begin(), options.end(), [&](QuotientElement t) { return table_.p[t]; });
  for (QuotientElement x = 0; x < table_.order; ++x) {
    if (table_.p[x] != wants_p) continue;
    // No P-position y·x may have a move to y·t in P.
    bool direct = true;
    for (QuotientElement y = 0; y < table_.order && direct; ++y) {
      if (!table_.p[table_.at(y, x)]) continue;
      direct = std::none_of(options.begin(), options.end(),
                            [&](QuotientElement t) { return table_.p[table_.at(y, t)]; });
    }
    if (!limits_.charge(table_.order)) {
      stopped_ = limits_.stop_error();
      return false;
    }
    if (!direct) continue;
    std::vector<HeapPair> pairs = pairs_;
    pairs.push_back(HeapPair{heap, x, options});
    pairs = distinct_pairs(pairs);
    PairClosure trial = closure_;
    Verdict verdict =
        trial.close(pairs, limits_, bounds_.max_pairs, on_pairs(), helper_for(table_));
    if (verdict.stopped) {
      stopped_ = std::move(verdict.stopped);
      return false;
    }
    if (!verdict.passed) continue;
    closure_ = std::move(trial);
    pairs_ = std::move(pairs);
    phi_.push_back(x);
    return true;
  }
  return false;
}

void QuotientBuilder::install(Reduced reduced, PairClosure closure) {
  table_ = std::move(reduced.table);
  phi_ = std::move(reduced.phi);
  pairs_ = heap_pairs(table_, phi_);
  closure_ = std::move(closure);
  closure_.rebind(table_);
}

bool QuotientBuilder::keep_passed(std::uint64_t heap, Reduced current) {
  if (!current.table.full()) {
    // Exact, but past what a full table of it would take to keep extending it.
    stopped_ = fail_limit(fmt::format(
        "the quotient of heaps up to {} has {} elements, more than the {} whose full table "
        "is kept",
        heap, current.table.order, bounds_.full_order));
    return false;
  }
  PairClosure closure(current.table);
  Verdict again =
      verify(current.table, heap_pairs(current.table, current.phi), within(kept_bytes()),
             bounds_.max_pairs, &closure, on_pairs(), helper_for(current.table));
  if (!again.passed) {
    // Two checks of one candidate that disagree: no fault of the input, and nothing a larger
    // limit would change; the method cannot answer past this heap.
    stopped_ = again.stopped ? std::move(*again.stopped)
                             : fail(ErrorKind::kUnsupported, "the two verifications disagree");
    return false;
  }
  install(std::move(current), std::move(closure));
  outcomes_.clear();
  index_proof_.reset();
  rounds_.clear();
  return true;
}

bool QuotientBuilder::grow(std::uint64_t heap) {
  // Heap n first gets a generator of its own over the quotient so far. While the candidate
  // mispredicts some sum, the least such sum is predicted wrong although every smaller sum (its
  // options among them) is right: recalibrate by giving a few of its heaps generators of their
  // own over the candidate (the fewest heaps first), and keep the first candidate that predicts
  // that sum right. Every candidate is verified; only a verified one is kept.
  outcomes_.clear();
  index_proof_.reset();
  std::vector<QuotientElement> phi = phi_;
  phi.push_back(0);
  const std::vector<Split> first{Split{heap, 2, bounds_.period}};
  auto current = reduced_candidate(table_, phi, shapes_, first, bounds_.max_order,
                                   within(kept_bytes()), nullptr, bounds_.full_order);
  rounds_.clear();
  if (replay_ && current && !replay(heap, current)) return false;
  std::vector<std::uint64_t> failure;
  // As many rounds as it takes: each costs work, so the meter (and the memory budget) bound them.
  for (std::size_t round = rounds_.size(); current; ++round) {
    progress_.candidate_order = current->table.order;
    progress_.round = round;
    progress_.pairs = 0;
    report();
    Verdict verdict = least_failure(current->table, heap_pairs(current->table, current->phi),
                                    within(kept_bytes()), bounds_.max_pairs, on_pairs());
    if (verdict.stopped) {
      stopped_ = std::move(verdict.stopped);
      return false;
    }
    if (verdict.passed) return keep_passed(heap, std::move(*current));
    failure = verdict.failure;
    rounds_.push_back(QuotientRound{failure, {}});
    const bool predicted_p = current->table.p[current->class_of(failure)];
    record_outcome(heap, failure, !predicted_p);
    record_smaller(heap, *current, failure, predicted_p);
    if (const std::uint64_t bound = index_bound(bounds_, heap);
        index_proof_ && index_proof_->at_least > bound) {
      stopped_ = fail_limit(
          fmt::format("the index bound {} is passed: {}", bound, describe(*index_proof_)));
      return false;
    }
    std::optional<Error> refused;
    std::optional<Reduced> next = recalibrated(*current, failure, rounds_.back().split, refused);
    if (limits_.meter && limits_.meter->exhausted()) {
      stopped_ = limits_.stop_error();
      return false;
    }
    if (!next) {
      if (refused) {
        stopped_ = std::move(refused);
        return false;
      }
      break;
    }
    next_round(current, std::move(*next));
    checkpoint_if_due();
  }
  if (!current) {
    stopped_ = current.failure();
    return false;
  }
  stopped_ = no_candidate(heap, failure);
  return false;
}

Error QuotientBuilder::no_candidate(std::uint64_t heap, const std::vector<std::uint64_t>& failure) {
  return fail(
      ErrorKind::kUnsupported,
      fmt::format(
          "no candidate quotient for heap {} verified (the last mispredicted the sum of heaps {})",
          heap, fmt::join(failure, " ")));
}

void QuotientBuilder::next_round(Result<Reduced>& current, Reduced next) {
  spare_ = std::move(current->table.cells);
  current = std::move(next);
  // The spare storage saves faulting in a table's pages, not memory: it goes when the budget
  // could not hold it beside the candidate and one more table of its size.
  if (past_budget(limits_, saturating_add(kept_bytes(), 2 * current->table.bytes()))) {
    spare_ = QuotientCells();
  }
}

bool QuotientBuilder::replay(std::uint64_t heap, Result<Reduced>& current) {
  // Kept whole from the start: a stop or a checkpoint while they are rebuilt keeps them all.
  rounds_ = std::move(replay_->rounds);
  replay_.reset();
  for (std::size_t round = 0; round < rounds_.size(); ++round) {
    progress_.candidate_order = current->table.order;
    progress_.round = round;
    progress_.pairs = 0;
    report();
    QuotientRound& kept = rounds_[round];
    std::optional<Error> refused;
    std::optional<Reduced> next = recalibrated(*current, kept.failure, kept.split, refused);
    if (limits_.meter && limits_.meter->exhausted()) {
      stopped_ = limits_.stop_error();
      return false;
    }
    if (!next) {
      stopped_ = refused ? std::move(*refused) : no_candidate(heap, kept.failure);
      return false;
    }
    next_round(current, std::move(*next));
  }
  return true;
}

bool period_proved(std::span<const QuotientElement> phi, const MiserePeriod& period,
                   const OctalBound& octal) {
  const std::uint64_t n = phi.size() - 1;
  const std::uint64_t r = std::max<std::uint64_t>(octal.parts, 1);
  const std::uint64_t n0 = period.preperiod;
  const std::uint64_t p = period.period;
  if (n0 < 1 || p < 1 || period.checked_to != n || n0 > n || p > n) return false;
  if (n < r * (n0 + p - 1) + octal.take) return false;
  for (std::uint64_t h = n0 + p; h <= n; ++h) {
    if (phi[h] != phi[h - p]) return false;
  }
  return true;
}

std::optional<MiserePeriod> QuotientBuilder::find_period() const {
  if (!octal_) return std::nullopt;
  const std::uint64_t n = phi_.size() - 1;
  const std::uint64_t r = std::max<std::uint64_t>(octal_->parts, 1);
  for (std::uint64_t p = 1; r * p + octal_->take <= n; ++p) {
    // The longest run of Φ(h) = Φ(h - p) ending at n gives the least preperiod for p.
    std::uint64_t h = n;
    while (h >= p + 1 && phi_[h] == phi_[h - p]) --h;
    const std::uint64_t n0 = h + 1 > p ? h + 1 - p : 1;
    const MiserePeriod period{std::max<std::uint64_t>(n0, 1), p, n};
    if (period_proved(phi_, period, *octal_)) return period;
  }
  return std::nullopt;
}

Result<MisereQuotient> QuotientBuilder::run() {
  stopped_.reset();
  while (!period_ && phi_.size() - 1 < bounds_.max_heap) {
    const std::uint64_t heap = phi_.size();
    progress_ = QuotientProgress{heap, table_.order, 0, 0, 0};
    report();
    auto shapes = shapes_of(heap);
    if (!shapes) {
      stopped_ = shapes.failure();
      break;
    }
    shapes_.push_back(std::move(*shapes));
    const std::vector<QuotientElement> options = option_classes(table_, phi_, shapes_.back());
    bool added = false;
    if (options.empty()) {
      phi_.push_back(0);  // no moves: the heap is the empty game
      added = true;
    } else if (extend_conservatively(heap, options)) {
      added = true;
    } else if (!stopped_) {
      added = grow(heap);
    }
    if (!added) {
      shapes_.pop_back();
      break;
    }
    replay_.reset();
    period_ = find_period();
    checkpoint_if_due();
  }
  // Cancelled work is not wanted, not even the exact part of it: the caller (a signal, a client
  // gone) has stopped asking.
  if (limits_.meter && limits_.meter->cancelled()) {
    // The heaps done are exact: kept, when asked, so that the computation can resume.
    if (phi_.size() > 1) checkpoint_if_due(true);
    return limits_.stop_error();
  }
  if (phi_.size() == 1 && bounds_.max_heap > 0) {
    if (stopped_) return *stopped_;
    return fail(ErrorKind::kUnsupported, fmt::format("no quotient of {} was computed", rules_));
  }
  std::string why;
  if (period_) {
    why = "the period is proved";
  } else if (stopped_) {
    why = stopped_->message;
  } else {
    why = fmt::format("the heap bound {}", bounds_.max_heap);
  }
  // The builder is spent: its table goes to the quotient rather than being copied.
  std::vector<std::uint64_t> generators_at = growth_heaps(table_, phi_);
  std::optional<QuotientRounds> rounds;
  if (!rounds_.empty()) rounds = QuotientRounds{bounds_.period, std::move(rounds_)};
  return MisereQuotient(rules_, std::move(table_.cells), table_.p, phi_, std::move(generators_at),
                        period_, std::move(why), std::move(index_proof_), std::move(rounds),
                        std::move(outcomes_));
}

}  // namespace nimkit::detail
