// Computer players: known choices, the random source, and the property that matters most — a
// perfect player never loses from a winning position, whatever the opponent does.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "brute_force.h"
#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/match.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"
#include "test_rulesets.h"

namespace {

using nimkit_test::rules_of;

// The position after the perfect player's move from `start`.
std::string perfect_reply(const char* start, const char* spec,
                          nimkit::Convention convention = nimkit::Convention::kNormal) {
  auto position = nimkit::parse_position(start, rules_of(spec));
  EXPECT_TRUE(position.ok());
  nimkit::Rng rng(1);
  auto move = nimkit::choose_move(*position, convention, nimkit::Level{}, rng);
  EXPECT_TRUE(move.ok());
  return nimkit::format_position(position->after(*move));
}

TEST(Perfect, TakesTwoFromHeapOneInThreeFourFive) {
  EXPECT_EQ(perfect_reply("3 4 5", "nim"), "1 4 5");
}

// From a lost position the perfect player makes the game last longest: its move leads to a
// position whose remoteness (moves left with perfect play) is the greatest, by brute force.
void check_longest_games(nimkit_test::Game game, nimkit::Convention convention) {
  const bool misere = convention == nimkit::Convention::kMisere;
  const auto ruleset = rules_of(game == nimkit_test::Game::kNim ? "nim" : "zero-move");
  nimkit_test::BruteForce brute(game, misere);
  int lost = 0;
  for (std::size_t piles = 1; piles <= 3; ++piles) {
    for (const nimkit_test::State& state : nimkit_test::all_states(game, piles, 4)) {
      if (brute.wins(state) || nimkit_test::brute_moves(game, state).empty()) continue;
      ++lost;
      std::vector<nimkit::Heap> heaps;
      for (const nimkit_test::Pile& p : state) heaps.push_back(nimkit::Heap{p.size, p.spent});
      const nimkit::Position position = nimkit::heap_position(ruleset, heaps);
      nimkit::Rng rng(7);
      auto move = nimkit::choose_move(position, convention, nimkit::Level{}, rng);
      ASSERT_TRUE(move.ok()) << nimkit_test::to_text(state);
      ASSERT_EQ(move->option.result.size(), 1u);
      const nimkit::Heap h = nimkit::HeapGame::decode(move->option.result[0]).front();
      nimkit_test::State after = state;
      after[move->component] = nimkit_test::Pile{h.size, h.zero_spent};
      std::uint64_t longest = 0;
      for (const auto& m : nimkit_test::brute_moves(game, state)) {
        longest = std::max(longest, brute.remoteness(nimkit_test::apply(state, m)));
      }
      EXPECT_EQ(brute.remoteness(after), longest)
          << nimkit::to_string(convention) << " " << nimkit_test::to_text(state) << " -> "
          << nimkit_test::to_text(after);
    }
  }
  EXPECT_GT(lost, 10);
}

TEST(Perfect, FromALostNimPositionMakesTheGameLastLongest) {
  check_longest_games(nimkit_test::Game::kNim, nimkit::Convention::kNormal);
  check_longest_games(nimkit_test::Game::kNim, nimkit::Convention::kMisere);
}

TEST(Perfect, FromALostZeroMovePositionMakesTheGameLastLongest) {
  check_longest_games(nimkit_test::Game::kZeroMove, nimkit::Convention::kNormal);
  check_longest_games(nimkit_test::Game::kZeroMove, nimkit::Convention::kMisere);
}

TEST(Perfect, FromAHugeLostPositionFallsBackToTakingOneFromTheLargestHeap) {
  // Far beyond any search: the fewest objects taken, from the largest heap.
  EXPECT_EQ(perfect_reply("3 1000000 1000003", "nim"), "3 1000000 1000002");
}

TEST(Perfect, MisereEndgameLeavesAnOddNumberOfOnes) {
  EXPECT_EQ(perfect_reply("5 1 1", "nim", nimkit::Convention::kMisere), "1 1 1");
  EXPECT_EQ(perfect_reply("5 1", "nim", nimkit::Convention::kMisere), "0 1");
}

// The perfect player, moving first from `start` in Kayles, against the random one for at most
// `rounds` moves each: every perfect move leaves a lost position. True when the game ended (the
// perfect player making the last move).
bool perfect_beats_random(const char* start, int rounds) {
  auto position = nimkit::parse_position(start, rules_of("kayles"));
  EXPECT_TRUE(position.ok());
  nimkit::Position now = *position;
  nimkit::Rng rng(11);
  const nimkit::Level random{nimkit::Level::Kind::kRandom, 0.0};
  for (int round = 0; round < rounds; ++round) {
    auto move = nimkit::choose_move(now, nimkit::Convention::kNormal, nimkit::Level{}, rng);
    EXPECT_TRUE(move.ok()) << nimkit::format_position(now) << ": " << move.error();
    if (!move) return false;
    now = now.after(*move);
    auto lost = nimkit::first_player_wins(now, nimkit::Convention::kNormal);
    EXPECT_TRUE(lost.ok() && !*lost) << "round " << round << ": " << nimkit::format_position(now);
    if (now.is_terminal()) return true;
    auto reply = nimkit::choose_move(now, nimkit::Convention::kNormal, random, rng);
    EXPECT_TRUE(reply.ok());
    now = now.after(*reply);
    EXPECT_FALSE(now.is_terminal()) << "the random player made the last move";
  }
  return false;
}

TEST(Perfect, WinsKaylesOnHugeRowsAgainstTheRandomPlayer) {
  // To the end on a row of 3000 pins; the first 50 moves each on a billion pins, where every
  // winning move is found by residue classes (the whole game would be hundreds of millions of
  // moves).
  EXPECT_TRUE(perfect_beats_random("3000", 100'000));
  EXPECT_FALSE(perfect_beats_random("1000000000", 50));
  EXPECT_FALSE(perfect_beats_random("18446744073709551615", 50));
}

TEST(Rng, IsSplitMix64) {
  // The published first output of SplitMix64 seeded with 0: games replay the same everywhere.
  nimkit::Rng rng(0);
  EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafULL);
}

TEST(Rng, BelowReachesEveryValueOfASmallRange) {
  nimkit::Rng rng(42);
  std::vector<int> seen(5, 0);
  for (int i = 0; i < 500; ++i) ++seen[static_cast<std::size_t>(rng.below(5))];
  for (int count : seen) EXPECT_GT(count, 50);  // 100 expected; 50 is over 5 sigma away
}

TEST(Level, ParsesTheThreeKindsAndRefusesTheRest) {
  auto skilled = nimkit::Level::parse("skilled:0.7");
  ASSERT_TRUE(skilled.ok());
  EXPECT_EQ(skilled->kind, nimkit::Level::Kind::kSkilled);
  EXPECT_DOUBLE_EQ(skilled->skill, 0.7);
  auto percent = nimkit::Level::parse("skilled:70%");
  ASSERT_TRUE(percent.ok());
  EXPECT_DOUBLE_EQ(percent->skill, 0.7);
  EXPECT_EQ(nimkit::Level::parse("perfect")->kind, nimkit::Level::Kind::kPerfect);
  EXPECT_EQ(nimkit::Level::parse("random")->kind, nimkit::Level::Kind::kRandom);
  EXPECT_EQ(nimkit::Level::parse("skilled:1.5").error(),
            "level \"skilled:1.5\": skill must be a probability from 0 to 1 (or 0% to 100%)");
  EXPECT_EQ(nimkit::Level::parse("skilled:").error(),
            "level \"skilled:\": skill must be a probability from 0 to 1 (or 0% to 100%)");
  EXPECT_EQ(nimkit::Level::parse("expert").error(),
            "unknown level \"expert\" (expected perfect, random or skilled:P)");
}

// A random start: Nim or zero-move Nim, normal or misère, up to 5 heaps of up to 20 objects.
// Misère zero-move Nim is answered by game-tree search, so its positions stay small.
struct Start {
  std::string spec;
  nimkit::Convention convention = nimkit::Convention::kNormal;
  nimkit::Position position;
};

Start random_start() {
  Start s;
  const bool zero = *rc::gen::arbitrary<bool>();
  s.spec = zero ? "zero-move" : "nim";
  s.convention =
      *rc::gen::arbitrary<bool>() ? nimkit::Convention::kMisere : nimkit::Convention::kNormal;
  const bool searched = zero && s.convention == nimkit::Convention::kMisere;
  const auto count = *rc::gen::inRange<std::size_t>(1, searched ? 4 : 6);
  const std::uint64_t max_size = searched ? (count == 3 ? 4 : 6) : 20;
  std::vector<nimkit::Heap> heaps;
  for (std::size_t i = 0; i < count; ++i) {
    const auto size = *rc::gen::inRange<std::uint64_t>(0, max_size + 1);
    const bool spent = zero && size > 0 && *rc::gen::arbitrary<bool>();
    heaps.push_back(nimkit::Heap{size, spent});
  }
  s.position = nimkit::heap_position(rules_of(s.spec.c_str()), heaps);
  return s;
}

nimkit::Level random_opponent() {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return nimkit::Level{nimkit::Level::Kind::kRandom, 0.0};
    case 1:
      return nimkit::Level{nimkit::Level::Kind::kSkilled, *rc::gen::inRange(0, 101) / 100.0};
    default:
      return nimkit::Level{nimkit::Level::Kind::kPerfect, 1.0};
  }
}

// Limits for movers that may stand on a lost position: the perfect player's longest-game search
// is cut short (falling back to its cheap rule) so that the properties stay fast. Every searched
// start above has fewer positions than this, so analysis itself is never cut short.
nimkit::Limits small_limits() {
  nimkit::Limits limits;
  limits.max_nodes = 300;
  return limits;
}

bool is_legal(const nimkit::Position& position, const nimkit::Move& move) {
  auto legal = position.legal_moves(nimkit::Limits{});
  return legal.ok() && std::find(legal->begin(), legal->end(), move) != legal->end();
}

RC_GTEST_PROP(PerfectPlayer, NeverLosesFromAWinningPositionAgainstAnyOpponent, ()) {
  const Start start = random_start();
  const auto wins = nimkit::first_player_wins(start.position, start.convention);
  RC_ASSERT(wins.ok());
  RC_PRE(*wins);
  const nimkit::Level opponent = random_opponent();
  nimkit::Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  RC_TAG(start.spec, std::string(nimkit::to_string(start.convention)), opponent.to_string());

  nimkit::Match match(rules_of(start.spec.c_str()), start.position, start.convention);
  while (!match.over()) {
    const bool perfect_turn = match.to_move() == 0;
    const nimkit::Position& now = match.position();
    auto move = perfect_turn
                    ? nimkit::choose_move(now, start.convention, nimkit::Level{}, rng)
                    : nimkit::choose_move(now, start.convention, opponent, rng, small_limits());
    RC_ASSERT(move.ok());
    RC_ASSERT(is_legal(now, *move));
    const nimkit::MoveRecord& record = match.play(*move);
    // The perfect player moves from a won position to one lost for the opponent, every time.
    if (perfect_turn) RC_ASSERT(!record.threw_away_win);
  }
  RC_ASSERT(match.winner() == 0u);
}

RC_GTEST_PROP(ChooseMove, EveryLevelReturnsALegalMoveFromAnyPosition, ()) {
  const Start start = random_start();
  RC_PRE(!start.position.is_terminal());
  const nimkit::Level level = random_opponent();
  nimkit::Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  auto move = nimkit::choose_move(start.position, start.convention, level, rng, small_limits());
  RC_ASSERT(move.ok());
  RC_ASSERT(is_legal(start.position, *move));
}

RC_GTEST_PROP(Rng, BelowIsAlwaysBelowTheBound,
              (std::uint64_t seed, std::uint64_t high, std::uint64_t low)) {
  // Bounds across the whole 128-bit range, and small ones where rejection matters most.
  const nimkit::Count wide = (nimkit::Count{high} << 64) | low;
  const nimkit::Count narrow = low % 1000;
  nimkit::Rng rng(seed);
  for (nimkit::Count bound : {wide, narrow, nimkit::Count{high}}) {
    if (bound == 0) continue;
    for (int i = 0; i < 20; ++i) RC_ASSERT(rng.below(bound) < bound);
  }
  RC_ASSERT(rng.below(1) == 0u);
}

RC_GTEST_PROP(Rng, SameSeedSameSequence, (std::uint64_t seed)) {
  nimkit::Rng a(seed);
  nimkit::Rng b(seed);
  for (int i = 0; i < 10; ++i) RC_ASSERT(a.next() == b.next());
}

}  // namespace
