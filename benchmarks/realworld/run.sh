#!/usr/bin/env bash
# benchmarks/realworld/run.sh - the second, independent benchmark set: ten
# workloads, four of them real libraries from Debian 12 source packages
# (sqlite3's speedtest1, the lua5.4 interpreter running four scripts, zlib,
# cJSON) and three own kernels, each built plain, with ASan and with Sleuth,
# run interleaved; prints wall time, CPU time (user+sys) and peak RSS with
# the ratios and geometric means, as benchmarks/run.sh does.
#
# Usage: benchmarks/realworld/run.sh [options] [PROGRAM...]
#   --only LIST       comma-separated subset of plain,asan,sleuth (default: all three)
#   --quick           one repetition (same as --reps 1)
#   --reps N          repetitions per program and build (default $REPS or 5)
#   --build-dir DIR   binaries, logs, results (default $BUILD_DIR or <repo>/build/bench-realworld)
#   --sources DIR     where apt-source.sh keeps the Debian sources (default <build dir>/sources)
#   --reuse-objects   keep the compiled library objects (sqlite3, lua, zlib, cJSON) of an
#                     earlier run of the same build and only relink (e.g. after a change to
#                     Sleuth's runtime alone); default: compile everything
#   --build-only      build the binaries and stop (benchmarks/code_size.sh measures them)
#   --markdown        print the result tables as Markdown
#   -h, --help        this text
# PROGRAM is one of: matmul tree_build hash_churn speedtest1 lua_binary_trees
# lua_strings lua_tables lua_nbody zlib cjson (default: all ten).
#
# Environment: CLANG (default clang-14), SLEUTH_CC (default <repo>/build/bin/sleuth-cc,
# then build/wrapper, then PATH), REPS, BUILD_DIR, OPT (default "-O2 -g"),
# ASAN_FLAGS (default "-fsanitize=address -fno-omit-frame-pointer"), and
# SLEUTH_APT_MIRROR / SLEUTH_APT_SUITE for apt-source.sh.
#
# Builds: plain `$CLANG $OPT`; asan `$CLANG $OPT $ASAN_FLAGS`, run with
# ASAN_OPTIONS=detect_leaks=1; sleuth `$SLEUTH_CC $OPT`, run with
# SLEUTH_OPTIONS unset (full detection). The library sources are compiled
# with the same flags as the drivers (plus sqlite's Debian feature defines).
# Every run must exit 0 with an empty stderr (a Sleuth report there is a
# Sleuth bug or a real bug: check it with the ASan build) and print the same
# stdout as the other builds (speedtest1's per-test timings are stripped
# before the comparison); otherwise it is shown and the script exits 1 after
# the tables.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BENCH_DIR=$(cd "$SCRIPT_DIR/.." && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "realworld/run.sh: $*" >&2; exit 2; }

ONLY="plain,asan,sleuth"
REPS=${REPS:-5}
BUILD_DIR=${BUILD_DIR:-$ROOT/build/bench-realworld}
SOURCES=
REUSE=0
MARKDOWN=0
BUILD_ONLY=0
PROGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --only) [ $# -ge 2 ] || die "--only needs a list"; ONLY=$2; shift 2 ;;
        --only=*) ONLY=${1#--only=}; shift ;;
        --quick) REPS=1; shift ;;
        --reps) [ $# -ge 2 ] || die "--reps needs a number"; REPS=$2; shift 2 ;;
        --reps=*) REPS=${1#--reps=}; shift ;;
        --build-dir) [ $# -ge 2 ] || die "--build-dir needs a directory"; BUILD_DIR=$2; shift 2 ;;
        --build-dir=*) BUILD_DIR=${1#--build-dir=}; shift ;;
        --sources) [ $# -ge 2 ] || die "--sources needs a directory"; SOURCES=$2; shift 2 ;;
        --sources=*) SOURCES=${1#--sources=}; shift ;;
        --reuse-objects) REUSE=1; shift ;;
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
for o in "${_only[@]}"; do
    case "$o" in plain|asan|sleuth) ;; *) die "--only: unknown build '$o' (use plain, asan, sleuth)" ;; esac
done
for b in plain asan sleuth; do
    for o in "${_only[@]}"; do [ "$o" = "$b" ] && BUILDS+=("$b") && break; done
done
[ ${#BUILDS[@]} -gt 0 ] || die "--only selects no build"

ALL_NAMES=(matmul tree_build hash_churn speedtest1 lua_binary_trees lua_strings lua_tables lua_nbody zlib cjson)
NAMES=()
if [ ${#PROGS[@]} -eq 0 ]; then NAMES=("${ALL_NAMES[@]}"); else
    for p in "${PROGS[@]}"; do
        ok=; for n in "${ALL_NAMES[@]}"; do [ "$n" = "$p" ] && ok=1; done
        [ -n "$ok" ] || die "no program named '$p' (one of: ${ALL_NAMES[*]})"
        NAMES+=("$p")
    done
fi
wants() { local n; for n in "${NAMES[@]}"; do case "$n" in $1) return 0 ;; esac; done; return 1; }

# ---------------------------------------------------------------- compilers
. "$BENCH_DIR/compilers.sh"
for b in "${BUILDS[@]}"; do [ "$b" != sleuth ] || find_sleuth_wrappers 0; done

mkdir -p "$BUILD_DIR"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
SOURCES=${SOURCES:-$BUILD_DIR/sources}
LOG_DIR=$BUILD_DIR/logs
rm -rf "$LOG_DIR"
mkdir -p "$LOG_DIR"

# ---------------------------------------------------------------- sources
fetch() { "$ROOT/test/realworld/apt-source.sh" "$1" "$SOURCES" || die "cannot fetch the Debian source of $1"; }
SQLITE_SRC= LUA_SRC= ZLIB_SRC= CJSON_SRC=
wants speedtest1 && SQLITE_SRC=$(fetch sqlite3)
wants 'lua_*' && LUA_SRC=$(fetch lua5.4)/src
wants zlib && ZLIB_SRC=$(fetch zlib)
wants cjson && CJSON_SRC=$(fetch cjson)

# sqlite3's amalgamation is generated source (its tools need tclsh): made
# once with the plain compiler, then compiled by each build.
AMALG=$BUILD_DIR/sqlite-amalgamation
if [ -n "$SQLITE_SRC" ] && [ ! -f "$AMALG/sqlite3.c" ]; then
    command -v tclsh >/dev/null || die "tclsh not found: sqlite3's amalgamation needs it (apt-get install tcl)"
    echo "== generating the sqlite3 amalgamation in $AMALG"
    rm -rf "$AMALG.tree" && cp -a "$SQLITE_SRC" "$AMALG.tree" && mkdir -p "$AMALG.tree/bld"
    if ! (cd "$AMALG.tree/bld" && CC=$CLANG_PATH CFLAGS=-O0 ../configure --disable-tcl && make sqlite3.c) \
            >"$LOG_DIR/sqlite-amalgamation.log" 2>&1; then
        tail -n 20 "$LOG_DIR/sqlite-amalgamation.log" >&2; die "make sqlite3.c failed"
    fi
    mkdir -p "$AMALG"
    cp "$AMALG.tree/bld/sqlite3.c" "$AMALG.tree/bld/sqlite3.h" "$AMALG.tree/test/speedtest1.c" "$AMALG/"
    rm -rf "$AMALG.tree"
fi
# debian/rules' feature defines (test/realworld/sqlite3.sh uses the same).
SQLITE_DEFS=(-fno-strict-aliasing -DSQLITE_SECURE_DELETE -DSQLITE_ENABLE_COLUMN_METADATA
    -DSQLITE_ENABLE_FTS3 -DSQLITE_ENABLE_FTS3_PARENTHESIS -DSQLITE_ENABLE_RTREE=1 -DSQLITE_SOUNDEX=1
    -DSQLITE_ENABLE_UNLOCK_NOTIFY -DSQLITE_OMIT_LOOKASIDE=1 -DSQLITE_ENABLE_DBSTAT_VTAB
    -DSQLITE_ALLOW_ROWID_IN_VIEW -DSQLITE_ENABLE_UPDATE_DELETE_LIMIT=1 -DSQLITE_ENABLE_LOAD_EXTENSION
    -DSQLITE_ENABLE_JSON1 -DSQLITE_LIKE_DOESNT_MATCH_BLOBS -DSQLITE_THREADSAFE=1
    -DSQLITE_ENABLE_FTS3_TOKENIZER=1 -DSQLITE_USE_URI=1 -DSQLITE_MAX_SCHEMA_RETRY=25
    -DSQLITE_ENABLE_PREUPDATE_HOOK -DSQLITE_ENABLE_SESSION -DSQLITE_ENABLE_STMTVTAB
    -DSQLITE_MAX_VARIABLE_NUMBER=250000)
LUA_DEFS=(-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX)
ZLIB_FILES=(adler32 compress crc32 deflate infback inffast inflate inftrees trees uncompr zutil)
LUA_FILES=(lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser lstate
    lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib ldblib liolib lmathlib loadlib
    loslib lstrlib ltablib lutf8lib linit lua)

# ---------------------------------------------------------------- build
echo "== building in $BUILD_DIR (clang: $CLANG_PATH, $OPT; builds: ${BUILDS[*]}; reps: $REPS)"
MEASURE=$BUILD_DIR/measure
"$CLANG_PATH" -O2 -Wall -o "$MEASURE" "$BENCH_DIR/measure.c" || die "cannot build the measure helper"

CC=()
set_cc() {
    case $1 in
        plain) CC=("$CLANG_PATH" "${OPTFLAGS[@]}") ;;
        asan) CC=("$CLANG_PATH" "${OPTFLAGS[@]}" "${ASANFLAGS[@]}") ;;
        sleuth) CC=("$SLEUTH_CC" "${OPTFLAGS[@]}") ;;
    esac
}
cc_log() { # log-name args...: run $CC with args, stop with the log on failure
    local log=$LOG_DIR/build.$1.log; shift
    if ! "${CC[@]}" "$@" >>"$log" 2>&1; then
        echo "realworld/run.sh: BUILD FAILED: ${CC[*]} $*" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
}
obj() { # build log-name src out extra-flags...: compile one library object (reused with --reuse-objects)
    local b=$1 log=$2 src=$3 out=$4; shift 4
    [ "$REUSE" = 1 ] && [ -s "$out" ] && return 0
    rm -f "$out"
    cc_log "$b.$log" "$@" -c "$src" -o "$out"
}

for b in "${BUILDS[@]}"; do
    set_cc "$b"
    out=$BUILD_DIR/$b
    o=$BUILD_DIR/obj/$b
    mkdir -p "$out" "$o"
    for k in matmul tree_build hash_churn; do
        wants $k || continue
        rm -f "$out/$k"; cc_log "$b.$k" "$SCRIPT_DIR/kernels/$k.c" -o "$out/$k"
    done
    if wants speedtest1; then
        obj "$b" speedtest1 "$AMALG/sqlite3.c" "$o/sqlite3.o" "${SQLITE_DEFS[@]}" -I"$AMALG"
        rm -f "$out/speedtest1"
        cc_log "$b.speedtest1" "${SQLITE_DEFS[@]}" -I"$AMALG" "$AMALG/speedtest1.c" "$o/sqlite3.o" \
            -o "$out/speedtest1" -lm -lpthread -ldl
    fi
    if wants 'lua_*'; then
        # Written by debian/rules' configure step; Debian's luaconf.h includes it.
        printf '#ifndef _LUA_DEB_MULTIARCH_\n#define _LUA_DEB_MULTIARCH_\n#define DEB_HOST_MULTIARCH "%s"\n#endif\n' \
            "$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)" >"$o/lua5.4-deb-multiarch.h"
        objs=()
        for f in "${LUA_FILES[@]}"; do
            obj "$b" lua "$LUA_SRC/$f.c" "$o/lua-$f.o" "${LUA_DEFS[@]}" -I"$o"
            objs+=("$o/lua-$f.o")
        done
        rm -f "$out/lua"; cc_log "$b.lua" -o "$out/lua" "${objs[@]}" -Wl,-E -ldl -lm
    fi
    if wants zlib; then
        objs=()
        for f in "${ZLIB_FILES[@]}"; do
            obj "$b" zlib "$ZLIB_SRC/$f.c" "$o/zlib-$f.o" -I"$ZLIB_SRC"
            objs+=("$o/zlib-$f.o")
        done
        rm -f "$out/zlib"; cc_log "$b.zlib" -I"$ZLIB_SRC" "$SCRIPT_DIR/drivers/zlib_bench.c" "${objs[@]}" -o "$out/zlib"
    fi
    if wants cjson; then
        obj "$b" cjson "$CJSON_SRC/cJSON.c" "$o/cJSON.o" -I"$CJSON_SRC"
        rm -f "$out/cjson"; cc_log "$b.cjson" -I"$CJSON_SRC" "$SCRIPT_DIR/drivers/cjson_bench.c" "$o/cJSON.o" -o "$out/cjson" -lm
    fi
done

[ "$BUILD_ONLY" = 0 ] || exit 0

# The command of program $1 in build $2 (run_loop.sh).
command_of() {
    local d=$BUILD_DIR/$2
    case $1 in
        speedtest1) CMD=("$d/speedtest1" --memdb --size 30 --testset main) ;;
        lua_*) CMD=("$d/lua" "$SCRIPT_DIR/lua/${1#lua_}.lua") ;;
        *) CMD=("$d/$1") ;;
    esac
}
# speedtest1 prints each test's time: strip it before comparing outputs.
normalise() { case $1 in speedtest1) sed -E 's/ *[0-9]+\.[0-9]+s$//' ;; *) cat ;; esac; }

# ---------------------------------------------------------------- run
RUN_DIR=$BUILD_DIR
. "$BENCH_DIR/run_loop.sh"
run_interleaved realworld/run.sh "$BENCH_DIR/tables.awk"
