#!/bin/sh
# Lints man pages: groff must format each one without a single warning
# (-ww turns on every warning category), and each needs NAME and SYNOPSIS.
if ! command -v groff >/dev/null; then
  echo "UNSUPPORTED: docs/man-pages-lint needs groff (apt-get install groff-base)"
  exit 0
fi
status=0
for page in "$@"; do
  if ! out=$(groff -man -Tutf8 -ww -z "$page" 2>&1); then
    echo "$page: groff failed: $out"; status=1; continue
  fi
  if [ -n "$out" ]; then
    echo "$page: groff warnings:"; echo "$out"; status=1
  fi
  for sec in NAME SYNOPSIS DESCRIPTION "SEE ALSO"; do
    grep -q "^\.SH \"*$sec\"*\$" "$page" || { echo "$page: no .SH $sec section"; status=1; }
  done
done
exit $status
