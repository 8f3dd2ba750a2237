#include "board.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <utility>
#include <vector>

#include "nimkit/games/cram.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit::cli {
namespace {

// The board fits a terminal of this many columns.
constexpr std::size_t kWidth = 80;
// Heaps of more objects than this are a count ("… 1000000 stones"), not a drawing.
constexpr std::uint64_t kMaxDrawn = 60;

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

// Columns a line of text takes in a terminal: its code points (the board draws no wide ones).
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

// `words` joined by `gap` after `first`, wrapped at kWidth onto lines that start with `indent`
// spaces. Colours go outside the words' widths: words are measured plain and painted after.
std::string wrapped(const std::string& first, std::size_t indent,
                    const std::vector<std::string>& words, const std::string& gap,
                    const std::vector<std::string>& painted = {}) {
  std::string out = first;
  std::size_t used = columns(first);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::size_t need = columns(words[i]) + (i == 0 ? 0 : columns(gap));
    if (i > 0 && used + need > kWidth) {
      out += "\n" + std::string(indent, ' ');
      used = indent;
    } else if (i > 0) {
      out += gap;
      used += columns(gap);
    }
    out += painted.empty() ? words[i] : painted[i];
    used += columns(words[i]);
  }
  return out + "\n";
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

// A grid with its columns and rows labelled as moves name them, cut into bands of columns that
// fit the width. Cells are one column wide each.
struct Grid {
  std::vector<std::string> column_labels;
  std::vector<std::string> row_labels;
  std::vector<std::vector<std::string>> cells;  // row by row; rows may be shorter

  std::string draw(std::size_t indent, const Paint& paint) const {
    std::size_t cell_width = 2;
    for (const std::string& label : column_labels)
      cell_width = std::max(cell_width, label.size() + 1);
    std::size_t row_width = 0;
    for (const std::string& label : row_labels) row_width = std::max(row_width, label.size());
    const std::size_t margin = indent + row_width + 2;
    const std::size_t band = std::max<std::size_t>(1, (kWidth - margin) / cell_width);
    std::string out;
    for (std::size_t from = 0; from < column_labels.size(); from += band) {
      const std::size_t to = std::min(column_labels.size(), from + band);
      std::string header;
      for (std::size_t c = from; c < to; ++c)
        header += fmt::format("{:<{}}", column_labels[c], cell_width);
      header.erase(header.find_last_not_of(' ') + 1);
      out += std::string(margin, ' ') + paint(kDim, header) + "\n";
      for (std::size_t r = 0; r < cells.size(); ++r) {
        std::string line;
        for (std::size_t c = from; c < to && c < cells[r].size(); ++c) {
          line += cells[r][c] + std::string(cell_width - 1, ' ');
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out += fmt::format("{}{}  {}\n", std::string(indent, ' '),
                           paint(kDim, fmt::format("{:>{}}", row_labels[r], row_width)), line);
      }
    }
    return out;
  }
};

// Chomp's bar: rows numbered across the position from `first_row` and columns from 1, as moves
// name them; the poisoned cell an X.
std::string chomp_grid(const Component& comp, std::size_t first_row, std::size_t indent,
                       const Paint& paint) {
  const std::vector<std::uint64_t> rows = field(comp, "rows");
  Grid grid;
  const std::uint64_t width = rows.empty() ? 0 : rows.front();
  for (std::uint64_t c = 0; c < width; ++c) grid.column_labels.push_back(std::to_string(c + 1));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    grid.row_labels.push_back(std::to_string(first_row + r));
    grid.cells.emplace_back();
    for (std::uint64_t c = 0; c < rows[r]; ++c)
      grid.cells.back().push_back(r == 0 && c == 0 ? "X" : "■");
  }
  return grid.draw(indent, paint);
}

// The Cram board of `regions` (the components of one board, each carrying the board's size):
// column letters and row numbers as cells are named, empty cells dots, filled ones '#'. With
// `all_filled`, the board those regions stood on once every cell is filled: a finished game.
std::string cram_grid(const std::vector<const Component*>& regions, bool all_filled,
                      std::size_t indent, const Paint& paint) {
  std::uint64_t height = 0;
  std::uint64_t width = 0;
  struct Region {
    std::vector<std::uint64_t> cells;
    std::uint64_t w, top, left;
  };
  std::vector<Region> boxes;
  for (const Component* c : regions) {
    Region r{field(*c, "cells"), 0, 0, 0};
    const std::vector<std::uint64_t> w = field(*c, "columns");
    r.w = w.empty() || w[0] == 0 ? 1 : w[0];
    r.top = field(*c, "top").at(0);
    r.left = field(*c, "left").at(0);
    const std::vector<std::uint64_t> board = field(*c, "board");
    height = std::max({height, r.top + r.cells.size() / r.w, board.empty() ? 0 : board[0]});
    width = std::max({width, r.left + r.w, board.size() < 2 ? 0 : board[1]});
    if (!all_filled) boxes.push_back(std::move(r));
  }
  Grid grid;
  for (std::uint64_t c = 0; c < width; ++c) grid.column_labels.push_back(Cram::column_name(c));
  grid.cells.assign(height, std::vector<std::string>(width, "#"));
  for (std::uint64_t r = 0; r < height; ++r) grid.row_labels.push_back(std::to_string(r + 1));
  for (const Region& r : boxes) {
    for (std::size_t k = 0; k < r.cells.size(); ++k) {
      if (r.cells[k] != 0) grid.cells[r.top + k / r.w][r.left + k % r.w] = "·";
    }
  }
  return grid.draw(indent, paint);
}

// The empty cells of a Cram region, as (row, column) places on its board, row by row.
std::vector<std::pair<std::uint64_t, std::uint64_t>> cram_cells(const Component& region) {
  const std::vector<std::uint64_t> cells = field(region, "cells");
  const std::vector<std::uint64_t> w = field(region, "columns");
  const std::uint64_t columns = w.empty() || w[0] == 0 ? 1 : w[0];
  const std::uint64_t top = field(region, "top").at(0);
  const std::uint64_t left = field(region, "left").at(0);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (cells[k] != 0) out.emplace_back(top + k / columns, left + k % columns);
  }
  return out;
}

// The regions of the Cram board whose first region is components[first]: those after it that
// share its board's size, no cell of each other's, and come in board order (each first cell
// after the one before it), as parsing one board lists them; a sum of two boards is two.
std::vector<const Component*> one_board(const std::vector<Component>& components,
                                        std::size_t first) {
  const std::vector<std::uint64_t> size = field(components[first], "board");
  std::vector<const Component*> out;
  std::set<std::pair<std::uint64_t, std::uint64_t>> taken;
  std::pair<std::uint64_t, std::uint64_t> last_first{0, 0};
  for (std::size_t c = first; c < components.size(); ++c) {
    const Component& region = components[c];
    if (region.rules->view() != "cram" || field(region, "board") != size) break;
    const auto cells = cram_cells(region);
    if (!out.empty() && (cells.empty() || cells.front() <= last_first)) break;
    if (std::any_of(cells.begin(), cells.end(), [&](const auto& x) { return taken.contains(x); }))
      break;
    taken.insert(cells.begin(), cells.end());
    if (!cells.empty()) last_first = cells.front();
    out.push_back(&region);
    if (cells.empty()) break;  // a finished board stands alone
  }
  return out;
}

// A grid of coins ("ttt/thh/tht"), rows and columns numbered from 0 as moves name them: coin
// (x, y) in row x, column y.
std::string coin_grid(const std::string& text, std::size_t indent, const Paint& paint) {
  Grid grid;
  for (std::size_t start = 0;;) {
    const std::size_t slash = text.find('/', start);
    const std::string row = text.substr(start, slash - start);
    grid.row_labels.push_back(std::to_string(grid.cells.size()));
    grid.cells.emplace_back();
    for (char coin : row) grid.cells.back().emplace_back(1, coin);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  for (std::size_t y = 0; y < grid.cells.front().size(); ++y)
    grid.column_labels.push_back(std::to_string(y));
  return grid.draw(indent, paint);
}

// A graph as its edges, named by their vertices, and the vertices on no edge.
std::vector<std::string> graph_words(const Component& comp) {
  const std::vector<std::uint64_t> edges = field(comp, "edges");
  std::vector<std::string> words;
  std::vector<std::uint64_t> touched;
  for (std::size_t i = 0; i + 1 < edges.size(); i += 2) {
    words.push_back(fmt::format("{}-{}", edges[i], edges[i + 1]));
    touched.insert(touched.end(), {edges[i], edges[i + 1]});
  }
  for (std::uint64_t v : field(comp, "vertices")) {
    if (std::find(touched.begin(), touched.end(), v) == touched.end()) {
      words.push_back(touched.empty() ? std::to_string(v) : fmt::format("{} (alone)", v));
    }
  }
  return words;
}

// "● ● ● · ·" for 3 objects left after 2 were taken, or "… 1000000 stones" past kMaxDrawn.
std::vector<std::string> objects(std::uint64_t count, std::uint64_t taken,
                                 const std::string& symbol, const std::string& noun) {
  if (count > kMaxDrawn) return {fmt::format("… {} {}", count, noun)};
  std::vector<std::string> words(count, symbol);
  for (std::uint64_t i = 0; i < std::min(taken, kMaxDrawn - count); ++i) words.emplace_back("·");
  return words;
}

// The heaps of a component, one line each (wrapped), numbered as moves name them.
std::string heap_lines(const Position& position, std::size_t c, const std::string& title,
                       std::size_t title_width, std::size_t size_width, const Changes& changed,
                       bool hot, const std::string& mark, const Paint& paint) {
  const Component& comp = position.components()[c];
  const std::vector<std::uint64_t> heaps = field(comp, "heaps");
  const std::vector<std::string> items = comp.rules->format_state(comp.state);
  // The bowling games' heaps are rows of pins; every other heap holds stones.
  const bool pins = comp.rules->view() == "pins";
  std::string out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t taken = i < changed.taken.size() && hot ? changed.taken[i] : 0;
    // The title pads outside the colour codes, so that columns stay aligned when coloured.
    const std::string name = i == 0 ? title : "";
    const std::string first =
        fmt::format("  {:>3}. {}{}{:>{}}  ", position.first_item(c) + i, paint(kBold, name),
                    std::string(title_width - name.size(), ' '), items[i], size_width);
    const std::size_t indent = 7 + title_width + size_width + 2;
    const std::vector<std::string> words =
        objects(heaps[i], taken, pins ? "|" : "●", pins ? "pins" : "stones");
    std::vector<std::string> painted;
    for (std::size_t k = 0; k < words.size(); ++k) {
      painted.push_back(words[k] == "·" ? paint(kDim, words[k])
                        : hot           ? paint(kHot, words[k])
                                        : words[k]);
    }
    std::string line = wrapped(first, indent, words, " ", painted);
    line.pop_back();
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + (i == 0 ? mark : "") + "\n";
  }
  return out;
}

// A position whose last move left nothing is drawn as the boards it was played on, every cell
// filled, when they keep their shape (Cram); empty otherwise.
std::string finished_board(const Position& before, const Paint& paint) {
  const auto& components = before.components();
  // Alone, as a board of a single ruleset is drawn: the title only heads a sum's components.
  const bool sum = before.single_ruleset() == nullptr;
  std::string out;
  for (std::size_t c = 0; c < components.size();) {
    if (components[c].rules->view() != "cram") {
      ++c;
      continue;
    }
    const std::vector<const Component*> regions = one_board(components, c);
    if (sum) out += fmt::format("       {}\n", paint(kBold, ruleset_title(*components[c].rules)));
    out += cram_grid(regions, true, 7, paint);
    c += regions.size();
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
  const auto& components = position.components();
  std::size_t title_width = 0;
  std::size_t size_width = 4;
  for (const Component& c : components) {
    if (sum) title_width = std::max(title_width, ruleset_title(*c.rules).size() + 2);
    if (field(c, "heaps").empty()) continue;
    for (const std::string& item : c.rules->format_state(c.state)) {
      size_width = std::max(size_width, item.size());
    }
  }
  const Changes changed = changes(position, last);
  const std::size_t indent = 7 + title_width;
  std::string out;
  std::size_t cram_drawn = 0;  // components before this are drawn on a Cram board
  for (std::size_t c = 0; c < components.size(); ++c) {
    const Component& comp = components[c];
    const std::string_view view = comp.rules->view();
    const bool hot = c >= changed.first && c < changed.first + changed.count;
    const std::string title = sum ? ruleset_title(*comp.rules) : "";
    const std::string mark =
        hot && !style.marker.empty() ? "  " + paint(kHot, "◀ " + style.marker) : std::string();
    const std::vector<std::uint64_t> heaps = field(comp, "heaps");
    const std::vector<std::string> items = comp.rules->format_state(comp.state);
    if (!heaps.empty() && heaps.size() == items.size()) {
      out += heap_lines(position, c, title, title_width, size_width, changed, hot, mark, paint);
      continue;
    }
    // Components without numbered heaps are numbered by their place, as "@N MOVE" names them
    // when a move's text alone could mean another component's.
    const std::string number = components.size() > 1 ? fmt::format("@{}", c + 1) : "";
    const std::string head = fmt::format("  {:>4} {}{}", number, paint(kBold, title),
                                         std::string(title_width - title.size(), ' '));
    // A grid under its heading, or alone (the mark then beside its column labels).
    const auto headed = [&](std::string grid) {
      if (number.empty() && title.empty()) return grid.insert(grid.find('\n'), mark);
      std::string line = head;
      line.erase(line.find_last_not_of(' ') + 1);
      return line + mark + "\n" + grid;
    };
    if (view == "cram") {
      // One board, however many regions it falls into: drawn once, where its first region is.
      if (c < cram_drawn) continue;
      const std::vector<const Component*> regions = one_board(components, c);
      cram_drawn = c + regions.size();
      std::string grid = cram_grid(regions, false, indent, paint);
      if (title.empty()) {
        out += grid.insert(grid.find('\n'), mark);
      } else {
        out += fmt::format("       {}{}\n", paint(kBold, title), mark) + grid;
      }
      continue;
    }
    if (view == "chomp") {
      out += headed(chomp_grid(comp, position.first_item(c), indent, paint));
      continue;
    }
    const std::vector<std::uint64_t> coins = field(comp, "coins");
    if (view == "coins" && items.size() == 1 && !field(comp, "columns").empty()) {
      out += headed(coin_grid(items[0], indent, paint));
      continue;
    }
    if (view == "coins" && items.size() == 1 && coins.size() == items[0].size()) {
      // A row of coins, spaced out over the numbers that moves name them by.
      Grid grid;
      grid.row_labels = {""};
      grid.cells.emplace_back();
      for (std::size_t i = 0; i < coins.size(); ++i) {
        grid.column_labels.push_back(std::to_string(i + 1));
        grid.cells.back().emplace_back(1, items[0][i]);
      }
      out += headed(grid.draw(indent, paint));
      continue;
    }
    if (view == "graph") {
      const std::vector<std::string> words = graph_words(comp);
      const bool edges = !words.empty() && words.front().find('-') != std::string::npos;
      out += wrapped(head + (edges ? "edges " : "vertex "), indent + 6, words, "  ");
      if (!mark.empty()) out.insert(out.size() - 1, mark);
      continue;
    }
    if (view == "digraph" && !items.empty() && items.back().find('@') != std::string::npos) {
      // "a>b,b>c@a": the arrows, and the vertex the token stands on.
      std::vector<std::string> words = items;
      const std::size_t at = words.back().rfind('@');
      const std::string token = words.back().substr(at + 1);
      words.back().erase(at);
      std::erase(words, std::string());
      out += wrapped(head + fmt::format("token on {}; arrows ", token), indent + 6, words, "  ");
      if (!mark.empty()) out.insert(out.size() - 1, mark);
      continue;
    }
    if (view == "hackenbush") {
      // Each edge with the name a move types, which it keeps until it is cut.
      const std::vector<std::uint64_t> ends = field(comp, "edges");
      const std::vector<std::uint64_t> names = field(comp, "names");
      std::vector<std::string> words;
      std::vector<std::string> painted;
      // As the position text writes it: "e4=2-g", the ground g.
      const auto vertex = [](std::uint64_t v) { return v == 0 ? "g" : std::to_string(v); };
      for (std::size_t i = 0; i < names.size() && 2 * i + 1 < ends.size(); ++i) {
        const std::string edge = vertex(ends[2 * i]) + "-" + vertex(ends[2 * i + 1]);
        const std::string name = fmt::format("e{}=", names[i]);
        words.push_back(name + edge);
        painted.push_back(paint(kDim, name) + edge);
      }
      out += wrapped(head, indent, words, "  ", painted);
      if (!mark.empty()) out.insert(out.size() - 1, mark);
      continue;
    }
    // Other views: the state as text; items a move names by number each with its number.
    std::vector<std::string> words = items;
    std::vector<std::string> painted;
    if (comp.rules->item_count(comp.state) == items.size() && !items.empty()) {
      for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string n = std::to_string(position.first_item(c) + i);
        words[i] = fmt::format("{}:{}", n, items[i]);
        painted.push_back(fmt::format("{}:{}", paint(kDim, n), items[i]));
      }
    }
    out += wrapped(head, indent, words, "  ", painted);
    if (!mark.empty()) out.insert(out.size() - 1, mark);
  }
  if (out.empty() && last && last->before != nullptr) {
    out = finished_board(*last->before, paint);
    if (!out.empty() && !style.marker.empty())
      out.insert(out.find('\n'), "  " + paint(kHot, "◀ " + style.marker));
  }
  if (out.empty()) out = "  (nothing left)\n";
  return out;
}

}  // namespace nimkit::cli
