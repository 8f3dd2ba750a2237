#include "json_writer.h"

#include <array>
#include <charconv>
#include <cstring>
#include <nlohmann/json.hpp>

#include "json.h"
#include "nimkit/quote.h"

namespace nimkit::contract {
namespace {

// The text between the quotes of a JSON string, escaped as nlohmann-json escapes valid UTF-8.
void append_escaped(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
          out.append(escape, sizeof escape);
        } else {
          out += ch;
        }
    }
  }
}

// Bytes a JSON string holds as they are (printable ASCII but '"' and '\\').
constexpr auto kPlain = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return plain;
}();

bool plain(std::string_view text) {
  for (const char ch : text) {
    if (!kPlain[static_cast<unsigned char>(ch)]) return false;
  }
  return true;
}

}  // namespace

void JsonWriter::quoted(std::string_view text, char then) {
  const bool comma = comma_;
  comma_ = then == 0;  // after a key, its value takes no comma
  if (plain(text)) {
    char* p = room(text.size() + 4);
    if (comma) *p++ = ',';
    *p++ = '"';
    std::memcpy(p, text.data(), text.size());
    p += text.size();
    *p++ = '"';
    if (then != 0) *p++ = then;
    commit(p);
    return;
  }
  std::string text_of;
  if (comma) text_of += ',';
  if (valid_utf8(text)) {
    text_of += '"';
    append_escaped(text_of, text);
    text_of += '"';
  } else {
    // Rare: the replacements exactly as dump_json() makes them.
    text_of += dump_json(nlohmann::json(std::string(text)));
  }
  if (then != 0) text_of += then;
  raw_text(text_of);
}

void JsonWriter::raw_text(std::string_view text) {
  char* p = room(text.size());
  std::memcpy(p, text.data(), text.size());
  commit(p + text.size());
}

void JsonWriter::raw(std::string_view json) {
  if (comma_) raw_text(",");
  raw_text(json);
  comma_ = true;
}

void JsonWriter::number(std::uint64_t value) {
  char* p = room(24);
  if (comma_) *p++ = ',';
  comma_ = true;
  commit(std::to_chars(p, p + 20, value).ptr);
}

void JsonWriter::nimber(Nimber value) {
  if (value <= ~std::uint64_t{0}) return number(static_cast<std::uint64_t>(value));
  string(to_string(value));
}

void JsonWriter::null() { raw("null"); }

}  // namespace nimkit::contract
