#!/bin/sh
# autotools-hello.sh STAGE WORKDIR: GNU hello (Debian's source package, an
# autotools project with gnulib) built with CC=sleuth-cc:
#   ./configure CC=sleuth-cc && make && make check
# must pass with zero Sleuth reports, from configure's own test programs as
# well as from the test suite; configure must reach the same conclusions
# as with the plain clang (config.h and every substitution identical), so
# its feature tests are not confused by the wrapper; and the built hello
# must carry the runtime.
#
# configure runs with the defaults: its test programs leak on purpose
# (gnulib's strndup check never frees), and a leak exit status would turn
# "works" into "broken" and swap in gnulib's replacement, so sleuth-cc
# links them (conftest) with the leak check off; every other check stays
# on there, and make check runs with the defaults (leaks included).
# STAGE is Sleuth's build or install prefix (bin/sleuth-cc inside).
set -u
if [ $# -ne 2 ]; then
  echo "usage: autotools-hello.sh STAGE WORKDIR" >&2
  exit 2
fi
stage=$(cd "$1" && pwd)
mkdir -p "$2" && work=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
sleuth_cc="$stage/bin/sleuth-cc"

fail() {
  echo "autotools-hello: FAIL: $*"
  exit 1
}

# The clang that sleuth-cc wraps, for the reference configure run.
clang=$("$sleuth_cc" --help | sed -n "s/^clang's own options: \(.*\) --help\$/\1/p")
[ -x "$clang" ] || fail "cannot tell which clang $sleuth_cc wraps"

# Without the source tools this is not a failure of Sleuth (CTest: skipped).
if ! command -v dpkg-source >/dev/null; then
  echo "UNSUPPORTED: autotools-hello needs dpkg-source to unpack Debian's hello (apt-get install dpkg-dev)"
  exit 0
fi
src=$("$here/apt-source.sh" hello "$work/download") ||
  fail "could not get Debian's hello source package (see the line above)"
rm -rf "$work/sleuth" "$work/plain" "$work/logs"
cp -a "$src" "$work/sleuth" && cp -a "$src" "$work/plain" || exit 1
mkdir -p "$work/logs"

# Every process of configure, make and make check logs its reports here.
logopt="log_path=$work/logs/sleuth"
unset SLEUTH_CC_CLANG SLEUTH_CXX_CLANG

echo "== plain clang: ./configure CC=$clang"
(cd "$work/plain" && ./configure -q CC="$clang") > "$work/plain.log" 2>&1 ||
  fail "configure with the plain clang failed; see $work/plain.log"

echo "== ./configure CC=$sleuth_cc && make && make check"
(cd "$work/sleuth" && SLEUTH_OPTIONS="$logopt" ./configure -q CC="$sleuth_cc") > "$work/configure.log" 2>&1 ||
  fail "configure with sleuth-cc failed; see $work/configure.log and $work/sleuth/config.log"
(cd "$work/sleuth" && SLEUTH_OPTIONS="$logopt" make -j2) > "$work/make.log" 2>&1 ||
  fail "make failed; see $work/make.log"
(cd "$work/sleuth" && SLEUTH_OPTIONS="$logopt" make -j2 check) > "$work/check.log" 2>&1 ||
  fail "make check failed; see $work/check.log"
grep -E '^# (TOTAL|PASS|FAIL|XFAIL|ERROR):' "$work/check.log"
grep -Eq '^# PASS: +[1-9]' "$work/check.log" || fail "make check ran no passing test; see $work/check.log"

reports=$(ls "$work/logs" | head -n 5)
if [ -n "$reports" ]; then
  for f in "$work"/logs/*; do echo "--- $f"; head -n 20 "$f"; done
  fail "Sleuth reported errors (files in $work/logs)"
fi
if grep -l 'ERROR: Sleuth' "$work/sleuth/config.log" "$work"/*.log; then
  fail "a Sleuth report appears in the logs above"
fi

# configure drew the same conclusions with and without the wrapper: the
# same config.h and the same substitutions and defines in config.status,
# once the directory and the compiler's name are taken out.
conclusions() { # DIR CC
  grep -E '^[SD]\["' "$1/config.status" | sed -e "s|$1|DIR|g" -e "s|$2|CC|g"
}
conclusions "$work/plain" "$clang" > "$work/plain.conclusions"
conclusions "$work/sleuth" "$sleuth_cc" > "$work/sleuth.conclusions"
[ -s "$work/plain.conclusions" ] || fail "no substitutions found in $work/plain/config.status"
if ! diff -u "$work/plain/config.h" "$work/sleuth/config.h" ||
   ! diff -u "$work/plain.conclusions" "$work/sleuth.conclusions"; then
  fail "configure concluded differently with CC=sleuth-cc than with CC=clang (diff above)"
fi

# The hello that passed is instrumented: its runtime answers help=1.
SLEUTH_OPTIONS=help=1 "$work/sleuth/hello" | grep -q '^Sleuth runtime options' ||
  fail "$work/sleuth/hello does not contain the Sleuth runtime"
"$work/sleuth/hello" -t > /dev/null || fail "the instrumented hello -t failed"
echo "autotools-hello: PASS (configure, make and make check with CC=sleuth-cc; 0 reports; configure concluded as with clang)"
