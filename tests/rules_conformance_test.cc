// The conformance suite: every example of every registry entry keeps the Ruleset contracts, and
// the heap families agree with the plain rules and search of rules_brute_force.h.
//  - every ruleset: its registry entry names its view; Grundy values are the mex of the options'
//    values (heap families: heaps up to 200, small pairs and Moore components; other families:
//    the components reachable from the entry's start position) — for a loopy ruleset, whose
//    values are Smith's generalized ones, the conditions that define those instead (a finite
//    value the mex, reversed through options labelled earlier; an infinite one with an infinite
//    option that does not reach that mex), on the states its notation reads;
//  - heap families: options listed by random access, strictly sorted by (take, result), the same
//    moves as the plain rules, none from a terminal heap, objects conserved (taken or added);
//  - random playouts from a seeded Rng: notation and move text round-trip at every step, and
//    play ends (where it cannot repeat);
//  - small sums of different rulesets whose play ends: winner and winning moves equal the plain
//    search, under normal and misère play.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/heap_game.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/strategy.h"
#include "rules_brute_force.h"

namespace {

using nimkit::Count;
using nimkit::Heap;
using nimkit::HeapGame;
using nimkit::HeapOption;
using nimkit::Nimber;
using nimkit::Option;
using nimkit::Ruleset;
using nimkit::State;
using nimkit_rules_test::PlainComponent;
using nimkit_rules_test::PlainHeap;
using nimkit_rules_test::PlainPosition;

std::vector<std::string> all_examples() {
  std::vector<std::string> specs;
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& example : entry.examples) specs.push_back(example);
  }
  return specs;
}

std::shared_ptr<const Ruleset> make(const std::string& spec) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok()) << spec << ": " << (rules ? "" : rules.error());
  return rules ? *rules : nullptr;
}

const nimkit::RulesetEntry& entry_of(const std::string& spec) {
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& example : entry.examples) {
      if (example == spec) return entry;
    }
  }
  ADD_FAILURE() << spec << " is no registry example";
  return nimkit::registry().front();
}

const HeapGame* heap_game(const Ruleset& rules) { return dynamic_cast<const HeapGame*>(&rules); }

// Small components to check exhaustively: single heaps, pairs, or Moore heap lists.
std::vector<std::vector<Heap>> small_components(const HeapGame& rules, std::uint64_t single_max) {
  std::vector<std::vector<Heap>> out;
  if (rules.arity() == 1) {
    for (std::uint64_t n = 0; n <= single_max; ++n) {
      out.push_back({Heap{n}});
      if (rules.spec() == "zero-move" && n > 0) out.push_back({Heap{n, true}});
    }
  } else if (rules.arity() == 2) {
    for (std::uint64_t x = 0; x <= 9; ++x) {
      for (std::uint64_t y = 0; y <= 9; ++y) out.push_back({Heap{x}, Heap{y}});
    }
  } else {
    for (std::uint64_t a = 0; a <= 4; ++a) {
      out.push_back({Heap{a}});
      for (std::uint64_t b = 0; b <= 4; ++b) {
        out.push_back({Heap{a}, Heap{b}});
        for (std::uint64_t c = 0; c <= 3; ++c) out.push_back({Heap{a}, Heap{b}, Heap{c}});
      }
    }
  }
  return out;
}

std::vector<HeapOption> options_of(const HeapGame& rules, const std::vector<Heap>& heaps) {
  std::vector<HeapOption> options;
  const Count count = rules.option_count(heaps);
  for (Count i = 0; i < count; ++i) options.push_back(rules.option_at(heaps, i));
  return options;
}

// States to check a ruleset's values on: small heap components, or for other families every
// component reachable from the registry entry's start position (at most `most`).
std::vector<State> sample_states(const std::shared_ptr<const Ruleset>& rules,
                                 std::uint64_t single_max, std::size_t most = 400) {
  std::vector<State> out;
  if (const HeapGame* heaps = heap_game(*rules)) {
    // Only the heaps the notation reads: a take-or-add game's stop at its bound.
    for (const auto& c : small_components(*heaps, single_max)) {
      const State state = HeapGame::encode(c);
      if (rules->parse_components(rules->format_state(state))) out.push_back(state);
    }
    return out;
  }
  auto start = nimkit::parse_position(entry_of(rules->spec()).start, rules);
  EXPECT_TRUE(start.ok()) << rules->spec() << ": " << (start ? "" : start.error());
  if (!start) return out;
  std::set<State> seen;
  for (const nimkit::Component& c : start->components()) {
    if (seen.insert(c.state).second) out.push_back(c.state);
  }
  for (std::size_t i = 0; i < out.size() && out.size() < most; ++i) {
    const State state = out[i];
    const Count count = rules->count_options(state);
    for (Count k = 0; k < count && out.size() < most; ++k) {
      for (const State& part : rules->option(state, k).result) {
        if (seen.insert(part).second) out.push_back(part);
      }
    }
  }
  return out;
}

std::vector<PlainHeap> plain(const std::vector<Heap>& heaps) {
  std::vector<PlainHeap> out;
  for (const Heap& h : heaps) out.push_back({h.size, h.zero_spent});
  return out;
}

// A move's result as the plain rules write it: arity-1 results without empty heaps, sorted.
std::vector<PlainHeap> normalized(const HeapGame& rules, std::vector<PlainHeap> result) {
  if (rules.arity() != 1) return result;
  std::erase_if(result, [](const PlainHeap& h) { return h.first == 0; });
  std::sort(result.begin(), result.end());
  return result;
}

// Uniform in [0, bound) as a size.
std::size_t pick(nimkit::Rng& rng, std::size_t bound) {
  return static_cast<std::size_t>(rng.below(bound));
}

class RulesetConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(RulesetConformance, SpecRoundTrips) {
  const auto rules = make(GetParam());
  ASSERT_TRUE(rules);
  const auto again = make(rules->spec());
  ASSERT_TRUE(again);
  EXPECT_EQ(again->spec(), rules->spec());
  EXPECT_FALSE(rules->summary().empty());
  EXPECT_EQ(entry_of(GetParam()).facts.view, rules->view()) << GetParam();
  auto start = nimkit::parse_position(entry_of(GetParam()).start, rules);
  EXPECT_TRUE(start.ok()) << GetParam() << ": " << (start ? "" : start.error());
}

class HeapRulesetConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(HeapRulesetConformance, OptionsAreSortedUniqueAndMatchThePlainRules) {
  const auto owner = make(GetParam());
  ASSERT_TRUE(owner);
  const HeapGame* rules = heap_game(*owner);
  ASSERT_TRUE(rules != nullptr) << GetParam();
  for (const auto& heaps : small_components(*rules, 40)) {
    const std::vector<HeapOption> options = options_of(*rules, heaps);
    for (std::size_t i = 1; i < options.size(); ++i) {
      EXPECT_TRUE(std::tie(options[i - 1].take, options[i - 1].result) <
                  std::tie(options[i].take, options[i].result))
          << GetParam() << " heap " << heaps[0].size << " option " << i;
    }
    std::vector<std::vector<PlainHeap>> mine;
    for (const HeapOption& o : options) {
      // Objects are conserved: taken + left = before + added, and a move takes or adds.
      std::uint64_t before = 0, after = 0;
      for (const Heap& h : heaps) before += h.size;
      for (const Heap& h : o.result) after += h.size;
      EXPECT_EQ(after + o.take, before + o.add) << GetParam();
      EXPECT_TRUE(o.take == 0 || o.add == 0) << GetParam();
      mine.push_back(normalized(*rules, plain(o.result)));
    }
    std::vector<std::vector<PlainHeap>> theirs;
    for (auto& r : nimkit_rules_test::plain_moves(PlainComponent{rules->spec(), plain(heaps)})) {
      theirs.push_back(normalized(*rules, r));
    }
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(mine, theirs) << GetParam() << " from " << heaps.size() << " heaps, first "
                            << heaps[0].size;
  }
}

// The generalized value of a one-component option, which a loopy ruleset's options are.
nimkit::CountedValue option_loopy_value(const Ruleset& rules, const Option& option) {
  EXPECT_EQ(option.result.size(), 1U) << rules.spec();
  auto v = rules.loopy_value(option.result.front(), {});
  EXPECT_TRUE(v.ok()) << rules.spec() << ": " << (v ? "" : v.error());
  return v ? *v : nimkit::CountedValue{};
}

// A loopy ruleset's value of `state` meets the conditions that define Smith's values (Fraenkel
// and Yesha): A, a finite value m is the mex of the options' finite values; B, an option of a
// larger or infinite value has an option of value m with a smaller counter; C, an infinite value
// ∞(K) lists the options' finite values and has an infinite option none of whose options has
// value mex(K). value() answers the finite values and refuses the others; loopy_option_values()
// is the options' values in option order.
void expect_generalized_value(const Ruleset& rules, const State& state) {
  const nimkit::Limits limits;
  auto v = rules.loopy_value(state, limits);
  ASSERT_TRUE(v.ok()) << rules.spec() << ": " << v.error();
  auto listed = rules.loopy_option_values(state, limits);
  ASSERT_TRUE(listed.ok()) << listed.error();
  const Count count = rules.count_options(state);
  ASSERT_EQ(Count{listed->size()}, count);
  std::vector<Option> options;
  std::vector<nimkit::CountedValue> values;
  for (Count i = 0; i < count; ++i) {
    options.push_back(rules.option(state, i));
    values.push_back(option_loopy_value(rules, options.back()));
    EXPECT_EQ((*listed)[values.size() - 1].value, values.back().value) << rules.spec();
  }
  std::set<Nimber> finite;
  for (const auto& w : values) {
    if (w.value.is_finite()) finite.insert(w.value.nimber());
  }
  Nimber m = 0;
  while (finite.contains(m)) ++m;
  const std::string where =
      fmt::format("{} {}", rules.spec(), fmt::join(rules.format_state(state), ","));
  auto g = rules.value(state, limits);
  EXPECT_EQ(g.ok(), v->value.is_finite()) << where;
  if (!v->value.is_finite()) {
    EXPECT_EQ(std::vector<Nimber>(finite.begin(), finite.end()), v->value.reached()) << where;
    bool c = false;
    for (std::size_t k = 0; k < options.size() && !c; ++k) {
      if (values[k].value.is_finite()) continue;
      auto next = rules.loopy_option_values(options[k].result.front(), limits);
      ASSERT_TRUE(next.ok());
      c = std::none_of(next->begin(), next->end(), [&](const nimkit::CountedValue& x) {
        return x.value.is_finite() && x.value.nimber() == m;
      });
    }
    EXPECT_TRUE(c) << "C at " << where;
    return;
  }
  EXPECT_EQ(v->value.nimber(), m) << "A at " << where;
  if (g) {
    EXPECT_EQ(*g, m) << where;
  }
  for (std::size_t k = 0; k < options.size(); ++k) {
    if (values[k].value.is_finite() && values[k].value.nimber() < m) continue;
    auto next = rules.loopy_option_values(options[k].result.front(), limits);
    ASSERT_TRUE(next.ok());
    EXPECT_TRUE(std::any_of(next->begin(), next->end(),
                            [&](const nimkit::CountedValue& x) {
                              return x.value.is_finite() && x.value.nimber() == m &&
                                     x.counter < v->counter;
                            }))
        << "B at " << where << " through option " << k;
  }
}

TEST_P(RulesetConformance, GrundyIsTheMexOfTheOptions) {
  const auto rules = make(GetParam());
  ASSERT_TRUE(rules);
  const nimkit::Limits limits;
  if (rules->loopy()) {
    for (const State& state : sample_states(rules, 200)) expect_generalized_value(*rules, state);
    return;
  }
  for (const State& state : sample_states(rules, 200)) {
    auto g = rules->value(state, limits);
    ASSERT_TRUE(g.ok()) << GetParam() << ": " << g.error();
    std::vector<Nimber> values;
    const Count count = rules->count_options(state);
    for (Count i = 0; i < count; ++i) {
      auto v = rules->option_value(rules->option(state, i), limits);
      ASSERT_TRUE(v.ok()) << GetParam() << ": " << v.error();
      values.push_back(*v);
    }
    EXPECT_EQ(nimkit::to_string(*g), nimkit::to_string(nimkit::mex_of_list(values)))
        << GetParam() << " " << fmt::format("{}", fmt::join(rules->format_state(state), ","));
  }
}

// A position to play out: random heaps for heap families, else the entry's start.
nimkit::Position playout_start(const std::shared_ptr<const Ruleset>& rules, nimkit::Rng& rng) {
  const HeapGame* heaps_rules = heap_game(*rules);
  if (heaps_rules == nullptr) {
    auto start = nimkit::parse_position(entry_of(rules->spec()).start, rules);
    return start ? *start : nimkit::Position{};
  }
  std::vector<Heap> heaps;
  const std::size_t n = heaps_rules->arity() == 2 ? 2 * (1 + pick(rng, 2)) : 1 + pick(rng, 3);
  for (std::size_t i = 0; i < n; ++i) {
    // A heap the notation refuses (above a take-or-add game's bound) is halved until it reads.
    auto size = static_cast<std::uint64_t>(rng.below(25));
    while (size > 0 && !heaps_rules->parse_heap(std::to_string(size))) size /= 2;
    heaps.push_back(Heap{size});
  }
  return nimkit::heap_position(rules, heaps);
}

TEST_P(RulesetConformance, RandomPlayoutsRoundTripNotation) {
  const auto rules = make(GetParam());
  ASSERT_TRUE(rules);
  nimkit::Rng rng(20240611);
  const nimkit::Limits limits;
  for (int game = 0; game < 20; ++game) {
    nimkit::Position position = playout_start(rules, rng);
    const auto repeats = nimkit::can_repeat(position, limits);
    const bool may_repeat = !repeats || *repeats;
    for (int ply = 0; ply < 200 && !position.is_terminal(); ++ply) {
      const std::string text = nimkit::format_position(position, nullptr);
      auto parsed = nimkit::parse_position(text, rules);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error();
      EXPECT_TRUE(*parsed == position) << text;
      const nimkit::Move move = position.move_at(rng.below(position.move_count()));
      const std::string move_text = nimkit::format_move(position, move);
      auto reparsed = nimkit::parse_move(position, move_text, limits);
      ASSERT_TRUE(reparsed.ok()) << GetParam() << " " << text << " move " << move_text << ": "
                                 << reparsed.error();
      EXPECT_EQ(nimkit::format_position(position.after(*reparsed)),
                nimkit::format_position(position.after(move)))
          << GetParam() << " " << text << " move " << move_text;
      EXPECT_FALSE(nimkit::describe(position, move).empty()) << GetParam() << " " << move_text;
      position = position.after(move);
    }
    // Random play from a position whose play can repeat may go on for ever.
    if (may_repeat) continue;
    EXPECT_TRUE(position.is_terminal()) << GetParam();
    EXPECT_EQ(position.move_count(), Count{0});
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string name;
  for (char c : param.param) name += std::isalnum(c) ? c : '_';
  return name;
}

// The examples of the heap families, for the contracts only they keep.
std::vector<std::string> heap_examples() {
  std::vector<std::string> specs;
  for (const std::string& spec : all_examples()) {
    if (heap_game(*make(spec)) != nullptr) specs.push_back(spec);
  }
  return specs;
}

INSTANTIATE_TEST_SUITE_P(Registry, RulesetConformance, ::testing::ValuesIn(all_examples()),
                         test_name);
INSTANTIATE_TEST_SUITE_P(Registry, HeapRulesetConformance, ::testing::ValuesIn(heap_examples()),
                         test_name);

// Sums of two or three components from different rulesets, small heaps: the winner and the
// moves that win are those of the plain search, under both conventions.
PlainPosition plain_position(const nimkit::Position& position) {
  PlainPosition out;
  for (const nimkit::Component& c : position.components()) {
    out.push_back(PlainComponent{c.rules->spec(), plain(HeapGame::decode(c.state))});
  }
  return out;
}

TEST(RulesetSums, WinnersAndWinningMovesMatchThePlainSearch) {
  // The plain search runs to the end of play: loopy rulesets have their own retrograde analysis
  // (loopy_test.cc, take_or_add_test.cc).
  std::vector<std::string> specs = heap_examples();
  std::erase_if(specs, [](const std::string& spec) { return make(spec)->loopy(); });
  nimkit::Rng rng(7);
  nimkit_rules_test::PlainSearch normal(false), misere(true);
  for (int trial = 0; trial < 80; ++trial) {
    std::vector<nimkit::Component> components;
    const std::size_t parts = 2 + pick(rng, 2);
    for (std::size_t p = 0; p < parts; ++p) {
      const auto owner = make(specs[pick(rng, specs.size())]);
      ASSERT_TRUE(owner);
      const HeapGame* rules = heap_game(*owner);
      std::vector<Heap> heaps;
      const std::size_t count = rules->arity() == 1   ? 1
                                : rules->arity() == 2 ? 2
                                                      : 1 + pick(rng, 3);
      const std::uint64_t top = rules->arity() == 1 ? 8 : 3;
      for (std::size_t i = 0; i < count; ++i) {
        heaps.push_back(Heap{static_cast<std::uint64_t>(rng.below(top + 1))});
      }
      components.push_back(nimkit::Component{owner, HeapGame::encode(heaps)});
    }
    const nimkit::Position position(components);
    for (const auto convention : {nimkit::Convention::kNormal, nimkit::Convention::kMisere}) {
      auto& search = convention == nimkit::Convention::kNormal ? normal : misere;
      auto analysis = nimkit::analyze(position, convention);
      const std::string text = nimkit::format_position(position);
      ASSERT_TRUE(analysis.ok()) << text << ": " << analysis.error();
      const PlainPosition start = nimkit_rules_test::canonical(plain_position(position));
      const bool wins = search.wins(start);
      EXPECT_EQ(analysis->winner == nimkit::Outcome::kFirst, wins)
          << text << " " << to_string(convention);
      std::vector<PlainPosition> expected;
      for (const PlainPosition& child : nimkit_rules_test::plain_children(start)) {
        if (!search.wins(child)) expected.push_back(child);
      }
      std::vector<PlainPosition> found;
      for (const nimkit::Move& m : analysis->winning_moves) {
        found.push_back(nimkit_rules_test::canonical(plain_position(position.after(m))));
      }
      std::sort(expected.begin(), expected.end());
      std::sort(found.begin(), found.end());
      EXPECT_EQ(found, expected) << text << " " << to_string(convention);
      EXPECT_EQ(analysis->winning_move_count, Count{expected.size()}) << text;
    }
  }
}

}  // namespace
