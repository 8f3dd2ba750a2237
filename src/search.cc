#include "search.h"

#include <algorithm>

#include <fmt/format.h>

namespace nimkit::detail {
namespace {

// Keeps the recursion well inside the default 8 MiB stack: a solve()/remote() frame takes about
// 0.5 KiB in a Debug build and 2-4 KiB under AddressSanitizer. 20000 overflowed it
// (`nimkit analyze --rules zero-move --misere 100000 100000` crashed); 1000 leaves a 2x margin
// under ASan. Lifting it needs an explicit stack instead of recursion.
constexpr int kMaxDepth = 1000;

}  // namespace

Search::Search(Convention convention, const Limits& limits)
    : convention_(convention), limits_(limits) {}

std::size_t Search::KeyHash::operator()(const Key& key) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t v : key) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return static_cast<std::size_t>(h);
}

Search::Key Search::canonical(const Position& position) {
  std::vector<Key> parts;
  for (const Component& c : position.components()) {
    if (c.rules->option_count(c.heaps) == 0) continue;
    const std::string spec = c.rules->spec();
    auto it = std::find(specs_.begin(), specs_.end(), spec);
    if (it == specs_.end()) it = specs_.insert(specs_.end(), spec);
    Key part{static_cast<std::uint64_t>(it - specs_.begin()), c.heaps.size()};
    for (const Heap& h : c.heaps) {
      part.push_back(h.size);
      part.push_back(h.zero_spent ? 1 : 0);
    }
    parts.push_back(std::move(part));
  }
  std::sort(parts.begin(), parts.end());
  Key key;
  for (const Key& part : parts) key.insert(key.end(), part.begin(), part.end());
  return key;
}

int Search::solve(const Position& position, int depth) {
  const Key key = canonical(position);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second ? 1 : 0;
  if (depth > kMaxDepth) {
    error_ = fmt::format("the game is too long to search (more than {} moves deep)", kMaxDepth);
    return 2;
  }
  if (memo_.size() >= limits_.max_nodes) {
    error_ = fmt::format(
        "position too large to search: more than {} positions (raise the limit with --limit)",
        limits_.max_nodes);
    return 2;
  }
  bool win = false;
  if (key.empty()) {
    // No moves: the player to move loses in normal play and wins in misère play.
    win = convention_ == Convention::kMisere;
  } else {
    const auto& components = position.components();
    for (std::size_t i = 0; i < components.size() && !win; ++i) {
      const Component& c = components[i];
      const Count n = c.rules->option_count(c.heaps);
      if (n > limits_.max_scan) {
        error_ = fmt::format("{} has {} moves from one heap, more than the scan limit {}",
                             c.rules->spec(), to_string(Nimber{n}), limits_.max_scan);
        return 2;
      }
      for (Count k = 0; k < n; ++k) {
        const int child = solve(position.after(Move{i, c.rules->option_at(c.heaps, k)}), depth + 1);
        if (child == 2) return 2;
        if (child == 0) {
          win = true;
          break;
        }
      }
    }
  }
  memo_.emplace(key, win);
  return win ? 1 : 0;
}

std::uint64_t Search::remote(const Position& position, int depth) {
  const Key key = canonical(position);
  if (auto it = remote_.find(key); it != remote_.end()) return it->second;
  if (depth > kMaxDepth) {
    error_ = fmt::format("the game is too long to search (more than {} moves deep)", kMaxDepth);
    return kFailed;
  }
  if (remote_.size() >= limits_.max_nodes) {
    error_ = fmt::format(
        "position too large to search: more than {} positions (raise the limit with --limit)",
        limits_.max_nodes);
    return kFailed;
  }
  // A terminal position has remoteness 0 and is lost for the player to move under normal play;
  // under misère play it is won, so there the parity flips: shift by one to keep "odd = win".
  std::uint64_t result = convention_ == Convention::kMisere ? 1 : 0;
  if (!key.empty()) {
    std::uint64_t fastest_win = kFailed;  // smallest even child remoteness (child lost)
    std::uint64_t slowest_loss = 0;       // largest odd child remoteness (child won)
    const auto& components = position.components();
    for (std::size_t i = 0; i < components.size(); ++i) {
      const Component& c = components[i];
      const Count n = c.rules->option_count(c.heaps);
      if (n > limits_.max_scan) {
        error_ = fmt::format("{} has {} moves from one heap, more than the scan limit {}",
                             c.rules->spec(), to_string(Nimber{n}), limits_.max_scan);
        return kFailed;
      }
      for (Count k = 0; k < n; ++k) {
        const std::uint64_t child =
            remote(position.after(Move{i, c.rules->option_at(c.heaps, k)}), depth + 1);
        if (child == kFailed) return kFailed;
        if (child % 2 == 0) {
          fastest_win = std::min(fastest_win, child);
        } else {
          slowest_loss = std::max(slowest_loss, child);
        }
      }
    }
    result = fastest_win != kFailed ? fastest_win + 1 : slowest_loss + 1;
  }
  remote_.emplace(key, result);
  return result;
}

Result<std::uint64_t> Search::remoteness(const Position& position) {
  const std::uint64_t r = remote(position, 0);
  if (r == kFailed) return fail(error_);
  return r;
}

Result<bool> Search::wins(const Position& position) {
  const int outcome = solve(position, 0);
  if (outcome == 2) return fail(error_);
  return outcome == 1;
}

}  // namespace nimkit::detail
