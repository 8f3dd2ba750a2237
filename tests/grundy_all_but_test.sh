#!/usr/bin/env bash
# All-but subtraction games are arithmetic-periodic, g(n + p) = g(n) + s: `nimkit grundy` proves
# p, s and n0 and answers a million heaps from them (it stopped at the scan limit before), the
# period is shown with its saltus in text and JSON, and analysis answers a heap of 10^12 at once.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rules=subtraction:all-but:1,2
timeout 20 "$nimkit" grundy --rules "$rules" --count 1000000 --out "$dir/long"
[ "$(wc -l <"$dir/long")" -eq 1000000 ] || { echo "$rules: wrong number of values"; exit 1; }
# g(n) = floor(n / 3) for all-but:1,2.
awk '{ if ($1 != int((NR - 1) / 3)) { print "g(" NR - 1 ") = " $1; exit 1 } }' "$dir/long"
"$nimkit" grundy --rules "$rules" --count 1 --period >"$dir/text"
grep -q '^period 3, preperiod 0, saltus 1 (proved; checked to heap 8)$' "$dir/text" ||
  { echo "text period:"; cat "$dir/text"; exit 1; }
"$nimkit" grundy --rules "$rules" --count 1 --period --json >"$dir/json"
grep -q '"saltus":1' "$dir/json" || { echo "json period:"; cat "$dir/json"; exit 1; }
# An ordinary period keeps its text and reports saltus 0 in JSON.
"$nimkit" grundy --rules subtraction:1,3,4 --count 1 --period >"$dir/text"
grep -q '^period 7, preperiod 0 (proved' "$dir/text" || { cat "$dir/text"; exit 1; }
"$nimkit" grundy --rules subtraction:1,3,4 --count 1 --period --json | grep -q '"saltus":0'
timeout 5 "$nimkit" analyze --rules "$rules" 1000000000000 >"$dir/analysis"
grep -q '^Grundy value: 333333333333' "$dir/analysis" || { cat "$dir/analysis"; exit 1; }
echo "$rules: 10^6 values, period 3 saltus 1, heap 10^12 analysed"
