#!/bin/sh
# record_skip.sh FILE CMD [ARG...]: runs CMD with its output (stderr merged
# into stdout, as CTest reads it) and exit status passed through, and
# writes the "UNSUPPORTED: ..." lines it prints (a test that skips itself
# for want of a tool) to FILE, which the summary at the end of the test run
# reads (skip_summary.py; CTest's own log is not complete until it exits).
f=$1
shift
mkdir -p "$(dirname "$f")" && rm -f "$f"
rc_file="$f.rc.$$"
{ "$@" 2>&1; echo $? > "$rc_file"; } |
  awk -v f="$f" '{ print; fflush() } /^UNSUPPORTED: / { print > f }'
rc=$(cat "$rc_file" 2>/dev/null || echo 1)
rm -f "$rc_file"
exit "$rc"
