// An independent brute-force game search for the tests: the rules of Nim and zero-move Nim
// written out again here, plainly, and solved by memoized exhaustive search. Nothing in this file
// calls the library's rulesets, moves or search, so agreeing with it is evidence, not tautology.
#pragma once

#include <algorithm>
#include <cassert>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace nimkit_test {

enum class Game { kNim, kZeroMove };

// One pile: its size, and (zero-move Nim only) whether its zero move has been used.
struct Pile {
  std::uint64_t size = 0;
  bool spent = false;
  friend auto operator<=>(const Pile&, const Pile&) = default;
};

using State = std::vector<Pile>;

// A move: which pile (0-based), what it becomes, how many objects left it.
struct BruteMove {
  std::size_t pile = 0;
  Pile result;
  std::uint64_t take = 0;
  friend auto operator<=>(const BruteMove&, const BruteMove&) = default;
};

// The rules, from the articles: Nim takes 1..n from one pile. Zero-move Nim also lets a
// non-empty pile whose zero move is unused make a move that removes nothing and uses it up;
// taking objects keeps a pile's zero-move state, and an empty pile has none (not spent).
inline std::vector<BruteMove> brute_moves(Game game, const State& state) {
  std::vector<BruteMove> moves;
  moves.reserve(64);
  for (std::size_t i = 0; i < state.size(); ++i) {
    const Pile& p = state[i];
    if (game == Game::kZeroMove && p.size > 0 && !p.spent) {
      moves.push_back({i, Pile{p.size, true}, 0});
    }
    for (std::uint64_t take = 1; take <= p.size; ++take) {
      const std::uint64_t left = p.size - take;
      const bool spent = game == Game::kZeroMove && left > 0 && p.spent;
      moves.push_back({i, Pile{left, spent}, take});
    }
  }
  return moves;
}

inline State apply(const State& state, const BruteMove& move) {
  State next = state;
  next[move.pile] = move.result;
  return next;
}

// Every state of `piles` piles of size 0..max_size; for zero-move Nim every non-empty pile
// appears both with its zero move available and spent.
inline std::vector<State> all_states(Game game, std::size_t piles, std::uint64_t max_size) {
  std::vector<Pile> one;
  for (std::uint64_t n = 0; n <= max_size; ++n) {
    one.push_back(Pile{n, false});
    if (game == Game::kZeroMove && n > 0) one.push_back(Pile{n, true});
  }
  std::vector<State> states{State{}};
  for (std::size_t k = 0; k < piles; ++k) {
    std::vector<State> longer;
    for (const State& s : states) {
      for (const Pile& p : one) {
        State t = s;
        t.push_back(p);
        longer.push_back(std::move(t));
      }
    }
    states = std::move(longer);
  }
  return states;
}

inline std::string to_text(const State& state) {
  std::string text;
  for (const Pile& p : state) {
    if (!text.empty()) text += ' ';
    text += std::to_string(p.size) + (p.spent ? "x" : "");
  }
  return text.empty() ? "(no heaps)" : text;
}

// Memoized win/lose and Grundy values over states of at most 7 piles of at most 127 objects.
class BruteForce {
 public:
  BruteForce(Game game, bool misere)
      : game_(game),
        misere_(misere),
        dense_wins_(kDenseSize, kUnknown),
        dense_grundy_(kDenseSize, -1) {}

  // Whether the player to move wins with perfect play. With no move the player to move loses
  // under normal play and wins under misère play.
  bool wins(const State& state) {
    const std::size_t dense = dense_index(state);
    if (dense != kNotDense && dense_wins_[dense] != kUnknown) return dense_wins_[dense] == 1;
    const std::uint64_t key = dense == kNotDense ? encode(state) : 0;
    if (dense == kNotDense) {
      if (auto it = wins_.find(key); it != wins_.end()) return it->second;
    }
    const std::vector<BruteMove> moves = brute_moves(game_, state);
    bool win = moves.empty() && misere_;
    for (const BruteMove& m : moves) {
      if (!wins(apply(state, m))) {
        win = true;
        break;
      }
    }
    if (dense != kNotDense) {
      dense_wins_[dense] = win ? 1 : 0;
    } else {
      wins_.emplace(key, win);
    }
    return win;
  }

  // Every move to a position the opponent loses.
  std::set<BruteMove> winning_moves(const State& state) {
    std::set<BruteMove> found;
    for (const BruteMove& m : brute_moves(game_, state)) {
      if (!wins(apply(state, m))) found.insert(m);
    }
    return found;
  }

  // The Grundy value of the whole state (normal play), as the mex of its options' values.
  std::uint64_t grundy(const State& state) {
    assert(!misere_);
    const std::size_t dense = dense_index(state);
    if (dense != kNotDense && dense_grundy_[dense] >= 0) {
      return static_cast<std::uint64_t>(dense_grundy_[dense]);
    }
    const std::uint64_t key = dense == kNotDense ? encode(state) : 0;
    if (dense == kNotDense) {
      if (auto it = grundy_.find(key); it != grundy_.end()) return it->second;
    }
    const std::vector<BruteMove> moves = brute_moves(game_, state);
    std::vector<bool> seen(moves.size() + 1, false);  // the mex is at most the option count
    for (const BruteMove& m : moves) {
      const std::uint64_t g = grundy(apply(state, m));
      if (g < seen.size()) seen[g] = true;
    }
    std::uint64_t mex = 0;
    while (seen[mex]) ++mex;
    if (dense != kNotDense) {
      dense_grundy_[dense] = static_cast<std::int16_t>(mex);  // below 2^4 for piles of at most 7
    } else {
      grundy_.emplace(key, mex);
    }
    return mex;
  }

  // Moves left with perfect play on both sides, where the winner hurries and the loser delays:
  // 0 at the end; else 1 + the least remoteness of a losing option (won states) or 1 + the
  // greatest remoteness of any option (lost states).
  std::uint64_t remoteness(const State& state) {
    const std::uint64_t key = encode(state);
    if (auto it = remoteness_.find(key); it != remoteness_.end()) return it->second;
    const std::vector<BruteMove> moves = brute_moves(game_, state);
    std::uint64_t result = 0;
    if (!moves.empty()) {
      const bool win = wins(state);
      std::uint64_t best = win ? ~std::uint64_t{0} : 0;
      for (const BruteMove& m : moves) {
        const State child = apply(state, m);
        if (win && !wins(child)) {
          best = std::min(best, remoteness(child));
        } else if (!win) {
          best = std::max(best, remoteness(child));
        }
      }
      result = best + 1;
    }
    remoteness_.emplace(key, result);
    return result;
  }

 private:
  // States of at most 4 piles of at most 7 objects (the exhaustive checks) live in a flat table.
  static constexpr std::size_t kDenseSize = std::size_t{5} << 16;
  static constexpr std::size_t kNotDense = ~std::size_t{0};
  static constexpr signed char kUnknown = -1;

  static std::size_t dense_index(const State& state) {
    if (state.size() > 4) return kNotDense;
    std::size_t index = state.size() << 16;
    for (std::size_t i = 0; i < state.size(); ++i) {
      if (state[i].size > 7) return kNotDense;
      index |= static_cast<std::size_t>(state[i].size * 2 + (state[i].spent ? 1 : 0)) << (4 * i);
    }
    return index;
  }

  static std::uint64_t encode(const State& state) {
    assert(state.size() <= 7);
    std::uint64_t key = state.size();
    for (std::size_t i = 0; i < state.size(); ++i) {
      assert(state[i].size <= 127);
      const std::uint64_t code = state[i].size * 2 + (state[i].spent ? 1 : 0);
      key |= code << (8 + 8 * i);
    }
    return key;
  }

  Game game_;
  bool misere_;
  std::vector<signed char> dense_wins_;  // -1 unknown, 0 lost, 1 won
  std::unordered_map<std::uint64_t, bool> wins_;
  std::vector<std::int16_t> dense_grundy_;  // -1 unknown
  std::unordered_map<std::uint64_t, std::uint64_t> grundy_;
  std::unordered_map<std::uint64_t, std::uint64_t> remoteness_;
};

}  // namespace nimkit_test
