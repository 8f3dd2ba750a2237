// nimkit serve: the browser game and the JSON API over HTTP (apps/server).
#include <fmt/format.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "commands.h"
#include "common.h"
#include "nimkit/quote.h"
#include "nimkit/ruleset.h"
#include "server.h"

namespace nimkit::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
};

int run_serve(const ServeOptions& options) {
  // SIGINT and SIGTERM are blocked in every thread (the server's workers inherit the mask) and
  // taken synchronously by one watcher thread, which stops the server: no work in a signal
  // handler, and requests in flight are answered before the process exits.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  server::ServerOptions server_options;
  server_options.host = options.host;
  server_options.port = options.port;
  server_options.log = [](std::string_view line) {
    fmt::print("{}\n", line);
    std::fflush(stdout);
  };
  if (options.host.empty()) {
    return report("--host is empty: give an address such as 127.0.0.1");
  }
  server::Server http(server_options);
  // A port in use is refused (exit 2), never shared with another server.
  if (auto bound = http.bind(); !bound) return report(bound.failure());
  fmt::print("nimkit serving on {}  (Ctrl-C to stop)\n", http.address());
  std::fflush(stdout);

  // After a signal the server cancels the requests in flight and closes idle connections; should
  // anything still hold it after kStopGrace, the process exits anyway, so a stop takes at most
  // about that long.
  constexpr std::chrono::milliseconds kStopGrace{1500};
  std::mutex mutex;
  std::condition_variable done_changed;
  bool done = false;
  std::thread watcher([&] {
    int signal_number = 0;
    sigwait(&stop_signals, &signal_number);
    if (signal_number != 0) {
      fmt::print("stopping (signal {})\n", signal_number);
      std::fflush(stdout);
    }
    http.stop();
    std::unique_lock lock(mutex);
    if (!done_changed.wait_for(lock, kStopGrace, [&] { return done; })) {
      fmt::print("stopped with requests still open\n");
      std::fflush(stdout);
      std::_Exit(0);
    }
  });
  const bool served = http.listen();
  {
    const std::lock_guard lock(mutex);
    done = true;
  }
  done_changed.notify_all();
  // listen() returns only after stop(); if it failed on its own, wake the watcher ourselves.
  if (!served) pthread_kill(watcher.native_handle(), SIGTERM);
  watcher.join();
  if (!served) {
    std::fprintf(stderr, "error: the server stopped unexpectedly\n");
    return 1;
  }
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, int& status) {
  auto [command, options] = add_command<ServeOptions>(
      app, "serve", "Serve the browser game and the JSON API (see docs/api.md)", status, run_serve);
  command->add_option("--host", options->host, "address to listen on")->capture_default_str();
  // Parsed here rather than by CLI11's range check, so that a bad port gets a line of nimkit's.
  command
      ->add_option_function<std::string>(
          "--port",
          [options = options](const std::string& text) {
            auto port = parse_u64(text, "--port");
            if (!port || *port > 65535) {
              throw CLI::ValidationError(
                  fmt::format("--port {} is not a port number: expected 0 (any free port) to 65535",
                              nimkit::quoted(text)));
            }
            options->port = static_cast<int>(*port);
          },
          "port to listen on (0: any free port)")
      ->default_str(std::to_string(options->port));
}

}  // namespace nimkit::cli
