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
  # The two browser passes side by side (each is one Chromium, its tests one after another; the
  # timing tests judge a busy machine by what an empty page costs it): their logs are printed
  # whole when both are done, and either failing fails the run.
  (cd tests/e2e && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund; })
  logs=$(mktemp -d)
  tests/e2e/run.sh build/release/apps/cli/nimkit >"$logs/server.log" 2>&1 &
  server=$!
  tests/e2e/run.sh --site build/wasm/site build/release/apps/cli/nimkit >"$logs/site.log" 2>&1 &
  site=$!
  status=0
  wait "$server" || status=1
  wait "$site" || status=2
  echo "== browser tests against nimkit serve"; cat "$logs/server.log"
  echo "== browser tests against the static site"; cat "$logs/site.log"
  rm -rf "$logs"
  exit "$status"
fi
