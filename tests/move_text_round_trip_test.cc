// Every text the program writes for a move reads back as that move: for each registry example,
// from its start position, positions a few moves into a game, and the start beside the position
// one move on (a sum whose components share words, where describe() names the component), every
// legal move's description (describe) and notation (format_move) parse back to it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Count;
using nimkit::Move;
using nimkit::Position;

struct Example {
  std::string spec;
  std::string start;
};

std::vector<Example> examples() {
  std::vector<Example> out;
  for (const nimkit::RulesetEntry& entry : nimkit::registry()) {
    for (const std::string& spec : entry.examples) out.push_back({spec, entry.start});
  }
  return out;
}

// The positions checked: the start, a few reached from it (each move the one at a fixed stride
// through the legal moves, so that the game wanders), and the start beside the first of them,
// a sum whose components share most of their words.
std::vector<Position> positions_of(const Position& start) {
  std::vector<Position> out{start};
  Position p = start;
  for (Count ply = 0; ply < 4 && !p.is_terminal(); ++ply) {
    p = p.after(p.move_at((ply * 7 + 3) % p.move_count()));
    out.push_back(p);
  }
  if (out.size() > 1) {
    std::vector<nimkit::Component> sum = start.components();
    sum.insert(sum.end(), out[1].components().begin(), out[1].components().end());
    out.emplace_back(std::move(sum));
  }
  return out;
}

// The first moves of a position and then every `stride`-th: all of a small one, a sample of a
// large one (a heap of a thousand objects), so the suite stays fast.
std::vector<Move> moves_of(const Position& p) {
  constexpr Count kAll = 200;
  const Count total = p.move_count();
  const Count stride = total <= kAll ? 1 : total / kAll;
  std::vector<Move> out;
  for (Count i = 0; i < total; i += stride) out.push_back(p.move_at(i));
  return out;
}

class MoveTextRoundTrip : public ::testing::TestWithParam<Example> {};

TEST_P(MoveTextRoundTrip, DescriptionAndNotationReadBackAsTheMove) {
  const Example& example = GetParam();
  auto rules = nimkit::make_ruleset(example.spec);
  ASSERT_TRUE(rules.ok()) << rules.error();
  auto start = nimkit::parse_position(example.start, *rules);
  ASSERT_TRUE(start.ok()) << start.error();
  const nimkit::Limits limits;
  int failures = 0;
  for (const Position& p : positions_of(*start)) {
    const std::string where = nimkit::format_position(p, nullptr);
    for (const Move& move : moves_of(p)) {
      for (const std::string& text :
           {nimkit::describe(p, move, limits), nimkit::format_move(p, move, limits)}) {
        auto read = nimkit::parse_move(p, text, limits);
        const bool same = read.ok() && *read == move;
        EXPECT_TRUE(same) << example.spec << " at " << where << ": " << nimkit::quoted(text)
                          << (read.ok() ? " reads as another move" : " fails: " + read.error());
        // One position's failures say enough: a broken family would flood the log.
        if (!same && ++failures >= 5) return;
      }
    }
  }
}

std::string test_name(const ::testing::TestParamInfo<Example>& info) {
  std::string name;
  for (char c : info.param.spec) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(EveryExample, MoveTextRoundTrip, ::testing::ValuesIn(examples()),
                         test_name);

// The short forms a person types, beside the program's own words.
TEST(MoveTextRoundTrip, ShortFormsAndCaseReadAsTheMove) {
  const auto read = [](const char* spec, const char* position, const char* text) {
    auto rules = nimkit::make_ruleset(spec);
    EXPECT_TRUE(rules.ok());
    auto p = nimkit::parse_position(position, *rules);
    EXPECT_TRUE(p.ok());
    auto move = nimkit::parse_move(*p, text);
    return move ? nimkit::format_position(p->after(*move)) : "error: " + move.error();
  };
  EXPECT_EQ(read("nim", "3 4 5", "take 2 from heap 3"), "3 4 3");
  EXPECT_EQ(read("nim", "3 4 5", "Take 2 From Heap 3"), "3 4 3");
  EXPECT_EQ(read("grundy", "7 5", "heap 1 into 3 and 4"), "3 4 5");
  EXPECT_EQ(read("grundy", "7 5", "1 into 3 and 4"), "3 4 5");
  EXPECT_EQ(read("grundy", "7 5", "SPLIT HEAP 2 INTO 1 AND 4"), "7 1 4");
  EXPECT_EQ(read("kayles", "8 5", "knock pin 5 of row 1"), "3 4 5");  // rows 4 and 3, smaller first
  EXPECT_EQ(read("kayles", "8 5", "knock pins 2-3 of row 2"), "8 1 2");
  // "take" in a bowling game: the move leaving one row, from the end.
  EXPECT_EQ(read("kayles", "8 5", "take 2 from heap 2"), "8 3");
  EXPECT_EQ(read("wythoff", "3 5", "take 2 from heap 1 and 2 from heap 2"), "1 3");
  EXPECT_EQ(read("node-kayles", "1-2 2-3 3-4", "remove vertex 4"), "1-2");
  EXPECT_EQ(read("cram", "..../....", "Fill A1 and B1"), "##../....");
  EXPECT_EQ(read("cram", "..../....", "A1-B1"), "##../....");
}

}  // namespace
