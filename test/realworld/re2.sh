#!/usr/bin/env bash
# re2: the library and its own tests (the 14 programs of upstream's
# `make test`, each linked against the static library and against the shared
# one: `make static-test shared-test`), built with CXX=sleuth-c++ at -O0, -O2
# and -O3 (upstream's CXXFLAGS, -O3 -g, with the level replaced), one build
# tree per level.
#   RW_OPT_LEVELS   the levels to build and test (default "0 2 3")
RW_PKG=re2
source "$(dirname "$0")/common.sh"

[ -f /usr/share/unicode/CaseFolding.txt ] ||
  rw_die "/usr/share/unicode not found: the Debian re2 source (dfsg) has no Unicode tables, they are generated from it (apt-get install unicode-data)"
python3 -c 'import six' 2>/dev/null ||
  rw_die "python3 with six not found: re2's table generators need it (apt-get install python3-six)"
levels=${RW_OPT_LEVELS:-0 2 3}
rw_fetch
# The dfsg tarball drops the generated tables; debian/rules builds with
# REBUILD_TABLES=1 (perl and python3 over Debian's Unicode data).
rw_run "generate tables" make REBUILD_TABLES=1 re2/perl_groups.cc \
  re2/unicode_casefold.cc re2/unicode_groups.cc
# The Makefile's TESTS list; STESTS are the same programs under obj/so/.
tests=$(sed -n '/^TESTS=/,/^$/p' Makefile | grep -o 'obj/test/[a-z0-9_]*')
ntests=$(echo $tests | wc -w)
[ "$ntests" -gt 0 ] || rw_die "no TESTS list in re2's Makefile"
stests=$(echo "$tests" | sed 's|^obj/|obj/so/|')
for o in $levels; do
  cp -a "$SRC" "$rw_dir/O$o" || rw_die "cannot copy the tree for -O$o"
  # The Makefile adds -pthread -Wall ... and -DNDEBUG to CXXFLAGS itself.
  rw_run "build -O$o" make -C "$rw_dir/O$o" -j"$RW_JOBS" CXX="$CXX" \
    CXXFLAGS="-O$o -g" $tests $stests
done

re2_suite() {
  set -e
  local o TIMEFORMAT
  for o in $levels; do
    TIMEFORMAT="re2 -O$o tests: %R s wall, %U s user, %S s sys"
    # runtests prints one PASS/FAIL line per program and fails on any FAIL;
    # one after the other, so that the lines are whole.
    { time { make -C "$rw_dir/O$o" CXX="$CXX" CXXFLAGS="-O$o -g" static-test &&
             make -C "$rw_dir/O$o" CXX="$CXX" CXXFLAGS="-O$o -g" shared-test; } 2>&1
    } 2>&1 | tee "$rw_dir/tests-O$o.out"
  done
}
# set -o pipefail (common.sh) makes a failing make fail through tee.
rw_test re2_suite
for o in $levels; do
  echo "realworld/re2: -O$o: $(grep -cE '^obj/(so/)?test/[a-z0-9_]+ +PASS$' "$rw_dir/tests-O$o.out") of $((2 * ntests)) test programs passed; $(grep -h 'tests:' "$rw_dir/tests-O$o.out")"
done
rw_finish
