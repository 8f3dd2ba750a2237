#!/usr/bin/env bash
# `nimkit bench` must print the node count and checksum kept in bench/reference.txt. A commit that
# changes nimkit's behaviour changes them: it updates the reference and says so.
set -euo pipefail
: "${NIMKIT:?set NIMKIT to the nimkit binary}"
reference="$(dirname "$0")/../bench/reference.txt"
actual=$("$NIMKIT" bench 2>/dev/null)
if ! diff <(cat "$reference") <(printf '%s\n' "$actual"); then
  echo "nimkit bench differs from bench/reference.txt (above: < expected, > actual)" >&2
  exit 1
fi
