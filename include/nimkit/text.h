// Splitting text into parts: the one splitter every notation and front end uses.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nimkit {

// The parts of `text` between separators, empty parts kept: split("a,,b", ',') is {"a", "", "b"}.
std::vector<std::string> split(std::string_view text, char separator);
// The words of `text`, separated by white space (none for blank text).
std::vector<std::string> words(std::string_view text);
// The items of a list as people type it, over the words of a position (`tokens`, each one or
// more items): a comma, white space or both between items, so "1-2, 2-3" (one token or two),
// "1-2 2-3" and "1-2,2-3" are all the items "1-2" and "2-3". A comma with nothing but white space
// before or after it (",1", "1,,2", "1," at the end) leaves an empty item "" for the notation to
// refuse; a blank token is the one empty item. Each item comes with the token it starts in.
struct ListItem {
  std::string text;
  std::size_t token = 0;
};
std::vector<ListItem> list_items(std::span<const std::string> tokens);
// The candidate a mistyped word most likely meant, for "did you mean kayles?": the nearest by
// edit distance (insertions, deletions, substitutions and swaps of neighbours), at most 2 edits
// and fewer than half the word's length, or a candidate the word begins or the candidate begins
// with ("dawsons" for "dawsons-chess"); nullopt when none is near. Ties go to the first listed.
std::optional<std::string> closest(std::string_view word, std::span<const std::string> candidates);
// The number a game's notation or a move names by its label ("3", or "v3" when `letter` is 'v',
// in either case): 1 to 10 decimal digits after the optional letter and nothing else (so at most
// 9,999,999,999), else nullopt. Ranges (from 1, up to a largest label) are the caller's.
std::optional<std::uint64_t> typed_number(std::string_view text, char letter = '\0');
// `text` with its ASCII letters in lower case (names and move words are matched without regard
// to case; other bytes, UTF-8 included, are left as they are).
std::string ascii_lower(std::string_view text);
// `text` without the white space at its ends. Inline: game files call it on every line.
inline std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())) != 0) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())) != 0) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace nimkit
