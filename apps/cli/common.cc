#include "common.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "commands.h"
#include "nimkit/games/digraph.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit::cli {

void GameOptions::add_to(CLI::App& command) {
  std::string names;
  for (const RulesetEntry& e : registry()) {
    names += (names.empty() ? "" : ", ") + e.name + (e.parameters.empty() ? "" : ":PARAMS");
  }
  rules_option_ = command.add_option("--rules", rules, "ruleset: " + names)->capture_default_str();
  command.add_flag("--misere", misere,
                   "misère convention: the player who makes the last move loses");
  add_u64_option(command, "--limit", limit, kLimitHelp);
  command.add_option(
      "heaps", heaps,
      "heaps, e.g. 3 4 5; zero-move piles with the zero move spent as 7x; components of other "
      "rulesets as RULES:HEAPS, e.g. kayles:7; with --game-file, the vertices holding tokens");
  command.add_option("--game-file", game_file,
                     "a game drawn as a directed graph: one arrow a>b per line, a line @a per "
                     "token, # comments (docs/rules.md, \"digraph\")");
}

namespace {
std::string or_nothing_left(std::string text) {
  return text.empty() ? "(nothing left)" : std::move(text);
}
}  // namespace

std::string position_text(const Position& position, const Ruleset* default_rules) {
  return or_nothing_left(format_position(position, default_rules));
}

std::string position_text(const Position& before, const Move& move, const Ruleset* default_rules) {
  return or_nothing_left(format_position_after(before, move, default_rules));
}

namespace {

// SIGTERM during a command: the work meters see the flag at their next charge, so the
// computation stops and the command reports it (exit status 143). A command that is not computing
// (waiting for input, writing) is ended by the signal's default action a second later.
std::atomic<bool> g_terminate{false};

extern "C" void end_by_sigterm(int) {
  std::signal(SIGTERM, SIG_DFL);
  std::raise(SIGTERM);
}

extern "C" void on_sigterm(int) {
  g_terminate.store(true);
  std::signal(SIGALRM, end_by_sigterm);
  ::alarm(1);
}

}  // namespace

void cancel_work_on_sigterm(WorkMeter& meter) {
  static const bool installed = [] {
    std::signal(SIGTERM, on_sigterm);
    return true;
  }();
  (void)installed;
  meter.cancel_when(&g_terminate);
}

bool terminated() { return g_terminate.load(); }

Limits command_limits(std::uint64_t limit) {
  // One knob for every kind of work, so that "raise the limit with --limit" always helps.
  Limits limits = scaled_limits(limit);
  // The library counts work steps (five per position of --limit, at least kDefaultWorkSteps);
  // the user set --limit: a stop names both.
  limits.meter->name_steps(
      fmt::format("the work allowed by --limit {} ({} steps)", limit, limits.meter->max_steps()));
  cancel_work_on_sigterm(*limits.meter);
  return limits;
}

namespace {

// MemAvailable of /proc/meminfo in bytes, or 0 (no budget) when it cannot be read.
std::uint64_t available_memory() {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen("/proc/meminfo", "r"),
                                                       &std::fclose);
  if (!file) return 0;
  char line[256];
  unsigned long long kib = 0;
  while (std::fgets(line, sizeof line, file.get()) != nullptr) {
    if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) return kib * 1024;
  }
  return 0;
}

// "123", "512M", "24G": bytes, with an optional K/M/G suffix (powers of 1024).
Result<std::uint64_t> parse_bytes(const std::string& text) {
  std::string digits = text;
  int shift = 0;
  if (!digits.empty()) {
    const char unit = digits.back();
    shift = unit == 'K' || unit == 'k'   ? 10
            : unit == 'M' || unit == 'm' ? 20
            : unit == 'G' || unit == 'g' ? 30
                                         : 0;
    if (shift != 0) digits.pop_back();
  }
  auto n = parse_u64(digits, "--memory");
  if (!n || *n == 0 || *n > (~std::uint64_t{0} >> shift)) {
    return fail(fmt::format(
        "--memory {} is not a number of bytes (optionally with K, M or G) from 1 to 2^64-1",
        nimkit::quoted(text)));
  }
  return *n << shift;
}

}  // namespace

Result<std::uint64_t> memory_budget(const std::string& text) {
  if (text.empty()) return available_memory();
  return parse_bytes(text);
}

Limits GameOptions::limits() const { return command_limits(limit); }

namespace {

// Most bytes a --game-file may hold: room for the largest graph a digraph may have.
constexpr std::size_t kMaxGameFile = std::size_t{16} << 20;

Result<Game> game_from_file(const GameOptions& options) {
  const std::string& path = options.game_file;
  auto rules = make_ruleset("digraph");
  if (!rules) return rules.failure();
  // The file names its game; --rules, when given, must name the same one.
  if (options.rules_given()) {
    auto given = make_ruleset(options.rules);
    if (!given || (*given)->spec() != (*rules)->spec()) {
      return fail(fmt::format("--game-file {} holds a digraph game: --rules {} does not apply",
                              nimkit::quoted(path), nimkit::quoted(options.rules)));
    }
  }
  auto text =
      read_text_file(path, fmt::format("--game-file {}", nimkit::quoted(path)), kMaxGameFile);
  if (!text) return text.failure();
  auto tokens = digraph_game_file(*text, options.heaps);
  if (!tokens)
    return fail_as(tokens.failure(), fmt::format("{}: {}", sanitize(path), tokens.error()));
  auto position = parse_position(*tokens, *rules);
  if (!position)
    return fail_as(position.failure(), fmt::format("{}: {}", sanitize(path), position.error()));
  return Game{*rules, std::move(*position)};
}

}  // namespace

Result<Game> make_game(const GameOptions& options) {
  if (!options.game_file.empty()) return game_from_file(options);
  // The ruleset first: a mistyped --rules is named even when no position follows.
  auto rules = make_ruleset(options.rules);
  if (!rules) return rules.failure();
  if (options.heaps.empty()) {
    // The family's own example: "3 4 5" means nothing to Hackenbush.
    const RulesetEntry* entry = find_ruleset_entry(options.rules);
    return fail(fmt::format("no position given (e.g. {})",
                            entry != nullptr ? entry->start : RulesetEntry{}.start));
  }
  auto position = parse_position(options.heaps, *rules);
  if (!position) return position.failure();
  return Game{*rules, std::move(*position)};
}

namespace {

std::uint64_t strict_u64(const std::string& name, const std::string& text) {
  auto value = parse_u64(text, name);
  if (!value) throw CLI::ValidationError(value.error());
  return *value;
}

}  // namespace

CLI::Option* add_u64_option(CLI::App& command, const std::string& name, std::uint64_t& target,
                            const std::string& description) {
  return command
      .add_option_function<std::string>(
          name, [name, &target](const std::string& text) { target = strict_u64(name, text); },
          description)
      ->default_str(std::to_string(target));
}

CLI::Option* add_u64_option(CLI::App& command, const std::string& name,
                            std::optional<std::uint64_t>& target, const std::string& description) {
  return command.add_option_function<std::string>(
      name, [name, &target](const std::string& text) { target = strict_u64(name, text); },
      description);
}

void add_max_line_option(CLI::App& command, std::uint64_t& max_line) {
  add_u64_option(command, "--max-line", max_line, "longest input line read, in bytes")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
}

int report(std::string_view message) {
  if (terminated()) {
    fmt::print(stderr, "error: {} (SIGTERM)\n", message);
    return kTerminated;
  }
  fmt::print(stderr, "error: {}\n", message);
  return kBadInput;
}

int report(const Error& error) {
  if (error.kind != ErrorKind::kLimit) return report(error.message);
  return report(fmt::format("{} (raise the limit with --limit)", error.message));
}

std::string line_too_long(std::uint64_t number, std::uint64_t max_line) {
  return fmt::format("line {} is longer than the line limit of {} bytes", number, max_line);
}

Result<bool> for_each_line(const std::string& path, std::string_view name, std::uint64_t max_line,
                           const LineVisitor& line) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                             &std::fclose);
  if (!file) return fail(fmt::format("cannot read {}: {}", name, std::strerror(errno)));
  std::string current;
  std::uint64_t number = 1;
  std::vector<char> chunk(std::size_t{1} << 16);
  for (;;) {
    const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), file.get());
    if (n == 0) {
      if (std::ferror(file.get()) != 0) {
        return fail(fmt::format("cannot read {}: {}", name, std::strerror(errno)));
      }
      break;
    }
    for (std::size_t begin = 0; begin < n;) {
      const auto* nl = static_cast<const char*>(std::memchr(chunk.data() + begin, '\n', n - begin));
      const std::size_t end = nl == nullptr ? n : static_cast<std::size_t>(nl - chunk.data());
      if (current.size() + (end - begin) > max_line) {
        return fail(fmt::format("{}: {}", name, line_too_long(number, max_line)));
      }
      current.append(chunk.data() + begin, end - begin);
      if (nl == nullptr) break;
      auto visited = line(current, number++, true);
      if (!visited) return visited;
      current.clear();
      begin = end + 1;
    }
  }
  if (!current.empty()) return line(current, number, false);
  return true;
}

Result<std::string> read_text_file(const std::string& path, std::string_view name,
                                   std::uint64_t max_bytes, std::uint64_t max_line) {
  std::string text;
  auto read =
      for_each_line(path, name, max_line, [&](std::string_view line, std::uint64_t, bool complete) {
        if (text.size() + line.size() + (complete ? 1 : 0) > max_bytes) {
          return Result<bool>(
              fail(fmt::format("{} is larger than the limit of {} bytes", name, max_bytes)));
        }
        text.append(line);
        if (complete) text += '\n';
        return Result<bool>(true);
      });
  if (!read) return read.failure();
  return text;
}

std::string game_title(const Ruleset* rules, Convention convention) {
  const char* play = convention == Convention::kNormal ? "normal play (last to move wins)"
                                                       : "misère play (last to move loses)";
  return fmt::format("{}, {}", rules ? ruleset_title(*rules) : std::string("Sum of games"), play);
}

std::string move_example(const Position& position, std::size_t c, const Limits& limits) {
  const Component& comp = position.components()[c];
  const Count count = comp.rules->count_options(comp.state);
  if (count == 0) return "";
  // A move from the middle of the list, so that it shows more than the smallest move.
  const Move move{c, comp.rules->option(comp.state, count / 2)};
  // Either text reads as the move (parse_move reads the words describe writes).
  return fmt::format("  e.g. \"{}\", or in words \"{}\"\n", format_move(position, move, limits),
                     describe(position, move, limits));
}

}  // namespace nimkit::cli
