#!/usr/bin/env bash
# The WebAssembly engine against the native build: the same answers as `nimkit serve` to every
# registry example, game, random start and catalogue HTTP case (compare.mjs), the server's 500
# and 503 after an abort with the engine going on (recovery.mjs), the worker's messages
# (worker.mjs), and a move answered within 20 ms (speed.mjs). Node 18 or later (fetch); the
# engine is built by scripts/site.sh.
#
#   tests/wasm/run.sh [NIMKIT [ENGINE_DIR]]
#     NIMKIT      default build/release/apps/cli/nimkit
#     ENGINE_DIR  default build/wasm/engine
#
# Exits 77 (ctest: skipped) when there is no engine built in ENGINE_DIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nimkit=$(realpath -m "${1:-$root/build/release/apps/cli/nimkit}")
engine=$(realpath -m "${2:-$root/build/wasm/engine}")
if [[ ! -f $engine/nimkit_engine.wasm ]]; then
  echo "skipped: no WebAssembly engine in $engine (scripts/site.sh builds it)"
  exit 77
fi
if [[ ! -x $nimkit ]]; then
  echo "error: no nimkit binary at $nimkit" >&2
  exit 2
fi
node "$here/compare.mjs" "$nimkit" "$engine" "$root/tests/catalogue/bad_inputs.tsv"
node "$here/recovery.mjs" "$engine"
node "$here/worker.mjs" "$engine"
node "$here/speed.mjs" "$engine" 20
