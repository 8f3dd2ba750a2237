#include "nimkit/version.h"

namespace nimkit {

std::string_view version() { return NIMKIT_VERSION; }

}  // namespace nimkit
