#include "nimkit/games/nim.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>

namespace nimkit {
namespace {

// Bouton's misère rule, with the counts it needs, over the values of Nim heaps (their sizes).
struct BoutonCounts {
  Nimber nim_sum = 0;
  std::size_t big = 0;   // heaps of two or more
  std::size_t ones = 0;  // heaps of exactly one

  explicit BoutonCounts(std::span<const Nimber> values) {
    for (Nimber h : values) add(h, +1);
  }
  void add(Nimber h, int sign) {
    nim_sum ^= h;
    if (h >= 2) big += static_cast<std::size_t>(sign);
    if (h == 1) ones += static_cast<std::size_t>(sign);
  }
  // The player to move loses.
  bool lost() const { return big == 0 ? ones % 2 == 1 : nim_sum == 0; }
};

class BoutonRule final : public MisereSumRule {
 public:
  bool lost(std::span<const Nimber> values) const override { return BoutonCounts(values).lost(); }

  std::vector<std::pair<std::size_t, Nimber>> winning_targets(
      std::span<const Nimber> values) const override {
    std::vector<std::pair<std::size_t, Nimber>> out;
    const BoutonCounts now(values);
    if (now.lost()) return out;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Nimber h = values[i];
      // A move to a lost position either leaves some heap ≥ 2 and nim-sum 0 (so the heap
      // becomes h ^ X) or leaves every heap ≤ 1 (so the heap becomes 0 or 1).
      std::vector<Nimber> results{h ^ now.nim_sum, 1, 0};
      std::sort(results.begin(), results.end(), std::greater<>());
      results.erase(std::unique(results.begin(), results.end()), results.end());
      for (Nimber r : results) {
        if (r >= h) continue;
        BoutonCounts next = now;
        next.add(h, -1);
        next.add(r, +1);
        if (next.lost()) out.emplace_back(i, r);
      }
    }
    return out;
  }

  Words explain(std::span<const Nimber> values) const override {
    const BoutonCounts counts(values);
    const std::size_t big = counts.big;
    const std::size_t ones = counts.ones;
    Words words{"Misère Nim (the player who takes the last object loses), by Bouton's rule:", {}};
    if (big == 0) {
      words.lines.push_back(fmt::format(
          "Every heap holds 0 or 1, so each move takes one heap of 1 and only their number "
          "counts: the player who takes the last one loses, so leave an odd number of 1-heaps. "
          "There {} {} heap{} of 1 now, {}, so the player to move {}.",
          ones == 1 ? "is" : "are", ones, ones == 1 ? "" : "s", ones % 2 == 0 ? "even" : "odd",
          ones % 2 == 0 ? "wins" : "loses"));
    } else if (big == 1) {
      words.lines.push_back(fmt::format(
          "One heap holds 2 or more: reduce it to 0 or 1 so that an odd number of 1-heaps is "
          "left ({} heap{} of 1 besides it), and the opponent must take the last object.",
          ones, ones == 1 ? "" : "s"));
    } else {
      words.lines.push_back(fmt::format(
          "{} heaps hold 2 or more, so play as in normal Nim — leave a nim-sum of 0 (now {}) — "
          "until a move would leave every heap at 0 or 1; that move instead leaves an odd number "
          "of 1-heaps.",
          big, to_string(counts.nim_sum)));
    }
    return words;
  }
};

}  // namespace

const MisereSumRule* Nim::misere_rule() const {
  static const BoutonRule rule;
  return &rule;
}

std::optional<Ruleset::SumAnswer> Nim::answer_sum_text(std::string_view text,
                                                       bool components) const {
  // Building the position costs far more than the answer: a batch of lines of Nim reads each
  // line here, with no allocation but the move's text.
  constexpr std::size_t kMaxHeaps = 64;
  std::uint64_t heaps[kMaxHeaps];
  std::size_t count = 0;
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  const char* p = text.data();
  const char* const end = p + text.size();
  for (;;) {
    while (p != end && blank(*p)) ++p;
    if (p == end) break;
    if (count == kMaxHeaps) return std::nullopt;
    // Up to 19 digits cannot overflow; longer numbers (valid or not) take the general path.
    std::uint64_t v = 0;
    const char* const start = p;
    while (p != end && static_cast<unsigned>(*p - '0') < 10) {
      v = v * 10 + static_cast<std::uint64_t>(*p++ - '0');
    }
    if (p == start || p - start > 19 || (p != end && !blank(*p))) return std::nullopt;
    heaps[count++] = v;
  }
  if (count == 0) return std::nullopt;
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < count; ++i) sum ^= heaps[i];
  SumAnswer answer{sum, {}, {}, {}};
  if (components) {
    // One component per heap, as parse_components() reads them.
    answer.components.reserve(count);
    answer.values.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      const Heap heap{heaps[i]};
      answer.components.push_back(ParsedComponent{encode(std::span<const Heap>(&heap, 1)), i});
      answer.values.push_back(heaps[i]);
    }
  }
  if (sum == 0) return answer;
  // The first winning move in legal-move order: the first heap the nim-sum reduces, as
  // HeapGame::format_move writes a take ("HEAP TAKE").
  for (std::size_t i = 0; i < count; ++i) {
    if ((heaps[i] ^ sum) < heaps[i]) {
      char text_of_move[48];
      char* end_of_move = std::to_chars(text_of_move, text_of_move + 20, i + 1).ptr;
      *end_of_move++ = ' ';
      end_of_move = std::to_chars(end_of_move, end_of_move + 20, heaps[i] - (heaps[i] ^ sum)).ptr;
      answer.first_winning_move.assign(text_of_move, end_of_move);
      break;
    }
  }
  return answer;
}

std::string Nim::summary() const {
  return "take any number of objects (at least one) from one heap";
}

Count Nim::option_count(std::span<const Heap> component) const { return component[0].size; }

HeapOption Nim::option_at(std::span<const Heap> component, Count index) const {
  const auto take = static_cast<std::uint64_t>(index) + 1;
  return HeapOption{{Heap{component[0].size - take}}, take};
}

Result<Nimber> Nim::grundy(std::span<const Heap> component, const Limits& /*limits*/) const {
  return Nimber{component[0].size};
}

Result<std::vector<HeapOption>> Nim::options_with_value(std::span<const Heap> component,
                                                        Nimber target,
                                                        const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  if (target >= n) return std::vector<HeapOption>{};
  const auto left = static_cast<std::uint64_t>(target);
  return std::vector<HeapOption>{HeapOption{{Heap{left}}, n - left}};
}

Result<std::vector<HeapOption>> Nim::options_taking(std::span<const Heap> component,
                                                    std::size_t /*heap*/, std::uint64_t take,
                                                    const Limits& /*limits*/) const {
  const std::uint64_t n = component[0].size;
  if (take == 0 || take > n) return std::vector<HeapOption>{};
  return std::vector<HeapOption>{HeapOption{{Heap{n - take}}, take}};
}

}  // namespace nimkit
