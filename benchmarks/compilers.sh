# compilers.sh - the compilers of the plain, ASan and Sleuth builds, shared
# by benchmarks/run.sh and benchmarks/realworld/run.sh (sourced, not run;
# the sourcing script defines ROOT and die). Sets CLANG_PATH, OPTFLAGS
# (from OPT, default "-O2 -g") and ASANFLAGS (from ASAN_FLAGS).

CLANG_EXPLICIT=${CLANG:+1}
CLANG=${CLANG:-clang-14}
CLANG_PATH=$(command -v "$CLANG") || die "compiler '$CLANG' not found (set CLANG=)"
OPT=${OPT:--O2 -g}
read -r -a OPTFLAGS <<<"$OPT"
# ASan as its documentation recommends for usable stacks: with frame
# pointers, which Sleuth's wrapper also adds. Without them ASan's malloc
# stacks stop after a frame or two (cheaper, and much less useful).
ASAN_FLAGS=${ASAN_FLAGS:--fsanitize=address -fno-omit-frame-pointer}
read -r -a ASANFLAGS <<<"$ASAN_FLAGS"

# Sets SLEUTH_CC (and SLEUTH_CXX when $1 is 1) unless given: the build
# tree's wrappers, else those on PATH. The clang they wrap must be
# CLANG_PATH (SLEUTH_CC_CLANG follows an explicit CLANG=), or the builds
# would not compare.
find_sleuth_wrappers() {
    local need_cxx=$1 want got w
    if [ -z "${SLEUTH_CC:-}" ]; then
        if [ -x "$ROOT/build/bin/sleuth-cc" ]; then SLEUTH_CC=$ROOT/build/bin/sleuth-cc
        elif command -v sleuth-cc >/dev/null 2>&1; then SLEUTH_CC=$(command -v sleuth-cc)
        else die "Sleuth wrapper not found: build it (cmake --build build), set SLEUTH_CC=, or use --only plain,asan"
        fi
    fi
    if [ -z "${SLEUTH_CXX:-}" ] && [ "$need_cxx" = 1 ]; then
        if [ -x "$(dirname "$SLEUTH_CC")/sleuth-c++" ]; then SLEUTH_CXX=$(dirname "$SLEUTH_CC")/sleuth-c++
        elif command -v sleuth-c++ >/dev/null 2>&1; then SLEUTH_CXX=$(command -v sleuth-c++)
        else die "sleuth-c++ not found next to $SLEUTH_CC: set SLEUTH_CXX=, or use --only plain,asan"
        fi
    fi
    if [ -n "$CLANG_EXPLICIT" ] && [ -z "${SLEUTH_CC_CLANG:-}" ]; then
        export SLEUTH_CC_CLANG=$CLANG_PATH
    fi
    want=$("$CLANG_PATH" --version 2>&1) || die "$CLANG_PATH --version failed"
    want=${want%%$'\n'*}
    for w in "$SLEUTH_CC" ${SLEUTH_CXX:+"$SLEUTH_CXX"}; do
        got=$("$w" --version 2>&1) || die "'$w --version' failed: $got"
        got=${got%%$'\n'*}
        [ "$got" = "$want" ] || die "$w wraps '$got' but plain/ASan use '$want' ($CLANG_PATH); set CLANG= or SLEUTH_CC_CLANG= so they match"
    done
}
