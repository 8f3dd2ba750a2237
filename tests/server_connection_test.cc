// The server's connection layer (connection.h) on the wire: requests whose headers lie answered
// at once, idle and unfinished connections closed at their deadlines, pipelining, 100-continue,
// chunked bodies, and the caps on connections per address and in total.
#include <gtest/gtest.h>
#include <httplib.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server.h"
#include "server_test_fixture.h"
#include "time_factor.h"

namespace nimkit::server {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Reads from `fd` until `done(bytes)` says the bytes are enough, the connection ends, or
// `patience` passes.
template <typename Done>
std::string read_until(int fd, Done done, milliseconds patience = milliseconds(3000)) {
  std::string bytes;
  const auto give_up = Clock::now() + patience;
  while (!done(bytes)) {
    const auto left = std::chrono::duration_cast<milliseconds>(give_up - Clock::now());
    if (left <= milliseconds{0}) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    char buffer[4096];
    const ssize_t n = ::recv(fd, buffer, sizeof(buffer), 0);
    if (n <= 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  return bytes;
}

// The first whole answer (status line, headers and Content-Length body) in `bytes`, skipping
// interim 1xx answers.
struct Span {
  std::size_t start = 0;
  std::size_t body = 0;
  std::size_t end = 0;  // 0 while the answer is incomplete
};
Span first_answer(std::string_view bytes) {
  std::size_t start = 0;
  for (;;) {
    const std::size_t head_end = bytes.find("\r\n\r\n", start);
    if (head_end == std::string_view::npos) return {};
    if (bytes.substr(start, 10) == "HTTP/1.1 1") {
      start = head_end + 4;
      continue;
    }
    const std::string_view head = bytes.substr(start, head_end - start);
    const std::size_t at = head.find("Content-Length: ");
    const std::size_t length =
        at == std::string_view::npos ? 0 : std::stoul(std::string(head.substr(at + 16, 12)));
    const std::size_t end = head_end + 4 + length;
    if (bytes.size() < end) return {};
    return Span{start, head_end + 4, end};
  }
}

bool has_answer(const std::string& bytes) { return first_answer(bytes).end > 0; }

struct Answer {
  int status = 0;  // 0: no answer
  nlohmann::json body;
  milliseconds took{0};
  bool closed_after = false;  // the server closed the connection after answering
};

// The answer to `request` sent whole on a new connection, and whether the server then closes it.
Answer round_trip(int port, std::string_view request, milliseconds patience = milliseconds(3000)) {
  const int fd = connect_loopback(port);
  const auto start = Clock::now();
  EXPECT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(request.size()));
  const std::string bytes = read_until(fd, has_answer, patience);
  Answer answer;
  answer.took = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
  if (const Span span = first_answer(bytes); span.end > 0) {
    answer.status = std::stoi(bytes.substr(span.start + 9, 3));
    answer.body =
        nlohmann::json::parse(bytes.substr(span.body, span.end - span.body), nullptr, false);
    answer.closed_after = read_until(
                              fd, [](const std::string&) { return false; }, milliseconds(500))
                              .empty();
  }
  ::close(fd);
  return answer;
}

void expect_refused_at_once(const Answer& answer, int status, std::string_view words) {
  EXPECT_EQ(answer.status, status) << answer.body.dump();
  ASSERT_TRUE(answer.body.is_object() && answer.body.contains("error")) << answer.body.dump();
  const std::string message = answer.body["error"].get<std::string>();
  EXPECT_NE(message.find(words), std::string::npos) << message << " lacks " << words;
  EXPECT_LT(answer.took, milliseconds(1000)) << message;
}

const std::string kPost = "POST /api/analyze HTTP/1.1\r\nHost: x\r\n";

TEST(ServerConnectionTest, ANegativeContentLengthIs400NamingTheHeaderAtOnce) {
  OwnServer own(loopback_options());
  const Answer answer = round_trip(own.server.port(), kPost + "Content-Length: -5\r\n\r\n");
  expect_refused_at_once(answer, 400, "the Content-Length header \"-5\" is not a number of bytes");
  EXPECT_TRUE(answer.closed_after);
}

TEST(ServerConnectionTest, HeaderLiesAndBombsAreAnsweredAtOnceInJson) {
  OwnServer own(loopback_options());
  const int port = own.server.port();
  const struct {
    std::string request;
    int status;
    const char* words;
  } cases[] = {
      {kPost + "Content-Length: five\r\n\r\n", 400, "\"five\" is not a number of bytes"},
      {kPost + "Content-Length: 5\r\nContent-Length: 7\r\n\r\n", 400, "disagree"},
      {kPost + "Content-Length: 99999999999999999999999\r\n\r\n", 413, "the limit is 65536"},
      {kPost + "Content-Length: 70000\r\n\r\n", 413, "request body too large"},
      {kPost + "Transfer-Encoding: gzip\r\n\r\n", 400, "\"gzip\" is not supported"},
      {kPost + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400, "both"},
      {kPost + "Transfer-Encoding: chunked\r\n\r\nxyz\r\n", 400, "malformed chunked body"},
      {kPost + "Transfer-Encoding: chunked\r\n\r\nFFFFFFFF\r\n", 413, "the limit is 65536"},
      {"GET / HTTP/1.1\r\n" + std::string(20000, 'h'), 431, "request headers too large"},
      {"GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n", 414, "URI too long"},
      {"GET / HTTP/1.1\nHost: x\n\n", 400, "malformed HTTP request"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.request.substr(0, 80));
    expect_refused_at_once(round_trip(port, c.request), c.status, c.words);
  }
  // None of them disturbed the server.
  EXPECT_EQ(round_trip(port, "GET /api/health HTTP/1.1\r\n\r\n").status, 200);
}

TEST(ServerConnectionTest, RefusalsAreLoggedLikeEveryOtherAnswer) {
  const CapturedLog log;
  {
    OwnServer own(log.options());
    round_trip(own.server.port(), kPost + "Content-Length: -5\r\n\r\n");
  }
  const std::vector<std::string> lines = log.taken();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines.front().rfind("POST /api/analyze 400 ", 0), 0u) << lines.front();
}

TEST(ServerConnectionTest, ASilentConnectionIsClosedAtTheIdleTimeout) {
  ServerOptions options = loopback_options();
  options.idle_timeout = std::chrono::seconds(1);
  OwnServer own(options);
  const int fd = connect_loopback(own.server.port());
  const auto start = Clock::now();
  const std::string bytes = read_until(
      fd, [](const std::string&) { return false; }, milliseconds(4000));
  const auto took = Clock::now() - start;
  ::close(fd);
  EXPECT_TRUE(bytes.empty());
  EXPECT_GE(took, milliseconds(900));
  EXPECT_LT(took, milliseconds(2500));
}

TEST(ServerConnectionTest, PipelinedRequestsAreAnsweredInOrder) {
  OwnServer own(loopback_options());
  const int fd = connect_loopback(own.server.port());
  const std::string requests = "GET /api/health HTTP/1.1\r\n\r\n" + kPost +
                               "Content-Length: 13\r\n\r\n{\"heaps\":[3]}" +
                               "GET /nothing HTTP/1.1\r\nConnection: close\r\n\r\n";
  ::send(fd, requests.data(), requests.size(), MSG_NOSIGNAL);
  const std::string bytes = read_until(fd, [](const std::string&) { return false; });
  ::close(fd);
  const std::size_t first = bytes.find("HTTP/1.1 200");
  const std::size_t second = bytes.find("HTTP/1.1 200", first + 1);
  const std::size_t third = bytes.find("HTTP/1.1 404", second);
  EXPECT_NE(first, std::string::npos) << bytes;
  EXPECT_NE(second, std::string::npos) << bytes;
  EXPECT_NE(third, std::string::npos) << bytes;
  EXPECT_NE(bytes.find(R"("grundy":3)", second), std::string::npos);
}

TEST(ServerConnectionTest, ExpectContinueIsAnsweredOnceBeforeTheBody) {
  OwnServer own(loopback_options());
  const int fd = connect_loopback(own.server.port());
  const std::string head = kPost + "Expect: 100-continue\r\nContent-Length: 13\r\n\r\n";
  ::send(fd, head.data(), head.size(), MSG_NOSIGNAL);
  const std::string interim =
      read_until(fd, [](const std::string& b) { return b.find("\r\n\r\n") != std::string::npos; });
  EXPECT_EQ(interim, "HTTP/1.1 100 Continue\r\n\r\n");
  ::send(fd, R"({"heaps":[3]})", 13, MSG_NOSIGNAL);
  const std::string bytes = read_until(fd, has_answer);
  ::close(fd);
  EXPECT_EQ(bytes.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << bytes;
  EXPECT_EQ(bytes.find("100 Continue"), std::string::npos) << bytes;
}

TEST(ServerConnectionTest, AChunkedBodyIsReadWhole) {
  OwnServer own(loopback_options());
  const Answer answer =
      round_trip(own.server.port(), kPost +
                                        "Transfer-Encoding: chunked\r\n\r\n"
                                        "5\r\n{\"hea\r\nC;x=y\r\nps\":[3,4,5]}\r\n"
                                        "0\r\n\r\n");
  EXPECT_EQ(answer.status, 200) << answer.body.dump();
  EXPECT_EQ(answer.body.value("winner", ""), "first");
}

TEST(ServerConnectionTest, ABodyPastTheLimitIsRefusedAtItsHeadYetTheClientMaySendItAll) {
  OwnServer own(loopback_options());
  const int fd = connect_loopback(own.server.port());
  const std::size_t size = 200'000;
  const std::string head = kPost + "Content-Length: " + std::to_string(size) + "\r\n\r\n";
  ASSERT_EQ(::send(fd, head.data(), head.size(), MSG_NOSIGNAL), static_cast<ssize_t>(head.size()));
  // A client such as curl writes the whole body before it reads: the server reads and drops it
  // after answering, rather than resetting the connection under the client's writes.
  const std::string piece(10'000, ' ');
  bool sent = true;
  for (std::size_t done = 0; done < size && sent; done += piece.size()) {
    std::this_thread::sleep_for(milliseconds(5));
    sent =
        ::send(fd, piece.data(), piece.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(piece.size());
  }
  EXPECT_TRUE(sent) << "the server reset the connection while the body was being sent";
  const std::string bytes = read_until(fd, has_answer);
  ::close(fd);
  EXPECT_EQ(bytes.rfind("HTTP/1.1 413", 0), 0u) << bytes;
}

TEST(ServerConnectionTest, ACompressedBodyIsRefusedOnceItsDecodedBytesPassTheLimit) {
  OwnServer own(loopback_options());
  httplib::Client client("127.0.0.1", own.server.port());
  client.set_compress(true);  // gzip: 10 MB of spaces travel as about 10 KB
  auto res = client.Post("/api/analyze", std::string(10'000'000, ' '), "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
  EXPECT_NE(res->body.find("the limit is 65536 bytes"), std::string::npos) << res->body;
}

TEST(ServerConnectionTest, TheSoftLimitOnOpenFilesIsRaisedToTheHardOne) {
  rlimit files{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &files), 0);
  if (files.rlim_max < 1024) GTEST_SKIP() << "the hard limit is already low";
  rlimit lowered = files;
  lowered.rlim_cur = 512;
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &lowered), 0);
  {
    OwnServer own(loopback_options());
    EXPECT_EQ(round_trip(own.server.port(), "GET /api/health HTTP/1.1\r\n\r\n").status, 200);
  }
  rlimit raised{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &raised), 0);
  EXPECT_EQ(raised.rlim_cur, std::min<rlim_t>(files.rlim_max, rlim_t{1} << 20));
  ::setrlimit(RLIMIT_NOFILE, &files);
}

bool closed_by_server(int fd) {
  return read_until(
             fd, [](const std::string&) { return false; }, milliseconds(1000))
      .empty();
}

bool still_open(int fd) {
  char byte;
  return ::recv(fd, &byte, 1, MSG_DONTWAIT) < 0 && errno == EAGAIN;
}

TEST(ServerConnectionTest, PastTheAddressCapANewConnectionTakesTheOldestWaitingPlace) {
  ServerOptions options = loopback_options();
  options.max_connections_per_address = 4;
  OwnServer own(options);
  std::vector<int> idle;
  for (int i = 0; i < 4; ++i) {
    idle.push_back(connect_loopback(own.server.port()));
    std::this_thread::sleep_for(milliseconds(20));  // distinct deadlines, in this order
  }
  EXPECT_EQ(round_trip(own.server.port(), "GET /api/health HTTP/1.1\r\n\r\n").status, 200);
  EXPECT_TRUE(closed_by_server(idle[0])) << "the oldest idle connection made room";
  for (std::size_t i = 1; i < idle.size(); ++i) EXPECT_TRUE(still_open(idle[i])) << i;
  for (int fd : idle) ::close(fd);
}

TEST(ServerConnectionTest, WhenEveryConnectionIsBusyANewOneIsAnswered503) {
  ServerOptions options = loopback_options();
  options.max_connections = 2;
  options.max_running = 2;
  OwnServer own(options);
  const int port = own.server.port();
  // Two requests that run to the engine's time limit (about a second) hold both connections:
  // misère Wythoff has no quotient, so it needs the game-tree search.
  const std::string body = R"({"rules":"wythoff","misere":true,"heaps":[60,61,62,63]})";
  const std::string slow =
      kPost + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  std::vector<int> busy;
  for (int i = 0; i < 2; ++i) {
    busy.push_back(connect_loopback(port));
    ::send(busy.back(), slow.data(), slow.size(), MSG_NOSIGNAL);
  }
  // Both must be whole and lent to workers, not merely accepted (a waiting connection would be
  // closed to make room); on a loaded machine that can take longer than any fixed pause.
  const auto give_up = Clock::now() + milliseconds(5000);
  while (own.server.connection_counts().handed < 2 && Clock::now() < give_up) {
    std::this_thread::sleep_for(milliseconds(5));
  }
  ASSERT_EQ(own.server.connection_counts().handed, 2u);
  const Answer refused = round_trip(port, "GET /api/health HTTP/1.1\r\n\r\n");
  expect_refused_at_once(refused, 503, "too many connections");
  EXPECT_TRUE(refused.closed_after);
  for (int fd : busy) {
    const std::string bytes = read_until(fd, has_answer);
    EXPECT_EQ(bytes.rfind("HTTP/1.1 422", 0), 0u) << bytes;
    ::close(fd);
  }
  // Once the answers are written the server has room again; the worker hands a connection back
  // a moment after its last byte leaves, so a client may meet that moment and be told to retry.
  int status = 0;
  const auto retry_until = Clock::now() + milliseconds(2000);
  do {
    status = round_trip(port, "GET /api/health HTTP/1.1\r\n\r\n").status;
  } while (status == 503 && Clock::now() < retry_until);
  EXPECT_EQ(status, 200);
}

// A request whose answer is megabytes: the analysis of `heaps` random 64-bit Nim heaps lists every
// winning move with the position it leaves.
std::string big_analysis_request(int heaps, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::string position;
  for (int i = 0; i < heaps; ++i) position += (i > 0 ? " " : "") + std::to_string(random());
  const std::string body = R"({"rules":"nim","position":")" + position + R"("})";
  return kPost + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// A client that reads slowly: a small receive buffer, `piece` bytes every `pause`.
struct SlowRead {
  std::string head;
  std::size_t content_length = 0;
  std::size_t body_bytes = 0;  // of the answer's body, received
  milliseconds took{0};
};
SlowRead read_slowly(int port, const std::string& request, std::size_t piece, milliseconds pause,
                     std::atomic<bool>* first_byte = nullptr) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  const int small = 16 * 1024;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  SlowRead read;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    ::close(fd);
    return read;
  }
  const auto start = Clock::now();
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  std::string bytes;
  std::vector<char> buffer(piece);
  bool in_body = false;
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 20000) <= 0) break;
    const ssize_t n = ::recv(fd, buffer.data(), buffer.size(), 0);
    if (n <= 0) break;
    if (first_byte != nullptr) *first_byte = true;
    if (in_body) {
      read.body_bytes += static_cast<std::size_t>(n);
    } else {
      bytes.append(buffer.data(), static_cast<std::size_t>(n));
      if (const std::size_t end = bytes.find("\r\n\r\n"); end != std::string::npos) {
        read.head = bytes.substr(0, end);
        const std::size_t at = read.head.find("Content-Length: ");
        if (at != std::string::npos) read.content_length = std::stoul(read.head.substr(at + 16));
        read.body_bytes = bytes.size() - end - 4;
        in_body = true;
      }
    }
    if (in_body && read.body_bytes >= read.content_length) break;
    std::this_thread::sleep_for(pause);
  }
  read.took = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
  ::close(fd);
  return read;
}

TEST(ServerConnectionTest, ASlowReaderReceivesTheWholeAnswer) {
  // The write timeout counts time without progress: an answer that takes many times the
  // timeout to drain arrives whole, every one of its Content-Length bytes.
  ServerOptions options = loopback_options();
  options.write_timeout = milliseconds(200);
  options.api.max_request_time = std::chrono::seconds(10);
  OwnServer own(options);
  const SlowRead read =
      read_slowly(own.server.port(), big_analysis_request(1000, 1), 16 * 1024, milliseconds(5));
  ASSERT_EQ(read.head.rfind("HTTP/1.1 200", 0), 0u) << read.head;
  EXPECT_GT(read.content_length, std::size_t{4} << 20);
  EXPECT_EQ(read.body_bytes, read.content_length);
  EXPECT_GT(read.took, 5 * options.write_timeout) << "the answer drained too fast to test";
  EXPECT_EQ(own.server.connection_counts().cut_off, 0u);
}

TEST(ServerConnectionTest, AReaderThatStallsIsCutOffAfterTheWriteTimeout) {
  ServerOptions options = loopback_options();
  options.write_timeout = milliseconds(300);
  options.api.max_request_time = std::chrono::seconds(10);
  OwnServer own(options);
  const int fd = connect_loopback(own.server.port());
  const std::string request = big_analysis_request(1000, 2);
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  const auto give_up = Clock::now() + milliseconds(10000 * nimkit_test::kTimeFactor);
  while (own.server.connection_counts().cut_off == 0 && Clock::now() < give_up) {
    std::this_thread::sleep_for(milliseconds(20));
  }
  ::close(fd);
  EXPECT_EQ(own.server.connection_counts().cut_off, 1u);
}

TEST(ServerConnectionTest, HealthAnswersAtOnceWhileSlowReadersDrainBigAnswers) {
  ServerOptions options = loopback_options();
  constexpr int kReaders = 8;
  options.threads = 1;
  options.max_running = 2;
  // Every reader's analysis is answered, however loaded the machine: this is about connections.
  options.max_waiting = kReaders;
  options.queue_wait = std::chrono::seconds(30);
  options.api.max_request_time = std::chrono::seconds(10);
  OwnServer own(options);
  const int port = own.server.port();
  std::vector<std::atomic<bool>> started(kReaders);
  std::vector<SlowRead> reads(kReaders);
  std::vector<std::thread> readers;
  for (int i = 0; i < kReaders; ++i) {
    readers.emplace_back([&, i] {
      reads[static_cast<std::size_t>(i)] =
          read_slowly(port, big_analysis_request(500, 10 + static_cast<std::uint64_t>(i)),
                      16 * 1024, milliseconds(5), &started[static_cast<std::size_t>(i)]);
    });
  }
  // Every reader has its answer coming (rendered, draining) before the probes start.
  const auto give_up = Clock::now() + milliseconds(20000);
  auto all_started = [&] {
    return std::all_of(started.begin(), started.end(), [](const auto& s) { return s.load(); });
  };
  while (!all_started() && Clock::now() < give_up) std::this_thread::sleep_for(milliseconds(10));
  ASSERT_TRUE(all_started());
  milliseconds slowest{0};
  for (int i = 0; i < 10; ++i) {
    const Answer health = round_trip(port, "GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(health.status, 200);
    slowest = std::max(slowest, health.took);
    std::this_thread::sleep_for(milliseconds(50));
  }
  EXPECT_LT(slowest, milliseconds(100 * nimkit_test::kTimeFactor));
  for (std::thread& reader : readers) reader.join();
  for (const SlowRead& read : reads) {
    EXPECT_EQ(read.head.rfind("HTTP/1.1 200", 0), 0u) << read.head;
    EXPECT_EQ(read.body_bytes, read.content_length);
  }
}

TEST(ServerConnectionTest, AClientThatSendsABigBodyBeforeReadingGets413) {
  OwnServer own(loopback_options());
  const int fd = connect_loopback(own.server.port());
  const std::size_t size = std::size_t{8} << 20;
  const std::string request =
      kPost + "Content-Length: " + std::to_string(size) + "\r\n\r\n" + std::string(size, ' ');
  // A blocking write of the whole request, as curl does, then the read.
  std::size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  EXPECT_EQ(sent, request.size()) << "the server reset the connection under the client's writes";
  const std::string bytes = read_until(fd, has_answer);
  ::close(fd);
  EXPECT_EQ(bytes.rfind("HTTP/1.1 413", 0), 0u) << bytes;
}

TEST(ServerConnectionTest, AnAnswerPastTheAnswerBudgetIs503WhileSmallOnesGoOut) {
  ServerOptions options = loopback_options();
  options.answer_budget = 1 << 20;
  options.api.max_request_time = std::chrono::seconds(10);
  OwnServer own(options);
  const int port = own.server.port();
  // The first big answer is held whole (nothing else is); the second does not fit beside it.
  // Each is an analysis of 1000 heaps, which may take the request's whole time under the
  // sanitizers on a busy machine.
  const milliseconds patience =
      std::chrono::duration_cast<milliseconds>(options.api.max_request_time) *
      nimkit_test::kTimeFactor;
  const int holder = connect_loopback(port);
  const std::string request = big_analysis_request(1000, 3);
  ::send(holder, request.data(), request.size(), MSG_NOSIGNAL);
  const std::string start = read_until(
      holder, [](const std::string& b) { return b.size() > 0; }, patience);
  ASSERT_EQ(start.rfind("HTTP/1.1 200", 0), 0u) << start.substr(0, 100);
  const Answer refused = round_trip(port, request, patience);
  EXPECT_EQ(refused.status, 503) << refused.body.dump();
  EXPECT_NE(refused.body.value("error", "").find("busy"), std::string::npos) << refused.body;
  EXPECT_EQ(round_trip(port, "GET /api/health HTTP/1.1\r\n\r\n").status, 200);
  EXPECT_EQ(own.server.connection_counts().over_budget, 1u);
  ::close(holder);
}

}  // namespace
}  // namespace nimkit::server
