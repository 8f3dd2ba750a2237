#!/usr/bin/env bash
# nimkit batch: Nim's answers from the text (analyze_brief) are exactly the general path's
# (parse_position + analyze, which --json takes) on generated positions, bad lines get numbered
# errors and the run goes on.
set -euo pipefail
: "${NIMKIT:?set NIMKIT to the nimkit binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Deterministic input: small and huge heaps, blanks, tabs, CR, bad tokens, a last line without \n.
awk 'BEGIN { x = 12345; for (i = 0; i < 3000; i++) { line = "";
  n = 1 + i % 5; for (j = 0; j < n; j++) { x = (x * 1103515245 + 12345) % 2147483648;
    line = line (j ? (i % 7 ? " " : "\t ") : "") (x % (i % 3 ? 64 : 2147483647)) }
  if (i % 97 == 0) line = line " 3x"; if (i % 101 == 0) line = "";
  if (i % 89 == 0) line = line "\r"; print line } }' >"$dir/in.txt"
printf '18446744073709551615 7\n18446744073709551616\n  5 5' >>"$dir/in.txt"
"$NIMKIT" batch <"$dir/in.txt" >"$dir/fast.txt"
# --json builds every position (its components are in the answer): written back as text, its
# answers are the text answers, which Nim reads straight from the line.
"$NIMKIT" batch --json <"$dir/in.txt" >"$dir/general.json"
python3 -c '
import json, sys
for line in sys.stdin:
    j = json.loads(line)
    assert j["contract"] == 2, j
    if "error" in j:
        print("error\tline %d: %s" % (j["line"], j["error"]))
        continue
    assert j["position"] and j["components"], j
    print("%s\t%s\t%s" % (j["winner"], j["grundy"], j["move"] or "-"))
' <"$dir/general.json" >"$dir/general.txt"
cmp "$dir/fast.txt" "$dir/general.txt"
# Blank lines (30 of them, one a lone CR) get no answer; the others one line each.
[[ $(wc -l <"$dir/fast.txt") == 2973 ]]
grep -q $'^error\tline 98: heap "3x" is not a non-negative integer' "$dir/fast.txt"
if grep -q 'no heaps given' "$dir/fast.txt"; then exit 1; fi
[[ $(sed -n 2972p "$dir/fast.txt") == $'error\tline 3002: heap "18446744073709551616" is larger than 18446744073709551615' ]]
[[ $(sed -n 2973p "$dir/fast.txt") == $'second\t0\t-' ]]
[[ $(printf '3 4 5\n' | "$NIMKIT" batch) == $'first\t2\t1 2' ]]
[[ $(printf '5 6\n' | "$NIMKIT" batch --rules octal:0.77) == $'first\t7\t1 2-3' ]]
echo "batch test passed"
