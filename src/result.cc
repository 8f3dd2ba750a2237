#include "nimkit/result.h"

namespace nimkit {

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kBadInput:
      return "bad input";
    case ErrorKind::kLimit:
      return "limit";
    case ErrorKind::kCancelled:
      return "cancelled";
    case ErrorKind::kUnsupported:
      return "unsupported";
  }
  return "bad input";
}

}  // namespace nimkit
