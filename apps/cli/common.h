// Options and input handling that several subcommands share.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
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

// What --limit means in every command that takes it.
inline constexpr const char* kLimitHelp =
    "work limit: positions a search may visit, heaps a Grundy table may compute (and 25 options "
    "scanned per position)";

// The limits of one question under --limit N: N search positions, a Grundy table to heap N,
// 25·N options scanned, and one work meter of at least 5·N steps for all of it.
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

// Writes `bytes` to `path` whole or not at all: into a temporary file beside it, then renamed
// over it, so that neither a full disk nor a Ctrl-C leaves a torn file. On failure reports
// "cannot write WHAT to PATH" and returns kBadInput; 0 on success.
int write_whole_file(const std::string& path, const std::string& bytes, std::string_view what);

// Reads a whole file of at most `max_bytes`: fails with "cannot read PATH" or "PATH is larger
// than the limit of N bytes for WHAT".
Result<std::string> read_whole_file(const std::string& path, std::size_t max_bytes,
                                    std::string_view what);

// --max-line BYTES: the longest line of input the command reads (at least 1).
void add_max_line_option(CLI::App& command, std::uint64_t& max_line);

// "error: <message>" on stderr; returns kBadInput.
int report(std::string_view message);
// report() for a computation the library stopped at a work limit (its message names the
// limit): adds the command line's advice, "(raise the limit with --limit)".
int report_limit(std::string_view message);

// "line N is longer than the line limit of M bytes": the one message of every line-capped input
// (batch, play, replay).
std::string line_too_long(std::uint64_t number, std::uint64_t max_line);

// "nim, normal play (last to move wins)".
std::string game_title(const Ruleset* rules, Convention convention);

}  // namespace nimkit::cli
