#!/usr/bin/env bash
# Golden transcripts of the nimkit command line. Each case tests/cli/golden/NAME.args holds the
# arguments (one shell-quoted line; files of tests/cli/fixtures are in the working directory), NAME.stdin (optional) the input typed, and NAME.out the
# expected stdout, stderr and exit status. Run with UPDATE=1 to rewrite the .out files after a
# deliberate change, then review the diff.
set -u
nimkit=$(realpath "${NIMKIT:?set NIMKIT to the nimkit binary}")
dir=$(cd "$(dirname "$0")/golden" && pwd)
fixtures=$(cd "$(dirname "$0")/fixtures" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Cases run inside $work, next to copies of the fixture files (saved games to replay).
cp "$fixtures"/* "$work"/
passed=0
failed=0
for args_file in "$dir"/*.args; do
  name=$(basename "$args_file" .args)
  stdin_file="$dir/$name.stdin"
  [ -f "$stdin_file" ] || stdin_file=/dev/null
  actual="$work/$name.out"
  (
    cd "$work" || exit 1
    eval "set -- $(cat "$args_file")"
    "$nimkit" "$@" <"$stdin_file" >"$actual.stdout" 2>"$actual.stderr"
    echo "exit $?" >"$actual.status"
  )
  { cat "$actual.stdout"; sed 's/^/stderr: /' "$actual.stderr"; cat "$actual.status"; } >"$actual"
  if [ "${UPDATE:-0}" = 1 ]; then
    cp "$actual" "$dir/$name.out"
  fi
  if diff -u "$dir/$name.out" "$actual" >"$work/$name.diff" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    cat "$work/$name.diff"
  fi
done
echo "golden: $passed passed, $failed failed"
[ "$failed" = 0 ]
