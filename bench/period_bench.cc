// Google Benchmark suite for the period finder (find_period) on long tables: the search a proof
// of .354 runs after each doubling of its table looks at up to ten million periods.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "nimkit/grundy_sequence.h"
#include "nimkit/octal_code.h"
#include "nimkit/periodicity.h"

namespace {

const nimkit::PeriodTheorem& dot354() {
  static const nimkit::PeriodTheorem theorem =
      nimkit::PeriodTheorem::octal(nimkit::OctalCode::parse("0.354").value());
  return theorem;
}

void find(benchmark::State& state, const std::vector<std::uint16_t>& g) {
  for (auto _ : state) {
    const auto period = nimkit::find_period(std::span<const std::uint16_t>(g), dot354());
    benchmark::DoNotOptimize(period->needed);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * g.size() / 2));
}

// The first 2^22 values of .354 (its preperiod is 10,061,916: no period is proved yet).
void Dot354FirstValues(benchmark::State& state) {
  static const std::vector<std::uint16_t> g = [] {
    auto s = nimkit::GrundySequence::create(nimkit::SplitGame::parse("0.354").value(),
                                            nimkit::SequenceAlgorithm::kSparse)
                 .value();
    s.extend_to(std::uint64_t{1} << 22);
    const auto values = s.values(0, s.size());
    return std::vector<std::uint16_t>(values.begin(), values.end());
  }();
  find(state, g);
}

// The shape of the final .354 table: 20 M values, period 1180 after a preperiod of ten million,
// values from a small alphabet (random, seeded).
void LongPreperiod(benchmark::State& state) {
  static const std::vector<std::uint16_t> g = [] {
    constexpr std::uint64_t kPreperiod = 10'000'000;
    constexpr std::uint64_t kPeriod = 1180;
    std::vector<std::uint16_t> values(2 * kPreperiod + 3 * kPeriod);
    std::mt19937 rng(354);
    for (std::uint64_t n = 0; n < values.size(); ++n) {
      values[n] =
          n < kPreperiod + kPeriod ? static_cast<std::uint16_t>(rng() % 16) : values[n - kPeriod];
    }
    return values;
  }();
  find(state, g);
}

}  // namespace

BENCHMARK(Dot354FirstValues)->Unit(benchmark::kMillisecond);
BENCHMARK(LongPreperiod)->Unit(benchmark::kMillisecond);
