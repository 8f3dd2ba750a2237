// A lean JSON writer: appends JSON text to a string with no object built, byte for byte as
// dump_json() (json.h) writes the same values — compact, keys as the caller orders them (write
// them in sorted order to match nlohmann's objects), non-ASCII text as it is, invalid UTF-8
// replaced by U+FFFD. For answers written many times a second (a batch's lines).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "nimkit/nimber.h"

namespace nimkit::contract {

class JsonWriter {
 public:
  // Appends to `out`, which holds the text written so far once the writer is destroyed (or
  // finish() is called); in between it may hold spare room past the text.
  explicit JsonWriter(std::string& out) : out_(out), size_(out.size()) {}
  ~JsonWriter() { finish(); }
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // A key of the object being written, from a literal of plain ASCII; its value follows.
  template <std::size_t N>
  void key(const char (&name)[N]) {
    char* p = room(N + 3);
    if (comma_) *p++ = ',';
    *p++ = '"';
    std::memcpy(p, name, N - 1);
    p += N - 1;
    *p++ = '"';
    *p++ = ':';
    commit(p);
    comma_ = false;
  }
  // Any other key.
  void key(std::string_view name) { quoted(name, ':'); }
  void string(std::string_view text) { quoted(text, 0); }
  void number(std::uint64_t value);
  // As nimber_json() writes it: a number, or a decimal string past 2^64-1.
  void nimber(Nimber value);
  void null();
  // JSON text written elsewhere by a writer (a fragment that repeats), as the next value(s).
  void raw(std::string_view json);
  // Cuts `out` to the text written (the writer may go on appending after).
  void finish() { out_.resize(size_); }

 private:
  // Room for n more bytes at the returned pointer; commit(end) after writing them.
  char* room(std::size_t n) {
    if (out_.size() - size_ < n) out_.resize(std::max(2 * out_.size(), size_ + n + 256));
    return out_.data() + size_;
  }
  void commit(const char* end) { size_ = static_cast<std::size_t>(end - out_.data()); }
  void open(char c) {
    char* p = room(2);
    if (comma_) *p++ = ',';
    *p++ = c;
    commit(p);
    comma_ = false;
  }
  void close(char c) {
    char* p = room(1);
    *p++ = c;
    commit(p);
    comma_ = true;
  }
  // `text` as a JSON string, after the comma it needs and followed by `then` (':' after a key; 0
  // for nothing).
  void quoted(std::string_view text, char then);
  void raw_text(std::string_view text);

  std::string& out_;
  std::size_t size_;    // the text written; out_ past it is spare room
  bool comma_ = false;  // a value written since the last open: the next one needs a comma
};

}  // namespace nimkit::contract
