#!/bin/sh
# high-entropy-aslr.sh STAGE WORKDIR: 100 starts of an instrumented program
# (a heap overflow it must report; symbolized in the first ten of each
# kind) with vm.mmap_rnd_bits=32, the setting of
# some CI runners' kernels, under which the executable sometimes lands in
# the heap's usual range: every start must give the report, once as the
# program is (the runtime re-executes without randomisation) and once under
# a seccomp filter that refuses personality(), as Docker's default profile
# does (the heap moves instead). Setting the sysctl needs root; otherwise
# the test says UNSUPPORTED and passes. The sysctl's old value is put back
# on every exit path.
set -u
if [ $# -ne 2 ]; then
  echo "usage: high-entropy-aslr.sh STAGE WORKDIR" >&2
  exit 2
fi
stage=$(cd "$1" && pwd)
mkdir -p "$2" && work=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
knob=/proc/sys/vm/mmap_rnd_bits
runs=${SLEUTH_ASLR_RUNS:-100}

if ! old=$(cat "$knob" 2>/dev/null) || ! [ -w "$knob" ] ||
   ! echo "$old" > "$knob" 2>/dev/null; then
  echo "UNSUPPORTED: high-entropy-aslr needs root to set vm.mmap_rnd_bits (sysctl, package procps)"
  exit 0
fi

cat > "$work/overflow.c" <<'C'
#include <stdlib.h>
int main(int argc, char **argv) {
  char *p = malloc(16);
  p[16 + argc - 1] = 1;
  free(p);
  return 0;
}
C
"$stage/bin/sleuth-cc" -O0 "$work/overflow.c" -o "$work/overflow" || exit 1
clang=$(sed -n "s/^DEFAULT_CLANG='\(.*\)'$/\1/p" "$stage/bin/sleuth-cc")
"$clang" "$here/../../lit/startup/Inputs/no-personality.c" -o "$work/no-personality" || exit 1

restore() { echo "$old" > "$knob"; }
trap restore EXIT
trap 'exit 1' INT TERM HUP
echo 32 > "$knob" || { echo "FAIL: cannot set $knob to 32"; exit 1; }

# run LABEL LAUNCHER...: $runs starts; counts failures and the ones that
# found the heap's range taken (the runtime's verbosity=1 lines).
bad=0
run() {
  label=$1; shift
  fails=0 reexec=0 moved=0 i=0
  while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    # The first starts give the whole report, symbolized (file and line);
    # the rest leave out llvm-symbolizer (a tenth of a second a start,
    # which this test, run alone, would make everything else wait for)
    # and name the function from the program's own symbol table.
    if [ "$i" -le 10 ]; then
      opts=verbosity=1 want="overflow.c:4"
    else
      opts=verbosity=1:symbolize=0 want="overflow+0x[0-9a-f]*) in main$"
    fi
    SLEUTH_OPTIONS=$opts "$@" "$work/overflow" > "$work/out" 2>&1
    grep -q "re-executing once" "$work/out" && reexec=$((reexec + 1))
    grep -q "the heap is at" "$work/out" && moved=$((moved + 1))
    if ! grep -q "SUMMARY: Sleuth: heap-buffer-overflow .*$want" "$work/out"; then
      fails=$((fails + 1))
      [ "$fails" -eq 1 ] && { echo "first failing start ($label):"; sed 5q "$work/out"; }
    fi
  done
  echo "$label: $runs starts, $fails failed, $reexec re-executed without ASLR, $moved with the heap moved"
  [ "$fails" -eq 0 ] || bad=1
}
run "as is" env
run "personality refused" "$work/no-personality"
restore
trap - EXIT
[ "$bad" -eq 0 ] && echo "PASS" || { echo "FAIL"; exit 1; }
