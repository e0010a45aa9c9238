#!/usr/bin/env bash
# run.sh: build real Debian packages with sleuth-cc and run their test
# suites (see README.md).
#   run.sh --bin <sleuth bin dir> --work <dir> [--mode sleuth|clang|asan]
#          [--time] [package...]
# --time runs each package in the three modes and prints one table row per
# package: the test suite's CPU seconds (user+sys) and, in parentheses, wall
# seconds. Default packages: zlib lua5.4 sqlite3 expat libyaml re2 fmtlib
# libuv1 json-c jansson pcre2 libpng1.6.
# Exit status: 0 when every package passed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin= work= mode=sleuth timing=0 pkgs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --time) timing=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) pkgs+=("$1"); shift ;;
  esac
done
[ -n "$bin" ] && [ -n "$work" ] || { echo "run.sh: --bin and --work are required" >&2; exit 2; }
[ ${#pkgs[@]} -gt 0 ] || pkgs=(zlib lua5.4 sqlite3 expat libyaml re2 fmtlib libuv1 json-c jansson pcre2 libpng1.6)
for p in "${pkgs[@]}"; do
  [ -f "$here/$p.sh" ] || { echo "run.sh: no driver $here/$p.sh" >&2; exit 2; }
done
export RW_BIN=$bin RW_WORK=$work

failed=()
if [ "$timing" = 0 ]; then
  for p in "${pkgs[@]}"; do
    RW_MODE=$mode bash "$here/$p.sh" || failed+=("$p")
  done
else
  rows=()
  for p in "${pkgs[@]}"; do
    row="| $p"
    for m in clang sleuth asan; do
      if RW_MODE=$m bash "$here/$p.sh"; then
        read -r wall cpu < "$work/$m/$p/test-seconds"
        row="$row | $cpu ($wall)"
      else
        row="$row | failed"; failed+=("$p/$m")
      fi
    done
    rows+=("$row |")
  done
  echo "| package | clang: cpu (wall) s | sleuth-cc | clang -fsanitize=address |"
  echo "|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "run.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "run.sh: all passed: ${pkgs[*]}"
