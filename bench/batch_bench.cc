// `nimkit batch` per line, text and --json side by side: the library's brief answer, and with
// --json the position and the contract line written from it (apps/json). A --json line should
// cost the same order as a text line; the two rows show when it does not.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Convention;

// `count` lines of `heaps` numbers below `bound`, from a fixed linear congruential sequence.
std::vector<std::string> lines(std::size_t count, std::size_t heaps, std::uint64_t bound) {
  std::vector<std::string> out;
  std::uint64_t x = 12345;
  for (std::size_t i = 0; i < count; ++i) {
    std::string line;
    for (std::size_t h = 0; h < heaps; ++h) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      if (h != 0) line += ' ';
      line += std::to_string((x >> 33) % bound);
    }
    out.push_back(line);
  }
  return out;
}

// One batch of 1,000 lines of `spec` per iteration, as `nimkit batch [--json]` answers them.
void batch(benchmark::State& state, const std::string& spec, std::uint64_t bound, bool json) {
  const auto rules = nimkit::make_ruleset(spec).value();
  const std::vector<std::string> input = lines(1000, 3, bound);
  const auto limits = [] { return nimkit::Limits{}; };
  nimkit::contract::RulesetTexts texts;
  std::string out;
  for (auto _ : state) {
    out.clear();
    std::uint64_t number = 0;
    for (const std::string& line : input) {
      auto brief =
          nimkit::analyze_brief(line, rules, Convention::kNormal, limits, {.position = json});
      ++number;
      if (json) {
        nimkit::contract::append_batch_line(out, number, Convention::kNormal, *brief, texts);
      } else {
        out += brief->first_winning_move;
      }
      out += '\n';
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(input.size()));
}

void BM_BatchNimText(benchmark::State& state) { batch(state, "nim", 1 << 19, false); }
BENCHMARK(BM_BatchNimText);
void BM_BatchNimJson(benchmark::State& state) { batch(state, "nim", 1 << 19, true); }
BENCHMARK(BM_BatchNimJson);
void BM_BatchKaylesText(benchmark::State& state) { batch(state, "kayles", 64, false); }
BENCHMARK(BM_BatchKaylesText);
void BM_BatchKaylesJson(benchmark::State& state) { batch(state, "kayles", 64, true); }
BENCHMARK(BM_BatchKaylesJson);

}  // namespace
