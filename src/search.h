// Exhaustive search over a position's game tree, memoized on a canonical form: components sorted,
// terminal components dropped (they have no moves, so they change nothing under either
// convention). Used for misère play of every ruleset, as the fallback when a component has no
// Grundy value, and by the perfect player to prolong lost games.
//
// The search keeps its own stack (no recursion), so a game thousands of moves long needs memory,
// not call stack; it is bounded by Limits::max_nodes (positions memoized) and by an optional
// budget of moves examined.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/position.h"

namespace nimkit::detail {

class Search {
 public:
  // Moves a search may examine per position it may memoize, when no budget is given.
  static constexpr std::uint64_t kMovesPerNode = 10;

  // `max_edges` bounds the moves examined over the search's whole life; 0 means
  // kMovesPerNode × limits.max_nodes, so that wide games (every heap size a move away) cannot
  // run for long before failing.
  Search(Convention convention, const Limits& limits, std::uint64_t max_edges = 0);

  // Whether the player to move wins `position`. Fails when the memo passes limits.max_nodes, the
  // move budget runs out, or a component has more options than limits.max_scan.
  Result<bool> wins(const Position& position);

  // Remoteness (Steinhaus): how many moves remain with both players playing well — the winner
  // as fast as possible, the loser as slowly as possible. 0 for a terminal position under normal
  // play (1 under misère play, so that in both conventions it is odd exactly when the player to
  // move wins). Same limits as wins().
  Result<std::uint64_t> remoteness(const Position& position);

  std::uint64_t nodes() const { return wins_.size() + remote_.size(); }

 private:
  using Key = std::vector<std::uint64_t>;
  enum class Mode { kWins, kRemoteness };
  // One position being solved: where its move enumeration stands and what its children have
  // shown so far.
  struct Frame {
    Position position;
    Key key;
    std::size_t component = 0;
    Count option = 0;
    Count options = 0;                              // option count of `component`
    bool win = false;                               // kWins: a losing child was found
    std::uint64_t fastest_win = ~std::uint64_t{0};  // kRemoteness: least even child
    std::uint64_t slowest_loss = 0;                 // kRemoteness: largest odd child
  };

  Key canonical(const Position& position);
  // The memoized answer for `mode`: for kWins 0/1, for kRemoteness the remoteness.
  Result<std::uint64_t> run(const Position& root, Mode mode);
  // Pushes a frame for `position`, failing past the node limit or the work meter.
  Result<bool> open(std::vector<Frame>& stack, Position position, Key key, Mode mode);
  // Moves the frame on to the next component that still has options; fails when a component
  // has more options than the scan limit.
  Result<bool> next_component(Frame& frame);
  // Folds a child's answer into its parent.
  static void absorb(Frame& parent, std::uint64_t child, Mode mode);
  // The answer of a frame whose children are all known (or that is decided early).
  std::uint64_t result_of(const Frame& frame, Mode mode) const;
  std::unordered_map<Key, std::uint64_t, StateHash>& memo(Mode mode) {
    return mode == Mode::kWins ? wins_ : remote_;
  }

  Convention convention_;
  Limits limits_;
  std::uint64_t max_edges_;
  std::uint64_t edges_ = 0;
  std::unordered_map<Key, std::uint64_t, StateHash> wins_;
  std::unordered_map<Key, std::uint64_t, StateHash> remote_;
  std::unordered_map<const Ruleset*, std::uint64_t> ids_;  // ruleset → id used in keys
  std::vector<std::string> specs_;                         // id → ruleset notation
};

}  // namespace nimkit::detail
