// Where one HTTP/1.1 request ends in the bytes a client sent, found before any handler runs: the
// head (request line and headers, up to the blank line) and the body its framing headers announce
// (Content-Length, or Transfer-Encoding: chunked). The connection layer (connection.h) reads a
// request with it without blocking and hands the parser only whole requests.
//
// The framing headers are read strictly, so that a request whose headers lie about its body is
// refused at once instead of being waited on: a Content-Length that is not a number of bytes, two
// that disagree, both framings at once, a transfer coding other than chunked, a space before the
// colon of a framing header, a malformed chunk. The head and the body are bounded (431 and 413).
// What the parser would refuse by itself (a request line without CRLF: 400; longer than httplib's
// URI limit: 414) is handed to it as soon as it is known, so it answers at once too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nimkit::server {

struct FramingLimits {
  std::size_t max_head_bytes = 16 * 1024;  // request line and headers
  std::size_t max_body_bytes = 64 * 1024;  // the body as the handler reads it (chunks decoded)
};

// A request the connection layer refuses before any handler sees it: the status and the message
// the answer's {"error": ...} carries.
struct Refusal {
  int status = 400;
  std::string message;
};

// A whole request found in the buffer.
struct ScannedRequest {
  std::size_t length = 0;       // bytes of the buffer the request takes (head and body)
  std::size_t line_length = 0;  // bytes of the request line with its CRLF; 0 when it never ended
  std::size_t head_length = 0;  // bytes of the head with its blank line; 0 when it never ended
  std::optional<Refusal> refusal;
  // Where the next request would start is unknown (a refusal, a line the parser refuses): the
  // connection closes after the answer.
  bool close_after = false;
};

// Finds the end of one request in a buffer that grows as bytes arrive. Each scan continues where
// the last one stopped, so a request trickled a byte at a time costs time linear in its length.
class RequestScanner {
 public:
  explicit RequestScanner(FramingLimits limits) : limits_(limits) {}

  // `bytes` holds the request's bytes from its first (the same buffer on every call, longer
  // each time). Returns the request once it is whole, or refused; nullopt while more is needed.
  std::optional<ScannedRequest> scan(std::string_view bytes);
  // True once per request: its head asked for "100 Continue" and its body is still to come. The
  // parser never sees the Expect header (parser_input drops it), so it never answers it twice.
  bool take_continue();
  // Forgets the request, for the next one on the connection.
  void reset() { *this = RequestScanner(limits_); }

 private:
  enum class Body { kNone, kLength, kChunked };
  enum class Chunk { kSize, kExtension, kSizeEnd, kData, kDataEnd, kDataEndLf, kLastEnd, kLastLf };

  std::optional<ScannedRequest> scan_head(std::string_view bytes);
  std::optional<ScannedRequest> read_framing(std::string_view bytes);
  std::optional<ScannedRequest> scan_chunks(std::string_view bytes);
  // The request, whole in `length` bytes.
  ScannedRequest whole(std::size_t length) const;
  // Bytes the parser refuses by itself (a request line it answers 400 or 414).
  static ScannedRequest unparsed(std::size_t length);
  ScannedRequest refuse(std::size_t length, int status, std::string message) const;

  FramingLimits limits_;
  std::size_t scanned_ = 0;  // bytes already searched for the end of the line or head
  std::size_t line_length_ = 0;
  std::size_t head_length_ = 0;
  Body body_ = Body::kNone;
  std::uint64_t content_length_ = 0;
  bool expects_continue_ = false;
  bool continue_taken_ = false;
  // The chunked body: where the scan is, and its state.
  std::size_t body_scanned_ = 0;
  Chunk chunk_ = Chunk::kSize;
  std::uint64_t chunk_size_ = 0;
  std::uint64_t chunk_left_ = 0;
  std::size_t chunk_line_ = 0;  // bytes of the current size line
  std::uint64_t decoded_ = 0;   // body bytes the chunks carry so far
};

// What the HTTP parser is given for a scanned request: the request without its Expect headers;
// for a refusal, only its head (or its request line), which is all the answer needs.
std::string parser_input(std::string_view bytes, const ScannedRequest& request);

}  // namespace nimkit::server
