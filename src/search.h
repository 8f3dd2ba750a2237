// Exhaustive search over a position's game tree, memoized on a canonical form: components sorted,
// terminal components dropped (they have no moves, so they change nothing under either
// convention). Used for misère play of every ruleset, as the fallback when a component has no
// Grundy value, and by the perfect player to prolong lost games. A position a component of which
// can repeat (Ruleset::loopy_value) is refused (kUnsupported): its lines of play need not end.
//
// The search keeps its own stack (no recursion), so a game thousands of moves long needs memory,
// not call stack; it is bounded by Limits::max_nodes (positions memoized) and by a budget of
// moves examined, weighted by the size of the position each move makes: making a move copies and
// canonicalizes every component of the position, so a move in a sum of hundreds of heaps costs
// hundreds of times a move in a small one, and the budget must say so for a search out of reach
// to give up in bounded time. The memory of the positions it keeps — the memo's keys, and the
// positions (and their keys) on its stack — is counted too and bounded by
// Limits::max_search_bytes, checked before a position is copied, so a search of a position of a
// thousand components or a hundred copies of a large graph fails naming that limit instead of
// exhausting memory.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/position.h"

namespace nimkit::detail {

class Search {
 public:
  // Moves a search may examine per position it may memoize, when no budget is given.
  static constexpr std::uint64_t kMovesPerNode = 10;
  // A move costs 1 + W / kKeyWordsPerStep steps, W the words of the canonical key of the
  // position it makes (a heap is 4 words): moves into positions of up to 15 heaps cost one step,
  // as they always have, larger ones in proportion to the work of making them.
  static constexpr std::uint64_t kKeyWordsPerStep = 64;

  // `max_edges` bounds the steps of the moves examined over the search's whole life; 0 means
  // kMovesPerNode × limits.max_nodes, so that wide games (every heap size a move away) cannot
  // run for long before failing. The same steps, plus each ruleset's move_cost() beyond one, are
  // charged to the limits' meter.
  // Bytes counted per memo entry and per component kept beside its words: the hash node, the
  // vectors' headers and the allocator's share.
  static constexpr std::uint64_t kEntryBytes = 64;
  Search(Convention convention, const Limits& limits, std::uint64_t max_edges = 0);

  // Whether the player to move wins `position`. Fails when the memo passes limits.max_nodes or
  // its positions limits.max_search_bytes, the move budget runs out, or a component has more
  // options than limits.max_scan.
  Result<bool> wins(const Position& position);

  // Remoteness (Steinhaus): how many moves remain with both players playing well — the winner
  // as fast as possible, the loser as slowly as possible. 0 for a terminal position under normal
  // play (1 under misère play, so that in both conventions it is odd exactly when the player to
  // move wins). Same limits as wins().
  Result<std::uint64_t> remoteness(const Position& position);

  std::uint64_t nodes() const { return wins_.size() + remote_.size(); }
  // Bytes the memo's entries take (kEntryBytes each plus their words).
  std::uint64_t memo_bytes() const { return memo_bytes_; }
  // Steps of the moves examined so far (what max_edges bounds).
  std::uint64_t steps() const { return edges_; }

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
    std::uint64_t bytes = 0;                        // frame_bytes() when pushed
  };

  // The key of a position without terminal components: each component's (ruleset id, canonical
  // state, length), sorted.
  Key canonical(const Position& position);
  std::uint64_t ruleset_id(const Ruleset* rules);
  // `position` without its terminal components (they have no moves, so they change nothing under
  // either convention, and the search need not copy them along).
  static Position live(const Position& position);
  // The position after option `option` of component `index` in `parent` (which has no terminal
  // components), without the terminal components the move leaves.
  static Position child(const Position& parent, std::size_t index, Option option);
  // The memoized answer for `mode`: for kWins 0/1, for kRemoteness the remoteness.
  Result<std::uint64_t> run(const Position& root, Mode mode);
  // Pushes a frame for `position`, failing past the node limit or the work meter.
  Result<bool> open(std::vector<Frame>& stack, Position position, Key key, Mode mode);
  // Bytes a frame for `position` and its key of `key_words` words takes.
  static std::uint64_t frame_bytes(const Position& position, std::uint64_t key_words);
  // Fails when `more` bytes would take the memo and the stack past limits.max_search_bytes.
  Result<bool> fits(std::uint64_t more) const;
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
  std::uint64_t memo_bytes_ = 0;   // the memo's entries
  std::uint64_t stack_bytes_ = 0;  // the frames of the search under way
  std::unordered_map<Key, std::uint64_t, StateHash> wins_;
  std::unordered_map<Key, std::uint64_t, StateHash> remote_;
  std::unordered_map<const Ruleset*, std::uint64_t> ids_;  // ruleset → id used in keys
  std::vector<std::string> specs_;                         // id → ruleset notation
  // canonical()'s scratch: the components' parts side by side, and each part's (start, length).
  Key parts_;
  std::vector<std::pair<std::size_t, std::size_t>> spans_;
};

}  // namespace nimkit::detail
