// Where a request ends (http_framing.h): heads, bodies by length and by chunks, pipelined
// requests, and every framing lie refused on the spot rather than waited on.
#include "http_framing.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace nimkit::server {
namespace {

constexpr FramingLimits kLimits{.max_head_bytes = 1024, .max_body_bytes = 100};

std::optional<ScannedRequest> scan_all(std::string_view bytes) {
  RequestScanner scanner(kLimits);
  return scanner.scan(bytes);
}

// Feeds `bytes` one more byte at a time, as a trickling client would; returns the result of the
// first scan that settles the request, with how many bytes had arrived then.
std::pair<std::optional<ScannedRequest>, std::size_t> scan_trickled(std::string_view bytes) {
  RequestScanner scanner(kLimits);
  for (std::size_t n = 1; n <= bytes.size(); ++n) {
    if (auto request = scanner.scan(bytes.substr(0, n))) return {request, n};
  }
  return {std::nullopt, bytes.size()};
}

// The refusal of a request that is whole when scanned at once: its status and message.
Refusal refusal_of(std::string_view bytes) {
  const auto request = scan_all(bytes);
  EXPECT_TRUE(request) << bytes;
  if (!request || !request->refusal) {
    ADD_FAILURE() << "not refused: " << bytes;
    return {};
  }
  EXPECT_TRUE(request->close_after);
  return *request->refusal;
}

void expect_refused(std::string_view bytes, int status, std::string_view words) {
  const Refusal refusal = refusal_of(bytes);
  EXPECT_EQ(refusal.status, status) << bytes;
  EXPECT_NE(refusal.message.find(words), std::string::npos)
      << "\"" << refusal.message << "\" lacks \"" << words << "\"";
}

const std::string kPost = "POST /api/analyze HTTP/1.1\r\nHost: x\r\n";

TEST(RequestScanner, AGetIsWholeAtTheBlankLineAndNotBefore) {
  const std::string get = "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n";
  const auto [request, arrived] = scan_trickled(get);
  ASSERT_TRUE(request);
  EXPECT_EQ(arrived, get.size());
  EXPECT_EQ(request->length, get.size());
  EXPECT_EQ(request->head_length, get.size());
  EXPECT_FALSE(request->refusal);
  EXPECT_FALSE(request->close_after);
}

TEST(RequestScanner, AHeadWithoutHeadersEndsAtItsBlankLine) {
  const auto request = scan_all("GET / HTTP/1.1\r\n\r\n");
  ASSERT_TRUE(request);
  EXPECT_EQ(request->length, 18u);
}

TEST(RequestScanner, ABodyIsWaitedForUpToItsContentLength) {
  const std::string post = kPost + "Content-Length: 17\r\n\r\n" + R"({"heaps":[3,4,5]})";
  const auto [request, arrived] = scan_trickled(post);
  ASSERT_TRUE(request);
  EXPECT_EQ(arrived, post.size());
  EXPECT_EQ(request->length, post.size());
  EXPECT_EQ(parser_input(post, *request), post);
}

TEST(RequestScanner, PipelinedRequestsAreCutWhereEachEnds) {
  const std::string first = kPost + "Content-Length: 2\r\n\r\n{}";
  const std::string second = "GET /api/health HTTP/1.1\r\n\r\n";
  RequestScanner scanner(kLimits);
  const auto request = scanner.scan(first + second);
  ASSERT_TRUE(request);
  EXPECT_EQ(request->length, first.size());
  scanner.reset();
  const auto next = scanner.scan(second);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->length, second.size());
}

TEST(RequestScanner, ContentLengthsThatAreNotByteCountsAreRefusedAtOnce) {
  for (const char* value : {"-5", "five", "5x", "0x10", "+5", "5 5", "%35"}) {
    expect_refused(kPost + "Content-Length: " + value + "\r\n\r\n", 400,
                   std::string("the Content-Length header \"") + value + "\" is not a number");
  }
  expect_refused(kPost + "Content-Length:\r\n\r\n", 400, "Content-Length header \"\"");
  expect_refused(kPost + "Content-Length: 5\r\nContent-Length: 6\r\n\r\n", 400,
                 "two Content-Length headers disagree: \"5\" and \"6\"");
  expect_refused(kPost + "Content-Length : 5\r\n\r\n", 400,
                 "\"Content-Length \" has a space before its colon");
}

TEST(RequestScanner, RepeatedEqualContentLengthsAndSpacesAroundTheValueAreAccepted) {
  const auto request = scan_all(kPost + "content-length:  2 \r\nContent-Length: 2\r\n\r\n{}");
  ASSERT_TRUE(request);
  EXPECT_FALSE(request->refusal);
}

TEST(RequestScanner, ABodyPastTheLimitIs413BeforeItArrives) {
  expect_refused(kPost + "Content-Length: 101\r\n\r\n", 413,
                 "request body too large: the limit is 100 bytes");
  // Past 2^64: no number is built, the answer is the same.
  expect_refused(kPost + "Content-Length: 99999999999999999999999999\r\n\r\n", 413, "100 bytes");
  const auto at_limit = scan_all(kPost + "Content-Length: 100\r\n\r\n");
  EXPECT_FALSE(at_limit) << "a body of exactly the limit is waited for";
}

TEST(RequestScanner, TransferEncodingsOtherThanOneChunkedAreRefused) {
  expect_refused(kPost + "Transfer-Encoding: gzip\r\n\r\n", 400,
                 "the Transfer-Encoding \"gzip\" is not supported");
  expect_refused(kPost + "Transfer-Encoding: gzip, chunked\r\n\r\n", 400, "not supported");
  expect_refused(kPost + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
                 "more than one Transfer-Encoding");
  expect_refused(kPost + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n", 400,
                 "both a Content-Length and a Transfer-Encoding");
}

TEST(RequestScanner, AChunkedBodyEndsAfterItsLastChunk) {
  const std::string post = kPost + "Transfer-Encoding: Chunked\r\n\r\n" +
                           "7;name=value\r\n{\"heaps\r\nA\r\n\":[3,4,5]}\r\n0\r\n\r\n";
  const auto [request, arrived] = scan_trickled(post + "GET / HTTP/1.1\r\n\r\n");
  ASSERT_TRUE(request);
  EXPECT_FALSE(request->refusal);
  EXPECT_EQ(arrived, post.size());
  EXPECT_EQ(request->length, post.size());
}

TEST(RequestScanner, MalformedChunksAreRefused) {
  const std::string head = kPost + "Transfer-Encoding: chunked\r\n\r\n";
  expect_refused(head + "zz\r\n", 400, "a chunk size is not a hexadecimal number");
  expect_refused(head + " 5\r\n", 400, "a chunk size is not a hexadecimal number");
  expect_refused(head + "2\r\nabc\r\n", 400, "a chunk's data is longer than its size");
  expect_refused(head + "2\n", 400, "does not end in CRLF");
  expect_refused(head + "0\r\nX-Trailer: 1\r\n\r\n", 400, "trailer fields");
  expect_refused(head + "1;" + std::string(300, 'e'), 400, "a chunk-size line is too long");
}

TEST(RequestScanner, AChunkedBodyPastTheLimitIs413AtTheChunkThatCrossesIt) {
  const std::string head = kPost + "Transfer-Encoding: chunked\r\n\r\n";
  expect_refused(head + "FFFFFFFFFFFFFFFFFFFF", 413, "the limit is 100 bytes");
  expect_refused(head + "40\r\n" + std::string(64, 'a') + "\r\n25\r\n", 413, "100 bytes");
  // Chunk extensions are framing, not body: bounded too (16 KiB besides the body).
  std::string padded = head;
  for (int i = 0; i < 99; ++i) padded += "1;" + std::string(250, 'e') + "\r\na\r\n";
  expect_refused(padded, 413, "the limit is 100 bytes");
}

TEST(RequestScanner, AHeadPastItsLimitIs431AndTheParserGetsItsRequestLine) {
  const std::string head = "GET /x HTTP/1.1\r\n" + std::string(1100, 'a');
  const auto request = scan_all(head);
  ASSERT_TRUE(request);
  ASSERT_TRUE(request->refusal);
  EXPECT_EQ(request->refusal->status, 431);
  EXPECT_NE(request->refusal->message.find("the limit is 1024 bytes"), std::string::npos);
  EXPECT_EQ(parser_input(head, *request), "GET /x HTTP/1.1\r\n\r\n");
}

TEST(RequestScanner, RequestLinesTheParserRefusesAreHandedOverWithoutWaiting) {
  // No CR before the LF: httplib answers 400.
  const auto bare = scan_all("GET / HTTP/1.1\nHost: x\n");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->length, 15u);
  EXPECT_TRUE(bare->close_after);
  EXPECT_FALSE(bare->refusal);
  // Longer than httplib's URI limit and not yet ended: httplib answers 414.
  const std::string line = "GET /" + std::string(9000, 'a');
  const auto [request, arrived] = scan_trickled(line);
  ASSERT_TRUE(request);
  EXPECT_LT(arrived, line.size());
  EXPECT_TRUE(request->close_after);
  EXPECT_EQ(parser_input(line, *request), line.substr(0, arrived));
  // Ended but as long: handed over without waiting for the headers.
  const auto ended = scan_all(line + " HTTP/1.1\r\nHost: x\r\n");
  ASSERT_TRUE(ended);
  EXPECT_TRUE(ended->close_after);
  EXPECT_EQ(ended->length, line.size() + 11);
}

TEST(RequestScanner, ExpectContinueIsAnsweredOnceAndNeverReachesTheParser) {
  const std::string head = kPost + "Expect: 100-Continue\r\nContent-Length: 2\r\n\r\n";
  RequestScanner scanner(kLimits);
  EXPECT_FALSE(scanner.take_continue());
  EXPECT_FALSE(scanner.scan(head));
  EXPECT_TRUE(scanner.take_continue());
  EXPECT_FALSE(scanner.take_continue());
  const auto request = scanner.scan(head + "{}");
  ASSERT_TRUE(request);
  EXPECT_EQ(parser_input(head + "{}", *request), kPost + "Content-Length: 2\r\n\r\n{}");
  // No body to come: nothing to continue.
  RequestScanner get(kLimits);
  EXPECT_TRUE(get.scan("GET / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n"));
  EXPECT_FALSE(get.take_continue());
}

TEST(RequestScanner, ARefusedRequestReachesTheParserWithoutItsBody) {
  const std::string head = kPost + "Content-Length: -5\r\n\r\n";
  const auto request = scan_all(head + "abc");
  ASSERT_TRUE(request);
  EXPECT_EQ(parser_input(head + "abc", *request), head);
}

// The verdict on a byte string must not depend on how its bytes were split into reads: fed at
// once or a piece at a time, every mutation of a few valid requests ends at the same byte with the
// same refusal (or, when the connection closes after it, at least with the same refusal).
TEST(RequestScanner, TheVerdictDoesNotDependOnHowTheBytesArrive) {
  const std::string templates[] = {
      "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n\r\n",
      kPost + "Content-Length: 17\r\n\r\n" + R"({"heaps":[3,4,5]})",
      kPost + "Expect: 100-continue\r\nContent-Length: 2\r\n\r\n{}",
      kPost + "Transfer-Encoding: chunked\r\n\r\n3;a=b\r\n{\"h\r\n0\r\n\r\n",
  };
  const std::string alphabet = "\r\n:;0123456789aF -\tGET/Content-Length Transfer-Encoding";
  std::mt19937 random(20);
  for (int round = 0; round < 20'000; ++round) {
    std::string bytes = templates[random() % std::size(templates)];
    for (int edits = 1 + static_cast<int>(random() % 4); edits > 0; --edits) {
      const std::size_t at = random() % (bytes.size() + 1);
      const std::string piece(1 + random() % 3, alphabet[random() % alphabet.size()]);
      switch (random() % 3) {
        case 0:
          bytes.insert(at, piece);
          break;
        case 1:
          bytes.erase(at, piece.size());
          break;
        default:
          bytes.replace(at, piece.size(), piece);
      }
    }
    if (random() % 8 == 0) bytes.append(random() % 20'000, 'h');
    const auto whole = scan_all(bytes);
    RequestScanner scanner(kLimits);
    std::optional<ScannedRequest> pieces;
    for (std::size_t n = 0; n < bytes.size() && !pieces;) {
      n = std::min(bytes.size(), n + 1 + random() % 64);
      pieces = scanner.scan(std::string_view(bytes).substr(0, n));
    }
    ASSERT_EQ(whole.has_value(), pieces.has_value()) << bytes;
    if (!whole) continue;
    ASSERT_LE(whole->length, bytes.size());
    ASSERT_EQ(whole->close_after, pieces->close_after) << bytes;
    ASSERT_EQ(whole->refusal.has_value(), pieces->refusal.has_value()) << bytes;
    if (whole->refusal) {
      ASSERT_EQ(whole->refusal->status, pieces->refusal->status) << bytes;
    }
    if (!whole->close_after) {
      ASSERT_EQ(whole->length, pieces->length) << bytes;
    }
    ASSERT_FALSE(parser_input(bytes, *whole).empty());
  }
}

}  // namespace
}  // namespace nimkit::server
