#!/usr/bin/env bash
# Side by side, in one run: nimkit's sparse-space engine on 1 and 2 threads against a public
# sparse-space solver (the `analyze` program of tczajka/octal-games, built separately), on the
# .16, .354 and .376 period proofs and Grundy's game to 2^20, 2^21 and 2^22. Prints a Markdown
# table of wall / user seconds, with the load average (`uptime`) before and after.
#
#   bench/threads_compare.sh NIMKIT [ANALYZE]
#
# NIMKIT is the nimkit binary; ANALYZE the public solver's binary (its column is left out when the
# argument is missing or not executable). The solver proves a period only when the table reaches a
# power of two, and prints a line at every power of two: its Grundy times are those of the lines
# n=2^20, 2^21, 2^22 of one run (wall time since its start and user time so far; stopped after
# 2^22).
set -euo pipefail

nimkit=${1:?usage: threads_compare.sh NIMKIT [ANALYZE]}
analyze=${2:-}
[ -x "$nimkit" ] || { echo "not executable: $nimkit" >&2; exit 2; }
if [ -n "$analyze" ] && [ ! -x "$analyze" ]; then
  echo "public solver $analyze is not executable: its column is left out" >&2
  analyze=
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "wall / user" of a command, its standard output to $work/out.
timed() {
  /usr/bin/time -f '%e %U' -o "$work/time" "$@" >"$work/out"
  read -r wall user <"$work/time"
  printf '%s s / %s s' "$wall" "$user"
}

nimkit_cell() {  # RULES COUNT THREADS [--period]
  local rules=$1 count=$2 threads=$3
  shift 3
  timed "$nimkit" grundy --rules "$rules" --count "$count" --no-progress --threads "$threads" "$@"
  cp "$work/out" "$work/$rules.$count.$threads"
}

# The public solver on a periodic game: until it prints its period.
analyze_period() {
  [ -n "$analyze" ] || return 0
  local cell
  cell=$(timed "$analyze" "$1")
  printf '%s (%s)' "$cell" "$(grep -o 'start=[0-9]* period=[0-9]*' "$work/out" | head -1)"
}

# The public solver on Grundy's game: wall and user seconds at which it reports 2^20, 2^21, 2^22.
declare -A grundy_at
analyze_grundy() {
  [ -n "$analyze" ] || return 0
  local start line k pid
  start=$(date +%s.%N)
  exec 3< <(exec "$analyze" grundy)
  pid=$!
  while read -r -u 3 line; do
    case $line in
      n=2^20\ * | n=2^21\ * | n=2^22\ *)
        k=${line#n=2^}
        k=${k%% *}
        # Its user time so far: field 14 of /proc/PID/stat, in clock ticks.
        grundy_at[$k]=$(awk -v a="$start" -v b="$(date +%s.%N)" -v hz="$(getconf CLK_TCK)" \
          '{ printf "%.2f s / %.2f s", b - a, $14 / hz }' "/proc/$pid/stat")
        [ "$k" = 22 ] && break
        ;;
    esac
  done
  kill "$pid" 2>/dev/null || true
  exec 3<&-
}

load_before=$(uptime)
rows=()
for code in 0.16 0.354 0.376; do
  one=$(nimkit_cell "octal:$code" 1 1 --period)
  two=$(nimkit_cell "octal:$code" 1 2 --period)
  cmp -s "$work/octal:$code.1.1" "$work/octal:$code.1.2" && same=yes || same=NO
  period=$(grep -o 'period [0-9]*, preperiod [0-9]*' "$work/octal:$code.1.1" | head -1)
  rows+=("| .${code#0.} proof ($period) | $one | $two | $same | $(analyze_period "$code") |")
done
for k in 20 21 22; do
  count=$((1 << k))
  one=$(nimkit_cell grundy "$count" 1)
  two=$(nimkit_cell grundy "$count" 2)
  cmp -s "$work/grundy.$count.1" "$work/grundy.$count.2" && same=yes || same=NO
  rows+=("| Grundy's game to 2^$k | $one | $two | $same | @$k |")
done
analyze_grundy
load_after=$(uptime)

echo "Load before: \`${load_before# }\`"
echo
echo "| run | nimkit --threads 1 (wall / user) | nimkit --threads 2 (wall / user) | same output |$([ -n "$analyze" ] && echo ' public solver (wall / user) |')"
echo "|---|---|---|---|$([ -n "$analyze" ] && echo '---|')"
for row in "${rows[@]}"; do
  if [ -z "$analyze" ]; then
    row=${row% | *}
    echo "$row |"
    continue
  fi
  for k in 20 21 22; do
    row=${row/@$k/${grundy_at[$k]:-?} (one run to 2^22, figures at 2^$k)}
  done
  echo "$row"
done
echo
echo "Load after: \`${load_after# }\`"
