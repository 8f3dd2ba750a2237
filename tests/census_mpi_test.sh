#!/usr/bin/env bash
# nimkit census --mpi under mpirun: the file equals the serial census's lines (as sets) computed
# without deriving any code from another's values (--cache-mib 0), and a run whose worker rank is
# killed with SIGKILL is finished by a rerun of the same command; a misère census (--misere)
# under mpirun is the serial one byte for byte.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mpi=("${MPIRUN:-mpirun}" --oversubscribe --allow-run-as-root)
# Under the sanitizers, Open MPI's own allocations (MPI_Init's, kept until exit) read as leaks:
# leak checking stays on for the serial runs, off for the ranks.
mpi+=(-x "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
same_set() { cmp <(sort "$1") <(sort "$2") || fail "$1 and $2 differ as sets of lines"; }

args=(--digits 2 --max-heap 4096 --no-progress)
"$nimkit" census "${args[@]}" --cache-mib 0 --output "$dir/serial"
"${mpi[@]}" -np 2 "$nimkit" census --mpi "${args[@]}" --output "$dir/mpi2"
same_set "$dir/serial" "$dir/mpi2"
# With two computing ranks, codes are derived from the values a rank keeps (rank 0 hands each
# rank its families' codes); the summary on stderr counts them.
"${mpi[@]}" -np 3 "$nimkit" census --mpi --digits 2 --max-heap 4096 --output "$dir/mpi3" \
  2>"$dir/mpi3.err"
same_set "$dir/serial" "$dir/mpi3"
grep -Eq '; [1-9][0-9]* derived from another code.s values\) in' "$dir/mpi3.err" ||
  fail "no derived codes under MPI: $(cat "$dir/mpi3.err")"

# The misère census: each code's line depends on the code and the bounds alone.
margs=(--misere --digits 2 --max-steps 200000 --no-progress)
"$nimkit" census "${margs[@]}" --output "$dir/misere-serial"
"${mpi[@]}" -np 3 "$nimkit" census --mpi "${margs[@]}" --output "$dir/misere-mpi"
cmp "$dir/misere-serial" "$dir/misere-mpi" || fail "the misère census under MPI differs"

# A longer census; rank 1 is killed once 30 lines are written, then the command is run again.
args=(--digits 2 --max-heap 32768 --no-progress)
"$nimkit" census "${args[@]}" --output "$dir/serial-long"
"${mpi[@]}" -np 3 "$nimkit" census --mpi "${args[@]}" --output "$dir/killed" &
launcher=$!
killed=no
for _ in $(seq 600); do
  if [ -f "$dir/killed" ] && [ "$(wc -l <"$dir/killed")" -ge 30 ]; then
    for pid in $(pgrep -P "$launcher" || true); do
      if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then
        kill -9 "$pid" && killed=yes
      fi
    done
    break
  fi
  sleep 0.1
done
wait "$launcher" && status=0 || status=$?
lines=$(wc -l <"$dir/killed")
echo "rank 1 killed: $killed; mpirun exit $status with $lines of 127 lines written"
if [ "$killed" = yes ] && [ "$status" -eq 0 ] && [ "$lines" -lt 127 ]; then
  fail "mpirun succeeded after a rank was killed, with $lines lines"
fi
"${mpi[@]}" -np 2 "$nimkit" census --mpi "${args[@]}" --output "$dir/killed"
same_set "$dir/serial-long" "$dir/killed"
echo "census MPI: ok"
