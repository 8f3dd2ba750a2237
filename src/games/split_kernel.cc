#include "split_kernel.h"

#include <algorithm>

namespace nimkit::detail {
namespace {

class SplitEngine final : public SequenceEngine {
 public:
  explicit SplitEngine(GrundySequence sequence) : sequence_(std::move(sequence)) {}

  std::uint64_t size() const override { return sequence_.size(); }
  std::uint64_t value(std::uint64_t n) const override { return sequence_.value(n); }
  void extend(std::uint64_t size, std::uint64_t& work, const Limits& limits) override {
    // Each stretch's work is charged as soon as it is done, so a deadline or a cancel stops a long
    // code within a stretch, not after the whole extension.
    extend_metered(sequence_, size, [&](const SequenceProgress&, std::uint64_t stretch) {
      work = std::min(work + stretch, ~std::uint64_t{0} - 1);
      return limits.charge(stretch) && work <= limits.max_scan;
    });
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
