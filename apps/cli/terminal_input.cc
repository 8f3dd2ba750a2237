#include "terminal_input.h"

#include <fmt/format.h>
#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "common.h"

namespace nimkit::cli {
namespace {

// Ctrl-C during a game: the handler only sets this flag; the game loop notices it, asks whether to
// save, and never leaves a half-written file behind.
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int /*signal*/) { g_interrupted = 1; }

// readline's character source: a Ctrl-C ends the line being read. (readline's own one retries a
// read the signal interrupted, so the prompt would wait on.) The flag is looked at every 100 ms
// too, for a Ctrl-C that came just before the read began.
int interruptible_getc(FILE* stream) {
  for (;;) {
    if (g_interrupted) return EOF;
    pollfd input{fileno(stream), POLLIN, 0};
    const int ready = ::poll(&input, 1, 100);
    if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
    unsigned char c = 0;
    const ssize_t n = ready < 0 ? -1 : ::read(fileno(stream), &c, 1);
    if (n == 1) return c;
    if (n == 0 || errno != EINTR) return EOF;
  }
}

}  // namespace

bool interrupted() { return g_interrupted != 0; }
void clear_interrupt() { g_interrupted = 0; }

InterruptHandler::InterruptHandler(bool restart_writes) {
  g_interrupted = 0;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  action.sa_flags = restart_writes ? SA_RESTART : 0;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous_);
  rl_catch_signals = 0;
  rl_getc_function = interruptible_getc;
}

InterruptHandler::~InterruptHandler() { sigaction(SIGINT, &previous_, nullptr); }

LineReader::LineReader() : interactive_(isatty(STDIN_FILENO) != 0) {}

std::optional<std::string> LineReader::read(const std::string& prompt) {
  if (interactive_) {
    char* raw = readline(prompt.c_str());
    if (raw == nullptr) return std::nullopt;
    std::string line(raw);
    std::free(raw);
    if (g_interrupted) return std::nullopt;
    if (!line.empty()) add_history(line.c_str());
    return line;
  }
  // What was written goes out before the read may block, for a program that reads the board and
  // then answers (std::cin's tie flushes std::cout only, not the checked stdout of output.h).
  std::fflush(stdout);
  // Read by hand, bounded: std::getline would grow without limit on input with no newline.
  std::string line;
  ++lines_read_;
  int c = 0;
  if (g_interrupted) std::cin.clear();
  while ((c = std::cin.get()) != std::char_traits<char>::eof() && c != '\n') {
    if (line.size() >= kDefaultMaxLine) {
      std::fflush(stdout);
      std::exit(report(line_too_long(lines_read_, kDefaultMaxLine)));
    }
    line += static_cast<char>(c);
  }
  if (g_interrupted || (c == std::char_traits<char>::eof() && line.empty())) return std::nullopt;
  // Echo scripted input so that the output reads like a session at the terminal.
  fmt::print("{}{}\n", prompt, line);
  return line;
}

}  // namespace nimkit::cli
