// ValueMemo: the one engine for Grundy values without a formula (graph games, boards, Moore).
//
// value(s) is the mex over s's options, an option's value the XOR of the values of the components
// it leaves (moves return sums). Values are memoized on Ruleset::canonical(s), so positions equal
// up to the ruleset's symmetries (isomorphic graphs, mirrored boards) share one entry. The
// evaluation is iterative, with its own stack on the heap, so a game whose moves go deep (a long
// path) cannot overflow the call stack. Thread-safe: concurrent requests share the memo; the lock
// is never held while options are generated.
#pragma once
#include <cstddef>
#include <memory>

#include "nimkit/limits.h"
#include "nimkit/nimber.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

class ValueMemo {
 public:
  // Keeps at most `max_entries` values; when full it forgets them all and starts afresh (values
  // are recomputed on demand, so this bounds memory without changing any answer).
  explicit ValueMemo(std::size_t max_entries = std::size_t{1} << 22);
  ~ValueMemo();

  // The Grundy value of `state`, a component of `rules`. Each class evaluated afresh costs one
  // node against limits.max_nodes; scanning an option costs rules.move_cost(state) steps of the
  // limits' meter. Fails with the limit's one-line message.
  Result<Nimber> value(const Ruleset& rules, const State& state, const Limits& limits) const;

  // Values kept.
  std::size_t size() const;

 private:
  bool find(const State& key, Nimber& value) const;
  void remember(State key, Nimber value) const;

  // The values kept and their lock: what value() learns, behind its contract (src/value_memo.cc).
  struct Memo;
  std::size_t max_entries_;
  std::unique_ptr<Memo> memo_;
};

}  // namespace nimkit
