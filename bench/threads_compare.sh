#!/usr/bin/env bash
# Side by side, in one run: nimkit's sparse-space engine on 1 and 2 threads against a public
# sparse-space solver (the `analyze` program of tczajka/octal-games, built separately), on the
# .16, .354 and .376 period proofs, Grundy's game to 2^20, 2^21 and 2^22, and Officers (octal 0.6)
# to 2^20, 2^21, 2^22 and (nimkit only) 2^24. Prints Markdown tables of wall / user seconds — for
# Officers also the values per second per thread and the bytes per stored value — with the load
# average (`uptime`) before and after.
#
#   bench/threads_compare.sh NIMKIT [ANALYZE]
#
# NIMKIT is the nimkit binary; ANALYZE the public solver's binary (its column is left out when the
# argument is missing or not executable). The solver proves a period only when the table reaches a
# power of two, and prints a line at every power of two: its times for Grundy's game and Officers
# are those of the lines n=2^20, 2^21, 2^22 of one run (wall time since its start and user time so
# far; stopped after 2^22). Set NIMKIT_COMPARE_OFFICERS_ONLY=1 for the Officers table alone.
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

# "wall / user" of a command, its standard output to $work/out; the two figures also in $wall
# and $user.
timed() {
  /usr/bin/time -f '%e %U' -o "$work/time" "$@" >"$work/out"
  read -r wall user <"$work/time"
  printf '%s s / %s s' "$wall" "$user"
}

nimkit_cell() {  # RULES COUNT THREADS [ARGS...]
  local rules=$1 count=$2 threads=$3
  shift 3
  timed "$nimkit" grundy --rules "$rules" --count "$count" --no-progress --threads "$threads" "$@"
  cp "$work/out" "$work/$rules.$count.$threads"
  cp "$work/time" "$work/$rules.$count.$threads.time"
}

# The public solver on a periodic game: until it prints its period.
analyze_period() {
  [ -n "$analyze" ] || return 0
  local cell
  cell=$(timed "$analyze" "$1")
  printf '%s (%s)' "$cell" "$(grep -o 'start=[0-9]* period=[0-9]*' "$work/out" | head -1)"
}

# The public solver on a game without a known period: wall and user seconds at which it reports
# 2^20, 2^21, 2^22 (into solver_at[GAME.K]).
declare -A solver_at
analyze_powers() {  # GAME
  [ -n "$analyze" ] || return 0
  local start line k pid
  start=$(date +%s.%N)
  exec 3< <(exec "$analyze" "$1")
  pid=$!
  while read -r -u 3 line; do
    case $line in
      n=2^20\ * | n=2^21\ * | n=2^22\ *)
        k=${line#n=2^}
        k=${k%% *}
        # Its user time so far: field 14 of /proc/PID/stat, in clock ticks.
        solver_at[$1.$k]=$(awk -v a="$start" -v b="$(date +%s.%N)" -v hz="$(getconf CLK_TCK)" \
          '{ printf "%.2f %.2f", b - a, $14 / hz }' "/proc/$pid/stat")
        [ "$k" = 22 ] && break
        ;;
    esac
  done
  kill "$pid" 2>/dev/null || true
  exec 3<&-
}

# "wall / user" and millions of values per second per thread (user time over the threads).
rate_cell() {  # WALL USER COUNT THREADS
  awk -v w="$1" -v u="$2" -v n="$3" -v t="$4" \
    'BEGIN { printf "%.2f s / %.2f s, %.2f M/s per thread", w, u, n / 1e6 / (w * t) }'
}

print_table_header() {  # FIRST_COLUMN
  echo "| $1 | nimkit --threads 1 (wall / user) | nimkit --threads 2 (wall / user) | same output |$([ -n "$analyze" ] && echo ' public solver (wall / user) |')"
  echo "|---|---|---|---|$([ -n "$analyze" ] && echo '---|')"
}

classic_table() {
  local rows=() code k count one two same period
  for code in 0.16 0.354 0.376; do
    one=$(nimkit_cell "octal:$code" 1 1 --period)
    two=$(nimkit_cell "octal:$code" 1 2 --period)
    same_output "$work/octal:$code.1.1" "$work/octal:$code.1.2" && same=yes || same=NO
    period=$(grep -o 'period [0-9]*, preperiod [0-9]*' "$work/octal:$code.1.1" | head -1)
    rows+=("| .${code#0.} proof ($period) | $one | $two | $same | $(analyze_period "$code") |")
  done
  for k in 20 21 22; do
    count=$((1 << k))
    one=$(nimkit_cell grundy "$count" 1)
    two=$(nimkit_cell grundy "$count" 2)
    same_output "$work/grundy.$count.1" "$work/grundy.$count.2" && same=yes || same=NO
    rows+=("| Grundy's game to 2^$k | $one | $two | $same | @$k |")
  done
  analyze_powers grundy
  print_table_header run
  local row
  for row in "${rows[@]}"; do
    if [ -z "$analyze" ]; then
      echo "${row% | *} |"
      continue
    fi
    for k in 20 21 22; do
      local cell=${solver_at[grundy.$k]:-}
      [ -n "$cell" ] && cell=$(awk -v c="$cell" 'BEGIN { split(c, f, " "); printf "%.2f s / %.2f s", f[1], f[2] }')
      row=${row/@$k/${cell:-?} (one run to 2^22, figures at 2^$k)}
    done
    echo "$row"
  done
}

# Whether two runs wrote the same values and statistics (--stats adds, on threads, a line on how
# the threads shared the work, which one thread does not write).
same_output() {
  cmp -s <(grep -v '^threads: ' "$1") <(grep -v '^threads: ' "$2")
}

officers_table() {
  local k count wall1 user1 wall2 user2 same bytes solver solver_wall solver_user
  echo "| Officers (0.6) | nimkit --threads 1 | nimkit --threads 2 | same output | bytes per value |$([ -n "$analyze" ] && echo ' public solver (one run to 2^22) | nimkit 1 thread / public solver (user) |')"
  echo "|---|---|---|---|---|$([ -n "$analyze" ] && echo '---|---|')"
  analyze_powers 0.6
  for k in 20 21 22 24; do
    count=$((1 << k))
    nimkit_cell officers "$count" 1 --stats >/dev/null
    read -r wall1 user1 <"$work/officers.$count.1.time"
    nimkit_cell officers "$count" 2 --stats >/dev/null
    read -r wall2 user2 <"$work/officers.$count.2.time"
    same_output "$work/officers.$count.1" "$work/officers.$count.2" && same=yes || same=NO
    bytes=$(grep -o '[0-9]* bytes\? per value' "$work/officers.$count.1" | head -1)
    local row="| to 2^$k | $(rate_cell "$wall1" "$user1" "$count" 1) | $(rate_cell "$wall2" "$user2" "$count" 2) | $same | ${bytes% per value} |"
    if [ -n "$analyze" ]; then
      solver=${solver_at[0.6.$k]:-}
      if [ -n "$solver" ]; then
        read -r solver_wall solver_user <<<"$solver"
        row+=" $(rate_cell "$solver_wall" "$solver_user" "$count" 1) | $(awk -v a="$user1" -v b="$solver_user" 'BEGIN { printf "%.1f×", b / a }') |"
      else
        row+=" — | — |"
      fi
    fi
    echo "$row"
  done
}

load_before=$(uptime)
echo "Load before: \`${load_before# }\`"
echo
if [ -z "${NIMKIT_COMPARE_OFFICERS_ONLY:-}" ]; then
  classic_table
  echo
fi
officers_table
echo
load_after=$(uptime)
echo "Load after: \`${load_after# }\`"
