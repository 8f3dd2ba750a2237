#!/usr/bin/env bash
# Positions as people type them. With no position, every ruleset of the registry (each "play:"
# line of `nimkit rules`) names its own example, the one `rules` shows; and every graph family
# reads a list with commas, spaces or both between its items as the same position.
set -euo pipefail
nimkit=${NIMKIT:?set NIMKIT to the nimkit binary}
checked=0
while read -r rules start; do
  set +e
  message=$("$nimkit" analyze --rules "$rules" 2>&1 >/dev/null)
  status=$?
  set -e
  expected="error: no position given (e.g. $start)"
  if [ "$status" -ne 2 ] || [ "$message" != "$expected" ]; then
    echo "--rules $rules: exit $status, \"$message\", expected \"$expected\""
    exit 1
  fi
  checked=$((checked + 1))
done < <("$nimkit" rules | sed -n 's/^  play: nimkit play --rules \([^ ]*\) \(.*\)$/\1 \2/p')
[ "$checked" -ge 20 ] || { echo "only $checked rulesets listed"; exit 1; }

same() {  # same RULES WRITTEN... : each written form analyses as the first
  local rules=$1 first
  shift
  first=$("$nimkit" analyze --rules "$rules" "$1")
  for written in "${@:2}"; do
    [ "$("$nimkit" analyze --rules "$rules" "$written")" = "$first" ] ||
      { echo "--rules $rules \"$written\" differs from \"$1\""; exit 1; }
  done
}
same node-kayles '1-2,2-3,4' '1-2, 2-3, 4' '1-2 2-3 4' ' 1-2 ,2-3  4 '
same arc-kayles '1-2,2-3,3-4' '1-2, 2-3, 3-4' '1-2 2-3 3-4'
same hackenbush '0-1,1-2,2-0' '0-1, 1-2, 2-0' '0-1 1-2 2-0'
same digraph 'a>b,b>c,a>c@a' 'a>b, b>c, a>c @a' 'a>b b>c a>c@a'
"$nimkit" analyze "node-kayles:1-2, 2-3" 4 >/dev/null
# A list over several arguments, as a shell splits "1-2, 2-3, 4" typed without quotes.
[ "$("$nimkit" analyze --rules node-kayles 1-2, 2-3, 4)" = \
  "$("$nimkit" analyze --rules node-kayles 1-2,2-3,4)" ] || { echo "1-2, 2-3, 4 as three words"; exit 1; }
# Two commas still leave an empty item, which is refused.
if "$nimkit" analyze --rules node-kayles '1-2,, 2-3' 2>/dev/null; then
  echo "an empty graph item was accepted"
  exit 1
fi
echo "$checked rulesets name their own example; graph lists read with commas, spaces or both"
