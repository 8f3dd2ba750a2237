#!/usr/bin/env bash
# Sets everything up on a fresh Debian machine (also `import nimkit` for Debian's python3) and
# starts the main job: the terminal game against the computer. Arguments go to nimkit (default:
# play 3 4 5).
#   scripts/run.sh                      # play Nim on heaps 3 4 5
#   scripts/run.sh analyze --explain 3 4 5
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target nimkit_cli nimkit_python
# The Python module, where Debian's python3 finds it (/usr/local/lib/python3.X/dist-packages).
cmake --install build/release --component python >/dev/null
if [ "$#" -eq 0 ]; then set -- play 3 4 5; fi
exec build/release/apps/cli/nimkit "$@"
