#!/usr/bin/env bash
# benchmarks/profiler/run.sh - what a sampling heap profiler adds to each
# malloc/free pair: malloc_loop.c run with glibc's allocator as it is, under
# `sleuth-run --profile` (glibc's allocator, Sleuth's profiler at its
# defaults: 512 KiB mean sample, timeline, guard pages 1 in 100000), and
# under jemalloc without and with its profiler at the same mean sample
# (MALLOC_CONF=prof:true,lg_prof_sample:19).
#
# Usage: benchmarks/profiler/run.sh [--rounds N] [--block N] [--threads T] [--pairs N] [--markdown]
#   --rounds N    rounds (default 4); each runs every configuration in turn
#   --block N     runs of one configuration in a row within a round (default 5)
#   --threads T   threads of malloc_loop (default 1, pinned to one CPU)
#   --pairs N     malloc/free pairs per thread (default 20000000)
#   --markdown    the table as Markdown (for benchmarks/README.md)
# Environment: CLANG (default clang-14), SLEUTH_RUN (default
# <repo>/build/bin/sleuth-run), BUILD_DIR (default <repo>/build/bench-profiler).
# jemalloc comes from Debian's libjemalloc2 (apt-get install libjemalloc-dev);
# without it those rows are left out and say so.
# CPU time is user+sys of the whole process (measure.c): a block's median,
# then the median of the rounds' block medians. Blocks, because on these
# 2-vCPU VMs runs of one configuration back to back vary by a few per cent,
# while runs alternated one by one varied by 30 % (the machine's speed
# drifts between runs). ns/pair over glibc is (CPU - glibc's CPU) /
# (threads * pairs).
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$SCRIPT_DIR/../.." && pwd)
die() { echo "run.sh: $*" >&2; exit 2; }

ROUNDS=4 BLOCK=5 THREADS=1 PAIRS=20000000 MARKDOWN=0
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=${2:?}; shift 2 ;;
    --block) BLOCK=${2:?}; shift 2 ;;
    --threads) THREADS=${2:?}; shift 2 ;;
    --pairs) PAIRS=${2:?}; shift 2 ;;
    --markdown) MARKDOWN=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
for v in "$ROUNDS" "$BLOCK" "$THREADS" "$PAIRS"; do
  case "$v" in ''|*[!0-9]*|0) die "--rounds, --block, --threads and --pairs take positive integers, got '$v'" ;; esac
done
# One thread on one CPU: no migration between the two vCPUs mid-run.
PIN=()
[ "$THREADS" = 1 ] && command -v taskset >/dev/null && PIN=(taskset -c 0)

CLANG=${CLANG:-clang-14}
SLEUTH_RUN=${SLEUTH_RUN:-$ROOT/build/bin/sleuth-run}
BUILD_DIR=${BUILD_DIR:-$ROOT/build/bench-profiler}
[ -x "$SLEUTH_RUN" ] || die "no sleuth-run at $SLEUTH_RUN (build Sleuth first, or set SLEUTH_RUN)"
command -v "$CLANG" >/dev/null || die "no $CLANG (set CLANG)"
mkdir -p "$BUILD_DIR/prof"
"$CLANG" -O2 -Wall -o "$BUILD_DIR/measure" "$ROOT/benchmarks/measure.c"
"$CLANG" -O2 -g -fno-omit-frame-pointer -pthread -o "$BUILD_DIR/malloc_loop" "$SCRIPT_DIR/malloc_loop.c"

JEMALLOC=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2
names=(glibc sleuth)
[ -e "$JEMALLOC" ] && names+=(jemalloc jemalloc-prof) ||
  echo "run.sh: no $JEMALLOC: jemalloc rows left out (apt-get install libjemalloc-dev)" >&2

run_one() { # name -> CPU seconds
  local stats=$BUILD_DIR/stats prog=("${PIN[@]}" "$BUILD_DIR/malloc_loop")
  rm -f "$BUILD_DIR"/prof/*
  case "$1" in
    glibc) "$BUILD_DIR/measure" "$stats" "${prog[@]}" "$THREADS" "$PAIRS" ;;
    sleuth) SLEUTH_OPTIONS=heap_profile_prefix=$BUILD_DIR/prof/p \
              "$BUILD_DIR/measure" "$stats" "${PIN[@]}" "$SLEUTH_RUN" --profile "$BUILD_DIR/malloc_loop" "$THREADS" "$PAIRS" ;;
    jemalloc) LD_PRELOAD=$JEMALLOC "$BUILD_DIR/measure" "$stats" "${prog[@]}" "$THREADS" "$PAIRS" ;;
    jemalloc-prof) MALLOC_CONF=prof:true,lg_prof_sample:19,prof_prefix:$BUILD_DIR/prof/je \
                     LD_PRELOAD=$JEMALLOC "$BUILD_DIR/measure" "$stats" "${prog[@]}" "$THREADS" "$PAIRS" ;;
  esac >/dev/null || die "$1: the run failed"
  awk '{print $4}' "$stats"
}

median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A cpu
for r in $(seq "$ROUNDS"); do
  for n in "${names[@]}"; do
    block=""
    for i in $(seq "$BLOCK"); do block+="$(run_one "$n") "; done
    cpu[$n]+="$(echo "$block" | median) "
  done
done
base=$(echo "${cpu[glibc]}" | median)
pairs_total=$((THREADS * PAIRS))
if [ "$MARKDOWN" = 1 ]; then
  echo "| allocator | CPU (s) | / glibc | ns per pair over glibc |"
  echo "|---|--:|--:|--:|"
fi
for n in "${names[@]}"; do
  m=$(echo "${cpu[$n]}" | median)
  awk -v n="$n" -v m="$m" -v b="$base" -v p="$pairs_total" -v md="$MARKDOWN" 'BEGIN {
    r = m / b; ns = (m - b) * 1e9 / p
    if (md) printf "| %s | %.3f | %.2fx | %.1f |\n", n, m, r, ns
    else printf "%-14s CPU %6.3f s  %5.2fx glibc  %+5.1f ns/pair\n", n, m, r, ns }'
done
echo "($THREADS thread(s) x $PAIRS pairs; medians of $ROUNDS rounds' block medians, $BLOCK runs a block: $(for n in "${names[@]}"; do printf '%s=[%s] ' "$n" "${cpu[$n]% }"; done))"
