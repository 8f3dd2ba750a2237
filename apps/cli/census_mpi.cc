// `nimkit census --mpi` under mpirun: rank 0 opens the census (codes, shard, resumed output),
// sends the code list to every rank, then hands out one code index at a time to whichever rank
// asks, and records the lines it gets back (CensusRun::record writes them in census order, so
// the file equals a serial census). The other ranks classify the codes they are given, each with
// a CodeClassifier (under normal play one that keeps the values of the unsolved codes it
// computed; rank 0 gives a rank first the codes of the families it keeps values of, CensusQueue,
// which it can often derive instead of computing). A misère census (--misere) runs the same way:
// each code's line depends on the code and the bounds alone. A rank
// that dies takes the job down (Open MPI's default); the lines written so far stay, and a rerun
// of the same command computes only the codes missing from the output.
#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "census_run.h"
#include "commands.h"
#include "common.h"
#include "nimkit/census_queue.h"

namespace nimkit::cli {
namespace {

// worker -> rank 0: "" (ready), "INDEX\nLINE", "INDEX FROM\nLINE" (derived from code FROM's
// values) or "!INDEX\nERROR".
constexpr int kTagResult = 1;
constexpr int kTagWork = 2;  // rank 0 -> worker: a census index, or kStop
constexpr std::uint64_t kStop = ~std::uint64_t{0};

void send_text(const std::string& text, int to, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Waits for a message without holding a core: Open MPI's blocking probe polls at full speed,
// so rank 0, which waits nearly all the time, would take a core from a computing rank (the
// advice is one rank more than cores). Polls every 0.1 ms at first, backing off to every 5 ms —
// a code takes far longer to classify.
MPI_Status wait_for_message(int from, int tag) {
  auto pause = std::chrono::microseconds(100);
  for (;;) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(from, tag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived != 0) return status;
    std::this_thread::sleep_for(pause);
    pause = std::min(2 * pause, std::chrono::microseconds(5000));
  }
}

std::string receive_text(int from, int tag, int* source) {
  const MPI_Status status = wait_for_message(from, tag);
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(static_cast<std::size_t>(size), '\0');
  MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (source != nullptr) *source = status.MPI_SOURCE;
  return text;
}

// The code list from rank 0 to every rank, as text (the other ranks need no --codes file).
void broadcast_text(std::string& text) {
  std::uint64_t size = text.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  text.resize(size);
  MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
}

// Rank 0: hands out run.pending(), records the results; the exit status.
int dispatch(CensusRun& run, int ranks) {
  CensusQueue queue(run.codes(), run.pending());
  int working = ranks - 1;
  int status = 0;
  while (working > 0) {
    int source = 0;
    const std::string message = receive_text(MPI_ANY_SOURCE, kTagResult, &source);
    if (!message.empty() && status == 0) {
      const std::size_t newline = message.find('\n');
      const bool failed = message[0] == '!';
      std::uint64_t index = 0;
      const auto [end, error] =
          std::from_chars(message.data() + (failed ? 1 : 0), message.data() + newline, index);
      const std::string body = message.substr(newline + 1);
      auto entry = parse_census_line(body, run.misere());
      if (failed) {
        status = report(body);
      } else if (!entry || error != std::errc{}) {
        status = report("rank " + std::to_string(source) + " sent a bad line: " +
                        (entry ? message.substr(0, newline) : entry.error()));
      } else {
        auto* normal = std::get_if<CensusEntry>(&*entry);
        if (normal && *end == ' ') {
          normal->derived_from = std::string(end + 1, message.data() + newline);
        }
        queue.returned(source, index, normal && normal->kind == CensusClass::kUnsolved);
        if (auto written = run.record(index, *std::move(entry)); !written) {
          status = report(written.failure());
        }
      }
    }
    std::uint64_t work = kStop;
    if (status == 0) work = queue.next(source).value_or(kStop);
    if (work == kStop) --working;
    MPI_Send(&work, 1, MPI_UINT64_T, source, kTagWork, MPI_COMM_WORLD);
  }
  run.progress(true);
  return status;
}

// Other ranks: classify the codes rank 0 sends until it says stop.
void work(const std::vector<OctalCode>& codes, const CensusOptions& options) {
  CodeClassifier classifier(options);
  std::string result;
  for (;;) {
    send_text(result, 0, kTagResult);
    std::uint64_t index = kStop;
    MPI_Recv(&index, 1, MPI_UINT64_T, 0, kTagWork, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (index == kStop || index >= codes.size()) return;
    auto entry = classifier.classify(codes[index]);
    const auto* normal = entry ? std::get_if<CensusEntry>(&*entry) : nullptr;
    result = !entry ? fmt::format("!{}\n{}", index, entry.error())
             : normal && normal->derived_from
                 ? fmt::format("{} {}\n{}", index, *normal->derived_from, census_line(*entry))
                 : fmt::format("{}\n{}", index, census_line(*entry));
  }
}

int run_ranks(const CensusOptions& options, int rank, int ranks) {
  std::optional<CensusRun> run;
  std::string codes_text;
  if (rank == 0) {
    auto opened = CensusRun::open(options);
    if (!opened) {
      report(opened.failure());
    } else {
      run.emplace(std::move(*opened));
      for (const OctalCode& code : run->codes()) codes_text += code.to_string() + "\n";
    }
  }
  // An empty list tells every rank that rank 0 could not open the census.
  broadcast_text(codes_text);
  if (codes_text.empty()) return kBadInput;
  if (rank == 0) return dispatch(*run, ranks);
  std::vector<OctalCode> codes;
  for (std::size_t begin = 0; begin < codes_text.size();) {
    const std::size_t end = codes_text.find('\n', begin);
    codes.push_back(*OctalCode::parse(codes_text.substr(begin, end - begin)));
    begin = end + 1;
  }
  work(codes, options);
  return 0;
}

}  // namespace

int run_census_mpi(const CensusOptions& options) {
  MPI_Init(nullptr, nullptr);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int status = 0;
  if (ranks < 2) {
    status = report(
        "--mpi needs at least 2 ranks (mpirun -np N with N >= 2): rank 0 hands out "
        "the codes, the others compute them");
  } else {
    status = run_ranks(options, rank, ranks);
  }
  MPI_Finalize();
  return status;
}

}  // namespace nimkit::cli
