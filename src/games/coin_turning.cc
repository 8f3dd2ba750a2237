#include "nimkit/games/coin_turning.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>

#include "nimkit/nim_arithmetic.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"

namespace nimkit {
namespace {

std::uint64_t coins_of(const State& state) { return state[0]; }

// What a bad character of a row or grid is told. The notation is lower case only, as the rules
// write it and as every other notation is case-sensitive: one spelling per position, so a row
// reads back as typed; an upper-case H or T is told so.
std::string expected_coin(char c) {
  return c == 'H' || c == 'T' ? "expected h or t (lower case)" : "expected h or t";
}

bool heads(const State& state, std::uint64_t coin) {
  return (state[1 + (coin - 1) / 64] >> ((coin - 1) % 64) & 1U) != 0;
}

void flip(State& state, std::uint64_t coin) {
  state[1 + (coin - 1) / 64] ^= std::uint64_t{1} << ((coin - 1) % 64);
}

Option turn(const State& state, const std::vector<std::uint64_t>& coins) {
  State after = state;
  for (std::uint64_t coin : coins) flip(after, coin);
  return Option{{std::move(after)}};
}

// The n-th odious number, n from 1: 2(n − 1) plus 1 when n − 1 has an even count of 1 bits.
std::uint64_t odious(std::uint64_t n) {
  return 2 * (n - 1) + (std::popcount(n - 1) % 2 == 0 ? 1 : 0);
}

bool is_odious(std::uint64_t v) { return std::popcount(v) % 2 == 1; }

// Each coin game's name and summary, in the order of CoinGame.
struct CoinGameText {
  std::string_view spec;
  std::string_view summary;
};
constexpr std::array<CoinGameText, 3> kCoinGames{{
    {"turning-turtles", "turn one or two coins, the rightmost from heads to tails"},
    {"mock-turtles", "turn one, two or three coins, the rightmost from heads to tails"},
    {"ruler", "turn consecutive coins, the rightmost from heads to tails"},
}};

static_assert(kCoinGames.size() == static_cast<std::size_t>(CoinGame::kRuler) + 1);

std::size_t index(CoinGame game) { return static_cast<std::size_t>(game); }

}  // namespace

std::uint64_t CoinTurning::coin_value(CoinGame game, std::uint64_t coin) {
  switch (game) {
    case CoinGame::kTurningTurtles:
      return coin;
    case CoinGame::kMockTurtles:
      return odious(coin);
    case CoinGame::kRuler:
      return coin & (~coin + 1);
  }
  return 0;
}

std::string CoinTurning::spec() const { return std::string(kCoinGames[index(game_)].spec); }

std::string CoinTurning::summary() const { return std::string(kCoinGames[index(game_)].summary); }

Result<std::vector<ParsedComponent>> CoinTurning::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no coins given: expected a row of h and t such as \"hthht\"");
  std::vector<ParsedComponent> out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string& row = items[i];
    if (row.empty()) return fail("empty coin row: expected h and t such as \"hthht\"");
    if (row.size() > kMaxCoins) {
      return fail(fmt::format("coin row has {} coins, more than {}", row.size(), kMaxCoins));
    }
    State state(1 + (row.size() + 63) / 64, 0);
    state[0] = row.size();
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (row[c] == 'h') {
        flip(state, c + 1);
      } else if (row[c] != 't') {
        return fail(fmt::format("coin row {} has {} at coin {}: {}", quoted(row),
                                quoted(row.substr(c, 1)), c + 1, expected_coin(row[c])));
      }
    }
    out.push_back(ParsedComponent{std::move(state), i});
  }
  return out;
}

std::vector<std::string> CoinTurning::format_state(const State& state) const {
  std::string row;
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) row += heads(state, c) ? 'h' : 't';
  return {row};
}

std::string CoinTurning::label(const State& state, std::size_t /*first_item*/) const {
  return fmt::format("coins {}", format_state(state)[0]);
}

std::vector<ViewField> CoinTurning::view_fields(const State& state) const {
  std::vector<std::uint64_t> coins;
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) coins.push_back(heads(state, c) ? 1 : 0);
  return {ViewField{"coins", std::move(coins)}};
}

std::vector<std::uint64_t> CoinTurning::turned(const State& before, const Option& option) {
  assert(option.result.size() == 1 && option.result[0].size() == before.size());
  std::vector<std::uint64_t> coins;
  for (std::uint64_t c = 1; c <= coins_of(before); ++c) {
    if (heads(before, c) != heads(option.result[0], c)) coins.push_back(c);
  }
  return coins;
}

std::vector<ViewField> CoinTurning::move_fields(const State& before, const Option& option,
                                                std::size_t /*first_item*/) const {
  return {ViewField{"coins", turned(before, option)}};
}

std::string CoinTurning::describe_move(const State& before, const Option& option,
                                       std::size_t /*first_item*/) const {
  const std::vector<std::uint64_t> coins = turned(before, option);
  if (coins.size() == 1) return fmt::format("turn coin {}", coins[0]);
  std::vector<std::string> names;
  for (std::size_t i = 0; i + 1 < coins.size(); ++i) names.push_back(std::to_string(coins[i]));
  return fmt::format("turn coins {} and {}", fmt::join(names, ", "), coins.back());
}

std::string CoinTurning::format_move(const State& before, const Option& option,
                                     std::size_t /*first_item*/, const Limits& /*limits*/) const {
  return fmt::format("{}", fmt::join(turned(before, option), " "));
}

bool CoinTurning::allowed(const std::vector<std::uint64_t>& coins) const {
  switch (game_) {
    case CoinGame::kTurningTurtles:
      return coins.size() <= 2;
    case CoinGame::kMockTurtles:
      return coins.size() <= 3;
    case CoinGame::kRuler:
      return coins.back() - coins.front() + 1 == coins.size();
  }
  return false;
}

Result<std::vector<Option>> CoinTurning::parse_move(const State& state, std::string_view text,
                                                    std::size_t /*first_item*/,
                                                    std::size_t /*items*/, bool /*partial*/,
                                                    const Limits& /*limits*/) const {
  const std::vector<std::string> tokens = words(text);
  if (tokens.empty()) {
    return fail("empty move: type the coins to turn, e.g. \"2 5\"");
  }
  if (tokens.size() > kMaxCoins) {
    return fail(fmt::format("move turns {} coins, more than {}", tokens.size(), kMaxCoins));
  }
  std::vector<std::uint64_t> coins;
  for (const std::string& token : tokens) {
    auto coin = parse_u64(token, "coin");
    if (!coin) return coin.failure();
    if (*coin == 0) return fail("no coin 0: coins are numbered from 1");
    coins.push_back(*coin);
  }
  std::sort(coins.begin(), coins.end());
  if (std::adjacent_find(coins.begin(), coins.end()) != coins.end()) {
    return fail(fmt::format("move {} names a coin twice", quoted(text)));
  }
  // A coin this row does not have: the move is about another row.
  if (coins.back() > coins_of(state)) return std::vector<Option>{};
  if (!heads(state, coins.back())) {
    return fail(
        fmt::format("coin {} is tails: the rightmost coin turned must be heads", coins.back()));
  }
  if (!allowed(coins)) {
    return fail(fmt::format("{} cannot turn coins {}: {}", sanitize(spec()), fmt::join(coins, " "),
                            summary()));
  }
  return std::vector<Option>{turn(state, coins)};
}

std::string CoinTurning::move_syntax() const {
  return fmt::format("Moves: the coins to turn, e.g. \"5\" or \"2 5\" ({}).\n", summary());
}

Count CoinTurning::moves_ending_at(std::uint64_t coin) const {
  const Count before = coin - 1;
  switch (game_) {
    case CoinGame::kTurningTurtles:
    case CoinGame::kRuler:
      return coin;
    case CoinGame::kMockTurtles:
      return 1 + before + before * (before - (before > 0 ? 1 : 0)) / 2;
  }
  return 0;
}

std::vector<std::uint64_t> CoinTurning::move_ending_at(std::uint64_t coin, Count index) const {
  if (index == 0) return {coin};
  --index;
  if (game_ == CoinGame::kRuler) {
    // Longer runs: coin − index − 1 ... coin.
    std::vector<std::uint64_t> coins;
    for (std::uint64_t c = coin - static_cast<std::uint64_t>(index) - 1; c <= coin; ++c) {
      coins.push_back(c);
    }
    return coins;
  }
  if (index < coin - 1) return {static_cast<std::uint64_t>(index) + 1, coin};
  index -= coin - 1;
  assert(game_ == CoinGame::kMockTurtles);
  // Triples a < b < coin, by a then b: a has coin − 1 − a partners.
  for (std::uint64_t a = 1; a + 1 < coin; ++a) {
    const std::uint64_t partners = coin - 1 - a;
    if (index < partners) return {a, a + 1 + static_cast<std::uint64_t>(index), coin};
    index -= partners;
  }
  assert(false && "option index out of range");
  return {coin};
}

Count CoinTurning::count_options(const State& state) const {
  Count count = 0;
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) {
    if (heads(state, c)) count += moves_ending_at(c);
  }
  return count;
}

Option CoinTurning::option(const State& state, Count index) const {
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) {
    if (!heads(state, c)) continue;
    const Count here = moves_ending_at(c);
    if (index < here) return turn(state, move_ending_at(c, index));
    index -= here;
  }
  assert(false && "option index out of range");
  return Option{};
}

Result<Nimber> CoinTurning::value(const State& state, const Limits& /*limits*/) const {
  std::uint64_t value = 0;
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) {
    if (heads(state, c)) value ^= coin_value(game_, c);
  }
  return Nimber{value};
}

Result<std::vector<Option>> CoinTurning::options_to_value(const State& state, Nimber target,
                                                          const Limits& limits) const {
  std::vector<Option> out;
  const std::optional<std::uint64_t> change = value_change(state, target, limits);
  if (!change) return out;
  const std::uint64_t n = coins_of(state);
  for (std::uint64_t r = 1; r <= n; ++r) {
    if (!heads(state, r)) continue;
    if (!limits.charge(r)) return limits.stop_error();
    // The others turned must change the value by `rest`.
    const std::uint64_t rest = *change ^ coin_value(game_, r);
    if (rest == 0) out.push_back(turn(state, {r}));
    if (game_ == CoinGame::kTurningTurtles) {
      if (rest != 0 && rest < r) out.push_back(turn(state, {rest, r}));
    } else if (game_ == CoinGame::kRuler) {
      std::uint64_t run = 0;
      for (std::uint64_t s = r - 1; s >= 1; --s) {
        run ^= coin_value(game_, s);
        if (run == rest) out.push_back(turn(state, move_ending_at(r, r - s)));
      }
    } else {
      // Odious values are distinct: coin a is the one of value rest (index rest / 2 + 1).
      if (is_odious(rest) && rest / 2 + 1 < r) out.push_back(turn(state, {rest / 2 + 1, r}));
      for (std::uint64_t a = 1; a + 1 < r; ++a) {
        const std::uint64_t other = rest ^ odious(a);
        if (!is_odious(other)) continue;
        const std::uint64_t b = other / 2 + 1;
        if (b > a && b < r) out.push_back(turn(state, {a, b, r}));
      }
    }
    if (out.size() > kMaxTargetOptions) {
      return fail(fmt::format("{} row has more than {} moves to value {}", sanitize(spec()),
                              kMaxTargetOptions, static_cast<std::uint64_t>(target)));
    }
  }
  return out;
}

Count CoinTurning::weight(const State& state) const {
  Count weight = 0;
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) {
    if (heads(state, c)) weight += c;
  }
  return weight;
}

std::string CoinTurning::value_reason(const State& state) const {
  constexpr std::size_t kShown = 8;
  std::vector<std::string> terms;
  std::size_t heads_count = 0;
  for (std::uint64_t c = 1; c <= coins_of(state); ++c) {
    if (!heads(state, c)) continue;
    if (++heads_count <= kShown) terms.push_back(std::to_string(coin_value(game_, c)));
  }
  if (terms.empty()) return "every coin tails";
  const char* what = game_ == CoinGame::kTurningTurtles ? "their numbers"
                     : game_ == CoinGame::kMockTurtles
                         ? "the odious numbers at their places"
                         : "the largest power of 2 dividing each number";
  return fmt::format("XOR over the heads of {}: {}{}", what, fmt::join(terms, " ⊕ "),
                     heads_count > kShown ? " ⊕ …" : "");
}

namespace {

// A grid's state: [rows, columns, bits...], coin (x, y) at bit x * columns + y.
std::uint64_t rows_of(const State& state) { return state[0]; }
std::uint64_t columns_of(const State& state) { return state[1]; }

bool grid_heads(const State& state, std::uint64_t x, std::uint64_t y) {
  const std::uint64_t k = x * columns_of(state) + y;
  return (state[2 + k / 64] >> (k % 64) & 1U) != 0;
}

void grid_flip(State& state, std::uint64_t x, std::uint64_t y) {
  const std::uint64_t k = x * columns_of(state) + y;
  state[2 + k / 64] ^= std::uint64_t{1} << (k % 64);
}

Option turn_corners(const State& state, std::uint64_t x, std::uint64_t y, std::uint64_t a,
                    std::uint64_t b) {
  State after = state;
  grid_flip(after, a, b);
  grid_flip(after, a, y);
  grid_flip(after, x, b);
  grid_flip(after, x, y);
  return Option{{std::move(after)}};
}

}  // namespace

std::string TurningCorners::summary() const {
  return "turn the four corners of a rectangle, the bottom-right one from heads to tails";
}

Result<std::vector<ParsedComponent>> TurningCorners::parse_components(
    std::span<const std::string> items) const {
  if (items.empty()) return fail("no grid given: expected rows of h and t such as \"hth/tht\"");
  std::vector<ParsedComponent> out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::vector<std::string> rows = split(items[i], '/');
    const std::size_t columns = rows.empty() ? 0 : rows[0].size();
    if (columns == 0) {
      return fail(
          fmt::format("coin grid {} has an empty first row: expected rows of h and t "
                      "such as \"hth/tht\"",
                      quoted(items[i])));
    }
    if (rows.size() > kMaxSide || columns > kMaxSide) {
      return fail(fmt::format("coin grid {} is larger than {} by {}", quoted(items[i]), kMaxSide,
                              kMaxSide));
    }
    State state(2 + (rows.size() * columns + 63) / 64, 0);
    state[0] = rows.size();
    state[1] = columns;
    for (std::size_t x = 0; x < rows.size(); ++x) {
      if (rows[x].size() != columns) {
        return fail(fmt::format("coin grid {}: row {} has {} coins, row 0 has {}", quoted(items[i]),
                                x, rows[x].size(), columns));
      }
      for (std::size_t y = 0; y < columns; ++y) {
        const char c = rows[x][y];
        if (c == 'h') {
          grid_flip(state, x, y);
        } else if (c != 't') {
          return fail(fmt::format("coin grid {} has {} at coin ({},{}): {}", quoted(items[i]),
                                  quoted(rows[x].substr(y, 1)), x, y, expected_coin(c)));
        }
      }
    }
    out.push_back(ParsedComponent{std::move(state), i});
  }
  return out;
}

std::vector<std::string> TurningCorners::format_state(const State& state) const {
  std::vector<std::string> rows;
  for (std::uint64_t x = 0; x < rows_of(state); ++x) {
    std::string row;
    for (std::uint64_t y = 0; y < columns_of(state); ++y)
      row += grid_heads(state, x, y) ? 'h' : 't';
    rows.push_back(row);
  }
  return {fmt::format("{}", fmt::join(rows, "/"))};
}

std::string TurningCorners::label(const State& state, std::size_t /*first_item*/) const {
  return fmt::format("corners {}", format_state(state)[0]);
}

std::vector<ViewField> TurningCorners::view_fields(const State& state) const {
  std::vector<std::uint64_t> coins;
  for (std::uint64_t x = 0; x < rows_of(state); ++x) {
    for (std::uint64_t y = 0; y < columns_of(state); ++y) coins.push_back(grid_heads(state, x, y));
  }
  return {ViewField{"coins", std::move(coins)}, ViewField{"columns", {columns_of(state)}, true}};
}

std::array<std::uint64_t, 4> TurningCorners::corners(const State& before, const Option& option) {
  assert(option.result.size() == 1 && option.result[0].size() == before.size());
  std::vector<std::uint64_t> xs;
  std::vector<std::uint64_t> ys;
  for (std::uint64_t x = 0; x < rows_of(before); ++x) {
    for (std::uint64_t y = 0; y < columns_of(before); ++y) {
      if (grid_heads(before, x, y) != grid_heads(option.result[0], x, y)) {
        xs.push_back(x);
        ys.push_back(y);
      }
    }
  }
  assert(xs.size() == 4);
  const auto [a, x] = std::minmax_element(xs.begin(), xs.end());
  const auto [b, y] = std::minmax_element(ys.begin(), ys.end());
  return {*x, *y, *a, *b};
}

std::vector<ViewField> TurningCorners::move_fields(const State& before, const Option& option,
                                                   std::size_t /*first_item*/) const {
  const auto [x, y, a, b] = corners(before, option);
  const std::uint64_t w = columns_of(before);
  return {ViewField{"coins", {a * w + b + 1, a * w + y + 1, x * w + b + 1, x * w + y + 1}}};
}

std::string TurningCorners::describe_move(const State& before, const Option& option,
                                          std::size_t /*first_item*/) const {
  const auto [x, y, a, b] = corners(before, option);
  return fmt::format("turn coins ({},{}), ({},{}), ({},{}) and ({},{})", a, b, a, y, x, b, x, y);
}

std::string TurningCorners::format_move(const State& before, const Option& option,
                                        std::size_t /*first_item*/,
                                        const Limits& /*limits*/) const {
  const auto [x, y, a, b] = corners(before, option);
  return fmt::format("{} {} {} {}", x, y, a, b);
}

Result<std::vector<Option>> TurningCorners::parse_move(const State& state, std::string_view text,
                                                       std::size_t /*first_item*/,
                                                       std::size_t /*items*/, bool /*partial*/,
                                                       const Limits& /*limits*/) const {
  const std::vector<std::string> tokens = words(text);
  if (tokens.size() != 4) {
    return fail(fmt::format(
        "move {} is not X Y A B: type the heads corner and the opposite one, e.g. \"2 2 0 1\"",
        quoted(text)));
  }
  std::array<std::uint64_t, 4> n{};
  for (std::size_t i = 0; i < 4; ++i) {
    auto v = parse_u64(tokens[i], "coordinate");
    if (!v) return v.failure();
    n[i] = *v;
  }
  const auto [x, y, a, b] = n;
  // A coin this grid does not have: the move is about another grid.
  if (x >= rows_of(state) || y >= columns_of(state)) return std::vector<Option>{};
  if (a >= x || b >= y) {
    return fail(fmt::format("corner ({},{}) is not above and left of ({},{})", a, b, x, y));
  }
  if (!grid_heads(state, x, y)) {
    return fail(
        fmt::format("coin ({},{}) is tails: the corner X Y must go from heads to tails", x, y));
  }
  return std::vector<Option>{turn_corners(state, x, y, a, b)};
}

std::string TurningCorners::move_syntax() const {
  return "Moves: X Y A B turns the corners of the rectangle from (A,B) to (X,Y), where coin (X,Y) "
         "is heads, A < X and B < Y, e.g. \"2 2 0 1\".\n";
}

Count TurningCorners::count_options(const State& state) const {
  Count count = 0;
  for (std::uint64_t x = 0; x < rows_of(state); ++x) {
    for (std::uint64_t y = 0; y < columns_of(state); ++y) {
      if (grid_heads(state, x, y)) count += Count{x} * y;
    }
  }
  return count;
}

Option TurningCorners::option(const State& state, Count index) const {
  for (std::uint64_t x = 0; x < rows_of(state); ++x) {
    for (std::uint64_t y = 0; y < columns_of(state); ++y) {
      if (!grid_heads(state, x, y)) continue;
      const Count here = Count{x} * y;
      if (index < here) {
        const auto k = static_cast<std::uint64_t>(index);
        return turn_corners(state, x, y, k / y, k % y);
      }
      index -= here;
    }
  }
  assert(false && "option index out of range");
  return Option{};
}

Result<Nimber> TurningCorners::value(const State& state, const Limits& /*limits*/) const {
  std::uint64_t value = 0;
  for (std::uint64_t x = 0; x < rows_of(state); ++x) {
    for (std::uint64_t y = 0; y < columns_of(state); ++y) {
      if (grid_heads(state, x, y)) value ^= nim_product(x, y);
    }
  }
  return Nimber{value};
}

Result<std::vector<Option>> TurningCorners::options_to_value(const State& state, Nimber target,
                                                             const Limits& limits) const {
  std::vector<Option> out;
  const std::optional<std::uint64_t> change = value_change(state, target, limits);
  if (!change) return out;
  for (std::uint64_t x = 0; x < rows_of(state); ++x) {
    for (std::uint64_t y = 0; y < columns_of(state); ++y) {
      if (!grid_heads(state, x, y)) continue;
      if (!limits.charge(x * y + 1)) return limits.stop_error();
      for (std::uint64_t a = 0; a < x; ++a) {
        for (std::uint64_t b = 0; b < y; ++b) {
          if (nim_product(a ^ x, b ^ y) == *change) out.push_back(turn_corners(state, x, y, a, b));
        }
      }
    }
  }
  return out;
}

Count TurningCorners::weight(const State& state) const { return count_options(state); }

std::string TurningCorners::value_reason(const State& /*state*/) const {
  return "XOR over the heads (x,y) of the nim product x ⊗ y";
}

}  // namespace nimkit
