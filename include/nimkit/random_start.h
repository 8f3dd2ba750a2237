// Random starting positions, for a new game that should not be the ruleset's own example (the
// page's "Random" button): 3 to 5 sizes from 1 to 12 for a ruleset on heaps (a whole number of
// components of its arity), a small graph of 5 to 8 vertices for the graph views, a small
// acyclic digraph with its token for the digraph view, and a picture of 4 to 7 vertices on the
// ground for Green Hackenbush. Which rulesets have one follows their facts (heap arity, view),
// never their names. The text drawn is read by the ruleset's own notation, so a start always
// loads.
#pragma once

#include <cstdint>
#include <memory>

#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"

namespace nimkit {

// Whether random_start() draws positions of `rules`.
bool has_random_start(const Ruleset& rules);

// A random start of `rules` drawn from `seed`: the same seed gives the same start. Fails naming
// the ruleset when it has no random start.
Result<Position> random_start(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed,
                              const Limits& limits);

}  // namespace nimkit
