#!/usr/bin/env bash
# Times `nimkit grundy --rules octal:CODE --count N` for every game of a trivial-games table
# (a Markdown table whose first column is an octal code, as tests/data/TrivialGames.md), values
# written to /dev/null, each run capped at ${NIMKIT_BENCH_TIMEOUT:-60} seconds.
# Usage: bench/trivial_grundy.sh NIMKIT_BINARY TABLE [COUNT...]   (default counts: 1000000 10000000)
# Prints one line per game and, per count, the slowest game.
set -u
nimkit=$1
table=$2
shift 2
counts=("$@")
[ ${#counts[@]} -eq 0 ] && counts=(1000000 10000000)
timeout_s=${NIMKIT_BENCH_TIMEOUT:-60}
stats=$(mktemp)
trap 'rm -f "$stats"' EXIT
codes=$(sed -n 's/^\([0-9A-F.][0-9A-F.]*\) *|.*/\1/p' "$table")
echo "# $(date -u +%FT%TZ) load: $(uptime | sed 's/.*load average: //')"
printf '%-8s' "code"
for c in "${counts[@]}"; do printf ' %16s' "count $c"; done
printf '\n'
declare -A worst worst_code
for code in $codes; do
  printf '%-8s' "$code"
  for c in "${counts[@]}"; do
    /usr/bin/time -o "$stats" -f '%e %x' timeout -s KILL "$timeout_s" "$nimkit" grundy \
      --rules "octal:$code" --count "$c" >/dev/null 2>&1
    read -r secs status <<<"$(tail -1 "$stats")"
    if [ "$status" != 0 ]; then
      printf ' %16s' "failed (${secs} s)"
      secs=$timeout_s
    else
      printf ' %16s' "${secs} s"
    fi
    if awk -v s="$secs" -v w="${worst[$c]:-0}" 'BEGIN { exit !(s > w) }'; then
      worst[$c]=$secs
      worst_code[$c]=$code
    fi
  done
  printf '\n'
done
for c in "${counts[@]}"; do echo "# slowest at count $c: ${worst_code[$c]:-none} ${worst[$c]:-0} s"; done
