// The list of every ruleset nimkit knows. To add one, include its header and add an entry.
#include "nimkit/registry.h"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <tuple>

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
#include "nimkit/games/wythoff.h"
#include "nimkit/games/zero_move.h"
#include "nimkit/octal_code.h"
#include "nimkit/quote.h"

namespace nimkit {
namespace {

using Made = Result<std::shared_ptr<const Ruleset>>;

// A factory for a ruleset that takes no parameters.
template <typename R>
std::function<Made(std::string_view)> plain(std::string name) {
  return [name = std::move(name)](std::string_view params) -> Made {
    if (!params.empty()) {
      return fail(
          fmt::format("ruleset {} takes no parameters, got {}", quoted(name), quoted(params)));
    }
    return std::shared_ptr<const Ruleset>(std::make_shared<const R>());
  };
}

// Rulesets whose values come from a table are shared by spec, so that the table (and a proved
// period) outlives one request. The cache is bounded: it starts afresh past 64 specs.
Made shared(const std::string& spec, const std::function<Made()>& make) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  std::lock_guard lock(mutex);
  if (auto it = cache.find(spec); it != cache.end()) return it->second;
  Made made = make();
  if (!made) return made;
  if (cache.size() >= 64) cache.clear();
  cache.emplace(spec, *made);
  return made;
}

Made make_subtraction(std::string_view params) {
  auto made = SubtractionGame::make(params);
  if (!made) return Error{made.error()};
  const std::shared_ptr<const Ruleset> game = *made;
  return shared(game->spec(), [&]() -> Made { return game; });
}

Made make_octal(std::string_view params) {
  auto code = OctalCode::parse(params);
  if (!code) return Error{code.error()};
  return shared("octal:" + code->to_string(), [&]() -> Made {
    return std::shared_ptr<const Ruleset>(std::make_shared<const OctalGame>(*code));
  });
}

std::function<Made(std::string_view)> named_octal(const NamedOctalGame& game) {
  return [game](std::string_view params) -> Made {
    if (!params.empty()) {
      return fail(
          fmt::format("ruleset {} takes no parameters, got {}", quoted(game.name), quoted(params)));
    }
    return shared(std::string(game.name), [&]() -> Made {
      return std::shared_ptr<const Ruleset>(std::make_shared<const OctalGame>(
          *octal_code_by_name(game.name), std::string(game.name)));
    });
  };
}

// A factory for a ruleset that takes no parameters and keeps what it learns (a table of values,
// the values of the graphs met): one object shared by every user, so that it outlives a request.
template <typename R>
std::function<Made(std::string_view)> shared_plain(std::string name) {
  return [name = std::move(name)](std::string_view params) -> Made {
    if (!params.empty()) {
      return fail(
          fmt::format("ruleset {} takes no parameters, got {}", quoted(name), quoted(params)));
    }
    return shared(
        name, []() -> Made { return std::shared_ptr<const Ruleset>(std::make_shared<const R>()); });
  };
}

std::vector<RulesetEntry> make_registry() {
  std::vector<RulesetEntry> list;
  list.push_back({"nim", "", Nim().summary(), {"nim"}, plain<Nim>("nim")});
  list.push_back(
      {"zero-move", "", ZeroMoveNim().summary(), {"zero-move"}, plain<ZeroMoveNim>("zero-move")});
  list.push_back(
      {"subtraction",
       "S: 1,3,4 | all-but:1,2 | squares | powers-of-2 | fibonacci",
       "take s objects from one heap, s in the set S",
       {"subtraction:1,2,3", "subtraction:1,3,4", "subtraction:2,5,7", "subtraction:all-but:1,2",
        "subtraction:squares", "subtraction:powers-of-2", "subtraction:fibonacci"},
       make_subtraction});
  list.push_back(
      {"octal",
       "CODE: d0.d1d2... (Winning Ways), e.g. 0.77, 0.137, 4.12, 0.F",
       "take-and-break: digit d_j says how many heaps may be left after taking j",
       {"octal:0.77", "octal:0.137", "octal:4.12", "octal:0.51", "octal:0.F", "octal:0.2B"},
       make_octal,
       "pins",
       "8 5"});
  for (const NamedOctalGame& game : named_octal_games()) {
    list.push_back({std::string(game.name),
                    "",
                    fmt::format("{} (octal {}): {}", game.title, game.code,
                                OctalGame(*octal_code_by_name(game.name)).summary()),
                    {std::string(game.name)},
                    named_octal(game),
                    "pins",
                    "8 5"});
  }
  list.push_back({"grundy",
                  "",
                  GrundysGame().summary(),
                  {"grundy"},
                  shared_plain<GrundysGame>("grundy"),
                  "split",
                  "7 5"});
  list.push_back(
      {"lasker", "", LaskerNim().summary(), {"lasker"}, plain<LaskerNim>("lasker"), "split"});
  list.push_back({"moore",
                  "K: the most heaps one move may take from (1-64)",
                  "take from 1 to K heaps at once, any number (at least one) from each",
                  {"moore:1", "moore:2", "moore:3"},
                  [](std::string_view params) -> Made {
                    auto made = MooreNim::make(params);
                    if (!made) return Error{made.error()};
                    return std::shared_ptr<const Ruleset>(*made);
                  },
                  "moore"});
  list.push_back({"wythoff",
                  "",
                  WythoffGame().summary(),
                  {"wythoff"},
                  plain<WythoffGame>("wythoff"),
                  "queen",
                  "3 5"});
  list.push_back({"node-kayles",
                  "",
                  NodeKayles().summary(),
                  {"node-kayles"},
                  shared_plain<NodeKayles>("node-kayles"),
                  "graph",
                  "1-2,2-3,3-4,4-5,5-1,1-3"});
  list.push_back({"staircase",
                  "",
                  StaircaseNim().summary(),
                  {"staircase"},
                  plain<StaircaseNim>("staircase"),
                  "heaps",
                  "4 0 3 2"});
  list.push_back({"fibonacci-nim",
                  "",
                  FibonacciNim().summary(),
                  {"fibonacci-nim"},
                  shared_plain<FibonacciNim>("fibonacci-nim"),
                  "heaps",
                  "20"});
  list.push_back({"arc-kayles",
                  "",
                  ArcKayles().summary(),
                  {"arc-kayles"},
                  shared_plain<ArcKayles>("arc-kayles"),
                  "graph",
                  "1-2,2-3,3-4,4-5,5-6,6-1,1-4"});
  list.push_back({"hackenbush",
                  "",
                  GreenHackenbush().summary(),
                  {"hackenbush"},
                  plain<GreenHackenbush>("hackenbush"),
                  "hackenbush",
                  "0-1,1-2,2-0,2-3,3-3,0-4,4-5,4-5"});
  list.push_back({"digraph",
                  "",
                  Digraph().summary(),
                  {"digraph"},
                  shared_plain<Digraph>("digraph"),
                  "digraph",
                  "s>a,s>b,s>c,a>c,b>c,b>d,c>e,d>e,d>f,e>g,f>g@s"});
  for (const auto& [name, game, start] :
       {std::tuple{"turning-turtles", CoinGame::kTurningTurtles, "hthht"},
        std::tuple{"mock-turtles", CoinGame::kMockTurtles, "thhthth"},
        std::tuple{"ruler", CoinGame::kRuler, "hhthtth"}}) {
    list.push_back({name,
                    "",
                    CoinTurning(game).summary(),
                    {name},
                    [name = std::string(name), game = game](std::string_view params) -> Made {
                      if (!params.empty()) {
                        return fail(fmt::format("ruleset {} takes no parameters, got {}",
                                                quoted(name), quoted(params)));
                      }
                      return std::shared_ptr<const Ruleset>(
                          std::make_shared<const CoinTurning>(game));
                    },
                    "coins",
                    start});
  }
  list.push_back({"turning-corners",
                  "",
                  TurningCorners().summary(),
                  {"turning-corners"},
                  plain<TurningCorners>("turning-corners"),
                  "coins",
                  "ttt/thh/tht"});
  list.push_back({"chomp",
                  "",
                  Chomp().summary(),
                  {"chomp"},
                  shared_plain<Chomp>("chomp"),
                  "chomp",
                  "5 5 5 5"});
  list.push_back({"cram",
                  "",
                  Cram().summary(),
                  {"cram"},
                  shared_plain<Cram>("cram"),
                  "cram",
                  "..../.#../..../...."});
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
  for (const RulesetEntry& entry : registry()) {
    if (entry.name == name) return entry.make(params);
  }
  std::string known;
  for (const RulesetEntry& entry : registry()) known += (known.empty() ? "" : ", ") + entry.name;
  return fail(fmt::format("unknown ruleset {} (known: {})", quoted(spec), known));
}

}  // namespace nimkit
