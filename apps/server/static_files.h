// The page's files (HTML, CSS, JS), embedded in the binary at build time by embed.cmake.
#pragma once

#include <span>
#include <string_view>

namespace nimkit::server {

struct StaticFile {
  std::string_view path;          // "/index.html", "/js/app.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view body;
};

// Every embedded file, in the order CMake listed them.
std::span<const StaticFile> static_files();

// The file served at `path` ("/" means "/index.html"), or nullptr.
const StaticFile* find_static_file(std::string_view path);

}  // namespace nimkit::server
