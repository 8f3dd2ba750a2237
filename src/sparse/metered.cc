// Metered runs of the sparse-space engine (grundy_sequence.h): stretches of bounded estimated work.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "nimkit/checked.h"
#include "nimkit/grundy_sequence.h"

namespace nimkit {

std::uint64_t sequence_value_work(const SplitGame& game, const SequenceProgress& progress) {
  if (progress.split_sets) return progress.rare_count + 1;
  const std::uint64_t n = progress.heaps_done;
  std::uint64_t options = 1;
  if (game.grundys_game) return saturating_add(options, n / 2);
  for (std::uint64_t k = 0; k < game.digits.size() && k <= n; ++k) {
    const std::uint8_t d = game.digits[k];
    const std::uint64_t left = n - k;
    if ((d & 3) != 0) options = saturating_add(options, 1);
    if ((d & 4) != 0) options = saturating_add(options, left / 2);
    if ((d & 8) != 0) options = saturating_add(options, saturating_mul(left / 12, left));
  }
  return options;
}

bool extend_metered(GrundySequence& sequence, std::uint64_t count, const MeteredReport& report,
                    std::uint64_t max_interval) {
  if (count <= sequence.size()) return true;
  if (!sequence.memory_for(count)) return false;
  const std::uint64_t every = std::bit_floor(std::max<std::uint64_t>(max_interval, 1));
  const SplitGame& game = sequence.game();
  // Stops the engine at the end of its first interval: extend_to(count) reserves the whole table
  // once, where extending to each stretch's end would copy it at every stretch.
  const SequenceProgressCallback one_stretch = [](const SequenceProgress&) { return false; };
  while (sequence.size() < count) {
    const SequenceProgress before = sequence.progress();
    // The work of the stretch's first value stands for the others, and a stretch at most
    // doubles the table, so the values grow little within it (a value's work grows at most with
    // the square of the heap). A power of two of heaps ends the stretch at the next multiple of
    // it, so every multiple of `every` ends one. T threads take T times the work in the same
    // time: each stretch starts and stops them (two threads on Officers to 2^22: 2 % of the wall
    // time went to starting them 128 times).
    const std::uint64_t per_value = std::max<std::uint64_t>(sequence_value_work(game, before), 1);
    const std::uint64_t stretch_work = saturating_mul(kStretchWork, sequence.threads_in_use());
    const std::uint64_t heaps = std::bit_floor(
        std::clamp<std::uint64_t>(stretch_work / per_value, 1,
                                  std::min(every, std::max<std::uint64_t>(before.heaps_done, 1))));
    sequence.extend_to(count, one_stretch, heaps);
    SequenceProgress after = sequence.progress();
    after.target = count;
    const std::uint64_t work =
        saturating_mul(after.heaps_done - before.heaps_done, sequence_value_work(game, after));
    if (!report(after, work)) return false;
  }
  return true;
}

Result<Periodicity> prove_period_metered(GrundySequence& sequence, std::uint64_t max_heaps,
                                         const MeteredReport& report, std::uint64_t max_interval) {
  if (sequence.game().grundys_game) {
    return fail("no periodicity theorem applies to Grundy's game");
  }
  std::uint64_t next =
      std::min<std::uint64_t>(max_heaps, std::max<std::uint64_t>(sequence.size(), 1024));
  for (;;) {
    if (auto fits = sequence.memory_for(next, true); !fits) return fits.failure();
    const bool done = extend_metered(sequence, next, report, max_interval);
    std::optional<Periodicity> candidate = sequence.period_candidate();
    if (candidate && candidate->proved) return *std::move(candidate);
    if (!done) return fail("interrupted");
    if (sequence.size() >= max_heaps) {
      return fail(fmt::format(
          "no period proved within {} heaps{}", max_heaps,
          candidate ? fmt::format(" (best candidate: period {} from {}, needs {} heaps)",
                                  candidate->period, candidate->preperiod, candidate->needed)
                    : ""));
    }
    next = 2 * sequence.size();
    if (candidate && candidate->needed > sequence.size()) next = std::min(next, candidate->needed);
    next = std::min(next, max_heaps);
  }
}

}  // namespace nimkit
