#!/bin/sh
# test-templates.sh DIR: the CI templates in DIR install Sleuth's Debian
# package (sleuth-cc-<llvm>) rather than build it from a cloned source tree,
# and need no step that lowers address randomisation (the runtime copes
# with vm.mmap_rnd_bits=32 itself).
set -u
fails=0
for t in "$1"/github-actions.yml "$1"/gitlab-ci.yml; do
  [ -f "$t" ] || { echo "FAIL: $t missing"; fails=1; continue; }
  grep -q 'apt-get install .*\(\.deb\|\$deb\)' "$t" && grep -q 'sleuth-cc-' "$t" ||
    { echo "FAIL: $t does not install the sleuth-cc-<llvm> package"; fails=1; }
  # The fuzzing job: fuzz targets linked with -fsanitize=fuzzer, fuzzed by
  # the shipped fuzz.sh for a time, crash inputs and SARIF kept.
  for need in '-fsanitize=fuzzer' 'ci/fuzz.sh fuzz-out -max_total_time=' \
              'fuzz-out/crashes/' 'fuzz-out/fuzz.sarif' 'libclang-rt-'; do
    grep -q -- "$need" "$t" || { echo "FAIL: $t has no fuzzing job ('$need')"; fails=1; }
  done
  for bad in 'git clone' 'mmap_rnd_bits' 'setarch' 'cmake --install'; do
    grep -n -- "$bad" "$t" | grep -v '^[0-9]*: *#' | grep -q . &&
      { echo "FAIL: $t still has '$bad'"; fails=1; }
  done
done
[ "$fails" -eq 0 ] && echo PASS
exit "$fails"
