#!/usr/bin/env bash
# A long count of a game whose period is proved early stops computing at the proof and repeats
# the period: Dawson's Kayles (period 34 after 53, proved by heap 175) to 10^7 heaps in seconds,
# every value equal to the one the period gives. Computing all 10^7 values takes hours.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for rules in dawson dawsons-chess octal:0.4; do
  timeout 60 "$nimkit" grundy --rules "$rules" --count 10000000 --out "$dir/long"
  "$nimkit" grundy --rules "$rules" --count 4000 --stats --out "$dir/stats"
  head -4000 "$dir/stats" >"$dir/short"
  lines=$(wc -l <"$dir/long")
  [ "$lines" -eq 10000000 ] || { echo "$rules: $lines values, expected 10000000"; exit 1; }
  cmp <(head -4000 "$dir/long") "$dir/short" || { echo "$rules: first values differ"; exit 1; }
  # Every value past the short table equals the value one period earlier.
  read -r pre per < <("$nimkit" grundy --rules "$rules" --count 1 --period |
    sed -n 's/^period \([0-9]*\), preperiod \([0-9]*\).*/\2 \1/p')
  awk -v pre="$pre" -v per="$per" -v name="$rules" '
    { g[NR - 1] = $1 }
    END {
      for (n = pre + per; n < NR; n += 99991) if (g[n] != g[n - per]) { print name ": g(" n ") differs"; exit 1 }
      if (g[NR - 1] != g[NR - 1 - per]) { print name ": last value differs"; exit 1 }
    }' "$dir/long"
  echo "$rules: 10000000 values, period $per after $pre"
done
