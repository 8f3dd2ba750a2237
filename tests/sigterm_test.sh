#!/usr/bin/env bash
# SIGTERM cancels a running computation: the work meter stops it at its next charge, the command
# prints one error line ending "(SIGTERM)" and exits 143; a long octal run (whose values each cost
# thousands of splits) stops within its next stretch, and a misère quotient without printing or
# saving what it had; a command waiting for input ends by the signal a second later.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
factor=${NIMKIT_TIME_FACTOR:-1}  # bounds are for an optimized build; sanitizer builds are slower
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Runs "$@" in the background, sends SIGTERM after a second, and checks the exit status and that
# it came within `limit` milliseconds of the signal.
stops() {
  local limit=$1 want=$2
  shift 2
  "$@" >"$dir/out" 2>"$dir/err" </dev/null &
  local pid=$!
  sleep 1
  local start
  start=$(date +%s%N)
  kill -TERM "$pid"
  local status=0
  wait "$pid" || status=$?
  local took=$((($(date +%s%N) - start) / 1000000))
  [ "$status" -eq "$want" ] || { echo "$*: exit $status, expected $want"; cat "$dir/err"; exit 1; }
  [ "$took" -le $((limit * factor)) ] || { echo "$*: took $took ms after SIGTERM"; exit 1; }
}

stops 2000 143 "$nimkit" analyze --misere wythoff:60,61 wythoff:62,63
grep -qx 'error: work stopped: cancellation was reached (SIGTERM)' "$dir/err" || { cat "$dir/err"; exit 1; }
[ "$(wc -l <"$dir/err")" -eq 1 ] || { cat "$dir/err"; exit 1; }

stops 2000 143 "$nimkit" grundy --rules octal:0.7777777777 --count 1000 --period --no-progress
grep -q '^stopped at heap ' "$dir/err" || { cat "$dir/err"; exit 1; }

# A misère quotient growing toward Dawson's Kayles' thousands of elements (a minute and more):
# the computation is cancelled, not cut short into a partial quotient shown as the answer, so
# nothing is printed and the file it was to save is not written. The error line proves the
# command stopped by itself, not by the signal's default action a second later.
stops 2000 143 "$nimkit" misere-quotient --rules octal:0.07 --max-heap 1000 --limit 1000000000 \
  --save-quotient "$dir/q.msq"
grep -qx 'error: work stopped: cancellation was reached (SIGTERM)' "$dir/err" || { cat "$dir/err"; exit 1; }
[ ! -s "$dir/out" ] || { echo "misere-quotient printed after SIGTERM:"; cat "$dir/out"; exit 1; }
[ -z "$(ls "$dir" | grep 'q\.msq')" ] || { echo "misere-quotient left a file:"; ls "$dir"; exit 1; }

# With --checkpoint, the heaps done are kept when SIGTERM comes: the file reads back, verified,
# as a quotient of Dawson's Kayles past heap 20 (a second of the run gets to heap 33).
stops 2000 143 "$nimkit" misere-quotient --rules octal:0.07 --max-heap 1000 --no-progress \
  --checkpoint "$dir/ck.msq"
[ ! -s "$dir/out" ] || { echo "misere-quotient printed after SIGTERM:"; cat "$dir/out"; exit 1; }
"$nimkit" misere-quotient --rules octal:0.07 --quotient "$dir/ck.msq" --max-heap 1 --json >"$dir/q.json"
python3 -c 'import json,sys; q=json.load(open(sys.argv[1])); assert q["max_heap"] >= 20, q["max_heap"]' \
  "$dir/q.json" || { echo "the checkpoint did not keep the heaps done"; exit 1; }

# Waiting for a move: nothing charges a meter, so the signal's default action ends it.
mkfifo "$dir/in"
sleep 10 >"$dir/in" &
holder=$!
"$nimkit" play 3 4 5 <"$dir/in" >"$dir/out" 2>"$dir/err" &
pid=$!
sleep 1
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
kill "$holder" 2>/dev/null || true
[ "$status" -eq 143 ] || { echo "play: exit $status, expected 143"; exit 1; }
echo "sigterm: ok"
