// The sparse-space engine of sparse_space.h as the SequenceEngine of HeapRuleset, for octal codes
// without three-heap splits and for Grundy's game: the same values as mex, found much faster,
// stored at 2 bytes per value (4 past 65535), with no second copy in a 64-bit table.
#pragma once

#include <memory>

#include "nimkit/grundy_sequence.h"
#include "nimkit/sparse_space.h"

namespace nimkit::detail {

// The engine for `game`, or nullptr when the sparse-space engine does not apply (a game with no
// moves or with three-heap splits). Work is estimated by sequence_value_work (grundy_sequence.h).
std::unique_ptr<SequenceEngine> make_split_engine(const SplitGame& game);

}  // namespace nimkit::detail
