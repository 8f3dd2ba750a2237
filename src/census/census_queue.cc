#include "nimkit/census_queue.h"

#include <string>

#include "nimkit/census.h"

namespace nimkit {

CensusQueue::CensusQueue(const std::vector<OctalCode>& codes,
                         const std::vector<std::uint64_t>& pending)
    : pending_(pending) {
  std::map<std::string, std::size_t> numbers;
  for (std::size_t position = 0; position < pending_.size(); ++position) {
    const std::uint64_t index = pending_[position];
    const std::string family = index < codes.size() ? single_heap_family(codes[index]) : "";
    const auto [it, added] = numbers.try_emplace(family, members_.size());
    if (added) members_.emplace_back();
    members_[it->second].push_back(position);
    family_.push_back(it->second);
    position_.emplace(index, position);
    untaken_.insert(untaken_.end(), position);
  }
  owners_.resize(members_.size());
  claimed_by_.resize(members_.size());
  unowned_ = untaken_;
}

std::optional<std::uint64_t> CensusQueue::next(int worker) {
  const std::set<std::size_t>& preferred = preferred_[worker];
  const std::set<std::size_t>& from = !preferred.empty()  ? preferred
                                      : !unowned_.empty() ? unowned_
                                                          : untaken_;
  if (from.empty()) return std::nullopt;
  const std::size_t position = *from.begin();
  take(position);
  return pending_[position];
}

void CensusQueue::take(std::size_t position) {
  const std::size_t family = family_[position];
  untaken_.erase(position);
  for (const int owner : owners_[family]) preferred_[owner].erase(position);
  if (!unowned_.erase(position)) return;
  // The first member of a family nobody keeps: its other members wait for its result.
  claimed_by_[family] = position;
  for (const std::size_t member : members_[family]) unowned_.erase(member);
}

void CensusQueue::returned(int worker, std::uint64_t index, bool unsolved) {
  const auto it = position_.find(index);
  if (it == position_.end()) return;
  const std::size_t family = family_[it->second];
  const bool decides = claimed_by_[family] == it->second;
  if (decides) claimed_by_[family].reset();
  if (!unsolved) {
    if (decides && owners_[family].empty()) {
      for (const std::size_t member : members_[family]) {
        if (untaken_.contains(member)) unowned_.insert(member);
      }
    }
    return;
  }
  if (!owners_[family].insert(worker).second) return;
  std::set<std::size_t>& preferred = preferred_[worker];
  for (const std::size_t member : members_[family]) {
    unowned_.erase(member);
    if (untaken_.contains(member)) preferred.insert(member);
  }
}

}  // namespace nimkit
