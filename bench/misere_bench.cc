// Misère quotients: computing a quotient from nothing (the cache is bypassed), and analyses that
// answer by a cached quotient — misère Kayles on a heap of a billion, Dawson's Kayles by its
// partial quotient.
#include <benchmark/benchmark.h>

#include <string>

#include "nimkit/analysis.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

void compute(benchmark::State& state, const char* spec, std::uint64_t max_heap,
             std::uint32_t period = nimkit::QuotientBounds{}.period) {
  auto rules = nimkit::make_ruleset(spec);
  nimkit::QuotientBounds bounds;
  bounds.max_heap = max_heap;
  bounds.period = period;
  std::size_t order = 0;
  for (auto _ : state) {
    auto q = nimkit::compute_misere_quotient(**rules, bounds, nimkit::Limits{});
    order = q->order();
    benchmark::DoNotOptimize(q);
  }
  state.counters["order"] = static_cast<double>(order);
}

// Proved periodic at heap 166 (period 12 from 71).
void BM_QuotientKayles(benchmark::State& state) { compute(state, "kayles", 300); }
BENCHMARK(BM_QuotientKayles)->Unit(benchmark::kMillisecond);

// Proved periodic at heap 152 (period 10 from 66).
void BM_QuotientGuiles(benchmark::State& state) { compute(state, "guiles", 300); }
BENCHMARK(BM_QuotientGuiles)->Unit(benchmark::kMillisecond);

// Proved periodic at heap 20 (period 2 from 8).
void BM_QuotientPointSevenFive(benchmark::State& state) { compute(state, "octal:0.75", 300); }
BENCHMARK(BM_QuotientPointSevenFive)->Unit(benchmark::kMillisecond);

// No period: the partial quotient of heaps up to 30 (order 360).
void BM_QuotientDawsonTo30(benchmark::State& state) { compute(state, "dawson", 30); }
BENCHMARK(BM_QuotientDawsonTo30)->Unit(benchmark::kMillisecond);

// Order 638 at heap 33, the last published; MisereSolver's side-by-side figure (performance.md).
void BM_QuotientDawsonTo33(benchmark::State& state) { compute(state, "dawson", 33); }
BENCHMARK(BM_QuotientDawsonTo33)->Unit(benchmark::kMillisecond);

// Treblecross to heap 43, where it grows to order 864 (MisereSolver's figure).
void BM_QuotientTreblecrossTo43(benchmark::State& state) { compute(state, "octal:0.007", 43); }
BENCHMARK(BM_QuotientTreblecrossTo43)->Unit(benchmark::kMillisecond);

// Period-4 generators: 4.726 to heap 8 (order 110, Φ(7) of period 4), and Dawson's Kayles to 30
// (the same 360 elements as with period 2: what the longer period costs).
void BM_QuotientPeriodFour4726To8(benchmark::State& state) { compute(state, "octal:4.726", 8, 4); }
BENCHMARK(BM_QuotientPeriodFour4726To8)->Unit(benchmark::kMillisecond);
void BM_QuotientPeriodFourDawsonTo30(benchmark::State& state) { compute(state, "dawson", 30, 4); }
BENCHMARK(BM_QuotientPeriodFourDawsonTo30)->Unit(benchmark::kMillisecond);

void analyze(benchmark::State& state, const char* spec, const char* heaps) {
  auto rules = nimkit::make_ruleset(spec);
  auto position = nimkit::parse_position(heaps, *rules);
  for (auto _ : state) {
    auto a = nimkit::analyze(*position, nimkit::Convention::kMisere);
    benchmark::DoNotOptimize(a);
  }
}

void BM_AnalyzeMisereKaylesBillion(benchmark::State& state) {
  analyze(state, "kayles", "1000000000 77 5");
}
BENCHMARK(BM_AnalyzeMisereKaylesBillion)->Unit(benchmark::kMicrosecond);

void BM_AnalyzeMisereDawsonPartial(benchmark::State& state) {
  analyze(state, "dawson", "20 22 24 24");
}
BENCHMARK(BM_AnalyzeMisereDawsonPartial)->Unit(benchmark::kMicrosecond);

}  // namespace
