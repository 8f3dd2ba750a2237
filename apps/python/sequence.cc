// nimkit.grundy_sequence: the values of a heap ruleset's Grundy sequence, lent to numpy without a
// copy through the buffer protocol, and its proved period.
#include <pybind11/stl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "common.h"
#include "nimkit/grundy_sequence.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit::python {

namespace {

// Heaps a period search computes by default: table rulesets by mex, split games by the
// sparse-space engine (the CLI's defaults; enough for the proof of .354).
constexpr std::uint64_t kTableSearch = 100'000;
constexpr std::uint64_t kSequenceSearch = std::uint64_t{1} << 25;
// Heaps per stretch of a metered run at most: the meter hears of a Ctrl-C after each stretch, so
// short stretches keep the answer to it quick (the engine's threads still run within stretches of
// this many heaps; the CLI's default is 2^16).
constexpr std::uint64_t kStretchHeaps = std::uint64_t{1} << 14;

struct PyPeriod {
  std::optional<std::uint64_t> period;
  std::optional<std::uint64_t> preperiod;
  std::uint64_t saltus = 0;
  bool proved = false;
  std::uint64_t checked_to = 0;
  std::string proof;  // how it was proved, or why there is none
};

PyPeriod from(const Periodicity& p) {
  return PyPeriod{p.period, p.preperiod, p.saltus, p.proved, p.checked_to, p.proof};
}

// The values: the engine's own table (split games), or values this object owns (other rulesets,
// and decoded copies).
struct PySequence {
  std::string rules;
  std::uint64_t count = 0;
  std::shared_ptr<const Ruleset> ruleset;
  std::shared_ptr<GrundySequence> engine;
  std::vector<std::uint64_t> wide;     // rulesets without the sparse-space engine
  std::vector<std::uint32_t> decoded;  // decoded() copies
  unsigned threads = 1;

  std::uint64_t at(std::uint64_t n) const {
    if (engine) return engine->value(n);
    if (!wide.empty()) return wide[n];
    return decoded[n];
  }
};

// Free memory, the budget of a new table (as the CLI's default --memory).
std::uint64_t available_memory() {
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

// A progress display on the calling thread: a tqdm bar when tqdm is installed, else a line on
// stderr rewritten in place.
class Progress {
 public:
  Progress(bool shown, std::uint64_t total) : shown_(shown), total_(total) {}
  ~Progress() {
    if (bar_) {
      try {
        bar_.attr("close")();
      } catch (const py::error_already_set&) {
      }
    }
  }
  void show(std::uint64_t done) {
    if (!shown_ || done == last_) return;
    if (!started_) start();
    if (bar_) {
      bar_.attr("update")(done - last_);
    } else {
      py::module_::import("sys").attr("stderr").attr("write")(
          "\rnimkit: " + std::to_string(done) + " / " + std::to_string(total_) + " values");
    }
    last_ = done;
  }
  void finish() {
    if (!shown_ || !started_) return;
    if (!bar_) py::module_::import("sys").attr("stderr").attr("write")("\n");
  }

 private:
  void start() {
    started_ = true;
    try {
      bar_ = py::module_::import("tqdm.auto")
                 .attr("tqdm")(py::arg("total") = total_, py::arg("unit") = "values");
    } catch (const py::error_already_set&) {
      bar_ = py::object();
    }
  }
  bool shown_;
  std::uint64_t total_;
  std::uint64_t last_ = 0;
  bool started_ = false;
  py::object bar_;
};

// The table of a split game, computed by the sparse-space engine in metered stretches.
void compute_split(PySequence& result, const SplitGame& game, unsigned threads, Progress& shown,
                   const std::optional<std::uint64_t>& limit) {
  SequenceOptions options;
  options.threads = threads;
  options.memory_budget = available_memory();
  auto engine = std::make_shared<GrundySequence>(
      take(GrundySequence::create(game, SequenceAlgorithm::kSparse, options)));
  if (auto fits = engine->memory_for(result.count); !fits)
    raise_error(fail_as(Error{"", ErrorKind::kLimit}, fits.error()));
  // Long runs are bounded by the heaps asked, and by the limit when one is given.
  const Limits limits =
      limit ? scaled_limits(*limit) : Limits{.meter = std::make_shared<WorkMeter>(0)};
  std::atomic<std::uint64_t> done{0};
  const bool finished = run_cancellable<bool>(
      *limits.meter,
      [&] {
        return extend_metered(
            *engine, result.count,
            [&](const SequenceProgress& p, std::uint64_t work) {
              done.store(p.heaps_done, std::memory_order_relaxed);
              return limits.charge(work);
            },
            kStretchHeaps);
      },
      [&] { shown.show(done.load(std::memory_order_relaxed)); });
  if (!finished) raise_error(limits.stop_error());
  result.engine = std::move(engine);
}

// The values of any other ruleset (closed forms, tables, periods) in 64 bits, which this object
// owns: refused up front when they would not fit the free memory, and computed in stretches of
// kStretchHeaps, each charged to the meter that Ctrl-C cancels. A table ruleset without a closed
// form may keep as many values of its own (until it proves a period): 16 bytes a value.
void compute_wide(PySequence& result, Progress& shown, const std::optional<std::uint64_t>& limit) {
  const std::uint64_t count = result.count;
  const auto* heap_rules = dynamic_cast<const HeapRuleset*>(result.ruleset.get());
  const bool keeps_table = heap_rules != nullptr && !heap_rules->closed_form(0).has_value();
  const int bytes = keeps_table ? 16 : 8;
  if (auto fits = check_table_memory(count, bytes, available_memory()); !fits)
    raise_error(fail_as(fits.failure(), "count " + std::to_string(count) + ": " + fits.error()));
  Limits limits = call_limits(limit);
  limits.max_table = std::max(limits.max_table, count);
  limits.meter = std::make_shared<WorkMeter>(0);
  std::atomic<std::uint64_t> done{0};
  auto values = take(run_cancellable<Result<std::vector<std::uint64_t>>>(
      *limits.meter,
      [&]() -> Result<std::vector<std::uint64_t>> {
        std::vector<std::uint64_t> out;
        out.reserve(count);
        for (std::uint64_t begin = 0; begin < count; begin += kStretchHeaps) {
          const std::uint64_t end = std::min(count, begin + kStretchHeaps);
          if (!limits.charge(end - begin)) return limits.stop_error();
          auto stretch = grundy_values(*result.ruleset, begin, end, limits);
          if (!stretch) return stretch.failure();
          for (const Nimber v : *stretch) {
            if (v > ~std::uint64_t{0})
              return fail_limit("g(n) = " + to_string(v) + " passes 2^64 - 1");
            out.push_back(static_cast<std::uint64_t>(v));
          }
          done.store(end, std::memory_order_relaxed);
        }
        return out;
      },
      [&] { shown.show(done.load(std::memory_order_relaxed)); }));
  result.wide = std::move(values);
}

PySequence make_sequence(const std::string& spec, std::uint64_t count,
                         std::optional<std::uint64_t> threads, bool progress,
                         std::optional<std::uint64_t> limit) {
  auto rules = take(make_ruleset(spec));
  switch (value_shape(*rules)) {
    case ValueShape::kSequence:
      break;
    case ValueShape::kGrid:
      raise_error(
          fail(ErrorKind::kUnsupported,
               "ruleset " + quoted(rules->spec()) +
                   " plays on pairs of heaps: its values form a table g(a, b), not a sequence"));
    case ValueShape::kNone:
      raise_error(fail(ErrorKind::kUnsupported, "ruleset " + quoted(rules->spec()) +
                                                    " is not played on single heaps: it has no "
                                                    "Grundy sequence"));
  }
  // The CLI's checks of --count and --threads, made of every ruleset before any work.
  if (auto checked = check_sequence_count(count); !checked)
    raise_error(fail_as(checked.failure(), "count " + checked.error()));
  unsigned thread_count = static_cast<unsigned>(
      std::clamp<std::uint64_t>(std::thread::hardware_concurrency(), 1, kMaxSequenceThreads));
  if (threads) {
    auto checked = check_sequence_threads(*threads);
    if (!checked) raise_error(fail_as(checked.failure(), "threads " + checked.error()));
    thread_count = *checked;
  }
  PySequence result{rules->spec(), count, rules, nullptr, {}, {}, thread_count};
  Progress shown(progress, count);
  if (const std::optional<SplitGame> game = split_game(*rules)) {
    compute_split(result, *game, thread_count, shown, limit);
  } else {
    compute_wide(result, shown, limit);
  }
  shown.show(count);
  shown.finish();
  return result;
}

PyPeriod find_period(const PySequence& s, std::optional<std::uint64_t> search,
                     std::optional<std::uint64_t> limit) {
  const std::optional<SplitGame> game = split_game(*s.ruleset);
  if (game && game->grundys_game) {
    return PyPeriod{std::nullopt, std::nullopt, 0,
                    false,        s.count - 1,  "no periodicity theorem applies to Grundy's game"};
  }
  if (game) {
    // The table lent to numpy never grows: a proof that needs more values than it holds runs on a
    // sequence of its own.
    if (s.engine) {
      if (auto candidate = s.engine->period_candidate(); candidate && candidate->proved) {
        return from(*candidate);
      }
    }
    SequenceOptions options;
    options.threads = s.threads;
    options.memory_budget = available_memory();
    GrundySequence fresh = take(GrundySequence::create(*game, SequenceAlgorithm::kSparse, options));
    const Limits limits =
        limit ? scaled_limits(*limit) : Limits{.meter = std::make_shared<WorkMeter>(0)};
    const std::uint64_t heaps = std::max(s.count, search.value_or(kSequenceSearch));
    auto proved = run_cancellable<Result<Periodicity>>(*limits.meter, [&] {
      return prove_period_metered(
          fresh, heaps,
          [&](const SequenceProgress&, std::uint64_t work) { return limits.charge(work); },
          kStretchHeaps);
    });
    if (proved) return from(*proved);
    if (limits.meter->exhausted()) raise_error(limits.stop_error());
    return PyPeriod{
        std::nullopt,
        std::nullopt,
        0,
        false,
        fresh.size() == 0 ? 0 : fresh.size() - 1,
        "no period found up to " + std::to_string(heaps - 1) + " (" + proved.error() + ")"};
  }
  Limits limits = call_limits(limit);
  limits.max_table = std::max(s.count, search.value_or(kTableSearch));
  limits.meter = std::make_shared<WorkMeter>(0);
  const PeriodLookup lookup = run_cancellable<PeriodLookup>(
      *limits.meter, [&] { return look_up_period(*s.ruleset, s.count, limits); });
  if (lookup.period) return from(*lookup.period);
  return PyPeriod{
      std::nullopt,
      std::nullopt,
      0,
      false,
      lookup.searched_to,
      "no period found up to " + std::to_string(lookup.searched_to) + " (" + lookup.why + ")"};
}

py::buffer_info buffer_of(const PySequence& s) {
  if (s.engine) {
    const GrundySequence::StoredTable table = s.engine->stored_table();
    if (!table.plain) {
      throw py::buffer_error(
          "the table of " + s.rules +
          " holds one-byte codes of values from 256 to 511, not the values: use decoded() for a "
          "copy of the values in 32 bits");
    }
    const char* format = table.bytes == 1 ? "B" : table.bytes == 2 ? "H" : "I";
    return py::buffer_info(const_cast<void*>(table.data), table.bytes, format, 1,
                           {static_cast<py::ssize_t>(s.count)},
                           {static_cast<py::ssize_t>(table.bytes)}, true);
  }
  if (!s.wide.empty()) {
    return py::buffer_info(const_cast<std::uint64_t*>(s.wide.data()), 8, "Q", 1,
                           {static_cast<py::ssize_t>(s.count)}, {py::ssize_t{8}}, true);
  }
  return py::buffer_info(const_cast<std::uint32_t*>(s.decoded.data()), 4, "I", 1,
                         {static_cast<py::ssize_t>(s.count)}, {py::ssize_t{4}}, true);
}

// The bindings' arguments as Python gives them (common.h's Unsigned: ValueError naming a bad
// number).
PySequence grundy_sequence_call(const std::string& rules, Unsigned<"count"> count,
                                const std::optional<Unsigned<"threads">>& threads, bool progress,
                                const Limit& limit) {
  return make_sequence(rules, count, value_of(threads), progress, value_of(limit));
}

PyPeriod period_call(const PySequence& s, const std::optional<Unsigned<"search">>& search,
                     const Limit& limit) {
  return find_period(s, value_of(search), value_of(limit));
}

}  // namespace

void add_sequence(py::module_& mod) {
  py::class_<PyPeriod>(mod, "Period",
                       "A Grundy sequence's period: g(n + period) = g(n) + saltus for every "
                       "n >= preperiod, proved by a periodicity theorem (or a closed form).")
      .def_readonly("period", &PyPeriod::period, "p, or None when no period was found.")
      .def_readonly("preperiod", &PyPeriod::preperiod, "n0, or None when no period was found.")
      .def_readonly("saltus", &PyPeriod::saltus, "s (0 for an ordinary period).")
      .def_readonly("proved", &PyPeriod::proved, "Whether the theorem proved it.")
      .def_readonly("checked_to", &PyPeriod::checked_to,
                    "The largest heap the proof compared (or the search examined).")
      .def_readonly("proof", &PyPeriod::proof, "How it was proved, or why there is no period.")
      .def("__repr__", [](const PyPeriod& p) {
        if (!p.period)
          return "Period(None, " + py::repr(py::str(p.proof)).cast<std::string>() + ")";
        return "Period(period=" + std::to_string(*p.period) +
               ", preperiod=" + std::to_string(*p.preperiod) +
               ", saltus=" + std::to_string(p.saltus) +
               ", proved=" + (p.proved ? "True" : "False") + ")";
      });

  py::class_<PySequence>(mod, "GrundySequence", py::buffer_protocol(),
                         "g(0) ... g(count - 1) of a heap ruleset, read-only. numpy.asarray(seq) "
                         "shares the engine's own table, without a copy (the array keeps the "
                         "sequence alive). The table stores what the engine stores, unwidened: "
                         "octal codes and Grundy's game one byte per value (format 'B') while "
                         "values are below 256, then 16 bits ('H') and 32 bits ('I'); other "
                         "rulesets 64 bits ('Q'). Officers-like games whose values reach 256 to "
                         "511 store one-byte codes, not values: the buffer then refuses "
                         "(BufferError) and decoded() gives a 32-bit copy of the values.")
      .def_buffer(&buffer_of)
      .def_readonly("rules", &PySequence::rules, "The ruleset's spec.")
      .def_property_readonly(
          "format", [](const PySequence& s) { return buffer_of(s).format; },
          "The buffer's struct format: 'B', 'H', 'I' or 'Q'.")
      .def_property_readonly(
          "plain", [](const PySequence& s) { return !s.engine || s.engine->stored_table().plain; },
          "Whether the stored words are the values (False: one-byte codes; use decoded()).")
      .def("__len__", [](const PySequence& s) { return s.count; })
      .def(
          "__getitem__",
          [](const PySequence& s, const py::object& index) {
            // Python's indexing: an integer (TypeError otherwise), negative from the end, one
            // too large for an index an IndexError (as a list's).
            const auto i = py::reinterpret_steal<py::object>(PyNumber_Index(index.ptr()));
            if (!i) throw py::error_already_set();
            const Py_ssize_t at = PyNumber_AsSsize_t(i.ptr(), PyExc_IndexError);
            if (at == -1 && PyErr_Occurred()) throw py::error_already_set();
            const auto n = static_cast<Py_ssize_t>(s.count);  // at most 2^36
            if (at < -n || at >= n) {
              throw py::index_error("index " + std::to_string(at) +
                                    " is out of range: the sequence holds " + std::to_string(n) +
                                    " values, indexed 0 to " + std::to_string(n - 1) + " (or -" +
                                    std::to_string(n) + " to -1 from the end)");
            }
            return s.at(static_cast<std::uint64_t>(at < 0 ? at + n : at));
          },
          py::arg("index"),
          "g(index); a negative index counts from the end (seq[-1] is the last value). "
          "IndexError out of range.")
      .def(
          "decoded",
          [](const PySequence& s) {
            PySequence copy{s.rules, s.count, s.ruleset, nullptr, {}, {}, s.threads};
            copy.decoded.reserve(s.count);
            for (std::uint64_t n = 0; n < s.count; ++n)
              copy.decoded.push_back(static_cast<std::uint32_t>(s.at(n)));
            return copy;
          },
          "A copy of the values in 32 bits (format 'I'): the one way to a buffer of values when "
          "the table holds codes (plain is False). Sequences of 64-bit values are copied as "
          "they are.")
      .def("period", &period_call, py::arg("search") = py::none(), py::arg("limit") = py::none(),
           "The proved period: computed from the values held when they suffice, else by a "
           "search of up to `search` values (default 2**25 for octal codes, 100000 otherwise) "
           "that leaves this sequence's table as it is. Period.period is None when none is found.")
      .def("__repr__", [](const PySequence& s) {
        return "GrundySequence(" + py::repr(py::str(s.rules)).cast<std::string>() + ", " +
               std::to_string(s.count) + ")";
      });

  mod.def("grundy_sequence", &grundy_sequence_call, py::arg("rules"), py::arg("count"),
          py::arg("threads") = py::none(), py::arg("progress") = false,
          py::arg("limit") = py::none(),
          "g(0) ... g(count - 1) of a ruleset on single heaps ('kayles', 'octal:0.16', 'grundy', "
          "'subtraction:1,3,4'). count is 1 to 2**36; octal codes and Grundy's game run the "
          "sparse-space engine on `threads` threads, 1 to 256 (default: every core, at most 256). "
          "progress=True shows a tqdm bar (a plain line when tqdm is missing). The GIL is "
          "released; Ctrl-C stops the computation within milliseconds (KeyboardInterrupt), for "
          "every ruleset. ValueError for a bad ruleset, count or thread count, UnsupportedError "
          "for a ruleset without a sequence, LimitError past 2**36 values, `limit` or the free "
          "memory (checked before any work: other rulesets hold 8 bytes a value, 16 for a table "
          "ruleset).");
}

}  // namespace nimkit::python
