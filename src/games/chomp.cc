#include "nimkit/games/chomp.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {

std::string Chomp::summary() const {
  return "eat a cell of the bar with every cell below and right of it; the poisoned top-left "
         "cell is never eaten";
}

Result<std::vector<ParsedComponent>> Chomp::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no rows given: expected row lengths such as \"4,4,3\"");
  State state;
  std::uint64_t cells = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto length = parse_u64(items[i], "row");
    if (!length) return length.failure();
    if (*length == 0) {
      return fail(fmt::format("row {} of the chomp bar is empty: every row holds at least one cell",
                              i + 1));
    }
    if (i > 0 && *length > state.back()) {
      return fail(
          fmt::format("row {} of the chomp bar ({} cells) is longer than row {} ({}): rows "
                      "must not grow downwards",
                      i + 1, items[i], i, state.back()));
    }
    // Each row is at most kMaxCells here, so the total cannot overflow before the check.
    if (*length > kMaxCells || cells + *length > kMaxCells) {
      return fail(fmt::format("chomp bar has more than {} cells (at row {}, {})", kMaxCells, i + 1,
                              quoted(items[i])));
    }
    cells += *length;
    state.push_back(*length);
  }
  return std::vector<ParsedComponent>{ParsedComponent{std::move(state), 0}};
}

std::vector<std::string> Chomp::format_state(const State& state) const {
  std::vector<std::string> items;
  for (std::uint64_t length : state) items.push_back(std::to_string(length));
  return items;
}

std::string Chomp::label(const State& state, std::size_t first_item) const {
  const std::string bar = fmt::format("chomp {}", fmt::join(state, ","));
  if (first_item == 1) return bar;
  if (state.size() == 1) return fmt::format("{} (row 1 = row {} of the sum)", bar, first_item);
  return fmt::format("{} (rows 1-{} = rows {}-{} of the sum)", bar, state.size(), first_item,
                     first_item + state.size() - 1);
}

std::vector<ViewField> Chomp::view_fields(const State& state) const {
  return {ViewField{"rows", state}};
}

State Chomp::eat(const State& state, std::uint64_t row, std::uint64_t column) {
  assert(row < state.size() && column < state[row] && (row > 0 || column > 0));
  State after = state;
  for (std::size_t r = row; r < after.size(); ++r) after[r] = std::min(after[r], column);
  // Rows left empty are dropped (column 0 empties every row from `row` down).
  while (!after.empty() && after.back() == 0) after.pop_back();
  return after;
}

State Chomp::transpose(const State& state) {
  State columns(state.empty() ? 0 : state[0], 0);
  for (std::uint64_t length : state) {
    for (std::uint64_t c = 0; c < length; ++c) ++columns[c];
  }
  return columns;
}

std::pair<std::uint64_t, std::uint64_t> Chomp::eaten(const State& before, const Option& option) {
  assert(option.result.size() == 1);
  const State& after = option.result[0];
  // The first row that lost cells holds the cell eaten; what is left of it is its column.
  for (std::size_t r = 0; r < before.size(); ++r) {
    const std::uint64_t left = r < after.size() ? after[r] : 0;
    if (left < before[r]) return {r, left};
  }
  assert(false && "not an option of this bar");
  return {0, 0};
}

std::vector<ViewField> Chomp::move_fields(const State& before, const Option& option,
                                          std::size_t /*first_item*/) const {
  const auto [row, column] = eaten(before, option);
  return {ViewField{"row", {row + 1}, true}, ViewField{"column", {column + 1}, true}};
}

std::string Chomp::describe_move(const State& before, const Option& option,
                                 std::size_t first_item) const {
  const auto [row, column] = eaten(before, option);
  const auto cells = static_cast<std::uint64_t>(weight(before) - weight(option.result[0]));
  // In a sum the rows are numbered across the position: name the row as it is typed too.
  const std::string item =
      first_item == 1 ? "" : fmt::format(" (row {} of the sum)", first_item + row);
  return fmt::format("eat ({},{}){}: {} cell{}", row + 1, column + 1, item, cells,
                     cells == 1 ? "" : "s");
}

std::string Chomp::format_move(const State& before, const Option& option, std::size_t first_item,
                               const Limits& /*limits*/) const {
  const auto [row, column] = eaten(before, option);
  return fmt::format("{} {}", first_item + row, column + 1);
}

Result<std::vector<Option>> Chomp::parse_move(const State& state, std::string_view text,
                                              std::size_t first_item, std::size_t items,
                                              bool /*partial*/, const Limits& /*limits*/) const {
  const std::vector<std::string> tokens = words(text);
  if (tokens.size() != 2) {
    return fail(
        fmt::format("move {} is not ROW COLUMN: type the cell to eat, e.g. \"2 3\"", quoted(text)));
  }
  auto number = parse_u64(tokens[0], "row number");
  if (!number) return number.failure();
  if (*number == 0 || *number > items) {
    return fail(fmt::format("no row {}: rows and heaps are numbered 1 to {}", tokens[0], items));
  }
  if (*number < first_item || *number - first_item >= state.size()) return std::vector<Option>{};
  const std::uint64_t row = *number - first_item;
  auto column = parse_u64(tokens[1], "column");
  if (!column) return column.failure();
  if (*column == 0 || *column > state[row]) {
    return fail(fmt::format("row {} has columns 1 to {}, not {}", row + 1, state[row], tokens[1]));
  }
  if (row == 0 && *column == 1) return fail("cell (1,1) is poisoned: it is never eaten");
  return std::vector<Option>{Option{{eat(state, row, *column - 1)}}};
}

std::string Chomp::move_syntax() const {
  return "Moves: ROW COLUMN eats that cell and every cell below and right of it (never the "
         "poisoned cell 1 1), e.g. \"2 3\".\n";
}

Count Chomp::count_options(const State& state) const { return weight(state) - 1; }

Option Chomp::option(const State& state, Count index) const {
  // Row 1 offers columns 2 onwards; the other rows every column.
  for (std::size_t r = 0; r < state.size(); ++r) {
    const std::uint64_t skip = r == 0 ? 1 : 0;
    const std::uint64_t here = state[r] - skip;
    if (index < here) return Option{{eat(state, r, static_cast<std::uint64_t>(index) + skip)}};
    index -= here;
  }
  assert(false && "option index out of range");
  return Option{};
}

Result<Nimber> Chomp::value(const State& state, const Limits& limits) const {
  return memo_.value(*this, state, limits);
}

void Chomp::append_canonical(const State& state, std::vector<std::uint64_t>& key) const {
  const State columns = transpose(state);
  const State& smaller =
      std::lexicographical_compare(columns.begin(), columns.end(), state.begin(), state.end())
          ? columns
          : state;
  key.insert(key.end(), smaller.begin(), smaller.end());
}

Count Chomp::weight(const State& state) const {
  Count cells = 0;
  for (std::uint64_t length : state) cells += length;
  return cells;
}

std::string Chomp::value_reason(const State& state) const {
  if (state.size() == 1 || state[0] == 1)
    return "one row or column: a Nim heap of the cells but the poisoned one";
  if (state.size() == 2 && state[1] + 1 == state[0]) {
    return "two rows (a, a-1): every move leaves a bar the opponent restores to that shape";
  }
  return "mex over the moves (no formula is known for Chomp)";
}

}  // namespace nimkit
