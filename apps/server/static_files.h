// The page's files (HTML, CSS, JS), embedded in the binary at build time by embed_web.cc, each
// with its brotli and gzip codings made there: the server never compresses a static file.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace nimkit::server {

struct StaticFile {
  std::string_view path;          // "/index.html", "/js/app.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view etag;          // a hash of body, hex, without quotes
  std::string_view body;
  std::string_view brotli;  // body coded with brotli; empty when that would not be smaller
  std::string_view gzip;    // body coded with gzip; empty when that would not be smaller
};

// Every embedded file, in the order CMake listed them.
std::span<const StaticFile> static_files();

// The file served at `path` ("/" means "/index.html"), or nullptr.
const StaticFile* find_static_file(std::string_view path);

// A page file with `text` in place of the first `marker` in it, coded anew (brotli at a quick
// quality, gzip) when it is made: the server fills index.html with its first answers once, at
// start-up. Without the marker it is the file as it is. It owns its bytes, so it stays in place.
class FilledFile {
 public:
  FilledFile(const StaticFile& file, std::string_view marker, std::string_view text);
  FilledFile(const FilledFile&) = delete;
  FilledFile& operator=(const FilledFile&) = delete;

  const StaticFile& file() const { return file_; }

 private:
  std::string body_;
  std::string brotli_;
  std::string gzip_;
  std::string etag_;
  StaticFile file_;
};

// One coding of a file, as it goes on the wire.
struct StaticAnswer {
  std::string_view bytes;
  std::string_view encoding;  // the Content-Encoding: "br", "gzip", or "" for none
  std::string etag;           // the quoted entity tag of these bytes
};

// The coding of `file` to send to a client whose Accept-Encoding header is `accept_encoding`:
// brotli, else gzip, when the client accepts it (a coding given q=0 is refused, as is "*;q=0"
// for codings not named) and the file has it; otherwise the file itself.
StaticAnswer choose_coding(const StaticFile& file, std::string_view accept_encoding);

// Whether an If-None-Match header `if_none_match` names `etag` (or is "*"): the client's copy is
// current and the answer is 304. Weak tags (W/"...") match too, as RFC 9110 asks for GET.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace nimkit::server
