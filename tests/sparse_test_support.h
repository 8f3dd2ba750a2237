// What the sparse-space tests share: a sequence of a game given by its code, with options.
#pragma once

#include <gtest/gtest.h>

#include <string_view>
#include <utility>

#include "nimkit/sparse_space.h"

namespace nimkit::testing {

inline GrundySequence make_sequence(std::string_view code, const SequenceOptions& options = {},
                                    SequenceAlgorithm algorithm = SequenceAlgorithm::kSparse) {
  Result<SplitGame> game = SplitGame::parse(code);
  EXPECT_TRUE(game.ok()) << code;
  Result<GrundySequence> sequence = GrundySequence::create(*game, algorithm, options);
  EXPECT_TRUE(sequence.ok()) << code;
  return std::move(sequence).value();
}

}  // namespace nimkit::testing
