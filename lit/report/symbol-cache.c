// The symbolizer's answers are kept across processes (symbolize_cache,
// one file per module build id): the second run of a program that reports
// starts no llvm-symbolizer and prints the same report; with
// symbolize_cache=0 it starts one again. A damaged file is read around,
// and a file that is a symbolic link is neither read nor written through.
// RUN: %sleuth_cc -g -O0 %s -o %t
// RUN: rm -rf %t.cache %t.log %t.victim && touch %t.victim
// The symbolizer, counting its starts.
// RUN: printf '#!/bin/sh\necho started >> %t.log\nexec %llvm_symbolizer "$@"\n' > %t.sym && chmod +x %t.sym
// RUN: not env XDG_CACHE_HOME=%t.cache SLEUTH_OPTIONS=external_symbolizer_path=%t.sym %run %t 2> %t.first
// RUN: FileCheck %s $(sh %S/Inputs/line-defs.sh %s) < %t.first
// RUN: test $(wc -l < %t.log) -eq 1
// RUN: not env XDG_CACHE_HOME=%t.cache SLEUTH_OPTIONS=external_symbolizer_path=%t.sym %run %t 2> %t.second
// RUN: FileCheck %s $(sh %S/Inputs/line-defs.sh %s) < %t.second
// RUN: test $(wc -l < %t.log) -eq 1
// RUN: not env XDG_CACHE_HOME=%t.cache SLEUTH_OPTIONS=external_symbolizer_path=%t.sym:symbolize_cache=0 %run %t 2>&1 | FileCheck %s $(sh %S/Inputs/line-defs.sh %s)
// RUN: test $(wc -l < %t.log) -eq 2
// The program's answers: main's line among them, in the file format.
// RUN: cat %t.cache/sleuth/symbols/* | FileCheck %s --check-prefix=FILE $(sh %S/Inputs/line-defs.sh %s)
// FILE: {{^[0-9a-f]+}}	1	main	{{.*}}symbol-cache.c	[[CALL]]	{{[0-9]+$}}
// Garbage and a torn last line in every file: skipped, the rest still used.
// RUN: for f in %t.cache/sleuth/symbols/*; do printf 'zz\tq\n1\t99\n\t\t\n12\t1\tf' >> $f; done
// RUN: not env XDG_CACHE_HOME=%t.cache SLEUTH_OPTIONS=external_symbolizer_path=%t.sym %run %t 2>&1 | FileCheck %s $(sh %S/Inputs/line-defs.sh %s)
// RUN: test $(wc -l < %t.log) -eq 2
// Files that are symbolic links: not followed, the symbolizer asked.
// RUN: for f in %t.cache/sleuth/symbols/*; do rm $f && ln -s %t.victim $f; done
// RUN: not env XDG_CACHE_HOME=%t.cache SLEUTH_OPTIONS=external_symbolizer_path=%t.sym %run %t 2>&1 | FileCheck %s $(sh %S/Inputs/line-defs.sh %s)
// RUN: test $(wc -l < %t.log) -eq 3
// RUN: test ! -s %t.victim
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK: WRITE of size 1
// CHECK: #0 {{.*}} in poke {{.*}}symbol-cache.c:[[POKE]]:
// CHECK: #1 {{.*}} in main {{.*}}symbol-cache.c:[[CALL]]:
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}symbol-cache.c:[[ALLOC]]:
#include <stdlib.h>

__attribute__((noinline)) void poke(char *p, int i) { p[i] = 1; } // POKE

int main(void) {
  char *p = malloc(16); // ALLOC
  poke(p, 16);          // CALL
  free(p);
  return 0;
}
