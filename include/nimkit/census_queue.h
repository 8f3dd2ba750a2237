// The order in which a distributed census hands out its codes. Each worker classifies with its own
// CensusClassifier (census.h), which keeps the values of the unsolved codes it computed and
// derives from them the codes that only add single-heap moves. So a code is cheapest on the
// worker that computed an unsolved member of its family (single_heap_family): the queue gives a
// worker first the pending codes of the families it keeps values of, then the codes of families
// no worker has met or is computing a member of, then the rest (whose owner may be busy for long:
// computing one is no worse than waiting). Within each of the three, census order. A family
// whose first member handed out turns out not unsolved is open to every worker again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "nimkit/octal_code.h"

namespace nimkit {

class CensusQueue {
 public:
  // `pending`: the census indices (into `codes`) to hand out, in census order.
  CensusQueue(const std::vector<OctalCode>& codes, const std::vector<std::uint64_t>& pending);

  // The census index to give `worker` next, or nullopt when every code has been handed out.
  std::optional<std::uint64_t> next(int worker);
  // `worker` returned the code at census index `index`; when unsolved, it now keeps that family's
  // values. Indices not pending are ignored.
  void returned(int worker, std::uint64_t index, bool unsolved);
  // Codes not handed out yet.
  std::size_t remaining() const { return untaken_.size(); }

 private:
  void take(std::size_t position);

  std::vector<std::uint64_t> pending_;             // census indices, in order
  std::map<std::uint64_t, std::size_t> position_;  // census index -> position in pending_
  std::vector<std::size_t> family_;                // position -> family number
  std::vector<std::vector<std::size_t>> members_;  // family number -> positions
  std::vector<std::set<int>> owners_;              // family number -> workers keeping it
  // Family number -> the position whose return decides it, while no worker keeps the family.
  std::vector<std::optional<std::size_t>> claimed_by_;
  std::set<std::size_t> untaken_;                   // positions not handed out yet
  std::set<std::size_t> unowned_;                   // ... of families no worker keeps
  std::map<int, std::set<std::size_t>> preferred_;  // worker -> ... of families it keeps
};

}  // namespace nimkit
