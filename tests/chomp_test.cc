// Chomp against an independent brute force: the value of every bar inside 4 rows by 5 columns is
// a plain recursive mex over eating cells of a grid of booleans (and the misère outcome a plain
// win/loss recursion); two-row bars lose exactly when their rows are (a, a−1); rectangles are
// first-player wins, squares by eating (2,2); the notation, the move text, sums and bad input.
#include "nimkit/games/chomp.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;

constexpr std::size_t kRows = 4;
constexpr std::size_t kColumns = 5;
// The bar as cells present, row-major: no row lengths, no ordering, no transpose.
using Grid = std::array<bool, kRows * kColumns>;

// The grids left by every legal eat of `grid`: cell (r, c) present and not the poison.
std::vector<Grid> eats(const Grid& grid) {
  std::vector<Grid> out;
  for (std::size_t r = 0; r < kRows; ++r) {
    for (std::size_t c = 0; c < kColumns; ++c) {
      if (!grid[r * kColumns + c] || (r == 0 && c == 0)) continue;
      Grid after = grid;
      for (std::size_t i = r; i < kRows; ++i) {
        for (std::size_t j = c; j < kColumns; ++j) after[i * kColumns + j] = false;
      }
      out.push_back(after);
    }
  }
  return out;
}

std::uint64_t brute_value(const Grid& grid, std::map<Grid, std::uint64_t>& memo) {
  if (auto it = memo.find(grid); it != memo.end()) return it->second;
  std::set<std::uint64_t> seen;
  for (const Grid& after : eats(grid)) seen.insert(brute_value(after, memo));
  std::uint64_t mex = 0;
  while (seen.contains(mex)) ++mex;
  memo.emplace(grid, mex);
  return mex;
}

// Misère: the player who cannot move wins.
bool brute_misere_win(const Grid& grid, std::map<Grid, bool>& memo) {
  if (auto it = memo.find(grid); it != memo.end()) return it->second;
  const std::vector<Grid> options = eats(grid);
  bool win = options.empty();
  for (const Grid& after : options) win = win || !brute_misere_win(after, memo);
  memo.emplace(grid, win);
  return win;
}

Grid grid_of(const State& rows) {
  Grid grid{};
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows[r]; ++c) grid.at(r * kColumns + c) = true;
  }
  return grid;
}

// Every bar of at most `rows` rows of at most `columns` cells (row 1 non-empty).
std::vector<State> bars(std::size_t rows, std::uint64_t columns) {
  std::vector<State> out;
  std::vector<State> open;
  for (std::uint64_t first = 1; first <= columns; ++first) open.push_back(State{first});
  while (!open.empty()) {
    State bar = open.back();
    open.pop_back();
    out.push_back(bar);
    if (bar.size() == rows) continue;
    for (std::uint64_t next = 1; next <= bar.back(); ++next) {
      open.push_back(bar);
      open.back().push_back(next);
    }
  }
  return out;
}

nimkit::Position position(const std::string& text) {
  auto parsed = nimkit::parse_position(text, nullptr);
  EXPECT_TRUE(parsed) << text << ": " << (parsed ? "" : parsed.error());
  return *parsed;
}

TEST(Chomp, ValuesMatchBruteForceMex) {
  const nimkit::Chomp rules;
  const nimkit::Limits limits;
  std::map<Grid, std::uint64_t> memo;
  const std::vector<State> all = bars(kRows, kColumns);
  ASSERT_EQ(all.size(), 125U);  // C(9, 4) diagrams in a 4×5 box, less the empty one
  std::set<std::uint64_t> values;
  for (const State& bar : all) {
    const std::uint64_t expected = brute_value(grid_of(bar), memo);
    ASSERT_EQ(*rules.value(bar, limits), Nimber{expected}) << ::testing::PrintToString(bar);
    values.insert(expected);
    // The options are the eats, each once.
    ASSERT_EQ(rules.count_options(bar), eats(grid_of(bar)).size());
    std::set<Grid> options;
    for (nimkit::Count i = 0; i < rules.count_options(bar); ++i) {
      options.insert(grid_of(rules.option(bar, i).result.at(0)));
    }
    ASSERT_EQ(options.size(), eats(grid_of(bar)).size()) << ::testing::PrintToString(bar);
  }
  EXPECT_GT(values.size(), 5U);  // not a game of few values
}

TEST(Chomp, TransposeSharesTheValue) {
  const nimkit::Chomp rules;
  const nimkit::Limits limits;
  for (const State& bar : bars(5, 5)) {
    const State flipped = nimkit::Chomp::transpose(bar);
    ASSERT_EQ(nimkit::Chomp::transpose(flipped), bar);
    ASSERT_EQ(rules.canonical(bar), rules.canonical(flipped));
    ASSERT_EQ(*rules.value(bar, limits), *rules.value(flipped, limits));
  }
  EXPECT_EQ(rules.canonical(State{3, 1}), (State{2, 1, 1}));
}

TEST(Chomp, MisereOutcomesMatchBruteForce) {
  std::map<Grid, bool> memo;
  for (const State& bar : bars(3, 4)) {
    auto analysis = nimkit::analyze(position("chomp:" + fmt::format("{}", fmt::join(bar, ","))),
                                    nimkit::Convention::kMisere);
    ASSERT_TRUE(analysis) << analysis.error();
    EXPECT_EQ(analysis->winner == nimkit::Outcome::kFirst, brute_misere_win(grid_of(bar), memo))
        << ::testing::PrintToString(bar);
  }
}

TEST(Chomp, TwoRowLossesAreAAndAMinusOne) {
  const nimkit::Chomp rules;
  const nimkit::Limits limits;
  std::size_t losses = 0;
  for (std::uint64_t a = 1; a <= 30; ++a) {
    for (std::uint64_t b = 0; b <= a; ++b) {
      const State bar = b == 0 ? State{a} : State{a, b};
      const bool lost = *rules.value(bar, limits) == 0;
      EXPECT_EQ(lost, b + 1 == a) << a << "," << b;
      losses += lost ? 1 : 0;
    }
  }
  EXPECT_EQ(losses, 30U);
}

TEST(Chomp, RectanglesAreFirstPlayerWinsAndSquaresWinByTwoTwo) {
  for (std::uint64_t rows = 1; rows <= 5; ++rows) {
    for (std::uint64_t columns = 1; columns <= 6; ++columns) {
      const State bar(rows, columns);
      auto analysis = nimkit::analyze(position("chomp:" + fmt::format("{}", fmt::join(bar, ","))),
                                      nimkit::Convention::kNormal);
      ASSERT_TRUE(analysis) << analysis.error();
      EXPECT_EQ(analysis->winner == nimkit::Outcome::kFirst, rows * columns > 1)
          << rows << "x" << columns;
    }
  }
  for (std::uint64_t n = 2; n <= 6; ++n) {
    const nimkit::Position square =
        position("chomp:" + fmt::format("{}", fmt::join(State(n, n), ",")));
    auto analysis = nimkit::analyze(square, nimkit::Convention::kNormal);
    ASSERT_TRUE(analysis) << analysis.error();
    std::vector<std::string> moves;
    for (const nimkit::Move& m : analysis->winning_moves) moves.push_back(format_move(square, m));
    EXPECT_NE(std::find(moves.begin(), moves.end(), "2 2"), moves.end()) << n << "x" << n;
    auto l_shape = nimkit::parse_move(square, "2 2");
    ASSERT_TRUE(l_shape);
    State left(n, 1);
    left[0] = n;
    EXPECT_EQ(square.after(*l_shape).components()[0].state, left);
  }
}

TEST(Chomp, NotationAndMoveTextRoundTrip) {
  auto rules = nimkit::make_ruleset("chomp");
  ASSERT_TRUE(rules);
  const nimkit::Position bar = position("chomp:4,4,3");
  EXPECT_EQ(nimkit::format_position(bar), "4 4 3");
  EXPECT_EQ(nimkit::format_position(bar, rules->get()), "4 4 3");
  auto bare = nimkit::parse_position("4 4 3", *rules);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->components()[0].state, (State{4, 4, 3}));

  auto move = nimkit::parse_move(bar, "2 3");
  ASSERT_TRUE(move) << move.error();
  EXPECT_EQ(nimkit::describe(bar, *move), "eat (2,3): 3 cells");
  EXPECT_EQ(nimkit::format_position(bar.after(*move)), "4 2 2");
  auto whole = nimkit::parse_move(bar, "2 1");
  ASSERT_TRUE(whole);
  EXPECT_EQ(nimkit::format_position(bar.after(*whole)), "4");

  // Every move of every bar in a 3×4 box, alone and after a Nim heap (its rows then items 2-4).
  for (const std::string& prefix : {std::string(), std::string("nim:5 ")}) {
    for (const State& rows : bars(3, 4)) {
      const nimkit::Position p =
          position(prefix + "chomp:" + fmt::format("{}", fmt::join(rows, ",")));
      const std::size_t c = p.components().size() - 1;
      const nimkit::Component& comp = p.components()[c];
      for (nimkit::Count i = 0; i < comp.rules->count_options(comp.state); ++i) {
        const nimkit::Move m{c, comp.rules->option(comp.state, i)};
        const std::string text = nimkit::format_move(p, m);
        auto back = nimkit::parse_move(p, text);
        ASSERT_TRUE(back) << text << ": " << back.error();
        EXPECT_EQ(back->component, c);
        EXPECT_EQ(back->option, m.option) << text;
        auto again = nimkit::parse_position(nimkit::format_position(p.after(m)), *rules);
        ASSERT_TRUE(again);
        ASSERT_EQ(again->components().size(), p.after(m).components().size());
        for (std::size_t k = 0; k < again->components().size(); ++k) {
          EXPECT_EQ(again->components()[k].state, p.after(m).components()[k].state);
        }
      }
    }
  }
}

TEST(Chomp, SumWithNim) {
  const nimkit::Position p = position("chomp:3,3 nim:2");
  auto analysis = nimkit::analyze(p, nimkit::Convention::kNormal);
  ASSERT_TRUE(analysis) << analysis.error();
  const nimkit::Chomp rules;
  const Nimber bar = *rules.value(State{3, 3}, {});
  EXPECT_EQ(analysis->grundy, bar ^ Nimber{2});
  // Every winning move leaves a sum of value 0.
  ASSERT_FALSE(analysis->winning_moves.empty());
  for (const nimkit::Move& m : analysis->winning_moves) {
    auto after = nimkit::analyze(p.after(m), nimkit::Convention::kNormal);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->grundy, Nimber{0}) << describe(p, m);
  }
  // The Nim heap is item 3, after the bar's two rows.
  auto take = nimkit::parse_move(p, "3 1");
  ASSERT_TRUE(take) << take.error();
  EXPECT_EQ(take->component, 1U);
}

TEST(Chomp, BadInputNamesTheValue) {
  const auto error = [](const std::string& text) {
    auto p = nimkit::parse_position(text, nullptr);
    return p ? std::string("parsed") : p.error();
  };
  EXPECT_EQ(error("chomp:3,4"),
            "in \"chomp:3,4\": row 2 of the chomp bar (4 cells) is longer than row 1 (3): rows "
            "must not grow downwards");
  EXPECT_EQ(error("chomp:3,0"),
            "in \"chomp:3,0\": row 2 of the chomp bar is empty: every row holds at least one cell");
  EXPECT_EQ(error("chomp:3,x"), "in \"chomp:3,x\": row \"x\" is not a non-negative integer");
  EXPECT_EQ(error("chomp:200,200,1"),
            "in \"chomp:200,200,1\": chomp bar has more than 400 cells (at row 3, \"1\")");
  EXPECT_EQ(error("chomp:18446744073709551615"),
            "in \"chomp:18446744073709551615\": chomp bar has more than 400 cells (at row 1, "
            "\"18446744073709551615\")");
  EXPECT_EQ(error("chomp:20,20"), "parsed");  // exactly the most cells

  const nimkit::Position bar = position("chomp:3,2");
  EXPECT_EQ(nimkit::parse_move(bar, "1 1").error(), "cell (1,1) is poisoned: it is never eaten");
  EXPECT_EQ(nimkit::parse_move(bar, "2 3").error(), "row 2 has columns 1 to 2, not 3");
  EXPECT_EQ(nimkit::parse_move(bar, "3 1").error(), "no row 3: rows and heaps are numbered 1 to 2");
  EXPECT_EQ(nimkit::parse_move(bar, "2").error(),
            "move \"2\" is not ROW COLUMN: type the cell to eat, e.g. \"2 3\"");
  EXPECT_EQ(nimkit::parse_move(bar, "2 y").error(), "column \"y\" is not a non-negative integer");
}

TEST(Chomp, NodeLimitIsAOneLineError) {
  nimkit::Limits limits;
  limits.max_nodes = 100;
  const nimkit::Chomp rules;  // a fresh memo: nothing known yet
  auto value = rules.value(State(10, 10), limits);
  ASSERT_FALSE(value);
  EXPECT_EQ(value.error().find('\n'), std::string::npos);
  EXPECT_NE(value.error().find("100"), std::string::npos);
}

}  // namespace
