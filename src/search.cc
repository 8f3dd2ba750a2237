#include "search.h"

#include <fmt/format.h>

#include <algorithm>

#include "loopy_analysis.h"

namespace nimkit::detail {

Search::Search(Convention convention, const Limits& limits, std::uint64_t max_edges)
    : convention_(convention),
      limits_(limits),
      max_edges_(max_edges != 0 ? max_edges
                 : limits.max_nodes > ~std::uint64_t{0} / kMovesPerNode
                     ? ~std::uint64_t{0}
                     : limits.max_nodes * kMovesPerNode) {}

std::uint64_t Search::ruleset_id(const Ruleset* rules) {
  auto known = ids_.find(rules);
  if (known == ids_.end()) {
    // Equal rulesets built separately share an id, so equal positions share a key.
    const std::string spec = rules->spec();
    auto it = std::find(specs_.begin(), specs_.end(), spec);
    if (it == specs_.end()) it = specs_.insert(specs_.end(), spec);
    known = ids_.emplace(rules, static_cast<std::uint64_t>(it - specs_.begin())).first;
  }
  return known->second;
}

Search::Key Search::canonical(const Position& position) {
  // The parts are written side by side into one reused buffer and sorted as spans, so that a key
  // costs one allocation however many components the position has.
  parts_.clear();
  spans_.clear();
  for (const Component& c : position.components()) {
    // The ruleset's id, then its canonical state; the state's length follows, so that keys of
    // different lengths cannot run into each other.
    const std::size_t start = parts_.size();
    parts_.push_back(ruleset_id(c.rules.get()));
    c.rules->append_canonical(c.state, parts_);
    parts_.push_back(parts_.size() - start);
    spans_.emplace_back(start, parts_.size() - start);
  }
  const auto begin = parts_.begin();
  std::sort(spans_.begin(), spans_.end(), [&](const auto& a, const auto& b) {
    return std::lexicographical_compare(begin + a.first, begin + a.first + a.second,
                                        begin + b.first, begin + b.first + b.second);
  });
  Key key;
  key.reserve(parts_.size());
  for (const auto& [start, length] : spans_)
    key.insert(key.end(), begin + start, begin + start + length);
  return key;
}

Position Search::live(const Position& position) {
  std::vector<Component> parts;
  for (const Component& c : position.components()) {
    if (c.rules->count_options(c.state) != 0) parts.push_back(c);
  }
  return Position(std::move(parts));
}

Position Search::child(const Position& parent, std::size_t index, Option option) {
  const auto& components = parent.components();
  std::vector<Component> next;
  next.reserve(components.size() + option.result.size());
  for (std::size_t i = 0; i < components.size(); ++i) {
    if (i != index) {
      next.push_back(components[i]);
      continue;
    }
    for (State& s : option.result) {
      if (components[i].rules->count_options(s) != 0) {
        next.push_back(Component{components[i].rules, std::move(s)});
      }
    }
  }
  return Position(std::move(next));
}

std::uint64_t Search::frame_bytes(const Position& position, std::uint64_t key_words) {
  std::uint64_t bytes = kEntryBytes + key_words * sizeof(std::uint64_t);
  for (const Component& c : position.components()) {
    bytes += kEntryBytes + c.state.size() * sizeof(std::uint64_t);
  }
  return bytes;
}

Result<bool> Search::fits(std::uint64_t more) const {
  if (memo_bytes_ + stack_bytes_ + more > limits_.max_search_bytes) {
    return fail_limit(fmt::format(
        "position too large to search: its positions would take more than the memory limit of {} "
        "bytes",
        limits_.max_search_bytes));
  }
  return true;
}

Result<bool> Search::open(std::vector<Frame>& stack, Position position, Key key, Mode mode) {
  // Positions on the stack count too: a game far longer than the limit fails here instead of
  // growing the stack without bound.
  if (memo(mode).size() + stack.size() >= limits_.max_nodes) {
    return fail_limit(
        fmt::format("position too large to search: more than the node limit of {} positions",
                    limits_.max_nodes));
  }
  if (!limits_.charge()) return limits_.stop_error();
  Frame frame{std::move(position), std::move(key)};
  frame.bytes = frame_bytes(frame.position, frame.key.size());
  if (!frame.position.components().empty()) {
    const Component& c = frame.position.components()[0];
    auto options = c.rules->scannable_option_count(c.state, limits_);
    if (!options) return options.failure();
    frame.options = *options;
  }
  stack_bytes_ += frame.bytes;
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
      if (!options) return options.failure();
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
  stack_bytes_ = 0;  // a run that failed left no frames
  // The root's copy and key are about its words again (a key adds two words per component).
  std::uint64_t root_words = 0;
  for (const Component& c : root.components()) root_words += c.state.size() + 2;
  if (auto room = fits(frame_bytes(root, root_words)); !room) return room.failure();
  Position start = live(root);
  Key root_key = canonical(start);
  if (auto it = table.find(root_key); it != table.end()) return it->second;
  // A game whose play can come back to a position has lines without end: no search of them ends.
  if (auto refused = repetition_refusal(start, "a game-tree search", limits_)) return *refused;
  if (auto opened = open(stack, std::move(start), std::move(root_key), mode); !opened) {
    return opened.failure();
  }
  while (true) {
    Frame& top = stack.back();
    if (auto moved = next_component(top); !moved) return moved.failure();
    const auto& components = top.position.components();
    const bool done = top.key.empty() || top.win || top.component >= components.size();
    if (done) {
      const std::uint64_t answer = result_of(top, mode);
      stack_bytes_ -= top.bytes;
      memo_bytes_ += kEntryBytes + top.key.size() * sizeof(std::uint64_t);
      table.emplace(std::move(top.key), answer);
      stack.pop_back();
      if (stack.empty()) return answer;
      absorb(stack.back(), answer, mode);
      continue;
    }
    // Each move examined costs steps in proportion to the position it makes, and its ruleset's
    // cost of making it, so that a wide or large search stops in bounded time.
    const Component& c = components[top.component];
    const std::uint64_t cost = c.rules->move_cost(c.state);
    // The child and its key, about the size of this frame, are made before they are looked up.
    if (auto room = fits(top.bytes); !room) return room.failure();
    Position next = child(top.position, top.component, c.rules->option(c.state, top.option));
    ++top.option;
    Key child_key = canonical(next);
    const std::uint64_t steps = 1 + child_key.size() / kKeyWordsPerStep;
    edges_ += steps;
    if (edges_ > max_edges_) {
      return fail_limit(fmt::format(
          "position too large to search: more than the limit of {} moves examined", max_edges_));
    }
    if (!limits_.charge(cost + steps - 1)) return limits_.stop_error();
    if (auto it = table.find(child_key); it != table.end()) {
      absorb(top, it->second, mode);
      continue;
    }
    if (auto opened = open(stack, std::move(next), std::move(child_key), mode); !opened) {
      return opened.failure();
    }
  }
}

Result<bool> Search::wins(const Position& position) {
  auto answer = run(position, Mode::kWins);
  if (!answer) return answer.failure();
  return *answer == 1;
}

Result<std::uint64_t> Search::remoteness(const Position& position) {
  return run(position, Mode::kRemoteness);
}

}  // namespace nimkit::detail
