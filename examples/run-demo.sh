#!/bin/sh
# Builds each example with sleuth-cc / sleuth-c++ and runs it, so the
# reports Sleuth prints can be read. Usage: run-demo.sh BUILD_DIR SRC_DIR
bin="$1/bin"
src="$2"
out="$1/examples"
mkdir -p "$out"
status=0
for f in heap_overflow.c use_after_free.c double_free.c mismatch.cpp \
         stack_overflow.c leaks.c; do
  name=${f%.*}
  case "$f" in *.cpp) cc="$bin/sleuth-c++" ;; *) cc="$bin/sleuth-cc" ;; esac
  echo
  echo "### $f: $cc -O1 $f -o $name && ./$name"
  if ! "$cc" -O1 "$src/$f" -o "$out/$name"; then
    echo "demo: failed to build $f" >&2
    status=1
    continue
  fi
  "$out/$name"
  rc=$?
  echo "### $name exited with status $rc"
  # Each example has a bug: a run that reports nothing is a demo failure.
  [ "$rc" -ne 0 ] || status=1
done

# The heap profiler on a clean run of the leaks example's allocations:
# every allocation sampled, the top sites read back with sleuth-report.
echo
echo "### heap profile: SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:detect_leaks=0 ./leaks; sleuth-report --top 5"
rm -f "$out"/demo-prof.*
SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:detect_leaks=0:heap_profile_prefix="$out/demo-prof" \
  "$out/leaks" || status=1
dump=$(ls "$out"/demo-prof.*.heap 2>/dev/null | tail -n 1)
if [ -n "$dump" ]; then
  "$bin/sleuth-report" --top 5 "$dump" || status=1
else
  echo "demo: no heap profile was written" >&2
  status=1
fi
exit $status
