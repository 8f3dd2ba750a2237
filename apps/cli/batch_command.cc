// nimkit batch: one position per line on standard input, one result per line on standard output.
//
// Text output is tab-separated: WINNER, GRUNDY, MOVE ("first\t2\t1 2": the first player wins,
// the normal-play Grundy value is 2, and "1 2" — take 2 from heap 1 — is the first winning move in
// legal-move order; "-" when the player to move loses). A bad line gives
// "error\tline 7: heap "3x" is not a non-negative integer" and the run goes on. With --json each
// line is an answer of the JSON contract (json.h: append_batch_line), with its line number.
//
// Input is streamed through fixed buffers, so it may be larger than memory. Each text answer is
// the library's analyze_brief(), which answers a line of a ruleset that reads its sums straight
// from the text (Nim) without building a position; answers are written in place, a megabyte per
// write.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit::cli {

namespace {

constexpr std::size_t kReadSize = 1 << 20;
constexpr std::size_t kFlushAt = 1 << 20;

struct BatchOptions {
  std::string rules = "nim";
  bool misere = false;
  bool json = false;
  std::uint64_t limit = Limits{}.max_nodes;
  std::uint64_t max_line = kDefaultMaxLine;
};

// Buffered writer on a file descriptor: one write() per megabyte of output, no zero-filling.
class Output {
 public:
  explicit Output(int fd) : fd_(fd), buffer_(new char[kCapacity]) {}
  ~Output() { flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void append(std::string_view text) {
    if (text.size() > kCapacity - size_) flush();
    if (text.size() > kCapacity) {
      write_all(text.data(), text.size());
      return;
    }
    std::memcpy(buffer_.get() + size_, text.data(), text.size());
    size_ += text.size();
  }
  // Room for `n` ≤ 4096 more bytes at the returned pointer; commit(end) after writing them.
  char* reserve(std::size_t n) {
    if (size_ + n > kCapacity) flush();
    return buffer_.get() + size_;
  }
  void commit(const char* end) {
    size_ = static_cast<std::size_t>(end - buffer_.get());
    if (size_ >= kFlushAt) flush();
  }
  // A failed write ends the command (output.h).
  void flush() {
    write_all(buffer_.get(), size_);
    size_ = 0;
  }

 private:
  static constexpr std::size_t kCapacity = kFlushAt + 4096;
  void write_all(const char* data, std::size_t size) {
    nimkit::cli::write_all(fd_, data, size, "standard output");
  }

  int fd_;
  std::unique_ptr<char[]> buffer_;
  std::size_t size_ = 0;
};

constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Decimal digits of v at p (no terminator), two digits per step; returns the end.
char* put_u64(char* p, std::uint64_t v) {
  int length = 1;
  for (std::uint64_t t = v; t >= 10; t /= 10) ++length;
  char* const end = p + length;
  char* q = end;
  while (v >= 100) {
    const auto pair = static_cast<std::size_t>(v % 100) * 2;
    v /= 100;
    *--q = kDigitPairs[pair + 1];
    *--q = kDigitPairs[pair];
  }
  if (v >= 10) {
    *--q = kDigitPairs[v * 2 + 1];
    *--q = kDigitPairs[v * 2];
  } else {
    *--q = static_cast<char>('0' + v);
  }
  return end;
}

char* put(char* p, std::string_view text) {
  std::memcpy(p, text.data(), text.size());
  return p + text.size();
}

class Batch {
 public:
  Batch(const BatchOptions& options, std::shared_ptr<const Ruleset> rules)
      : options_(options), rules_(std::move(rules)), out_(STDOUT_FILENO) {}

  void line(std::string_view text, std::uint64_t number) {
    // A blank line asks nothing (a file's separating or trailing blank lines): no answer, and the
    // numbers of the lines after it stay those of the file.
    if (trim(text).empty()) return;
    // Checked before any parsing, so that no message or JSON string carries invalid UTF-8.
    if (!valid_utf8(text)) return error(number, "the line is not valid UTF-8");
    if (options_.json) return json(text, number);
    // Each line is a question of its own, with its own limits and work meter (made only when the
    // library needs more than the ruleset's answer from the text).
    Result<BriefAnalysis> brief = analyze_brief(text, rules_, convention(),
                                                [this] { return command_limits(options_.limit); });
    if (!brief) return error(number, brief.error());
    const std::string_view move = brief->first_winning_move.empty()
                                      ? std::string_view("-")
                                      : std::string_view(brief->first_winning_move);
    if (move.size() > 1024 || (brief->grundy && *brief->grundy > ~std::uint64_t{0}) ||
        brief->winner == Outcome::kDraw || brief->loopy_value) {
      const std::string value = brief->grundy        ? to_string(*brief->grundy)
                                : brief->loopy_value ? to_string(*brief->loopy_value)
                                                     : "-";
      out_.append(fmt::format("{}\t{}\t{}\n", to_string(brief->winner), value, move));
      return;
    }
    // The common answer, written in place: no allocation per line.
    char* o = out_.reserve(64 + move.size());
    o = put(o, brief->winner == Outcome::kFirst ? "first\t" : "second\t");
    if (brief->grundy) {
      o = put_u64(o, static_cast<std::uint64_t>(*brief->grundy));
    } else {
      *o++ = '-';
    }
    *o++ = '\t';
    o = put(o, move);
    *o++ = '\n';
    out_.commit(o);
  }

  void finish() { out_.flush(); }

 private:
  Convention convention() const {
    return options_.misere ? Convention::kMisere : Convention::kNormal;
  }

  void error(std::uint64_t number, std::string_view message) {
    if (options_.json) {
      out_.append(contract::dump_json(contract::batch_error_json(number, message)) + "\n");
    } else {
      out_.append(fmt::format("error\tline {}: {}\n", number, message));
    }
  }

  // A line of the JSON contract (json.h): the brief answer and the position in the game's own
  // words, which the library gives with the answer (BriefOptions::position).
  void json(std::string_view text, std::uint64_t number) {
    Result<BriefAnalysis> brief =
        analyze_brief(text, rules_, convention(), [this] { return command_limits(options_.limit); },
                      {.position = true});
    if (!brief) return error(number, brief.error());
    line_.clear();
    contract::append_batch_line(line_, number, convention(), *brief, texts_);
    line_ += '\n';
    out_.append(line_);
  }

  const BatchOptions& options_;
  std::shared_ptr<const Ruleset> rules_;
  Output out_;
  std::string line_;  // the JSON answer being written, its room kept from line to line
  contract::RulesetTexts texts_;
};

int run_batch(const BatchOptions& options) {
  auto rules = make_ruleset(options.rules);
  if (!rules) return report(rules.failure());
  Batch batch(options, *rules);
  // The buffer holds the unfinished tail of the previous read followed by the next read; a line
  // longer than the buffer grows it.
  std::vector<char> buffer(kReadSize * 2);
  std::size_t filled = 0;
  std::uint64_t number = 0;
  bool eof = false;
  while (!eof) {
    // A line may not outgrow the --max-line cap, so the buffer stays within max_line + 2 reads.
    if (filled > options.max_line) {
      batch.finish();
      return report(line_too_long(number + 1, options.max_line));
    }
    if (buffer.size() - filled < kReadSize) buffer.resize(buffer.size() * 2);
    const ssize_t n = ::read(STDIN_FILENO, buffer.data() + filled, buffer.size() - filled);
    if (n < 0) {
      if (errno == EINTR) continue;
      batch.finish();
      return report(fmt::format("cannot read standard input: {}", std::strerror(errno)));
    }
    if (n == 0) eof = true;
    filled += static_cast<std::size_t>(n);
    const char* p = buffer.data();
    const char* const end = p + filled;
    for (;;) {
      const auto* nl =
          static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      const auto length = static_cast<std::size_t>((nl == nullptr ? end : nl) - p);
      if ((nl != nullptr || eof) && length > options.max_line) {
        batch.finish();
        return report(line_too_long(number + 1, options.max_line));
      }
      if (nl == nullptr) {
        if (eof && p != end) batch.line(std::string_view(p, length), ++number);
        if (eof) p = end;
        break;
      }
      batch.line(std::string_view(p, length), ++number);
      p = nl + 1;
    }
    const std::size_t rest = static_cast<std::size_t>(end - p);
    std::memmove(buffer.data(), p, rest);
    filled = rest;
    // Answers go out before the next read may block: an interactive or piped producer sees each
    // answer as soon as its line is in, and nothing answered is lost if a later line fails.
    batch.finish();
  }
  batch.finish();
  return 0;
}

}  // namespace

void add_batch_command(CLI::App& app, int& status) {
  auto options = std::make_shared<BatchOptions>();
  CLI::App* command = app.add_subcommand(
      "batch",
      "Analyze each line of standard input (blank ones skipped): WINNER<TAB>GRUNDY<TAB>MOVE");
  command->add_option("--rules", options->rules, "ruleset of bare heaps (see `analyze --help`)")
      ->capture_default_str();
  command->add_flag("--misere", options->misere, "misère play: the last player to move loses");
  command->add_flag("--json", options->json,
                    "one answer of the JSON contract per line (line, contract, position, winner, "
                    "grundy, move, components)");
  add_u64_option(*command, "--limit", options->limit, std::string(kLimitHelp) + ", per line");
  add_max_line_option(*command, options->max_line);
  command->callback([options, &status] { status = run_batch(*options); });
}

}  // namespace nimkit::cli
