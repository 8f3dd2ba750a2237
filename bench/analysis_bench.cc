// Hot paths of analysis: Nim positions (closed form) and misère search.
#include <benchmark/benchmark.h>

#include "nimkit/analysis.h"
#include "nimkit/games/nim.h"
#include "nimkit/games/zero_move.h"
#include "nimkit/notation.h"

namespace {

using nimkit::Convention;

void BM_AnalyzeNimThreeHeaps(benchmark::State& state) {
  auto rules = std::make_shared<const nimkit::Nim>();
  auto position = nimkit::parse_position("123456789 987654321 555555555", rules);
  for (auto _ : state) {
    auto a = nimkit::analyze(*position, Convention::kNormal);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_AnalyzeNimThreeHeaps);

void BM_AnalyzeZeroMoveTenPiles(benchmark::State& state) {
  auto rules = std::make_shared<const nimkit::ZeroMoveNim>();
  auto position = nimkit::parse_position("18 47 34 32 49 58 7x 9 11x 1000000007", rules);
  for (auto _ : state) {
    auto a = nimkit::analyze(*position, Convention::kNormal);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_AnalyzeZeroMoveTenPiles);

void BM_MisereZeroMoveSearch(benchmark::State& state) {
  auto rules = std::make_shared<const nimkit::ZeroMoveNim>();
  auto position = nimkit::parse_position("3 4 5 6", rules);
  for (auto _ : state) {
    auto a = nimkit::analyze(*position, Convention::kMisere);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_MisereZeroMoveSearch);

}  // namespace
