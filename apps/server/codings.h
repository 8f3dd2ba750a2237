// The codings of a page file on the wire, made once: by the build tool for the embedded files
// (embed_web.cc), and by the server at start-up for the page it fills in (index.html with the
// first answers inlined).
#pragma once

#include <string>
#include <string_view>

namespace nimkit::server {

// `data` coded with brotli at `quality` (0 to 11); throws std::runtime_error on failure.
std::string brotli(std::string_view data, int quality);

// `data` coded with gzip at its best compression; throws std::runtime_error on failure.
std::string gzip(std::string_view data);

// A strong validator of `data` (FNV-1a, 64 bits, as 16 hex digits): it changes whenever the
// bytes do.
std::string etag_of(std::string_view data);

}  // namespace nimkit::server
