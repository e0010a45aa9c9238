#!/usr/bin/env bash
# zlib: the package's own `make test` (example and minigzip, static and
# shared library), test/infcover.c (inflate coverage test), and minigzip
# round trips at every level and strategy, cross-checked against gzip(1).
RW_PKG=zlib
source "$(dirname "$0")/common.sh"

rw_fetch
# zlib's configure keeps CFLAGS from the environment; unset = its default -O3.
rw_run configure ./configure
rw_run build make -j"$RW_JOBS" all infcover

zlib_suite() {
  set -e
  make test
  ./infcover
  # Input: text (the sources) and binary (the static library), ~2 MB.
  cat ./*.c ./*.h ChangeLog libz.a ./*.c > rt.in
  for opt in -1 -6 -9 "-9 -f" "-6 -h" "-6 -r"; do
    rm -f rt.gz
    ./minigzip $opt < rt.in > rt.gz
    ./minigzip -d < rt.gz | cmp - rt.in
    gzip -dc rt.gz | cmp - rt.in
    LD_LIBRARY_PATH=. ./minigzipsh -d < rt.gz | cmp - rt.in
  done
  # A stream written by gzip(1), read by the instrumented library.
  gzip -9c rt.in | ./minigzip -d | cmp - rt.in
  # File mode: minigzip FILE writes FILE.gz and removes FILE; -d undoes it.
  cp rt.in rt.file && ./minigzip rt.file && ./minigzip -d rt.file.gz && cmp rt.file rt.in
  echo "zlib round trips OK"
}
rw_test zlib_suite
rw_finish
