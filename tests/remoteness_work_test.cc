// The work an analysis spends on remoteness when a position is out of reach, counted outside the
// search: every component is handed a ruleset that forwards to the real one and counts the words
// the search makes it handle (options generated, states canonicalized, move counts asked). Giving
// up must cost a bounded number of them, however many components or words the position has.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "nimkit/remoteness.h"

namespace {

using nimkit::Convention;
using nimkit::Count;
using nimkit::Limits;
using nimkit::Option;
using nimkit::Result;
using nimkit::State;

// A ruleset that plays exactly as `inner` and counts the words of the states it is asked about.
class CountingRuleset : public nimkit::Ruleset {
 public:
  CountingRuleset(std::shared_ptr<const Ruleset> inner, std::shared_ptr<std::uint64_t> words)
      : Ruleset(inner->facts()), inner_(std::move(inner)), words_(std::move(words)) {}

  std::string spec() const override { return inner_->spec(); }
  std::string summary() const override { return inner_->summary(); }
  Result<std::vector<nimkit::ParsedComponent>> parse_components(
      std::span<const std::string> items) const override {
    return inner_->parse_components(items);
  }
  std::vector<std::string> format_state(const State& state) const override {
    return inner_->format_state(state);
  }
  std::size_t item_count(const State& state) const override { return inner_->item_count(state); }
  std::string label(const State& state, std::size_t first_item) const override {
    return inner_->label(state, first_item);
  }
  std::vector<nimkit::ViewField> view_fields(const State& state) const override {
    return inner_->view_fields(state);
  }
  std::vector<nimkit::ViewField> move_fields(const State& before, const Option& option,
                                             std::size_t first_item) const override {
    return inner_->move_fields(before, option, first_item);
  }
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override {
    return inner_->describe_move(before, option, first_item);
  }
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override {
    return inner_->format_move(before, option, first_item, limits);
  }
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override {
    return inner_->parse_move(state, text, first_item, items, partial, limits);
  }
  std::string move_syntax() const override { return inner_->move_syntax(); }
  Count count_options(const State& state) const override {
    *words_ += 1;
    return inner_->count_options(state);
  }
  Option option(const State& state, Count index) const override {
    Option made = inner_->option(state, index);
    *words_ += inner_->move_cost(state);
    for (const State& part : made.result) *words_ += part.size();
    return made;
  }
  Result<nimkit::Nimber> value(const State& state, const Limits& limits) const override {
    return inner_->value(state, limits);
  }
  void append_canonical(const State& state, std::vector<std::uint64_t>& key) const override {
    const std::size_t before = key.size();
    inner_->append_canonical(state, key);
    *words_ += key.size() - before;
  }
  Count weight(const State& state) const override { return inner_->weight(state); }
  std::uint64_t move_cost(const State& state) const override { return inner_->move_cost(state); }

 private:
  std::shared_ptr<const Ruleset> inner_;
  std::shared_ptr<std::uint64_t> words_;
};

// The words `position` makes an analysis' remoteness search handle, and whether it found one.
struct Spent {
  std::uint64_t words = 0;
  bool found = false;
};

Spent remoteness_work(const std::string& text, Convention convention) {
  auto position = nimkit::parse_position(text, nullptr);
  EXPECT_TRUE(position.ok()) << text << ": " << position.error();
  if (!position) return {};
  auto words = std::make_shared<std::uint64_t>(0);
  std::vector<nimkit::Component> counted;
  for (const nimkit::Component& c : position->components()) {
    counted.push_back({std::make_shared<const CountingRuleset>(c.rules, words), c.state});
  }
  nimkit::Analysis analysis;
  analysis.convention = convention;
  nimkit::add_remoteness(analysis, nimkit::Position(std::move(counted)), Limits{});
  return {*words, analysis.remoteness.has_value()};
}

// What giving up may cost: the budget's steps, each allowed 64 words of key and the move's own
// cost, with room to spare for the options generated beside them. A search that copied every
// component of the position at every move (hundreds of words) would pass it many times over.
constexpr std::uint64_t kMaxGiveUpWords = 100 * nimkit::kAnalysisRemotenessMoves;

// The registry entry's start position written `copies` times as a sum: a position of every
// ruleset too large to search.
std::string repeated_start(const nimkit::RulesetEntry& entry, const std::string& spec, int copies) {
  auto rules = nimkit::make_ruleset(spec);
  auto start = nimkit::parse_position(entry.start, *rules);
  if (!start) return spec;
  std::string one;
  for (const nimkit::Component& c : start->components()) {
    std::string items;
    for (const std::string& item : c.rules->format_state(c.state)) {
      items += (items.empty() ? "" : ",") + item;
    }
    one += (one.empty() ? "" : " ") + spec + ":" + items;
  }
  std::string text;
  for (int i = 0; i < copies; ++i) text += (text.empty() ? "" : " ") + one;
  return text;
}

TEST(RemotenessWork, GivingUpOnLargePositionsCostsBoundedWork) {
  std::vector<std::string> large = {"grundy:1000", "octal:0.07:100000",
                                    "kayles:30 kayles:40 kayles:50", "chomp:8,8,8,8,8,8,8,8",
                                    "cram:....../....../....../....../......"};
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    large.push_back(repeated_start(entry, entry.examples.front(), 12));
  }
  for (const std::string& text : large) {
    for (Convention convention : {Convention::kNormal, Convention::kMisere}) {
      const Spent spent = remoteness_work(text, convention);
      EXPECT_LE(spent.words, kMaxGiveUpWords) << text << " " << nimkit::to_string(convention);
    }
  }
}

TEST(RemotenessWork, GrundysGameOfAThousandIsGivenUpOn) {
  const Spent spent = remoteness_work("grundy:1000", Convention::kNormal);
  EXPECT_FALSE(spent.found);
  EXPECT_GT(spent.words, nimkit::kAnalysisRemotenessMoves);  // it did search before giving up
}

// Every registry entry's start position is within reach, and through the counting rulesets the
// search answers as it does on the real ones. A start whose play can repeat has no game tree to
// search: its remoteness is refused as unsupported.
TEST(RemotenessWork, EveryStartPositionIsWithinReach) {
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) {
      const std::string text = repeated_start(entry, spec, 1);
      auto position = nimkit::parse_position(text, nullptr);
      ASSERT_TRUE(position.ok()) << text;
      auto repeats = nimkit::can_repeat(*position);
      ASSERT_TRUE(repeats.ok()) << text;
      auto direct = nimkit::remoteness(*position, Convention::kNormal);
      if (*repeats) {
        ASSERT_FALSE(direct.ok()) << text;
        EXPECT_EQ(direct.failure().kind, nimkit::ErrorKind::kUnsupported) << text;
        continue;
      }
      ASSERT_TRUE(direct.ok()) << text << ": " << direct.error();
      EXPECT_TRUE(remoteness_work(text, Convention::kNormal).found) << text;
    }
  }
}

}  // namespace
