#!/usr/bin/env bash
# The torture stage (README.md): runs test/torture/torture.c again and
# again for SECONDS, instrumented and under sleuth-run, with 2 to 64
# threads, sizes of every class, on-demand leak scans, heap-profile dumps,
# forks, signals whose handlers allocate and detached threads allocating
# while main returns; each run under a watchdog. Any Sleuth output, a
# non-zero exit or a hang fails the stage. The seed fixes every choice, so
# a failure is replayed with the seed it prints.
#
#   run.sh STAGE WORKDIR [SECONDS [SEED]]     (SECONDS default 90)
set -u
stage=$1 work=$2 seconds=${3:-90} seed=${4:-$(date +%s)}
watchdog=${TORTURE_WATCHDOG:-120}
cc="$stage/bin/sleuth-cc"
run="$stage/bin/sleuth-run"
src=$(dirname "$0")/torture.c
# the clang sleuth-cc wraps, for the plain build sleuth-run preloads into
clang=$(sed -n "s/^DEFAULT_CLANG='\(.*\)'$/\1/p" "$cc")
[ -x "$clang" ] || clang=cc
mkdir -p "$work" || exit 1
# absolute: each run starts in a folder of its own
work=$(cd "$work" && pwd) stage=$(cd "$stage" && pwd)
cc="$stage/bin/sleuth-cc"
run="$stage/bin/sleuth-run"
"$cc" -O1 "$src" -o "$work/torture" -lpthread || { echo "torture: build failed"; exit 1; }
"$clang" -O1 -g "$src" -o "$work/torture-plain" -lpthread || { echo "torture: plain build failed"; exit 1; }

# xorshift in shell arithmetic (64-bit): the run's choices from the seed
state=$(( seed * 2654435761 + 1 ))
rnd() { state=$(( state ^ (state << 13) )); state=$(( state ^ ((state >> 7) & 0x1ffffffffffffff) )); state=$(( state ^ (state << 17) )); r=$(( (state >> 1) & 0x7fffffff )); }

end=$(( $(date +%s) + seconds ))
runs=0 failed=0
echo "torture: seed $seed, $seconds s"
while [ "$(date +%s)" -lt "$end" ] || [ "$runs" -lt 4 ]; do
  rnd; threads=$(( 2 << (r % 6) ))               # 2 .. 64
  rnd; ms=$(( 200 + r % 1300 ))
  rnd; case $(( r % 4 )) in
    0) opts="guard_pages=20" ;;
    1) opts="heap_profile=1:heap_profile_sample=65536" ;; # prefix: below
    2) opts="quarantine_size_mb=31" ;;
    *) opts="" ;;
  esac
  rnd; run_seed=$r
  mode=instrumented; cmd="$work/torture"
  if [ $(( runs % 2 )) = 1 ]; then mode=sleuth-run; cmd="$run $work/torture-plain"; fi
  dumps="$work/dumps.$runs"; rm -rf "$dumps"; mkdir -p "$dumps"
  out="$work/out.$runs"
  # Every file a run writes (the exit dump, the timeline) goes into its own
  # folder, which is removed: never into the caller's working directory.
  case "$opts" in heap_profile=1*) opts="$opts:heap_profile_prefix=$dumps/exit" ;; esac
  (cd "$dumps" && SLEUTH_OPTIONS="$opts" TORTURE_DUMP_DIR="$dumps" exec $cmd "$run_seed" "$threads" "$ms") > "$out" 2>&1 &
  pid=$!
  waited=0
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt $(( watchdog * 10 )) ]; do
    sleep 0.1; waited=$(( waited + 1 ))
  done
  if kill -0 "$pid" 2>/dev/null; then
    # the program (sleuth-run execs it, so the pid is the program's)
    echo "torture: HANG ($mode, SLEUTH_OPTIONS=$opts, torture $run_seed $threads $ms), stacks:"
    command -v gdb >/dev/null && gdb -batch -p "$pid" -ex "thread apply all bt 12" 2>/dev/null | grep -E '^(Thread|#)' | head -80
    kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    failed=$(( failed + 1 ))
  else
    wait "$pid"; rc=$?
    if [ "$rc" != 0 ] || [ -s "$out" ]; then
      echo "torture: FAIL ($mode, exit $rc, SLEUTH_OPTIONS=$opts, torture $run_seed $threads $ms):"
      head -40 "$out"
      failed=$(( failed + 1 ))
    else
      rm -f "$out"
    fi
  fi
  rm -rf "$dumps"
  runs=$(( runs + 1 ))
done
echo "torture: $runs runs, $failed failed (seed $seed)"
[ "$failed" = 0 ]
