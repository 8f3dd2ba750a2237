#include "split_kernel.h"

#include <algorithm>

namespace nimkit::detail {

SplitKernel::SplitKernel(const SplitGame& game) {
  if (game.has_triple_split()) return;
  auto created = GrundySequence::create(game, SequenceAlgorithm::kSparse);
  if (created) sequence_ = std::make_unique<GrundySequence>(std::move(*created));
}

SplitKernel::~SplitKernel() = default;

void SplitKernel::extend(std::vector<std::uint64_t>& table, std::uint64_t size, std::uint64_t& work,
                         std::uint64_t budget) {
  constexpr std::uint64_t kChunk = 4096;
  while (table.size() < size && work <= budget) {
    const std::uint64_t target = std::min<std::uint64_t>(size, table.size() + kChunk);
    if (sequence_->size() < target) sequence_->extend_to(target);
    const std::uint64_t added = target - table.size();
    for (std::uint64_t n = table.size(); n < target; ++n) table.push_back(sequence_->value(n));
    work += added * (sequence_->progress().rare_count + 1);
  }
}

}  // namespace nimkit::detail
