#include "search.h"

#include <fmt/format.h>

#include <algorithm>

namespace nimkit::detail {

Search::Search(Convention convention, const Limits& limits, std::uint64_t max_edges)
    : convention_(convention),
      limits_(limits),
      max_edges_(max_edges != 0 ? max_edges
                 : limits.max_nodes > ~std::uint64_t{0} / kMovesPerNode
                     ? ~std::uint64_t{0}
                     : limits.max_nodes * kMovesPerNode) {}

Search::Key Search::canonical(const Position& position) {
  std::vector<Key> parts;
  for (const Component& c : position.components()) {
    if (c.rules->count_options(c.state) == 0) continue;
    auto known = ids_.find(c.rules.get());
    if (known == ids_.end()) {
      // Equal rulesets built separately share an id, so equal positions share a key.
      const std::string spec = c.rules->spec();
      auto it = std::find(specs_.begin(), specs_.end(), spec);
      if (it == specs_.end()) it = specs_.insert(specs_.end(), spec);
      known = ids_.emplace(c.rules.get(), static_cast<std::uint64_t>(it - specs_.begin())).first;
    }
    // The ruleset's id, then its canonical state; the state's length follows, so that keys of
    // different lengths cannot run into each other.
    Key part{known->second};
    c.rules->append_canonical(c.state, part);
    part.push_back(part.size());
    parts.push_back(std::move(part));
  }
  std::sort(parts.begin(), parts.end());
  Key key;
  for (const Key& part : parts) key.insert(key.end(), part.begin(), part.end());
  return key;
}

Result<bool> Search::open(std::vector<Frame>& stack, Position position, Key key, Mode mode) {
  // Positions on the stack count too: a game far longer than the limit fails here instead of
  // growing the stack without bound.
  if (memo(mode).size() + stack.size() >= limits_.max_nodes) {
    return fail(
        fmt::format("position too large to search: more than the node limit of {} positions",
                    limits_.max_nodes));
  }
  if (!limits_.charge()) return fail(limits_.stopped());
  Frame frame{std::move(position), std::move(key)};
  if (!frame.position.components().empty()) {
    const Component& c = frame.position.components()[0];
    auto options = c.rules->scannable_option_count(c.state, limits_);
    if (!options) return Error{options.error()};
    frame.options = *options;
  }
  stack.push_back(std::move(frame));
  return true;
}

Result<bool> Search::next_component(Frame& top) {
  const auto& components = top.position.components();
  while (!top.key.empty() && top.component < components.size() && top.option >= top.options) {
    ++top.component;
    top.option = 0;
    if (top.component < components.size()) {
      const Component& c = components[top.component];
      auto options = c.rules->scannable_option_count(c.state, limits_);
      if (!options) return Error{options.error()};
      top.options = *options;
    }
  }
  return true;
}

void Search::absorb(Frame& parent, std::uint64_t child, Mode mode) {
  if (mode == Mode::kWins) {
    if (child == 0) parent.win = true;
    return;
  }
  if (child % 2 == 0) {
    parent.fastest_win = std::min(parent.fastest_win, child);
  } else {
    parent.slowest_loss = std::max(parent.slowest_loss, child);
  }
}

std::uint64_t Search::result_of(const Frame& frame, Mode mode) const {
  // A terminal position is lost for the player to move under normal play and won under misère
  // play; remoteness keeps "odd = the player to move wins" by counting misère's end as 1.
  const std::uint64_t terminal = convention_ == Convention::kMisere ? 1 : 0;
  if (frame.key.empty()) return terminal;
  if (mode == Mode::kWins) return frame.win ? 1 : 0;
  return frame.fastest_win != ~std::uint64_t{0} ? frame.fastest_win + 1 : frame.slowest_loss + 1;
}

Result<std::uint64_t> Search::run(const Position& root, Mode mode) {
  auto& table = memo(mode);
  std::vector<Frame> stack;
  Key root_key = canonical(root);
  if (auto it = table.find(root_key); it != table.end()) return it->second;
  if (auto opened = open(stack, root, std::move(root_key), mode); !opened) {
    return Error{opened.error()};
  }
  while (true) {
    Frame& top = stack.back();
    if (auto moved = next_component(top); !moved) return Error{moved.error()};
    const auto& components = top.position.components();
    const bool done = top.key.empty() || top.win || top.component >= components.size();
    if (done) {
      const std::uint64_t answer = result_of(top, mode);
      table.emplace(std::move(top.key), answer);
      stack.pop_back();
      if (stack.empty()) return answer;
      absorb(stack.back(), answer, mode);
      continue;
    }
    if (++edges_ > max_edges_) {
      return fail(
          fmt::format("position too large to search: more than the move limit of {} moves examined",
                      max_edges_));
    }
    // Each move examined costs its ruleset's steps, so a wide misère search stops in bounded time.
    const Component& c = components[top.component];
    if (!limits_.charge(c.rules->move_cost(c.state))) return fail(limits_.stopped());
    Position child = top.position.after(Move{top.component, c.rules->option(c.state, top.option)});
    ++top.option;
    Key child_key = canonical(child);
    if (auto it = table.find(child_key); it != table.end()) {
      absorb(top, it->second, mode);
      continue;
    }
    if (auto opened = open(stack, std::move(child), std::move(child_key), mode); !opened) {
      return Error{opened.error()};
    }
  }
}

Result<bool> Search::wins(const Position& position) {
  auto answer = run(position, Mode::kWins);
  if (!answer) return Error{answer.error()};
  return *answer == 1;
}

Result<std::uint64_t> Search::remoteness(const Position& position) {
  return run(position, Mode::kRemoteness);
}

}  // namespace nimkit::detail
