#include "misere_rule.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "builder.h"
#include "nimkit/games/octal.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::detail {
namespace {

std::uint64_t heap_of(const State& state) { return HeapGame::decode(state).front().size; }

// The class of the components an option leaves.
QuotientElement option_class(const MisereQuotient& q, const Option& option) {
  QuotientElement x = 0;
  for (const State& part : option.result) x = q.multiply(x, q.phi(heap_of(part)));
  return x;
}

void keep(Analysis& analysis, Move move, const Limits& limits) {
  if (analysis.winning_move_count) ++*analysis.winning_move_count;
  if (analysis.winning_moves.size() < limits.max_listed_moves) {
    analysis.winning_moves.push_back(std::move(move));
  }
}

// The winning moves of component i, the rest of the position having class `rest`; an error
// when they cannot be listed within the limits.
Result<bool> list_moves_of(const Position& position, std::size_t i, const MisereQuotient& q,
                           QuotientElement rest, const Limits& limits, Analysis& analysis) {
  const Component& c = position.components()[i];
  const std::uint64_t heap = heap_of(c.state);
  const OctalGame* octal = detail::octal_game(*c.rules);
  // By residue classes whenever the quotient is periodic and the heap long enough: O(period)
  // per take instead of a scan of every option (a game on a long row asks at every move).
  if (octal && q.period() && octal->code().max_parts() <= 2) {
    const std::uint64_t n0 = q.period()->preperiod;
    const std::uint64_t p = q.period()->period;
    if (heap >= 2 * (n0 + p) + octal->code().max_take() + 2) {
      const HeapClasses classes{n0, p, [&](std::uint64_t h) { return std::uint64_t{q.phi(h)}; },
                                [&](std::uint64_t a, std::uint64_t b) {
                                  return std::uint64_t{q.multiply(static_cast<QuotientElement>(a),
                                                                  static_cast<QuotientElement>(b))};
                                },
                                [&](std::uint64_t x) {
                                  return q.in_p(q.multiply(rest, static_cast<QuotientElement>(x)));
                                }};
      const std::uint64_t room = limits.max_listed_moves - analysis.winning_moves.size();
      auto found = octal->options_by_class(heap, classes, room, limits);
      if (!found) return found.failure();
      if (analysis.winning_move_count) *analysis.winning_move_count += found->count;
      for (const HeapOption& option : found->first) {
        analysis.winning_moves.push_back(Move{i, octal->generic(option)});
      }
      return true;
    }
  }
  auto scannable = c.rules->scannable_option_count(c.state, limits);
  if (!scannable) return scannable.failure();
  for (Count k = 0; k < *scannable; ++k) {
    if (!limits.charge()) return limits.stop_error();
    Option option = c.rules->option(c.state, k);
    if (q.in_p(q.multiply(rest, option_class(q, option)))) {
      keep(analysis, Move{i, std::move(option)}, limits);
    }
  }
  return true;
}

}  // namespace

std::optional<Result<Analysis>> analyze_by_quotient(const Position& position, const Limits& limits,
                                                    Analysis analysis, bool list_moves) {
  const auto& components = position.components();
  if (components.empty() || (limits.meter && limits.meter->exhausted())) return std::nullopt;
  const Ruleset& rules = *components.front().rules;
  if (!has_misere_quotient(rules)) return std::nullopt;
  const std::string name = quotient_rules(rules);
  std::uint64_t largest = 0;
  for (const Component& c : components) {
    if (c.rules.get() != &rules && quotient_rules(*c.rules) != name) return std::nullopt;
    largest = std::max(largest, heap_of(c.state));
  }
  // The quotient runs on a share of the request's meter rather than on the meter itself: it is
  // an accelerator the analysis can do without (the search answers when it cannot), so it may
  // not spend the whole request on a quotient that never arrives — at most kQuotientSteps, and
  // at most half of what the request has left, the rest kept for the search. Being a share, every
  // step it takes is the request's, and it stops at the request's deadline or cancel, at once.
  const std::shared_ptr<const MisereQuotient> q =
      shared_misere_quotient(rules, largest, QuotientBounds{}, limits.share(kQuotientSteps));
  if (!q) return std::nullopt;
  // Each component's class, and the product of the others' (prefix times suffix).
  const std::size_t n = components.size();
  std::vector<QuotientElement> prefix(n + 1, 0);
  std::vector<QuotientElement> suffix(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    prefix[i + 1] = q->multiply(prefix[i], q->phi(heap_of(components[i].state)));
  }
  for (std::size_t i = n; i-- > 0;) {
    suffix[i] = q->multiply(suffix[i + 1], q->phi(heap_of(components[i].state)));
  }
  analysis.method = Method::kMisereQuotient;
  analysis.quotient = q;
  const bool lost = q->in_p(prefix[n]);
  analysis.winner = lost ? Outcome::kSecond : Outcome::kFirst;
  if (lost || !list_moves) return analysis;
  for (std::size_t i = 0; i < n; ++i) {
    auto listed =
        list_moves_of(position, i, *q, q->multiply(prefix[i], suffix[i + 1]), limits, analysis);
    if (!listed) {
      if (limits.meter && limits.meter->exhausted()) return Result<Analysis>(listed.failure());
      analysis.moves_unlisted = listed.error();
      analysis.winning_move_count.reset();
    }
  }
  return analysis;
}

namespace {

// log10 of the number of multisets of heaps with at most `objects` objects in all, Σ p(j) for
// j ≤ objects: an upper bound on the positions a search of a sum of heaps with that many objects
// visits (every move removes objects or splits a heap). Exact partition counts to 400 objects,
// Hardy–Ramanujan's p(n) ~ exp(π√(2n/3)) / (4n√3) beyond, times the objects for the sum.
double log10_positions_within(std::uint64_t objects) {
  constexpr std::uint64_t kExact = 400;
  if (objects <= kExact) {
    std::vector<double> p(objects + 1, 0.0);
    p[0] = 1.0;
    for (std::uint64_t part = 1; part <= objects; ++part) {
      for (std::uint64_t n = part; n <= objects; ++n) p[n] += p[n - part];
    }
    double sum = 0.0;
    for (double count : p) sum += count;
    return std::log10(sum);
  }
  const double n = static_cast<double>(objects);
  const double ln_p = M_PI * std::sqrt(2.0 * n / 3.0) - std::log(4.0 * n * std::sqrt(3.0));
  return (ln_p + std::log(n)) / std::log(10.0);
}

// "about 4,500", "about 1.5 × 10^7".
std::string about(double log10_count) {
  if (log10_count < 4.0) {
    return fmt::format("about {:.0f}", std::pow(10.0, log10_count));
  }
  const double exponent = std::floor(log10_count);
  return fmt::format("about {:.1f} × 10^{:.0f}", std::pow(10.0, log10_count - exponent), exponent);
}

}  // namespace

std::string quotient_shortfall(const Position& position) {
  const auto& components = position.components();
  if (components.empty()) return "";
  const Ruleset& rules = *components.front().rules;
  if (!has_misere_quotient(rules)) return "";
  const std::string name = quotient_rules(rules);
  std::uint64_t largest = 0;
  std::uint64_t objects = 0;
  for (const Component& c : components) {
    if (c.rules.get() != &rules && quotient_rules(*c.rules) != name) return "";
    const std::uint64_t heap = heap_of(c.state);
    largest = std::max(largest, heap);
    objects = objects > ~heap ? ~std::uint64_t{0} : objects + heap;
  }
  const std::shared_ptr<const MisereQuotient> q = known_misere_quotient(rules);
  const std::string known = q ? fmt::format("known for heaps up to {} ({} elements; {})",
                                            q->max_heap(), q->order(), q->stopped())
                              : "not computed within the work allowed";
  if (q && q->covers(largest)) return "";
  return fmt::format(
      "the misère quotient of {} is {}, and heap {} is beyond it, so the sum was searched as a "
      "game tree: {} positions at most",
      ruleset_title(rules), known, largest, about(log10_positions_within(objects)));
}

void explain_by_quotient(const Position& position, const Analysis& analysis, const Limits& limits,
                         Explanation& out) {
  const MisereQuotient& q = *analysis.quotient;
  const Ruleset& rules = *position.components().front().rules;
  out.heading = fmt::format(
      "Misère play, by the misère quotient of {}{} ({} elements, {} of them in P, {}): each heap "
      "of n objects has a class Φ(n), and a sum of heaps is lost for the player to move exactly "
      "when the product of its heaps' classes is in P.",
      ruleset_title(rules),
      q.period() ? "" : fmt::format(" for heaps of at most {} objects", q.max_heap()), q.order(),
      q.p_size(), q.tame() ? "tame" : "wild");
  QuotientElement product = 0;
  std::vector<std::string> factors;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const std::uint64_t heap = heap_of(comp.state);
    const QuotientElement x = q.phi(heap);
    product = q.multiply(product, x);
    factors.push_back(q.name(x));
    const std::uint64_t reduced = q.reduced_heap(heap);
    const std::string via = reduced == heap
                                ? ""
                                : fmt::format(" = Φ({}) (Φ has period {} from heap {})", reduced,
                                              q.period()->period, q.period()->preperiod);
    out.lines.push_back(fmt::format(
        "{} ({} {}): Φ({}){} = {}.", comp.rules->label(comp.state, position.first_item(c)),
        comp.rules->spec(), format_component(comp), heap, via, q.name(x)));
  }
  const std::string p_text = q.p_size() <= 16
                                 ? fmt::format(" = {{{}}}",
                                               [&] {
                                                 std::vector<std::string> names;
                                                 for (QuotientElement x : q.p_portion())
                                                   names.push_back(q.name(x));
                                                 return fmt::format("{}", fmt::join(names, ", "));
                                               }())
                                 : "";
  out.lines.push_back(fmt::format(
      "Product: {} = {}, which is {}in P{}: {}.", fmt::join(factors, " · "), q.name(product),
      q.in_p(product) ? "" : "not ", p_text,
      q.in_p(product)
          ? "the player to move loses against perfect play, so the second player wins"
          : "the player to move (first) wins by moving to a sum whose product is in P"));
  out.lines.push_back(fmt::format("The {} player wins.", to_string(analysis.winner)));
  for (const Move& m : analysis.winning_moves) {
    const Position after = position.after(m);
    QuotientElement x = 0;
    for (const Component& comp : after.components()) {
      x = q.multiply(x, q.phi(heap_of(comp.state)));
    }
    const std::string text = format_position(after, position.single_ruleset());
    out.winning_moves.push_back(fmt::format("{}; then the position is {}, of class {} (in P)",
                                            describe(position, m, limits),
                                            text.empty() ? "empty" : text, q.name(x)));
  }
}

}  // namespace nimkit::detail
