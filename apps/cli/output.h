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

// Where a command writes its values: standard output, or the file --out names (closed when the
// handle goes; standard output stays open).
using OutputFile = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;
enum class WriteMode { kTruncate, kAppend };
// Standard output for an empty path, else the file, created or truncated (or appended to), every
// write checked. Fails with "cannot write --out "PATH": REASON" when it cannot be opened.
Result<OutputFile> open_output(const std::string& path, WriteMode mode = WriteMode::kTruncate);

}  // namespace nimkit::cli
