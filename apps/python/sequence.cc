// nimkit.grundy_sequence: the values of a heap ruleset's Grundy sequence, lent to numpy without a
// copy through the buffer protocol, and its proved period.
#include <pybind11/stl.h>

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
#include "nimkit/sequence_job.h"

namespace nimkit::python {

namespace {

// Values copied per look at the meter, so that Ctrl-C is heard within milliseconds.
constexpr std::uint64_t kCopyChunk = std::uint64_t{1} << 14;

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
  std::vector<std::uint64_t> wide;       // rulesets without the sparse-space engine
  std::vector<std::uint32_t> decoded;    // decoded() copies
  std::optional<std::uint64_t> threads;  // as asked (nullopt: the library's default)

  std::uint64_t at(std::uint64_t n) const {
    if (engine) return engine->value(n);
    if (!wide.empty()) return wide[n];
    return decoded[n];
  }
};

// Limits of a job: the knob `limit` when given; long runs are otherwise bounded by the heaps
// asked. The meter is the one Ctrl-C cancels.
Limits job_limits(const std::optional<std::uint64_t>& limit, SequenceJobEngine engine) {
  if (engine == SequenceJobEngine::kSparse)
    return limit ? scaled_limits(*limit) : Limits{.meter = std::make_shared<WorkMeter>(0)};
  Limits limits = call_limits(limit);
  limits.meter = std::make_shared<WorkMeter>(0);
  return limits;
}

// A job on `rules` (the library chooses the engine), its options' errors in this module's words.
SequenceJob open_job(const std::shared_ptr<const Ruleset>& rules, const SequenceJobOptions& options,
                     const Limits& limits) {
  SequenceJobArgument culprit = SequenceJobArgument::kNone;
  auto job = SequenceJob::create(rules, options, limits, &culprit);
  if (!job) {
    const Error& error = job.failure();
    if (culprit == SequenceJobArgument::kCount)
      raise_error(fail_as(error, "count " + error.message));
    if (culprit == SequenceJobArgument::kThreads)
      raise_error(fail_as(error, "threads " + error.message));
    raise_error(error);
  }
  return std::move(job).value();
}

// Runs `job` with the GIL released, showing its progress; raises the meter's error when stopped.
void run_job(SequenceJob& job, const Limits& limits, Progress* shown) {
  std::atomic<std::uint64_t> done{0};
  auto ran = run_cancellable<Result<SequenceJobStop>>(
      *limits.meter,
      [&] {
        return job.run([&](const SequenceProgress& p) {
          done.store(p.heaps_done, std::memory_order_relaxed);
          return true;
        });
      },
      [&] {
        if (shown != nullptr) shown->show(done.load(std::memory_order_relaxed));
      });
  if (!ran) raise_error(ran.failure());
  if (*ran != SequenceJobStop::kNone) raise_error(limits.stop_error());
}

// The values of a ruleset on the ruleset's engine (closed forms, tables, periods) in 64 bits,
// which this object owns (whole_table: memory_needed() counts them): copied in chunks, each a
// look at the meter that Ctrl-C cancels.
void copy_wide(PySequence& result, const SequenceJob& job, const Limits& limits, Progress& shown) {
  const std::uint64_t count = result.count;
  std::atomic<std::uint64_t> done{0};
  auto values = take(run_cancellable<Result<std::vector<std::uint64_t>>>(
      *limits.meter,
      [&]() -> Result<std::vector<std::uint64_t>> {
        std::vector<std::uint64_t> out;
        out.reserve(count);
        for (std::uint64_t begin = 0; begin < count; begin += kCopyChunk) {
          const std::uint64_t end = std::min(count, begin + kCopyChunk);
          if (!limits.charge(end - begin)) return limits.stop_error();
          auto stretch = job.values(begin, end);
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
      raise_error(fail(ErrorKind::kUnsupported,
                       "ruleset " + quoted(rules->spec()) +
                           (rules->loopy() && rules->heap_game() != nullptr
                                ? " can be played for ever, so its values may be infinite (∞)"
                                : " is not played on single heaps") +
                           ": it has no Grundy sequence"));
  }
  const SequenceJobEngine engine = sequence_job_engine(*rules);
  const Limits limits = job_limits(limit, engine);
  SequenceJobOptions options;
  options.count = count;
  options.threads = threads;
  options.memory_budget = available_memory();
  options.whole_table = true;  // the table is lent out whole
  SequenceJob job = open_job(rules, options, limits);
  PySequence result{rules->spec(), count, rules, nullptr, {}, {}, threads};
  Progress shown(progress, count, "values");
  // A table that cannot fit the free memory is refused now, whatever the engine, not killed by
  // the kernel halfway.
  if (auto fits = job.memory_needed(); !fits) {
    raise_error(fail_as(Error{"", ErrorKind::kLimit},
                        "count " + std::to_string(count) + ": " + fits.error()));
  }
  if (engine == SequenceJobEngine::kSparse) {
    run_job(job, limits, &shown);
    result.engine = job.share_sequence();
  } else {
    run_job(job, limits, nullptr);
    copy_wide(result, job, limits, shown);
  }
  shown.show(count);
  shown.finish();
  return result;
}

PyPeriod find_period(const PySequence& s, std::optional<std::uint64_t> search,
                     std::optional<std::uint64_t> limit) {
  // The table lent to numpy never grows: a proof that needs more values than it holds runs on a
  // job of its own.
  if (s.engine) {
    if (auto candidate = s.engine->period_candidate(); candidate && candidate->proved) {
      return from(*candidate);
    }
  }
  const SequenceJobEngine engine = sequence_job_engine(*s.ruleset);
  const Limits limits = job_limits(limit, engine);
  SequenceJobOptions options;
  options.count = s.count;
  options.period = true;
  options.period_search = search;
  options.values = false;
  options.threads = s.threads;
  options.memory_budget = available_memory();
  SequenceJob job = open_job(s.ruleset, options, limits);
  run_job(job, limits, nullptr);
  const SequencePeriod& p = job.period();
  if (p.period) return from(*p.period);
  return PyPeriod{std::nullopt,
                  std::nullopt,
                  0,
                  false,
                  p.checked_to,
                  "no period found up to " + std::to_string(p.searched_to) + " (" + p.why + ")"};
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
          "progress=True shows a progress bar (a widget in a notebook, tqdm or a plain line "
          "elsewhere). The GIL is "
          "released; Ctrl-C stops the computation within milliseconds (KeyboardInterrupt), for "
          "every ruleset. ValueError for a bad ruleset, count or thread count, UnsupportedError "
          "for a ruleset without a sequence, LimitError past 2**36 values, `limit` or the free "
          "memory (checked before any work: other rulesets hold 8 bytes a value, 16 for a table "
          "ruleset).");
}

}  // namespace nimkit::python
