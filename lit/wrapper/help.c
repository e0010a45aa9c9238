// sleuth-cc --help: a short Sleuth usage (not clang's), exit 0. Every pass
// knob that pass/PassOptions.cpp accepts is named in --help and in the man
// page, so neither drifts from the parser.
// RUN: %sleuth_cc --help > %t.help
// RUN: FileCheck %s < %t.help
// RUN: %sleuth_cxx --help | FileCheck %s --check-prefix=CXX
// RUN: knobs=$(grep -o 'Name == "[a-z_]*"' %S/../../pass/PassOptions.cpp | cut -d'"' -f2) && test -n "$knobs" && \
// RUN: for k in $knobs; do \
// RUN:   grep -q "$k" %t.help || { echo "sleuth-cc --help does not name pass knob $k"; exit 1; }; \
// RUN:   grep -q "$k" %S/../../docs/man/sleuth-cc.1 || { echo "sleuth-cc.1 does not name pass knob $k"; exit 1; }; \
// RUN: done
// The help text goes to stdout alone; clang is not run.
// RUN: %sleuth_cc --help 2>&1 >/dev/null | count 0
// CHECK: Usage: sleuth-cc [clang options] files...   (Sleuth {{[0-9.]+}}, LLVM {{[0-9]+}})
// CHECK: -fpass-plugin={{.*}}/lib/sleuth/SleuthPass.so
// CHECK: -fno-omit-frame-pointer
// CHECK: -Wl,--whole-archive {{.*}}/lib/sleuth/libsleuth_rt.a
// CHECK: -static is refused
// CHECK: SLEUTH_CC_CLANG
// CHECK: SLEUTH_PASS_OPTIONS
// CHECK: SLEUTH_OPTIONS
// CHECK: SLEUTH_OPTIONS=help=1
// CHECK: Docs: man -l {{.*}}/share/man/man1/sleuth-cc.1
// CHECK: clang's own options: {{.*}}clang --help
// CXX: Usage: sleuth-c++
// CXX: clang's own options: {{.*}}clang++ --help
int main(void) { return 0; }
