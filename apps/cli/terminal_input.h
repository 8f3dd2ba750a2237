// Input of the terminal game: lines read with readline at a terminal (and echoed when scripted),
// and Ctrl-C turned into a flag the game looks at, so that it can offer to save before it stops.
#pragma once

#include <signal.h>

#include <cstdint>
#include <optional>
#include <string>

namespace nimkit::cli {

// Whether Ctrl-C was pressed since the flag was last cleared (or the handler installed).
bool interrupted();
void clear_interrupt();

// Installs the Ctrl-C handler for the life of a game session and restores the previous one after.
// By default without SA_RESTART, so that a read the signal interrupts returns. With
// `restart_writes` (the computer playing both sides: output without pause, and no read but the
// save prompt, whose terminal reads look at the flag anyway), a write the signal interrupts goes
// on instead of failing.
class InterruptHandler {
 public:
  explicit InterruptHandler(bool restart_writes = false);
  ~InterruptHandler();
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

 private:
  struct sigaction previous_ {};
};

class LineReader {
 public:
  LineReader();
  // Reads one line after `prompt`; nullopt at end of input or after a Ctrl-C (see interrupted()).
  // At a terminal readline edits the line; otherwise the line is echoed after the prompt, so that
  // a scripted session reads like one at the terminal.
  std::optional<std::string> read(const std::string& prompt);

 private:
  bool interactive_;
  std::uint64_t lines_read_ = 0;
};

}  // namespace nimkit::cli
