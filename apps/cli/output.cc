#include "output.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

#include "nimkit/quote.h"

namespace nimkit::cli {
namespace {

// What a checked stream writes to: a descriptor, the name its errors give, and whether the
// stream owns the descriptor (a --out file; standard output and error stay open).
struct Target {
  int fd = -1;
  std::string name;
  bool owned = false;
};

ssize_t write_checked(void* cookie, const char* data, std::size_t size) {
  const auto* target = static_cast<const Target*>(cookie);
  write_all(target->fd, data, size, target->name);
  return static_cast<ssize_t>(size);
}

// Writes what it can of `data`, dropping errors.
void write_quietly(int fd, const char* data, std::size_t size) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// Standard error: a message that cannot be written has nowhere to be reported, so it is dropped
// and the command's own exit status stands (fmt::print would otherwise throw, and abort the
// process when that happens in a worker thread).
ssize_t write_ignoring_errors(void* cookie, const char* data, std::size_t size) {
  write_quietly(static_cast<const Target*>(cookie)->fd, data, size);
  return static_cast<ssize_t>(size);
}

int close_target(void* cookie) {
  const auto* target = static_cast<const Target*>(cookie);
  if (!target->owned) return 0;
  // A file system may report a failed write only when the file is closed.
  if (::close(target->fd) != 0 && errno != EINTR) write_failed(target->name, errno);
  delete target;
  return 0;
}

// The targets of standard output and error: never freed, as the streams are flushed after
// static destructors have run; held here so that they stay reachable (leak checkers).
Target* const kStandardOutput = new Target{STDOUT_FILENO, "standard output"};
Target* const kStandardError = new Target{STDERR_FILENO, "standard error"};

// A stdio stream over `target` (which it takes when it owns its descriptor), or null when none
// can be made.
std::FILE* stream_over(Target* target, bool checked) {
  cookie_io_functions_t io{};
  io.write = checked ? write_checked : write_ignoring_errors;
  io.close = close_target;
  std::FILE* stream = fopencookie(target, "w", io);
  if (stream == nullptr && target->owned) delete target;
  return stream;
}

}  // namespace

void check_every_write() {
  std::signal(SIGPIPE, SIG_IGN);
  if (std::FILE* out = stream_over(kStandardOutput, true)) {
    // A terminal sees each line as it is written, as with glibc's own stream; a pipe or a file
    // gets blocks of BUFSIZ bytes.
    if (::isatty(STDOUT_FILENO) != 0) std::setvbuf(out, nullptr, _IOLBF, 0);
    stdout = out;
  }
  if (std::FILE* err = stream_over(kStandardError, false)) {
    std::setvbuf(err, nullptr, _IONBF, 0);
    stderr = err;
  }
}

void write_failed(std::string_view what, int error) {
  static std::atomic_flag reported;
  if (reported.test_and_set()) {
    for (;;) ::pause();
  }
  const std::string line = fmt::format("error: cannot write {}: {}\n", what, std::strerror(error));
  write_quietly(STDERR_FILENO, line.data(), line.size());
  ::_exit(1);
}

void write_all(int fd, const char* data, std::size_t size, std::string_view what) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      // A descriptor left non-blocking by whoever started us: wait until it takes more.
      pollfd ready{fd, POLLOUT, 0};
      ::poll(&ready, 1, -1);
    } else if (n == 0 || errno != EINTR) {
      write_failed(what, n == 0 ? EIO : errno);
    }
  }
}

Result<OutputFile> open_output(const std::string& path, WriteMode mode) {
  if (path.empty()) return OutputFile(stdout, [](std::FILE*) { return 0; });
  const int flags =
      O_WRONLY | O_CREAT | O_CLOEXEC | (mode == WriteMode::kAppend ? O_APPEND : O_TRUNC);
  const std::string name = fmt::format("--out {}", quoted(path));
  const int fd = ::open(path.c_str(), flags, 0666);
  if (fd < 0) return fail(fmt::format("cannot write {}: {}", name, std::strerror(errno)));
  std::FILE* stream = stream_over(new Target{fd, name, true}, true);
  if (stream == nullptr) {
    ::close(fd);
    return fail(fmt::format("cannot write {}: {}", name, std::strerror(ENOMEM)));
  }
  return OutputFile(stream, &std::fclose);
}

}  // namespace nimkit::cli
