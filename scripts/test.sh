#!/usr/bin/env bash
# Sets everything up on a fresh Debian machine, builds, and runs every test: the GoogleTest
# suites, the golden CLI transcripts, the server API tests and the browser end-to-end tests.
#   scripts/test.sh            # all tests on the release build
#   scripts/test.sh --asan     # the same suites under address + undefined sanitizers
set -euo pipefail
cd "$(dirname "$0")/.."
preset=release
if [ "${1:-}" = "--asan" ]; then preset=asan; fi
scripts/setup.sh --browser
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
if [ "$preset" = release ] && [ -x tests/e2e/run.sh ]; then
  tests/e2e/run.sh build/release/apps/cli/nimkit
fi
