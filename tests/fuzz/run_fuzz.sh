#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset, clang) and runs each for a short time: first
# every seed of corpus/<target>/ is replayed, then the fuzzer mutates them. New inputs go to a
# scratch directory, never into the repository. Any crash, leak, sanitizer report or timeout
# fails the run and leaves the reproducer under $NIMKIT_FUZZ_OUT (printed).
#
# pending/<target>/ holds reproducers of known defects whose fixes are not merged yet: each is
# replayed and its outcome reported, without failing the run. Move a file from pending/ to
# corpus/ once its fix has merged.
#
# Usage: tests/fuzz/run_fuzz.sh [SECONDS_PER_TARGET (default 30)] [TARGET...]
# NIMKIT_JOBS (default 2): targets built and run at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-30}
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(fuzz_position fuzz_move fuzz_saved_game fuzz_ruleset fuzz_checkpoint fuzz_batch_line
           fuzz_api fuzz_nimber fuzz_quotient_file)
fi
if ! command -v clang++ >/dev/null; then
  echo "fuzz: clang++ not installed (scripts/setup.sh installs it); skipped" >&2
  exit 0
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "${NIMKIT_JOBS:-2}"

out=${NIMKIT_FUZZ_OUT:-$(mktemp -d /tmp/nimkit-fuzz.XXXXXX)}
mkdir -p "$out"
echo "fuzz: scratch and artifacts in $out"
# One target's run; its verdict goes to $out/$target/verdict.txt, its failure to the exit status.
run_target() {
  local target=$1
  local binary=build/fuzz/tests/fuzz/$target
  mkdir -p "$out/$target/corpus" "$out/$target/artifacts"
  local log=$out/$target/log.txt
  local verdict=$out/$target/verdict.txt
  local failed=0
  # -timeout: one input may take at most 10 s (the targets' limits keep real inputs in ms).
  if "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$out/$target/artifacts/" "$out/$target/corpus" \
      "tests/fuzz/corpus/$target" >"$log" 2>&1; then
    local runs speed
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz: $target ok: $runs executions in ${seconds} s ($speed/s)" >"$verdict"
  else
    {
      echo "fuzz: $target FAILED; last lines of $log:"
      tail -n 30 "$log"
      ls "$out/$target/artifacts"
    } >"$verdict"
    failed=1
  fi
  for seed in tests/fuzz/pending/"$target"/*; do
    [[ -e $seed ]] || continue
    if "$binary" -timeout=10 -rss_limit_mb=2048 "$seed" >"$out/$target/pending.log" 2>&1; then
      echo "fuzz: pending $seed passes now (move it to tests/fuzz/corpus/$target/)" >>"$verdict"
    else
      echo "fuzz: pending $seed still fails (known defect; not counted)" >>"$verdict"
    fi
  done
  return "$failed"
}

# The targets run NIMKIT_JOBS at a time (each fuzzer is one process on one core), each for its
# full time; verdicts are printed in the targets' order.
jobs=${NIMKIT_JOBS:-2}
status=0
running=0
for target in "${targets[@]}"; do
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
for target in "${targets[@]}"; do
  if grep -q FAILED "$out/$target/verdict.txt"; then
    cat "$out/$target/verdict.txt" >&2
  else
    cat "$out/$target/verdict.txt"
  fi
done
exit "$status"
