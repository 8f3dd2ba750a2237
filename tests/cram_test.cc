// Cram against an independent brute force: a plain recursive mex over the domino moves of the
// whole board (a bitmask of its empty cells, no splitting into regions, no symmetry), on every
// board inside 3 × 4 and random boards with holes up to 4 × 4, under both conventions; the
// canonical form under the 8 symmetries of the square; strips against Dawson's Kayles (octal
// 0.07); the notation, the move text and bad input.
#include "nimkit/games/cram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace {

using nimkit::Nimber;
using nimkit::State;

// A board of h × w cells, cell (r, c) empty when bit r * w + c of `empty` is set.
struct Board {
  unsigned h = 0;
  unsigned w = 0;
  std::uint32_t empty = 0;
};

std::string text_of(const Board& b) {
  std::string out;
  for (unsigned r = 0; r < b.h; ++r) {
    if (r > 0) out += '/';
    for (unsigned c = 0; c < b.w; ++c) out += (b.empty >> (r * b.w + c) & 1U) != 0 ? '.' : '#';
  }
  return out;
}

Board board_of(const std::string& text) {
  Board b;
  b.h = static_cast<unsigned>(std::count(text.begin(), text.end(), '/') + 1);
  b.w = static_cast<unsigned>(std::min(text.find('/'), text.size()));
  unsigned k = 0;
  for (char ch : text) {
    if (ch == '/') continue;
    if (ch == '.') b.empty |= 1U << k;
    ++k;
  }
  return b;
}

// Every domino of the board, as the mask of its two cells.
std::vector<std::uint32_t> dominoes(const Board& b) {
  std::vector<std::uint32_t> out;
  for (unsigned r = 0; r < b.h; ++r) {
    for (unsigned c = 0; c < b.w; ++c) {
      const std::uint32_t here = 1U << (r * b.w + c);
      if (c + 1 < b.w) out.push_back(here | here << 1);
      if (r + 1 < b.h) out.push_back(here | here << b.w);
    }
  }
  return out;
}

// The brute force: Grundy values (normal play) and misère wins of the whole board by recursion
// over the dominoes that fit, memoized on the board's exact mask.
class Brute {
 public:
  explicit Brute(unsigned h, unsigned w) : h_(h), w_(w), all_(dominoes(Board{h, w, 0})) {}

  std::uint64_t grundy(std::uint32_t empty) {
    if (auto it = grundy_.find(empty); it != grundy_.end()) return it->second;
    std::set<std::uint64_t> seen;
    for (std::uint32_t d : all_) {
      if ((empty & d) == d) seen.insert(grundy(empty & ~d));
    }
    std::uint64_t g = 0;
    while (seen.contains(g)) ++g;
    return grundy_[empty] = g;
  }

  bool misere_wins(std::uint32_t empty) {
    if (auto it = misere_.find(empty); it != misere_.end()) return it->second;
    bool wins = true;  // no move: the player to move wins misère play
    for (std::uint32_t d : all_) {
      if ((empty & d) != d) continue;
      wins = false;
      break;
    }
    for (std::uint32_t d : all_) {
      if ((empty & d) == d && !misere_wins(empty & ~d)) {
        wins = true;
        break;
      }
    }
    return misere_[empty] = wins;
  }

 private:
  unsigned h_;
  unsigned w_;
  std::vector<std::uint32_t> all_;
  std::map<std::uint32_t, std::uint64_t> grundy_;
  std::map<std::uint32_t, bool> misere_;
};

std::shared_ptr<const nimkit::Ruleset> cram() {
  auto rules = nimkit::make_ruleset("cram");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

nimkit::Position position_of(const Board& b) {
  auto p = nimkit::parse_position("cram:" + text_of(b), nullptr);
  EXPECT_TRUE(p.ok()) << text_of(b) << ": " << p.error();
  return *p;
}

Nimber value_of(const nimkit::Position& p) {
  Nimber sum = 0;
  for (const nimkit::Component& c : p.components()) {
    auto v = c.rules->value(c.state, nimkit::Limits{});
    EXPECT_TRUE(v.ok()) << v.error();
    sum ^= *v;
  }
  return sum;
}

TEST(Cram, EveryBoardInsideThreeByFourMatchesTheBruteForce) {
  for (unsigned h = 1; h <= 3; ++h) {
    for (unsigned w = 1; w <= 4; ++w) {
      Brute brute(h, w);
      for (std::uint32_t empty = 0; empty < (1U << (h * w)); ++empty) {  // 0: a finished board
        const Board b{h, w, empty};
        EXPECT_EQ(value_of(position_of(b)), Nimber{brute.grundy(empty)}) << text_of(b);
      }
    }
  }
}

TEST(Cram, RandomBoardsWithHolesUpToFourByFourMatchTheBruteForceInBothConventions) {
  std::mt19937 rng(20261123);
  for (int trial = 0; trial < 300; ++trial) {
    const unsigned h = 1 + rng() % 4;
    const unsigned w = 1 + rng() % 4;
    std::uint32_t empty = 0;
    for (unsigned k = 0; k < h * w; ++k) {
      if (rng() % 5 != 0) empty |= 1U << k;  // about one cell in five filled
    }
    if (empty == 0) continue;
    const Board b{h, w, empty};
    Brute brute(h, w);
    const nimkit::Position p = position_of(b);
    EXPECT_EQ(value_of(p), Nimber{brute.grundy(empty)}) << text_of(b);
    auto normal = nimkit::analyze(p, nimkit::Convention::kNormal);
    ASSERT_TRUE(normal.ok()) << normal.error();
    EXPECT_EQ(normal->winner == nimkit::Outcome::kFirst, brute.grundy(empty) != 0) << text_of(b);
    auto misere = nimkit::analyze(p, nimkit::Convention::kMisere);
    ASSERT_TRUE(misere.ok()) << misere.error();
    EXPECT_EQ(misere->winner == nimkit::Outcome::kFirst, brute.misere_wins(empty)) << text_of(b);
    // Every winning move of the analysis leaves a board the brute force calls lost, and there
    // are as many as the brute force finds.
    int expected = 0;
    for (std::uint32_t d : dominoes(b)) {
      if ((empty & d) == d && !brute.misere_wins(empty & ~d)) ++expected;
    }
    EXPECT_EQ(misere->winning_move_count, nimkit::Count(expected)) << text_of(b);
  }
}

TEST(Cram, EmptyBoardsUpToFourByFourMatchTheBruteForce) {
  for (unsigned h = 1; h <= 4; ++h) {
    for (unsigned w = 1; w <= 4; ++w) {
      Brute brute(h, w);
      const std::uint32_t all = (1U << (h * w)) - 1;
      EXPECT_EQ(value_of(position_of(Board{h, w, all})), Nimber{brute.grundy(all)}) << h << w;
    }
  }
}

// The 8 images of a board under the symmetries of the square, by coordinates.
std::vector<Board> images(const Board& b) {
  std::vector<Board> out;
  for (int t = 0; t < 8; ++t) {
    const bool swap = (t & 4) != 0;
    Board img{swap ? b.w : b.h, swap ? b.h : b.w, 0};
    for (unsigned r = 0; r < b.h; ++r) {
      for (unsigned c = 0; c < b.w; ++c) {
        if ((b.empty >> (r * b.w + c) & 1U) == 0) continue;
        unsigned rr = (t & 1) != 0 ? b.h - 1 - r : r;
        unsigned cc = (t & 2) != 0 ? b.w - 1 - c : c;
        if (swap) std::swap(rr, cc);
        img.empty |= 1U << (rr * img.w + cc);
      }
    }
    out.push_back(img);
  }
  return out;
}

TEST(Cram, TheEightImagesOfARegionShareOneCanonicalStateAndOthersDoNot) {
  const auto rules = cram();
  std::map<State, std::set<std::string>> classes;  // canonical state → the boards met
  for (unsigned h = 1; h <= 3; ++h) {
    for (unsigned w = 1; w <= 3; ++w) {
      for (std::uint32_t empty = 0; empty < (1U << (h * w)); ++empty) {  // 0: a finished board
        const nimkit::Position p = position_of(Board{h, w, empty});
        if (p.components().size() != 1) continue;
        const State& s = p.components()[0].state;
        // Cropped boxes only: the shape of the region, its offset dropped.
        if (s[0] != 0 || s[1] != 0 || s[2] != h || s[3] != w) continue;
        std::set<State> keys;
        for (const Board& img : images(Board{h, w, empty})) {
          keys.insert(rules->canonical(position_of(img).components()[0].state));
        }
        EXPECT_EQ(keys.size(), 1U) << text_of(Board{h, w, empty});
        classes[*keys.begin()].insert(text_of(Board{h, w, empty}));
      }
    }
  }
  // Boards of one class are images of each other.
  for (const auto& [key, boards] : classes) {
    std::set<std::string> image_texts;
    const Board first = board_of(*boards.begin());
    for (const Board& img : images(first)) image_texts.insert(text_of(img));
    for (const std::string& t : boards) EXPECT_TRUE(image_texts.contains(t)) << t;
  }
}

TEST(Cram, ARotatedOrMirroredBoardIsAnsweredFromTheMemo) {
  const auto rules = cram();
  const Board b{4, 5, 0b10111'11101'11111'01111};
  ASSERT_TRUE(rules->value(position_of(b).components()[0].state, nimkit::Limits{}).ok());
  nimkit::Limits none;
  none.max_nodes = 0;  // evaluating anything afresh fails
  for (const Board& img : images(b)) {
    auto v = rules->value(position_of(img).components()[0].state, none);
    EXPECT_TRUE(v.ok()) << text_of(img) << ": " << v.error();
  }
  const Board other{4, 5, 0b11111'11101'11111'01111};
  EXPECT_FALSE(rules->value(position_of(other).components()[0].state, none).ok());
}

TEST(Cram, AStripIsDawsonsKayles) {
  auto octal = nimkit::make_ruleset("octal:0.07");
  ASSERT_TRUE(octal.ok());
  for (unsigned n = 1; n <= 64; ++n) {
    const std::string strip(n, '.');
    auto p = nimkit::parse_position("cram:" + strip, nullptr);
    ASSERT_TRUE(p.ok()) << p.error();
    auto heap = nimkit::parse_position("octal:0.07:" + std::to_string(n), nullptr);
    ASSERT_TRUE(heap.ok()) << heap.error();
    EXPECT_EQ(value_of(*p), value_of(*heap)) << n;
  }
}

TEST(Cram, RegionsAreComponentsKeepingTheirPlace) {
  auto p = nimkit::parse_position("cram:..#./.#../####/#..#", nullptr);
  ASSERT_TRUE(p.ok()) << p.error();
  std::vector<std::string> texts;
  for (const nimkit::Component& c : p->components()) {
    texts.push_back(c.rules->format_state(c.state)[0]);
    EXPECT_EQ(c.rules->label(c.state, 0).substr(0, 7), "region ");
  }
  // Each region alone is the whole board with the other regions' cells filled.
  EXPECT_EQ(texts, (std::vector<std::string>{"..##/.###/####/####", "###./##../####/####",
                                             "####/####/####/#..#"}));
  // Written back as the one board they came from, read back as the same regions.
  const std::string text = nimkit::format_position(*p);
  EXPECT_EQ(text, "..#./.#../####/#..#");
  auto again = nimkit::parse_position(text, cram());
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_TRUE(*again == *p);
}

// Regions that cannot share a board (overlapping, side by side, or out of board order) are
// written on boards of their own, and every way reads back as the same components in order.
TEST(Cram, RegionsShareABoardOnlyWhenItReadsBackAsThem) {
  auto nim = nimkit::make_ruleset("nim");
  ASSERT_TRUE(nim.ok());
  const auto written = [&](const std::string& text) {
    auto p = nimkit::parse_position(text, nullptr);
    EXPECT_TRUE(p.ok()) << text;
    const std::string out = nimkit::format_position(*p, nim->get());  // every token qualified
    auto again = nimkit::parse_position(out, nullptr);
    EXPECT_TRUE(again.ok() && *again == *p) << text << " -> " << out;
    return out;
  };
  EXPECT_EQ(written("cram:.#. cram:#.#"), "cram:.#.,#.#");  // overlapping places
  EXPECT_EQ(written("cram:.# cram:#."), "cram:.#,#.");      // side by side
  EXPECT_EQ(written("cram:#/. cram:."), "cram:#/.,.");      // out of board order
  EXPECT_EQ(written("cram:.## cram:##."), "cram:.#.");      // one board
  EXPECT_EQ(written("cram:.#. nim:3 cram:..#./###."), "cram:.#. nim:3 cram:..#./###.");
  EXPECT_EQ(written("cram:.#/## cram:.#"), "cram:.#/##,.#");  // boards of other sizes
  // A board of 672 separate dominoes is written as one board of its size, not 672.
  std::string board;
  for (int r = 0; r < 64; ++r) {
    std::string row(64, '#');
    if (r % 2 == 0) {
      for (int c = r % 4 == 0 ? 0 : 1; c + 1 < 64; c += 3) row[c] = row[c + 1] = '.';
    }
    board += (r == 0 ? "" : "/") + row;
  }
  auto dominoes = nimkit::parse_position("cram:" + board, nullptr);
  ASSERT_TRUE(dominoes.ok()) << dominoes.error();
  EXPECT_EQ(dominoes->components().size(), 672u);
  const std::string text = written("cram:" + board);
  EXPECT_EQ(text, "cram:" + board);
}

TEST(Cram, NotationAndMovesRoundTrip) {
  const auto rules = cram();
  auto p = nimkit::parse_position("cram:...../.#.../....#", nullptr);
  ASSERT_TRUE(p.ok()) << p.error();
  const std::string text = nimkit::format_position(*p);
  auto again = nimkit::parse_position(text, rules);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_TRUE(*again == *p) << text;
  const nimkit::Limits limits;
  for (nimkit::Count i = 0; i < p->move_count(); ++i) {
    const nimkit::Move move = p->move_at(i);
    const std::string typed = nimkit::format_move(*p, move, limits);
    auto parsed = nimkit::parse_move(*p, typed, limits);
    ASSERT_TRUE(parsed.ok()) << typed << ": " << parsed.error();
    EXPECT_TRUE(parsed->option == move.option) << typed;
    // The cells in the other order, and with a space, name the same move.
    const std::size_t dash = typed.find('-');
    const std::string swapped = typed.substr(dash + 1) + " " + typed.substr(0, dash);
    auto reversed = nimkit::parse_move(*p, swapped, limits);
    ASSERT_TRUE(reversed.ok()) << swapped << ": " << reversed.error();
    EXPECT_TRUE(reversed->option == move.option) << swapped;
  }
  auto first = nimkit::parse_move(*p, "a1-b1", limits);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(nimkit::describe(*p, *first), "fill a1 and b1");
  EXPECT_EQ(nimkit::format_position(p->after(*first)), "##.../.#.../....#");
}

TEST(Cram, CellsPastColumnZAreNamedLikeASpreadsheet) {
  auto p = nimkit::parse_position("cram:" + std::string(64, '.'), nullptr);
  ASSERT_TRUE(p.ok()) << p.error();
  const nimkit::Limits limits;
  ASSERT_EQ(p->move_count(), nimkit::Count{63});
  const nimkit::Move last = p->move_at(62);
  EXPECT_EQ(nimkit::format_move(*p, last, limits), "bk1-bl1");  // columns 63 and 64
  EXPECT_EQ(nimkit::format_move(*p, p->move_at(25), limits), "z1-aa1");
  for (nimkit::Count i = 0; i < p->move_count(); ++i) {
    const nimkit::Move move = p->move_at(i);
    auto parsed = nimkit::parse_move(*p, nimkit::format_move(*p, move, limits), limits);
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    EXPECT_TRUE(parsed->option == move.option);
  }
  auto outside = nimkit::parse_move(*p, "bl1-bm1", limits);
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(outside.error().find("not two cells"), std::string::npos) << outside.error();
}

TEST(Cram, BadInputIsOneLineNamingTheValue) {
  const auto error = [](const std::string& text) {
    auto p = nimkit::parse_position(text, nullptr);
    return p ? std::string("parsed") : p.error();
  };
  EXPECT_NE(error("cram:..x/...").find("\"x\" at cell c1"), std::string::npos);
  EXPECT_NE(error("cram:.../..").find("row 2 has 2 cells"), std::string::npos);
  EXPECT_NE(error("cram:/..").find("empty first row"), std::string::npos);
  EXPECT_NE(error("cram:" + std::string(65, '.')).find("larger than 64 by 64"), std::string::npos);
  // A 9 × 9 box of 81 cells is one region too large for a word.
  std::string big;
  for (int r = 0; r < 9; ++r) big += (r ? "/" : "") + std::string(9, '.');
  EXPECT_NE(error("cram:" + big).find("region a1:i9 of 9 by 9 cells"), std::string::npos);
  EXPECT_EQ(error("cram:" + std::string(64, '.')), "parsed");

  auto p = nimkit::parse_position("cram:..#/...", nullptr);
  ASSERT_TRUE(p.ok());
  const nimkit::Limits limits;
  const auto move_error = [&](const std::string& text) {
    auto m = nimkit::parse_move(*p, text, limits);
    return m ? std::string("parsed") : m.error();
  };
  EXPECT_NE(move_error("a1-c1").find("not next to each other"), std::string::npos);
  EXPECT_EQ(move_error("b1-c1"), "c1 is already filled");
  EXPECT_NE(move_error("a1").find("not two cells"), std::string::npos);
  EXPECT_NE(move_error("a0-a1").find("not two cells"), std::string::npos);
  // The board is 2 rows of 3 columns: a cell past it is named with the board's extent.
  EXPECT_EQ(move_error("d5-d6"), "d5 is off the board (columns a–c, rows 1–2)");
  EXPECT_EQ(move_error("C2-C1"), "c1 is already filled");
  // A filled cell is named in a sum too, before another family's complaint about the text.
  auto sum = nimkit::parse_position("cram:..#/... nim:3", nullptr);
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(nimkit::parse_move(*sum, "c1 c2", limits).error(), "c1 is already filled");
}

// A finished board is a position of value 0, as every ruleset's finished position is: it reads
// and writes back as itself, has no moves, and joins a sum.
TEST(Cram, AFinishedBoardIsAPositionOfValueZero) {
  for (const std::string& board :
       std::vector<std::string>{"#", "##/##", "###/###", std::string(64, '#')}) {
    auto p = nimkit::parse_position("cram:" + board, nullptr);
    ASSERT_TRUE(p.ok()) << board << ": " << p.error();
    EXPECT_EQ(nimkit::format_position(*p), board);  // one ruleset: written bare
    EXPECT_EQ(p->move_count(), nimkit::Count{0});
    for (const auto convention : {nimkit::Convention::kNormal, nimkit::Convention::kMisere}) {
      auto a = nimkit::analyze(*p, convention);
      ASSERT_TRUE(a.ok()) << a.error();
      EXPECT_EQ(a->winner, convention == nimkit::Convention::kNormal ? nimkit::Outcome::kSecond
                                                                     : nimkit::Outcome::kFirst);
    }
    EXPECT_EQ(value_of(*p), Nimber{0});
  }
  auto sum = nimkit::parse_position("cram:##/## cram:.. nim:3", nullptr);
  ASSERT_TRUE(sum.ok()) << sum.error();
  EXPECT_EQ(nimkit::format_position(*sum), "cram:##/##,.. nim:3");
  auto a = nimkit::analyze(*sum, nimkit::Convention::kNormal);
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_EQ(*a->grundy, Nimber{1 ^ 3});
}

// Filling a board's last row, or its last column, leaves the board its shape: every region
// carries the board's size, written in its text and given to front ends as the view's "board".
TEST(Cram, TheBoardKeepsItsShapeAsItsEdgesFill) {
  const nimkit::Limits limits;
  auto p = nimkit::parse_position("cram:..##/####/##..", nullptr);
  ASSERT_TRUE(p.ok()) << p.error();
  ASSERT_EQ(p->components().size(), 2u);  // a1-b1, and c3-d3
  const auto board_field = [](const nimkit::Component& c) {
    for (const nimkit::ViewField& f : c.rules->view_fields(c.state)) {
      if (f.name == "board") return f.values;
    }
    return std::vector<std::uint64_t>{};
  };
  for (const nimkit::Component& c : p->components()) {
    EXPECT_EQ(board_field(c), (std::vector<std::uint64_t>{3, 4}));
  }
  auto last_row = nimkit::parse_move(*p, "c3 d3", limits);
  ASSERT_TRUE(last_row.ok()) << last_row.error();
  const nimkit::Position after = p->after(*last_row);
  EXPECT_EQ(nimkit::format_position(after), "..##/####/####");
  ASSERT_EQ(after.components().size(), 1u);
  EXPECT_EQ(board_field(after.components()[0]), (std::vector<std::uint64_t>{3, 4}));
  auto again = nimkit::parse_position(nimkit::format_position(after), cram());
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_TRUE(*again == after);
  // The last column.
  auto column = nimkit::parse_position("cram:#../#.#", nullptr);
  ASSERT_TRUE(column.ok()) << column.error();
  auto down = nimkit::parse_move(*column, "c1-b1", limits);
  ASSERT_TRUE(down.ok()) << down.error();
  EXPECT_EQ(nimkit::format_position(column->after(*down)), "###/#.#");
  // A text written before regions carried their board (its filled last row left out) reads as
  // the smaller board it says, and writes back as itself.
  auto older = nimkit::parse_position("cram:###./###.", nullptr);
  ASSERT_TRUE(older.ok()) << older.error();
  EXPECT_EQ(nimkit::format_position(*older), "###./###.");
  EXPECT_EQ(value_of(*older), Nimber{1});  // one domino
}

TEST(Cram, ASumWithNimIsAnalyzed) {
  auto p = nimkit::parse_position("cram:..../.... nim:3", nullptr);
  ASSERT_TRUE(p.ok()) << p.error();
  Brute brute(2, 4);
  const std::uint64_t board = brute.grundy(0xFF);
  auto a = nimkit::analyze(*p, nimkit::Convention::kNormal);
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_TRUE(a->grundy.has_value());
  EXPECT_EQ(*a->grundy, Nimber{board ^ 3});
}

}  // namespace
