// Connection floods against the HTTP server: 1000 loopback connections that are silent, or that
// send a request line and headers but never the blank line that ends them, each reopened the
// moment the server drops it. Meanwhile /api/health must answer every probe within 100 ms (a new
// connection each time, as a monitor would) and a real /api/analyze must succeed.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "health_probe.h"
#include "server.h"
#include "server_test_fixture.h"

namespace nimkit::server {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

#ifdef NIMKIT_LOAD_SANITIZED
// Sanitizers slow every thread 5-10x: the bound checks that the server still answers, the
// release build checks the 100 ms.
constexpr milliseconds kHealthBound{1000};
#else
constexpr milliseconds kHealthBound{100};
#endif

constexpr int kConnections = 1000;

// One thread holding `count` connections to the server, each reopened as soon as the server
// closes it. Silent connections never send a byte; trickling ones send a request line and a
// header at once, then one more header byte every second, and never the blank line.
class Flood {
 public:
  enum class Kind { kSilent, kTrickling };

  Flood(int port, Kind kind, int count) : port_(port), kind_(kind), slots_(count) {
    thread_ = std::thread([this] { run(); });
  }
  ~Flood() {
    stop_ = true;
    thread_.join();
    for (const Slot& slot : slots_) {
      if (slot.fd >= 0) ::close(slot.fd);
    }
  }
  Flood(const Flood&) = delete;
  Flood& operator=(const Flood&) = delete;

  // Connections established at least once, and reopened after the server dropped them.
  long connected() const { return connected_.load(); }
  long reopened() const { return reopened_.load(); }

 private:
  struct Slot {
    int fd = -1;
    bool established = false;
    Clock::time_point next_byte;
  };

  void open(Slot& slot) {
    slot = Slot{};
    slot.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (slot.fd < 0) return;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(slot.fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 &&
        errno != EINPROGRESS) {
      ::close(slot.fd);
      slot.fd = -1;
    }
  }

  void established(Slot& slot) {
    slot.established = true;
    ++connected_;
    slot.next_byte = Clock::now() + std::chrono::seconds(1);
    if (kind_ == Kind::kTrickling) {
      constexpr std::string_view kHead = "GET /api/health HTTP/1.1\r\nHost: flood\r\nX-Pad: ";
      (void)!::send(slot.fd, kHead.data(), kHead.size(), MSG_NOSIGNAL);
    }
  }

  void run() {
    for (Slot& slot : slots_) open(slot);
    std::vector<pollfd> polled(slots_.size());
    while (!stop_) {
      for (std::size_t i = 0; i < slots_.size(); ++i) {
        const Slot& slot = slots_[i];
        polled[i] = pollfd{slot.fd, static_cast<short>(slot.established ? POLLIN : POLLOUT), 0};
      }
      ::poll(polled.data(), polled.size(), 50);
      const auto now = Clock::now();
      for (std::size_t i = 0; i < slots_.size(); ++i) {
        Slot& slot = slots_[i];
        const short events = polled[i].revents;
        if (slot.fd < 0) {
          open(slot);
          continue;
        }
        if (!slot.established) {
          if ((events & (POLLERR | POLLHUP)) != 0) {
            ::close(slot.fd);
            open(slot);
          } else if ((events & POLLOUT) != 0) {
            established(slot);
          }
          continue;
        }
        if ((events & (POLLIN | POLLERR | POLLHUP)) != 0) {
          // Whatever the server says (an answer, the end, a reset), it is done with this one.
          char buffer[1024];
          if (::recv(slot.fd, buffer, sizeof(buffer), MSG_DONTWAIT) <= 0 ||
              (events & (POLLERR | POLLHUP)) != 0) {
            ::close(slot.fd);
            open(slot);
            ++reopened_;
          }
          continue;
        }
        if (kind_ == Kind::kTrickling && now >= slot.next_byte) {
          (void)!::send(slot.fd, "a", 1, MSG_NOSIGNAL);
          slot.next_byte = now + std::chrono::seconds(1);
        }
      }
    }
  }

  int port_;
  Kind kind_;
  std::vector<Slot> slots_;
  std::atomic<bool> stop_{false};
  std::atomic<long> connected_{0};
  std::atomic<long> reopened_{0};
  std::thread thread_;
};

void expect_health_and_work_under(Flood::Kind kind, const char* name) {
  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  if (files.rlim_max != RLIM_INFINITY && files.rlim_max < 2 * kConnections + 256) {
    GTEST_SKIP() << "the hard limit on open files (" << files.rlim_max
                 << ") is too low for both ends of " << kConnections << " connections";
  }
  auto own = std::make_unique<OwnServer>(loopback_options());
  const int port = own->server.port();

  std::vector<milliseconds> probes;
  int analyzed = 0;
  long connected = 0;
  long reopened = 0;
  ConnectionCounts counts;
  {
    Flood flood(port, kind, kConnections);
    const auto give_up = Clock::now() + std::chrono::seconds(10);
    while (flood.connected() < kConnections && Clock::now() < give_up) {
      std::this_thread::sleep_for(milliseconds(50));
    }
    connected = flood.connected();
    // Past the 5 s deadlines, so that the server drops and the flood reopens connections.
    const auto end = Clock::now() + std::chrono::seconds(7);
    for (int i = 0; Clock::now() < end; ++i) {
      probes.push_back(probe_health(port, std::chrono::seconds{2}));
      if (i % 8 == 4) {
        httplib::Client client("127.0.0.1", port);
        client.set_read_timeout(5);
        auto res = client.Post("/api/analyze", R"({"heaps":[3,4,5]})", "application/json");
        if (res && res->status == 200 &&
            res->body.find(R"("winner":"first")") != std::string::npos) {
          ++analyzed;
        }
      }
      std::this_thread::sleep_for(milliseconds(200));
    }
    reopened = flood.reopened();
    counts = own->server.connection_counts();
  }
  own.reset();

  const milliseconds worst = *std::max_element(probes.begin(), probes.end());
  std::vector<milliseconds> sorted = probes;
  std::sort(sorted.begin(), sorted.end());
  std::printf(
      "%s flood: %ld connected, %ld reopened (server: %llu dropped at the deadline, %llu evicted, "
      "%llu refused); health: %zu probes, median %lld ms, worst %lld ms; %d analyses answered\n",
      name, connected, reopened, static_cast<unsigned long long>(counts.dropped_slow),
      static_cast<unsigned long long>(counts.evicted),
      static_cast<unsigned long long>(counts.refused), probes.size(),
      static_cast<long long>(sorted[sorted.size() / 2].count()),
      static_cast<long long>(worst.count()), analyzed);
  EXPECT_EQ(connected, kConnections) << "the flood could not open its connections";
  // The server held them (neither evicted nor refused), and dropped the unfinished requests at
  // their deadline.
  EXPECT_EQ(counts.evicted + counts.refused, 0u);
  if (kind == Flood::Kind::kTrickling) {
    EXPECT_GE(counts.dropped_slow, std::uint64_t{kConnections});
  }
  EXPECT_LE(worst, kHealthBound) << "a health probe took " << worst.count() << " ms";
  EXPECT_GE(analyzed, 2);
}

TEST(ConnectionFloodTest, HealthAnswersWithinTheBoundBeside1000SilentConnections) {
  expect_health_and_work_under(Flood::Kind::kSilent, "silent");
}

TEST(ConnectionFloodTest, HealthAnswersWithinTheBoundBeside1000UnfinishedRequests) {
  expect_health_and_work_under(Flood::Kind::kTrickling, "trickling");
}

}  // namespace
}  // namespace nimkit::server
