// The verification's set arena (src/misere/option_sets.h): sets kept in chunks, found again by
// their ids after copies and after an in-place compaction that moves live sets across chunks and
// frees the chunks left empty.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "misere/option_sets.h"

namespace {

using nimkit::QuotientElement;
using nimkit::detail::SetArena;
using nimkit::detail::WorkSet;

// Elements enough for a set of more words than a chunk of the arena holds (2^16).
constexpr std::size_t kOrder = std::size_t{1} << 23;

std::vector<QuotientElement> elements_of(const SetArena& arena, std::uint32_t id) {
  std::vector<QuotientElement> out;
  arena.for_each(id, [&](QuotientElement x) { out.push_back(x); });
  return out;
}

// A random sorted set: mostly a few words, sometimes more words than a chunk holds.
std::vector<QuotientElement> random_set(std::mt19937_64& random) {
  const std::size_t words = random() % 2000 == 0 ? 70'000 : 1 + random() % 40;
  std::vector<QuotientElement> out;
  std::vector<bool> taken(kOrder / 64, false);  // one element a word
  for (std::size_t i = 0; i < words; ++i) {
    const std::size_t w = words > 1000 ? i % (kOrder / 64) : random() % (kOrder / 64);
    if (taken[w]) continue;
    taken[w] = true;
    out.push_back(static_cast<QuotientElement>(w * 64 + random() % 64));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::uint32_t keep(SetArena& arena, const std::vector<QuotientElement>& elements) {
  static WorkSet set(kOrder);
  set.clear();
  for (QuotientElement x : elements) set.insert(x);
  set.sort();
  return arena.keep(set);
}

TEST(SetArena, CompactionKeepsEveryLiveSetAndFreesWhatItDrops) {
  std::mt19937_64 random(7);
  SetArena arena;
  std::vector<std::vector<QuotientElement>> sets;
  // One list per set, as the verification keeps them; a dropped set leaves its list.
  std::vector<std::vector<std::uint32_t>> lists;
  while (sets.size() < 60'000) {
    sets.push_back(random_set(random));
    lists.push_back({keep(arena, sets.back())});
  }
  const SetArena copy = arena;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (random() % 4 == 0) continue;
    arena.drop(lists[i][0]);
    lists[i].clear();
  }
  const std::uint64_t before = arena.bytes();
  arena.compact(lists);
  EXPECT_LT(arena.bytes(), before / 2);
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (!lists[i].empty()) {
      EXPECT_EQ(elements_of(arena, lists[i][0]), sets[i]) << i;
    }
    EXPECT_EQ(elements_of(copy, static_cast<std::uint32_t>(i)), sets[i]) << i;
  }
  // Sets kept after the compaction go on from where it left off.
  const std::vector<QuotientElement> later = random_set(random);
  const std::uint32_t id = keep(arena, later);
  EXPECT_EQ(elements_of(arena, id), later);
}

TEST(SetArena, SubsetTestsSeeTheKeptWords) {
  SetArena arena;
  WorkSet small(1 << 16);
  small.insert(3);
  small.insert(700);
  small.sort();
  WorkSet large(1 << 16);
  for (QuotientElement x : {3u, 5u, 700u, 9000u}) large.insert(x);
  large.sort();
  const std::uint32_t a = arena.keep(small);
  const std::uint32_t b = arena.keep(large);
  EXPECT_TRUE(arena.subset_of(a, large, large.signature(), large.size()));
  EXPECT_FALSE(arena.subset_of(b, small, small.signature(), small.size()));
  EXPECT_TRUE(arena.superset_of(b, small, small.signature(), small.size()));
  EXPECT_FALSE(arena.superset_of(a, large, large.signature(), large.size()));
}

}  // namespace
