#!/usr/bin/env bash
# The compile corpus: real shapes of C and C++ at -O0..-O3 with full -g,
# built with sleuth-cc / sleuth-c++ next to the plain clang of the same
# LLVM (README.md).
#
#   run.sh programs BIN CLANG WORK [prog.c|prog.cpp ...]
#       build each program plain and with Sleuth at every level, run both;
#       pass when every build succeeds, the Sleuth build prints nothing on
#       stderr, and both print the same stdout with the same exit status
#   run.sh sources BIN CLANG WORK file...
#       compile each file (-c) with Sleuth at every level; pass when each
#       compile succeeds wherever the plain clang's does (a file the plain
#       clang cannot compile on its own, e.g. one that needs -D or -I from
#       its test, is skipped and counted). A lit test's file is not compiled
#       again at a level its own RUN lines already compile it at, the same
#       way (levels-built-by-test.awk); those are counted too.
#
# BIN holds sleuth-cc and sleuth-c++; CLANG is the plain clang (clang++ is
# derived from it). Exit status 0 when everything passed.
set -u
mode=$1 bin=$2 clang=$3 work=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
levels=(-O0 -O1 -O2 -O3)
case "$clang" in
  *clang-[0-9]*) clangxx=$(echo "$clang" | sed 's/clang-\([0-9]*\)$/clang++-\1/') ;;
  *) clangxx="${clang}++" ;;
esac
mkdir -p "$work"
tmp=$(mktemp -d "$work/corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The runs are plain programs: no leak report is expected, and a private
# log_path catches any report the runtime writes.
export SLEUTH_OPTIONS="log_path=$tmp/report"

compilers_for() {
  case "$1" in
    *.cpp|*.cc) sleuth="$bin/sleuth-c++" plain="$clangxx" ;;
    *) sleuth="$bin/sleuth-cc" plain="$clang" ;;
  esac
}

failures=0 checks=0 skipped=0 by_test=0
fail() {
  failures=$((failures + 1))
  echo "FAIL: $*"
}

run_programs() {
  [ $# -gt 0 ] || set -- "$here"/*.c "$here"/*.cpp
  for src in "$@"; do
    compilers_for "$src"
    name=$(basename "$src")
    for O in "${levels[@]}"; do
      checks=$((checks + 1))
      p="$tmp/$name$O.plain" s="$tmp/$name$O.sleuth"
      if ! "$plain" "$O" -g "$src" -o "$p" 2>"$tmp/err"; then
        fail "$name $O: plain build failed: $(head -n 3 "$tmp/err")"; continue
      fi
      if ! "$sleuth" "$O" "$src" -o "$s" 2>"$tmp/err"; then
        fail "$name $O: $sleuth $O $src failed:"; head -n 20 "$tmp/err"; continue
      fi
      "$p" >"$tmp/out.plain" 2>/dev/null; pst=$?
      rm -f "$tmp"/report*
      "$s" >"$tmp/out.sleuth" 2>"$tmp/err.sleuth"; sst=$?
      if [ -s "$tmp/err.sleuth" ] || ls "$tmp"/report* >/dev/null 2>&1; then
        fail "$name $O: the Sleuth build reported:"
        head -n 20 "$tmp/err.sleuth" "$tmp"/report* 2>/dev/null
      elif [ "$pst" != "$sst" ] || ! cmp -s "$tmp/out.plain" "$tmp/out.sleuth"; then
        fail "$name $O: output differs (plain exit $pst, Sleuth exit $sst)"
        diff "$tmp/out.plain" "$tmp/out.sleuth" | head -n 10
      fi
    done
  done
}

run_sources() {
  for src in "$@"; do
    compilers_for "$src"
    done_levels=" $(awk -f "$here/levels-built-by-test.awk" "$src" | tr '\n' ' ')"
    for O in "${levels[@]}"; do
      case "$done_levels" in
        *" ${O#-O} "*) by_test=$((by_test + 1)); continue ;;
      esac
      if "$sleuth" "$O" -c "$src" -o "$tmp/o.o" 2>"$tmp/err"; then
        checks=$((checks + 1))
      elif grep -qE 'Stack dump|PLEASE submit|sleuth: error' "$tmp/err" ||
           "$plain" "$O" -g -c "$src" -o "$tmp/p.o" 2>/dev/null; then
        checks=$((checks + 1))
        fail "$src $O: $sleuth $O -c failed where plain clang succeeds:"
        head -n 20 "$tmp/err"
      else
        skipped=$((skipped + 1))
      fi
    done
  done
}

case "$mode" in
  programs) run_programs "$@" ;;
  sources) run_sources "$@" ;;
  *) echo "run.sh: unknown mode '$mode' (programs or sources)" >&2; exit 1 ;;
esac
echo "corpus $mode: $checks builds at ${levels[*]}, $failures failed${skipped:+, $skipped skipped (plain clang fails too)}${by_test:+, $by_test left to their own lit test}"
[ "$failures" -eq 0 ]
