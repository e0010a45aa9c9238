#!/usr/bin/env bash
# fmtlib: the library and its bundled test suite (ctest: the gtest programs,
# built against Debian's googletest sources, which are compiled with the
# same compiler; with FMT_PEDANTIC also the nested builds: compile-error-test,
# find-package-test, add-subdirectory-test, static-export-test), configured
# as debian/rules does (shared library, PIC, FMT_PEDANTIC=on), built with
# CXX=sleuth-c++ at -O0, -O2 and -O3 (CMAKE_CXX_FLAGS "-O<n> -g"), one build
# tree per level.
#   RW_OPT_LEVELS   the levels to build and test (default "0 2 3")
RW_PKG=fmtlib
source "$(dirname "$0")/common.sh"

[ -f /usr/src/googletest/CMakeLists.txt ] ||
  rw_die "/usr/src/googletest not found: Debian's fmtlib builds its tests against it (apt-get install googletest)"
levels=${RW_OPT_LEVELS:-0 2 3}
rw_fetch
cxx_extra=$(echo "$CXX" | cut -s -d' ' -f2-)
for o in $levels; do
  # CMAKE_BUILD_TYPE=None (as dh_auto_configure): only CMAKE_CXX_FLAGS.
  rw_run "configure -O$o" cmake -S . -B "build-O$o" -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_CXX_COMPILER="${CXX%% *}" -DCMAKE_CXX_FLAGS="-O$o -g $cxx_extra" \
    -DFMT_DOC=off -DFMT_PEDANTIC=on -DCMAKE_POSITION_INDEPENDENT_CODE=on \
    -DBUILD_SHARED_LIBS=on
  rw_run "build -O$o" cmake --build "build-O$o" -j"$RW_JOBS"
done

# format-test's util_test.format_system_error probes whether std::allocator
# throws std::bad_alloc on SIZE_MAX/2 chars (format-test.cc:229-237). Under
# Sleuth, as under ASan (with allocator_may_return_null=0 or 1), that
# throwing operator new reports allocation-size-too-big and aborts instead of
# throwing; at -O2/-O3 clang elides the new/delete pair, at -O0 it does not.
# Not a bug of the package: the one gtest case is left out (README.md).
export GTEST_FILTER=-util_test.format_system_error
fmtlib_suite() {
  set -e
  local o TIMEFORMAT
  for o in $levels; do
    TIMEFORMAT="fmtlib -O$o tests: %R s wall, %U s user, %S s sys"
    { time (cd "build-O$o" && ctest -j"$RW_JOBS" --output-on-failure) 2>&1; } 2>&1 |
      tee "$rw_dir/tests-O$o.out"
  done
}
rw_test fmtlib_suite
for o in $levels; do
  echo "realworld/fmtlib: -O$o: $(grep -E 'tests passed' "$rw_dir/tests-O$o.out"); $(grep -h 'tests:' "$rw_dir/tests-O$o.out")"
done
rw_finish
