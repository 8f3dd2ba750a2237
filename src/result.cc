#include "nimkit/result.h"

#include "enum_names.h"

namespace nimkit {

// The table's names are string literals, so NUL-terminated.
const char* to_string(ErrorKind kind) { return name_of(kErrorKindNames, kind).data(); }

}  // namespace nimkit
