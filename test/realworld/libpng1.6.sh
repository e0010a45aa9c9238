#!/usr/bin/env bash
# libpng1.6: the autotools build Debian uses (debhelper compat 13, so
# dh_autoreconf first: Debian's CVE patches change Makefile.am, adding the
# pnggetset test), with dpkg-buildflags' -g -O2 (debian/rules also turns on
# hardening=+all and appends CPPFLAGS; those flags are left out, as in the
# other drivers: RW_LIBPNG_CFLAGS overrides the flags), then its own
# `make check`, 33 tests: pngtest over pngtest.png and the contrib/pngsuite
# and contrib/testpngs images, pnggetset, the 14 pngvalid runs (gamma,
# transforms, progressive reading, interlacing: every bit depth and colour
# type), the 8 pngstest runs (simplified API, each colour space, with and
# without alpha), the 7 pngunknown runs (unknown-chunk handling) and
# pngimage quick and full (read/write round trips of every transform);
# then debian/rules' extra check: pngtest.c linked against the static
# library (pngtest-static) and run.
RW_PKG=libpng1.6
source "$(dirname "$0")/common.sh"

command -v autoreconf >/dev/null && command -v libtoolize >/dev/null ||
  rw_die "autoreconf/libtoolize not found (apt-get install autoconf automake libtool)"
[ -f /usr/include/zlib.h ] || rw_die "zlib.h not found (apt-get install zlib1g-dev)"
rw_fetch
libpng_cflags=${RW_LIBPNG_CFLAGS:-"-g -O2"}
# Debian's patches add tests/pnggetset without its execute bit
# (debian/rules: chmod +x tests/pnggetset).
chmod +x tests/pnggetset
rw_run autoreconf autoreconf -f -i
rw_run configure ./configure CFLAGS="$libpng_cflags"
rw_run build make -j"$RW_JOBS"

libpng_suite() {
  set -e
  make check -j"$RW_JOBS"
  cat test-suite.log
  grep -q '^# PASS: *33$' test-suite.log
  # debian/rules: pngtest against the static library.
  $CC $libpng_cflags -Wall -c -o pngtest.o pngtest.c
  $CC $libpng_cflags -Wall -o pngtest-static pngtest.o .libs/libpng16.a -lz -lm
  ./pngtest-static
}
rw_test libpng_suite
rw_finish
