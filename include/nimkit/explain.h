// The teaching explanation of an analysis: the Grundy values (for Nim, the heap sizes) written in
// binary one above the other, their XOR column by column, and why each winning move wins —
// reducing a value g to g XOR X where that is possible.
#pragma once

#include <string>

#include "nimkit/analysis.h"
#include "nimkit/position.h"

namespace nimkit {

// Multi-line text, each line ending in '\n'. `analysis` must be of `position`.
std::string explain(const Position& position, const Analysis& analysis);

// "3 ⊕ 4 ⊕ 5 = 2": the Grundy values of the components and their XOR; empty when the position has
// no Grundy value within the limits.
std::string nim_sum_line(const Position& position, const Analysis& analysis,
                         const Limits& limits = {});

}  // namespace nimkit
