// nimkit.census: octal codes classified trivial, solved or unsolved, each a dict with the keys of
// a line of `nimkit census` (docs/census.md), codes with identical sequences grouped as there;
// nimkit.misere_census: the same codes classified by their misère quotients, as
// `nimkit census --misere` does.
#include "nimkit/census.h"

#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "common.h"
#include "nimkit/misere_census.h"
#include "nimkit/quote.h"

namespace nimkit::python {

namespace {

// The codes asked for: the census of `digits`, or the list in its order; fails on bad text, a
// code that allows no move or a code listed twice (as the CLI's --digits and --codes).
Result<std::vector<OctalCode>> codes_asked(const std::optional<std::size_t>& digits,
                                           const std::optional<std::vector<std::string>>& codes) {
  if (digits.has_value() == codes.has_value()) {
    return fail("give either digits (a census of every code) or codes (a list), not both");
  }
  if (digits) return census_codes(*digits);
  if (codes->empty()) return fail("codes lists no code");
  CensusCodeList list;
  for (const std::string& text : *codes) {
    auto repeated = list.add(text);
    if (!repeated) return repeated.failure();
    if (*repeated) return fail("code " + quoted(text) + " is listed twice");
  }
  return std::move(list).take();
}

// The line's fields, in its order, as Python values.
template <typename Fields>
py::dict line_of(const Fields& fields) {
  py::dict line;
  for (const auto& [key, value] : fields) {
    std::visit([&, key = key](const auto& v) { line[py::str(std::string(key))] = v; }, value);
  }
  return line;
}

py::list run_census(std::optional<std::size_t> digits,
                    std::optional<std::vector<std::string>> codes, std::uint64_t max_heap,
                    std::uint64_t max_plain_heap, std::uint64_t max_work, std::uint64_t cache_mib) {
  const std::vector<OctalCode> asked = take(codes_asked(digits, codes));
  if (cache_mib > (~std::uint64_t{0} >> 20)) {
    raise_error(fail("cache_mib " + std::to_string(cache_mib) + " is more than 2^44 MiB"));
  }
  CensusLimits limits;
  limits.max_heap = max_heap;
  limits.max_plain_heap = max_plain_heap;
  limits.max_work = max_work;
  limits.cache_bytes = cache_mib << 20;
  limits.meter = std::make_shared<WorkMeter>(0);
  auto entries = run_cancellable<Result<std::vector<CensusEntry>>>(
      *limits.meter, [&]() -> Result<std::vector<CensusEntry>> {
        CensusClassifier classifier(limits);
        CensusGrouper grouper;
        std::vector<CensusEntry> out;
        for (std::uint64_t i = 0; i < asked.size(); ++i) {
          Result<CensusEntry> entry = classifier.classify(asked[i]);
          if (!entry) return entry.failure();
          grouper.add(*entry, i);
          out.push_back(*std::move(entry));
        }
        return out;
      });
  py::list lines;
  for (const CensusEntry& entry : take(std::move(entries))) {
    lines.append(line_of(census_fields(entry)));
  }
  return lines;
}

py::list run_misere_census(std::optional<std::size_t> digits,
                           std::optional<std::vector<std::string>> codes,
                           MisereCensusLimits limits) {
  const std::vector<OctalCode> asked = take(codes_asked(digits, codes));
  if (limits.max_heap == 0 || limits.max_order == 0 || limits.max_steps == 0 ||
      limits.max_bytes == 0) {
    raise_error(fail("max_heap, max_order, max_steps and max_bytes must be at least 1"));
  }
  limits.meter = std::make_shared<WorkMeter>(0);
  auto entries = run_cancellable<Result<std::vector<MisereCensusEntry>>>(
      *limits.meter, [&]() -> Result<std::vector<MisereCensusEntry>> {
        std::vector<MisereCensusEntry> out;
        for (const OctalCode& code : asked) {
          Result<MisereCensusEntry> entry = classify_misere(code, limits);
          if (!entry) return entry.failure();
          out.push_back(*std::move(entry));
        }
        return out;
      });
  py::list lines;
  for (const MisereCensusEntry& entry : take(std::move(entries))) {
    lines.append(line_of(misere_census_fields(entry)));
  }
  return lines;
}

// nimkit.census's arguments as Python gives them (common.h's Unsigned: ValueError naming a bad
// number).
py::list census_call(const std::optional<Unsigned<"digits">>& digits,
                     std::optional<std::vector<std::string>> codes, Unsigned<"max_heap"> max_heap,
                     Unsigned<"max_plain_heap"> max_plain_heap, Unsigned<"max_work"> max_work,
                     Unsigned<"cache_mib"> cache_mib) {
  return run_census(value_of(digits), std::move(codes), max_heap, max_plain_heap, max_work,
                    cache_mib);
}

py::list misere_census_call(const std::optional<Unsigned<"digits">>& digits,
                            std::optional<std::vector<std::string>> codes,
                            Unsigned<"max_heap"> max_heap, Unsigned<"max_order"> max_order,
                            Unsigned<"max_steps"> max_steps, Unsigned<"max_bytes"> max_bytes) {
  MisereCensusLimits limits;
  limits.max_heap = max_heap;
  limits.max_order = max_order;
  limits.max_steps = max_steps;
  limits.max_bytes = max_bytes;
  return run_misere_census(value_of(digits), std::move(codes), limits);
}

}  // namespace

void add_census(py::module_& mod) {
  const CensusLimits defaults;
  mod.def("census", &census_call, py::arg("digits") = py::none(), py::arg("codes") = py::none(),
          py::kw_only(), py::arg("max_heap") = defaults.max_heap,
          py::arg("max_plain_heap") = defaults.max_plain_heap,
          py::arg("max_work") = defaults.max_work,
          py::arg("cache_mib") = defaults.cache_bytes >> 20,
          "Octal codes classified as `nimkit census` does, one dict per code in census order "
          "(digits=D: '4' and every code d0.d1...dj, j <= D, d0 0 or 4) or in the order of "
          "codes=[...]: 'code', 'class' ('trivial', 'solved' or 'unsolved'), 'proved', "
          "'preperiod', 'period', 'needed' and 'proof' when proved, 'computed_to', 'stopped_by' "
          "('heaps' or 'work') when unsolved, 'largest', 'largest_at', 'rare_mask', "
          "'rare_count', 'last_rare', 'equivalent_to' and 'equivalence' ('proved' or "
          "'computed') for a code whose sequence equals an earlier one's, 'fingerprint'. "
          "max_heap, max_plain_heap, max_work and cache_mib are the CLI's --max-heap, "
          "--max-plain-heap, --max-work and --cache-mib. The GIL is released; Ctrl-C stops the "
          "census within milliseconds (KeyboardInterrupt). ValueError for bad digits or codes.");
  const MisereCensusLimits misere;
  mod.def("misere_census", &misere_census_call, py::arg("digits") = py::none(),
          py::arg("codes") = py::none(), py::kw_only(), py::arg("max_heap") = misere.max_heap,
          py::arg("max_order") = misere.max_order, py::arg("max_steps") = misere.max_steps,
          py::arg("max_bytes") = misere.max_bytes,
          "Octal codes classified by their misère quotients as `nimkit census --misere` does, "
          "one dict per code in census order (digits=D) or in the order of codes=[...]: 'code', "
          "'class' ('tame' or 'finite': the quotient of every heap, its period proved; "
          "'partial': the quotient of heaps up to 'heaps' only; 'stopped': not even heap 1), "
          "'heaps', 'order', 'p_size', 'tame' (so far, when partial), 'preperiod', 'period' and "
          "'checked_to' when proved, 'stopped_by' ('heaps', 'order', 'index', 'pairs', 'memory', "
          "'work', 'unverified' or 'other') and 'stopped' (in words) when not, 'steps'. max_heap, "
          "max_order, max_steps and max_bytes are the CLI's --max-heap, --max-order, "
          "--max-steps and --memory; each code's line depends on them alone. The GIL is "
          "released; Ctrl-C stops it within milliseconds (KeyboardInterrupt). ValueError for "
          "bad digits, codes or bounds.");
}

}  // namespace nimkit::python
