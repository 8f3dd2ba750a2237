// Remoteness (Steinhaus): how many moves a game lasts from a position when both players play
// perfectly, the winner hurrying to end it and the loser delaying. 0 at a terminal position; from
// a position with a winning move, 1 + the least remoteness of a move to a lost position; from any
// other position, 1 + the greatest remoteness over all its moves. Defined the same way under both
// conventions; under misère play a terminal position (remoteness 0) is won by the player to move.
//
// Grundy values do not determine it (a sum's remoteness is not a function of its parts' values),
// so it is found by the exhaustive memoized search over the whole sum that misère play uses.
#pragma once

#include <cstdint>
#include <optional>

#include "nimkit/analysis.h"
#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/result.h"

namespace nimkit {

// The remoteness of `position` under `convention`. Fails (naming the limit) when the search needs
// more than limits.max_nodes positions, ten steps of moves examined per such position (a move
// into a large position counts as several: one per 64 words of its key), or the meter's work.
Result<std::uint64_t> remoteness(const Position& position, Convention convention,
                                 const Limits& limits = {});

// The search an analysis may spend on remoteness: interactive front ends ask for an analysis on
// every move, so a position out of reach must be given up on within a fraction of a second.
inline constexpr std::uint64_t kAnalysisRemotenessNodes = 10'000;  // positions memoized
inline constexpr std::uint64_t kAnalysisRemotenessMoves = 50'000;  // steps of moves examined
// Work steps of the request's meter, a share of what it has left (Limits::share): moves that cost
// many steps each (a large graph, Moore's Nim_k) stop the search there, not the request.
inline constexpr std::uint64_t kAnalysisRemotenessSteps = 300'000;

// Sets analysis.remoteness when the search succeeds within `limits` capped at the budget above;
// leaves it empty otherwise (the rest of the analysis stands, and keeps the meter's other steps).
void add_remoteness(Analysis& analysis, const Position& position, const Limits& limits);

}  // namespace nimkit
