#!/usr/bin/env bash
# libxml2: the autotools build Debian uses for its main (arch) flavour
# (debhelper compat 13, so dh_autoreconf first: Debian's patch 0034 adds
# testcatalog to Makefile.am; configure with debian/rules' options for the
# main build, --with-history --with-icu --without-python), with
# dpkg-buildflags' -g -O2 plus DEB_CFLAGS_MAINT_APPEND's -Wall -O3 (the
# hardening flags are left out, as in the other drivers; RW_LIBXML2_CFLAGS
# overrides the flags, e.g. "-g -O2"), then its own `make check`
# (`runtests`): runtest (the XML, HTML, SAX, push, reader, XPath,
# XPointer, XInclude, C14N, URI, catalog, regexp, automata, schemas,
# Relax-NG, schematron, pattern and thread regression tests against
# result/), testrecurse (entity recursion and huge-document limits),
# testapi (every public function with generated arguments; the Makefile
# runs it with leak detection off, see below), testchar, testdict,
# runxmlconf (prints that the W3C xmlconf suite is not installed and
# passes, as in Debian's build) and fuzz/testFuzzer over the seed corpus;
# then testcatalog (which Debian's patch builds but `runtests` does not
# run).
# Test data: Debian's source is repacked without upstream's test/ and
# result/ (debian/copyright Files-Excluded, Debian bug #331534; only the few
# files that Debian's CVE patches add are there), so `make check` on it alone
# fails at once (runtest's thread test opens test/threads/*.xml) and runs
# 508 instead of 3360 regression tests. RW_LIBXML2_UPSTREAM names upstream's
# test data of the same version: a git directory of libxml2 (GNOME/libxml2,
# e.g. a clone of https://gitlab.gnome.org/GNOME/libxml2.git) holding the tag
# v<upstream version> (v2.9.14), or an unpacked upstream release tree; its
# test/ and result/ are copied into the build tree without overwriting
# Debian's files (none of Debian's 25 files differs from upstream's
# where both have one). Without it the driver stops with one line saying so.
# The Makefile runs testapi with ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
# (testapi leaks on purpose: it calls every allocator with made-up
# arguments). Sleuth reads ASAN_OPTIONS only when SLEUTH_OPTIONS is unset,
# and the harness sets SLEUTH_OPTIONS (log_path), so the driver passes the
# same switch through SLEUTH_OPTIONS while `make` runs testapi (a wrapper
# named in the Makefile's own CHECKER variable, used for valgrind runs).
RW_PKG=libxml2
source "$(dirname "$0")/common.sh"

command -v autoreconf >/dev/null && command -v libtoolize >/dev/null ||
  rw_die "autoreconf/libtoolize not found (apt-get install autoconf automake libtool)"
command -v pkg-config >/dev/null || rw_die "pkg-config not found (apt-get install pkg-config)"
[ -f /usr/include/zlib.h ] || rw_die "zlib.h not found (apt-get install zlib1g-dev)"
[ -f /usr/include/lzma.h ] || rw_die "lzma.h not found (apt-get install liblzma-dev)"
[ -f /usr/include/unicode/ucnv.h ] || rw_die "unicode/ucnv.h not found (apt-get install libicu-dev)"
[ -f /usr/include/readline/history.h ] || rw_die "readline/history.h not found (apt-get install libreadline-dev)"
[ -n "${RW_LIBXML2_UPSTREAM:-}" ] ||
  rw_die "RW_LIBXML2_UPSTREAM not set: Debian's libxml2 source has no test/ and result/ (Debian bug #331534); name a libxml2 git directory (tag v<version>) or an upstream release tree (see the top of libxml2.sh)"
rw_fetch
# Upstream's test data, of the same version, under Debian's own files.
libxml2_upver=${RW_VERSION%%+*}; libxml2_upver=${libxml2_upver%%-*}; libxml2_upver=${libxml2_upver#*:}
libxml2_testdata() {
  set -e
  local up=$RW_LIBXML2_UPSTREAM t="$rw_dir/upstream-data"
  rm -rf "$t" && mkdir -p "$t"
  if [ -d "$up/test" ] && [ -d "$up/result" ]; then
    local v=${libxml2_upver#*.}   # 9.14
    grep -q "^m4_define(\\[MINOR_VERSION\\], ${v%%.*})" "$up/configure.ac" &&
    grep -q "^m4_define(\\[MICRO_VERSION\\], ${v#*.})" "$up/configure.ac" ||
      { echo "$up is not libxml2 $libxml2_upver"; return 1; }
    cp -a "$up/test" "$up/result" "$t"
  else
    git --git-dir="$up" archive "v$libxml2_upver" test result | tar -x -C "$t"
  fi
  # -n: Debian's files stay.
  cp -rn "$t/test" "$t/result" .
  ls test/threads/abc.xml result/XPath/tests/simplebase
}
rw_run "upstream test data (v$libxml2_upver)" libxml2_testdata
libxml2_cflags=${RW_LIBXML2_CFLAGS:-"-g -O2 -Wall -O3"}
rw_run autoreconf autoreconf -f -i
rw_run configure ./configure CFLAGS="$libxml2_cflags" \
  --with-history --without-python --with-icu
rw_run build make -j"$RW_JOBS"

# CHECKER: runs each program of `runtests`; testapi gets detect_leaks=0 as
# the Makefile's ASAN_OPTIONS asks (see above), the others run as they are.
cat > "$rw_dir/checker" <<'EOF'
#!/bin/sh
case "$1" in
  ./testapi|*/testapi)
    [ -n "${SLEUTH_OPTIONS:-}" ] && SLEUTH_OPTIONS="$SLEUTH_OPTIONS:detect_leaks=0" && export SLEUTH_OPTIONS ;;
esac
exec "$@"
EOF
chmod +x "$rw_dir/checker"

libxml2_suite() {
  set -e
  # One program at a time, as `runtests` chains them with &&.
  # (pipefail, from common.sh: make's status survives the tee)
  make check -j1 CHECKER="$rw_dir/checker" 2>&1 | tee check.log
  # runtest, testrecurse, runxmlconf: "Total N tests, no errors".
  grep -E '^Total:? [0-9]+ (tests|functions)' check.log
  grep -qE '^Total (3[3-9]|[4-9])[0-9]{2} tests, no errors$' check.log   # runtest: 3360
  grep -qE '^Total 9 tests, no errors$' check.log                        # testrecurse
  # testapi: "Total: N functions, M tests, 0 errors".
  grep -qE '^Total: [0-9]+ functions, [0-9]+ tests, 0 errors$' check.log
  # (`!` is exempt from set -e: say it)
  ! grep -E '^Total [0-9]+ tests, [0-9]+ errors' check.log || return 1
  # The fuzzer seed run.
  grep -q '^## Running fuzzer tests' check.log
  # Built by Debian's patch 0034, not run by `runtests`.
  ./testcatalog
}
rw_test libxml2_suite
rw_finish
