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
