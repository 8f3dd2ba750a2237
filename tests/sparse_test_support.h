// What the sparse-space tests share: a sequence of a game given by its code, with options, and the
// finite codes of the trivial-games table.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nimkit/grundy_sequence.h"

namespace nimkit::testing {

inline GrundySequence make_sequence(std::string_view code, const SequenceOptions& options = {},
                                    SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse) {
  Result<SplitGame> game = SplitGame::parse(code);
  EXPECT_TRUE(game.ok()) << code;
  Result<GrundySequence> sequence = GrundySequence::create(*game, algorithm, options);
  EXPECT_TRUE(sequence.ok()) << code;
  return std::move(sequence).value();
}

// The finite codes of the trivial-games table (tests/data copy of the shared test data; the tests
// that read it are compiled with NIMKIT_TRIVIAL_GAMES naming it).
struct TrivialGame {
  std::string code;
  std::uint64_t preperiod;
  std::uint64_t period;
  std::string nimbers;  // preperiod digits then "(" period digits ")"; 0-9 A-Z
};

inline std::vector<TrivialGame> trivial_games() {
  std::ifstream in(NIMKIT_TRIVIAL_GAMES);
  EXPECT_TRUE(in.good()) << NIMKIT_TRIVIAL_GAMES;
  std::vector<TrivialGame> games;
  // Rows read "code | prefix | period | nimbers"; the header and rule rows fail the checks.
  auto trim = [](std::string text) {
    text.erase(0, text.find_first_not_of(" \t"));
    text.erase(text.find_last_not_of(" \t\r") + 1);
    return text;
  };
  auto all_of = [](const std::string& text, std::string_view allowed) {
    return !text.empty() && text.find_first_not_of(allowed) == std::string::npos;
  };
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    for (std::size_t start = 0;;) {
      const std::size_t bar = line.find('|', start);
      cells.push_back(trim(line.substr(start, bar == std::string::npos ? bar : bar - start)));
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    if (cells.size() != 4 || !all_of(cells[0], "0123456789.") || !all_of(cells[1], "0123456789") ||
        !all_of(cells[2], "0123456789") ||
        !all_of(cells[3], "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ()")) {
      continue;
    }
    games.push_back({cells[0], std::stoull(cells[1]), std::stoull(cells[2]), cells[3]});
  }
  return games;
}

}  // namespace nimkit::testing
