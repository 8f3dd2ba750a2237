#include "nimkit/analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "enum_names.h"
#include "loopy_analysis.h"
#include "misere/misere_rule.h"
#include "nimkit/notation.h"
#include "nimkit/remoteness.h"
#include "search.h"

namespace nimkit {

namespace {

constexpr EnumName<Convention> kConventionNames[] = {
    {Convention::kNormal, "normal"},
    {Convention::kMisere, "misere"},
};
static_assert(names_every_value(kConventionNames), "a Convention has no name");

constexpr EnumName<Method> kMethodNames[] = {
    {Method::kNimSum, "nim-sum"},
    {Method::kMisereNim, "misère Nim rule"},
    {Method::kPositionRule, "P-position rule"},
    {Method::kGrundyValues, "Grundy values"},
    {Method::kSearch, "search"},
    {Method::kMisereQuotient, "misere-quotient"},
};
static_assert(names_every_value(kMethodNames), "a Method has no name");

}  // namespace
namespace {

// Work steps the Grundy value reported beside a position a P-position rule decided may take:
// a fraction of a second (Moore's options cost many steps each).
constexpr std::uint64_t kRuledValueSteps = 300'000;

// Whether every component's value is its size (Nim): the analysis is a plain nim-sum.
bool values_are_sizes(const Position& position) {
  return std::all_of(position.components().begin(), position.components().end(),
                     [](const Component& c) { return !c.rules->values_are_sizes().empty(); });
}

// The misère rule every component's ruleset shares (Bouton's for Nim), or nullptr.
const MisereSumRule* shared_misere_rule(const Position& position) {
  const MisereSumRule* rule = nullptr;
  for (const Component& c : position.components()) {
    const MisereSumRule* own = c.rules->misere_rule();
    if (own == nullptr || (rule != nullptr && own != rule)) return nullptr;
    rule = own;
  }
  return rule;
}

using detail::component_values;

void keep(Analysis& analysis, Move move, const Limits& limits) {
  if (analysis.winning_move_count) ++*analysis.winning_move_count;
  if (analysis.winning_moves.size() < limits.max_listed_moves) {
    analysis.winning_moves.push_back(std::move(move));
  }
}

}  // namespace

Result<bool> detail::keep_options_to_value(Analysis& analysis, const Position& position,
                                           std::size_t i, Nimber target, const Limits& limits) {
  const Component& c = position.components()[i];
  const std::uint64_t room = limits.max_listed_moves - analysis.winning_moves.size();
  // A list is memory: never more moves than a scan may visit, however many are asked for.
  const std::uint64_t list = std::min(room, limits.max_scan);
  auto counted = c.rules->count_options_to_value(c.state, target, list, limits);
  if (!counted) return counted.failure();
  if (analysis.winning_move_count) *analysis.winning_move_count += counted->count;
  if (list < room && counted->first.size() < counted->count) {
    analysis.moves_unlisted = fmt::format(
        "{} of the {} winning moves of {} are listed: listing more would pass the scan limit {}",
        counted->first.size(), to_string(counted->count),
        c.rules->label(c.state, position.first_item(i)), limits.max_scan);
  }
  for (Option& option : counted->first)
    analysis.winning_moves.push_back(Move{i, std::move(option)});
  return true;
}

namespace {

using detail::keep_options_to_value;

// Misère play by the rule the components' ruleset states (Bouton's for Nim).
Result<Analysis> analyze_by_misere_rule(const MisereSumRule& rule, const Position& position,
                                        const Limits& limits, Analysis analysis) {
  auto values = component_values(position, limits);
  if (!values) return values.failure();
  analysis.values = values->each;
  const bool lost = rule.lost(analysis.values);
  analysis.winner = lost ? Outcome::kSecond : Outcome::kFirst;
  analysis.method = Method::kMisereNim;
  if (lost) return analysis;
  for (const auto& [i, target] : rule.winning_targets(analysis.values)) {
    auto kept = keep_options_to_value(analysis, position, i, target, limits);
    if (!kept) return kept.failure();
  }
  return analysis;
}

// A position whose only movable component has a P-position rule under `convention` (Wythoff,
// Moore's Nim_k): decided without Grundy values or a search. nullopt when the rule does not apply.
std::optional<Result<Analysis>> analyze_by_rule(const Position& position, Convention convention,
                                                const Limits& limits, Analysis analysis,
                                                bool list_moves = true) {
  std::optional<std::size_t> only;
  for (std::size_t i = 0; i < position.components().size(); ++i) {
    const Component& c = position.components()[i];
    if (c.rules->count_options(c.state) == 0) continue;
    if (only) return std::nullopt;
    only = i;
  }
  if (!only) return std::nullopt;
  const Component& c = position.components()[*only];
  const std::optional<bool> lost = c.rules->is_p_position(c.state, convention);
  if (!lost) return std::nullopt;
  analysis.winner = *lost ? Outcome::kSecond : Outcome::kFirst;
  analysis.method = Method::kPositionRule;
  if (*lost || !list_moves) return analysis;
  // A ruleset that constructs a winning move (Moore's) counts and lists the others within half
  // the work left, and the constructed move stands in when they are too many to list.
  std::optional<Option> built = c.rules->move_to_p_position(c.state, convention);
  const Limits listing = built ? limits.share(~std::uint64_t{0}) : limits;
  Result<bool> kept = true;
  if (convention == Convention::kNormal) {
    kept = keep_options_to_value(analysis, position, *only, 0, listing);
  } else if (auto options = c.rules->options_to_p_position(c.state, convention, listing)) {
    for (Option& option : *options) keep(analysis, Move{*only, std::move(option)}, limits);
  } else {
    kept = options.failure();
  }
  if (kept) return analysis;
  if (!built || (limits.meter && limits.meter->exhausted()) ||
      kept.error_kind() == ErrorKind::kCancelled) {
    return Result<Analysis>(kept.failure());
  }
  // The constructed move is shown; how many winning moves there are is not known.
  analysis.winning_move_count.reset();
  analysis.winning_moves.push_back(Move{*only, std::move(*built)});
  analysis.moves_unlisted = "the others are too many to list (" + kept.error() +
                            "); the move shown is the P-position rule's construction";
  return analysis;
}

Result<Analysis> analyze_by_search(const Position& position, Convention convention,
                                   const Limits& limits, Analysis analysis) {
  detail::Search search(convention, limits);
  auto wins = search.wins(position);
  if (!wins) return wins.failure();
  analysis.winner = *wins ? Outcome::kFirst : Outcome::kSecond;
  analysis.method = Method::kSearch;
  if (*wins) {
    auto moves = position.legal_moves(limits);
    if (!moves) return moves.failure();
    for (Move& move : *moves) {
      auto child = search.wins(position.after(move));
      if (!child) return child.failure();
      if (!*child) keep(analysis, std::move(move), limits);
    }
  }
  analysis.nodes = search.nodes();
  return analysis;
}

}  // namespace

std::string_view to_string(Convention convention) { return name_of(kConventionNames, convention); }

std::optional<Convention> convention_named(std::string_view name) {
  return value_named(kConventionNames, name);
}

std::string_view to_string(Method method) { return name_of(kMethodNames, method); }

namespace {

Result<Analysis> analyze_position(const Position& position, Convention convention,
                                  const Limits& limits) {
  Analysis analysis;
  analysis.convention = convention;
  if (convention == Convention::kMisere) {
    if (auto refused = detail::repetition_refusal(position, "misère play", limits)) return *refused;
    if (const MisereSumRule* rule = shared_misere_rule(position)) {
      return analyze_by_misere_rule(*rule, position, limits, std::move(analysis));
    }
    if (auto ruled = analyze_by_rule(position, convention, limits, analysis)) return *ruled;
    if (auto by_quotient = detail::analyze_by_quotient(position, limits, analysis, true)) {
      return *by_quotient;
    }
    auto searched = analyze_by_search(position, convention, limits, std::move(analysis));
    if (!searched && searched.failure().kind == ErrorKind::kLimit) {
      // A search that ran out where a quotient would have answered says so: which heaps the
      // quotient covers and how large the search it fell back to may be.
      if (const std::string why = detail::quotient_shortfall(position); !why.empty()) {
        return fail_as(searched.failure(), fmt::format("{}: {}", searched.error(), why));
      }
    }
    return searched;
  }
  if (convention == Convention::kNormal) {
    // One component with a P-position rule: the rule answers; its Grundy value (costly for
    // these rulesets) is an extra, reported only when a small search finds it within a bounded
    // share of the work, so that the question itself keeps the rest.
    Limits small = limits.share(kRuledValueSteps);
    small.max_nodes = std::min<std::uint64_t>(limits.max_nodes, 20'000);
    small.max_scan = std::min<std::uint64_t>(limits.max_scan, 200'000);
    if (auto ruled = analyze_by_rule(position, convention, limits, analysis)) {
      if (*ruled) {
        if (auto values = component_values(position, small)) {
          (*ruled)->grundy = values->total;
          (*ruled)->values = values->each;
        }
      }
      return *ruled;
    }
  }
  auto values = component_values(position, limits);
  if (!values) {
    // No Grundy value within the limits: only a search can still answer.
    auto searched = analyze_by_search(position, convention, limits, std::move(analysis));
    if (!searched) return values.failure();
    return searched;
  }
  if (!values->finite()) {
    return detail::analyze_infinite(position, *values, limits, std::move(analysis), true);
  }
  analysis.grundy = values->total;
  analysis.values = values->each;
  const Nimber total = values->total;
  analysis.winner = total != 0 ? Outcome::kFirst : Outcome::kSecond;
  analysis.method = values_are_sizes(position) ? Method::kNimSum : Method::kGrundyValues;
  if (total == 0) return analysis;
  const auto& components = position.components();
  for (std::size_t i = 0; i < components.size(); ++i) {
    // The winner is known; a component whose moves are out of reach (every option of a huge
    // component of a family without classes) leaves the count absent and says why.
    auto kept = keep_options_to_value(analysis, position, i, total ^ values->each[i], limits);
    if (!kept) {
      analysis.moves_unlisted = kept.error();
      analysis.winning_move_count.reset();
    }
  }
  if (values->can_repeat())
    analysis.finite_win_move = detail::finite_win_move(position, *values, limits);
  return analysis;
}

}  // namespace

Result<Analysis> analyze(const Position& position, Convention convention, const Limits& limits,
                         const AnalysisOptions& options) {
  auto analysis = analyze_position(position, convention, limits);
  // Remoteness is an extra: a bounded share of the same meter (add_remoteness), so that the
  // answer and what follows it (formatting) keep the rest of the budget.
  if (analysis && options.remoteness) add_remoteness(*analysis, position, limits);
  return analysis;
}

Result<BriefAnalysis> analyze_brief(std::string_view text,
                                    const std::shared_ptr<const Ruleset>& rules,
                                    Convention convention, const std::function<Limits()>& limits,
                                    const BriefOptions& options) {
  if (convention == Convention::kNormal) {
    if (auto answer = rules->answer_sum_text(text, options.position)) {
      BriefAnalysis brief{answer->value != 0 ? Outcome::kFirst : Outcome::kSecond,
                          answer->value,
                          {},
                          std::move(answer->first_winning_move),
                          {},
                          std::move(answer->values),
                          {}};
      if (options.position) {
        std::vector<Component> components;
        components.reserve(answer->components.size());
        for (ParsedComponent& c : answer->components) {
          components.push_back(Component{rules, std::move(c.state)});
        }
        brief.position = Position(std::move(components));
      }
      return brief;
    }
  }
  Result<Position> position = parse_position(text, rules);
  if (!position) return position.failure();
  Limits one_move = limits();
  one_move.max_listed_moves = 1;
  Result<Analysis> analysis = analyze(*position, convention, one_move);
  if (!analysis) return analysis.failure();
  BriefAnalysis brief{analysis->winner, analysis->grundy, analysis->loopy_value, {}, {}, {}, {}};
  // The move to play first: in a position whose play can repeat, the one that keeps a win finite.
  const Move* first = analysis->finite_win_move          ? &*analysis->finite_win_move
                      : !analysis->winning_moves.empty() ? &analysis->winning_moves.front()
                                                         : nullptr;
  if (first != nullptr) brief.first_winning_move = format_move(*position, *first, one_move);
  if (options.position) {
    brief.position = std::move(*position);
    brief.values = std::move(analysis->values);
    brief.loopy_values = std::move(analysis->loopy_values);
  }
  return brief;
}

Result<Outcome> outcome(const Position& position, Convention convention, const Limits& limits) {
  const auto of = [](bool first_wins) { return first_wins ? Outcome::kFirst : Outcome::kSecond; };
  if (convention == Convention::kMisere) {
    if (auto refused = detail::repetition_refusal(position, "misère play", limits)) return *refused;
    if (const MisereSumRule* rule = shared_misere_rule(position)) {
      auto values = component_values(position, limits);
      if (!values) return values.failure();
      return of(!rule->lost(values->each));
    }
    if (auto ruled = analyze_by_rule(position, convention, limits, Analysis{}, false)) {
      if (!*ruled) return ruled->failure();
      return (*ruled)->winner;
    }
    if (auto by_quotient = detail::analyze_by_quotient(position, limits, Analysis{}, false)) {
      if (!*by_quotient) return by_quotient->failure();
      return (*by_quotient)->winner;
    }
    detail::Search search(convention, limits);
    auto wins = search.wins(position);
    if (!wins) return wins.failure();
    return of(*wins);
  }
  if (auto ruled = analyze_by_rule(position, convention, limits, Analysis{}, false)) {
    if (!*ruled) return ruled->failure();
    return (*ruled)->winner;
  }
  auto values = component_values(position, limits);
  if (values) return values->sum.outcome();
  detail::Search search(convention, limits);
  auto wins = search.wins(position);
  if (!wins) return values.failure();
  return of(*wins);
}

Result<bool> first_player_wins(const Position& position, Convention convention,
                               const Limits& limits) {
  auto who = outcome(position, convention, limits);
  if (!who) return who.failure();
  return *who == Outcome::kFirst;
}

}  // namespace nimkit
