#!/bin/sh
# Self-test of check-reports.sh on JSON report lines in the shape of the
# report contract (one object per line; errors, leak records, leak summary).
# Usage: test-check-reports.sh WORKDIR
set -u
if ! command -v jq >/dev/null; then
  echo "UNSUPPORTED: docs/ci-check-reports needs jq (apt-get install jq)"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
work=$1
rm -rf "$work" && mkdir -p "$work" || exit 1
failures=0
expect() { # NAME WANT_STATUS WANT_OUTPUT_REGEX DIR [KINDS]
  name=$1 want=$2 pattern=$3
  shift 3
  out=$(sh "$here/check-reports.sh" "$@" 2>&1)
  got=$?
  if [ "$got" -ne "$want" ] || ! printf '%s\n' "$out" | grep -Eq "$pattern"; then
    echo "FAIL $name: status $got (want $want), output:"; printf '%s\n' "$out"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

mkdir "$work/empty"
expect "no report files" 0 '^sleuth: no reports in' "$work/empty"

mkdir "$work/possible"
cat > "$work/possible/report.100" <<'JSON'
{"sleuth":1,"pid":100,"kind":"leak","leak_kind":"possible","bytes":64,"objects":1,"alloc_stack":[{"pc":"0x401000","function":"main","file":"/src/a.c","line":3,"column":7}]}
{"sleuth":1,"pid":100,"kind":"leak-summary","definitely_lost":{"bytes":0,"blocks":0},"indirectly_lost":{"bytes":0,"blocks":0},"possibly_lost":{"bytes":64,"blocks":1},"still_reachable":{"bytes":0,"blocks":0},"suppressed":{"bytes":0,"blocks":0},"leaked_bytes":64,"leaked_objects":1}
JSON
expect "possible leak, default kinds" 0 '^sleuth: 0 finding' "$work/possible"
expect "possible leak, kinds=all" 1 '^leak-possible: 64 byte' "$work/possible" all
expect "possible leak, kinds=direct,possible" 1 '^leak-possible' "$work/possible" direct,possible

mkdir "$work/error"
cp "$work/possible/report.100" "$work/error/"
cat > "$work/error/report.200" <<'JSON'
{"sleuth":1,"pid":200,"kind":"heap-buffer-overflow","message":"heap-buffer-overflow on address 0x602000000024 at pc 0x4011d6 bp 0x7ffd0 sp 0x7ffd8","access":{"type":"WRITE","size":4,"address":"0x602000000024"},"thread":"T0","stack":[{"pc":"0x4011d6","function":"fill","file":"/src/demo.c","line":17,"column":12}],"summary":"heap-buffer-overflow /src/demo.c:17:12 in fill"}
JSON
expect "an error" 1 '^heap-buffer-overflow: heap-buffer-overflow /src/demo.c:17:12 in fill' "$work/error"

mkdir "$work/direct"
printf '%s\n' '{"sleuth":1,"pid":300,"kind":"leak","leak_kind":"direct","bytes":40,"objects":1,"alloc_stack":[]}' > "$work/direct/report.300"
expect "direct leak, default kinds" 1 '^leak-direct: 40 byte\(s\) in 1 object' "$work/direct"
expect "direct leak, kinds=possible" 0 '^sleuth: 0 finding' "$work/direct" possible

[ "$failures" -eq 0 ] && echo "check-reports.sh: all cases pass"
[ "$failures" -eq 0 ]
