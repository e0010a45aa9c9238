#!/usr/bin/env bash
# libuv1: the CMake build Debian uses (debian/rules: dh's cmake build
# system, dpkg-buildflags' -g -O2, no build type), then its own test suite:
# uv_run_tests (against the shared library) and uv_run_tests_a (static),
# each test in its own process, run as a non-root user (the suite refuses to
# run as root). A test fails the driver unless it is in libuv1_excluded
# below: tests that fail the same way with the plain clang build here
# (README.md says why, one by one).
RW_PKG=libuv1
source "$(dirname "$0")/common.sh"

# Tests that fail with the plain clang build as with sleuth-cc in this
# sandbox: a TCP connect to an unroutable address (8.8.8.8:9999, 1.2.3.4)
# completes at once here instead of staying pending, so these two tests'
# "still connecting" assertions fail (README.md). RW_LIBUV1_EXCLUDED adds
# names.
libuv1_excluded=(tcp_connect_timeout tcp_close_while_connecting ${RW_LIBUV1_EXCLUDED:-})

rw_fetch
rw_run configure cmake -S . -B build \
  -DCMAKE_C_COMPILER="${CC%% *}" \
  -DCMAKE_C_FLAGS="$(echo "$CC" | cut -s -d' ' -f2-) -g -O2" \
  -DBUILD_TESTING=ON -DLIBUV_BUILD_BENCH=OFF
rw_run build cmake --build build -j"$RW_JOBS"

# The suite writes into the source tree (its fixtures, sockets, files) and
# Sleuth writes its logs: both belong to the user that runs it.
libuv1_user=()
if [ "$(id -u)" -eq 0 ]; then
  command -v setpriv >/dev/null || rw_die "setpriv not found (apt-get install util-linux): the libuv suite cannot run as root"
  chown -R nobody:nogroup "$rw_dir" || rw_die "cannot chown $rw_dir to nobody"
  libuv1_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  # nobody must reach the tree through the directories above it.
  d=$rw_dir
  while [ "$d" != / ]; do
    d=$(dirname "$d")
    [ -x "$d" ] || rw_die "$d is not searchable by nobody"
  done
fi

# libuv1_one <binary>: run one test binary's whole list (TAP on stdout);
# every `not ok` must be an excluded test.
libuv1_one() {
  local bin=$1 tap="$rw_dir/$1.tap" rc=0 bad=() t
  # debian/rules: no DNS requests, and twice the time-sensitive timeouts.
  (cd "$SRC" && env HOME="$rw_dir" RES_OPTIONS=attempts:0 UV_TEST_TIMEOUT_MULTIPLIER=${UV_TEST_TIMEOUT_MULTIPLIER:-2} \
    "${libuv1_user[@]}" "build/$bin") > "$tap" 2>&1 || rc=$?
  while read -r t; do
    [[ " ${libuv1_excluded[*]} " == *" $t "* ]] || bad+=("$t")
  done < <(sed -nE 's/^not ok [0-9]+ - ([A-Za-z0-9_]+).*/\1/p' "$tap")
  echo "$bin: $(grep -c '^ok ' "$tap") ok ($(grep -c '^ok .*# SKIP' "$tap") skipped), $(grep -c '^not ok ' "$tap") not ok, exit status $rc"
  grep -q '^1\.\.[0-9]' "$tap" || { echo "$bin: no TAP plan (crashed?)"; return 1; }
  [ "$(grep -cE '^(not )?ok ' "$tap")" -eq "$(sed -n 's/^1\.\.//p' "$tap")" ] ||
    { echo "$bin: fewer results than planned"; return 1; }
  if [ ${#bad[@]} -gt 0 ]; then
    echo "$bin: failed, not excluded: ${bad[*]}"
    return 1
  fi
}

libuv1_suite() {
  local rc=0
  libuv1_one uv_run_tests || rc=1
  libuv1_one uv_run_tests_a || rc=1
  return $rc
}
rw_test libuv1_suite
rw_finish
