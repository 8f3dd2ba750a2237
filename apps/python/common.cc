#include "common.h"

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

py::int_ to_python(Nimber value) {
  const auto high = static_cast<std::uint64_t>(value >> 64);
  const auto low = static_cast<std::uint64_t>(value);
  if (high == 0) return py::int_(low);
  py::int_ result(high);
  result = py::reinterpret_steal<py::int_>(PyNumber_Lshift(result.ptr(), py::int_(64).ptr()));
  return py::reinterpret_steal<py::int_>(PyNumber_Or(result.ptr(), py::int_(low).ptr()));
}

}  // namespace nimkit::python
