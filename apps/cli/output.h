// Every write of the nimkit command is checked, by one mechanism for every subcommand: a write
// that fails (a full disk, a reader that closed the pipe, a closed descriptor) ends the process at
// once with one line on stderr, "error: cannot write standard output: No space left on device",
// and exit status 1 — never status 0 with the output lost, never an abort, never a silent death
// by SIGPIPE.
//
// How: main() calls check_every_write() before any command runs. SIGPIPE is ignored, so a closed
// pipe is an EPIPE error like any other. Standard output becomes a stdio stream whose writes go
// through write_all() (glibc's fopencookie; glibc documents that `stdout` may be assigned), so
// every fmt::print, fputs and fwrite of every command, in every thread, and the flush at exit, is
// checked in one place. Files a command writes (--out) are opened by open_output() with the same
// checked writes, and output written to a descriptor directly goes through write_all().
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "nimkit/result.h"

namespace nimkit::cli {

// Ignores SIGPIPE and makes standard output a checked stream (line-buffered on a terminal, as
// before; fully buffered otherwise). Call once, first thing in main().
void check_every_write();

// "error: cannot write WHAT: REASON" on stderr, then the process ends with status 1 (no
// destructors, no further output: the writer is gone). The first failing thread reports; any
// other waits for the end.
[[noreturn]] void write_failed(std::string_view what, int error);

// Writes all `size` bytes to `fd`, retrying interrupted and would-block writes; any other
// failure is write_failed(what, errno).
void write_all(int fd, const char* data, std::size_t size, std::string_view what);

// How every file a command names is written (play --save, misere-quotient --save-quotient,
// grundy --checkpoint and --out, census --output): through the path, never over it.
//   - A regular file, or a path that does not exist yet, is replaced atomically: the bytes go to
//     a temporary file in the target's real directory (a symbolic link resolved, so that the link
//     stays and its target gets the bytes), are flushed to disk, and the temporary file is renamed
//     over the target (keeping its permissions). A reader sees the old file or the new one, never
//     a torn one; a failure leaves the old one.
//   - A character device (/dev/null, a terminal) or a FIFO is written in place: opened for writing
//     as it is, never created, truncated, renamed over or removed.
//   - A directory, a socket, a block device or a dangling symbolic link is refused, naming the
//     path. Callers that must read the file back (checkpoints) refuse devices and FIFOs too.
// Appending (census --output, which resumes from its own file) always writes in place.
// Opening fails with a one-line error "cannot write NAME: REASON" (a bad path: the caller exits
// 2); a write, flush or rename that fails (a full disk) is write_failed(NAME, errno): exit 1.
enum class WriteMode { kReplace, kAppend };
enum class Readback { kAny, kRegularOnly };

class FileWriter {
 public:
  // Opens `path` for writing; `name` names it in messages ("--save \"game.txt\"").
  static Result<FileWriter> open(const std::string& path, std::string name,
                                 WriteMode mode = WriteMode::kReplace,
                                 Readback readback = Readback::kAny);
  FileWriter(FileWriter&& other) noexcept;
  FileWriter& operator=(FileWriter&&) = delete;
  // Without commit(): the temporary file is removed, the target left as it was.
  ~FileWriter();

  // Writes all of `data`, or write_failed().
  void write(const char* data, std::size_t size);
  // Puts the bytes in place (flush to disk and rename, or close), or write_failed().
  void commit();
  const std::string& name() const { return name_; }
  // Whether the bytes go straight to the target (a device, a FIFO, an append) rather than to a
  // temporary file renamed at commit().
  bool in_place() const { return temp_.empty(); }

 private:
  FileWriter(int fd, std::string name, std::string temp, std::string target)
      : fd_(fd), name_(std::move(name)), temp_(std::move(temp)), target_(std::move(target)) {}
  [[noreturn]] void failed(int error);

  int fd_ = -1;
  std::string name_;
  std::string temp_;    // the temporary file of an atomic write; empty when in place
  std::string target_;  // what temp_ is renamed to
};

// Writes `bytes` to `path` whole (FileWriter), named "OPTION "PATH"" in messages. Returns 0, or
// the status of the one-line error reported: kBadInput for a path that cannot be written (the
// process ends with status 1 when a write fails).
int write_whole_file(const std::string& path, const std::string& bytes, std::string_view option);

// Where a command writes its values: standard output, or the file --out names, every write
// checked. finish() puts a file in place once everything is written; a file not finished is
// dropped (the target keeps what it had). Standard output stays open.
class OutputFile {
 public:
  OutputFile(std::FILE* stream, int (*close)(std::FILE*), FileWriter* writer = nullptr)
      : stream_(stream, close), writer_(writer) {}
  std::FILE* get() const { return stream_.get(); }
  // Flushes the stream and commits the file (FileWriter::commit); a no-op for standard output.
  void finish();

 private:
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> stream_;
  FileWriter* writer_;  // owned by the stream
};
// Standard output for an empty path, else the file (FileWriter: replaced atomically when regular,
// written in place when a device or FIFO; appended to in place with kAppend). Fails with
// "cannot write --out "PATH": REASON" when it cannot be opened.
Result<OutputFile> open_output(const std::string& path, WriteMode mode = WriteMode::kReplace);

}  // namespace nimkit::cli
