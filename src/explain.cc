#include "nimkit/explain.h"

#include <fmt/format.h>

#include <algorithm>

#include "nimkit/games/nim.h"
#include "nimkit/games/zero_move.h"
#include "nimkit/notation.h"

namespace nimkit {
namespace {

std::string binary(Nimber value, int width) {
  std::string text(static_cast<std::size_t>(width), '0');
  for (int i = 0; i < width; ++i) {
    if ((value >> i) & 1) text[static_cast<std::size_t>(width - 1 - i)] = '1';
  }
  return text;
}

std::string component_label(const Position& position, std::size_t c) {
  const Component& comp = position.components()[c];
  const std::size_t first = position.first_heap(c) + 1;
  if (comp.heaps.size() == 1) return fmt::format("heap {}", first);
  return fmt::format("heaps {}-{}", first, first + comp.heaps.size() - 1);
}

std::string component_text(const Component& c) {
  std::string text;
  for (const Heap& h : c.heaps) text += (text.empty() ? "" : ",") + c.rules->format_heap(h);
  return text;
}

// Why a component has its value, in words, for rulesets with a closed form worth teaching.
std::string value_reason(const Component& c) {
  if (dynamic_cast<const ZeroMoveNim*>(c.rules.get())) {
    const Heap& h = c.heaps[0];
    if (h.size == 0) return "empty pile";
    if (h.zero_spent) return "zero move spent: same as Nim";
    return h.size % 2 == 1 ? "zero move available, odd: n+1" : "zero move available, even: n-1";
  }
  return "";
}

}  // namespace

std::string nim_sum_line(const Position& position, const Analysis& analysis, const Limits& limits) {
  if (!analysis.grundy) return "";
  std::vector<std::string> terms;
  for (const Component& c : position.components()) {
    auto g = c.rules->grundy(c.heaps, limits);
    if (!g) return "";
    terms.push_back(to_string(*g));
  }
  return fmt::format("{} = {}", fmt::join(terms, " ⊕ "), to_string(*analysis.grundy));
}

std::string explain(const Position& position, const Analysis& analysis) {
  std::string out;
  const bool nim = std::all_of(
      position.components().begin(), position.components().end(),
      [](const Component& c) { return dynamic_cast<const Nim*>(c.rules.get()) != nullptr; });
  if (analysis.convention == Convention::kMisere) {
    if (nim) {
      const auto sizes = position.heap_sizes();
      const auto big = std::count_if(sizes.begin(), sizes.end(), [](auto h) { return h >= 2; });
      const auto ones = std::count(sizes.begin(), sizes.end(), std::uint64_t{1});
      out += "Misère Nim (the player who takes the last object loses):\n";
      if (big == 0) {
        out += fmt::format(
            "Every heap is 0 or 1, so the game is decided by parity: there {} {} heap{} of 1.\n"
            "The player to move wins exactly when that number is even.\n",
            ones == 1 ? "is" : "are", ones, ones == 1 ? "" : "s");
      } else {
        out += fmt::format(
            "{} heap{} hold 2 or more, so play as in normal Nim (make the nim-sum 0) — except\n"
            "for the move that leaves every heap at 0 or 1: then leave an odd number of 1s.\n",
            big, big == 1 ? "" : "s");
      }
    } else {
      out += fmt::format(
          "Misère play: answered by exhaustive search of the game tree ({} positions), since\n"
          "Grundy values decide normal play only.\n",
          analysis.nodes);
    }
    out += fmt::format("The {} player wins.\n", to_string(analysis.winner));
    for (const Move& m : analysis.winning_moves) {
      out += fmt::format("Winning move: {}; then the position is {}.\n", describe(position, m),
                         format_position(position.after(m), position.single_ruleset()));
    }
    return out;
  }
  if (!analysis.grundy) {
    out += fmt::format("No Grundy value within the limits: answered by search ({} positions).\n",
                       analysis.nodes);
    out += fmt::format("The {} player wins.\n", to_string(analysis.winner));
    return out;
  }
  // The binary table.
  std::vector<Nimber> values;
  Limits limits;
  for (const Component& c : position.components()) {
    auto g = c.rules->grundy(c.heaps, limits);
    values.push_back(g ? *g : 0);
  }
  Nimber widest = *analysis.grundy;
  for (Nimber v : values) widest = std::max(widest, v);
  const int width = widest == 0 ? 1 : high_bit(widest) + 1;
  std::size_t label_width = 1;
  std::size_t value_width = to_string(widest).size();
  for (std::size_t c = 0; c < values.size(); ++c) {
    label_width = std::max(label_width, component_label(position, c).size());
  }
  out += nim ? "Nim-sum: the heap sizes in binary, XORed column by column\n"
             : "Nim-sum of the Grundy values, in binary, XORed column by column\n";
  for (std::size_t c = 0; c < values.size(); ++c) {
    const Component& comp = position.components()[c];
    const std::string reason = value_reason(comp);
    out += fmt::format("  {:<{}}  {:>{}}  {}", component_label(position, c), label_width,
                       to_string(values[c]), value_width, binary(values[c], width));
    if (!nim) {
      out += fmt::format("   ({} {}{})", comp.rules->spec(), component_text(comp),
                         reason.empty() ? "" : "; " + reason);
    }
    out += '\n';
  }
  out += fmt::format("  {:<{}}  {:>{}}  {}\n", "", label_width, "", value_width,
                     std::string(static_cast<std::size_t>(width), '-'));
  out += fmt::format("  {:<{}}  {:>{}}  {}\n", "X", label_width, to_string(*analysis.grundy),
                     value_width, binary(*analysis.grundy, width));
  // The columns, in words.
  std::vector<std::string> columns;
  for (int bit = width - 1; bit >= 0; --bit) {
    int ones = 0;
    for (Nimber v : values) ones += static_cast<int>((v >> bit) & 1);
    columns.push_back(fmt::format("{}s: {} one{} → {}", to_string(Nimber{1} << bit), ones,
                                  ones == 1 ? "" : "s", ones % 2));
  }
  out += fmt::format("  Columns ({}): a column of X is 1 when it holds an odd number of 1s.\n",
                     fmt::join(columns, ", "));
  const Nimber x = *analysis.grundy;
  if (x == 0) {
    out +=
        "X = 0: every move makes it non-zero, and the opponent can always restore 0, so the\n"
        "player to move (first) loses against perfect play: the second player wins.\n";
    return out;
  }
  out += fmt::format(
      "X = {} is not 0, so the player to move (first) wins: move so that X becomes 0.\n",
      to_string(x));
  for (std::size_t c = 0; c < values.size(); ++c) {
    const Nimber target = values[c] ^ x;
    const std::string label = component_label(position, c);
    if (nim) {
      if (target < values[c]) {
        out += fmt::format("  {}: {} ⊕ {} = {} < {}: take {}, leaving {}.\n", label,
                           to_string(values[c]), to_string(x), to_string(target),
                           to_string(values[c]), to_string(values[c] - target), to_string(target));
      } else {
        out += fmt::format("  {}: {} ⊕ {} = {} > {}: no winning move here.\n", label,
                           to_string(values[c]), to_string(x), to_string(target),
                           to_string(values[c]));
      }
    } else {
      std::vector<std::string> moves;
      for (const Move& m : analysis.winning_moves) {
        if (m.component == c) moves.push_back(describe(position, m));
      }
      out += fmt::format("  {}: needs a move to value {} ⊕ {} = {}: {}.\n", label,
                         to_string(values[c]), to_string(x), to_string(target),
                         moves.empty() ? "none" : fmt::format("{}", fmt::join(moves, "; ")));
    }
  }
  if (!analysis.winning_moves.empty()) {
    const Move& best = analysis.winning_moves.front();
    out += fmt::format("Winning move: {}; then the position is {} (X = 0).\n",
                       describe(position, best),
                       format_position(position.after(best), position.single_ruleset()));
  }
  return out;
}

}  // namespace nimkit
