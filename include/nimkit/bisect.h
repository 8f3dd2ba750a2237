// The one binary search over integers: the rank of a move among moves ordered by size is found by
// bisecting a counting function (Wythoff's and Moore's options, octal splits).
#pragma once

namespace nimkit {

// The smallest x in [lo, hi] with pred(x) true, for a predicate that is false and then true on
// [lo, hi]; hi when it holds nowhere before hi. Needs lo <= hi; never evaluates pred(hi) — the
// caller knows it holds there or accepts hi as "none".
template <typename T, typename Pred>
T first_true(T lo, T hi, Pred pred) {
  while (lo < hi) {
    const T mid = lo + (hi - lo) / 2;
    if (pred(mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

}  // namespace nimkit
