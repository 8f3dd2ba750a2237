#include "json_writer.h"

#include <array>
#include <charconv>
#include <cstring>
#include <nlohmann/json.hpp>

#include "json.h"

namespace nimkit::contract {
namespace {

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
  // Rare (escapes, text past ASCII): nlohmann-json writes it, so escapes and the replacement of
  // invalid UTF-8 are exactly dump_json()'s.
  if (comma) raw_text(",");
  raw_text(dump_json(nlohmann::json(std::string(text))));
  if (then != 0) raw_text(std::string_view(&then, 1));
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
