// Result<T>: a value or a one-line error message, returned wherever user input is checked.
// Broken internal invariants are assertions instead; a Result error is always the caller's fault.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace nimkit {

struct Error {
  std::string message;  // one line, names the bad value and what was expected
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : state_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  const T& value() const& {
    assert(ok());
    return std::get<0>(state_);
  }
  T& value() & {
    assert(ok());
    return std::get<0>(state_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(state_));
  }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  const std::string& error() const {
    assert(!ok());
    return std::get<1>(state_).message;
  }

 private:
  std::variant<T, Error> state_;
};

// Shorthand for building an error: `return fail("heap \"3x\" is not a non-negative integer");`
inline Error fail(std::string message) { return Error{std::move(message)}; }

}  // namespace nimkit
