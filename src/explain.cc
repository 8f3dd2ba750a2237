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

// The words for the components' sizes when every value is a size (Nim), else empty.
std::string_view sizes_words(const Position& position) {
  std::string_view words;
  for (const Component& c : position.components()) {
    words = c.rules->values_are_sizes();
    if (words.empty()) return {};
  }
  return words;
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

// Misère play: the ruleset's own misère rule (Bouton's for Nim, a rule for lost positions such
// as Moore's), else the search.
void explain_misere(const Position& position, const Analysis& analysis, const Limits& limits,
                    Explanation& out) {
  if (analysis.method == Method::kMisereQuotient) {
    detail::explain_by_quotient(position, analysis, limits, out);
    return;
  }
  const MisereSumRule* rule =
      position.components().empty() ? nullptr : position.components()[0].rules->misere_rule();
  if (analysis.method == Method::kMisereNim && rule != nullptr) {
    MisereSumRule::Words words = rule->explain(analysis.values);
    out.heading = std::move(words.heading);
    for (std::string& line : words.lines) out.lines.push_back(std::move(line));
  } else if (analysis.method == Method::kPositionRule) {
    // One component decided by its ruleset's misère rule for lost positions (Moore's Nim_k).
    out.heading = "Misère play, decided by the ruleset's own rule for lost positions: no search.";
  } else {
    out.heading = fmt::format(
        "Misère play, decided by exhaustive search of the game tree ({} positions): Grundy "
        "values decide normal play only, and no misère rule like Bouton's is known for this "
        "game.",
        analysis.nodes);
  }
  out.lines.push_back(fmt::format("The {} player wins.", to_string(analysis.winner)));
  for (const Move& m : analysis.winning_moves) {
    out.winning_moves.push_back(fmt::format(
        "{}; then the position is {}", describe(position, m, limits), after_text(position, m)));
  }
}

// The mex step of a position of one component, when its moves are few enough to list: the values
// they leave, charged to the caller's limits and meter (the values are usually in the ruleset's
// table already). Left out when they do not fit.
std::optional<Explanation::Mex> mex_step(const Position& position, const Limits& caller) {
  if (position.components().size() != 1) return std::nullopt;
  const Component& comp = position.components().front();
  if (!comp.rules->values_are_sizes().empty()) return std::nullopt;
  Limits limits = caller;
  limits.max_scan = std::min(caller.max_scan, kMaxMexOptions);
  auto count = comp.rules->scannable_option_count(comp.state, limits);
  if (!count) return std::nullopt;
  std::vector<Nimber> values;
  for (Count i = 0; i < *count; ++i) {
    // A step per option, as every engine charges building one (its value may be known already).
    if (!limits.charge(comp.rules->move_cost(comp.state))) return std::nullopt;
    auto value = comp.rules->option_value(comp.rules->option(comp.state, i), limits);
    if (!value) return std::nullopt;
    values.push_back(*value);
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  const Nimber mex = mex_of_sorted(values);
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
// `sizes`: the words for the values when they are the components' sizes (Nim), else empty.
void explain_table(const Position& position, const Analysis& analysis, std::string_view sizes,
                   Explanation& out) {
  const std::vector<Nimber>& values = analysis.values;
  out.total = *analysis.grundy;
  Nimber widest = out.total;
  for (Nimber v : values) widest = std::max(widest, v);
  out.width = widest == 0 ? 1 : high_bit(widest) + 1;
  out.total_binary = binary(out.total, out.width);
  out.heading = sizes.empty() ? "Nim-sum of the Grundy values, in binary, XORed column by column"
                              : fmt::format("Nim-sum: {} in binary, XORed column by column", sizes);
  for (std::size_t c = 0; c < values.size(); ++c) {
    const Component& comp = position.components()[c];
    Explanation::Row row{label(position, c), values[c], binary(values[c], out.width), "", ""};
    if (sizes.empty()) {
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

// Where each component's winning move is, if it has one. `sizes`: the values are sizes, and a
// move to a smaller value takes the difference.
void explain_moves(const Position& position, const Analysis& analysis, bool sizes,
                   const Limits& limits, Explanation& out) {
  const Nimber x = out.total;
  const bool cut = !analysis.winning_move_count ||
                   *analysis.winning_move_count > Count{analysis.winning_moves.size()};
  for (std::size_t c = 0; c < analysis.values.size(); ++c) {
    const Nimber g = analysis.values[c];
    const Nimber target = g ^ x;
    const std::string name = label(position, c);
    if (sizes) {
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
      if (m.component == c) moves.push_back(describe(position, m, limits));
    }
    std::string listed = moves.empty() ? "none" : fmt::format("{}", fmt::join(moves, "; "));
    // Moves are listed in component order: when the list stops short of the count, the
    // component it stopped in has more, and those after it were not listed.
    const std::size_t last =
        analysis.winning_moves.empty() ? 0 : analysis.winning_moves.back().component;
    if (analysis.winning_move_count && cut && !analysis.winning_moves.empty() && c == last) {
      listed += "; and more";
    }
    // Uncounted, a component without listed moves may be the one that could not be counted.
    if (cut && moves.empty() &&
        (!analysis.winning_move_count || analysis.winning_moves.empty() || c > last)) {
      listed = "not listed";
    }
    out.component_moves.push_back(fmt::format("{}: needs a move to value {} ⊕ {} = {}: {}.", name,
                                              to_string(g), to_string(x), to_string(target),
                                              listed));
  }
  if (analysis.finite_win_move) {
    // Play can repeat: the move that makes the win come, rather than the first that wins.
    const Move& best = *analysis.finite_win_move;
    if (analysis.winning_move_count != Count{1})
      out.lines.push_back(
          "Play can go on for ever from here, so not every winning move makes the win come: the "
          "winner undoes each move that raises a value or makes it infinite by moving back to the "
          "same value through a position labelled earlier (Smith's counter), and the move below "
          "keeps to that.");
    out.winning_moves.push_back(fmt::format("{}; then the position is {} (X = 0)",
                                            describe(position, best, limits),
                                            after_text(position, best)));
  } else if (!analysis.winning_moves.empty()) {
    const Move& best = analysis.winning_moves.front();
    out.winning_moves.push_back(fmt::format("{}; then the position is {} (X = 0)",
                                            describe(position, best, limits),
                                            after_text(position, best)));
  }
}

// A sum some component of which has an infinite generalized value (Smith): each component's
// value, the sum rule, and why the sum is won or drawn.
void explain_infinite(const Position& position, const Analysis& analysis, const Limits& limits,
                      Explanation& out) {
  out.heading =
      "Generalized Grundy values (Smith): a position from which play can go on for ever has the "
      "value ∞, written with the finite values its moves reach, ∞{...}";
  for (std::size_t c = 0; c < analysis.loopy_values.size(); ++c) {
    const Component& comp = position.components()[c];
    const LoopyValue& v = analysis.loopy_values[c];
    std::string why;
    if (!v.is_finite()) {
      why = v.reached().empty()
                ? ": play from it can go on for ever, and none of its moves reaches a finite value"
                : ": play from it can go on for ever, and its moves reach the finite values listed";
    }
    // "heap 1 (nim 3)", but "digraph a>b@a" alone where the label names the rules and items.
    const std::string name = label(position, c);
    const std::string items = comp.rules->spec() + " " + format_component(comp);
    out.lines.push_back(fmt::format("{}{} has value {}{}.", name,
                                    name == items ? "" : " (" + items + ")", to_string(v), why));
  }
  const std::size_t infinite = static_cast<std::size_t>(
      std::count_if(analysis.loopy_values.begin(), analysis.loopy_values.end(),
                    [](const LoopyValue& v) { return !v.is_finite(); }));
  if (analysis.loopy_values.size() > 1) {
    out.lines.push_back(fmt::format(
        "A sum adds finite values by XOR, n ⊕ ∞{{K}} = ∞{{K ⊕ n}}, and two infinite values make "
        "∞ with no finite value: {}.",
        nim_sum_line(analysis)));
  }
  const LoopyValue& sum = *analysis.loopy_value;
  if (analysis.winner == Outcome::kFirst) {
    out.lines.push_back(fmt::format(
        "The sum {} has 0 among the finite values its moves reach, so the player to move (first) "
        "wins: move the infinite component to the value that makes the sum 0.",
        to_string(sum)));
  } else if (infinite > 1) {
    out.lines.push_back(
        "Two components have infinite values: whoever moves one of them to a finite value leaves "
        "the other infinite, and neither player can force a win: a draw.");
  } else {
    out.lines.push_back(fmt::format(
        "The sum {} has no 0 among the finite values its moves reach: no move leaves a position "
        "of value 0, and a move to a finite value lets the opponent win, so both players keep "
        "play going and neither can force a win: a draw.",
        to_string(sum)));
  }
  const std::optional<Move>& sure = analysis.finite_win_move;
  for (const Move& m : analysis.winning_moves) {
    out.winning_moves.push_back(fmt::format("{}; then the position is {} (value 0){}",
                                            describe(position, m, limits), after_text(position, m),
                                            sure && *sure == m ? ", and play from it ends" : ""));
  }
}

}  // namespace

Explanation explanation(const Position& position, const Analysis& analysis, const Limits& limits) {
  Explanation out;
  if (position.components().empty()) {
    // Where a game whose components vanish ends: no rule or value has anything to say.
    out.heading = "No component is left: the player to move has no move.";
    out.lines.push_back(analysis.convention == Convention::kMisere
                            ? "In misère play the other player made the last move and lost: the "
                              "first player wins."
                            : "The player to move cannot move and loses: the second player wins.");
    return out;
  }
  if (analysis.convention == Convention::kMisere) {
    explain_misere(position, analysis, limits, out);
    return out;
  }
  if (analysis.loopy_value) {
    explain_infinite(position, analysis, limits, out);
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
  const std::string_view sizes = sizes_words(position);
  explain_table(position, analysis, sizes, out);
  out.mex = mex_step(position, limits);
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
  explain_moves(position, analysis, !sizes.empty(), limits, out);
  return out;
}

std::string explain(const Position& position, const Analysis& analysis, const Limits& limits) {
  const Explanation e = explanation(position, analysis, limits);
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
  if (analysis.loopy_value) {
    if (analysis.loopy_values.size() == 1) return to_string(*analysis.loopy_value);
    std::vector<std::string> terms;
    for (const LoopyValue& v : analysis.loopy_values) terms.push_back(to_string(v));
    return fmt::format("{} = {}", fmt::join(terms, " ⊕ "), to_string(*analysis.loopy_value));
  }
  if (!analysis.grundy || analysis.values.empty()) return "";
  std::vector<std::string> terms;
  // One value is its own sum: "2", not "2 = 2".
  if (analysis.values.size() == 1) return to_string(*analysis.grundy);
  for (Nimber g : analysis.values) terms.push_back(to_string(g));
  return fmt::format("{} = {}", fmt::join(terms, " ⊕ "), to_string(*analysis.grundy));
}

}  // namespace nimkit
