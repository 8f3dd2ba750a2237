#!/usr/bin/env bash
# Times `nimkit analyze` on graph and board games of growing size: Node Kayles and Arc Kayles on
# the n × n grid graph, Cram on empty m × n boards (m × m and m × (m + 1)), Chomp on n × n rectangles.
# Each run is capped at ${NIMKIT_BENCH_TIMEOUT:-60} seconds and given --limit 100000000; a game
# stops at its first run that fails or times out. A game whose ruleset this nimkit does not know
# is skipped with a note.
# Usage: bench/board_games.sh NIMKIT_BINARY [GAME...]
#   GAME: node-kayles, arc-kayles, cram, chomp (default: all four)
# Prints one line per run (size, seconds, work steps, max RSS) and per game the largest size
# answered within 10 s and within the cap.
set -u
nimkit=$1
shift
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(node-kayles arc-kayles cram chomp)
timeout_s=${NIMKIT_BENCH_TIMEOUT:-60}
log=$(mktemp)
err=$(mktemp)
trap 'rm -f "$log" "$err"' EXIT

# The n × n grid graph as edges "a-b", vertex (r, c) numbered r·n + c + 1.
grid_graph() {
  local n=$1 r c v edges=()
  for ((r = 0; r < n; r++)); do
    for ((c = 0; c < n; c++)); do
      v=$((r * n + c + 1))
      ((c + 1 < n)) && edges+=("$v-$((v + 1))")
      ((r + 1 < n)) && edges+=("$v-$((v + n))")
    done
  done
  local IFS=,
  echo "${edges[*]}"
}

# An empty m × n Cram board.
cram_board() {
  local m=$1 n=$2 r rows=()
  for ((r = 0; r < m; r++)); do rows+=("$(printf '%*s' "$n" '' | tr ' ' '.')"); done
  local IFS=/
  echo "${rows[*]}"
}

# An n × n Chomp rectangle: n columns of n.
chomp_rectangle() {
  local n=$1 i cols=()
  for ((i = 0; i < n; i++)); do cols+=("$n"); done
  local IFS=,
  echo "${cols[*]}"
}

# The sizes to try and the position of each, one "SIZE POSITION" line per size.
sizes() {
  case $1 in
    node-kayles | arc-kayles)
      for n in $(seq 2 12); do echo "${n}x$n $1:$(grid_graph "$n")"; done ;;
    cram)
      # Nearly square boards: 2 × 2, 2 × 3, 3 × 3, 3 × 4, ...
      for m in $(seq 2 8); do
        echo "${m}x$m cram:$(cram_board "$m" "$m")"
        echo "${m}x$((m + 1)) cram:$(cram_board "$m" $((m + 1)))"
      done ;;
    chomp)
      for n in $(seq 2 40); do echo "${n}x$n chomp:$(chomp_rectangle "$n")"; done ;;
  esac
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, load: $(uptime | sed 's/.*load average: //')"
printf '%-12s %-8s %10s %14s %12s\n' game size seconds "work steps" "max RSS KB"
for game in "${games[@]}"; do
  if "$nimkit" analyze "$(sizes "$game" | head -1 | cut -d' ' -f2-)" 2>&1 >/dev/null |
    grep -q 'unknown ruleset'; then
    echo "# $game: not a ruleset of this nimkit, skipped"
    continue
  fi
  within10=none
  within_cap=none
  while read -r size position; do
    timeout -k 5 "$timeout_s" /usr/bin/time -v -o "$log" "$nimkit" analyze --stats \
      --limit 100000000 "$position" >/dev/null 2>"$err"
    status=$?
    secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log" |
      awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
    steps=$(sed -n 's/^stats: \([0-9]*\) work steps.*/\1/p' "$err")
    if [ "$status" != 0 ] || [ -z "$steps" ]; then
      printf '%-12s %-8s %10s %14s %12s\n' "$game" "$size" "stopped" "-" "${rss:--}"
      break
    fi
    printf '%-12s %-8s %10s %14s %12s\n' "$game" "$size" "$secs" "$steps" "$rss"
    awk -v s="$secs" 'BEGIN { exit !(s <= 10) }' && within10="$size ($secs s, $steps steps, $rss KB)"
    within_cap="$size ($secs s, $steps steps, $rss KB)"
  done < <(sizes "$game")
  echo "# $game: largest within 10 s: $within10; within ${timeout_s} s: $within_cap"
done
