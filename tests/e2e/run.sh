#!/usr/bin/env bash
# Browser end-to-end tests of the page: starts the built server on a free loopback port, runs the
# Playwright tests (playwright-core driving Debian's /usr/bin/chromium, never a downloaded
# browser), stops the server. Screenshots go to tests/e2e/artifacts/. With --site, the same tests
# run against the static site (the engine in WebAssembly in the page's worker) served by Python's
# plain static server, with no nimkit server anywhere (screenshots in artifacts/site/); the CLI is
# still used by the tests that compare the page with it.
#
#   tests/e2e/run.sh [PATH/TO/nimkit]               default: $NIMKIT, else build/dev/apps/cli/nimkit
#   tests/e2e/run.sh --site build/wasm/site [PATH/TO/nimkit]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
site=
if [[ ${1:-} == --site ]]; then
  site=$(realpath -m "${2:?--site needs a folder}")
  shift 2
  if [[ ! -f $site/index.html ]]; then
    echo "error: no site at $site (build it: scripts/site.sh)" >&2
    exit 2
  fi
fi
nimkit=${1:-${NIMKIT:-$here/../../build/dev/apps/cli/nimkit}}
nimkit=$(realpath -m "$nimkit")
if [[ ! -x $nimkit ]]; then
  echo "error: no nimkit binary at $nimkit (build first, or pass its path)" >&2
  exit 2
fi
if [[ ! -x ${CHROMIUM:=/usr/bin/chromium} ]]; then
  echo "error: no Chromium at $CHROMIUM (apt-get install chromium)" >&2
  exit 2
fi
export CHROMIUM
export NIMKIT=$nimkit  # tests that compare the page with the CLI run this binary

cd "$here"
if [[ ! -d node_modules/playwright-core ]]; then
  npm ci --no-audit --no-fund
fi
# The static site's pass keeps its screenshots and log apart, so that both passes may run at once.
artifacts=$here/artifacts${site:+/site}
export NIMKIT_ARTIFACTS=$artifacts
mkdir -p "$artifacts"

# Port 0 lets the kernel pick a free port; the server prints the address it bound.
log=$(mktemp)
if [[ -n $site ]]; then
  python3 -u -m http.server --bind 127.0.0.1 --directory "$site" 0 >"$log" 2>&1 &
  export NIMKIT_SITE=1
else
  "$nimkit" serve --host 127.0.0.1 --port 0 >"$log" 2>&1 &
fi
server=$!
trap 'kill -TERM "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; cp "$log" "$artifacts/server.log"; rm -f "$log"' EXIT
for _ in $(seq 100); do
  grep -q '^nimkit serving on \|^Serving HTTP on ' "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.05
done
if [[ -n $site ]]; then
  url=$(sed -n 's|^Serving HTTP on \([0-9.]*\) port \([0-9]*\).*|http://\1:\2/|p' "$log")
else
  url=$(sed -n 's/^nimkit serving on \(http[^ ]*\).*/\1/p' "$log")
fi
if [[ -z $url ]]; then
  echo "error: the server did not report its address" >&2
  cat "$log" >&2
  exit 1
fi
echo "e2e: ${site:+static site }server at $url"
NIMKIT_URL=$url node --test --test-concurrency=1 *.test.js
