#include "split_kernel.h"

#include <algorithm>

namespace nimkit::detail {
namespace {

class SplitEngine final : public SequenceEngine {
 public:
  explicit SplitEngine(GrundySequence sequence) : sequence_(std::move(sequence)) {}

  std::uint64_t size() const override { return sequence_.size(); }
  std::uint64_t value(std::uint64_t n) const override { return sequence_.value(n); }
  void extend(std::uint64_t size, std::uint64_t& work, std::uint64_t budget) override {
    constexpr std::uint64_t kChunk = 4096;
    while (sequence_.size() < size && work <= budget) {
      const std::uint64_t before = sequence_.size();
      sequence_.extend_to(std::min<std::uint64_t>(size, before + kChunk));
      work += (sequence_.size() - before) * (sequence_.progress().rare_count + 1);
    }
  }
  std::optional<Periodicity> period(const PeriodTheorem& /*theorem*/) const override {
    // The engine's candidate is find_period under the same octal theorem.
    return sequence_.period_candidate();
  }

 private:
  GrundySequence sequence_;
};

}  // namespace

std::unique_ptr<SequenceEngine> make_split_engine(const SplitGame& game) {
  if (game.has_triple_split()) return nullptr;
  auto created = GrundySequence::create(game, SequenceAlgorithm::kSparse);
  if (!created) return nullptr;
  return std::make_unique<SplitEngine>(std::move(created).value());
}

}  // namespace nimkit::detail
