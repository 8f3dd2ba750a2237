#include "nimkit/remoteness.h"

#include <algorithm>

#include "search.h"

namespace nimkit {
namespace {

// `max_edges` 0: the search's default budget of moves for limits.max_nodes.
Result<std::uint64_t> search_remoteness(const Position& position, Convention convention,
                                        const Limits& limits, std::uint64_t max_edges) {
  detail::Search search(convention, limits, max_edges);
  auto length = search.remoteness(position);
  if (!length) return length.failure();
  // The search counts misère play's terminal position as 1, so that its answer is odd exactly
  // when the player to move wins; the definition here counts moves, so the end is 0.
  return convention == Convention::kMisere ? *length - 1 : *length;
}

}  // namespace

Result<std::uint64_t> remoteness(const Position& position, Convention convention,
                                 const Limits& limits) {
  return search_remoteness(position, convention, limits, 0);
}

void add_remoteness(Analysis& analysis, const Position& position, const Limits& limits) {
  Limits small = limits.share(kAnalysisRemotenessSteps);
  small.max_nodes = std::min(limits.max_nodes, kAnalysisRemotenessNodes);
  auto length = search_remoteness(position, analysis.convention, small, kAnalysisRemotenessMoves);
  analysis.remoteness = length ? std::optional<std::uint64_t>(*length) : std::nullopt;
}

}  // namespace nimkit
