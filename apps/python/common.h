// What every binding shares: errors raised by kind, the limits of a call, and long calls run off
// the GIL under a work meter that Ctrl-C cancels. The library headers the module binds are
// included here and in the binding files only, so that a declaration moving between headers is a
// one-line change.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "nimkit/limits.h"
#include "nimkit/nimber.h"
#include "nimkit/result.h"

namespace nimkit::python {

namespace py = pybind11;

// Raises the Python exception of the error's kind: ValueError (bad input), nimkit.UnsupportedError
// (a ValueError), nimkit.LimitError, KeyboardInterrupt (cancelled), with the library's message.
[[noreturn]] void raise_error(const Error& error);

template <typename T>
T take(Result<T>&& result) {
  if (!result) raise_error(result.failure());
  return std::move(result).value();
}

// The name of an argument as a template argument (Unsigned<"count">), so that its conversion's
// errors name it.
template <std::size_t N>
struct ArgName {
  char text[N] = {};
  constexpr ArgName(const char (&name)[N]) {  // NOLINT(google-explicit-constructor): by design
    std::copy_n(name, N, text);
  }
  constexpr std::string_view view() const { return {text, N - 1}; }
};

// An unsigned 64-bit argument of a binding: every size, count, seed and limit the module takes.
// Its conversion (to_unsigned) raises ValueError naming the argument and the value, in the
// library's words (parse_u64), for a negative int, one past 2**64 - 1 and a float; an object that
// is not a number at all is pybind11's TypeError. Python's signatures show it as int.
template <ArgName Name>
struct Unsigned {
  std::uint64_t value = 0;
  operator std::uint64_t() const { return value; }  // NOLINT(google-explicit-constructor)
};
using Limit = std::optional<Unsigned<"limit">>;

template <ArgName Name>
std::optional<std::uint64_t> value_of(const std::optional<Unsigned<Name>>& argument) {
  if (!argument) return std::nullopt;
  return argument->value;
}

// `source` as an unsigned 64-bit value, the conversion of every Unsigned argument: nullopt for an
// object that is neither an int nor a float (or a float when `convert` is false: pybind11 tries
// other overloads first), ValueError naming `name` for a value that is not one.
std::optional<std::uint64_t> to_unsigned(py::handle source, std::string_view name, bool convert);

// Registers nimkit.LimitError and nimkit.UnsupportedError in `module`.
void add_exceptions(py::module_& module);

// The limits of one call: the library's defaults with a meter of kDefaultWorkSteps, or
// scaled_limits(limit) (the scale of the CLI's --limit).
Limits call_limits(const std::optional<std::uint64_t>& limit);
inline Limits call_limits(const Limit& limit) { return call_limits(value_of(limit)); }

// `text` with &, <, > and " escaped, for the HTML a notebook shows (_repr_html_).
std::string escape_html(const std::string& text);

// A Nimber (128 bits) as a Python int.
py::int_ to_python(Nimber value);

// Memory free on this machine, in bytes (0 when unknown): the default budget of a long call's
// tables.
std::uint64_t available_memory();

// A progress display on the calling thread, drawn by nimkit._progress (a widget in a notebook, a
// tqdm bar in a terminal, a line on stderr without tqdm): `done` of `total` `unit`, and a note on
// what the work is doing. A display that fails is dropped: the computation goes on without it.
class Progress {
 public:
  Progress(bool shown, std::uint64_t total, std::string unit)
      : shown_(shown), total_(total), unit_(std::move(unit)) {}
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress() { close(); }
  void show(std::uint64_t done, const std::string& note = {});
  void finish() { close(); }

 private:
  void start();
  void call(const char* method);
  void close();

  bool shown_;
  std::uint64_t total_;
  std::string unit_;
  std::uint64_t last_ = 0;
  std::string note_;
  bool started_ = false;
  py::object bar_;
};

// How often the waiting thread looks for a signal: well under the 0.2 s a Ctrl-C may take.
inline constexpr std::chrono::milliseconds kSignalPoll{5};

// Runs `work` on a thread of its own while the calling thread, holding the GIL only to look,
// checks for signals (PyErr_CheckSignals) every kSignalPoll and calls `tick` (progress). A signal
// whose handler raises (Ctrl-C: KeyboardInterrupt) cancels `meter`, waits for the work to stop
// (it charges the meter often) and raises that exception. An exception of the work (bad_alloc) is
// raised in the caller.
template <typename T>
T run_cancellable(WorkMeter& meter, const std::function<T()>& work,
                  const std::function<void()>& tick = {}) {
  std::optional<T> result;
  std::exception_ptr failure;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  // The result is made where the optional keeps it (the conversion's prvalue initializes it), not
  // moved from a temporary: destroying a moved-from temporary Result is what GCC's link-time
  // inlining mistook for freeing an object not on the heap (-Wfree-nonheap-object).
  struct MadeInPlace {
    const std::function<T()>& work;
    operator T() const { return work(); }  // NOLINT(google-explicit-constructor): by design
  };
  std::thread worker([&] {
    try {
      result.emplace(MadeInPlace{work});
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(mutex);
    done = true;
    finished.notify_all();
  });
  bool interrupted = false;
  for (;;) {
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex);
      if (finished.wait_for(lock, kSignalPoll, [&] { return done; })) break;
    }
    if (interrupted) continue;
    if (PyErr_CheckSignals() != 0) {
      interrupted = true;
      meter.cancel();
    } else if (tick) {
      tick();
    }
  }
  worker.join();
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return std::move(*result);
}

}  // namespace nimkit::python

namespace pybind11::detail {

template <nimkit::python::ArgName Name>
struct type_caster<nimkit::python::Unsigned<Name>> {
  PYBIND11_TYPE_CASTER(nimkit::python::Unsigned<Name>, const_name("int"));

  bool load(handle source, bool convert) {
    const std::optional<std::uint64_t> v =
        nimkit::python::to_unsigned(source, Name.view(), convert);
    if (!v) return false;
    value.value = *v;
    return true;
  }
  static handle cast(const nimkit::python::Unsigned<Name>& v, return_value_policy, handle) {
    return PyLong_FromUnsignedLongLong(v.value);
  }
};

}  // namespace pybind11::detail
