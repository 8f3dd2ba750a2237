// Hot paths of analysis: Nim positions (closed form), misère search, and the remoteness an
// analysis adds — found for every registry entry's start position, given up on quickly for large
// positions.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/games/nim.h"
#include "nimkit/games/zero_move.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/remoteness.h"

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

// add_remoteness alone (the analysis is made once, outside the timing). The counter "found" is
// 1 when the position was within the analysis' remoteness budget.
void remoteness(benchmark::State& state, const std::string& text, const std::string& rules_spec,
                Convention convention) {
  std::shared_ptr<const nimkit::Ruleset> rules;
  if (!rules_spec.empty()) rules = *nimkit::make_ruleset(rules_spec);
  auto position = nimkit::parse_position(text, rules);
  if (!position) {
    state.SkipWithError(position.error().c_str());
    return;
  }
  // A misère analysis of a large position fails; remoteness is timed all the same.
  auto analysis = nimkit::analyze(*position, convention);
  nimkit::Analysis made;
  made.convention = convention;
  if (analysis) made = *analysis;
  bool found = false;
  for (auto _ : state) {
    nimkit::Analysis copy = made;
    nimkit::add_remoteness(copy, *position, {});
    found = copy.remoteness.has_value();
  }
  state.counters["found"] = found ? 1 : 0;
}

// A side × side grid graph for Node Kayles, vertices numbered row by row from 1.
std::string grid_edges(int side) {
  std::string edges;
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) {
      const int v = r * side + c + 1;
      if (c + 1 < side) edges += std::to_string(v) + "-" + std::to_string(v + 1) + ",";
      if (r + 1 < side) edges += std::to_string(v) + "-" + std::to_string(v + side) + ",";
    }
  }
  edges.pop_back();
  return edges;
}

// A layered directed graph: `layers` layers of `width` vertices, each vertex with an arrow to
// every vertex of the next layer, one token on each vertex of the first layer.
std::string layered_digraph(int layers, int width) {
  std::string arrows;
  auto name = [](int layer, int i) {
    return "v" + std::to_string(layer) + "x" + std::to_string(i);
  };
  for (int l = 0; l + 1 < layers; ++l) {
    for (int i = 0; i < width; ++i) {
      for (int j = 0; j < width; ++j) arrows += name(l, i) + ">" + name(l + 1, j) + ",";
    }
  }
  arrows.pop_back();
  for (int i = 0; i < width; ++i) arrows += "@" + name(0, i);
  return "digraph:" + arrows;
}

const bool registered_remoteness = [] {
  const std::vector<std::string> large = {
      "grundy:1000",
      "octal:0.07:100000",
      "kayles:30 kayles:40 kayles:50",
      "kayles:5 kayles:6 kayles:7 kayles:8 kayles:9 dawson:10 dawson:11",
      "node-kayles:" + grid_edges(5),
      "cram:....../....../....../....../......",
      "chomp:8,8,8,8,8,8,8,8",
      "wythoff:1000,2000",
      "wythoff:123456789,987654321",
      "nim:1000000 nim:2000000 nim:3000000",
      layered_digraph(12, 4),
  };
  for (const std::string& text : large) {
    for (Convention convention : {Convention::kNormal, Convention::kMisere}) {
      const std::string name =
          "Remoteness/" + text.substr(0, 40) + (convention == Convention::kMisere ? "/misere" : "");
      benchmark::RegisterBenchmark(name.c_str(), remoteness, text, "", convention)
          ->Unit(benchmark::kMillisecond);
    }
  }
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) {
      benchmark::RegisterBenchmark(("RemotenessStart/" + spec).c_str(), remoteness, entry.start,
                                   spec, Convention::kNormal)
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
