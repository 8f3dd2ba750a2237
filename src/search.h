// Exhaustive win/lose search over a position's game tree, memoized on a canonical form:
// components sorted, terminal components dropped (they have no moves, so they change nothing
// under either convention). Used for misère play of every ruleset and as the fallback when a
// component has no Grundy value.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/position.h"

namespace nimkit::detail {

class Search {
 public:
  Search(Convention convention, const Limits& limits);

  // Whether the player to move wins `position`. Fails when the memo passes limits.max_nodes or
  // a component has more options than limits.max_scan.
  Result<bool> wins(const Position& position);

  // Remoteness (Steinhaus): how many moves remain with both players playing well — the winner
  // as fast as possible, the loser as slowly as possible. 0 for a terminal position under normal play
  // (1 under misère play, so that in both conventions it is odd exactly when the player to move
  // wins). Same limits as wins().
  Result<std::uint64_t> remoteness(const Position& position);

  std::uint64_t nodes() const { return memo_.size() + remote_.size(); }

 private:
  using Key = std::vector<std::uint64_t>;
  struct KeyHash {
    std::size_t operator()(const Key& key) const;
  };

  Key canonical(const Position& position);
  // Returns 0 lose, 1 win, 2 limit exceeded.
  int solve(const Position& position, int depth);
  // Returns the remoteness, or kFailed when a limit is exceeded.
  std::uint64_t remote(const Position& position, int depth);
  static constexpr std::uint64_t kFailed = ~std::uint64_t{0};

  Convention convention_;
  Limits limits_;
  std::unordered_map<Key, bool, KeyHash> memo_;
  std::unordered_map<Key, std::uint64_t, KeyHash> remote_;
  std::vector<std::string> specs_;  // ruleset ids in keys index this list
  std::string error_;
};

}  // namespace nimkit::detail
