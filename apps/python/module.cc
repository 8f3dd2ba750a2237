// The Python module nimkit._core (re-exported by the package nimkit): the library's public
// headers as Python classes and functions, with Python's conventions added and nothing else.
#include <string>

#include "common.h"
#include "game.h"
#include "nimkit/version.h"

namespace nimkit::python {
void add_sequence(py::module_& module);
void add_census(py::module_& module);
void add_misere(py::module_& module);
}  // namespace nimkit::python

PYBIND11_MODULE(_core, m) {
  using namespace nimkit::python;
  m.doc() = "nimkit: impartial games (Nim, octal games, Grundy sequences) in Python.";
  add_exceptions(m);
  add_game(m);
  add_match(m);
  add_nimber(m);
  add_sequence(m);
  add_census(m);
  add_misere(m);
  m.attr("__version__") = std::string(nimkit::version());
}
