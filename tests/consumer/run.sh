#!/usr/bin/env bash
# Installs the built nimkit into a temporary prefix and builds and runs tests/consumer against it.
set -euo pipefail
build_dir=$1
cxx_flags=${2:-}  # the build's own flags (the sanitizer flags must match to link)
source_dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$source_dir" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_FLAGS="$cxx_flags" >/dev/null
cmake --build "$work/build" >/dev/null
output=$("$work/build/consumer")
[ "$output" = "first 2" ] || { echo "consumer printed: $output"; exit 1; }
echo "consumer: find_package(nimkit) works"
