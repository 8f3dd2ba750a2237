#include "census_run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <variant>

#include "nimkit/quote.h"

namespace nimkit::cli {
namespace {

using Json = nlohmann::ordered_json;

// Seconds between progress lines when stderr is not a terminal.
constexpr double kQuietProgressSeconds = 10;

// Largest --codes file: a million codes of six digits take 9 MB.
constexpr std::uint64_t kMaxCodeFile = std::uint64_t{16} << 20;

std::string trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t\r") - begin + 1);
}

Result<std::vector<OctalCode>> read_code_file(const std::string& path) {
  const std::string name = fmt::format("--codes {}", nimkit::quoted(path));
  auto text = read_text_file(path, name, kMaxCodeFile);
  if (!text) return text.failure();
  CensusCodeList list;
  std::vector<std::uint64_t> lines;  // the line of each code in the list
  std::uint64_t number = 0;
  std::istringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string code_text = trim(line.substr(0, line.find('#')));
    if (code_text.empty()) continue;
    auto repeated = list.add(code_text);
    if (!repeated)
      return fail_as(repeated.failure(),
                     fmt::format("{} line {}: {}", name, number, repeated.error()));
    if (*repeated) {
      return fail(fmt::format("{} line {}: code {} repeats line {}", name, number,
                              nimkit::quoted(code_text), lines[**repeated]));
    }
    lines.push_back(number);
  }
  if (list.empty()) return fail(fmt::format("--codes {} lists no code", nimkit::quoted(path)));
  return std::move(list).take();
}

struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
};

Result<Shard> parse_shard(const std::string& text) {
  Shard shard;
  const auto slash = text.find('/');
  const char* end = text.data() + text.size();
  bool ok = slash != std::string::npos;
  if (ok) {
    const auto k = std::from_chars(text.data(), text.data() + slash, shard.index);
    const auto n = std::from_chars(text.data() + slash + 1, end, shard.count);
    ok = k.ec == std::errc{} && k.ptr == text.data() + slash && n.ec == std::errc{} &&
         n.ptr == end && shard.index < shard.count;
  }
  if (!ok)
    return fail(fmt::format("--shard {}: expected K/N with 0 <= K < N", nimkit::quoted(text)));
  return shard;
}

std::optional<std::uint64_t> unsigned_field(const nlohmann::json& object, const char* name) {
  const auto it = object.find(name);
  if (it == object.end() || !it->is_number_unsigned()) return std::nullopt;
  return it->get<std::uint64_t>();
}

}  // namespace

namespace {

template <typename Fields>
std::string line_of(const Fields& fields) {
  Json line;
  for (const auto& [key, value] : fields) {
    std::visit([&, key = key](const auto& v) { line[std::string(key)] = v; }, value);
  }
  return line.dump();
}

// The class of a line of the other play's census, or nullopt: a misère run must not append to a
// normal-play census file, nor the other way round.
std::optional<std::string> other_play(const nlohmann::json& json, bool misere) {
  if (!json.is_object() || !json.contains("class") || !json["class"].is_string()) return {};
  const std::string kind = json["class"].get<std::string>();
  const bool other =
      misere ? parse_census_class(kind).has_value() : parse_misere_class(kind).has_value();
  if (!other) return {};
  return fmt::format(
      "a {} census line (class {}), not a {} one: the file holds the other "
      "census",
      misere ? "normal-play" : "misère", nimkit::quoted(kind), misere ? "misère" : "normal-play");
}

Result<CensusEntry> parse_normal_line(const nlohmann::json& json) {
  if (!json.is_object() || !json.contains("code") || !json["code"].is_string() ||
      !json.contains("class") || !json["class"].is_string() || !json.contains("fingerprint") ||
      !json["fingerprint"].is_string()) {
    return fail("not a census line (code, class and fingerprint expected)");
  }
  CensusEntry entry;
  Result<OctalCode> code = OctalCode::parse(json["code"].get<std::string>());
  if (!code) return code.failure();
  entry.code = code->to_string();
  const std::string kind = json["class"].get<std::string>();
  const std::optional<CensusClass> parsed = parse_census_class(kind);
  if (!parsed) {
    return fail(fmt::format("class {} is not trivial, solved or unsolved", nimkit::quoted(kind)));
  }
  entry.kind = *parsed;
  const auto fingerprint = parse_fingerprint(json["fingerprint"].get<std::string>());
  const auto computed_to = unsigned_field(json, "computed_to");
  const auto largest = unsigned_field(json, "largest");
  if (!fingerprint || !computed_to || !largest) {
    return fail("fingerprint, computed_to or largest missing or malformed");
  }
  entry.fingerprint = *fingerprint;
  entry.computed_to = *computed_to;
  entry.largest = static_cast<std::uint32_t>(*largest);
  entry.largest_at = unsigned_field(json, "largest_at").value_or(0);
  entry.rare_mask = static_cast<std::uint32_t>(unsigned_field(json, "rare_mask").value_or(0));
  entry.rare_count = unsigned_field(json, "rare_count").value_or(0);
  entry.last_rare = unsigned_field(json, "last_rare");
  if (json.contains("stopped_by") && json["stopped_by"].is_string()) {
    entry.stopped_by = json["stopped_by"].get<std::string>();
  }
  const auto period = unsigned_field(json, "period");
  const auto preperiod = unsigned_field(json, "preperiod");
  const auto needed = unsigned_field(json, "needed");
  if (period && preperiod && needed) {
    Periodicity p;
    p.period = *period;
    p.preperiod = *preperiod;
    p.proved = true;
    p.needed = *needed;
    p.checked_to = *needed == 0 ? 0 : *needed - 1;
    if (json.contains("proof") && json["proof"].is_string()) p.proof = json["proof"];
    entry.period = p;
  }
  if (json.contains("equivalent_to") && json["equivalent_to"].is_string()) {
    entry.equivalent_to = json["equivalent_to"].get<std::string>();
    entry.equivalence_proved = json.value("equivalence", "") == "proved";
  }
  return entry;
}

// A misère line is read back for its code only (a resumed run skips the code), but every field
// is checked, so that a file of other lines is refused rather than half-trusted.
Result<MisereCensusEntry> parse_misere_line(const nlohmann::json& json) {
  if (!json.is_object() || !json.contains("code") || !json["code"].is_string() ||
      !json.contains("class") || !json["class"].is_string() || !json.contains("steps")) {
    return fail("not a misère census line (code, class and steps expected)");
  }
  MisereCensusEntry entry;
  Result<OctalCode> code = OctalCode::parse(json["code"].get<std::string>());
  if (!code) return code.failure();
  entry.code = code->to_string();
  const std::string kind = json["class"].get<std::string>();
  const std::optional<MisereClass> parsed = parse_misere_class(kind);
  if (!parsed) {
    return fail(
        fmt::format("class {} is not tame, finite, partial or stopped", nimkit::quoted(kind)));
  }
  entry.kind = *parsed;
  entry.steps = unsigned_field(json, "steps").value_or(0);
  const bool stopped = entry.kind == MisereClass::kStopped;
  const auto heaps = unsigned_field(json, "heaps");
  const auto order = unsigned_field(json, "order");
  const auto p_size = unsigned_field(json, "p_size");
  const auto tame = json.find("tame");
  if (!stopped && (!heaps || !order || !p_size || tame == json.end() || !tame->is_boolean())) {
    return fail("heaps, order, p_size or tame missing or malformed");
  }
  if (!stopped) {
    entry.heaps = *heaps;
    entry.order = *order;
    entry.p_size = *p_size;
    entry.tame = tame->get<bool>();
  }
  const auto preperiod = unsigned_field(json, "preperiod");
  const auto period = unsigned_field(json, "period");
  const auto checked_to = unsigned_field(json, "checked_to");
  const bool complete = entry.kind == MisereClass::kTame || entry.kind == MisereClass::kFinite;
  if (complete) {
    if (!preperiod || !period || !checked_to) {
      return fail("preperiod, period or checked_to missing or malformed");
    }
    entry.period = MiserePeriod{*preperiod, *period, *checked_to};
  } else {
    const auto by = json.find("stopped_by");
    const auto why = json.find("stopped");
    std::optional<MisereStop> stop;
    if (by != json.end() && by->is_string()) stop = parse_misere_stop(by->get<std::string>());
    if (!stop || why == json.end() || !why->is_string()) {
      return fail("stopped_by or stopped missing or malformed");
    }
    entry.stopped_by = stop;
    entry.stopped = why->get<std::string>();
  }
  return entry;
}

}  // namespace

std::string census_line(const CensusRecord& record) {
  if (const auto* misere = std::get_if<MisereCensusEntry>(&record)) {
    return line_of(misere_census_fields(*misere));
  }
  return line_of(census_fields(std::get<CensusEntry>(record)));
}

Result<CensusRecord> parse_census_line(const std::string& line, bool misere) {
  const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
  if (auto other = other_play(json, misere)) return fail(*other);
  if (misere) {
    auto entry = parse_misere_line(json);
    if (!entry) return entry.failure();
    return CensusRecord(*std::move(entry));
  }
  auto entry = parse_normal_line(json);
  if (!entry) return entry.failure();
  return CensusRecord(*std::move(entry));
}

const std::string& record_code(const CensusRecord& record) {
  return std::visit([](const auto& entry) -> const std::string& { return entry.code; }, record);
}

std::string_view record_class(const CensusRecord& record) {
  return std::visit([](const auto& entry) { return to_string(entry.kind); }, record);
}

CodeClassifier::CodeClassifier(const CensusOptions& options) : misere_(options.misere_limits) {
  if (!options.misere) normal_.emplace(options.limits);
}

Result<CensusRecord> CodeClassifier::classify(const OctalCode& code) {
  if (normal_) {
    auto entry = normal_->classify(code);
    if (!entry) return entry.failure();
    return CensusRecord(*std::move(entry));
  }
  auto entry = classify_misere(code, misere_);
  if (!entry) return entry.failure();
  return CensusRecord(*std::move(entry));
}

Result<std::vector<OctalCode>> census_code_list(const CensusOptions& options) {
  if (options.digits.has_value() == !options.codes.empty()) {
    return fail("give exactly one of --digits D or --codes FILE (or --compare TABLE alone)");
  }
  if (!options.codes.empty()) return read_code_file(options.codes);
  auto codes = census_codes(*options.digits);
  if (!codes) return fail_as(codes.failure(), "--digits: " + codes.error());
  return codes;
}

Result<CensusRun> CensusRun::open(const CensusOptions& options) {
  CensusRun run;
  run.misere_ = options.misere;
  auto codes = census_code_list(options);
  if (!codes) return codes.failure();
  run.codes_ = *std::move(codes);
  for (std::uint64_t i = 0; i < run.codes_.size(); ++i)
    run.index_.emplace(run.codes_[i].to_string(), i);
  Shard shard;
  if (!options.shard.empty()) {
    auto parsed = parse_shard(options.shard);
    if (!parsed) return parsed.failure();
    shard = *parsed;
  }
  // Only a regular file holds lines to resume (not /dev/full or a pipe).
  std::error_code error;
  if (!options.output.empty() && std::filesystem::is_regular_file(options.output, error)) {
    auto read = run.read_back(options.output);
    if (!read) return read.failure();
  }
  for (std::uint64_t i = shard.index; i < run.codes_.size(); i += shard.count) {
    if (!run.done_.contains(i)) run.pending_.push_back(i);
  }
  auto out = open_output(options.output, WriteMode::kAppend);
  if (!out) return out.failure();
  run.out_ = std::move(*out);
  run.progress_ = options.progress;
  run.tty_ = ::isatty(STDERR_FILENO) != 0;
  return run;
}

Result<bool> CensusRun::read_back(const std::string& path) {
  // One line per code of this census, each at most the line limit, streamed: an output file of
  // garbage is refused at its first bad line, never read whole.
  const std::string name = fmt::format("--output {}", nimkit::quoted(path));
  std::uint64_t whole = 0;  // bytes of the complete lines
  bool torn = false;
  auto read = for_each_line(
      path, name, kDefaultMaxLine,
      [&](std::string_view text, std::uint64_t number, bool complete) -> Result<bool> {
        // A line without its newline was torn by a stop mid-write: cut off and computed again.
        if (!complete) {
          torn = true;
          return true;
        }
        whole += text.size() + 1;
        auto entry = parse_census_line(std::string(text), misere_);
        if (!entry)
          return fail_as(entry.failure(),
                         fmt::format("{} line {}: {}", name, number, entry.error()));
        const std::string& code = record_code(*entry);
        const auto it = index_.find(code);
        if (it == index_.end()) {
          return fail(fmt::format("{} line {}: code {} is not in this census", name, number, code));
        }
        if (!done_.insert(it->second).second) {
          return fail(fmt::format("{} line {}: code {} appears twice", name, number, code));
        }
        if (const auto* normal = std::get_if<CensusEntry>(&*entry)) {
          grouper_.remember(normal->fingerprint, normal->period.has_value(), code, it->second);
        }
        ++resumed_;
        return true;
      });
  if (!read) return read;
  if (torn) {
    std::error_code error;
    std::filesystem::resize_file(path, whole, error);
    if (error)
      return fail(fmt::format("cannot cut the torn last line of {}", nimkit::quoted(path)));
  }
  return true;
}

Result<bool> CensusRun::record(std::uint64_t index, CensusRecord entry) {
  waiting_.emplace(index, std::move(entry));
  while (written_ < pending_.size()) {
    const auto it = waiting_.find(pending_[written_]);
    if (it == waiting_.end()) break;
    CensusRecord& next = it->second;
    auto* normal = std::get_if<CensusEntry>(&next);
    if (normal) grouper_.add(*normal, it->first);
    const std::string line = census_line(next) + "\n";
    std::fwrite(line.data(), 1, line.size(), out_.get());
    if (std::fflush(out_.get()) != 0 || std::ferror(out_.get()) != 0) {
      return fail(fmt::format("could not write the output: {}", std::strerror(errno)));
    }
    ++counts_[std::string(record_class(next))];
    if (normal && normal->equivalent_to) ++equivalent_;
    if (normal && normal->derived_from) ++derived_;
    waiting_.erase(it);
    ++written_;
    progress(false);
  }
  return true;
}

void CensusRun::progress(bool final) {
  if (!progress_) return;
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - start_).count();
  if (!final && !tty_ &&
      std::chrono::duration<double>(now - last_line_).count() < kQuietProgressSeconds) {
    return;
  }
  last_line_ = now;
  const std::string resumed =
      resumed_ == 0 ? "" : fmt::format(", {} resumed from the output", resumed_);
  const auto count = [this](auto kind) {
    const auto it = counts_.find(to_string(kind));
    return it == counts_.end() ? std::uint64_t{0} : it->second;
  };
  const std::string line =
      misere_
          ? fmt::format(
                "misère census: {}/{} codes ({} tame, {} finite, {} partial, {} "
                "stopped){} in {:.1f} s",
                written_, pending_.size(), count(MisereClass::kTame), count(MisereClass::kFinite),
                count(MisereClass::kPartial), count(MisereClass::kStopped), resumed, seconds)
          : fmt::format(
                "census: {}/{} codes ({} trivial, {} solved, {} unsolved; {} equivalent to "
                "an earlier code{}){} in {:.1f} s",
                written_, pending_.size(), count(CensusClass::kTrivial),
                count(CensusClass::kSolved), count(CensusClass::kUnsolved), equivalent_,
                derived_ == 0 ? ""
                              : fmt::format("; {} derived from another code's values", derived_),
                resumed, seconds);
  if (tty_) {
    fmt::print(stderr, "\r{}\x1b[K{}", line, final ? "\n" : "");
  } else {
    fmt::print(stderr, "{}\n", line);
  }
}

}  // namespace nimkit::cli
