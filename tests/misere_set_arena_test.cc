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
using nimkit::detail::SetKey;
using nimkit::detail::WorkSet;

// Elements enough for a set of more words than a chunk of the arena holds (2^18).
constexpr std::size_t kOrder = std::size_t{1} << 25;

std::vector<QuotientElement> elements_of(const SetArena& arena, std::uint32_t id) {
  std::vector<QuotientElement> out;
  arena.for_each(id, [&](QuotientElement x) { out.push_back(x); });
  return out;
}

// A random sorted set, at most one element a word: mostly a few words, now and then more words
// than a chunk holds.
std::vector<QuotientElement> random_set(std::mt19937_64& random) {
  std::vector<QuotientElement> out;
  if (random() % 6000 == 0) {
    for (std::size_t w = 0; w < 270'000; ++w) {
      out.push_back(static_cast<QuotientElement>(w * 64 + random() % 64));
    }
    return out;
  }
  std::vector<std::size_t> words(1 + random() % 40);
  for (std::size_t& w : words) w = random() % (kOrder / 64);
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  for (std::size_t w : words) out.push_back(static_cast<QuotientElement>(w * 64 + random() % 64));
  return out;
}

SetKey keep(SetArena& arena, const std::vector<QuotientElement>& elements) {
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
  std::vector<std::vector<SetKey>> lists;
  while (sets.size() < 60'000) {
    sets.push_back(random_set(random));
    lists.push_back({keep(arena, sets.back())});
  }
  EXPECT_TRUE(std::any_of(sets.begin(), sets.end(),
                          [](const auto& set) { return set.size() > (std::size_t{1} << 18); }));
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
      EXPECT_EQ(elements_of(arena, lists[i][0].id), sets[i]) << i;
      EXPECT_EQ(lists[i][0].size, sets[i].size()) << i;
    }
    EXPECT_EQ(elements_of(copy, static_cast<std::uint32_t>(i)), sets[i]) << i;
  }
  // Sets kept after the compaction go on from where it left off.
  const std::vector<QuotientElement> later = random_set(random);
  const SetKey key = keep(arena, later);
  EXPECT_EQ(elements_of(arena, key.id), later);
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
  const SetKey a = arena.keep(small);
  const SetKey b = arena.keep(large);
  EXPECT_TRUE(arena.subset_of(a, large, large.key()));
  EXPECT_FALSE(arena.subset_of(b, small, small.key()));
  EXPECT_TRUE(arena.superset_of(b, small, small.key()));
  EXPECT_FALSE(arena.superset_of(a, large, large.key()));
  // The same words, the same size, another element: neither contains the other.
  WorkSet other(1 << 16);
  other.insert(4);
  other.insert(700);
  other.sort();
  EXPECT_EQ(other.key().words, small.key().words);
  EXPECT_FALSE(arena.subset_of(a, other, other.key()));
  EXPECT_FALSE(arena.superset_of(a, other, other.key()));
  // The empty set is a subset of every set and a superset of none but itself.
  const WorkSet empty(1 << 16);
  EXPECT_EQ(empty.key().size, 0u);
  const SetKey e = arena.keep(empty);
  EXPECT_TRUE(arena.subset_of(e, small, small.key()));
  EXPECT_TRUE(arena.subset_of(e, empty, empty.key()));
  EXPECT_TRUE(arena.superset_of(a, empty, empty.key()));
  EXPECT_FALSE(arena.superset_of(e, small, small.key()));
  EXPECT_FALSE(arena.subset_of(a, empty, empty.key()));
}

// A class's list kept as the verification keeps it — a set is added unless a listed one is its
// subset, its listed supersets dropped first — against the ⊆-minimal sets found by brute force.
TEST(SetArena, ListsKeepTheMinimalSetsInOrderOfSize) {
  std::mt19937_64 random(11);
  SetArena arena;
  std::vector<SetKey> list;
  std::vector<std::vector<QuotientElement>> minimal;  // brute force, as element lists
  WorkSet set(1 << 12);
  const auto includes = [](const std::vector<QuotientElement>& a,
                           const std::vector<QuotientElement>& b) {
    return std::includes(a.begin(), a.end(), b.begin(), b.end());
  };
  for (int step = 0; step < 3000; ++step) {
    // Elements of a few words, so that both subsets and signatures' false hits occur.
    std::vector<QuotientElement> elements(1 + random() % 6);
    for (QuotientElement& x : elements) {
      x = static_cast<QuotientElement>((random() % 3) * 640 + random() % 12);
    }
    std::sort(elements.begin(), elements.end());
    elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
    set.clear();
    for (QuotientElement x : elements) set.insert(x);
    set.sort();
    const bool subsumed = std::any_of(minimal.begin(), minimal.end(),
                                      [&](const auto& m) { return includes(elements, m); });
    ASSERT_EQ(arena.any_subset(list, set, set.key()), subsumed) << step;
    if (subsumed) continue;
    std::size_t dropped = 0;
    arena.erase_supersets(list, set, set.key(), [&](const SetKey& key) {
      ++dropped;
      arena.drop(key);
    });
    ASSERT_EQ(dropped, static_cast<std::size_t>(std::erase_if(
                           minimal, [&](const auto& m) { return includes(m, elements); })))
        << step;
    SetArena::insert(list, arena.keep(set));
    minimal.push_back(elements);
    ASSERT_TRUE(std::is_sorted(list.begin(), list.end(),
                               [](const SetKey& a, const SetKey& b) { return a.size < b.size; }));
    std::vector<std::vector<QuotientElement>> listed;
    for (const SetKey& key : list) listed.push_back(elements_of(arena, key.id));
    std::sort(listed.begin(), listed.end());
    std::vector<std::vector<QuotientElement>> expected = minimal;
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(listed, expected) << step;
  }
  EXPECT_GT(minimal.size(), 20u);
}

}  // namespace
