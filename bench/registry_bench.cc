// Every ruleset of the registry, not only the headline games: the Grundy values of heaps
// 0 .. N-1 of each arity-1 example, cold (one iteration on a ruleset no earlier benchmark used),
// through the one sequence path (grundy_values: the ruleset's SequenceEngine and its proved
// period) that analysis, `/api/grundy` and `nimkit grundy` use. N = 200,000 for every example,
// and 10^6 for those whose values are cheap past the proof (a closed form, or a period proved
// within 2^16 heaps), where the time is the proof plus the values streamed from the period. A
// ruleset that goes quadratic or stops at a limit shows here (a limit is the benchmark's error).
// A loopy ruleset's values are not a sequence of nimbers (some are infinite): its example's start
// is analysed instead, cold, the labelling of its positions included. Every example with misère
// quotients also has its quotient of heaps up to 24 computed from nothing (`MisereQuotient/`, one
// thread, 10^8 work steps at most as in the misère census: Officers and octal:0.2B grow candidates
// of thousands of elements there and stop at the steps): a change to the candidate search shows on
// every game, not only on Dawson's Kayles.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>

#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

void sequence(benchmark::State& state, const std::string& spec) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  nimkit::Limits limits;
  limits.max_table = count;
  limits.max_scan = std::uint64_t{1} << 40;
  for (auto _ : state) {
    auto rules = nimkit::make_ruleset(spec);
    if (!rules) {
      state.SkipWithError(rules.error().c_str());
      return;
    }
    auto values = nimkit::grundy_values(**rules, 0, count, limits);
    if (!values) {
      state.SkipWithError(values.error().c_str());
      return;
    }
    benchmark::DoNotOptimize(values->back());
  }
}

void loopy_start(benchmark::State& state, const std::string& spec, const std::string& start) {
  for (auto _ : state) {
    auto rules = nimkit::make_ruleset(spec);
    if (!rules) {
      state.SkipWithError(rules.error().c_str());
      return;
    }
    auto position = nimkit::parse_position(start, *rules);
    auto analysis = position ? nimkit::analyze(*position, nimkit::Convention::kNormal)
                             : nimkit::Result<nimkit::Analysis>(position.failure());
    if (!analysis) {
      state.SkipWithError(analysis.error().c_str());
      return;
    }
    benchmark::DoNotOptimize(analysis->winner);
  }
}

void misere_quotient(benchmark::State& state, const std::string& spec) {
  nimkit::QuotientBounds bounds;
  bounds.max_heap = 24;
  std::size_t order = 0;
  std::uint64_t heaps = 0;
  for (auto _ : state) {
    nimkit::Limits limits;
    limits.meter = std::make_shared<nimkit::WorkMeter>(100'000'000);
    auto rules = nimkit::make_ruleset(spec);
    auto quotient = rules ? nimkit::compute_misere_quotient(**rules, bounds, limits)
                          : nimkit::Result<nimkit::MisereQuotient>(rules.failure());
    if (!quotient) {
      state.SkipWithError(quotient.error().c_str());
      return;
    }
    order = quotient->order();
    heaps = quotient->max_heap();
  }
  state.counters["order"] = static_cast<double>(order);
  state.counters["heaps"] = static_cast<double>(heaps);
}

// Whether the ruleset answers a million heaps cheaply: a closed form (not a HeapRuleset), or a
// period proved within 2^16 heaps.
bool periodic_early(const nimkit::Ruleset& rules) {
  const auto* heap_rules = dynamic_cast<const nimkit::HeapRuleset*>(&rules);
  if (heap_rules == nullptr) return true;
  nimkit::Limits limits;
  limits.max_table = std::uint64_t{1} << 16;
  const auto search = heap_rules->find_period(0, limits);
  return search.period.has_value() && search.period->proved;
}

// Registered at start-up from the registry itself, so a new ruleset is benchmarked unasked.
const bool registered = [] {
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) {
      auto rules = nimkit::make_ruleset(spec);
      if (rules && (*rules)->loopy()) {
        benchmark::RegisterBenchmark(("Loopy/" + spec).c_str(), loopy_start, spec, entry.start)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
        continue;
      }
      const auto* heaps = rules ? dynamic_cast<const nimkit::HeapGame*>(rules->get()) : nullptr;
      if (heaps == nullptr || heaps->arity() != 1) continue;  // only single heaps have a sequence
      auto* bench = benchmark::RegisterBenchmark(("Sequence/" + spec).c_str(), sequence, spec)
                        ->Arg(200'000)
                        ->Iterations(1)
                        ->Unit(benchmark::kMillisecond);
      if (periodic_early(*heaps)) bench->Arg(1'000'000);
      if (nimkit::has_misere_quotient(*heaps)) {
        benchmark::RegisterBenchmark(("MisereQuotient/" + spec).c_str(), misere_quotient, spec)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
      }
    }
  }
  return true;
}();

}  // namespace
