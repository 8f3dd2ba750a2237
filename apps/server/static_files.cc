#include "static_files.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "codings.h"

namespace nimkit::server {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool same_token(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

// Calls `each(item)` for every comma-separated item of a header value, trimmed, empty ones left.
template <typename Each>
void for_each_item(std::string_view list, Each each) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    const std::string_view item = trim(list.substr(0, comma));
    if (!item.empty()) each(item);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

// Whether `accept_encoding` accepts `coding`: named with a q above zero, or covered by "*" with
// one. An unparsable q counts as accepting (as if absent). Nothing named and no "*": refused.
bool accepts(std::string_view accept_encoding, std::string_view coding) {
  std::optional<bool> named;
  std::optional<bool> star;
  for_each_item(accept_encoding, [&](std::string_view item) {
    const auto semicolon = item.find(';');
    const std::string_view name = trim(item.substr(0, semicolon));
    bool positive = true;
    if (semicolon != std::string_view::npos) {
      std::string_view params = trim(item.substr(semicolon + 1));
      if (params.size() >= 2 && (params[0] == 'q' || params[0] == 'Q') && params[1] == '=') {
        params.remove_prefix(2);
        // q=0, q=0.0, q=0.00, q=0.000 refuse; any other digit makes it positive.
        positive = std::ranges::any_of(params, [](char c) { return c >= '1' && c <= '9'; });
      }
    }
    if (same_token(name, coding)) named = positive;
    if (name == "*") star = positive;
  });
  return named.value_or(star.value_or(false));
}

std::string quote(std::string_view tag, std::string_view suffix) {
  return "\"" + std::string(tag) + std::string(suffix) + "\"";
}

}  // namespace

const StaticFile* find_static_file(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (const StaticFile& file : static_files()) {
    if (file.path == path) return &file;
  }
  return nullptr;
}

FilledFile::FilledFile(const StaticFile& file, std::string_view marker, std::string_view text)
    : body_(file.body) {
  if (const auto at = body_.find(marker); at != std::string::npos) {
    body_.replace(at, marker.size(), text);
  }
  // Quality 9 of 11: a few milliseconds for the page where the best takes a tenth of a second at
  // every start, for a few percent more bytes.
  brotli_ = brotli(body_, 9);
  gzip_ = gzip(body_);
  if (brotli_.size() >= body_.size()) brotli_.clear();
  if (gzip_.size() >= body_.size()) gzip_.clear();
  etag_ = etag_of(body_);
  file_ = StaticFile{file.path, file.content_type, etag_, body_, brotli_, gzip_};
}

StaticAnswer choose_coding(const StaticFile& file, std::string_view accept_encoding) {
  // Each coding is its own representation, so each has its own entity tag.
  if (!file.brotli.empty() && accepts(accept_encoding, "br")) {
    return {file.brotli, "br", quote(file.etag, "-br")};
  }
  if (!file.gzip.empty() && accepts(accept_encoding, "gzip")) {
    return {file.gzip, "gzip", quote(file.etag, "-gz")};
  }
  return {file.body, "", quote(file.etag, "")};
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  bool match = false;
  for_each_item(if_none_match, [&](std::string_view item) {
    if (item.starts_with("W/")) item.remove_prefix(2);
    if (item == "*" || item == etag) match = true;
  });
  return match;
}

}  // namespace nimkit::server
