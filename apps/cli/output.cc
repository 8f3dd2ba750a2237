#include "output.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "common.h"
#include "nimkit/quote.h"

namespace nimkit::cli {
namespace {

// What a checked stream writes to: a descriptor and the name its errors give, or a file the
// stream owns (a --out file; standard output and error stay open).
struct Target {
  int fd = -1;
  std::string name;
  FileWriter* file = nullptr;
};

ssize_t write_checked(void* cookie, const char* data, std::size_t size) {
  const auto* target = static_cast<const Target*>(cookie);
  if (target->file != nullptr) {
    target->file->write(data, size);
  } else {
    write_all(target->fd, data, size, target->name);
  }
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
  if (target->file == nullptr) return 0;
  // A file written in place is closed (its close checked); a file written atomically and not
  // committed by OutputFile::finish is dropped.
  if (target->file->in_place()) target->file->commit();
  delete target->file;
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
  if (stream == nullptr && target->file != nullptr) {
    delete target->file;
    delete target;
  }
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

namespace {

// Writes all of `data` to `fd`: 0, or the errno of the write that failed.
int write_fully(int fd, const char* data, std::size_t size) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      // A descriptor left non-blocking by whoever started us: wait until it takes more.
      pollfd ready{fd, POLLOUT, 0};
      ::poll(&ready, 1, -1);
    } else if (n == 0 || errno != EINTR) {
      return n == 0 ? EIO : errno;
    }
  }
  return 0;
}

}  // namespace

void write_all(int fd, const char* data, std::size_t size, std::string_view what) {
  if (const int error = write_fully(fd, data, size); error != 0) write_failed(what, error);
}

namespace {

std::string cannot(std::string_view name, int error) {
  return fmt::format("cannot write {}: {}", name, std::strerror(error));
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// What a path that is neither a regular file nor missing is, for the refusal.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

}  // namespace

Result<FileWriter> FileWriter::open(const std::string& path, std::string name, WriteMode mode,
                                    Readback readback) {
  struct stat info {};
  const bool exists = ::stat(path.c_str(), &info) == 0;
  if (!exists) {
    if (errno != ENOENT) return fail(cannot(name, errno));
    struct stat link {};
    if (::lstat(path.c_str(), &link) == 0) {
      return fail(fmt::format("cannot write {}: it is a symbolic link to nothing", name));
    }
  }
  if (exists && (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode))) {
    if (readback == Readback::kRegularOnly) {
      return fail(
          fmt::format("cannot write {}: it is {}, and this file must be a regular file "
                      "to be read back",
                      name, kind_of(info.st_mode)));
    }
    // In place: no O_CREAT, no O_TRUNC, no rename.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return fail(cannot(name, errno));
    return FileWriter(fd, std::move(name), "", path);
  }
  if (exists && !S_ISREG(info.st_mode)) {
    return fail(fmt::format("cannot write {}: it is {}", name, kind_of(info.st_mode)));
  }
  if (mode == WriteMode::kAppend) {
    // Appended in place (the file is its own record of what is done).
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0) return fail(cannot(name, errno));
    return FileWriter(fd, std::move(name), "", path);
  }
  // Atomic: the temporary file beside the real target, so that the rename replaces the target
  // and not a symbolic link to it.
  std::string target = path;
  if (exists) {
    char* real = ::realpath(path.c_str(), nullptr);
    if (real == nullptr) return fail(cannot(name, errno));
    target = real;
    std::free(real);
    if (::access(target.c_str(), W_OK) != 0) return fail(cannot(name, errno));
  }
  static std::atomic<unsigned> serial{0};
  std::string temp = fmt::format("{}/.{}.tmp.{}.{}", directory_of(target),
                                 target.substr(target.rfind('/') + 1), ::getpid(), serial++);
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0) return fail(cannot(name, errno));
  // The new file keeps the permissions of the one it replaces.
  if (exists) (void)::fchmod(fd, info.st_mode & 07777);
  return FileWriter(fd, std::move(name), std::move(temp), std::move(target));
}

FileWriter::FileWriter(FileWriter&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      name_(std::move(other.name_)),
      temp_(std::exchange(other.temp_, "")),
      target_(std::move(other.target_)) {}

FileWriter::~FileWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

void FileWriter::failed(int error) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  write_failed(name_, error);
}

void FileWriter::write(const char* data, std::size_t size) {
  if (const int error = write_fully(fd_, data, size); error != 0) failed(error);
}

void FileWriter::commit() {
  if (fd_ < 0) return;
  // A file system may report a failed write only at fsync or close.
  if (!temp_.empty() && ::fsync(fd_) != 0) failed(errno);
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0 && errno != EINTR) failed(errno);
  if (temp_.empty()) return;
  if (::rename(temp_.c_str(), target_.c_str()) != 0) failed(errno);
  temp_.clear();
}

int write_whole_file(const std::string& path, const std::string& bytes, std::string_view option) {
  auto file = FileWriter::open(path, fmt::format("{} {}", option, nimkit::quoted(path)));
  if (!file) return report(file.failure());
  file->write(bytes.data(), bytes.size());
  file->commit();
  return 0;
}

void OutputFile::finish() {
  if (writer_ == nullptr) return;
  if (std::fflush(stream_.get()) != 0) write_failed(writer_->name(), errno);
  writer_->commit();
}

Result<OutputFile> open_output(const std::string& path, WriteMode mode) {
  if (path.empty()) return OutputFile(stdout, [](std::FILE*) { return 0; });
  auto file = FileWriter::open(path, fmt::format("--out {}", nimkit::quoted(path)), mode);
  if (!file) return file.failure();
  auto* writer = new FileWriter(std::move(*file));
  std::FILE* stream = stream_over(new Target{-1, writer->name(), writer}, true);
  if (stream == nullptr) return fail(cannot(fmt::format("--out {}", nimkit::quoted(path)), ENOMEM));
  return OutputFile(stream, &std::fclose, writer);
}

}  // namespace nimkit::cli
