// Google Benchmark suites for the Grundy-sequence kernels: plain vs sparse on the same games.
#include <benchmark/benchmark.h>

#include "nimkit/grundy_sequence.h"

namespace {

void sequence(benchmark::State& state, const char* code, nimkit::SequenceAlgorithm algorithm,
              const nimkit::SequenceOptions& options = {}) {
  const auto game = nimkit::SplitGame::parse(code).value();
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    auto s = nimkit::GrundySequence::create(game, algorithm, options).value();
    s.extend_to(count);
    benchmark::DoNotOptimize(s.value(count - 1));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}

void GrundysGamePlain(benchmark::State& s) {
  sequence(s, "grundy", nimkit::SequenceAlgorithm::kPlain);
}
void GrundysGameSparse(benchmark::State& s) {
  sequence(s, "grundy", nimkit::SequenceAlgorithm::kSparse);
}
// The same without the vector pair search (one value at a time), and on two threads.
void GrundysGameSparseNoVector(benchmark::State& s) {
  sequence(s, "grundy", nimkit::SequenceAlgorithm::kSparse, {.vector_search = false});
}
void GrundysGameSparseTwoThreads(benchmark::State& s) {
  sequence(s, "grundy", nimkit::SequenceAlgorithm::kSparse, {.threads = 2});
}
// The same on a 16-bit table (one byte per value is the default).
void GrundysGameSparseUnpacked(benchmark::State& s) {
  sequence(s, "grundy", nimkit::SequenceAlgorithm::kSparse, {.packed = false});
}
// Officers (.6): values in the hundreds, coded in one byte from heap 10344 (its first value 256),
// 1583 rare heaps; on a 16-bit table, and on two threads.
void Dot6Sparse(benchmark::State& s) { sequence(s, "0.6", nimkit::SequenceAlgorithm::kSparse); }
void Dot6SparseUnpacked(benchmark::State& s) {
  sequence(s, "0.6", nimkit::SequenceAlgorithm::kSparse, {.packed = false});
}
void Dot6SparseTwoThreads(benchmark::State& s) {
  sequence(s, "0.6", nimkit::SequenceAlgorithm::kSparse, {.threads = 2});
}
void Dot354Plain(benchmark::State& s) { sequence(s, "0.354", nimkit::SequenceAlgorithm::kPlain); }
void Dot354Sparse(benchmark::State& s) { sequence(s, "0.354", nimkit::SequenceAlgorithm::kSparse); }
void KaylesSparse(benchmark::State& s) {
  sequence(s, "kayles", nimkit::SequenceAlgorithm::kSparse);
}

void Dot16ProvePeriod(benchmark::State& state) {
  const auto game = nimkit::SplitGame::parse("0.16").value();
  for (auto _ : state) {
    auto s = nimkit::GrundySequence::create(game, nimkit::SequenceAlgorithm::kSparse).value();
    benchmark::DoNotOptimize(s.prove_period(1'000'000).value().period);
  }
}

void Checkpoint(benchmark::State& state) {
  auto s = nimkit::GrundySequence::create(nimkit::SplitGame::grundy(),
                                          nimkit::SequenceAlgorithm::kSparse)
               .value();
  s.extend_to(1 << 16);
  for (auto _ : state) {
    auto bytes = s.checkpoint();
    benchmark::DoNotOptimize(nimkit::GrundySequence::restore(bytes).ok());
  }
}

}  // namespace

BENCHMARK(GrundysGamePlain)->Arg(1 << 13)->Arg(1 << 15)->Unit(benchmark::kMillisecond);
BENCHMARK(GrundysGameSparse)
    ->Arg(1 << 13)
    ->Arg(1 << 15)
    ->Arg(1 << 18)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(GrundysGameSparseNoVector)->Arg(1 << 18)->Unit(benchmark::kMillisecond);
BENCHMARK(GrundysGameSparseTwoThreads)->Arg(1 << 18)->Unit(benchmark::kMillisecond);
BENCHMARK(GrundysGameSparseUnpacked)->Arg(1 << 18)->Unit(benchmark::kMillisecond);
BENCHMARK(Dot6Sparse)->Arg(1 << 16)->Arg(1 << 18)->Unit(benchmark::kMillisecond);
BENCHMARK(Dot6SparseUnpacked)->Arg(1 << 18)->Unit(benchmark::kMillisecond);
BENCHMARK(Dot6SparseTwoThreads)->Arg(1 << 18)->Unit(benchmark::kMillisecond);
BENCHMARK(Dot354Plain)->Arg(1 << 13)->Arg(1 << 15)->Unit(benchmark::kMillisecond);
BENCHMARK(Dot354Sparse)->Arg(1 << 13)->Arg(1 << 15)->Arg(1 << 20)->Unit(benchmark::kMillisecond);
BENCHMARK(KaylesSparse)->Arg(1 << 20)->Unit(benchmark::kMillisecond);
BENCHMARK(Dot16ProvePeriod)->Unit(benchmark::kMillisecond);
BENCHMARK(Checkpoint)->Unit(benchmark::kMillisecond);
