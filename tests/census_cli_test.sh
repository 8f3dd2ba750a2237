#!/usr/bin/env bash
# nimkit census as a user runs it: one JSON line per code, a resumed run (torn last line included)
# equal to an uninterrupted one, shards covering every code once, --codes lists, --compare on the
# trivial-games table and on a table with a changed value, the misère census (--misere) resumed
# and sharded the same way, and bad input rejected with exit 2.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
data=${NIMKIT_TEST_DATA:?set NIMKIT_TEST_DATA to tests/data}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
small=(--max-heap 4096 --no-progress)

"$nimkit" census --digits 2 "${small[@]}" --output "$dir/full"
[ "$(wc -l <"$dir/full")" -eq 127 ] || fail "127 codes expected in a 2-digit census"
python3 - "$dir/full" <<'EOF' || fail "census lines"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
by = {l["code"]: l for l in lines}
assert by["0.77"]["class"] == "trivial" and by["0.77"]["preperiod"] == 71 and by["0.77"]["period"] == 12
assert by["0.07"]["period"] == 34 and by["0.07"]["preperiod"] == 53 and by["0.07"]["proved"]
assert by["0.45"]["class"] == "solved" and by["0.45"]["preperiod"] == 498, by["0.45"]
assert by["0.6"]["class"] == "unsolved" and not by["0.6"]["proved"] and by["0.6"]["computed_to"] == 4095
# Equivalent codes name an earlier code with the same fingerprint.
order = [l["code"] for l in lines]
for l in lines:
    if "equivalent_to" in l:
        e = by[l["equivalent_to"]]
        assert order.index(e["code"]) < order.index(l["code"]) and e["fingerprint"] == l["fingerprint"], l
        assert l["equivalence"] == ("proved" if l["proved"] else "computed"), l
# Codes not grouped have distinct fingerprints.
firsts = [l["fingerprint"] for l in lines if "equivalent_to" not in l]
assert len(firsts) == len(set(firsts))
EOF

# Codes that add single-heap moves to an unsolved code are derived from its values: the same
# lines as computing every code (--cache-mib 0), and the summary says how many were derived.
"$nimkit" census --digits 2 --max-heap 4096 --cache-mib 0 --output "$dir/computed" 2>"$dir/computed.err"
cmp "$dir/full" "$dir/computed" || fail "derived lines differ from computed ones"
grep -q 'derived' "$dir/computed.err" && fail "derived codes without a cache"
"$nimkit" census --digits 2 --max-heap 4096 >/dev/null 2>"$dir/derived.err"
grep -Eq '; [1-9][0-9]* derived from another code.s values\) in' "$dir/derived.err" ||
  fail "no derived codes reported: $(cat "$dir/derived.err")"

# Resume: a run stopped after 40 lines, the 41st torn, finishes to the same file.
head -40 "$dir/full" >"$dir/resumed"
sed -n 41p "$dir/full" | head -c 30 >>"$dir/resumed"
"$nimkit" census --digits 2 "${small[@]}" --output "$dir/resumed"
cmp "$dir/full" "$dir/resumed" || fail "resumed census differs"
# A finished output: nothing left to compute, the file unchanged.
"$nimkit" census --digits 2 "${small[@]}" --output "$dir/resumed"
cmp "$dir/full" "$dir/resumed" || fail "a second resume changed the file"

# Shards: every code exactly once, each with the serial census's sequence (fingerprint).
for k in 0 1 2; do "$nimkit" census --digits 2 "${small[@]}" --shard "$k/3" >"$dir/shard$k"; done
python3 - "$dir/full" "$dir"/shard0 "$dir"/shard1 "$dir"/shard2 <<'EOF' || fail "shards"
import json, sys
full = {json.loads(l)["code"]: json.loads(l)["fingerprint"] for l in open(sys.argv[1])}
got = [json.loads(l) for f in sys.argv[2:] for l in open(f)]
assert sorted(l["code"] for l in got) == sorted(full), "every code once"
assert all(full[l["code"]] == l["fingerprint"] for l in got)
EOF

# --codes: hexadecimal digits, comments and blank lines; the order of the file.
printf '# a list\n0.8\n\n.77   # kayles\n0.7700\n' >"$dir/dup"
printf '0.8\n.77 # kayles\n4.12\n' >"$dir/codes"
"$nimkit" census --codes "$dir/codes" --max-plain-heap 200 --no-progress >"$dir/list"
[ "$(python3 -c 'import json,sys; print(" ".join(json.loads(l)["code"] for l in open(sys.argv[1])))' "$dir/list")" = \
  "0.8 0.77 4.12" ] || fail "--codes order"

# --compare: the trivial-games table agrees; a changed value is found at its heap.
"$nimkit" census --compare "$data/TrivialGames.md" --no-progress >"$dir/compare"
[ "$(grep -c '"verdict":"agrees"' "$dir/compare")" -eq 82 ] || fail "82 trivial games agree"
sed 's/^\(\.77 .*\)2)$/\13)/' "$data/TrivialGames.md" >"$dir/changed.md"
grep -q '"code":"0.77","verdict":"disagrees","first_difference":82' < <("$nimkit" census --compare \
  "$dir/changed.md" --no-progress) || fail "changed value not found at heap 82"

# The misère census: Kayles and 0.75 finite, resumed (a torn line included) and sharded to the
# same lines; a normal-play census file is not the output of a misère run, nor the other way.
misere=(--misere --digits 2 --max-steps 200000 --no-progress)
"$nimkit" census "${misere[@]}" --output "$dir/misere"
[ "$(wc -l <"$dir/misere")" -eq 127 ] || fail "127 codes expected in a 2-digit misère census"
python3 - "$dir/misere" <<'EOF' || fail "misère census lines"
import json, sys
by = {json.loads(l)["code"]: json.loads(l) for l in open(sys.argv[1])}
k = by["0.77"]
assert (k["class"], k["order"], k["p_size"], k["preperiod"], k["period"], k["checked_to"]) == \
    ("finite", 40, 9, 71, 12, 166), k
assert (by["0.75"]["class"], by["0.75"]["order"], by["0.75"]["p_size"]) == ("finite", 8, 2)
assert by["0.3"]["class"] == "tame" and by["0.3"]["tame"] is True
d = by["0.07"]
assert d["class"] == "partial" and d["stopped_by"] == "work" and "200000 steps" in d["stopped"], d
assert all(l["class"] in ("tame", "finite", "partial", "stopped") for l in by.values())
EOF
head -50 "$dir/misere" >"$dir/misere-resumed"
sed -n 51p "$dir/misere" | head -c 20 >>"$dir/misere-resumed"
"$nimkit" census "${misere[@]}" --output "$dir/misere-resumed"
cmp "$dir/misere" "$dir/misere-resumed" || fail "resumed misère census differs"
for k in 0 1; do "$nimkit" census "${misere[@]}" --shard "$k/2" >"$dir/mshard$k"; done
cmp <(sort "$dir/misere") <(sort "$dir/mshard0" "$dir/mshard1") || fail "misère shards differ"
"$nimkit" census --codes "$dir/codes" --max-plain-heap 200 --no-progress >"$dir/normal-list"
"$nimkit" census --misere --codes "$dir/codes" --max-steps 200000 --no-progress >"$dir/misere-list"

# Bad input: one line, exit 2.
expect_error() {
  local want=$1
  shift
  set +e
  out=$("$nimkit" census "$@" 2>&1 >/dev/null)
  status=$?
  set -e
  [ "$status" -eq 2 ] || fail "exit $status for $*"
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "more than one line for $*: $out"
  [[ "$out" == *"$want"* ]] || fail "'$out' lacks '$want'"
}
expect_error 'census of 9 digits' --digits 9
expect_error 'give exactly one of --digits D or --codes FILE' --no-progress
expect_error '--shard "3/3": expected K/N' --digits 1 --shard 3/3
expect_error 'line 5: code "0.7700" repeats line 4' --codes "$dir/dup"
printf '0.77\n0.9x\n' >"$dir/bad"
expect_error 'line 2' --codes "$dir/bad"
echo '{"code":"0.99"}' >"$dir/foreign"
expect_error 'line 1' --digits 1 --output "$dir/foreign"
expect_error 'line 1: a normal-play census line (class "unsolved"), not a misère one' \
  --misere --codes "$dir/codes" --output "$dir/normal-list"
expect_error 'line 1: a misère census line (class "partial"), not a normal-play one' \
  --codes "$dir/codes" --output "$dir/misere-list"
expect_error '--max-order is an option of the misère (--misere) census only' --digits 1 --max-order 5
expect_error '--cache-mib is an option of the normal-play census only' --misere --digits 1 --cache-mib 0
expect_error '--memory "12Q"' --misere --digits 1 --memory 12Q
expect_error '--max-heap, --max-order and --max-steps must be at least 1' --misere --digits 1 --max-steps 0
expect_error '--compare TABLE runs alone' --misere --compare "$dir/codes"
# --mpi without mpirun: one rank (or a build without MPI) is refused in one line.
# (Open MPI's own allocations from MPI_Init read as leaks under the sanitizers: not ours.)
(export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; expect_error '--mpi' --mpi --digits 1)
if ! "$nimkit" census --help | grep -q -- '--mpi'; then fail "--mpi missing from --help"; fi
echo "census CLI: ok"
