// nimkit bench: a fixed suite — positions analyzed, Grundy sequences computed, periods proved —
// printing a node count and a checksum of every answer. The two numbers are a fingerprint of
// nimkit's behaviour (Stockfish's `bench`): a commit that changes them changes behaviour and says
// so; bench/reference.txt holds the current pair and a test compares it. Timing is printed too,
// on stderr, and is not part of the fingerprint.
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "common.h"
#include "nimkit/analysis.h"
#include "nimkit/grundy_sequence.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::cli {
namespace {

// FNV-1a over the text of every answer.
class Fingerprint {
 public:
  void add(std::string_view text) {
    for (const char c : text) hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    hash_ = (hash_ ^ '\n') * 0x100000001b3ULL;
  }
  std::uint64_t hash() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

struct BenchPosition {
  std::string_view rules;
  std::string_view position;
  Convention convention;
};

constexpr BenchPosition kPositions[] = {
    {"nim", "3 4 5", Convention::kNormal},
    {"nim", "1 1 1", Convention::kMisere},
    {"nim", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", Convention::kNormal},
    {"nim", "2 3 5 7 11 13", Convention::kMisere},
    {"nim", "18446744073709551615 12345678901234567890", Convention::kNormal},
    {"zero-move", "3 5x 7", Convention::kNormal},
    {"octal:0.77", "5 8 13 21", Convention::kNormal},
    {"octal:0.77", "3 4 5", Convention::kMisere},
    {"octal:0.07", "100 200 300", Convention::kNormal},
    {"octal:0.137", "40 41", Convention::kNormal},
    {"subtraction:1,3,4", "10 20 30", Convention::kNormal},
    {"subtraction:1,3,4", "5 6 7", Convention::kMisere},
    {"grundy", "10 20 30", Convention::kNormal},
    {"grundy", "5 6 7", Convention::kMisere},
    {"wythoff", "3 5", Convention::kNormal},
    {"lasker", "3 4 5", Convention::kNormal},
};

struct BenchSequence {
  std::string_view code;
  std::uint64_t count;
};

constexpr BenchSequence kSequences[] = {
    {"kayles", 20'000}, {"dawson", 20'000}, {"0.6", 20'000},    {"0.16", 100'000},
    {"0.354", 100'000}, {"4.7", 20'000},    {"grundy", 50'000},
};

constexpr std::string_view kPeriods[] = {"kayles", "dawson", "0.137", "0.16", "4.7"};

int run_bench() {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  Fingerprint fingerprint;
  std::uint64_t nodes = 0;

  for (const BenchPosition& p : kPositions) {
    auto rules = make_ruleset(p.rules);
    if (!rules) return report(fail_as(rules.failure(), fmt::format("bench: {}", rules.error())));
    auto position = parse_position(p.position, *rules);
    if (!position)
      return report(fail_as(position.failure(), fmt::format("bench: {}", position.error())));
    auto analysis = analyze(*position, p.convention);
    std::string line = fmt::format("{} {} {}: ", p.rules, to_string(p.convention), p.position);
    if (!analysis) {
      line += "error " + analysis.error();
    } else {
      nodes += analysis->nodes + 1;
      line += fmt::format("{} {} {}", to_string(analysis->winner),
                          analysis->grundy ? to_string(*analysis->grundy) : "-",
                          analysis->winning_move_count ? to_string(*analysis->winning_move_count)
                                                       : std::string("-"));
      for (const Move& move : analysis->winning_moves) line += " " + describe(*position, move);
    }
    fingerprint.add(line);
  }
  const auto positions_done = Clock::now();

  for (const BenchSequence& s : kSequences) {
    for (const SequenceAlgorithm algorithm : {SequenceAlgorithm::kSparse}) {
      auto sequence = GrundySequence::create(*SplitGame::parse(s.code), algorithm);
      if (!sequence)
        return report(fail_as(sequence.failure(), fmt::format("bench: {}", sequence.error())));
      sequence->extend_to(s.count);
      nodes += s.count;
      std::string line = fmt::format("{} {}:", s.code, s.count);
      for (const std::uint32_t v : sequence->values(0, s.count)) line += fmt::format(" {}", v);
      fingerprint.add(line);
    }
  }
  const auto sequences_done = Clock::now();

  for (const std::string_view code : kPeriods) {
    auto sequence = GrundySequence::create(*SplitGame::parse(code), SequenceAlgorithm::kSparse);
    if (!sequence)
      return report(fail_as(sequence.failure(), fmt::format("bench: {}", sequence.error())));
    auto period = sequence->prove_period(1'000'000);
    nodes += sequence->size();
    fingerprint.add(
        period ? fmt::format("{} period {} preperiod {}", code, period->period, period->preperiod)
               : fmt::format("{} {}", code, period.error()));
  }
  const auto end = Clock::now();

  auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
  fmt::print("positions {}, sequences {}, periods {}\n", std::size(kPositions),
             std::size(kSequences), std::size(kPeriods));
  fmt::print("nodes {}\nchecksum {:016x}\n", nodes, fingerprint.hash());
  fmt::print(stderr, "time {:.3f} s (positions {:.3f}, sequences {:.3f}, periods {:.3f})\n",
             seconds(end - start), seconds(positions_done - start),
             seconds(sequences_done - positions_done), seconds(end - sequences_done));
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& status) {
  CLI::App* command = app.add_subcommand(
      "bench", "Run the fixed benchmark suite; print its node count and checksum (a fingerprint)");
  command->callback([&status] { status = run_bench(); });
}

}  // namespace nimkit::cli
