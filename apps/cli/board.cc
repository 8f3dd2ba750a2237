#include "board.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::cli {
namespace {

// More objects than this are drawn as this many and an ellipsis: the count beside says how many.
constexpr std::uint64_t kMaxDrawn = 24;

struct Paint {
  bool on;
  std::string operator()(const char* code, const std::string& text) const {
    return on && !text.empty() ? fmt::format("\033[{}m{}\033[0m", code, text) : text;
  }
};
constexpr const char* kBold = "1";
constexpr const char* kDim = "2";
constexpr const char* kHot = "1;33";

std::vector<std::uint64_t> field(const Component& c, std::string_view name) {
  for (const ViewField& f : c.rules->view_fields(c.state)) {
    if (f.name == name) return f.values;
  }
  return {};
}

std::string repeated(const std::string& symbol, std::uint64_t count) {
  std::string text;
  for (std::uint64_t i = 0; i < count; ++i) text += (i == 0 ? "" : " ") + symbol;
  return text;
}

// "● ● ● · ·" for 3 objects left after 2 were taken, with an ellipsis past kMaxDrawn.
std::string objects(std::uint64_t count, std::uint64_t taken, const std::string& symbol,
                    bool changed, const Paint& paint) {
  const std::uint64_t drawn = std::min(count, kMaxDrawn);
  std::string text = changed ? paint(kHot, repeated(symbol, drawn)) : repeated(symbol, drawn);
  if (count > kMaxDrawn) text += " …";
  const std::uint64_t dots = std::min(taken, kMaxDrawn - drawn);
  if (dots > 0) text += (drawn > 0 ? " " : "") + paint(kDim, repeated("·", dots));
  return text;
}

// Which components of the position after `last` the move made, and how many objects it took from
// each of their heaps (when it left one component with as many heaps as it had).
struct Changes {
  std::size_t first = 0;
  std::size_t count = 0;
  std::vector<std::uint64_t> taken;
};

Changes changes(const Position& after, const std::optional<LastMove>& last) {
  Changes out;
  if (!last || last->before == nullptr) return out;
  const Position& before = *last->before;
  const std::size_t made = last->move.option.result.size();
  if (after.components().size() + 1 != before.components().size() + made) return out;
  out.first = last->move.component;
  out.count = made;
  if (made != 1) return out;
  const std::vector<std::uint64_t> was = field(before.components()[out.first], "heaps");
  const std::vector<std::uint64_t> now = field(after.components()[out.first], "heaps");
  if (was.size() != now.size()) return out;
  for (std::size_t i = 0; i < was.size(); ++i)
    out.taken.push_back(was[i] - std::min(was[i], now[i]));
  return out;
}

// A grid of coins ("ttt/thh/tht"), rows and columns numbered from 0 as moves name them: coin
// (x, y) in row x, column y.
std::string grid(std::size_t c, const std::string& title, std::size_t title_width,
                 const std::string& text, const std::string& mark, const Paint& paint) {
  std::vector<std::string> rows;
  for (std::size_t start = 0;;) {
    const std::size_t slash = text.find('/', start);
    rows.push_back(text.substr(start, slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  const std::size_t width = std::to_string(std::max(rows.size(), rows.front().size())).size() + 1;
  const std::string indent(7 + title_width, ' ');
  std::string header;
  for (std::size_t y = 0; y < rows.front().size(); ++y) {
    header += fmt::format("{:<{}}", y, width);
  }
  header.erase(header.find_last_not_of(' ') + 1);
  std::string out = fmt::format("  {:>3}. {}{}{:>{}}{}{}\n", c + 1, paint(kBold, title),
                                std::string(title_width - title.size(), ' '), "", width + 1,
                                paint(kDim, header), mark);
  for (std::size_t x = 0; x < rows.size(); ++x) {
    std::string line;
    for (char coin : rows[x]) line += fmt::format("{:<{}}", std::string(1, coin), width);
    line.erase(line.find_last_not_of(' ') + 1);
    out += fmt::format("{}{}{}\n", indent, paint(kDim, fmt::format("{:<{}}", x, width + 1)), line);
  }
  return out;
}

}  // namespace

bool colour_wanted() {
  const char* no_colour = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) != 0 && (no_colour == nullptr || *no_colour == '\0');
}

std::string draw_board(const Position& position, const std::optional<LastMove>& last,
                       const BoardStyle& style) {
  const Paint paint{style.colour};
  const bool sum = position.single_ruleset() == nullptr;
  std::size_t title_width = 0;
  if (sum) {
    for (const Component& c : position.components()) {
      title_width = std::max(title_width, ruleset_title(*c.rules).size() + 2);
    }
  }
  const Changes changed = changes(position, last);
  std::string out;
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    const Component& comp = position.components()[c];
    const bool hot = c >= changed.first && c < changed.first + changed.count;
    const std::string title = sum ? ruleset_title(*comp.rules) : "";
    const std::string mark =
        hot && !style.marker.empty() ? "  " + paint(kHot, "◀ " + style.marker) : std::string();
    const std::vector<std::uint64_t> heaps = field(comp, "heaps");
    const std::vector<std::string> items = comp.rules->format_state(comp.state);
    const std::vector<std::uint64_t> coins = field(comp, "coins");
    if (comp.rules->view() == "coins" && items.size() == 1 && coins.size() == items[0].size() &&
        field(comp, "columns").empty()) {
      // A row of coins, spaced out over the numbers that moves name them by.
      std::string row;
      std::string numbers;
      for (std::size_t i = 0; i < coins.size(); ++i) {
        const std::string number = std::to_string(i + 1);
        const std::size_t width = std::max<std::size_t>(number.size(), 1) + 1;
        row += fmt::format("{:<{}}", std::string(1, items[0][i]), width);
        numbers += fmt::format("{:<{}}", number, width);
      }
      row.erase(row.find_last_not_of(' ') + 1);
      numbers.erase(numbers.find_last_not_of(' ') + 1);
      out += fmt::format("  {:>3}. {}{}{}{}\n", c + 1, paint(kBold, title),
                         std::string(title_width - title.size(), ' '), row, mark);
      out += fmt::format("       {}{}\n", std::string(title_width, ' '), paint(kDim, numbers));
      continue;
    }
    if (comp.rules->view() == "coins" && items.size() == 1 && !field(comp, "columns").empty()) {
      out += grid(c, title, title_width, items[0], mark, paint);
      continue;
    }
    if (heaps.empty() || heaps.size() != items.size()) {
      // Graphs, coins and other views: the state as text, numbered by component; items a move
      // names by number (Hackenbush's edges) each with its number.
      std::string text = fmt::format("{}", fmt::join(items, ","));
      if (comp.rules->item_count(comp.state) == items.size() && !items.empty()) {
        text.clear();
        for (std::size_t i = 0; i < items.size(); ++i) {
          text += fmt::format("{}{}:{}", i == 0 ? "" : "  ",
                              paint(kDim, std::to_string(position.first_item(c) + i)), items[i]);
        }
      }
      out += fmt::format("  {:>3}. {}{}{}{}\n", c + 1, paint(kBold, title),
                         std::string(title_width - title.size(), ' '), text, mark);
      continue;
    }
    // The bowling games' heaps are rows of pins; every other heap holds stones.
    const std::string symbol = comp.rules->view() == "pins" ? "|" : "●";
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      const std::uint64_t taken = i < changed.taken.size() && hot ? changed.taken[i] : 0;
      // The title pads outside the colour codes, so that columns stay aligned when coloured.
      const std::string name = i == 0 ? title : "";
      std::string line =
          fmt::format("  {:>3}. {}{}{:>4}  {}{}", position.first_item(c) + i, paint(kBold, name),
                      std::string(title_width - name.size(), ' '), items[i],
                      objects(heaps[i], taken, symbol, hot, paint), i == 0 ? mark : "");
      line.erase(line.find_last_not_of(' ') + 1);
      out += line + "\n";
    }
  }
  if (out.empty()) out = "  (nothing left)\n";
  return out;
}

}  // namespace nimkit::cli
