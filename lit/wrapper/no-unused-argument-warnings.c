// The flags sleuth-cc adds never trip -Wunused-command-line-argument, so
// -Werror builds keep working where clang does not use them: assembler
// sources, -fsyntax-only, a link of objects, `-v` alone. The user's own
// unused flags still warn, as with clang.
// RUN: printf '.text\n.globl sleuth_asm_fn\nsleuth_asm_fn: ret\n.section .note.GNU-stack,"",@progbits\n' > %t.s
// RUN: %sleuth_cc -Werror -c %t.s -o %t.asm.o 2>&1 | count 0
// RUN: %sleuth_cc -Werror -fsyntax-only %s 2>&1 | count 0
// RUN: %sleuth_cc -Werror -c %s -o %t.o 2>&1 | count 0
// RUN: %sleuth_cc -Werror %t.o %t.asm.o -o %t 2>&1 | count 0
// RUN: %run %t | FileCheck %s --check-prefix=LINKED
// LINKED: linked
// RUN: %sleuth_cc -v 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: %sleuth_cc -c %s -o %t.o -L%t.dir 2>&1 | FileCheck %s --check-prefix=USER
// RUN: not %sleuth_cc -Werror -c %s -o %t.o -L%t.dir 2>&1 | FileCheck %s --check-prefix=USER
// RUN: %sleuth_cxx -Werror -c -x assembler %t.s -o %t.asm2.o 2>&1 | count 0
// QUIET-NOT: warning
// USER: argument unused during compilation: '-L{{.*}}.dir'
// USER-NOT: sleuth
#include <stdio.h>

int main(void) {
  puts("linked");
  return 0;
}
