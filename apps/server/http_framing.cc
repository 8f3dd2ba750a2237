#include "http_framing.h"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "nimkit/quote.h"
#include "routes.h"

namespace nimkit::server {
namespace {

// httplib answers 414 to a longer request line; the scanner hands such a line over as soon as it
// is longer, rather than waiting for its end.
constexpr std::size_t kMaxRequestLine = CPPHTTPLIB_REQUEST_URI_MAX_LENGTH;
// A chunked body may spend this much on chunk sizes and line ends besides the bytes it carries.
constexpr std::size_t kChunkOverhead = 16 * 1024;
// A chunk-size line (digits and extensions) longer than this is refused.
constexpr std::size_t kMaxChunkLine = 256;

bool is_space_or_tab(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space_or_tab(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space_or_tab(text.back())) text.remove_suffix(1);
  return text;
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// One header line of the head, split as httplib splits it: the name is everything before the
// first colon (untrimmed, so "Content-Length : 5" names another header), the value is trimmed.
struct HeaderLine {
  std::string_view name;
  std::string_view value;
};

// Calls `fn` on every header line of `head` (the head without its request line and blank line)
// that httplib reads: lines ending in CRLF with a colon.
template <typename Fn>
void for_each_header(std::string_view head, Fn fn) {
  while (!head.empty()) {
    const std::size_t end = head.find('\n');
    std::string_view line = head.substr(0, end);
    head.remove_prefix(end == std::string_view::npos ? head.size() : end + 1);
    if (line.empty() || line.back() != '\r') continue;
    line.remove_suffix(1);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    fn(HeaderLine{line.substr(0, colon), trim(line.substr(colon + 1))});
  }
}

}  // namespace

ScannedRequest RequestScanner::whole(std::size_t length) const {
  return ScannedRequest{.length = length,
                        .line_length = line_length_,
                        .head_length = head_length_,
                        .refusal = std::nullopt,
                        .close_after = false};
}

ScannedRequest RequestScanner::unparsed(std::size_t length) {
  return ScannedRequest{.length = length,
                        .line_length = 0,
                        .head_length = 0,
                        .refusal = std::nullopt,
                        .close_after = true};
}

ScannedRequest RequestScanner::refuse(std::size_t length, int status, std::string message) const {
  return ScannedRequest{.length = length,
                        .line_length = line_length_,
                        .head_length = head_length_,
                        .refusal = Refusal{status, std::move(message)},
                        .close_after = true};
}

std::optional<ScannedRequest> RequestScanner::scan(std::string_view bytes) {
  if (head_length_ == 0) {
    if (auto done = scan_head(bytes)) return done;
    if (head_length_ == 0) return std::nullopt;
  }
  switch (body_) {
    case Body::kNone:
      return whole(head_length_);
    case Body::kLength:
      if (bytes.size() - head_length_ < content_length_) return std::nullopt;
      return whole(head_length_ + static_cast<std::size_t>(content_length_));
    case Body::kChunked:
      return scan_chunks(bytes);
  }
  return std::nullopt;
}

bool RequestScanner::take_continue() {
  if (!expects_continue_ || continue_taken_ || head_length_ == 0 || body_ == Body::kNone) {
    return false;
  }
  continue_taken_ = true;
  return true;
}

// Finds the request line and the blank line that ends the head; on finding it, reads the
// framing headers (read_framing). A result means the request is settled without a body.
std::optional<ScannedRequest> RequestScanner::scan_head(std::string_view bytes) {
  if (line_length_ == 0) {
    const std::size_t end = bytes.find('\n', scanned_);
    if (end == std::string_view::npos) {
      scanned_ = bytes.size();
      // httplib answers 414 to a line this long: it gets what has come, and the connection ends.
      if (bytes.size() > kMaxRequestLine + 2) {
        return unparsed(bytes.size());
      }
      return std::nullopt;
    }
    // A request line must end in CRLF; httplib answers 400 to one that does not.
    if (end == 0 || bytes[end - 1] != '\r') {
      return unparsed(end + 1);
    }
    // httplib answers 414 to a line this long without needing the rest of the head.
    if (end + 1 > kMaxRequestLine) return unparsed(end + 1);
    line_length_ = end + 1;
    scanned_ = end;
  }
  // The blank line is a CRLF right after a line's LF (the request line's, or a header's).
  const std::size_t blank = bytes.find("\n\r\n", scanned_);
  if (blank == std::string_view::npos) {
    scanned_ = std::max(scanned_, bytes.size() >= 2 ? bytes.size() - 2 : 0);
    if (bytes.size() > limits_.max_head_bytes) {
      return refuse(
          bytes.size(), 431,
          fmt::format("request headers too large: the limit is {} bytes", limits_.max_head_bytes));
    }
    return std::nullopt;
  }
  head_length_ = blank + 3;
  if (head_length_ > limits_.max_head_bytes) {
    return refuse(
        head_length_, 431,
        fmt::format("request headers too large: the limit is {} bytes", limits_.max_head_bytes));
  }
  body_scanned_ = head_length_;
  return read_framing(bytes);
}

// Reads Content-Length, Transfer-Encoding and Expect from the head. Returns a refusal when they
// lie or exceed the body limit; otherwise records the body to wait for and returns nullopt.
std::optional<ScannedRequest> RequestScanner::read_framing(std::string_view bytes) {
  const std::string_view headers = bytes.substr(line_length_, head_length_ - 2 - line_length_);
  std::optional<std::string_view> length_text;
  std::optional<std::string_view> coding;
  std::optional<Refusal> refusal;
  auto refuse_once = [&](int status, std::string message) {
    if (!refusal) refusal = Refusal{status, std::move(message)};
  };
  for_each_header(headers, [&](const HeaderLine& header) {
    const std::string_view name = trim(header.name);
    const bool length = same_name(name, "Content-Length");
    const bool encoding = same_name(name, "Transfer-Encoding");
    if ((length || encoding) && name.size() != header.name.size()) {
      refuse_once(400, fmt::format("the header name {} has a space before its colon",
                                   nimkit::quoted(header.name)));
    } else if (length) {
      if (length_text && *length_text != header.value) {
        refuse_once(400, fmt::format("two Content-Length headers disagree: {} and {}",
                                     nimkit::quoted(*length_text), nimkit::quoted(header.value)));
      }
      length_text = header.value;
    } else if (encoding) {
      if (coding) refuse_once(400, "the request has more than one Transfer-Encoding header");
      coding = header.value;
    } else if (same_name(name, "Expect")) {
      expects_continue_ = same_name(header.value, "100-continue");
    }
  });
  if (!refusal && length_text && coding) {
    refuse_once(400, "the request has both a Content-Length and a Transfer-Encoding header");
  }
  if (!refusal && coding && !same_name(*coding, "chunked")) {
    refuse_once(400, fmt::format("the Transfer-Encoding {} is not supported: send the body with "
                                 "a Content-Length, or chunked",
                                 nimkit::quoted(*coding)));
  }
  if (!refusal && length_text) {
    const std::string_view text = *length_text;
    const bool digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) {
      refuse_once(400, fmt::format("the Content-Length header {} is not a number of bytes",
                                   nimkit::quoted(text)));
    } else {
      // Digits past the body limit need no exact value (and may not fit in 64 bits).
      std::uint64_t value = 0;
      for (char c : text) {
        value = std::min<std::uint64_t>(value * 10 + static_cast<unsigned>(c - '0'),
                                        std::uint64_t{limits_.max_body_bytes} + 1);
      }
      if (value > limits_.max_body_bytes) {
        refuse_once(413, body_too_large(limits_.max_body_bytes));
      }
      content_length_ = value;
      body_ = value > 0 ? Body::kLength : Body::kNone;
    }
  }
  if (!refusal && coding) body_ = Body::kChunked;
  if (refusal) return refuse(head_length_, refusal->status, std::move(refusal->message));
  return std::nullopt;
}

// Follows the chunks of a chunked body (sizes in hex, optional extensions, no trailer fields)
// from where the last scan stopped. The request is whole after the last chunk's blank line.
std::optional<ScannedRequest> RequestScanner::scan_chunks(std::string_view bytes) {
  auto malformed = [&](std::string_view what) {
    return refuse(head_length_, 400, fmt::format("malformed chunked body: {}", what));
  };
  std::size_t at = body_scanned_;
  while (at < bytes.size()) {
    if (chunk_ == Chunk::kData) {
      const std::size_t take =
          static_cast<std::size_t>(std::min<std::uint64_t>(chunk_left_, bytes.size() - at));
      at += take;
      chunk_left_ -= take;
      if (chunk_left_ == 0) chunk_ = Chunk::kDataEnd;
      continue;
    }
    const char c = bytes[at++];
    switch (chunk_) {
      case Chunk::kSize:
        if (++chunk_line_ > kMaxChunkLine) return malformed("a chunk-size line is too long");
        if (const int digit = hex_digit(c); digit >= 0) {
          chunk_size_ = chunk_size_ * 16 + static_cast<unsigned>(digit);
          if (decoded_ + chunk_size_ > limits_.max_body_bytes) {
            return refuse(head_length_, 413, body_too_large(limits_.max_body_bytes));
          }
        } else if (chunk_line_ == 1) {
          return malformed("a chunk size is not a hexadecimal number");
        } else if (c == ';') {
          chunk_ = Chunk::kExtension;
        } else if (c == '\r') {
          chunk_ = Chunk::kSizeEnd;
        } else if (c == '\n') {
          return malformed("a chunk-size line does not end in CRLF");
        } else {
          return malformed("a chunk size is not a hexadecimal number");
        }
        break;
      case Chunk::kExtension:
        if (++chunk_line_ > kMaxChunkLine) return malformed("a chunk-size line is too long");
        if (c == '\r') chunk_ = Chunk::kSizeEnd;
        if (c == '\n') return malformed("a chunk-size line does not end in CRLF");
        break;
      case Chunk::kSizeEnd:
        if (c != '\n') return malformed("a chunk-size line does not end in CRLF");
        decoded_ += chunk_size_;
        chunk_left_ = chunk_size_;
        chunk_ = chunk_size_ == 0 ? Chunk::kLastEnd : Chunk::kData;
        break;
      case Chunk::kDataEnd:
        if (c != '\r') return malformed("a chunk's data is longer than its size");
        chunk_ = Chunk::kDataEndLf;
        break;
      case Chunk::kDataEndLf:
        if (c != '\n') return malformed("a chunk's data does not end in CRLF");
        chunk_ = Chunk::kSize;
        chunk_size_ = 0;
        chunk_line_ = 0;
        break;
      case Chunk::kLastEnd:
        if (c != '\r') return malformed("trailer fields after the last chunk are not accepted");
        chunk_ = Chunk::kLastLf;
        break;
      case Chunk::kLastLf:
        if (c != '\n') return malformed("the last chunk does not end in CRLF");
        body_scanned_ = at;
        return whole(at);
      case Chunk::kData:
        break;
    }
    if (at - head_length_ > limits_.max_body_bytes + kChunkOverhead) {
      return refuse(head_length_, 413, body_too_large(limits_.max_body_bytes));
    }
  }
  body_scanned_ = at;
  return std::nullopt;
}

std::string parser_input(std::string_view bytes, const ScannedRequest& request) {
  if (request.head_length == 0) {
    // A head that never ended: the request line alone routes a refusal; otherwise the parser
    // refuses the bytes by itself.
    if (request.refusal && request.line_length > 0) {
      return std::string(bytes.substr(0, request.line_length)) + "\r\n";
    }
    return std::string(bytes.substr(0, request.length));
  }
  std::string input(bytes.substr(0, request.line_length));
  std::string_view headers =
      bytes.substr(request.line_length, request.head_length - request.line_length);
  while (!headers.empty()) {
    const std::size_t end = headers.find('\n');
    const std::string_view line =
        end == std::string_view::npos ? headers : headers.substr(0, end + 1);
    headers.remove_prefix(line.size());
    const std::size_t colon = line.find(':');
    if (colon != std::string_view::npos && same_name(trim(line.substr(0, colon)), "Expect")) {
      continue;
    }
    input += line;
  }
  if (!request.refusal) {
    input += bytes.substr(request.head_length, request.length - request.head_length);
  }
  return input;
}

}  // namespace nimkit::server
