#!/usr/bin/env bash
# json-c: the CMake build Debian uses (debian/rules: dh's cmake build
# system, dpkg-buildflags' -g -O2; json-c's own -Werror -Wall -Wextra
# stay, but clang 22's -Wstrict-prototypes, which json_util.c:63's
# `()` declaration trips, is only a warning), then its own ctest suite
# (23 tests; USE_VALGRIND=0 as debian/rules sets it). linkhash.c's hash function reads whole words past the end of a
# key and masks the extra bytes off, unless an address sanitizer is seen:
# json-c tests `__SANITIZE_ADDRESS__` first (then clang's
# `__has_feature(address_sanitizer)`), so the macro sleuth-cc defines takes
# the byte-wise path, as docs/asan-compat.md says. The driver checks that
# it is taken.
RW_PKG=json-c
source "$(dirname "$0")/common.sh"

rw_fetch
rw_run configure cmake -S . -B build -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_C_COMPILER="${CC%% *}" \
  -DCMAKE_C_FLAGS="$(echo "$CC" | cut -s -d' ' -f2-) -g -O2 -Wno-error=strict-prototypes" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
rw_run build cmake --build build -j"$RW_JOBS"

# The guard: linkhash.c preprocessed by the build's own command line must
# not contain the word-wise tail (`k[2]&0xffffff`). A plain clang build
# takes it, by design.
json_c_guard() {
  python3 - <<'PY' > linkhash.i || return 1
import json, shlex, subprocess, sys
cmd = next(c for c in json.load(open("build/compile_commands.json"))
           if c["file"].endswith("/linkhash.c"))
args = shlex.split(cmd["command"])
# -E instead of -c -o <object> (clang 22 with -Werror rejects an unused -c).
args = [a for i, a in enumerate(args) if a not in ("-o", "-c") and (i == 0 or args[i - 1] != "-o")]
sys.stdout.flush()
sys.exit(subprocess.call(args + ["-E", "-o", "-"], cwd=cmd["directory"]))
PY
  rw_bytewise_hash linkhash.i linkhash.c
}
[ "$RW_MODE" = clang ] || rw_run "ASan guard in linkhash.c" json_c_guard

# test_util_file.c:202 asserts that json_object_from_fd_ex(fd, -2) fails:
# json_tokener_new_ex(-2) calls calloc((size_t)-2, 32), and the test relies
# on calloc failing. Sleuth, like ASan, reports calloc-overflow and aborts
# (a probe, not a bug: README.md); ASan's own hint, allocator_may_return_null=1,
# lets calloc return NULL for that one test, so its other checks run.
json_c_suite() {
  set -e
  cd build
  USE_VALGRIND=0 ctest --output-on-failure -E '^test_util_file$'
  SLEUTH_OPTIONS=${SLEUTH_OPTIONS:+$SLEUTH_OPTIONS:allocator_may_return_null=1} \
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:allocator_may_return_null=1} \
    USE_VALGRIND=0 ctest --output-on-failure -R '^test_util_file$'
}
rw_test json_c_suite
rw_finish
