// Misère play by a quotient: the seam between analysis (analysis.cc, explain.cc) and the
// quotients of src/misere/. A position answers by its quotient when every component is a heap
// of one game that has a quotient covering its heaps within the work this analysis may spend on
// it; otherwise the caller searches, as without quotients.
#pragma once

#include <optional>

#include "nimkit/analysis.h"
#include "nimkit/explain.h"

namespace nimkit::detail {

// Steps of the analysis's work meter one analysis may spend computing or extending a quotient,
// at most (a share of the meter, Limits::share: the rest is kept for the search it falls back
// to); the cache keeps what was computed for the next one.
inline constexpr std::uint64_t kQuotientSteps = 4'000'000;

// The analysis of `position` under misère play by its quotient: the winner from the product of
// its heaps' classes and, with `list_moves`, every winning move (each heap's options whose class
// times the rest's is in P; a periodic octal heap too large to scan is searched by residue).
// nullopt when no quotient applies; an error only from the limits while listing moves.
std::optional<Result<Analysis>> analyze_by_quotient(const Position& position, const Limits& limits,
                                                    Analysis analysis, bool list_moves);

// Why a misère search of `position` stopped where a quotient would have answered: when its
// components are heaps of one game whose quotient, as far as it was computed, does not cover the
// largest heap, the heaps it covers, why it stopped, and how many positions the search may have
// to visit (an estimate from the heaps' sizes). Empty otherwise.
std::string quotient_shortfall(const Position& position);

// The explanation of an analysis answered by a quotient: each heap's class, the product, and
// whether it is in P.
void explain_by_quotient(const Position& position, const Analysis& analysis, const Limits& limits,
                         Explanation& out);

}  // namespace nimkit::detail
