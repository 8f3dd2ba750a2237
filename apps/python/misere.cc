// nimkit.misere_quotient and nimkit.MisereQuotient: the misère quotient of a heap game
// (misere_quotient.h) with the names of `nimkit misere-quotient --json`, and its file format.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common.h"
#include "nimkit/limits.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit::python {

namespace {

// The largest heap a quotient file is read to, as the CLI reads one (--quotient).
constexpr std::uint64_t kReadHeaps = 1'000'000;
// Heaps of Φ per row of the notebook's table.
constexpr std::uint64_t kPhiPerRow = 12;

struct PyQuotient {
  std::shared_ptr<const MisereQuotient> quotient;
  std::shared_ptr<const Ruleset> ruleset;

  const MisereQuotient& q() const { return *quotient; }
};

struct PyMiserePeriod {
  MiserePeriod period;
};

std::vector<std::string> element_names(const MisereQuotient& q, bool p_only) {
  std::vector<std::string> out;
  for (const QuotientElement x : q.elements_in_order()) {
    if (!p_only || q.in_p(x)) out.push_back(q.name(x));
  }
  return out;
}

std::vector<std::string> generator_texts(const MisereQuotient& q) {
  std::vector<std::string> out;
  for (std::size_t g = 0; g < q.generators_at().size(); ++g) {
    out.push_back(q.name(q.generators()[g]) + " = Φ(" + std::to_string(q.generators_at()[g]) + ")");
  }
  return out;
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? separator : "") + parts[i];
  return out;
}

std::shared_ptr<const Ruleset> quotient_ruleset(const std::string& rules) {
  auto ruleset = take(make_ruleset(rules));
  if (!has_misere_quotient(*ruleset)) {
    raise_error(fail(ErrorKind::kUnsupported,
                     "ruleset " + quoted(rules) +
                         " has no misère quotients here: they are computed for games of single "
                         "heaps whose moves leave smaller heaps"));
  }
  return ruleset;
}

// A str or os.PathLike as a path (os.fspath), TypeError for anything else, ValueError for bytes.
std::string path_text(const py::object& path) {
  py::object text = py::module_::import("os").attr("fspath")(path);
  if (!py::isinstance<py::str>(text)) {
    raise_error(fail("checkpoint " + py::repr(path).cast<std::string>() + " must be a str path"));
  }
  return text.cast<std::string>();
}

using MaxOrder = std::optional<Unsigned<"max_order">>;
using MaxIndex = std::optional<Unsigned<"max_index">>;

// max_order=None: as many elements as the memory budget allows.
void bound_order(QuotientBounds& bounds, const MaxOrder& max_order) {
  if (max_order) {
    bounds.max_order = static_cast<std::size_t>(std::min<std::uint64_t>(*max_order, SIZE_MAX));
  }
}

// How a long computation runs: its threads, memory, progress display and checkpoints, as the
// CLI's --threads, --memory, progress line and --checkpoint.
struct Running {
  std::optional<std::uint64_t> threads;  // None: default_quotient_threads()
  std::optional<std::uint64_t> memory;   // None: half the memory free
  bool progress = false;
  std::optional<std::string> checkpoint;  // a path
  double checkpoint_every = 60;           // seconds
};

// The progress and checkpoints of one computation, handed from its thread to the calling one,
// which shows them and writes the files (Python's own file writing, so OSError as usual).
class Monitor {
 public:
  Monitor(const Running& running, std::uint64_t max_heap)
      : running_(running), shown_(running.progress, max_heap, "heaps") {}

  QuotientObserver observer() {
    QuotientObserver observer;
    if (running_.progress) {
      observer.progress = [this](const QuotientProgress& p) {
        std::lock_guard lock(mutex_);
        latest_ = p;
      };
    }
    if (running_.checkpoint) {
      observer.checkpoint = [this](const MisereQuotient& q) {
        std::string bytes = save_misere_quotient(q);
        std::lock_guard lock(mutex_);
        pending_ = std::move(bytes);
      };
      observer.checkpoint_every = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(running_.checkpoint_every));
    }
    return observer;
  }
  // On the calling thread, with the GIL, every kSignalPoll. A checkpoint that cannot be written
  // cancels the computation (it would run for nothing); its error is raised by finish().
  void tick(WorkMeter& meter) {
    if (!write_pending()) meter.cancel();
    const auto now = std::chrono::steady_clock::now();
    if (!running_.progress || now - shown_at_ < std::chrono::milliseconds(100)) return;
    shown_at_ = now;
    QuotientProgress p;
    {
      std::lock_guard lock(mutex_);
      p = latest_;
    }
    if (p.heap > 0) shown_.show(p.heap - 1, describe(p));
  }
  // After the computation: the last checkpoint written (`last`, the quotient it returns, when
  // there is one), the display closed; raises a failed write's OSError.
  void finish(std::uint64_t heaps_done, const std::string& note,
              const MisereQuotient* last = nullptr) {
    if (last != nullptr && running_.checkpoint) {
      std::string bytes = save_misere_quotient(*last);
      std::lock_guard lock(mutex_);
      pending_ = std::move(bytes);
    }
    write_pending();
    shown_.show(heaps_done, note);
    shown_.finish();
    if (write_error_) throw std::move(*write_error_);
  }

 private:
  bool write_pending() {
    if (write_error_) return false;
    std::optional<std::string> bytes;
    {
      std::lock_guard lock(mutex_);
      bytes.swap(pending_);
    }
    if (!bytes) return true;
    try {
      py::module_::import("nimkit._files")
          .attr("write_atomically")(*running_.checkpoint, py::bytes(*bytes));
    } catch (py::error_already_set& error) {
      write_error_ = std::move(error);
      return false;
    }
    return true;
  }

  const Running& running_;
  Progress shown_;
  std::mutex mutex_;
  QuotientProgress latest_;
  std::optional<std::string> pending_;
  std::optional<py::error_already_set> write_error_;
  std::chrono::steady_clock::time_point shown_at_{};
};

void set_running(QuotientBounds& bounds, Limits& limits, const Running& running) {
  if (running.threads && (*running.threads < 1 || *running.threads > 2)) {
    raise_error(fail("threads " + std::to_string(*running.threads) + " must be 1 or 2"));
  }
  bounds.threads =
      running.threads ? static_cast<std::size_t>(*running.threads) : default_quotient_threads();
  if (running.memory && *running.memory == 0) raise_error(fail("memory 0 must be at least 1 byte"));
  // By default half the memory free, as the CLI's --memory, so that a growing quotient leaves the
  // machine room for everything else.
  const std::uint64_t budget = running.memory.value_or(available_memory() / 2);
  if (budget != 0) limits.max_search_bytes = budget;
  if (!(running.checkpoint_every > 0) || running.checkpoint_every > kMostCheckpointSeconds) {
    raise_error(fail("checkpoint_every " +
                     py::repr(py::float_(running.checkpoint_every)).cast<std::string>() +
                     " must be a positive number of seconds, at most " +
                     py::repr(py::float_(kMostCheckpointSeconds)).cast<std::string>()));
  }
}

PyQuotient compute(const std::string& rules, std::uint64_t max_heap, const MaxOrder& max_order,
                   const MaxIndex& max_index, std::uint64_t period, const Limit& limit,
                   const std::optional<PyQuotient>& start, bool partial, const Running& running) {
  auto ruleset = quotient_ruleset(rules);
  QuotientBounds bounds;
  bounds.max_heap = max_heap;
  bound_order(bounds, max_order);
  if (max_index) {
    const std::uint64_t index = *max_index;
    if (index < 2) raise_error(fail("max_index " + std::to_string(index) + " must be at least 2"));
    if (index > kMostQuotientIndex) {
      raise_error(fail("max_index " + std::to_string(index) + " must be at most " +
                       std::to_string(kMostQuotientIndex)));
    }
    bounds.max_index = static_cast<std::uint32_t>(index);
  }
  if (period < 1 || period > kMostQuotientPeriod) {
    raise_error(fail("period " + std::to_string(period) + " must be from 1 to " +
                     std::to_string(kMostQuotientPeriod)));
  }
  bounds.period = static_cast<std::uint32_t>(period);
  Limits limits = call_limits(limit);
  set_running(bounds, limits, running);
  const MisereQuotient* from = start ? start->quotient.get() : nullptr;
  Monitor monitor(running, max_heap);
  const QuotientObserver observer = monitor.observer();
  Result<MisereQuotient> computed = [&] {
    try {
      return run_cancellable<Result<MisereQuotient>>(
          *limits.meter,
          [&] { return compute_misere_quotient(*ruleset, bounds, limits, from, observer); },
          [&] { monitor.tick(*limits.meter); });
    } catch (py::error_already_set&) {
      // Ctrl-C: the last checkpoint of the heaps done is still written.
      monitor.finish(0, "interrupted");
      throw;
    }
  }();
  const std::uint64_t done = !computed ? 0 : computed->period() ? max_heap : computed->max_heap();
  monitor.finish(done, computed && done < max_heap ? "stopped" : "",
                 computed ? &*computed : nullptr);
  MisereQuotient quotient = take(std::move(computed));
  // Stopped by the work limit short of the heap bound: a LimitError, as every call the limit
  // stops, unless the quotient of the heaps reached was asked for.
  if (!partial && !quotient.period() && quotient.max_heap() < max_heap &&
      limits.meter->exhausted()) {
    raise_error(fail_limit(limits.stopped() + " at heap " +
                           std::to_string(quotient.max_heap() + 1) + " (raise limit=, or pass " +
                           "partial=True for the quotient of heaps up to " +
                           std::to_string(quotient.max_heap()) + ")"));
  }
  return PyQuotient{std::make_shared<const MisereQuotient>(std::move(quotient)), ruleset};
}

PyQuotient load(const py::bytes& data, const std::string& rules, const MaxOrder& max_order,
                const Limit& limit) {
  auto ruleset = quotient_ruleset(rules);
  QuotientBounds bounds;
  bounds.max_heap = kReadHeaps;
  bound_order(bounds, max_order);
  const Limits limits = call_limits(limit);
  const std::string bytes = data;
  MisereQuotient quotient = take(run_cancellable<Result<MisereQuotient>>(
      *limits.meter, [&] { return load_misere_quotient(bytes, *ruleset, bounds, limits); }));
  return PyQuotient{std::make_shared<const MisereQuotient>(std::move(quotient)), ruleset};
}

std::string period_text(const MiserePeriod& p) {
  return "Φ(n + " + std::to_string(p.period) + ") = Φ(n) for every n ≥ " +
         std::to_string(p.preperiod) + ", proved from heaps 1 to " + std::to_string(p.checked_to);
}

std::string quotient_repr(const PyQuotient& p) {
  const MisereQuotient& q = p.q();
  std::string r = "MisereQuotient(" + py::repr(py::str(p.ruleset->spec())).cast<std::string>() +
                  ", order=" + std::to_string(q.order()) +
                  ", p_size=" + std::to_string(q.p_size()) + ", " + (q.tame() ? "tame" : "wild") +
                  ", generators: " + joined(generator_texts(q), ", ");
  if (q.period()) {
    r += "; period " + std::to_string(q.period()->period) + " from heap " +
         std::to_string(q.period()->preperiod);
  } else {
    r += "; heaps up to " + std::to_string(q.max_heap()) + " (" + q.stopped() + ")";
  }
  return r + ")";
}

std::string quotient_html(const PyQuotient& p) {
  const MisereQuotient& q = p.q();
  std::ostringstream html;
  html << "<div class=\"nimkit-misere-quotient\"><p>" << escape_html(ruleset_title(*p.ruleset))
       << " (" << escape_html(q.rules()) << "), misère quotient "
       << (q.period() ? "of every heap" : "of heaps up to " + std::to_string(q.max_heap()))
       << ": order " << q.order() << ", |P| = " << q.p_size() << ", "
       << (q.tame() ? "tame" : "wild") << "</p><table>";
  const auto row = [&](const std::string& label, const std::vector<std::string>& items) {
    html << "<tr><td>" << label << "</td><td>"
         << escape_html(items.empty() ? "none" : joined(items, ", ")) << "</td></tr>";
  };
  row("Generators", generator_texts(q));
  row("Relations", q.relation_texts());
  row("P-portion", element_names(q, true));
  html << "</table><table style=\"font-family:monospace\">";
  for (std::uint64_t first = 1; first <= q.max_heap(); first += kPhiPerRow) {
    const std::uint64_t last = std::min(q.max_heap(), first + kPhiPerRow - 1);
    html << "<tr><td>Φ(" << first << "–" << last << ")</td>";
    for (std::uint64_t h = first; h <= last; ++h) html << "<td>" << q.name(q.phi(h)) << "</td>";
    html << "</tr>";
  }
  html << "</table><p>"
       << escape_html(q.period() ? period_text(*q.period()) : "Stopped: " + q.stopped())
       << "</p></div>";
  return html.str();
}

// MiserePeriod: the period of a pretending function.
void define_period(py::module_& mod) {
  py::class_<PyMiserePeriod>(mod, "MiserePeriod",
                             "The period of a pretending function: Φ(n + period) = Φ(n) for "
                             "every n >= preperiod, proved by the misère periodicity theorem "
                             "from the heaps up to checked_to.")
      .def_property_readonly("period", [](const PyMiserePeriod& p) { return p.period.period; })
      .def_property_readonly("preperiod",
                             [](const PyMiserePeriod& p) { return p.period.preperiod; })
      .def_property_readonly("checked_to",
                             [](const PyMiserePeriod& p) { return p.period.checked_to; })
      .def("__eq__",
           [](const PyMiserePeriod& a, const py::object& b) -> py::object {
             if (!py::isinstance<PyMiserePeriod>(b))
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(a.period == b.cast<const PyMiserePeriod&>().period);
           })
      .def("__repr__", [](const PyMiserePeriod& p) {
        return "MiserePeriod(period=" + std::to_string(p.period.period) +
               ", preperiod=" + std::to_string(p.period.preperiod) +
               ", checked_to=" + std::to_string(p.period.checked_to) + ")";
      });
}

// MisereQuotient: the monoid, its P-portion and how it was reached.
void define_quotient(py::class_<PyQuotient>& quotient_class) {
  quotient_class
      .def_property_readonly(
          "rules", [](const PyQuotient& p) { return p.ruleset->spec(); }, "The ruleset's spec.")
      .def_property_readonly(
          "game", [](const PyQuotient& p) { return p.q().rules(); },
          "The game's canonical notation ('octal:0.77' for 'kayles'): the same game, the same "
          "quotient.")
      .def_property_readonly(
          "title", [](const PyQuotient& p) { return ruleset_title(*p.ruleset); },
          "The game's title.")
      .def_property_readonly(
          "order", [](const PyQuotient& p) { return p.q().order(); }, "The elements of Q.")
      .def_property_readonly(
          "p_size", [](const PyQuotient& p) { return p.q().p_size(); },
          "The elements of the P-portion.")
      .def_property_readonly(
          "tame", [](const PyQuotient& p) { return p.q().tame(); },
          "Whether Q with P is the quotient of misère Nim's positions (a tame game).")
      .def_property_readonly(
          "generators",
          [](const PyQuotient& p) {
            py::list out;
            for (std::size_t g = 0; g < p.q().generators_at().size(); ++g) {
              py::dict d;
              d["name"] = p.q().name(p.q().generators()[g]);
              d["heap"] = p.q().generators_at()[g];
              out.append(d);
            }
            return out;
          },
          "The generators of the presentation, as dicts {'name': 'a', 'heap': 1}: the class "
          "of the heap at which the generator was added.")
      .def_property_readonly(
          "relations", [](const PyQuotient& p) { return p.q().relation_texts(); },
          "The relations of the presentation, e.g. 'a² = 1' (a complete rewriting system).")
      .def_property_readonly(
          "elements", [](const PyQuotient& p) { return element_names(p.q(), false); },
          "Every element by its normal form, in the order of the normal forms.")
      .def_property_readonly(
          "p_portion", [](const PyQuotient& p) { return element_names(p.q(), true); },
          "The elements of P (the classes of the sums lost for the player to move).")
      .def_property_readonly(
          "max_heap", [](const PyQuotient& p) { return p.q().max_heap(); },
          "The largest heap of the table of Φ.");
}

// MisereQuotient: the pretending function, how the quotient grew and stopped, and its saved form.
void define_quotient_heaps(py::class_<PyQuotient>& quotient_class) {
  quotient_class
      .def_property_readonly(
          "phi",
          [](const PyQuotient& p) {
            std::vector<std::string> out;
            for (std::uint64_t h = 0; h <= p.q().max_heap(); ++h)
              out.push_back(p.q().name(p.q().phi(h)));
            return out;
          },
          "The pretending function: phi[n] is Φ(n) for the heaps 0 to max_heap (Φ(0) = '1').")
      .def(
          "phi_of",
          [](const PyQuotient& p, Unsigned<"heap"> heap) {
            if (!p.q().covers(heap)) {
              raise_error(fail("heap " + std::to_string(heap.value) +
                               " is past the quotient's heaps (up to " +
                               std::to_string(p.q().max_heap()) + ") and no period is proved"));
            }
            return p.q().name(p.q().phi(heap));
          },
          py::arg("heap"),
          "Φ(heap) for any heap the quotient covers: every heap once the period is proved. "
          "ValueError past max_heap otherwise.")
      .def_property_readonly(
          "grew_at", [](const PyQuotient& p) { return p.q().grew_at(); },
          "The heaps at which the order of the quotient grew.")
      .def_property_readonly(
          "generators_at", [](const PyQuotient& p) { return p.q().generators_at(); },
          "The heaps at which a generator was added (the heaps of `generators`).")
      .def_property_readonly(
          "period",
          [](const PyQuotient& p) -> py::object {
            if (!p.q().period()) return py::none();
            return py::cast(PyMiserePeriod{*p.q().period()});
          },
          "The proved period of Φ (a MiserePeriod), or None: then the quotient is exact for sums "
          "of heaps up to max_heap only.")
      .def_property_readonly(
          "stopped", [](const PyQuotient& p) { return p.q().stopped(); },
          "Why the computation stopped: 'the period is proved', 'the heap bound 300', ...")
      .def_property_readonly(
          "index_proof",
          [](const PyQuotient& p) -> py::object {
            const auto& proof = p.q().index_proof();
            if (!proof) return py::none();
            py::dict d;
            d["next_heap"] = proof->next_heap;
            d["heap"] = proof->heap;
            d["at_least"] = proof->at_least;
            d["period"] = proof->period;
            d["lower"] = proof->lower;
            d["lower_outcome"] = proof->lower_in_p ? "P" : "N";
            d["upper"] = proof->upper();
            d["upper_outcome"] = proof->lower_in_p ? "N" : "P";
            d["text"] = describe(*proof);
            return d;
          },
          "When the computation stopped at heap max_heap + 1 with a heap's index proved large "
          "there (the key 'index_proof' of --json, with 'text' in words): the sums 'lower' and "
          "'upper' ('period' more of 'heap') have different outcomes, so the heap's index among "
          "heaps up to 'next_heap' is at least 'at_least'. None otherwise, and for a loaded "
          "quotient.")
      .def_property_readonly(
          "proved_outcomes",
          [](const PyQuotient& p) {
            py::list out;
            for (const ProvedOutcome& outcome : p.q().proved_outcomes()) {
              py::dict d;
              d["sum"] = outcome.sum;
              d["outcome"] = outcome.in_p ? "P" : "N";
              d["text"] = describe(outcome);
              out.append(d);
            }
            return out;
          },
          "The outcomes proved while trying candidates for heap max_heap + 1 (the key "
          "'proved_outcomes' of --json), one a round: each candidate's least mispredicted sum, "
          "whose outcome is the opposite of the prediction since every sum before it is "
          "predicted right; dicts with 'sum' (heaps ascending), 'outcome' ('P' or 'N') and "
          "'text'. Only rounds this computation verified (not those rebuilt from start=); empty "
          "for a loaded quotient.")
      .def_property_readonly(
          "rounds",
          [](const PyQuotient& p) -> py::object {
            const auto& rounds = p.q().rounds();
            if (!rounds) return py::none();
            py::dict d;
            d["heap"] = p.q().max_heap() + 1;
            d["period"] = rounds->period;
            d["count"] = rounds->rounds.size();
            return d;
          },
          "When the computation stopped (or saved a checkpoint) while trying candidates for heap "
          "max_heap + 1: that 'heap', the candidates' 'period' and the 'count' of rounds tried "
          "(the key 'rounds' of --json). They are saved with the quotient, and a computation "
          "extended from it (start=) rebuilds its last candidate from them instead of starting "
          "the heap afresh. None otherwise.")
      .def(
          "save", [](const PyQuotient& p) { return py::bytes(save_misere_quotient(p.q())); },
          "The quotient in nimkit's quotient file format (the CLI's --save-quotient).")
      .def_static("load", &load, py::arg("data"), py::arg("rules"), py::kw_only(),
                  py::arg("max_order") = py::none(), py::arg("limit") = py::none(),
                  "A quotient of `rules` from its saved form (the CLI's --quotient), verified "
                  "before it is trusted: ValueError for a file that is not one, of another "
                  "ruleset or version, truncated, corrupt or wrong. Ctrl-C stops the check.")
      .def("__eq__",
           [](const PyQuotient& a, const py::object& b) -> py::object {
             if (!py::isinstance<PyQuotient>(b))
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(a.q() == b.cast<const PyQuotient&>().q());
           })
      .def("__repr__", &quotient_repr)
      .def("_repr_html_", &quotient_html);
}

}  // namespace

void add_misere(py::module_& mod) {
  const QuotientBounds defaults;
  define_period(mod);

  py::class_<PyQuotient> quotient_class(
      mod, "MisereQuotient",
      "The misère quotient Q of a heap game with its P-portion and pretending function Φ: a sum "
      "of heaps h1 + ... + hk is lost for the player to move exactly when Φ(h1)...Φ(hk) is in "
      "P. Elements are named by their normal forms in the generators ('1', 'a', 'ab²c'), as "
      "`nimkit misere-quotient` names them; the attributes are the keys of its --json.");
  define_quotient(quotient_class);
  define_quotient_heaps(quotient_class);

  mod.def(
      "misere_quotient",
      [](const std::string& rules, Unsigned<"max_heap"> max_heap, const MaxOrder& max_order,
         const MaxIndex& max_index, Unsigned<"period"> period, const Limit& limit,
         const std::optional<PyQuotient>& start, bool partial,
         const std::optional<Unsigned<"threads">>& threads,
         const std::optional<Unsigned<"memory">>& memory, bool progress,
         const std::optional<py::object>& checkpoint, double checkpoint_every) {
        Running running{value_of(threads), value_of(memory), progress, std::nullopt,
                        checkpoint_every};
        if (checkpoint) running.checkpoint = path_text(*checkpoint);
        return compute(rules, max_heap, max_order, max_index, period, limit, start, partial,
                       running);
      },
      py::arg("rules"), py::arg("max_heap") = defaults.max_heap, py::kw_only(),
      py::arg("max_order") = py::none(), py::arg("max_index") = py::none(),
      py::arg("period") = defaults.period, py::arg("limit") = py::none(),
      py::arg("start") = py::none(), py::arg("partial") = false, py::arg("threads") = py::none(),
      py::arg("memory") = py::none(), py::arg("progress") = false,
      py::arg("checkpoint") = py::none(), py::arg("checkpoint_every") = 60.0,
      "The misère quotient of a game of single heaps ('kayles', 'dawson', 'octal:0.75', "
      "'grundy', 'subtraction:1,2'), computed heap by heap until its period is proved (octal "
      "codes) or max_heap, as `nimkit misere-quotient`; start= a quotient of the same game "
      "(MisereQuotient.load) to extend. max_order bounds the elements a candidate may have (None: "
      "as many as the memory budget allows); max_index the largest index of a heap's class it "
      "pursues (it stops where sums prove a larger one: see `index_proof`; None: the heap being "
      "added, at least 24); period the period of the candidates' new generators (2; 4 finds "
      "quotients whose powers repeat with period 4, as octal:4.726's). "
      "threads: 1 or 2 (None: 2 on a machine of two processors or more; the quotient is the "
      "same). memory: the bytes its candidates, tables and verification may take (None: half "
      "the memory free); past them it stops, its `stopped` naming the budget. progress=True "
      "shows the heap reached and the candidate being tried (a widget in a notebook, tqdm or a "
      "line on stderr). checkpoint: a path the quotient of the heaps done is written to "
      "(atomically, at most every checkpoint_every seconds and when it ends), to resume with "
      "start=MisereQuotient.load(...). "
      "The GIL is released; Ctrl-C stops it (KeyboardInterrupt). ValueError for a bad ruleset "
      "or start, UnsupportedError for a game without quotients, LimitError when the work "
      "limit (limit=) stops it short of max_heap — with partial=True the quotient of the heaps "
      "reached is returned instead, its `stopped` saying why.");

  mod.def("return_freed_memory_promptly", &return_freed_memory_promptly,
          "Has the C library's allocator give every freed block of 1 MiB or more back to the "
          "system at once, for the rest of the process. memory= budgets count what a "
          "computation allocates; glibc by default keeps freed blocks of up to 32 MiB, so a long "
          "misere_quotient or misere_census run's resident memory can pass its budget by a "
          "sixth. The module never calls it itself: it changes the allocator of the whole "
          "interpreter (large blocks that come and go cost a little more). Call it once, before "
          "a long computation bounded by memory=. Nothing where the C library is not glibc.");
}

}  // namespace nimkit::python
