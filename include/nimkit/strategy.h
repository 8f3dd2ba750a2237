// Computer players: perfect, random and skilled movers, with a repeatable random source.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "nimkit/analysis.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit {

// A small, portable PRNG (SplitMix64): the same seed gives the same games on every platform,
// which std::uniform_int_distribution does not promise.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // Uniform in [0, bound); bound > 0.
  Count below(Count bound);
  // True with probability p (0 ≤ p ≤ 1).
  bool chance(double p);

 private:
  std::uint64_t state_;
};

struct Level {
  // kLast: keep last; name a new value in the table beside its to_string() (checked there).
  enum class Kind { kPerfect, kRandom, kSkilled, kLast = kSkilled } kind = Kind::kPerfect;
  double skill = 1.0;  // kSkilled: probability of playing the perfect move

  // "perfect", "random", "skilled:0.7" (also "skilled:70%"); fails naming the bad text.
  static Result<Level> parse(std::string_view text);
  std::string to_string() const;
};

// The computer's move at `level`. The position must not be terminal.
//  - perfect: from a won position a winning move: the first that analyze() lists under the same
//    `limits`, so the player finds a winning move whenever analyze() does (where play can repeat,
//    its finite_win_move, so that the win comes); from a drawn position the first move that keeps
//    the draw (Analysis::drawing_moves); from a lost position
//    the move that makes the game last longest: the one after which the opponent's fastest win
//    takes the most moves (remoteness, by a search of at most 500,000 moves, made one at a time
//    and so within limits.max_search_bytes); beyond that (or in a position of more moves), the
//    smallest move, by the weight it removes (the fewest objects; a zero move or an add first),
//    ties broken by the heaviest component (the largest heap). A lost position whose play can
//    repeat has no game tree to search: of its first 256 moves, the one after which the
//    winner's finite win leaves the largest loopy (value, counter) pairs (the measure that win
//    lowers, so the loss comes as late as one round of play can tell), else the smallest move;
//  - random: a legal move drawn uniformly from all legal moves;
//  - skilled:P: perfect with probability P, else random.
// Fails only when analysis exceeds `limits` (a shared meter: give each move a fresh one, as each
// analyze() question has).
Result<Move> choose_move(const Position& position, Convention convention, const Level& level,
                         Rng& rng, const Limits& limits = {});

}  // namespace nimkit
