#include "nimkit/explain.h"

#include <fmt/format.h>

#include <algorithm>

#include "misere/misere_rule.h"
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

bool all_nim(const Position& position) {
  return std::all_of(position.components().begin(), position.components().end(),
                     [](const Component& c) { return c.rules->is_nim_heap(); });
}

// The position a move leaves, in notation, or "empty" when nothing is left (a graph's last
// vertex removed).
std::string after_text(const Position& position, const Move& move) {
  const std::string text = format_position(position.after(move), position.single_ruleset());
  return text.empty() ? "empty" : text;
}

std::string label(const Position& position, std::size_t c) {
  const Component& comp = position.components()[c];
  return comp.rules->label(comp.state, position.first_item(c));
}

// Misère play: Bouton's rule for Nim heaps, else the search.
void explain_misere(const Position& position, const Analysis& analysis, Explanation& out) {
  if (analysis.method == Method::kMisereQuotient) {
    detail::explain_by_quotient(position, analysis, out);
    return;
  }
  if (analysis.method == Method::kMisereNim) {
    const auto& sizes = analysis.values;
    const auto big = std::count_if(sizes.begin(), sizes.end(), [](Nimber h) { return h >= 2; });
    const auto ones = std::count(sizes.begin(), sizes.end(), Nimber{1});
    Nimber x = 0;
    for (Nimber h : sizes) x ^= h;
    out.heading = "Misère Nim (the player who takes the last object loses), by Bouton's rule:";
    if (big == 0) {
      out.lines.push_back(fmt::format(
          "Every heap holds 0 or 1, so each move takes one heap of 1 and only their number "
          "counts: the player who takes the last one loses, so leave an odd number of 1-heaps. "
          "There {} {} heap{} of 1 now, {}, so the player to move {}.",
          ones == 1 ? "is" : "are", ones, ones == 1 ? "" : "s", ones % 2 == 0 ? "even" : "odd",
          ones % 2 == 0 ? "wins" : "loses"));
    } else if (big == 1) {
      out.lines.push_back(fmt::format(
          "One heap holds 2 or more: reduce it to 0 or 1 so that an odd number of 1-heaps is "
          "left ({} heap{} of 1 besides it), and the opponent must take the last object.",
          ones, ones == 1 ? "" : "s"));
    } else {
      out.lines.push_back(fmt::format(
          "{} heaps hold 2 or more, so play as in normal Nim — leave a nim-sum of 0 (now {}) — "
          "until a move would leave every heap at 0 or 1; that move instead leaves an odd number "
          "of 1-heaps.",
          big, to_string(x)));
    }
  } else {
    out.heading = fmt::format(
        "Misère play, decided by exhaustive search of the game tree ({} positions): Grundy "
        "values decide normal play only, and no misère rule like Bouton's is known for this "
        "game.",
        analysis.nodes);
  }
  out.lines.push_back(fmt::format("The {} player wins.", to_string(analysis.winner)));
  for (const Move& m : analysis.winning_moves) {
    out.winning_moves.push_back(
        fmt::format("{}; then the position is {}", describe(position, m), after_text(position, m)));
  }
}

// The mex step of a position of one component, when its moves are few enough to list: the values
// they leave, within a small budget of work of its own (the values are usually in the ruleset's
// table already).
std::optional<Explanation::Mex> mex_step(const Position& position) {
  if (position.components().size() != 1) return std::nullopt;
  const Component& comp = position.components().front();
  if (comp.rules->is_nim_heap()) return std::nullopt;
  Limits limits;
  limits.max_scan = kMaxMexOptions;
  limits.meter = std::make_shared<WorkMeter>(kDefaultWorkSteps / 10);
  auto count = comp.rules->scannable_option_count(comp.state, limits);
  if (!count) return std::nullopt;
  std::vector<Nimber> values;
  for (Count i = 0; i < *count; ++i) {
    auto value = comp.rules->option_value(comp.rules->option(comp.state, i), limits);
    if (!value) return std::nullopt;
    values.push_back(*value);
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  Nimber mex = 0;
  for (Nimber v : values) {
    if (v != mex) break;
    ++mex;
  }
  return Explanation::Mex{comp.rules->spec() + " " + format_component(comp), std::move(values),
                          mex};
}

// "mex{0, 1, 3} = 2" in words.
std::string mex_line(const Explanation::Mex& mex) {
  std::vector<std::string> values;
  for (Nimber v : mex.option_values) values.push_back(to_string(v));
  if (values.empty()) {
    return fmt::format("g({}) = mex{{}} = 0: no move is possible, so its value is 0.", mex.label);
  }
  return fmt::format(
      "g({}) = mex{{{}}} = {}: its moves leave positions of value {}, and {} is the smallest "
      "value no move reaches.",
      mex.label, fmt::join(values, ", "), to_string(mex.value), fmt::join(values, ", "),
      to_string(mex.value));
}

// The binary table of the components' values and their XOR.
void explain_table(const Position& position, const Analysis& analysis, bool nim, Explanation& out) {
  const std::vector<Nimber>& values = analysis.values;
  out.total = *analysis.grundy;
  Nimber widest = out.total;
  for (Nimber v : values) widest = std::max(widest, v);
  out.width = widest == 0 ? 1 : high_bit(widest) + 1;
  out.total_binary = binary(out.total, out.width);
  out.heading = nim ? "Nim-sum: the heap sizes in binary, XORed column by column"
                    : "Nim-sum of the Grundy values, in binary, XORed column by column";
  for (std::size_t c = 0; c < values.size(); ++c) {
    const Component& comp = position.components()[c];
    Explanation::Row row{label(position, c), values[c], binary(values[c], out.width), "", ""};
    if (!nim) {
      row.rules = comp.rules->spec() + " " + format_component(comp);
      row.reason = comp.rules->value_reason(comp.state);
    }
    out.rows.push_back(std::move(row));
  }
  for (int bit = out.width - 1; bit >= 0; --bit) {
    int ones = 0;
    for (Nimber v : values) ones += static_cast<int>((v >> bit) & 1);
    out.columns.push_back(fmt::format("{}s: {} one{} → {}", to_string(Nimber{1} << bit), ones,
                                      ones == 1 ? "" : "s", ones % 2));
  }
}

// Where each component's winning move is, if it has one.
void explain_moves(const Position& position, const Analysis& analysis, bool nim, Explanation& out) {
  const Nimber x = out.total;
  for (std::size_t c = 0; c < analysis.values.size(); ++c) {
    const Nimber g = analysis.values[c];
    const Nimber target = g ^ x;
    const std::string name = label(position, c);
    if (nim) {
      out.component_moves.push_back(
          target < g ? fmt::format("{}: {} ⊕ {} = {} < {}: take {}, leaving {}.", name,
                                   to_string(g), to_string(x), to_string(target), to_string(g),
                                   to_string(g - target), to_string(target))
                     : fmt::format("{}: {} ⊕ {} = {} > {}: no winning move here.", name,
                                   to_string(g), to_string(x), to_string(target), to_string(g)));
      continue;
    }
    std::vector<std::string> moves;
    for (const Move& m : analysis.winning_moves) {
      if (m.component == c) moves.push_back(describe(position, m));
    }
    out.component_moves.push_back(fmt::format(
        "{}: needs a move to value {} ⊕ {} = {}: {}.", name, to_string(g), to_string(x),
        to_string(target), moves.empty() ? "none" : fmt::format("{}", fmt::join(moves, "; "))));
  }
  if (!analysis.winning_moves.empty()) {
    const Move& best = analysis.winning_moves.front();
    out.winning_moves.push_back(fmt::format("{}; then the position is {} (X = 0)",
                                            describe(position, best), after_text(position, best)));
  }
}

}  // namespace

Explanation explanation(const Position& position, const Analysis& analysis) {
  Explanation out;
  if (analysis.convention == Convention::kMisere) {
    explain_misere(position, analysis, out);
    return out;
  }
  const bool have_values =
      analysis.grundy && analysis.values.size() == position.components().size();
  if (analysis.method == Method::kPositionRule && !have_values) {
    // One component decided by its ruleset's rule for lost positions (e.g. Zeckendorf's).
    out.heading = "No Grundy value needed: the ruleset's rule for lost positions decides.";
    for (const Component& c : position.components()) {
      const std::string reason = c.rules->value_reason(c.state);
      if (!reason.empty()) out.lines.push_back(reason + ".");
    }
    out.lines.push_back(fmt::format("The {} player wins.", to_string(analysis.winner)));
    return out;
  }
  if (!have_values) {
    out.heading = fmt::format(
        "No Grundy value within the limits: answered by search ({} positions).", analysis.nodes);
    out.lines.push_back(fmt::format("The {} player wins.", to_string(analysis.winner)));
    return out;
  }
  const bool nim = all_nim(position);
  explain_table(position, analysis, nim, out);
  out.mex = mex_step(position);
  if (out.mex) out.lines.push_back(mex_line(*out.mex));
  if (out.total == 0) {
    out.lines.push_back(
        "X = 0: every move makes it non-zero, and the opponent can always restore 0, so the\n"
        "player to move (first) loses against perfect play: the second player wins.");
    return out;
  }
  out.lines.push_back(
      fmt::format("X = {} is not 0, so the player to move (first) wins: move so that X becomes 0.",
                  to_string(out.total)));
  explain_moves(position, analysis, nim, out);
  return out;
}

std::string explain(const Position& position, const Analysis& analysis) {
  const Explanation e = explanation(position, analysis);
  std::string out = e.heading + "\n";
  if (!e.rows.empty()) {
    std::size_t label_width = 1;
    std::size_t value_width = to_string(e.total).size();
    for (const Explanation::Row& row : e.rows) {
      label_width = std::max(label_width, row.label.size());
      value_width = std::max(value_width, to_string(row.value).size());
    }
    for (const Explanation::Row& row : e.rows) {
      out += fmt::format("  {:<{}}  {:>{}}  {}", row.label, label_width, to_string(row.value),
                         value_width, row.binary);
      if (!row.rules.empty()) {
        out += fmt::format("   ({}{})", row.rules, row.reason.empty() ? "" : "; " + row.reason);
      }
      out += '\n';
    }
    out += fmt::format("  {:<{}}  {:>{}}  {}\n", "", label_width, "", value_width,
                       std::string(static_cast<std::size_t>(e.width), '-'));
    out += fmt::format("  {:<{}}  {:>{}}  {}\n", "X", label_width, to_string(e.total), value_width,
                       e.total_binary);
    out += fmt::format("  Columns ({}): a column of X is 1 when it holds an odd number of 1s.\n",
                       fmt::join(e.columns, ", "));
  }
  for (const std::string& line : e.lines) out += line + "\n";
  for (const std::string& line : e.component_moves) out += "  " + line + "\n";
  for (const std::string& line : e.winning_moves) out += "Winning move: " + line + ".\n";
  return out;
}

std::string nim_sum_line(const Analysis& analysis) {
  if (!analysis.grundy || analysis.values.empty()) return "";
  std::vector<std::string> terms;
  // One value is its own sum: "2", not "2 = 2".
  if (analysis.values.size() == 1) return to_string(*analysis.grundy);
  for (Nimber g : analysis.values) terms.push_back(to_string(g));
  return fmt::format("{} = {}", fmt::join(terms, " ⊕ "), to_string(*analysis.grundy));
}

}  // namespace nimkit
