// The nimkit subcommands. Each file adds one subcommand to the CLI11 app; main.cc lists them.
// A subcommand's callback stores its exit status in `status`.
#pragma once

#include <CLI/CLI.hpp>

namespace nimkit::cli {

// Exit status for bad input (a usage error or a bad value); 1 is reserved for internal failure.
inline constexpr int kBadInput = 2;

void add_analyze_command(CLI::App& app, int& status);
void add_play_command(CLI::App& app, int& status);    // play and replay
void add_grundy_command(CLI::App& app, int& status);  // Grundy sequences and periods
void add_serve_command(CLI::App& app, int& status);   // the browser game and JSON API
void add_batch_command(CLI::App& app, int& status);   // one position per line, streaming
void add_bench_command(CLI::App& app, int& status);   // fixed suite: node count and checksum
void add_rules_command(CLI::App& app, int& status);   // the registry, listed
void add_nimber_command(CLI::App& app, int& status);  // nim arithmetic
void add_census_command(CLI::App& app, int& status);  // octal games by the thousand
void add_misere_quotient_command(CLI::App& app, int& status);  // misère quotients

}  // namespace nimkit::cli
