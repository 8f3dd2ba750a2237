#!/usr/bin/env bash
# Two builds side by side in one run: `nimkit bench`, every registry example
# (nimkit_registry_bench) and the sparse-space suite (nimkit_sparse_bench), the builds taking
# turns ROUNDS times (default 3), so that both meet the same load. Prints a Markdown table of the
# median real and CPU time of every benchmark (`nimkit bench`: wall and user seconds), with the
# load average (`uptime`) before and after. On a busy machine compare the CPU times (the
# benchmarks' CPU time is their calling thread's: for the two-thread ones, the real time counts).
#
#   bench/before_after.sh BEFORE_BUILD AFTER_BUILD [ROUNDS]
#
# A build is a build directory (build/release, or the same preset built from another commit in a
# temporary worktree). NIMKIT_REGISTRY_FILTER and NIMKIT_SPARSE_FILTER choose the benchmarks
# (Google Benchmark filters; by default every registry example but octal:0.2B, which the plain
# algorithm takes minutes over, and every sparse benchmark).
set -euo pipefail

before=${1:?usage: before_after.sh BEFORE_BUILD AFTER_BUILD [ROUNDS]}
after=${2:?usage: before_after.sh BEFORE_BUILD AFTER_BUILD [ROUNDS]}
rounds=${3:-3}
registry_filter=${NIMKIT_REGISTRY_FILTER:--Sequence/octal:0.2B/.*}
sparse_filter=${NIMKIT_SPARSE_FILTER:-.}
for build in "$before" "$after"; do
  for binary in apps/cli/nimkit bench/nimkit_registry_bench bench/nimkit_sparse_bench; do
    [ -x "$build/$binary" ] || { echo "not executable: $build/$binary" >&2; exit 2; }
  done
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One round of one build: "name real cpu unit" lines appended to $work/SIDE.
round() {  # SIDE BUILD
  local side=$1 build=$2
  /usr/bin/time -f '%e %U' -o "$work/time" "$build/apps/cli/nimkit" bench >/dev/null 2>&1
  read -r wall user <"$work/time"
  printf 'nimkit-bench %s %s s\n' "$wall" "$user" >>"$work/$side"
  local suite filter
  for suite in registry sparse; do
    [ "$suite" = registry ] && filter=$registry_filter || filter=$sparse_filter
    "$build/bench/nimkit_${suite}_bench" --benchmark_filter="$filter" --benchmark_format=csv \
      2>/dev/null | awk 'NR > 1 && match($0, /^"[^"]*"/) {
        # The name is quoted (it may hold commas): name, iterations, real, cpu, unit.
        name = substr($0, 2, RLENGTH - 2); split(substr($0, RLENGTH + 2), f, ",")
        print name, f[2], f[3], f[4] }' \
      >>"$work/$side"
  done
}

# The medians of each benchmark's real and CPU times, in the order of first appearance.
medians() {  # SIDE
  awk 'function median(key, k,    a, b, x, v) {
         for (a = 1; a <= k; ++a) v[a] = t[key, a]
         for (a = 2; a <= k; ++a) for (b = a; b > 1 && v[b - 1] > v[b]; --b) {
           x = v[b]; v[b] = v[b - 1]; v[b - 1] = x
         }
         return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
       }
       { if (!($1 in n)) order[++count] = $1
         k = ++n[$1]; t[$1 "r", k] = $2; t[$1 "c", k] = $3; unit[$1] = $4 }
       END {
         for (i = 1; i <= count; ++i) {
           name = order[i]
           printf "%s %.3g %.3g %s\n", name, median(name "r", n[name]), median(name "c", n[name]),
             unit[name]
         }
       }' "$work/$1"
}

load_before=$(uptime)
for ((r = 0; r < rounds; ++r)); do
  round before "$before"
  round after "$after"
done
load_after=$(uptime)
medians before >"$work/before.median"
medians after >"$work/after.median"
echo "Load before: \`${load_before# }\`"
echo
echo "| benchmark (medians of $rounds) | before: real / CPU | after: real / CPU | after / before (CPU) |"
echo "|---|---|---|---|"
awk 'NR == FNR { r[$1] = $2; c[$1] = $3; next }
     { before = $1 in r ? r[$1] " / " c[$1] " " $4 : "—"
       ratio = $1 in c && c[$1] > 0 ? sprintf("%.2f", $3 / c[$1]) : "—"
       printf "| %s | %s | %s / %s %s | %s |\n", $1, before, $2, $3, $4, ratio }' \
  "$work/before.median" "$work/after.median"
echo
echo "Load after: \`${load_after# }\`"
