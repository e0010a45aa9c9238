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
#   code  the program's own instrumented code: exe minus the .text of an empty
#         `int main(void){return 0;}` linked the same way, i.e. the runtime
#         and the C start-up files taken out. This is what the pass controls.
#
# Usage: benchmarks/code_size.sh [options]
#   --build-dir DIR   where the builds go (default <repo>/build/code-size)
#   --sources DIR     the Debian sources for realworld/run.sh (default: its own)
#   --no-build        measure the binaries of an earlier run
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
    # The empty program: what every build's executable holds before any of
    # the program's own code (runtime, crt files).
    find_sleuth_wrappers 0
    echo 'int main(void) { return 0; }' >"$BUILD_DIR/empty.c"
    mkdir -p "$BUILD_DIR/empty"
    "$CLANG_PATH" "${OPTFLAGS[@]}" "$BUILD_DIR/empty.c" -o "$BUILD_DIR/empty/plain"
    "$CLANG_PATH" "${OPTFLAGS[@]}" "${ASANFLAGS[@]}" "$BUILD_DIR/empty.c" -o "$BUILD_DIR/empty/asan"
    "$SLEUTH_CC" "${OPTFLAGS[@]}" "$BUILD_DIR/empty.c" -o "$BUILD_DIR/empty/sleuth"
fi

text_of() { # executable -> bytes of its .text
    size -A "$1" | awk '$1 == ".text" { print $2; found = 1 } END { if (!found) exit 1 }' ||
        die "no .text in $1"
}

# Rows: name plain asan sleuth (exe) then the same three (code).
ROWS=()
declare -A EMPTY
for b in "${BUILDS[@]}"; do EMPTY[$b]=$(text_of "$BUILD_DIR/empty/$b"); done
add_row() { # name dir
    local name=$1 dir=$2 b exe code
    exe=() code=()
    for b in "${BUILDS[@]}"; do
        [ -x "$dir/$b/$name" ] || die "missing $dir/$b/$name (run without --no-build)"
        local t; t=$(text_of "$dir/$b/$name")
        exe+=("$t"); code+=($((t - EMPTY[$b])))
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
    row("program", "plain", "asan", "sleuth", "asan/", "sleuth/", "code:", "asan/", "sleuth/")
    row("", ".text", ".text", ".text", "plain", "plain", "plain", "plain", "plain")
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
