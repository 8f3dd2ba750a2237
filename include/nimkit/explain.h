// The teaching explanation of an analysis: the Grundy values (for Nim, the heap sizes) written in
// binary one above the other, their XOR column by column, and why each winning move wins —
// reducing a value g to g XOR X where that is possible. Built once as a record, so that every
// front end shows the same explanation: the CLI prints it as text, the server sends it as JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/limits.h"
#include "nimkit/position.h"

namespace nimkit {

struct Explanation {
  // One component's line of the binary table.
  struct Row {
    std::string label;   // "heap 1", "heaps 3-4"
    Nimber value = 0;    // its Grundy value
    std::string binary;  // the value in binary, `width` digits
    std::string rules;   // its ruleset and items, "kayles 7" (empty for a position of Nim heaps)
    std::string reason;  // why it has its value, when worth teaching, else empty
  };
  // How a single component (not a Nim heap) gets its value: the values of the positions its moves
  // leave, and the smallest value none of them has — the mex, which is its Grundy value.
  struct Mex {
    std::string label;                  // "kayles 7"
    std::vector<Nimber> option_values;  // distinct, ascending
    Nimber value = 0;                   // mex(option_values)
  };
  // What the analysis did, in a heading: "Nim-sum: the heap sizes in binary, ...".
  std::string heading;
  // The binary table (normal play with Grundy values only; empty otherwise).
  std::vector<Row> rows;
  int width = 0;             // binary digits
  Nimber total = 0;          // X, the XOR of the rows
  std::string total_binary;  // X in binary
  // The columns in words: "4s: 1 one → 1".
  std::vector<std::string> columns;
  // The reasoning, one sentence or short paragraph each, without line breaks.
  std::vector<std::string> lines;
  // Per component, where to find a winning move (normal play with Grundy values): "heap 1: 3 ⊕
  // 2 = 1 < 3: take 2, leaving 1."
  std::vector<std::string> component_moves;
  // The winning moves in words with the position each leaves: "take 2 from heap 1; then the
  // position is 1 4 5 (X = 0)".
  std::vector<std::string> winning_moves;
  // The mex step, for a position of one component that is not a Nim heap and has at most
  // kMaxMexOptions moves (normal play with Grundy values only); absent otherwise.
  std::optional<Mex> mex;
};

// The most moves a component may have for its mex step to be shown.
inline constexpr std::uint64_t kMaxMexOptions = 64;

// The explanation of `analysis`, which must be of `position`. The values of the mex step are
// charged to `limits` (the caller's meter: one budget per question, so no default: an unmetered
// Limits{} would let the step run past the caller's deadline or cancel); the step is left out
// when they do not fit.
Explanation explanation(const Position& position, const Analysis& analysis, const Limits& limits);

// The explanation as multi-line text, each line ending in '\n'.
std::string explain(const Position& position, const Analysis& analysis, const Limits& limits);

// "3 ⊕ 4 ⊕ 5 = 2": the Grundy values of the components and their XOR; empty when the analysis
// has none.
std::string nim_sum_line(const Analysis& analysis);

}  // namespace nimkit
