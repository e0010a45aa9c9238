#!/usr/bin/env bash
# libyaml: ./configure && make at the package's own flags (configure's
# default CFLAGS, -g -O2), then its own `make check` (test-version,
# test-reader) and the tests/ programs that `make check` builds but does not
# run: scanner, parser, loader, emitter and dumper round trips, the
# test-suite event printer and the reformatter/deconstructor examples, over
# the package's examples/ (and its one regression input: an error, not a
# crash).
RW_PKG=libyaml
source "$(dirname "$0")/common.sh"

command -v autoreconf >/dev/null && command -v libtoolize >/dev/null ||
  rw_die "autoreconf/libtoolize not found: the libyaml source has no configure script (apt-get install autoconf automake libtool)"
rw_fetch
# The Debian tree is the upstream git layout: ./bootstrap is autoreconf -fvi.
rw_run bootstrap ./bootstrap
rw_run configure ./configure
# `make` also builds the tests/ programs that `make check` does not run
# (noinst_PROGRAMS).
rw_run build make -j"$RW_JOBS"

libyaml_suite() {
  set -e
  make check
  grep -q '^# PASS: *2$' tests/test-suite.log
  local inputs=(examples/*.yaml) f n
  n=${#inputs[@]}
  # Each program prints one line per file; a failure is a FAILURE/FAILED line.
  for t in run-scanner run-parser run-loader; do
    ./tests/$t "${inputs[@]}" | tee out.txt
    [ "$(grep -c SUCCESS out.txt)" -eq "$n" ]
    # The fuzzer-found input is not valid YAML: an error, not a crash.
    ./tests/$t regression-inputs/*.yml | tee out.txt
    grep -q FAILURE out.txt
  done
  # Parse, emit, parse again and compare (also canonical and unicode output).
  for t in run-emitter run-dumper; do
    for opt in "" -c -u; do
      ./tests/$t $opt "${inputs[@]}" | tee out.txt
      [ "$(grep -c PASSED out.txt)" -eq "$n" ]
    done
  done
  # The yaml-test-suite event format: parse, print events, emit them again,
  # and the round trip must give the same events.
  for f in examples/*.yaml; do
    ./tests/run-parser-test-suite "$f" > events.txt
    ./tests/run-emitter-test-suite events.txt > emitted.yaml
    ./tests/run-parser-test-suite emitted.yaml | cmp - events.txt
  done
  # The examples: stdin to stdout; a reformatted document reformats to itself.
  for f in examples/*.yaml; do
    for ex in example-reformatter example-reformatter-alt; do
      ./tests/$ex < "$f" > r1.yaml
      ./tests/$ex < r1.yaml | cmp - r1.yaml
    done
    ./tests/example-deconstructor < "$f" > /dev/null
    ./tests/example-deconstructor-alt < "$f" > /dev/null
  done
  echo "libyaml checks OK"
}
rw_test libyaml_suite
rw_finish
