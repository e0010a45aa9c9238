// sleuth-cc adds the runtime (archive, -Wl, flags, libraries) only to a
// link of an executable: a clang that records its arguments shows what the
// wrapper passed in each mode. Then the real clang with -Werror: no mode
// warns about an unused linker input.
// RUN: cp %inputs/record-args.sh %t.clang && chmod +x %t.clang
// RUN: env SLEUTH_CC_CLANG=%t.clang REAL_CLANG=%sleuth_clang ARGS_FILE=%t.link %sleuth_cc %s -o %t
// RUN: FileCheck %s --check-prefix=LINK < %t.link
// LINK: -Wl,--whole-archive
// LINK-NEXT: {{.*}}libsleuth_rt.a
// RUN: for mode in -fsyntax-only -c -S -E -M -MM; do \
// RUN:   env SLEUTH_CC_CLANG=%t.clang REAL_CLANG=%sleuth_clang ARGS_FILE=%t.args$mode %sleuth_cc -Werror $mode %s || exit 1; \
// RUN:   FileCheck %s --check-prefix=NOLINK --input-file=%t.args$mode || exit 1; \
// RUN: done
// RUN: env SLEUTH_CC_CLANG=%t.clang REAL_CLANG=%sleuth_clang ARGS_FILE=%t.v %sleuth_cc -v
// RUN: FileCheck %s --check-prefix=NOLINK --input-file=%t.v
// NOLINK-NOT: {{-Wl,|libsleuth_rt|-lpthread|-shared-libsan}}
// NOLINK: --end-no-unused-arguments
// NOLINK-NOT: {{-Wl,|libsleuth_rt|-lpthread|-shared-libsan}}
// --version runs clang --version and prints one more line; nothing else.
// RUN: rm -f %t.version
// RUN: env SLEUTH_CC_CLANG=%t.clang REAL_CLANG=%sleuth_clang ARGS_FILE=%t.version %sleuth_cc --version | FileCheck %s --check-prefix=VERSION
// RUN: not test -e %t.version
// VERSION: clang version
// VERSION: Sleuth
// The real clang, -Werror: every mode is silent.
// RUN: %sleuth_cc -Werror -fsyntax-only %s 2>&1 | count 0
// RUN: %sleuth_cc -Werror -S %s -o %t.s 2>&1 | count 0
// RUN: %sleuth_cc -Werror -E %s -o %t.i 2>&1 | count 0
// RUN: %sleuth_cc -Werror -M %s 2>&1 | FileCheck %s --check-prefix=DEPS
// RUN: %sleuth_cc -Werror -MM %s 2>&1 | FileCheck %s --check-prefix=DEPS
// RUN: %sleuth_cc -Werror -c %s -o %t.o 2>&1 | count 0
// RUN: %sleuth_cc -v 2>&1 | FileCheck %s --check-prefix=QUIET
// DEPS-NOT: warning
// DEPS: link-flags-only-when-linking.o:
// QUIET-NOT: warning
int main(void) { return 0; }
