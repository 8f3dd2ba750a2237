// What this machine charges for handing a value from one core to the other once a heap: the floor
// under any design that spreads consecutive heaps of one Grundy sequence over two threads.
//
// Each "heap" does a fixed amount of work (the argument: rounds of a multiply chain that reads the
// 32 newest values and some old ones, as a heap's prefix splits do) and then needs the value of
// the heap before it. One thread computes every heap; two threads take the heaps in turn, so every
// value crosses cores. The shared-table form writes each value into one byte table (its cache lines
// are written by both cores in turn, and the work reads lines the other core just wrote); the
// one-word form hands the value and its heap in one atomic word, and each thread keeps its own
// copy of the table. With W the one-thread time of a heap, two threads give W / (time per heap)
// at best on this machine, whatever the engine does around it (docs/performance.md).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

constexpr std::uint64_t kHeaps = std::uint64_t{1} << 20;
constexpr std::uint64_t kFirst = 256;  // the first heap computed (the work reads 34 values back)

inline void pause() {
#if defined(__SSE2__)
  _mm_pause();
#endif
}

// A heap's work: `rounds` dependent steps over the 32 newest values before m - 1 and the first 32.
inline std::uint32_t work(const std::uint8_t* g, std::uint64_t m, std::int64_t rounds) {
  std::uint32_t acc = 0;
  for (std::int64_t i = 0; i < rounds; ++i) {
    const std::uint64_t a = 1 + (static_cast<std::uint64_t>(i) & 31);
    acc += static_cast<std::uint32_t>(g[m - 2 - a] ^ g[a]);
    acc = (acc * 2654435761u) >> 7;
  }
  return acc;
}

// The time a heap took, as a counter (the rate's inverse).
void count_heaps(benchmark::State& s) {
  const double heaps = static_cast<double>(kHeaps - kFirst) * static_cast<double>(s.iterations());
  s.counters["ns_per_heap"] =
      benchmark::Counter(heaps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void HandoffOneThread(benchmark::State& s) {
  std::vector<std::uint8_t> g(kHeaps, 1);
  for (auto _ : s) {
    for (std::uint64_t m = kFirst; m < kHeaps; ++m) {
      g[m] = static_cast<std::uint8_t>(work(g.data(), m, s.range(0)) ^ g[m - 1]);
    }
    benchmark::DoNotOptimize(g.data());
  }
  count_heaps(s);
}

// Heaps m ≡ t (mod 2) on thread t; heap m waits until `done` is m, reads g[m - 1], writes g[m].
void HandoffSharedTable(benchmark::State& s) {
  std::vector<std::uint8_t> g(kHeaps, 1);
  for (auto _ : s) {
    alignas(64) std::atomic<std::uint64_t> done{kFirst};
    auto run = [&](std::uint64_t first) {
      for (std::uint64_t m = first; m < kHeaps; m += 2) {
        const std::uint32_t acc = work(g.data(), m, s.range(0));
        while (done.load(std::memory_order_acquire) != m) pause();
        g[m] = static_cast<std::uint8_t>(acc ^ g[m - 1]);
        done.store(m + 1, std::memory_order_release);
      }
    };
    std::thread other(run, kFirst + 1);
    run(kFirst);
    other.join();
    benchmark::DoNotOptimize(g.data());
  }
  count_heaps(s);
}

// As HandoffSharedTable, but heap m - 1's value comes in one word ((m << 8) | value) and each
// thread writes it into its own table: no line of a table is written by both cores.
void HandoffOneWord(benchmark::State& s) {
  std::vector<std::uint8_t> tables[2] = {std::vector<std::uint8_t>(kHeaps, 1),
                                         std::vector<std::uint8_t>(kHeaps, 1)};
  for (auto _ : s) {
    alignas(64) std::atomic<std::uint64_t> word{kFirst << 8 | 1};
    auto run = [&](std::uint64_t first) {
      std::uint8_t* g = tables[first & 1].data();
      for (std::uint64_t m = first; m < kHeaps; m += 2) {
        const std::uint32_t acc = work(g, m, s.range(0));
        std::uint64_t w = 0;
        while (((w = word.load(std::memory_order_acquire)) >> 8) != m) pause();
        g[m - 1] = static_cast<std::uint8_t>(w);
        g[m] = static_cast<std::uint8_t>(acc ^ g[m - 1]);
        word.store((m + 1) << 8 | g[m], std::memory_order_release);
      }
    };
    std::thread other(run, kFirst + 1);
    run(kFirst);
    other.join();
    benchmark::DoNotOptimize(tables[0].data());
    benchmark::DoNotOptimize(tables[1].data());
  }
  count_heaps(s);
}

// 100 rounds take about 110 ns a heap on the machine of docs/performance.md; 550 about the
// sparse kernel's 670 ns on Officers.
void Rounds(benchmark::internal::Benchmark* b) {
  for (const std::int64_t rounds : {100, 300, 550, 800}) b->Arg(rounds);
  b->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK(HandoffOneThread)->Apply(Rounds);
BENCHMARK(HandoffSharedTable)->Apply(Rounds)->UseRealTime();
BENCHMARK(HandoffOneWord)->Apply(Rounds)->UseRealTime();
