// Nim-arithmetic expressions (nim_arithmetic.h) over arbitrary text: the value and the list of
// products agree on what parses, errors are one short line, and a parsed expression keeps its
// value under "*1" and "+0" appended (the parser recurses on parentheses: its depth bound is
// what keeps deep nesting off the stack).
#include <string>

#include "fuzz_common.h"
#include "nimkit/nim_arithmetic.h"

using namespace nimkit;

namespace {

// A message is one line, however long the text it names.
bool short_line(const std::string& message) {
  return !message.empty() && message.size() <= 1000 && message.find('\n') == std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(fuzz::as_text(data, size));
  auto value = evaluate_nim_expression(text);
  auto products = nim_expression_products(text);
  NIMKIT_FUZZ_CHECK(value.ok() == products.ok());
  if (!value) {
    NIMKIT_FUZZ_CHECK(short_line(value.error()));
    NIMKIT_FUZZ_CHECK(value.error() == products.error());
    return 0;
  }
  auto times_one = nim_expression_products(text + "*1");
  NIMKIT_FUZZ_CHECK(times_one && times_one->size() == products->size() + 1);
  NIMKIT_FUZZ_CHECK(times_one->back().y == 1);
  auto times_one_value = evaluate_nim_expression(text + "*1");
  NIMKIT_FUZZ_CHECK(times_one_value && *times_one_value == *value);
  auto plus_zero = evaluate_nim_expression(text + "+0");
  NIMKIT_FUZZ_CHECK(plus_zero && *plus_zero == *value);
  return 0;
}
