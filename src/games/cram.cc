#include "nimkit/games/cram.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <tuple>
#include <utility>
#include <vector>

#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

// A region's state decoded; cells are bits r * w + c of the h × w box placed at (top, left) on
// a board of `rows` × `columns`.
struct Box {
  std::uint64_t top = 0;
  std::uint64_t left = 0;
  std::uint64_t h = 0;
  std::uint64_t w = 0;
  std::uint64_t cells = 0;
  std::uint64_t rows = 0;
  std::uint64_t columns = 0;
};

Box decode(const State& s) { return Box{s[0], s[1], s[2], s[3], s[4], s[5], s[6]}; }
State encode(const Box& b) { return State{b.top, b.left, b.h, b.w, b.cells, b.rows, b.columns}; }

constexpr std::uint64_t low_bits(std::uint64_t n) {
  return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}
constexpr std::uint64_t shl(std::uint64_t x, std::uint64_t n) { return n >= 64 ? 0 : x << n; }
constexpr std::uint64_t shr(std::uint64_t x, std::uint64_t n) { return n >= 64 ? 0 : x >> n; }

// The cells of column 0 of an h × w box.
std::uint64_t first_column(std::uint64_t h, std::uint64_t w) {
  std::uint64_t out = 0;
  for (std::uint64_t r = 0; r < h; ++r) out |= std::uint64_t{1} << (r * w);
  return out;
}

// The cells of `x` and their orthogonal neighbours, within the box.
std::uint64_t grow(std::uint64_t x, std::uint64_t h, std::uint64_t w, std::uint64_t first) {
  const std::uint64_t last = shl(first, w - 1);
  return (x | ((x >> 1) & ~last) | ((x << 1) & ~first) | shr(x, w) | shl(x, w)) & low_bits(h * w);
}

// Horizontal dominoes by their left cell, and vertical ones by their top cell.
std::pair<std::uint64_t, std::uint64_t> domino_bases(const Box& b) {
  const std::uint64_t last = shl(first_column(b.h, b.w), b.w - 1);
  return {b.cells & (b.cells >> 1) & ~last, b.cells & shr(b.cells, b.w)};
}

// The place of the index-th set bit of x.
std::uint64_t select_bit(std::uint64_t x, std::uint64_t index) {
  for (; index > 0; --index) x &= x - 1;
  return static_cast<std::uint64_t>(std::countr_zero(x));
}

// The connected pieces of `cells` in box `b`, each cropped to its own box, in order of their
// first cell.
std::vector<State> regions(const Box& b, std::uint64_t cells) {
  std::vector<State> out;
  const std::uint64_t first = first_column(b.h, b.w);
  const std::uint64_t row_mask = low_bits(b.w);
  while (cells != 0) {
    std::uint64_t piece = cells & (~cells + 1);
    for (std::uint64_t next = grow(piece, b.h, b.w, first) & cells; next != piece;
         next = grow(piece, b.h, b.w, first) & cells) {
      piece = next;
    }
    cells &= ~piece;
    std::uint64_t r0 = b.h;
    std::uint64_t r1 = 0;
    std::uint64_t columns = 0;
    for (std::uint64_t r = 0; r < b.h; ++r) {
      const std::uint64_t row = (piece >> (r * b.w)) & row_mask;
      if (row == 0) continue;
      r0 = std::min(r0, r);
      r1 = r;
      columns |= row;
    }
    const auto c0 = static_cast<std::uint64_t>(std::countr_zero(columns));
    const auto c1 = static_cast<std::uint64_t>(63 - std::countl_zero(columns));
    Box part{b.top + r0, b.left + c0, r1 - r0 + 1, c1 - c0 + 1, 0, b.rows, b.columns};
    for (std::uint64_t r = r0; r <= r1; ++r) {
      const std::uint64_t row = ((piece >> (r * b.w)) & row_mask) >> c0;
      part.cells |= row << ((r - r0) * part.w);
    }
    out.push_back(encode(part));
  }
  return out;
}

// The box's rows in reverse order.
std::uint64_t flip_rows(std::uint64_t cells, std::uint64_t h, std::uint64_t w) {
  std::uint64_t out = 0;
  const std::uint64_t row_mask = low_bits(w);
  for (std::uint64_t r = 0; r < h; ++r) out |= ((cells >> (r * w)) & row_mask) << ((h - 1 - r) * w);
  return out;
}

// The box turned half a turn: cell k goes to h·w − 1 − k, a reversal of the word.
std::uint64_t half_turn(std::uint64_t cells, std::uint64_t n) {
  std::uint64_t x = cells;
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  x = __builtin_bswap64(x);
  return x >> (64 - n);
}

// The box reflected in its diagonal: (r, c) of h × w goes to (c, r) of w × h.
std::uint64_t transpose(std::uint64_t cells, std::uint64_t h, std::uint64_t w) {
  std::uint64_t out = 0;
  for (std::uint64_t r = 0; r < h; ++r) {
    for (std::uint64_t row = (cells >> (r * w)) & low_bits(w); row != 0; row &= row - 1) {
      const auto c = static_cast<std::uint64_t>(std::countr_zero(row));
      out |= std::uint64_t{1} << (c * h + r);
    }
  }
  return out;
}

std::string cell_name(std::uint64_t row, std::uint64_t column) {
  return fmt::format("{}{}", Cram::column_name(column), row + 1);
}

// "b3" → (row 2, column 1), or nullopt when the text is not a cell name on a board of at most
// Cram::kMaxSide rows and columns.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_cell(std::string_view text) {
  std::size_t i = 0;
  std::uint64_t column = 0;
  while (i < text.size() && text[i] >= 'a' && text[i] <= 'z' && i < 3) {
    column = column * 26 + static_cast<std::uint64_t>(text[i] - 'a' + 1);
    ++i;
  }
  if (i == 0 || i == text.size() || column > Cram::kMaxSide) return std::nullopt;
  std::uint64_t row = 0;
  for (std::size_t j = i; j < text.size(); ++j) {
    if (text[j] < '0' || text[j] > '9' || j - i >= 3) return std::nullopt;
    row = row * 10 + static_cast<std::uint64_t>(text[j] - '0');
  }
  if (row == 0 || row > Cram::kMaxSide) return std::nullopt;
  return std::pair{row - 1, column - 1};
}

// The box's place k as a board cell name.
std::string place_name(const Box& b, std::uint64_t k) {
  return cell_name(b.top + k / b.w, b.left + k % b.w);
}

Option fill(const Box& b, std::uint64_t k1, std::uint64_t k2) {
  const std::uint64_t left = b.cells & ~(std::uint64_t{1} << k1) & ~(std::uint64_t{1} << k2);
  return Option{regions(b, left)};
}

// The empty cells of a board's rows, or an error naming the board.
Result<std::vector<std::vector<bool>>> read_board(const std::string& item) {
  const std::vector<std::string> rows = split(item, '/');
  const std::size_t columns = rows[0].size();
  if (columns == 0) {
    return fail(fmt::format(
        "cram board {} has an empty first row: expected rows of . and # such as \"../.#\"",
        quoted(item)));
  }
  if (rows.size() > Cram::kMaxSide || columns > Cram::kMaxSide) {
    return fail(fmt::format("cram board {} is larger than {} by {}", quoted(item), Cram::kMaxSide,
                            Cram::kMaxSide));
  }
  std::vector<std::vector<bool>> empty(rows.size(), std::vector<bool>(columns));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != columns) {
      return fail(fmt::format("cram board {}: row {} has {} cells, row 1 has {}", quoted(item),
                              r + 1, rows[r].size(), columns));
    }
    for (std::size_t c = 0; c < columns; ++c) {
      const char ch = rows[r][c];
      if (ch != '.' && ch != '#') {
        return fail(fmt::format("cram board {} has {} at cell {}: expected . (empty) or # (filled)",
                                quoted(item), quoted(rows[r].substr(c, 1)), cell_name(r, c)));
      }
      empty[r][c] = ch == '.';
    }
  }
  return empty;
}

// The region of the board's empty cells around (r, c), cleared from `empty`, or an error when its
// box holds more than Cram::kMaxCells cells.
Result<State> take_region(std::vector<std::vector<bool>>& empty, std::size_t r0, std::size_t c0,
                          const std::string& item) {
  std::vector<std::pair<std::size_t, std::size_t>> cells{{r0, c0}};
  empty[r0][c0] = false;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto [r, c] = cells[i];
    const std::pair<std::size_t, std::size_t> around[] = {
        {r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};  // size_t wraps to a huge value
    for (const auto& [nr, nc] : around) {
      if (nr < empty.size() && nc < empty[nr].size() && empty[nr][nc]) {
        empty[nr][nc] = false;
        cells.emplace_back(nr, nc);
      }
    }
  }
  std::size_t top = r0, bottom = r0, left = c0, right = c0;
  for (const auto& [r, c] : cells) {
    top = std::min(top, r);
    bottom = std::max(bottom, r);
    left = std::min(left, c);
    right = std::max(right, c);
  }
  const std::size_t h = bottom - top + 1;
  const std::size_t w = right - left + 1;
  if (h * w > Cram::kMaxCells) {
    return fail(fmt::format(
        "cram board {} has a region {}:{} of {} by {} cells, more than the {} one region may span",
        quoted(item), cell_name(top, left), cell_name(bottom, right), h, w, Cram::kMaxCells));
  }
  Box b{top, left, h, w, 0, empty.size(), empty[0].size()};
  for (const auto& [r, c] : cells) b.cells |= std::uint64_t{1} << ((r - top) * w + (c - left));
  return encode(b);
}

}  // namespace

std::string Cram::summary() const {
  return "fill two adjacent empty cells of a board; the board splits into independent regions";
}

Result<std::vector<ParsedComponent>> Cram::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no board given: expected rows of . and # such as \"../.#\"");
  std::vector<ParsedComponent> out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto board = read_board(items[i]);
    if (!board) return board.failure();
    std::vector<std::vector<bool>>& empty = *board;
    const std::size_t before = out.size();
    for (std::size_t r = 0; r < empty.size(); ++r) {
      for (std::size_t c = 0; c < empty[r].size(); ++c) {
        if (!empty[r][c]) continue;
        auto region = take_region(empty, r, c, items[i]);
        if (!region) return region.failure();
        out.push_back(ParsedComponent{std::move(*region), i});
      }
    }
    // A finished board is one region without cells, boxed at its last cell, so that it is
    // written back as the same board and, like every finished position, has the value 0.
    if (out.size() == before) {
      const std::uint64_t rows = empty.size();
      const std::uint64_t columns = empty[0].size();
      out.push_back(ParsedComponent{encode(Box{rows - 1, columns - 1, 1, 1, 0, rows, columns}), i});
    }
  }
  return out;
}

std::vector<std::string> Cram::format_state(const State& state) const {
  const Box b = decode(state);
  std::vector<std::string> rows;
  for (std::uint64_t r = 0; r < b.rows; ++r) {
    std::string row(b.columns, '#');
    if (r >= b.top && r < b.top + b.h) {
      for (std::uint64_t c = 0; c < b.w; ++c) {
        if ((b.cells >> ((r - b.top) * b.w + c) & 1U) != 0) row[b.left + c] = '.';
      }
    }
    rows.push_back(std::move(row));
  }
  return {fmt::format("{}", fmt::join(rows, "/"))};
}

std::optional<std::vector<std::string>> Cram::format_together(
    std::span<const State* const> states) const {
  // owner[r * kMaxSide + c]: the group's region holding cell (r, c), or -1.
  std::vector<std::int64_t> owner(kMaxSide * kMaxSide, -1);
  std::vector<std::uint64_t> placed;  // cells of the group, as indices into owner
  std::uint64_t rows = 0;
  std::uint64_t columns = 0;
  std::uint64_t last_first = 0;
  std::vector<std::string> items;
  const auto flush = [&] {
    std::string board;
    for (std::uint64_t r = 0; r < rows; ++r) {
      if (r > 0) board += '/';
      for (std::uint64_t c = 0; c < columns; ++c) board += owner[r * kMaxSide + c] >= 0 ? '.' : '#';
    }
    items.push_back(std::move(board));
    for (const std::uint64_t at : placed) owner[at] = -1;
    placed.clear();
    rows = columns = 0;
  };
  std::vector<std::uint64_t> cells;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const Box b = decode(*states[i]);
    if (b.cells == 0) return std::nullopt;  // a finished board is written on its own
    cells.clear();
    for (std::uint64_t bits = b.cells; bits != 0; bits &= bits - 1) {
      const auto k = static_cast<std::uint64_t>(std::countr_zero(bits));
      cells.push_back((b.top + k / b.w) * kMaxSide + b.left + k % b.w);
    }
    // A region joins the board when it is free of the board's regions and of their sides, and
    // starts after the last (the lowest bit is the region's first cell, row by row).
    // Regions of boards of different sizes are never one board.
    bool joins =
        !placed.empty() && cells.front() > last_first && b.rows == rows && b.columns == columns;
    for (std::size_t k = 0; joins && k < cells.size(); ++k) {
      const std::uint64_t at = cells[k];
      const std::uint64_t r = at / kMaxSide;
      const std::uint64_t c = at % kMaxSide;
      joins = owner[at] < 0 && (r == 0 || owner[at - kMaxSide] < 0) &&
              (r + 1 == kMaxSide || owner[at + kMaxSide] < 0) && (c == 0 || owner[at - 1] < 0) &&
              (c + 1 == kMaxSide || owner[at + 1] < 0);
    }
    if (!placed.empty() && !joins) flush();
    for (const std::uint64_t at : cells) {
      owner[at] = static_cast<std::int64_t>(i);
      placed.push_back(at);
    }
    rows = b.rows;
    columns = b.columns;
    last_first = cells.front();
  }
  if (!placed.empty()) flush();
  return items;
}

std::string Cram::column_name(std::uint64_t column) {
  std::string name;
  for (std::uint64_t n = column + 1; n > 0; n = (n - 1) / 26) {
    name.insert(name.begin(), static_cast<char>('a' + (n - 1) % 26));
  }
  return name;
}

std::string Cram::label(const State& state, std::size_t /*first_item*/) const {
  const Box b = decode(state);
  return fmt::format("region {}:{}", cell_name(b.top, b.left),
                     cell_name(b.top + b.h - 1, b.left + b.w - 1));
}

std::vector<ViewField> Cram::view_fields(const State& state) const {
  const Box b = decode(state);
  std::vector<std::uint64_t> cells;
  for (std::uint64_t k = 0; k < b.h * b.w; ++k) cells.push_back(b.cells >> k & 1U);
  return {ViewField{"cells", std::move(cells)}, ViewField{"columns", {b.w}, true},
          ViewField{"top", {b.top}, true}, ViewField{"left", {b.left}, true},
          ViewField{"board", {b.rows, b.columns}}};
}

std::pair<std::uint64_t, std::uint64_t> Cram::domino(const State& before, const Option& option) {
  const Box b = decode(before);
  std::uint64_t left = 0;
  for (const State& part : option.result) {
    const Box p = decode(part);
    for (std::uint64_t r = 0; r < p.h; ++r) {
      const std::uint64_t row = (p.cells >> (r * p.w)) & low_bits(p.w);
      left |= (row << (p.left - b.left)) << ((p.top - b.top + r) * b.w);
    }
  }
  const std::uint64_t gone = b.cells & ~left;
  assert(std::popcount(gone) == 2);
  const auto k1 = static_cast<std::uint64_t>(std::countr_zero(gone));
  const auto k2 = static_cast<std::uint64_t>(63 - std::countl_zero(gone));
  return {k1, k2};
}

std::vector<ViewField> Cram::move_fields(const State& before, const Option& option,
                                         std::size_t /*first_item*/) const {
  const auto [k1, k2] = domino(before, option);
  return {ViewField{"cells", {k1 + 1, k2 + 1}}};
}

std::string Cram::describe_move(const State& before, const Option& option,
                                std::size_t /*first_item*/) const {
  const Box b = decode(before);
  const auto [k1, k2] = domino(before, option);
  return fmt::format("fill {} and {}", place_name(b, k1), place_name(b, k2));
}

std::string Cram::format_move(const State& before, const Option& option, std::size_t /*first_item*/,
                              const Limits& /*limits*/) const {
  const Box b = decode(before);
  const auto [k1, k2] = domino(before, option);
  return fmt::format("{}-{}", place_name(b, k1), place_name(b, k2));
}

namespace {

// A move's two cells as typed ("a1-b1", "A1 b1"), each nullopt when it is not a cell name.
struct TypedCells {
  std::vector<std::string> tokens;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> cells[2];
};

TypedCells typed_cells(std::string_view text) {
  std::string spaced = ascii_lower(text);
  std::replace(spaced.begin(), spaced.end(), '-', ' ');
  TypedCells typed{words(spaced), {}};
  if (typed.tokens.size() == 2) {
    typed.cells[0] = parse_cell(typed.tokens[0]);
    typed.cells[1] = parse_cell(typed.tokens[1]);
  }
  return typed;
}

}  // namespace

Result<std::vector<Option>> Cram::parse_move(const State& state, std::string_view text,
                                             std::size_t /*first_item*/, std::size_t /*items*/,
                                             bool /*partial*/, const Limits& /*limits*/) const {
  const TypedCells typed = typed_cells(text);
  const std::vector<std::string>& tokens = typed.tokens;
  const auto& cells = typed.cells;
  if (!cells[0] || !cells[1]) {
    return fail(
        fmt::format("move {} is not two cells such as \"a1-b1\" (column letter, row number from 1)",
                    quoted(text)));
  }
  const auto [r1, c1] = *cells[0];
  const auto [r2, c2] = *cells[1];
  const auto apart = [](std::uint64_t x, std::uint64_t y) {
    return std::max(x, y) - std::min(x, y);
  };
  if (!((r1 == r2 && apart(c1, c2) == 1) || (c1 == c2 && apart(r1, r2) == 1))) {
    return fail(fmt::format("cells {} and {} are not next to each other", tokens[0], tokens[1]));
  }
  const Box b = decode(state);
  // The place of (r, c) in this region, when it is one of its empty cells.
  const auto place = [&](std::uint64_t r, std::uint64_t c) -> std::optional<std::uint64_t> {
    if (r < b.top || r >= b.top + b.h || c < b.left || c >= b.left + b.w) return std::nullopt;
    const std::uint64_t k = (r - b.top) * b.w + (c - b.left);
    if ((b.cells >> k & 1U) == 0) return std::nullopt;
    return k;
  };
  const auto k1 = place(r1, c1);
  const auto k2 = place(r2, c2);
  // Another region's cells, or a cell of this region beside one that is not empty (adjacent
  // empty cells are in one region): unclaimed_move() says which cell is filled or off the board.
  if (!k1 || !k2) return std::vector<Option>{};
  return std::vector<Option>{fill(b, std::min(*k1, *k2), std::max(*k1, *k2))};
}

std::optional<std::string> Cram::unclaimed_move(std::span<const State* const> states,
                                                std::string_view text) const {
  const TypedCells typed = typed_cells(text);
  if (!typed.cells[0] || !typed.cells[1]) return std::nullopt;
  // Cells apart are the regions' own refusal ("not next to each other").
  const auto [r1, c1] = *typed.cells[0];
  const auto [r2, c2] = *typed.cells[1];
  if ((r1 == r2 ? std::max(c1, c2) - std::min(c1, c2) : std::max(r1, r2) - std::min(r1, r2)) != 1 ||
      (r1 != r2 && c1 != c2)) {
    return std::nullopt;
  }
  // The board as the position knows it: up to the last row and column of its regions, as the
  // position is written.
  std::uint64_t rows = 0;
  std::uint64_t columns = 0;
  for (const State* state : states) {
    const Box b = decode(*state);
    rows = std::max(rows, b.top + b.h);
    columns = std::max(columns, b.left + b.w);
  }
  const auto empty = [&](std::uint64_t r, std::uint64_t c) {
    return std::any_of(states.begin(), states.end(), [&](const State* state) {
      const Box b = decode(*state);
      if (r < b.top || r >= b.top + b.h || c < b.left || c >= b.left + b.w) return false;
      return (b.cells >> ((r - b.top) * b.w + (c - b.left)) & 1U) != 0;
    });
  };
  for (const auto& [r, c] : {*typed.cells[0], *typed.cells[1]}) {
    if (empty(r, c)) continue;
    if (r >= rows || c >= columns) {
      return fmt::format("{} is off the board (columns a–{}, rows 1–{})", cell_name(r, c),
                         column_name(columns - 1), rows);
    }
    return fmt::format("{} is already filled", cell_name(r, c));
  }
  return std::nullopt;
}

std::string Cram::move_syntax() const {
  return "Moves: the two adjacent empty cells to fill, column letter and row number from 1 at "
         "the top, e.g. \"a1-b1\" or \"c2-c3\".\n";
}

Count Cram::count_options(const State& state) const {
  const auto [across, down] = domino_bases(decode(state));
  return static_cast<Count>(std::popcount(across) + std::popcount(down));
}

Option Cram::option(const State& state, Count index) const {
  const Box b = decode(state);
  const auto [across, down] = domino_bases(b);
  const auto i = static_cast<std::uint64_t>(index);
  const auto n_across = static_cast<std::uint64_t>(std::popcount(across));
  if (i < n_across) {
    const std::uint64_t k = select_bit(across, i);
    return fill(b, k, k + 1);
  }
  assert(i - n_across < static_cast<std::uint64_t>(std::popcount(down)));
  const std::uint64_t k = select_bit(down, i - n_across);
  return fill(b, k, k + b.w);
}

void Cram::append_canonical(const State& state, std::vector<std::uint64_t>& key) const {
  const Box b = decode(state);
  const std::uint64_t n = b.h * b.w;
  std::tuple<std::uint64_t, std::uint64_t, std::uint64_t> best{~std::uint64_t{0}, 0, 0};
  // Each orientation with its row flip, half turn and column flip (half turn of the row flip).
  const auto consider = [&](std::uint64_t h, std::uint64_t w, std::uint64_t cells) {
    const std::uint64_t flipped = flip_rows(cells, h, w);
    for (const std::uint64_t image : {cells, flipped, half_turn(cells, n), half_turn(flipped, n)}) {
      best = std::min(best, std::tuple{h, w, image});
    }
  };
  consider(b.h, b.w, b.cells);
  consider(b.w, b.h, transpose(b.cells, b.h, b.w));
  key.push_back(std::get<0>(best));
  key.push_back(std::get<1>(best));
  key.push_back(std::get<2>(best));
}

Count Cram::weight(const State& state) const { return static_cast<Count>(std::popcount(state[4])); }

}  // namespace nimkit
