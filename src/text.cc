#include "nimkit/text.h"

#include <algorithm>

namespace nimkit {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

std::vector<std::string> words(std::string_view text) {
  // By hand rather than with a stream: every component of a sum reads a move's words, and a
  // stream costs a locale and an allocation each time. The white space is the C locale's, as
  // a stream's >> used to read it.
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size();) {
    if (space(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !space(text[end])) ++end;
    out.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return out;
}

std::vector<ListItem> list_items(std::span<const std::string> tokens) {
  if (tokens.empty()) return {};
  // The tokens joined by spaces, and where each starts: an item belongs to the token its first
  // character (or, for an empty item, its comma) is in.
  std::string joined;
  std::vector<std::size_t> starts;
  for (const std::string& token : tokens) {
    if (!starts.empty()) joined += ' ';
    starts.push_back(joined.size());
    joined += token;
  }
  const auto token_at = [&](std::size_t offset) {
    return static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), offset) -
                                    starts.begin()) -
           1;
  };
  std::vector<ListItem> out;
  std::size_t start = 0;
  for (const std::string& between_commas : split(joined, ',')) {
    bool any = false;
    for (std::size_t at = 0; at < between_commas.size();) {
      const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
      if (is_space(between_commas[at])) {
        ++at;
        continue;
      }
      std::size_t end = at;
      while (end < between_commas.size() && !is_space(between_commas[end])) ++end;
      out.push_back(ListItem{between_commas.substr(at, end - at), token_at(start + at)});
      any = true;
      at = end;
    }
    if (!any) out.push_back(ListItem{"", token_at(std::min(start, joined.size()))});
    start += between_commas.size() + 1;
  }
  return out;
}

namespace {

// Optimal string alignment distance: Levenshtein with swaps of neighbouring letters.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> closest(std::string_view word, std::span<const std::string> candidates) {
  // Words past this length are not names anyone mistyped: no quadratic work on a huge argument.
  constexpr std::size_t kLongest = 64;
  if (word.empty() || word.size() > kLongest) return std::nullopt;
  const std::string* best = nullptr;
  std::size_t best_distance = 3;
  for (const std::string& candidate : candidates) {
    if (candidate.size() > kLongest) continue;
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance && 2 * distance < word.size()) {
      best = &candidate;
      best_distance = distance;
    }
  }
  if (best != nullptr) return *best;
  for (const std::string& candidate : candidates) {
    if (word.size() >= 3 && (candidate.starts_with(word) || word.starts_with(candidate))) {
      return candidate;
    }
  }
  return std::nullopt;
}

std::optional<std::uint64_t> typed_number(std::string_view text, char letter) {
  if (letter != '\0' && !text.empty() &&
      std::tolower(static_cast<unsigned char>(text.front())) ==
          std::tolower(static_cast<unsigned char>(letter))) {
    text.remove_prefix(1);
  }
  if (text.empty() || text.size() > 10 ||
      text.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  std::uint64_t value = 0;
  for (char c : text) value = value * 10 + static_cast<std::uint64_t>(c - '0');
  return value;
}

std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

}  // namespace nimkit
