#!/usr/bin/env bash
# jansson: the autotools build Debian uses (debian/rules: plain dh, compat
# 13, so dh_autoreconf then ./configure; dpkg-buildflags' -g -O2), then its
# own `make check`: test/run-suites over its five suites, i.e. the 19 API
# test programs in C (test/suites/api: arrays, objects, pack/unpack, dump,
# load, custom allocators, test_chaos's failing allocator, ...) plus
# check-exports (the library's exported symbols against jansson.def), and
# json_process over the 35 valid, 51 invalid and 6 invalid-unicode JSON
# documents (each loaded, dumped and compared with the expected output,
# from a string and from a file, with and without the strip variants).
# src/lookup3.h's hashlittle reads the tail of a key a 32-bit word at a time
# and masks off the bytes past its end (a deliberate over-read: reported as
# global- or heap-buffer-overflow) unless NO_MASKING_TRICK is defined, which
# it defines for VALGRIND, or when clang's __has_feature(address_sanitizer)
# is true, and looks at __SANITIZE_ADDRESS__ only when the compiler has no
# __has_feature (GCC). sleuth-cc makes the feature true (docs/asan-compat.md,
# "__has_feature(address_sanitizer)"), so the build needs no switch of its
# own; the driver checks that hashtable.c, preprocessed with the build's
# flags, takes the byte-wise path, in the sleuth and asan modes.
RW_PKG=jansson
source "$(dirname "$0")/common.sh"

command -v autoreconf >/dev/null && command -v libtoolize >/dev/null ||
  rw_die "autoreconf/libtoolize not found: the jansson source has no configure script (apt-get install autoconf automake libtool)"
rw_fetch
# The Debian tree has configure.ac but no configure: dh_autoreconf.
rw_run autoreconf autoreconf -f -i
jansson_cflags="-g -O2"
rw_run configure ./configure CFLAGS="$jansson_cflags"
rw_run build make -j"$RW_JOBS"

# The guard: hashtable.c, preprocessed with the build's flags, takes the
# byte-wise hash tail (common.sh).
jansson_guard() {
  (cd src && $CC $jansson_cflags -DHAVE_CONFIG_H -I. -I.. -E hashtable.c) > hashtable.i || return 1
  grep -q '^hashlittle\|hashlittle(' hashtable.i || { echo "hashtable.c: no hashlittle"; return 1; }
  rw_bytewise_hash hashtable.i "lookup3.h (in hashtable.c)"
}
[ "$RW_MODE" = clang ] || rw_run "ASan guard in lookup3.h" jansson_guard

jansson_suite() {
  set -e
  # VERBOSE=1: one line per test, so the counts below can be checked.
  make check VERBOSE=1
  cat test/test-suite.log
  # The automake driver runs one script (run-suites); it reports every
  # suite passed and every test inside it ok.
  grep -q '^# PASS: *1$' test/test-suite.log
  grep -q '^5 test suites passed$' test/run-suites.log
  local ok
  ok=$(grep -c '\.\.\. ok$' test/run-suites.log)
  echo "jansson: $ok tests ok"
  [ "$ok" -ge 100 ]
  ! grep -E '\.\.\. (FAIL|skipped)' test/run-suites.log
}
rw_test jansson_suite
rw_finish
