// Options and input handling that several subcommands share.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/analysis.h"
#include "nimkit/limits.h"
#include "nimkit/position.h"
#include "nimkit/result.h"
#include "nimkit/ruleset.h"
#include "output.h"

namespace nimkit::cli {

// --rules, --misere, --limit and the HEAP... positionals.
// A position as the CLI shows it: its notation, or "(nothing left)" for a game played to nothing
// (a graph with every vertex removed).
std::string position_text(const Position& position, const Ruleset* default_rules);
// The same of the position `move` leaves, without copying the components it leaves alone.
std::string position_text(const Position& before, const Move& move, const Ruleset* default_rules);

// What --limit means in every command that takes it.
inline constexpr const char* kLimitHelp =
    "work limit: positions a search may visit, heaps a Grundy table may compute (and 25 options "
    "scanned and 512 bytes of positions kept per position)";

// The limits of one question under --limit N: N search positions taking at most 512·N bytes
// (at least 1 GiB), a Grundy table to heap N, 25·N options scanned, and one work meter of at
// least 5·N steps for all of it.
Limits command_limits(std::uint64_t limit);

struct GameOptions {
  std::string rules = "nim";
  bool misere = false;
  std::uint64_t limit = Limits{}.max_nodes;
  std::vector<std::string> heaps;
  // A game drawn as a directed graph (see digraph.h): the file's arrows, and its tokens or the
  // vertices `heaps` name.
  std::string game_file;

  void add_to(CLI::App& command);
  Convention convention() const { return misere ? Convention::kMisere : Convention::kNormal; }
  Limits limits() const;
  // Whether --rules was given (rather than left at its default).
  bool rules_given() const { return rules_option_ != nullptr && rules_option_->count() > 0; }

 private:
  CLI::Option* rules_option_ = nullptr;
};

struct Game {
  std::shared_ptr<const Ruleset> rules;
  Position position;
};

// The ruleset and starting position the options name. A --game-file that cannot be read or
// holds a bad line fails naming the file (and the line).
Result<Game> make_game(const GameOptions& options);

// Longest input line (or replay file line) read by default: 1 MiB.
inline constexpr std::uint64_t kDefaultMaxLine = 1 << 20;

// A non-negative integer option parsed strictly: "-1", "1e3" or values past 2^64-1 are a usage
// error naming the value (CLI11 alone wraps "-1" and saturates overflow silently).
CLI::Option* add_u64_option(CLI::App& command, const std::string& name, std::uint64_t& target,
                            const std::string& description);
CLI::Option* add_u64_option(CLI::App& command, const std::string& name,
                            std::optional<std::uint64_t>& target, const std::string& description);

// What --memory means in every command that takes it (grundy's long runs, misere-quotient).
inline constexpr const char* kMemoryHelp =
    "bytes with K, M or G for powers of 1024 (default: MemAvailable of /proc/meminfo)";
// The budget --memory TEXT sets: "123", "512M", "24G" (K, M, G: powers of 1024), or for an empty
// text the memory available (MemAvailable of /proc/meminfo; 0 when that cannot be read). A bad
// text fails naming it.
Result<std::uint64_t> memory_budget(const std::string& text);

// --max-line BYTES: the longest line of input the command reads (at least 1).
void add_max_line_option(CLI::App& command, std::uint64_t& max_line);

// SIGTERM cancels the work `meter` does (installing the handler on first use): the computation
// stops at its next charge, and report() then says so and returns kTerminated. A command that is
// not computing when the signal comes ends by it a second later. command_limits() does this for
// every meter it makes.
void cancel_work_on_sigterm(WorkMeter& meter);
// Whether SIGTERM has come.
bool terminated();
// Exit status of a command whose work SIGTERM cancelled: 128 + 15, as a shell reports a process
// the signal ended.
inline constexpr int kTerminated = 143;

// "error: <message>" on stderr; returns kBadInput, or after SIGTERM "error: <message> (SIGTERM)"
// and kTerminated.
int report(std::string_view message);
// report() of a library error by its kind: a limit gets the command line's advice, "(raise the
// limit with --limit)" (every limit of a command derives from --limit); cancelled work after
// SIGTERM exits kTerminated; every other kind exits kBadInput.
int report(const Error& error);

// "line N is longer than the line limit of M bytes": the one message of every line-capped input
// (batch, play, replay, game files, census).
std::string line_too_long(std::uint64_t number, std::uint64_t max_line);

// The lines of a file, streamed: `line(text, number, complete)` for each, `complete` false for a
// last line without its newline; a failing `line` stops the read with its error. Memory: one
// line of at most `max_line` bytes, so /dev/zero is refused at the limit rather than read for
// ever. `name` names the file in messages: "cannot read NAME: REASON", "NAME: line N is longer
// than the line limit of M bytes".
using LineVisitor =
    std::function<Result<bool>(std::string_view text, std::uint64_t number, bool complete)>;
Result<bool> for_each_line(const std::string& path, std::string_view name, std::uint64_t max_line,
                           const LineVisitor& line);

// A whole text file of at most `max_bytes` bytes and lines of at most `max_line` bytes
// (for_each_line): replay's saved games, --game-file, census's --codes and --compare. Fails also
// with "NAME is larger than the limit of N bytes".
Result<std::string> read_text_file(const std::string& path, std::string_view name,
                                   std::uint64_t max_bytes,
                                   std::uint64_t max_line = kDefaultMaxLine);

// A move of component `c` showing how moves are typed there, as a line of help:
// "  e.g. \"1 3 4\" (split heap 1 into 3 and 4)\n"; empty when the component has no move.
std::string move_example(const Position& position, std::size_t c, const Limits& limits);

// A subcommand and the options it parses into, which live as long as the parser.
template <class Options>
struct Subcommand {
  CLI::App* command;
  std::shared_ptr<Options> options;
};

// Adds the subcommand `name`; once parsed it runs `run` on its options, its exit status into
// `status`.
template <class Options>
Subcommand<Options> add_command(CLI::App& app, const std::string& name,
                                const std::string& description, int& status,
                                int (*run)(const Options&)) {
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(name, description);
  command->callback([options, run, &status] { status = run(*options); });
  return {command, options};
}

// "nim, normal play (last to move wins)".
std::string game_title(const Ruleset* rules, Convention convention);

}  // namespace nimkit::cli
