#!/usr/bin/env bash
# The CLI's output stays proportional to its input: analyze lists the first 20 winning moves
# (--all-moves every one) and says how many it left out, and a position of many components on one
# board or graph is written as that board or graph once. Misère Cram on a 64 x 64 board of 672
# separate dominoes (a 4 KB argument) printed 521 MB; a game file of a path with 21 tokens 636 MB.
# The board here is its first 32 rows, 336 dominoes: text that grew as the square of the moves
# would pass the bound a hundred times over, and the misère search of n dominoes costs about n^3.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
wait=$((60 * ${NIMKIT_TIME_FACTOR:-1}))  # seconds: a guard against a hang (the checks are on sizes)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

board=""
for ((r = 0; r < 32; r++)); do
  row=$(printf '#%.0s' {1..64})
  if ((r % 2 == 0)); then
    start=$((r % 4 == 0 ? 0 : 1))
    for ((c = start; c + 1 < 64; c += 3)); do row="${row:0:c}..${row:c+2}"; done
  fi
  board+="${board:+/}$row"
done
timeout "$wait" "$nimkit" analyze --misere "cram:$board" >"$dir/cram"
size=$(wc -c <"$dir/cram")
[ "$size" -lt 200000 ] || { echo "misère cram printed $size bytes"; exit 1; }
grep -q '^  \.\.\. and 316 more (--all-moves lists every one)$' "$dir/cram" ||
  { tail -3 "$dir/cram"; exit 1; }
timeout "$wait" "$nimkit" analyze --misere --all-moves "cram:$board" >"$dir/all"
[ "$(grep -c ' -> ' "$dir/all")" -eq 336 ] || { echo "--all-moves did not list 336 moves"; exit 1; }

# A path of 20,000 vertices and 21 tokens: every line holds the graph once, not 21 times.
{
  for ((v = 0; v + 1 < 20000; v++)); do echo "v$v>v$((v + 1))"; done
  for ((t = 0; t < 21; t++)); do echo "@v$((t * 900))"; done
} >"$dir/path.txt"
timeout "$wait" "$nimkit" analyze --game-file "$dir/path.txt" >"$dir/path.out"
input=$(wc -c <"$dir/path.txt")
output=$(wc -c <"$dir/path.out")
[ "$output" -lt $((25 * input)) ] || { echo "the game file printed $output bytes for $input"; exit 1; }
echo "output bounds: ok"
