// Text from a user quoted back in a message or a log line: one sanitizer for every place.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace nimkit {

// Longest piece of user text a message quotes, in bytes of the input.
inline constexpr std::size_t kMaxQuoted = 64;

// `text` made safe to print on one line, without the surrounding quotes: valid UTF-8 printable
// characters pass; control characters, DEL, backslash and invalid UTF-8 bytes are shown as
// escapes (\n, \t, \\, \x1b, \xff), so the result is always valid UTF-8 with no control
// characters. Text longer than `max_bytes` is cut at a character boundary and ends with
// "… (N bytes)" naming the full length.
std::string sanitize(std::string_view text, std::size_t max_bytes = kMaxQuoted);

// sanitize(text) between double quotes: `"3x"`. Every message that names a bad value uses it.
std::string quoted(std::string_view text, std::size_t max_bytes = kMaxQuoted);

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF). Input that must become JSON text is checked with it first.
bool valid_utf8(std::string_view text);

}  // namespace nimkit
