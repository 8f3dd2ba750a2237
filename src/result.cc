#include "nimkit/result.h"

#include "enum_names.h"

namespace nimkit {

namespace {

constexpr EnumName<ErrorKind> kErrorKindNames[] = {
    {ErrorKind::kBadInput, "bad input"},
    {ErrorKind::kLimit, "limit"},
    {ErrorKind::kCancelled, "cancelled"},
    {ErrorKind::kUnsupported, "unsupported"},
};
static_assert(names_every_value(kErrorKindNames), "an ErrorKind has no name");

}  // namespace

// The table's names are string literals, so NUL-terminated.
const char* to_string(ErrorKind kind) { return name_of(kErrorKindNames, kind).data(); }

}  // namespace nimkit
