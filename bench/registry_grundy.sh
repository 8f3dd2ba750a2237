#!/usr/bin/env bash
# Times `nimkit grundy --count N` for every example of every ruleset in the registry that has a
# Grundy sequence (the rulesets `nimkit rules` lists; two-heap and multi-heap rulesets are skipped),
# as a user meets it: the whole command, values written to /dev/null.
# Usage: bench/registry_grundy.sh NIMKIT_BINARY [COUNT...]   (default counts: 200000 1000000 10000000)
# Each run is capped at ${NIMKIT_BENCH_TIMEOUT:-60} seconds; a capped run prints "> T s".
set -u
nimkit=$1
shift
counts=("$@")
[ ${#counts[@]} -eq 0 ] && counts=(200000 1000000 10000000)
timeout_s=${NIMKIT_BENCH_TIMEOUT:-60}
stats=$(mktemp)
trap 'rm -f "$stats"' EXIT
specs=$("$nimkit" rules | sed -n 's/^  e\.g\. \([^ ]*\).*/\1/p')
echo "# $(date -u +%FT%TZ) load: $(uptime | sed 's/.*load average: //')"
printf '%-26s' "ruleset"
for c in "${counts[@]}"; do printf ' %22s' "count $c"; done
printf '\n'
for spec in $specs; do
  # Only single-heap rulesets have a sequence.
  "$nimkit" grundy --rules "$spec" --count 1 >/dev/null 2>&1 || continue
  printf '%-26s' "$spec"
  for c in "${counts[@]}"; do
    /usr/bin/time -o "$stats" -f '%e %M %x' timeout -s KILL "$timeout_s" "$nimkit" grundy \
      --rules "$spec" --count "$c" >/dev/null 2>&1
    out=$(tail -1 "$stats")
    read -r secs kb status <<<"$out"
    # A run killed by the cap reports no usable exit status: judge it by its time.
    if [ "$status" = 124 ] || [ "$status" = 137 ] ||
      awk -v s="$secs" -v t="$timeout_s" 'BEGIN { exit !(s >= t) }'; then
      printf ' %22s' "> ${timeout_s} s"
    elif [ "$status" != 0 ]; then
      printf ' %22s' "error (${secs} s)"
    else
      printf ' %22s' "${secs} s $((kb / 1024)) MB"
    fi
  done
  printf '\n'
done
