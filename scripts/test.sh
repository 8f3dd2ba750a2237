#!/usr/bin/env bash
# Sets everything up on a fresh Debian machine, builds, and runs every test: the GoogleTest
# suites, the golden CLI transcripts, the server API tests, the WebAssembly engine against the
# server, and the browser end-to-end tests against `nimkit serve` and against the static site.
#   scripts/test.sh            # all tests on the release build
#   scripts/test.sh --asan     # the same suites under address + undefined sanitizers
set -euo pipefail
cd "$(dirname "$0")/.."
preset=release
if [ "${1:-}" = "--asan" ]; then preset=asan; fi
scripts/setup.sh --browser
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
if [ "$preset" = release ]; then
  # The static site (the engine in WebAssembly): ctest compares its engine with the server's
  # answers, and the browser tests run against both.
  scripts/site.sh
fi
ctest --preset "$preset"
if [ "$preset" = release ]; then
  tests/e2e/run.sh build/release/apps/cli/nimkit
  tests/e2e/run.sh --site build/wasm/site build/release/apps/cli/nimkit
fi
