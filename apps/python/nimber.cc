// nimkit.Nimber and nimkit.nim_evaluate: nim arithmetic on values below 2**64.
#include <cstdint>
#include <string>

#include "common.h"
#include "nimkit/nim_arithmetic.h"

namespace nimkit::python {

namespace {

struct PyNimber {
  std::uint64_t value = 0;
};

}  // namespace

void add_nimber(py::module_& mod) {
  py::class_<PyNimber> nimber_class(mod, "Nimber",
                                    "A nimber: nim addition (+, XOR), nim multiplication (*), "
                                    "division and powers, on values below 2**64.");

  nimber_class.def(py::init([](Unsigned<"value"> v) { return PyNimber{v}; }), py::arg("value"))
      .def("__int__", [](const PyNimber& n) { return n.value; })
      .def("__index__", [](const PyNimber& n) { return n.value; })
      .def("__add__",
           [](const PyNimber& a, const PyNimber& b) { return PyNimber{nim_sum(a.value, b.value)}; })
      .def("__sub__",
           [](const PyNimber& a, const PyNimber& b) { return PyNimber{nim_sum(a.value, b.value)}; })
      .def("__mul__", [](const PyNimber& a,
                         const PyNimber& b) { return PyNimber{nim_product(a.value, b.value)}; })
      .def("__truediv__",
           [](const PyNimber& a, const PyNimber& b) {
             if (b.value == 0) throw py::value_error("nimber division by *0");
             return PyNimber{nim_divide(a.value, b.value)};
           })
      .def(
          "__pow__",
          [](const PyNimber& a, Unsigned<"exponent"> e) { return PyNimber{nim_power(a.value, e)}; },
          py::arg("exponent"))
      .def("inverse",
           [](const PyNimber& a) {
             if (a.value == 0) throw py::value_error("*0 has no inverse");
             return PyNimber{nim_inverse(a.value)};
           })
      .def("__eq__",
           [](const PyNimber& a, const py::object& b) -> py::object {
             if (py::isinstance<PyNimber>(b))
               return py::bool_(a.value == b.cast<const PyNimber&>().value);
             if (py::isinstance<py::int_>(b) && !py::isinstance<py::bool_>(b))
               return py::bool_(py::int_(a.value).equal(b));
             return py::reinterpret_borrow<py::object>(Py_NotImplemented);
           })
      .def("__hash__", [](const PyNimber& n) { return py::hash(py::int_(n.value)); })
      .def("__repr__", [](const PyNimber& n) { return "Nimber(" + std::to_string(n.value) + ")"; })
      .def("__str__", [](const PyNimber& n) { return "*" + std::to_string(n.value); });
  mod.def(
      "nim_evaluate",
      [](const std::string& text) { return PyNimber{take(evaluate_nim_expression(text))}; },
      py::arg("expression"),
      "The value of a nim-arithmetic expression as the CLI's `nimber` command reads it, e.g. "
      "'5 * 3 + 2'.");
}

}  // namespace nimkit::python
