// How much slower than an optimized build this test binary runs: wall-clock bounds in tests are
// set for the release build and multiplied by this, since AddressSanitizer and UBSan run the same
// code several times slower (and the CI machine runs two tests at once).
#pragma once

namespace nimkit_test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr int kTimeFactor = 5;
#else
inline constexpr int kTimeFactor = 1;
#endif

}  // namespace nimkit_test
