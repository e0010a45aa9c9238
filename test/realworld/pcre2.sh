#!/usr/bin/env bash
# pcre2: ./configure with debian/rules' options (the 8-, 16- and 32-bit
# libraries, the JIT (amd64), no pcre2grep callouts) and flags
# (dpkg-buildflags' -g -O2 plus DEB_CFLAGS_MAINT_APPEND's
# -Dregcomp=PCRE2regcomp ... renames of the POSIX wrapper), then its own
# `make check`: pcre2posix_test, pcre2_jit_test (the JIT compiler's own
# tests, all three widths), RunTest (pcre2test over testdata/testinput*,
# tests 0-26 for each width, each run with the interpreter and again with
# the JIT where it applies; the locale test 3 is skipped when no French
# locale is installed, as with any compiler) and RunGrepTest (pcre2grep).
# The JIT's generated machine code is not instrumented (as with ASan): its
# own reads of the subject are not checked; everything around it is.
RW_PKG=pcre2
source "$(dirname "$0")/common.sh"

rw_fetch
rw_run configure ./configure \
  CFLAGS="-g -O2 -Dregcomp=PCRE2regcomp -Dregexec=PCRE2regexec -Dregerror=PCRE2regerror -Dregfree=PCRE2regfree" \
  --enable-pcre2-16 --enable-pcre2-32 --disable-pcre2grep-callout --enable-jit
rw_run build make -j"$RW_JOBS"

pcre2_suite() {
  set -e
  # One test at a time: RunTest and RunGrepTest share scratch files.
  make check -j1
  cat test-suite.log
  grep -q '^# PASS: *4$' test-suite.log
  # The JIT really was built and tested.
  grep -q '^All JIT regression tests are successfully passed' pcre2_jit_test.log
}
rw_test pcre2_suite
rw_finish
