#!/usr/bin/env bash
# benchmarks/run.sh - build the Sleuth benchmarks three ways (plain clang,
# clang + ASan, Sleuth) and compare run time and peak RSS; the Sleuth build
# also runs with the heap profiler on (sleuth+prof).
#
# Usage: benchmarks/run.sh [options] [PROGRAM...]
#   --only LIST       comma-separated subset of plain,asan,sleuth,prof,profile,profile0,
#                     preload,preload0,heaptrack
#                     (default: plain,asan,sleuth,prof; prof runs the sleuth binaries with
#                     heap_profile=1 at the default rate)
#   --preload         the plain build run four ways: as it is, under `sleuth-run --profile`
#                     (profile), under `sleuth-run` (preload: the checker) and under
#                     heaptrack (same as --only plain,profile,preload,heaptrack)
#   --guard           what sampled guard pages cost: the plain build as it is, under
#                     `sleuth-run --profile` with its default guard_pages (profile) and with
#                     guard_pages=0 (profile0), and under `sleuth-run` likewise (preload,
#                     preload0) (same as --only plain,profile,profile0,preload,preload0)
#   --quick           one repetition (same as --reps 1)
#   --reps N          repetitions per program and build (default $REPS or 5)
#   --build-dir DIR   where binaries and logs go (default $BUILD_DIR or <repo>/build/bench)
#   --build-only      build the binaries and stop (benchmarks/code_size.sh measures them)
#   --markdown        print the result tables as Markdown (for benchmarks/README.md)
#   -h, --help        this text
# PROGRAM names a benchmark without extension (e.g. binary_trees); default: all.
#
# Environment:
#   CLANG, CLANGXX    compilers for the plain and ASan builds (default clang-14, clang++-14)
#   SLEUTH_CC         Sleuth C wrapper   (default <repo>/build/{wrapper,bin}/sleuth-cc, else sleuth-cc on PATH)
#   SLEUTH_CXX        Sleuth C++ wrapper (default: sleuth-c++ next to SLEUTH_CC, <repo>/build/{wrapper,bin}, PATH)
#   REPS, BUILD_DIR   as the options above
#   OPT               optimisation flags for all three builds (default "-O2 -g")
#   ASAN_FLAGS        flags of the ASan build (default "-fsanitize=address -fno-omit-frame-pointer")
# If CLANG is set explicitly (and SLEUTH_CC_CLANG is not), SLEUTH_CC_CLANG is set to
# it so that Sleuth wraps the same compiler. In every case the script checks that
# the wrapper's `--version` reports the same clang as $CLANG and stops otherwise.
#
# profile, preload and heaptrack are not builds but ways to run the plain
# binary (LD_PRELOAD tools need no rebuild); PLAIN_FLAGS adds flags to the
# plain build only (e.g. PLAIN_FLAGS=-fno-omit-frame-pointer).
# Runs are interleaved: for each repetition, for each program, plain then asan
# then sleuth then prof (then profile, preload, heaptrack). Each run is timed by the measure helper (wall time and peak RSS via
# wait4). Every run must exit 0 with an empty stderr and print the same stdout as
# every other run of that program; otherwise the output is shown and the script
# exits 1 after printing the tables for the runs that passed.
# ASan runs with ASAN_OPTIONS=detect_leaks=1 (its default); Sleuth with its
# defaults (SLEUTH_OPTIONS unset); prof with SLEUTH_OPTIONS=heap_profile=1 and
# its files under <build dir>/prof.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$SCRIPT_DIR/.." && pwd)

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "run.sh: $*" >&2; exit 2; }

ONLY="plain,asan,sleuth,prof"
REPS=${REPS:-5}
BUILD_DIR=${BUILD_DIR:-$ROOT/build/bench}
MARKDOWN=0
BUILD_ONLY=0
PROGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --only) [ $# -ge 2 ] || die "--only needs a list"; ONLY=$2; shift 2 ;;
        --only=*) ONLY=${1#--only=}; shift ;;
        --preload) ONLY=plain,profile,preload,heaptrack; shift ;;
        --guard) ONLY=plain,profile,profile0,preload,preload0; shift ;;
        --quick) REPS=1; shift ;;
        --reps) [ $# -ge 2 ] || die "--reps needs a number"; REPS=$2; shift 2 ;;
        --reps=*) REPS=${1#--reps=}; shift ;;
        --build-dir) [ $# -ge 2 ] || die "--build-dir needs a directory"; BUILD_DIR=$2; shift 2 ;;
        --build-dir=*) BUILD_DIR=${1#--build-dir=}; shift ;;
        --build-only) BUILD_ONLY=1; shift ;;
        --markdown) MARKDOWN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option $1 (see --help)" ;;
        *) PROGS+=("$1"); shift ;;
    esac
done
case "$REPS" in ''|*[!0-9]*|0) die "REPS must be a positive integer, got '$REPS'" ;; esac

BUILDS=()
IFS=',' read -r -a _only <<<"$ONLY"
for b in plain asan sleuth prof profile profile0 preload preload0 heaptrack; do
    for o in "${_only[@]}"; do
        [ "$o" = "$b" ] && BUILDS+=("$b") && break
    done
done
for o in "${_only[@]}"; do
    case "$o" in plain|asan|sleuth|prof|profile|profile0|preload|preload0|heaptrack) ;; *) die "--only: unknown build '$o' (use plain, asan, sleuth, prof, profile, profile0, preload, preload0, heaptrack)" ;; esac
done
[ ${#BUILDS[@]} -gt 0 ] || die "--only selects no build"

has_build() { local b; for b in "${BUILDS[@]}"; do [ "$b" = "$1" ] && return 0; done; return 1; }
# The binaries each build compiles (prof runs the sleuth ones; profile,
# preload and heaptrack run the plain ones).
launches_sleuth_run() { has_build profile || has_build profile0 || has_build preload || has_build preload0; }
launches_plain() { launches_sleuth_run || has_build heaptrack; }
COMPILED=()
for b in plain asan sleuth; do
    if has_build "$b" || { [ "$b" = sleuth ] && has_build prof; } || { [ "$b" = plain ] && launches_plain; }; then
        COMPILED+=("$b")
    fi
done
if launches_sleuth_run; then
    if [ -z "${SLEUTH_RUN:-}" ]; then
        if [ -x "$ROOT/build/bin/sleuth-run" ]; then SLEUTH_RUN=$ROOT/build/bin/sleuth-run
        elif command -v sleuth-run >/dev/null 2>&1; then SLEUTH_RUN=$(command -v sleuth-run)
        else die "sleuth-run not found: build Sleuth (cmake --build build) or set SLEUTH_RUN="
        fi
    fi
fi
if has_build heaptrack; then
    command -v heaptrack >/dev/null 2>&1 || die "heaptrack not found (apt-get install heaptrack)"
fi
needs_sleuth() { has_build sleuth || has_build prof; }

# ---------------------------------------------------------------- sources
ALL_SRCS=()
for f in "$SCRIPT_DIR"/*.c "$SCRIPT_DIR"/*.cpp; do
    [ -e "$f" ] || continue
    [ "$(basename "$f")" = measure.c ] && continue
    ALL_SRCS+=("$f")
done
SRCS=()
if [ ${#PROGS[@]} -eq 0 ]; then
    SRCS=("${ALL_SRCS[@]}")
else
    for p in "${PROGS[@]}"; do
        found=
        for f in "${ALL_SRCS[@]}"; do
            n=$(basename "$f"); n=${n%.*}
            if [ "$n" = "$p" ]; then SRCS+=("$f"); found=1; fi
        done
        [ -n "$found" ] || die "no benchmark named '$p'"
    done
fi

# ---------------------------------------------------------------- compilers
. "$SCRIPT_DIR/compilers.sh"
CLANGXX=${CLANGXX:-clang++-14}
CLANGXX_PATH=$(command -v "$CLANGXX") || die "compiler '$CLANGXX' not found (set CLANGXX=)"

need_cxx=0
for f in "${SRCS[@]}"; do case "$f" in *.cpp) need_cxx=1 ;; esac; done
if needs_sleuth; then find_sleuth_wrappers $need_cxx; fi

mkdir -p "$BUILD_DIR"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
LOG_DIR=$BUILD_DIR/logs
rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"
for b in "${COMPILED[@]}" "${BUILDS[@]}"; do mkdir -p "$BUILD_DIR/$b"; done

# ---------------------------------------------------------------- build
read -r -a PLAINFLAGS <<<"${PLAIN_FLAGS:-}"
echo "== building in $BUILD_DIR (clang: $CLANG_PATH, $OPT${PLAIN_FLAGS:+, plain: $PLAIN_FLAGS}; builds: ${BUILDS[*]}; reps: $REPS)"
MEASURE=$BUILD_DIR/measure
"$CLANG_PATH" -O2 -Wall -o "$MEASURE" "$SCRIPT_DIR/measure.c" || die "cannot build the measure helper"

build_one() { # build src -> out
    local build=$1 src=$2 out=$3 cc
    case "$build:$src" in
        plain:*.cpp) cc=("$CLANGXX_PATH" "${OPTFLAGS[@]}" ${PLAINFLAGS[@]+"${PLAINFLAGS[@]}"}) ;;
        plain:*) cc=("$CLANG_PATH" "${OPTFLAGS[@]}" ${PLAINFLAGS[@]+"${PLAINFLAGS[@]}"}) ;;
        asan:*.cpp) cc=("$CLANGXX_PATH" "${OPTFLAGS[@]}" "${ASANFLAGS[@]}") ;;
        asan:*) cc=("$CLANG_PATH" "${OPTFLAGS[@]}" "${ASANFLAGS[@]}") ;;
        sleuth:*.cpp) cc=("$SLEUTH_CXX" "${OPTFLAGS[@]}") ;;
        sleuth:*) cc=("$SLEUTH_CC" "${OPTFLAGS[@]}") ;;
    esac
    if ! "${cc[@]}" "$src" -o "$out" >"$LOG_DIR/build.$build.$(basename "$out").log" 2>&1; then
        echo "run.sh: BUILD FAILED ($build): ${cc[*]} $src -o $out" >&2
        cat "$LOG_DIR/build.$build.$(basename "$out").log" >&2
        exit 1
    fi
}

NAMES=()
for src in "${SRCS[@]}"; do
    name=$(basename "$src"); name=${name%.*}
    NAMES+=("$name")
    for b in "${COMPILED[@]}"; do
        build_one "$b" "$src" "$BUILD_DIR/$b/$name"
    done
    if needs_sleuth && command -v nm >/dev/null 2>&1; then
        if [ "$(nm "$BUILD_DIR/sleuth/$name" 2>/dev/null | grep -ci sleuth || true)" = 0 ]; then
            echo "run.sh: warning: $BUILD_DIR/sleuth/$name contains no Sleuth symbols; is it instrumented?" >&2
        fi
    fi
done

[ "$BUILD_ONLY" = 0 ] || exit 0

# ---------------------------------------------------------------- run
# The command of program $1 in build $2 (run_loop.sh).
command_of() {
    local name=$1 b=$2
    CMD=("$BUILD_DIR/$b/$name")
    case $b in
        prof)
            ENVS=(SLEUTH_OPTIONS=heap_profile=1:heap_profile_prefix=$BUILD_DIR/prof/$name)
            CMD=("$BUILD_DIR/sleuth/$name")
            rm -f "$BUILD_DIR/prof/$name".* ;;
        profile)
            ENVS=(SLEUTH_OPTIONS=heap_profile_prefix=$BUILD_DIR/profile/$name)
            CMD=("$SLEUTH_RUN" --profile "$BUILD_DIR/plain/$name")
            rm -f "$BUILD_DIR/profile/$name".* ;;
        profile0) # the same without sampled guard pages
            ENVS=(SLEUTH_OPTIONS=heap_profile_prefix=$BUILD_DIR/profile0/$name:guard_pages=0)
            CMD=("$SLEUTH_RUN" --profile "$BUILD_DIR/plain/$name")
            rm -f "$BUILD_DIR/profile0/$name".* ;;
        preload) CMD=("$SLEUTH_RUN" "$BUILD_DIR/plain/$name") ;;
        preload0)
            ENVS=(SLEUTH_OPTIONS=guard_pages=0)
            CMD=("$SLEUTH_RUN" "$BUILD_DIR/plain/$name") ;;
        heaptrack)
            CMD=(heaptrack -o "$BUILD_DIR/heaptrack/$name" "$BUILD_DIR/plain/$name")
            rm -f "$BUILD_DIR/heaptrack/$name".* ;;
    esac
}

# heaptrack's own messages: on stdout around the program's, and its
# statistics on stderr.
after_run() {
    local b=$2 base=$3
    [ "$b" = heaptrack ] || return 0
    grep -v -e '^heaptrack output will be written' -e 'libheaptrack_preload\.so$' \
        -e '^starting application' -e '^Heaptrack finished' -e '^  heaptrack --analyze' \
        -e '^$' "$base.out" >"$base.out.prog" || true
    mv "$base.out.prog" "$base.out"
    grep -v -e '^heaptrack stats:' -e '^	' "$base.err" >"$base.err.prog" || true
    mv "$base.err.prog" "$base.err"
}

. "$SCRIPT_DIR/run_loop.sh"
run_interleaved run.sh "$SCRIPT_DIR/tables.awk"
