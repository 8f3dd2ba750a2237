// The list of every ruleset nimkit knows. To add one, include its header and add an entry.
#include "nimkit/registry.h"

#include <fmt/format.h>

#include <list>
#include <map>
#include <mutex>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "nimkit/games/arc_kayles.h"
#include "nimkit/games/chomp.h"
#include "nimkit/games/coin_turning.h"
#include "nimkit/games/cram.h"
#include "nimkit/games/digraph.h"
#include "nimkit/games/fibonacci_nim.h"
#include "nimkit/games/grundys_game.h"
#include "nimkit/games/hackenbush.h"
#include "nimkit/games/lasker.h"
#include "nimkit/games/moore.h"
#include "nimkit/games/nim.h"
#include "nimkit/games/node_kayles.h"
#include "nimkit/games/octal.h"
#include "nimkit/games/staircase.h"
#include "nimkit/games/subtraction.h"
#include "nimkit/games/take_or_add.h"
#include "nimkit/games/wythoff.h"
#include "nimkit/games/zero_move.h"
#include "nimkit/octal_code.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

using Made = Result<std::shared_ptr<const Ruleset>>;

// Rulesets whose values come from a table are shared by spec, so that the table (and a proved
// period) outlives one request. The cache keeps the kSharedRulesets used last: a spec in use stays
// while one-off specs come and go.
Made shared(const std::string& spec, const std::function<Made()>& make) {
  static std::mutex mutex;
  // Most recently used first; `where` finds a spec's place in the list.
  static std::list<std::pair<std::string, std::shared_ptr<const Ruleset>>> recent;
  static std::unordered_map<std::string, decltype(recent)::iterator> where;
  std::lock_guard lock(mutex);
  if (auto it = where.find(spec); it != where.end()) {
    recent.splice(recent.begin(), recent, it->second);
    return it->second->second;
  }
  Made made = make();
  if (!made) return made;
  if (recent.size() >= kSharedRulesets) {
    where.erase(recent.back().first);
    recent.pop_back();
  }
  recent.emplace_front(spec, *made);
  where.emplace(spec, recent.begin());
  return made;
}

Made make_subtraction(std::string_view params) {
  auto made = SubtractionGame::make(params);
  if (!made) return made.failure();
  const std::shared_ptr<const Ruleset> game = *made;
  return shared(game->spec(), [&]() -> Made { return game; });
}

// Shared by spec like a subtraction game: its table of values is built once.
Made make_take_or_add(std::string_view params) {
  auto made = TakeOrAdd::make(params);
  if (!made) return made.failure();
  const std::shared_ptr<const Ruleset> game = *made;
  return shared(game->spec(), [&]() -> Made { return game; });
}

Made make_octal(std::string_view params) {
  auto code = OctalCode::parse(params);
  if (!code) return code.failure();
  return shared("octal:" + code->to_string(), [&]() -> Made {
    return std::shared_ptr<const Ruleset>(std::make_shared<const OctalGame>(*code));
  });
}

// How a ruleset that takes no parameters is kept: built for each use, or one object shared by
// every user because it keeps what it learns (a table of values, the values of the graphs met),
// so that it outlives a request.
enum class Keep { kPerUse, kShared };

// Completes the entry of a family that takes no parameters from `make`, which builds its ruleset:
// its one example is its name, its summary the ruleset's own (unless the entry gives one), and its
// factory refuses any parameters.
RulesetEntry without_parameters(RulesetEntry entry, Keep keep,
                                std::function<std::shared_ptr<const Ruleset>()> make) {
  if (entry.summary.empty()) entry.summary = make()->summary();
  entry.examples = {entry.name};
  entry.make = [name = entry.name, keep, make = std::move(make)](std::string_view params) -> Made {
    if (!params.empty()) {
      return fail(
          fmt::format("ruleset {} takes no parameters, got {}", quoted(name), quoted(params)));
    }
    if (keep == Keep::kPerUse) return make();
    return shared(name, [&]() -> Made { return make(); });
  };
  return entry;
}

// Builds an R, for without_parameters().
template <typename R>
std::shared_ptr<const Ruleset> build() {
  return std::make_shared<const R>();
}

// Each entry is one family, all of it in one place: notation, parameters, summary, examples,
// factory, start position, and the words for people (title; rules, when they are not the
// summary). The order is the order the help lists them in.
void add_heap_games(std::vector<RulesetEntry>& list) {
  list.push_back(without_parameters({.name = "nim", .title = "Nim"}, Keep::kPerUse, build<Nim>));
  list.push_back(without_parameters(
      {.name = "zero-move",
       .notation = "Heap sizes separated by spaces; 7x for a heap of 7 whose zero move is spent.",
       .title = "Nim with zero moves"},
      Keep::kPerUse, build<ZeroMoveNim>));
  list.push_back({.name = "subtraction",
                  .parameters = "S: 1,3,4 | all-but:1,2 | squares | powers-of-2 | fibonacci",
                  .summary = "take s objects from one heap, s in the set S",
                  .examples = {"subtraction:1,2,3", "subtraction:1,3,4", "subtraction:2,5,7",
                               "subtraction:all-but:1,2", "subtraction:squares",
                               "subtraction:powers-of-2", "subtraction:fibonacci"},
                  .make = make_subtraction,
                  .title = "Subtraction game"});
  list.push_back(
      {.name = "octal",
       .parameters = "CODE: d0.d1d2... (Winning Ways), e.g. 0.77, 0.137, 4.12, 0.F",
       .summary = "take-and-break: digit d_j says how many heaps may be left after taking j",
       .examples = {"octal:0.77", "octal:0.137", "octal:4.12", "octal:0.51", "octal:0.F",
                    "octal:0.2B"},
       .make = make_octal,
       .start = "8 5",
       .title = "Octal game"});
  // The named octal games carry their names and rules in the table of octal_code.h.
  for (const NamedOctalGame& game : named_octal_games()) {
    list.push_back(
        without_parameters({.name = std::string(game.name),
                            .summary = fmt::format("{} (octal {})", game.rules, game.code),
                            .start = "8 5",
                            .title = std::string(game.title),
                            .rules = std::string(game.rules)},
                           Keep::kShared, [game] {
                             return std::make_shared<const OctalGame>(
                                 *octal_code_by_name(game.name), std::string(game.name));
                           }));
  }
  list.push_back(without_parameters({.name = "grundy", .start = "7 5", .title = "Grundy's game"},
                                    Keep::kShared, build<GrundysGame>));
  list.push_back(without_parameters({.name = "lasker", .title = "Lasker's Nim"}, Keep::kPerUse,
                                    build<LaskerNim>));
  list.push_back({.name = "moore",
                  .parameters = "K: the most heaps one move may take from (1-64)",
                  .summary = "take from 1 to K heaps at once, any number (at least one) from each",
                  .examples = {"moore:1", "moore:2", "moore:3"},
                  .make = [](std::string_view params) -> Made {
                    auto made = MooreNim::make(params);
                    if (!made) return made.failure();
                    return std::shared_ptr<const Ruleset>(*made);
                  },
                  .title = "Moore's Nim"});
  list.push_back(without_parameters(
      {.name = "wythoff",
       .start = "3 5",
       .notation = "Pairs of heap sizes, x y for each queen, separated by spaces.",
       .title = "Wythoff's game"},
      Keep::kPerUse, build<WythoffGame>));
}

// How the graph games write a position.
constexpr const char* kGraphNotation =
    "Edges a-b and lone vertices (a number) separated by commas, spaces or both: 1-2,2-3,3 or "
    "1-2 2-3 3.";

void add_graph_and_course_games(std::vector<RulesetEntry>& list) {
  // The start, a ten-cycle with one chord: won by the first player, but only by two of its ten
  // moves, in five moves of perfect play.
  list.push_back(without_parameters({.name = "node-kayles",
                                     .start = "1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-1,1-6",
                                     .notation = kGraphNotation,
                                     .title = "Node Kayles"},
                                    Keep::kShared, build<NodeKayles>));
  list.push_back(without_parameters(
      {.name = "staircase",
       .start = "4 0 3 2",
       .notation = "The coins on each step, bottom step first, separated by spaces.",
       .title = "Staircase Nim"},
      Keep::kPerUse, build<StaircaseNim>));
  list.push_back(without_parameters(
      {.name = "fibonacci-nim",
       .start = "20",
       .notation =
           "Heap sizes separated by spaces; N/M for N objects left with the next take at most M.",
       .title = "Fibonacci Nim"},
      Keep::kShared, build<FibonacciNim>));
  list.push_back(without_parameters({.name = "arc-kayles",
                                     .start = "1-2,2-3,3-4,4-5,5-6,6-1,1-4",
                                     .notation = kGraphNotation,
                                     .title = "Arc Kayles"},
                                    Keep::kShared, build<ArcKayles>));
  list.push_back(without_parameters(
      {.name = "hackenbush",
       .start = "g-1,1-2,2-g,2-3,3-3,g-4,4-5,4-5",
       .notation = "Edges a-b separated by commas, spaces or both (g-1,1-2 or g-1 1-2), g the "
                   "ground and other vertices numbers; a loop as 2-2, a second edge between the "
                   "same vertices written twice. Edges are numbered 1, 2, ... in the order "
                   "written and keep their numbers until cut; eN=a-b is edge number N "
                   "(e1=g-1 e3=2-g). Older texts' 0 for the ground and N=a-b still read.",
       .title = "Green Hackenbush"},
      Keep::kPerUse, build<GreenHackenbush>));
  list.push_back(without_parameters(
      {.name = "digraph",
       .start = "s>a,s>b,s>c,a>c,b>c,b>d,c>e,d>e,d>f,e>g,f>g@s",
       .notation = "Arrows a>b separated by commas, spaces or both (s>a,a>b or s>a a>b), "
                   "then @ and the vertex holding the token; @a@b for two tokens.",
       .title = "Token on a directed graph"},
      Keep::kShared, build<Digraph>));
  // The start: 4 is ∞{0}, won by taking 3 (heap 1 has value 0) with a finite win; 6 is a draw
  // alone, but beside 4 the sum ∞ + ∞{0} is a draw too, so the start is 4 and 1.
  list.push_back(
      {.name = "take-or-add",
       .parameters = "S/A/B: take a size in S, or add a size in A to a non-empty heap of at most "
                     "B, e.g. 2,3/1/12",
       .summary = "take s in S from a heap, or add a in A to a non-empty heap keeping it at most "
                  "B; play can go on for ever (a draw)",
       .examples = {"take-or-add:2,3/1/12", "take-or-add:3,4/1/12", "take-or-add:2,5/1/12"},
       .make = make_take_or_add,
       .start = "4 1",
       .notation = "Heap sizes separated by spaces, each at most the bound B.",
       .title = "Take or add"});
}

void add_board_games(std::vector<RulesetEntry>& list) {
  for (const auto& [name, game, start, title] :
       {std::tuple{"turning-turtles", CoinGame::kTurningTurtles, "hthht", "Turning Turtles"},
        std::tuple{"mock-turtles", CoinGame::kMockTurtles, "thhthth", "Mock Turtles"},
        std::tuple{"ruler", CoinGame::kRuler, "hhthtth", "Ruler"}}) {
    list.push_back(without_parameters(
        {.name = name,
         .start = start,
         .notation = "A row of coins, h for heads and t for tails.",
         .title = title},
        Keep::kPerUse, [coins = game] { return std::make_shared<const CoinTurning>(coins); }));
  }
  list.push_back(
      without_parameters({.name = "turning-corners",
                          .start = "ttt/thh/tht",
                          .notation = "Rows of coins, h for heads and t for tails, separated by /.",
                          .title = "Turning Corners"},
                         Keep::kPerUse, build<TurningCorners>));
  list.push_back(without_parameters(
      {.name = "chomp",
       .start = "5 5 5 5",
       .notation =
           "The lengths of the bar's rows, top row first, each no longer than the one above.",
       .title = "Chomp"},
      Keep::kShared, build<Chomp>));
  list.push_back(without_parameters({.name = "cram",
                                     .start = "..../.#../..../....",
                                     .notation = "Rows of . (empty) and # (filled) separated by /.",
                                     .title = "Cram"},
                                    Keep::kShared, build<Cram>));
}

std::vector<RulesetEntry> make_registry() {
  std::vector<RulesetEntry> list;
  add_heap_games(list);
  add_graph_and_course_games(list);
  add_board_games(list);
  for (RulesetEntry& entry : list) {
    // An entry's rules in plain words are its summary unless it has its own.
    if (entry.rules.empty()) entry.rules = entry.summary;
    // The facts are the ruleset's alone (Ruleset::facts()): the entry reads them from its first
    // example, so the list never names them a second time.
    const std::string& example = entry.examples.front();
    const std::size_t colon = example.find(':');
    auto made = entry.make(colon == std::string::npos ? "" : example.substr(colon + 1));
    // Every example builds (the conformance tests build each); a broken one names no view.
    if (made) entry.facts = (*made)->facts();
  }
  return list;
}

}  // namespace

const std::vector<RulesetEntry>& registry() {
  static const std::vector<RulesetEntry> list = make_registry();
  return list;
}

Result<std::shared_ptr<const Ruleset>> make_ruleset(std::string_view spec) {
  const std::size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view params = colon == std::string_view::npos ? "" : spec.substr(colon + 1);
  if (const RulesetEntry* entry = find_ruleset_entry(spec)) return entry->make(params);
  std::string known;
  std::vector<std::string> names;
  for (const RulesetEntry& entry : registry()) {
    known += (known.empty() ? "" : ", ") + entry.name;
    names.push_back(entry.name);
  }
  if (auto near = closest(name, names)) {
    return fail(fmt::format("unknown ruleset {}: did you mean {}? (known: {})", quoted(spec), *near,
                            known));
  }
  return fail(fmt::format("unknown ruleset {} (known: {})", quoted(spec), known));
}

const RulesetEntry* find_ruleset_entry(std::string_view spec) {
  // Names are lower case; "Kayles" as a person writes it names the same entry. Parameters keep
  // their case (a digraph's vertex names).
  const std::string name = ascii_lower(spec.substr(0, spec.find(':')));
  for (const RulesetEntry& entry : registry()) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

std::string ruleset_title(const Ruleset& rules) {
  const std::string spec = rules.spec();
  const RulesetEntry* entry = find_ruleset_entry(spec);
  if (entry == nullptr || entry->title.empty()) return spec;
  const std::size_t colon = spec.find(':');
  if (colon == std::string::npos) return entry->title;
  return fmt::format("{} ({})", entry->title, spec.substr(colon + 1));
}

std::string ruleset_rules_text(const Ruleset& rules) {
  const RulesetEntry* entry = find_ruleset_entry(rules.spec());
  if (entry == nullptr || !entry->parameters.empty() || entry->rules.empty()) {
    return rules.summary();
  }
  return entry->rules;
}

}  // namespace nimkit
