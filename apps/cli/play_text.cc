#include "play_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "common.h"
#include "nimkit/analysis.h"
#include "nimkit/explain.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::cli {

// "take 2 from heap 1" -> "takes 2 from heap 1", "remove vertex 3" -> "removes vertex 3", for
// "Computer takes 2 from heap 1": a move's description starts with its verb, or is a zero move.
std::string third_person(const std::string& description) {
  if (description.starts_with("zero move")) return "makes a " + description;
  const std::size_t space = description.find(' ');
  if (space == std::string::npos) return description;
  return description.substr(0, space) + "s" + description.substr(space);
}

// "take 2 from heap 1" -> "take 2 from heap 1" / "zero move on heap 2" -> "make a zero move...".
std::string second_person(const std::string& description) {
  if (description.starts_with("zero move")) return "make a " + description;
  return description;
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

std::string heaps_line(const Match& match) {
  return position_text(match.position(), match.rules().get());
}

void print_transcript(const Match& match, const std::array<std::string, 2>& names) {
  fmt::print("Transcript ({}; start {}):\n", game_title(match.rules().get(), match.convention()),
             format_position(match.start(), match.rules().get()));
  std::size_t name_width = std::max(names[0].size(), names[1].size());
  bool any_mark = false;
  for (std::size_t i = 0; i < match.history().size(); ++i) {
    const MoveRecord& r = match.history()[i];
    const char* mark = !r.mark_checked     ? (r.threw_away_win ? "   ! threw away a win (unchecked)"
                                                               : "   ? unchecked")
                       : r.threw_away_win  ? "   ! threw away a win"
                       : r.threw_away_draw ? "   ! threw away a draw"
                                           : "";
    fmt::print("  {:>3}. {:<{}}  {:<30} -> {}{}\n", i + 1, names[r.mover], name_width,
               r.description, position_text(r.after, match.rules().get()), mark);
    any_mark = any_mark || r.threw_away_win || r.threw_away_draw || !r.mark_checked;
  }
  if (match.history().empty()) fmt::print("  (no moves)\n");
  if (!any_mark) fmt::print("  (no move threw away a win)\n");
  if (match.drawn_by_agreement()) {
    const std::size_t n = match.history().size();
    fmt::print("  Ended as a draw by agreement after {} move{}.\n", n, n == 1 ? "" : "s");
  }
}

// The prediction the articles make before play: the winner from the nim-sum / Grundy value.
void print_prediction(const Match& match, const std::array<std::string, 2>& names,
                      const Limits& limits) {
  auto analysis = analyze(match.position(), match.convention(), limits);
  if (!analysis) {
    fmt::print("Prediction: not available ({})\n", analysis.error());
    return;
  }
  const std::string sum = nim_sum_line(*analysis);
  if (analysis->winner == Outcome::kDraw) {
    fmt::print("Prediction before play: a draw — neither player can force a win (value {}).\n",
               sum);
    return;
  }
  std::string why;
  if (match.convention() == Convention::kMisere) {
    why = analysis->method == Method::kMisereNim ? "by Bouton's rule for misère Nim"
                                                 : "by exhaustive search";
  } else if (analysis->loopy_value) {
    why = "value " + sum;
  } else if (!sum.empty()) {
    why = fmt::format("{} {}{}", analysis->method == Method::kNimSum ? "nim-sum" : "Grundy value",
                      sum, *analysis->grundy == 0 ? "" : " ≠ 0");
  } else {
    why = "by search";
  }
  const std::size_t winner = analysis->winner == Outcome::kFirst ? 0 : 1;
  fmt::print("Prediction before play: {} will win with perfect play ({}; {} first).\n",
             names[winner], why, names[0] == "you" ? "you move" : names[0] + " moves");
}

// How moves are typed: each ruleset's syntax once, named by the rulesets that use it when a sum
// mixes syntaxes, with an example taken from the position.
std::string move_help(const Position& position, const Limits& limits) {
  struct Syntax {
    std::string text;
    std::string titles;  // the rulesets using it
    std::string example;
  };
  std::vector<Syntax> syntaxes;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const std::string syntax = comp.rules->move_syntax();
    const std::string title = ruleset_title(*comp.rules);
    auto it = std::find_if(syntaxes.begin(), syntaxes.end(),
                           [&](const Syntax& known) { return known.text == syntax; });
    if (it == syntaxes.end()) {
      syntaxes.push_back({syntax, title, move_example(position, c, limits)});
    } else {
      if (it->titles.find(title) == std::string::npos) it->titles += ", " + title;
      if (it->example.empty()) it->example = move_example(position, c, limits);
    }
  }
  std::string text;
  for (const Syntax& syntax : syntaxes) {
    text += (syntaxes.size() > 1 ? syntax.titles + ": " : "") + syntax.text + syntax.example;
  }
  return text;
}

// "Rules: knock down one pin, ...", one line per ruleset of the position.
void print_rules(const Position& position) {
  std::vector<std::string> seen;
  for (const Component& c : position.components()) {
    const std::string title = ruleset_title(*c.rules);
    if (std::find(seen.begin(), seen.end(), title) != seen.end()) continue;
    seen.push_back(title);
    fmt::print("{}: {}\n", position.single_ruleset() != nullptr ? "Rules" : title,
               ruleset_rules_text(*c.rules));
  }
}

}  // namespace nimkit::cli
