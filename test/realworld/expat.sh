#!/usr/bin/env bash
# expat: its own test suite (tests/runtests in C and tests/runtestspp, the
# same tests built as C++ with sleuth-c++) through ctest, then xmlwf on the
# package's large test files and the bundled benchmark driver.
RW_PKG=expat
source "$(dirname "$0")/common.sh"

rw_fetch
# Debian's CVE-2024-8176 patch tests `#if XML_DTD == 1`, which autotools'
# config header satisfies but CMake's (`#define XML_DTD`, empty) does not.
sed -i 's/^#cmakedefine XML_DTD$/#cmakedefine XML_DTD 1/' expat/expat_config.h.cmake
# The Debian tree is expat's git layout (no configure script); its CMake
# build needs no autotools. RelWithDebInfo = -O2 -g.
rw_run configure cmake -S expat -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="${CC%% *}" -DCMAKE_CXX_COMPILER="${CXX%% *}" \
  -DCMAKE_C_FLAGS="$(echo "$CC" | cut -s -d' ' -f2-)" \
  -DCMAKE_CXX_FLAGS="$(echo "$CXX" | cut -s -d' ' -f2-)" \
  -DEXPAT_BUILD_TESTS=ON -DEXPAT_BUILD_TOOLS=ON -DEXPAT_BUILD_EXAMPLES=ON \
  -DEXPAT_BUILD_DOCS=OFF
rw_run build cmake --build build -j"$RW_JOBS"
# The benchmark driver is not part of the CMake build.
rw_run "build benchmark" $CC -g -O2 -Iexpat/lib -Ibuild \
  expat/tests/benchmark/benchmark.c -o build/benchmark -Lbuild -lexpat -Wl,-rpath,"$PWD/build"

expat_suite() {
  set -e
  (cd build && ctest --output-on-failure)
  # xmlwf parses and re-serialises every large test file (-d: output dir).
  mkdir -p out
  for f in testdata/largefiles/*.xml; do
    ./build/xmlwf/xmlwf -d out "$f"
  done
  [ "$(ls out | wc -l)" -eq "$(ls testdata/largefiles/*.xml | wc -l)" ]
  # The benchmark driver: parse each document (3 to 35 MB) twice in 4 KiB
  # chunks, and once with namespace processing off (-n) in 64 KiB chunks.
  for f in testdata/largefiles/*.xml; do
    ./build/benchmark "$f" 4096 2
    ./build/benchmark -n "$f" 65536 1
  done
  # The examples read XML on stdin.
  ./build/examples/elements < testdata/largefiles/nes96.xml > /dev/null
  ./build/examples/outline < testdata/largefiles/nes96.xml > /dev/null
}
rw_test expat_suite
rw_finish
