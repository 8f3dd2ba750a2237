// nimkit: analyze, play and solve impartial games. Every subcommand is a thin adapter over the
// public headers of the nimkit library.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "nimkit/quote.h"
#include "nimkit/text.h"
#include "nimkit/version.h"
#include "output.h"

namespace {

// The longest CLI11 parse error printed, in bytes: its own words fit, a refused argument of any
// length is cut.
constexpr std::size_t kMaxParseError = 256;

// The names of every subcommand of `app`.
std::vector<std::string> command_names(CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
    names.push_back(command->get_name());
  }
  return names;
}

// The first "--word" of the command line that names no option of its command, said with the
// option it most likely meant: "unknown option --rule for nimkit analyze: did you mean
// --rules?". Empty when every option is known (the refusal is about something else).
std::string unknown_option(CLI::App& app, int argc, char** argv) {
  if (argc < 2) return "";
  const std::string name = argv[1];
  CLI::App* command = nullptr;
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    if (sub->get_name() == name) command = sub;
  }
  if (command == nullptr) return "";
  std::vector<std::string> options;
  for (const CLI::App* owner :
       {static_cast<const CLI::App*>(&app), static_cast<const CLI::App*>(command)}) {
    for (const CLI::Option* option : owner->get_options()) {
      for (const std::string& long_name : option->get_lnames()) options.push_back("--" + long_name);
    }
  }
  for (int i = 2; i < argc; ++i) {
    const std::string word = std::string(argv[i]).substr(0, std::string_view(argv[i]).find('='));
    if (word == "--") break;
    if (!word.starts_with("--") ||
        std::find(options.begin(), options.end(), word) != options.end()) {
      continue;
    }
    const auto near = nimkit::closest(word, options);
    return fmt::format("unknown option {} for nimkit {}{} (nimkit {} --help lists the options)",
                       nimkit::quoted(word), name,
                       near ? fmt::format(": did you mean {}?", *near) : "", name);
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything is written: a failed write anywhere ends the command with one line and
  // status 1 (output.h).
  nimkit::cli::check_every_write();
  // Named here, so that usage lines say "nimkit" rather than the path the binary was run by.
  CLI::App app{"nimkit: analyze, play and solve Nim and other impartial games", "nimkit"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "nimkit " + std::string(nimkit::version()));
  int status = 0;
  nimkit::cli::add_analyze_command(app, status);
  nimkit::cli::add_play_command(app, status);
  nimkit::cli::add_grundy_command(app, status);
  nimkit::cli::add_serve_command(app, status);
  nimkit::cli::add_batch_command(app, status);
  nimkit::cli::add_bench_command(app, status);
  nimkit::cli::add_rules_command(app, status);
  nimkit::cli::add_nimber_command(app, status);
  nimkit::cli::add_census_command(app, status);
  nimkit::cli::add_misere_quotient_command(app, status);
  // Bare "nimkit": what it can do and a first thing to try, rather than a usage error.
  if (argc == 1) {
    fmt::print("{}\n\nCommands:\n", app.get_description());
    for (const CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
      fmt::print("  {:<15} {}\n", command->get_name(), command->get_description());
    }
    fmt::print(
        "\nTry a game of Nim against the computer:  nimkit play 3 4 5\n"
        "or see who wins and why:                 nimkit analyze --explain 3 4 5\n"
        "Help on a command: nimkit COMMAND --help\n");
    return 0;
  }
  // CLI11 answers a mistyped command with "A subcommand is required"; name the word instead.
  if (argc >= 2 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
      known = known || command->get_name() == argv[1];
      names += (names.empty() ? "" : ", ") + command->get_name();
    }
    if (!known) {
      const auto near = nimkit::closest(argv[1], command_names(app));
      fmt::print(stderr, "error: unknown command {}{} (commands: {})\n", nimkit::quoted(argv[1]),
                 near ? fmt::format(": did you mean {}?", *near) : "", names);
      return nimkit::cli::kBadInput;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    // --help and --version: CLI11 writes them to std::cout, which bypasses the checked stdout.
    std::ostringstream text;
    const int code = app.exit(e, text);
    fmt::print("{}", text.str());
    return code;
  } catch (const CLI::ExtrasError& e) {
    const std::string unknown = unknown_option(app, argc, argv);
    nimkit::cli::report(unknown.empty() ? nimkit::sanitize(e.what(), kMaxParseError) : unknown);
    return nimkit::cli::kBadInput;
  } catch (const CLI::ParseError& e) {
    // CLI11's messages carry the words it refused whole: cut short like quoted text.
    nimkit::cli::report(nimkit::sanitize(e.what(), kMaxParseError));
    return nimkit::cli::kBadInput;
  }
  return status;
}
