// Saved games replay in every family: random games of every registry example, normal and misère
// play, on their own or in a sum with another, are saved (a '!' on every move that threw a
// win away), loaded back, and must replay to the same record, move by move.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "nimkit/heap_game.h"
#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/saved_game.h"

namespace {

using nimkit::Count;
using nimkit::Position;

struct Example {
  const nimkit::RulesetEntry* entry;
  std::string spec;
};

std::vector<Example> all_examples() {
  std::vector<Example> out;
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) out.push_back(Example{&entry, spec});
  }
  return out;
}

// Small enough that a game of any family, with its win-thrown-away checks before and after every
// move, takes milliseconds; a check past them leaves the move unmarked, the same way on reload.
nimkit::Limits game_limits() {
  nimkit::Limits limits;
  limits.max_nodes = 1'500;
  limits.max_table = 300;
  return limits;
}

// The position after `choices` (each taken modulo the moves there), short of a position with
// nothing left: no notation writes one, so no game starts there.
Position played_out(Position position, const std::vector<std::uint32_t>& choices) {
  for (std::uint32_t choice : choices) {
    const Count count = position.move_count();
    if (count == 0) break;
    Position next = position.after(position.move_at(choice % count));
    if (next.components().empty()) break;
    position = std::move(next);
  }
  return position;
}

// A random start of the example's ruleset: small heaps for a heap game (pairs for a game on
// pairs), else the registry's start position after a few random moves (a Cram board with more
// cells filled, a smaller graph).
Position random_start(const Example& example) {
  auto rules = nimkit::make_ruleset(example.spec);
  RC_ASSERT(rules.ok());
  if (const auto* heaps = dynamic_cast<const nimkit::HeapGame*>(rules->get())) {
    const std::size_t pairs = heaps->arity() == 2 ? 2 : 1;
    const auto count = *rc::gen::inRange<std::size_t>(1, 4);
    const auto sizes = *rc::gen::container<std::vector<std::uint64_t>>(
        count * pairs, rc::gen::inRange<std::uint64_t>(0, 13));
    std::vector<nimkit::Heap> heap_list;
    for (std::uint64_t size : sizes) heap_list.push_back(nimkit::Heap{size});
    return nimkit::heap_position(*rules, heap_list);
  }
  auto start = nimkit::parse_position(example.entry->start, *rules);
  RC_ASSERT(start.ok());
  const auto prefix = *rc::gen::container<std::vector<std::uint32_t>>(
      *rc::gen::inRange<std::size_t>(0, 4), rc::gen::arbitrary<std::uint32_t>());
  return played_out(*start, prefix);
}

void check_replays(const std::shared_ptr<const nimkit::Ruleset>& rules, const Position& start) {
  const auto convention =
      *rc::gen::element(nimkit::Convention::kNormal, nimkit::Convention::kMisere);
  nimkit::Match match(rules, start, convention, game_limits());
  for (std::uint32_t choice : *rc::gen::arbitrary<std::vector<std::uint32_t>>()) {
    const Count count = match.position().move_count();
    if (count == 0) break;
    match.play(match.position().move_at(choice % count));
  }
  const std::string saved = save_game(match, "first", "second");
  RC_LOG() << saved;
  auto loaded = nimkit::load_game(saved, game_limits());
  RC_ASSERT(loaded.ok());
  const nimkit::Match& back = *loaded->match;
  RC_ASSERT(back.convention() == convention);
  RC_ASSERT(back.start() == match.start());
  RC_ASSERT(back.history().size() == match.history().size());
  for (std::size_t i = 0; i < match.history().size(); ++i) {
    const nimkit::MoveRecord& want = match.history()[i];
    const nimkit::MoveRecord& got = back.history()[i];
    RC_ASSERT(got.move == want.move);
    RC_ASSERT(got.text == want.text);
    RC_ASSERT(got.description == want.description);
    RC_ASSERT(got.mover == want.mover);
    RC_ASSERT(got.threw_away_win == want.threw_away_win);
    RC_ASSERT(got.after == want.after);
  }
  RC_ASSERT(save_game(back, "first", "second") == saved);
}

class SavedGameReplay : public ::testing::TestWithParam<Example> {};

void PrintTo(const Example& example, std::ostream* out) { *out << example.spec; }

TEST_P(SavedGameReplay, RandomGamesReplayMoveByMove) {
  const Example& example = GetParam();
  EXPECT_TRUE(rc::check(example.spec, [&] {
    const Position start = random_start(example);
    check_replays(*nimkit::make_ruleset(example.spec), start);
  }));
}

// In a sum the file says "rules sum" and every component names its ruleset: two random examples
// side by side (one family twice too: two graphs with the same vertex names stay two).
RC_GTEST_PROP(SavedGameReplay, RandomGamesOfSumsReplayMoveByMove, ()) {
  const std::vector<Example> examples = all_examples();
  std::vector<nimkit::Component> components =
      random_start(*rc::gen::elementOf(examples)).components();
  const Position second = random_start(*rc::gen::elementOf(examples));
  for (const nimkit::Component& c : second.components()) components.push_back(c);
  check_replays(nullptr, Position(std::move(components)));
}

std::string test_name(const ::testing::TestParamInfo<Example>& param) {
  std::string name;
  for (char c : param.param.spec) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Registry, SavedGameReplay, ::testing::ValuesIn(all_examples()), test_name);

}  // namespace
