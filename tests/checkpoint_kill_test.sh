#!/usr/bin/env bash
# A long `nimkit grundy --checkpoint` run killed with SIGKILL, then resumed, prints exactly what an
# uninterrupted run prints; SIGTERM stops a run with a checkpoint too; a corrupt checkpoint is
# refused with a clear message. NIMKIT_KILL_COUNT sets the run length (smaller under sanitizers).
set -euo pipefail
: "${NIMKIT:?set NIMKIT to the nimkit binary}"
count=${NIMKIT_KILL_COUNT:-300000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
run=("$NIMKIT" grundy --rules grundy --count "$count" --no-progress)

"${run[@]}" --algorithm sparse >"$dir/whole.txt"

# Kill -9 as soon as the first periodic checkpoint exists.
"${run[@]}" --checkpoint "$dir/ck" --checkpoint-every 0 >"$dir/killed.txt" 2>/dev/null &
pid=$!
for _ in $(seq 1 600); do
  [[ -s "$dir/ck" ]] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
[[ -s "$dir/ck" ]] || { echo "no checkpoint was written" >&2; exit 1; }
"${run[@]}" --resume "$dir/ck" --checkpoint "$dir/ck" >"$dir/resumed.txt" 2>"$dir/resume.err"
grep -q "^resumed grundy at heap " "$dir/resume.err"
cmp "$dir/whole.txt" "$dir/resumed.txt"

# SIGTERM: the run stops with status 143 after writing its checkpoint; resuming completes it.
rm -f "$dir/ck"
"${run[@]}" --checkpoint "$dir/ck" --checkpoint-every 0 >"$dir/term.txt" 2>/dev/null &
pid=$!
for _ in $(seq 1 600); do
  [[ -s "$dir/ck" ]] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -TERM "$pid" 2>/dev/null || true
status=0
wait "$pid" || status=$?
[[ $status == 143 || $status == 0 ]] || { echo "SIGTERM: exit status $status" >&2; exit 1; }
"${run[@]}" --resume "$dir/ck" >"$dir/resumed2.txt" 2>/dev/null
cmp "$dir/whole.txt" "$dir/resumed2.txt"

# A flipped byte is refused, naming the problem; so is another game's checkpoint.
cp "$dir/ck" "$dir/bad"
printf '\xff' | dd of="$dir/bad" bs=1 seek=100 conv=notrunc status=none
if "${run[@]}" --resume "$dir/bad" >/dev/null 2>"$dir/bad.err"; then
  echo "a corrupt checkpoint was accepted" >&2
  exit 1
fi
grep -q "checkpoint is corrupt" "$dir/bad.err"
if "$NIMKIT" grundy --rules kayles --count 10 --resume "$dir/ck" >/dev/null 2>"$dir/other.err"; then
  echo "another game's checkpoint was accepted" >&2
  exit 1
fi
grep -q "checkpoint is for game grundy, not 0.77" "$dir/other.err"
echo "checkpoint kill test passed"
