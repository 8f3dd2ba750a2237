#include "nimkit/strategy.h"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "enum_names.h"
#include "loopy_analysis.h"
#include "nimkit/quote.h"
#include "search.h"

namespace nimkit {

namespace {

// A skilled level's text adds its skill: "skilled:0.7".
constexpr EnumName<Level::Kind> kLevelKindNames[] = {
    {Level::Kind::kPerfect, "perfect"},
    {Level::Kind::kRandom, "random"},
    {Level::Kind::kSkilled, "skilled"},
};
static_assert(names_every_value(kLevelKindNames), "a Level::Kind has no name");

// The whole of `text` read as std::from_chars reads a double (no '+' sign, no spaces, no hex),
// correctly rounded; nullopt when it is not one number or is out of range. Where the standard
// library has no from_chars of a double (emscripten's libc++ 14), strtod reads the same texts: it
// rounds correctly too, and that libc knows only the "C" locale, whose decimal point is ".".
std::optional<double> parse_decimal(std::string_view text) {
  if (text.empty()) return std::nullopt;
#if defined(__cpp_lib_to_chars)
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
#else
  if (text.find_first_not_of("0123456789.eE+-") != std::string_view::npos || text[0] == '+') {
    return std::nullopt;
  }
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  // Out of range as from_chars has it: past the largest double, or so small it rounds to zero
  // (strtod flags a subnormal result too, which from_chars reads).
  if (errno == ERANGE && (value == 0 || std::isinf(value))) return std::nullopt;
  return value;
#endif
}

}  // namespace

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Count Rng::below(Count bound) {
  // Rejection sampling on 128 random bits keeps every value exactly equally likely.
  const Count limit = ~Count{0} - (~Count{0} % bound);
  while (true) {
    const Count draw = (Count{next()} << 64) | next();
    if (draw < limit) return draw % bound;
  }
}

bool Rng::chance(double p) {
  if (p >= 1.0) return true;
  if (p <= 0.0) return false;
  return static_cast<double>(next() >> 11) * 0x1.0p-53 < p;
}

Result<Level> Level::parse(std::string_view text) {
  const std::optional<Kind> named = value_named(kLevelKindNames, text);
  if (named == Kind::kPerfect) return Level{Kind::kPerfect, 1.0};
  if (named == Kind::kRandom) return Level{Kind::kRandom, 0.0};
  const std::string_view skilled = name_of(kLevelKindNames, Kind::kSkilled);
  if (text.starts_with(skilled) && text.substr(skilled.size()).starts_with(':')) {
    std::string_view number = text.substr(skilled.size() + 1);
    const bool percent = !number.empty() && number.back() == '%';
    if (percent) number.remove_suffix(1);
    const std::optional<double> parsed = parse_decimal(number);
    if (parsed && std::isfinite(*parsed)) {
      double p = *parsed;
      if (percent) p /= 100.0;
      if (p >= 0.0 && p <= 1.0) return Level{Kind::kSkilled, p};
    }
    return fail(fmt::format("level {}: skill must be a probability from 0 to 1 (or 0% to 100%)",
                            quoted(text)));
  }
  return fail(
      fmt::format("unknown level {} (expected perfect, random or skilled:P)", quoted(text)));
}

std::string Level::to_string() const {
  const std::string_view name = name_of(kLevelKindNames, kind);
  return kind == Kind::kSkilled ? fmt::format("{}:{}", name, skill) : std::string(name);
}

namespace {

Move random_move(const Position& position, Rng& rng) {
  return position.move_at(rng.below(position.move_count()));
}

// Work a lost-position search may do before the cheap rule below takes over: a few tenths of a
// second at most, so the computer answers promptly even in huge lost positions.
constexpr std::uint64_t kLongestGameNodes = 50'000;
constexpr std::uint64_t kLongestGameMoves = 500'000;

// From a lost position when the game tree is too large to search: the smallest move (options
// come smallest first, so each component's first option), measured by the weight it removes,
// ties broken by the heavier component.
Move smallest_move(const Position& position) {
  const auto& components = position.components();
  std::size_t best = components.size();
  Option best_option;
  Count best_removed = 0;
  Count best_weight = 0;
  for (std::size_t i = 0; i < components.size(); ++i) {
    const Component& c = components[i];
    if (c.rules->count_options(c.state) == 0) continue;
    Option option = c.rules->option(c.state, 0);
    const Count weight = c.rules->weight(c.state);
    Count left = 0;
    for (const State& part : option.result) left += c.rules->weight(part);
    // A move that adds (take-or-add) removes nothing.
    const Count removed = left > weight ? 0 : weight - left;
    if (best == components.size() || removed < best_removed ||
        (removed == best_removed && weight > best_weight)) {
      best = i;
      best_option = std::move(option);
      best_removed = removed;
      best_weight = weight;
    }
  }
  return Move{best, std::move(best_option)};
}

// From a lost position: the move after which the opponent's fastest win takes longest. The
// moves are made one at a time, never listed: a position of millions of moves (a large coin
// grid) has more than the search could examine once each, and their list alone would take
// gigabytes, past every memory limit.
Move longest_game_move(const Position& position, Convention convention, const Limits& limits) {
  if (position.move_count() > kLongestGameMoves) return smallest_move(position);
  Limits small = limits;
  small.max_nodes = std::min(limits.max_nodes, kLongestGameNodes);
  detail::Search search(convention, small, kLongestGameMoves);
  std::optional<Move> best;
  std::uint64_t best_length = 0;
  const auto& components = position.components();
  for (std::size_t c = 0; c < components.size(); ++c) {
    const Count options = components[c].rules->count_options(components[c].state);
    for (Count k = 0; k < options; ++k) {
      Move move{c, components[c].rules->option(components[c].state, k)};
      auto length = search.remoteness(position.after(move));
      if (!length) return smallest_move(position);
      if (!best || *length > best_length) {
        best = std::move(move);
        best_length = *length;
      }
    }
  }
  return best ? std::move(*best) : smallest_move(position);
}

// How far a position whose play can repeat is from the end of a win, as the winner's finite win
// measures it (loopy_value.h, Analysis::finite_win_move): the loopy components' (value, counter),
// largest first, then the weight of the others. The perfect winner lowers the first part.
struct Distance {
  std::vector<std::pair<Nimber, std::uint64_t>> loopy;
  Count rest = 0;
  // Lexicographic, written out: the WebAssembly build's libc++ has no <=> for vector and pair.
  friend bool operator<(const Distance& a, const Distance& b) {
    return a.loopy != b.loopy ? a.loopy < b.loopy : a.rest < b.rest;
  }
};

std::optional<Distance> distance(const Position& position, const Limits& limits) {
  auto values = detail::component_values(position, limits);
  if (!values) return std::nullopt;
  Distance d;
  const auto& components = position.components();
  for (std::size_t i = 0; i < components.size(); ++i) {
    if (!components[i].rules->loopy()) {
      d.rest += components[i].rules->weight(components[i].state);
      continue;
    }
    const CountedValue& v = values->counted[i];
    // A lost position's components are finite; an infinite one would be farthest of all.
    d.loopy.emplace_back(v.value.is_finite() ? v.value.nimber() : ~Nimber{0}, v.counter);
  }
  std::sort(d.loopy.rbegin(), d.loopy.rend());
  return d;
}

// Moves of a lost position whose play can repeat that the computer weighs, two analyses each,
// before it takes the smallest move instead.
constexpr Count kDelayMoves = 256;

// From a lost position whose play can repeat, which has no game tree to search: the move after
// which the winner's reply (its finite win, as the perfect player plays it) leaves the position
// farthest from the end by that measure, so that the loss comes as late as one round of play can
// tell.
Move delaying_move(const Position& position, Convention convention, const Limits& limits) {
  if (position.move_count() > kDelayMoves) return smallest_move(position);
  std::optional<Move> best;
  std::optional<Distance> farthest;
  Limits one = limits;
  one.max_listed_moves = 1;
  for (Count k = 0; k < position.move_count(); ++k) {
    Move move = position.move_at(k);
    const Position after = position.after(move);
    auto reply = analyze(after, convention, one);
    if (!reply) break;
    const Move* win = reply->finite_win_move         ? &*reply->finite_win_move
                      : reply->winning_moves.empty() ? nullptr
                                                     : &reply->winning_moves.front();
    if (win == nullptr) continue;
    auto d = distance(after.after(*win), limits);
    if (!d) break;
    if (!farthest || *farthest < *d) {
      best = std::move(move);
      farthest = std::move(d);
    }
  }
  return best ? std::move(*best) : smallest_move(position);
}

}  // namespace

Result<Move> choose_move(const Position& position, Convention convention, const Level& level,
                         Rng& rng, const Limits& limits) {
  const bool perfect = level.kind == Level::Kind::kPerfect ||
                       (level.kind == Level::Kind::kSkilled && rng.chance(level.skill));
  if (!perfect) return random_move(position, rng);
  Limits one = limits;
  one.max_listed_moves = 1;
  auto analysis = analyze(position, convention, one);
  if (!analysis) return analysis.failure();
  // Where play can repeat, the winning move that keeps the win finite.
  if (analysis->finite_win_move) return *analysis->finite_win_move;
  if (!analysis->winning_moves.empty()) return analysis->winning_moves.front();
  if (analysis->winner == Outcome::kFirst) {
    // A win exists but no winning move could be enumerated: never play a losing move for it.
    return fail_limit("no winning move found within the limits: " + analysis->moves_unlisted);
  }
  if (analysis->winner == Outcome::kDraw) {
    if (!analysis->drawing_moves.empty()) return analysis->drawing_moves.front();
    return fail_limit("no move that keeps the draw found within the limits: " +
                      analysis->moves_unlisted);
  }
  // A lost position whose play can repeat has no game tree to search.
  auto repeats = can_repeat(position, limits);
  if (!repeats || *repeats) return delaying_move(position, convention, limits);
  return longest_game_move(position, convention, limits);
}

}  // namespace nimkit
