#!/usr/bin/env bash
# benchmarks/code_size.sh - code size of the plain, ASan and Sleuth builds of
# the benchmarks (benchmarks/*.c, *.cpp) and of the real-world set
# (benchmarks/realworld: its kernels, sqlite3's speedtest1, lua, zlib, cJSON):
# the executable's .text (`size -A`) per build, each sanitizer's ratio over
# plain and the geometric means. Sizes do not depend on the machine's load.
#
# Two figures per program:
#   exe   the executable's .text, the runtime linked into it included (ASan's
#         static runtime, Sleuth's libsleuth_rt.a);
#   code  the program's own instrumented code: the .text sections (.text and
#         .text.*) of its object files, compiled -c with each build's flags
#         (the library objects realworld/run.sh keeps, the drivers and
#         single-file programs compiled here). This is what the pass
#         controls; the executable's figure also moves with the runtime and
#         with the padding between its sections.
#
# Usage: benchmarks/code_size.sh [options]
#   --build-dir DIR   where the builds go (default <repo>/build/code-size)
#   --sources DIR     the Debian sources for realworld/run.sh (default: its own)
#   --no-build        measure the binaries (and reuse the library objects) of an earlier run
#   --markdown        print the table as Markdown
#   -h, --help        this text
# Environment: as benchmarks/run.sh (CLANG, CLANGXX, SLEUTH_CC, SLEUTH_CXX,
# OPT default "-O2 -g", ASAN_FLAGS default "-fsanitize=address
# -fno-omit-frame-pointer").
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$SCRIPT_DIR/.." && pwd)

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "code_size.sh: $*" >&2; exit 2; }

BUILD_DIR=$ROOT/build/code-size
SOURCES=()
BUILD=1
MARKDOWN=0
while [ $# -gt 0 ]; do
    case "$1" in
        --build-dir) [ $# -ge 2 ] || die "--build-dir needs a directory"; BUILD_DIR=$2; shift 2 ;;
        --sources) [ $# -ge 2 ] || die "--sources needs a directory"; SOURCES=(--sources "$2"); shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --markdown) MARKDOWN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) die "unknown argument $1 (see --help)" ;;
    esac
done
command -v size >/dev/null || die "size not found (apt-get install binutils)"
mkdir -p "$BUILD_DIR"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)

. "$SCRIPT_DIR/compilers.sh"
BUILDS=(plain asan sleuth)
if [ "$BUILD" = 1 ]; then
    "$SCRIPT_DIR/run.sh" --build-only --only plain,asan,sleuth --build-dir "$BUILD_DIR/bench" >/dev/null
    "$SCRIPT_DIR/realworld/run.sh" --build-only --build-dir "$BUILD_DIR/realworld" \
        ${SOURCES[@]+"${SOURCES[@]}"} >/dev/null
fi
CLANGXX=${CLANGXX:-clang++-14}
find_sleuth_wrappers 1
SRC_DIR=${SOURCES[1]:-$BUILD_DIR/realworld/sources}
AMALG=$BUILD_DIR/realworld/sqlite-amalgamation
OBJ_DIR=$BUILD_DIR/objects

compile_obj() { # build src out extra-flags...: one object with the build's compiler
    local b=$1 src=$2 out=$3 cc; shift 3
    case "$b:$src" in
        plain:*.cpp) cc=("$CLANGXX" "${OPTFLAGS[@]}") ;;
        plain:*) cc=("$CLANG_PATH" "${OPTFLAGS[@]}") ;;
        asan:*.cpp) cc=("$CLANGXX" "${OPTFLAGS[@]}" "${ASANFLAGS[@]}") ;;
        asan:*) cc=("$CLANG_PATH" "${OPTFLAGS[@]}" "${ASANFLAGS[@]}") ;;
        sleuth:*.cpp) cc=("$SLEUTH_CXX" "${OPTFLAGS[@]}") ;;
        sleuth:*) cc=("$SLEUTH_CC" "${OPTFLAGS[@]}") ;;
    esac
    "${cc[@]}" "$@" -c "$src" -o "$out" || die "cannot compile $src ($b)"
}
objs_text() { # objects... -> bytes of their .text and .text.* sections
    size -A "$@" | awk '$1 ~ /^\.text/ { s += $2 } END { print s + 0 }'
}
code_of() { # build name -> the program's own code (see the header)
    local b=$1 n=$2 o=$OBJ_DIR/$1 rw=$BUILD_DIR/realworld/obj/$1
    mkdir -p "$o"
    case $n in
        matmul|tree_build|hash_churn)
            compile_obj "$b" "$SCRIPT_DIR/realworld/kernels/$n.c" "$o/$n.o"
            objs_text "$o/$n.o" ;;
        speedtest1)
            compile_obj "$b" "$AMALG/speedtest1.c" "$o/speedtest1.o" -I"$AMALG"
            objs_text "$o/speedtest1.o" "$rw/sqlite3.o" ;;
        lua) objs_text "$rw"/lua-*.o ;;
        zlib)
            compile_obj "$b" "$SCRIPT_DIR/realworld/drivers/zlib_bench.c" "$o/zlib_bench.o" -I"$SRC_DIR/zlib/src"
            objs_text "$o/zlib_bench.o" "$rw"/zlib-*.o ;;
        cjson)
            compile_obj "$b" "$SCRIPT_DIR/realworld/drivers/cjson_bench.c" "$o/cjson_bench.o" -I"$SRC_DIR/cjson/src"
            objs_text "$o/cjson_bench.o" "$rw/cJSON.o" ;;
        *)
            local src=$SCRIPT_DIR/$n.c
            [ -e "$src" ] || src=$SCRIPT_DIR/$n.cpp
            compile_obj "$b" "$src" "$o/$n.o" -I"$SCRIPT_DIR"
            objs_text "$o/$n.o" ;;
    esac
}

text_of() { # executable -> bytes of its .text
    size -A "$1" | awk '$1 == ".text" { print $2; found = 1 } END { if (!found) exit 1 }' ||
        die "no .text in $1"
}

# Rows: name plain asan sleuth (exe) then the same three (code).
ROWS=()
add_row() { # name dir
    local name=$1 dir=$2 b exe code
    exe=() code=()
    for b in "${BUILDS[@]}"; do
        [ -x "$dir/$b/$name" ] || die "missing $dir/$b/$name (run without --no-build)"
        exe+=("$(text_of "$dir/$b/$name")")
        code+=("$(code_of "$b" "$name")")
    done
    ROWS+=("$name ${exe[*]} ${code[*]}")
}
for src in "$SCRIPT_DIR"/*.c "$SCRIPT_DIR"/*.cpp; do
    n=$(basename "$src"); n=${n%.*}
    [ "$n" = measure ] && continue
    add_row "$n" "$BUILD_DIR/bench"
done
for n in matmul tree_build hash_churn speedtest1 lua zlib cjson; do
    add_row "$n" "$BUILD_DIR/realworld"
done

printf '%s\n' "${ROWS[@]}" | awk -v md="$MARKDOWN" '
function row(a, b, c, d, e, f, g, h, i) {
    if (md) printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", a, b, c, d, e, f, g, h, i
    else printf "%-18s %10s %10s %10s %7s %7s %9s %7s %7s\n", a, b, c, d, e, f, g, h, i
}
BEGIN {
    row("program", "exe", "exe", "exe", "asan/", "sleuth/", "code:", "asan/", "sleuth/")
    row("", "plain", "asan", "sleuth", "plain", "plain", "plain", "plain", "plain")
    if (md) print "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
}
{
    ea = $3 / $2; es = $4 / $2; ca = $6 / $5; cs = $7 / $5
    lea += log(ea); les += log(es); lca += log(ca); lcs += log(cs); n++
    row($1, $2, $3, $4, sprintf("%.2fx", ea), sprintf("%.2fx", es), $5,
        sprintf("%.2fx", ca), sprintf("%.2fx", cs))
}
END {
    row("GEOMEAN", "", "", "", sprintf("%.2fx", exp(lea / n)), sprintf("%.2fx", exp(les / n)),
        "", sprintf("%.2fx", exp(lca / n)), sprintf("%.2fx", exp(lcs / n)))
}'
