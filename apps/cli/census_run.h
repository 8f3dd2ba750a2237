// One run of `nimkit census`, normal play or misère: the codes (a census of D digits or a list),
// the shard, the output file resumed, and the writer that streams one JSON line per code in
// census order (grouping equivalent codes under normal play). The serial loop
// (census_command.cc) and the MPI launcher (census_mpi.cc) both classify codes with a
// CodeClassifier and hand the results to CensusRun::record, so both write the same lines.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "common.h"
#include "nimkit/census.h"
#include "nimkit/misere_census.h"
#include "nimkit/result.h"

namespace nimkit::cli {

struct CensusOptions {
  std::optional<std::uint64_t> digits;
  std::string codes;    // --codes FILE
  std::string compare;  // --compare TABLE
  std::string output;   // empty: standard output
  std::string shard;    // "K/N"
  CensusLimits limits;
  std::uint64_t cache_mib = CensusLimits{}.cache_bytes >> 20;  // sets limits.cache_bytes
  bool misere = false;  // --misere: misere_limits instead of limits
  MisereCensusLimits misere_limits;
  bool progress = true;
  bool mpi = false;
};

// One code's result, of the play the census is of.
using CensusRecord = std::variant<CensusEntry, MisereCensusEntry>;

// The JSON line of one code (without its newline), and back: the fields census.md lists. A line
// of the other play's census is refused, saying which it is.
std::string census_line(const CensusRecord& record);
Result<CensusRecord> parse_census_line(const std::string& line, bool misere);

// The code of a record, and its class as written ("trivial", "tame").
const std::string& record_code(const CensusRecord& record);
std::string_view record_class(const CensusRecord& record);

// Classifies codes as the options say: a CensusClassifier under normal play (keeping values to
// derive later codes from), classify_misere under misère play.
class CodeClassifier {
 public:
  explicit CodeClassifier(const CensusOptions& options);
  Result<CensusRecord> classify(const OctalCode& code);

 private:
  std::optional<CensusClassifier> normal_;
  MisereCensusLimits misere_;
};

// The codes of the census the options name (--digits or --codes), before sharding.
Result<std::vector<OctalCode>> census_code_list(const CensusOptions& options);

class CensusRun {
 public:
  // Reads the codes the options name, selects the shard, and reads back the output file when it
  // exists (its torn last line, if any, cut off): codes already there are not computed again.
  // Fails (a one-line message naming the bad value) on bad options, a bad code list, or an
  // output file that is not this census's.
  static Result<CensusRun> open(const CensusOptions& options);

  const std::vector<OctalCode>& codes() const { return codes_; }
  // Census indices still to compute, in census order.
  const std::vector<std::uint64_t>& pending() const { return pending_; }

  // Records the result of codes()[index]; results are written in the order of pending(), so one
  // arriving early waits for those before it. Fails when the output cannot be written.
  Result<bool> record(std::uint64_t index, CensusRecord entry);
  // The progress line (on a terminal) and, at the end, the summary on stderr.
  void progress(bool final);
  bool complete() const { return written_ == pending_.size(); }
  bool misere() const { return misere_; }

  CensusRun(CensusRun&&) noexcept = default;

 private:
  CensusRun() = default;
  Result<bool> read_back(const std::string& path);

  std::vector<OctalCode> codes_;
  std::map<std::string, std::uint64_t> index_;  // canonical code -> census index
  std::set<std::uint64_t> done_;                // census indices read back from the output
  std::vector<std::uint64_t> pending_;
  std::size_t written_ = 0;  // entries of pending_ written
  std::map<std::uint64_t, CensusRecord> waiting_;
  CensusGrouper grouper_;
  bool misere_ = false;
  OutputFile out_{nullptr, &std::fclose};
  bool progress_ = true;
  bool tty_ = false;
  std::uint64_t resumed_ = 0;
  std::map<std::string, std::uint64_t, std::less<>> counts_;  // class name -> lines written
  std::uint64_t equivalent_ = 0;
  std::uint64_t derived_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_line_ = start_;
};

// The MPI launcher (census_mpi.cc): rank 0 hands out run.pending() one code at a time to the
// other ranks as they finish and records their results; returns the exit status on every rank.
// In a build without MPI it reports that and returns kBadInput.
int run_census_mpi(const CensusOptions& options);

}  // namespace nimkit::cli
