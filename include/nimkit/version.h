// The version of nimkit, from the project's CMake version: the one place every front end reads
// it from (`nimkit --version`, the server's health answer).
#pragma once

#include <string_view>

namespace nimkit {

std::string_view version();  // "0.1.0"

}  // namespace nimkit
