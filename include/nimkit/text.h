// Splitting text into parts: the one splitter every notation and front end uses.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace nimkit {

// The parts of `text` between separators, empty parts kept: split("a,,b", ',') is {"a", "", "b"}.
std::vector<std::string> split(std::string_view text, char separator);
// The words of `text`, separated by white space (none for blank text).
std::vector<std::string> words(std::string_view text);
// `text` without the white space at its ends.
std::string_view trim(std::string_view text);

}  // namespace nimkit
