#include "common.h"

#include <unistd.h>

#include <string>

#include "nimkit/ruleset.h"

namespace nimkit::python {

namespace {
PyObject* limit_error = nullptr;
PyObject* unsupported_error = nullptr;
}  // namespace

void raise_error(const Error& error) {
  switch (error.kind) {
    case ErrorKind::kBadInput:
      throw py::value_error(error.message);
    case ErrorKind::kUnsupported:
      PyErr_SetString(unsupported_error, error.message.c_str());
      throw py::error_already_set();
    case ErrorKind::kLimit:
      PyErr_SetString(limit_error, error.message.c_str());
      throw py::error_already_set();
    case ErrorKind::kCancelled:
      PyErr_SetString(PyExc_KeyboardInterrupt, error.message.c_str());
      throw py::error_already_set();
  }
  throw py::value_error(error.message);
}

std::optional<std::uint64_t> to_unsigned(py::handle source, std::string_view name, bool convert) {
  const bool is_float = PyFloat_Check(source.ptr()) != 0;
  if (is_float && !convert) return std::nullopt;
  if (!is_float && PyIndex_Check(source.ptr()) == 0) return std::nullopt;
  // The number named in the message: the float, or the int the object stands for (__index__).
  py::object number = py::reinterpret_borrow<py::object>(source);
  if (!is_float) {
    number = py::reinterpret_steal<py::object>(PyNumber_Index(source.ptr()));
    if (!number) {
      PyErr_Clear();
      return std::nullopt;
    }
    const unsigned long long value = PyLong_AsUnsignedLongLong(number.ptr());
    if (value != static_cast<unsigned long long>(-1) || PyErr_Occurred() == nullptr) return value;
    PyErr_Clear();
  }
  // The value as text, read by the library's parser of unsigned numbers for its message. An int
  // of more digits than Python writes out (4300) is named by its size.
  std::string text;
  try {
    text = py::str(number).cast<std::string>();
  } catch (const py::error_already_set&) {
    const auto bits = number.attr("bit_length")().cast<std::uint64_t>();
    const bool negative = number < py::int_(0);
    throw py::value_error(std::string(name) + " is " + (negative ? "minus " : "") + "a " +
                          std::to_string(bits) +
                          "-bit integer: expected 0 to 18446744073709551615");
  }
  const Result<std::uint64_t> parsed = parse_u64(text, name);
  if (parsed) return *parsed;
  throw py::value_error(parsed.error());
}

void add_exceptions(py::module_& module) {
  static py::exception<void> limit(module, "LimitError", PyExc_RuntimeError);
  static py::exception<void> unsupported(module, "UnsupportedError", PyExc_ValueError);
  limit.doc() =
      "The work, memory, table or size a call needs passes a limit; the message names it. "
      "Raise it with the call's limit= argument.";
  unsupported.doc() =
      "Well-formed, but the ruleset or method does not offer what was asked (a ValueError).";
  limit_error = limit.ptr();
  unsupported_error = unsupported.ptr();
}

Limits call_limits(const std::optional<std::uint64_t>& limit) {
  if (limit) return scaled_limits(*limit);
  Limits limits;
  limits.meter = std::make_shared<WorkMeter>(kDefaultWorkSteps);
  return limits;
}

std::string escape_html(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

py::int_ to_python(Nimber value) {
  const auto high = static_cast<std::uint64_t>(value >> 64);
  const auto low = static_cast<std::uint64_t>(value);
  if (high == 0) return py::int_(low);
  py::int_ result(high);
  result = py::reinterpret_steal<py::int_>(PyNumber_Lshift(result.ptr(), py::int_(64).ptr()));
  return py::reinterpret_steal<py::int_>(PyNumber_Or(result.ptr(), py::int_(low).ptr()));
}

std::uint64_t available_memory() {
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

void Progress::show(std::uint64_t done, const std::string& note) {
  if (!shown_ || (started_ && done == last_ && note == note_)) return;
  if (!started_) start();
  last_ = done;
  note_ = note;
  if (bar_) call("update");
}

void Progress::start() {
  started_ = true;
  try {
    bar_ = py::module_::import("nimkit._progress").attr("open_bar")(total_, unit_);
  } catch (const py::error_already_set&) {
    bar_ = py::object();
  }
}

void Progress::call(const char* method) {
  try {
    bar_.attr(method)(last_, note_);
  } catch (const py::error_already_set&) {
    bar_ = py::object();
  }
}

void Progress::close() {
  if (!bar_) return;
  call("close");
  bar_ = py::object();
}

}  // namespace nimkit::python
