// The sparse-space kernel of sparse_space.h behind HeapRuleset::extend_values, for octal codes
// without three-heap splits and for Grundy's game: the same values as mex, found much faster.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "nimkit/sparse_space.h"

namespace nimkit::detail {

class SplitKernel {
 public:
  explicit SplitKernel(const SplitGame& game);
  ~SplitKernel();

  // Whether the kernel applies (a game with moves and no three-heap splits).
  bool usable() const { return sequence_ != nullptr; }
  // Appends values up to `size` (or until work passes budget) to `table`. Work is estimated as
  // the rare heaps each value scans, plus one.
  void extend(std::vector<std::uint64_t>& table, std::uint64_t size, std::uint64_t& work,
              std::uint64_t budget);

 private:
  std::unique_ptr<GrundySequence> sequence_;
};

}  // namespace nimkit::detail
