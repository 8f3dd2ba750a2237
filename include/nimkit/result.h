// Result<T>: a value or an error (a one-line message and its kind), returned wherever user input
// is checked or work is bounded. Broken internal invariants are assertions instead.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace nimkit {

// What went wrong, for front ends to map to an exit status, an HTTP status or an exception
// without reading the message.
enum class ErrorKind {
  kBadInput,     // the input is malformed or names something that does not exist or is illegal
  kLimit,        // well-formed, but the work, memory, table, scan or size it needs passes a limit
  kCancelled,    // the caller (a signal, a client gone, a deadline's owner) cancelled the work
  kUnsupported,  // well-formed, but the ruleset or method does not offer what was asked
  kLast = kUnsupported,  // keep last; name a new value in the table beside its to_string() (checked
                         // there)
};

// "bad input", "limit", "cancelled", "unsupported".
const char* to_string(ErrorKind kind);

struct Error {
  std::string message;  // one line, names the bad value or the limit and what was expected
  ErrorKind kind = ErrorKind::kBadInput;
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
  ErrorKind error_kind() const {
    assert(!ok());
    return std::get<1>(state_).kind;
  }
  // The error itself, to pass up unchanged: `if (!x) return x.failure();`.
  const Error& failure() const {
    assert(!ok());
    return std::get<1>(state_);
  }

 private:
  std::variant<T, Error> state_;
};

// Shorthand for building an error: `return fail("heap \"3x\" is not a non-negative integer");`
inline Error fail(std::string message) { return Error{std::move(message), ErrorKind::kBadInput}; }
inline Error fail(ErrorKind kind, std::string message) { return Error{std::move(message), kind}; }
// A limit passed: `return fail_limit("more than the table limit 1000");`.
inline Error fail_limit(std::string message) {
  return Error{std::move(message), ErrorKind::kLimit};
}
// An error of the same kind as `cause` with a new message (usually the cause's with context).
inline Error fail_as(const Error& cause, std::string message) {
  return Error{std::move(message), cause.kind};
}

}  // namespace nimkit
