#!/bin/sh
# check-reports.sh DIR [LEAK_KINDS]: fail (exit 1) when the JSON reports that
# Sleuth wrote into DIR (SLEUTH_OPTIONS=log_format=json:log_path=DIR/report)
# contain a memory error, or a leak of a kind in LEAK_KINDS (comma-separated,
# default direct,indirect: Sleuth's default leak_kinds_fail). Prints one line
# per finding (kind and SUMMARY) and a count. Needs jq.
set -eu
dir=$1
kinds=${2:-direct,indirect}
set -- "$dir"/report.*
if [ ! -e "$1" ]; then
  echo "sleuth: no reports in $dir"
  exit 0
fi
cat "$@" | jq -r --arg kinds "$kinds" '
  ($kinds | split(",")) as $fail
  | if .kind == "leak-summary" then empty
    elif .kind == "leak" then
      .leak_kind as $k
      | (if ($fail | index("all")) or ($fail | index($k)) then
         "leak-\(.leak_kind): \(.bytes) byte(s) in \(.objects) object(s)" else empty end)
    else "\(.kind): \(.summary // .message)" end' > "$dir/findings.txt"
n=$(wc -l < "$dir/findings.txt")
cat "$dir/findings.txt"
echo "sleuth: $n finding(s) in $# report file(s)"
[ "$n" -eq 0 ]
