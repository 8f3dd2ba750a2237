#include "nimkit/value_memo.h"

#include <fmt/format.h>

#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace nimkit {

namespace {

// One component being evaluated: its options are scanned in order; the option in hand is
// `pending`, whose components are valued one by one (`part`), XORed into `sum`.
struct Frame {
  State state;
  State key;
  Count count = 0;
  Count next = 0;  // the next option to take
  Option pending;
  std::size_t part = 0;
  Nimber sum = 0;
  std::vector<Nimber> seen;  // values of the options scanned
};

// What scanning `count` options at `each` steps costs, saturated.
std::uint64_t scan_cost(Count count, std::uint64_t each) {
  constexpr std::uint64_t kMax = ~std::uint64_t{0};
  if (count > kMax) return kMax;
  const auto n = static_cast<std::uint64_t>(count);
  return each != 0 && n > kMax / each ? kMax : n * each;
}

}  // namespace

struct ValueMemo::Memo {
  std::mutex mutex;
  std::unordered_map<State, Nimber, StateHash> values;  // canonical state → Grundy value
};

ValueMemo::ValueMemo(std::size_t max_entries)
    : max_entries_(max_entries == 0 ? 1 : max_entries), memo_(std::make_unique<Memo>()) {}
ValueMemo::~ValueMemo() = default;

std::size_t ValueMemo::size() const {
  std::lock_guard lock(memo_->mutex);
  return memo_->values.size();
}

bool ValueMemo::find(const State& key, Nimber& value) const {
  std::lock_guard lock(memo_->mutex);
  const auto it = memo_->values.find(key);
  if (it == memo_->values.end()) return false;
  value = it->second;
  return true;
}

void ValueMemo::remember(State key, Nimber value) const {
  std::lock_guard lock(memo_->mutex);
  if (memo_->values.size() >= max_entries_) memo_->values.clear();
  memo_->values.insert_or_assign(std::move(key), value);
}

Result<Nimber> ValueMemo::value(const Ruleset& rules, const State& state,
                                const Limits& limits) const {
  std::uint64_t added = 0;
  std::vector<Frame> stack;
  // Starts evaluating `s`, or answers at once: true with `out` set when its value is known.
  const auto open = [&](const State& s, Nimber& out) -> Result<bool> {
    // Terminal components are never stored: answer them before building a key (a board game
    // leaves many dead single cells, each of which would cost a failed lookup).
    const Count count = rules.count_options(s);
    if (count == 0) {
      out = 0;
      return true;
    }
    State key = rules.canonical(s);
    if (find(key, out)) return true;
    if (++added > limits.max_nodes) {
      return fail_limit(
          fmt::format("position too large to evaluate: more than the node limit of {} positions",
                      limits.max_nodes));
    }
    // A value needs every option scanned, each paid as it is built (below): a component whose
    // scan alone passes the work left fails now rather than when the budget runs out.
    if (!limits.affords(scan_cost(count, rules.move_cost(s)))) return limits.stop_error();
    Frame frame;
    frame.state = s;
    frame.key = std::move(key);
    frame.count = count;
    stack.push_back(std::move(frame));
    return false;
  };

  Nimber answer = 0;
  auto first = open(state, answer);
  if (!first) return first.failure();
  if (*first) return answer;

  // `done` carries a finished child's value to the frame that asked for it.
  bool have_child = false;
  Nimber child = 0;
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (have_child) {
      top.sum ^= child;
      ++top.part;
      have_child = false;
    } else if (top.part == top.pending.result.size()) {
      // The option in hand is valued (or none was taken yet): record it, take the next.
      if (top.next > 0) top.seen.push_back(top.sum);
      if (top.next == top.count) {
        const Nimber result = mex_of_list(top.seen);
        remember(std::move(top.key), result);
        stack.pop_back();
        have_child = true;
        child = result;
        continue;
      }
      // A step per option, scaled by what building it costs the ruleset.
      if (!limits.charge(rules.move_cost(top.state))) return limits.stop_error();
      top.pending = rules.option(top.state, top.next++);
      top.part = 0;
      top.sum = 0;
      continue;
    }
    if (top.part < top.pending.result.size()) {
      Nimber known = 0;
      // `top` may move when open() pushes: copy what it needs first.
      const State part = top.pending.result[top.part];
      auto ready = open(part, known);
      if (!ready) return ready.failure();
      if (*ready) {
        have_child = true;
        child = known;
      }
    }
  }
  return child;
}

}  // namespace nimkit
