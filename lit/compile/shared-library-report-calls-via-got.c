// Code built for a shared library (-fPIC) calls the runtime's report and
// range-check entry points through the GOT, never through a PLT entry:
// they use preserve_mostcc (the caller keeps values in r10 and other
// registers across the call), and glibc's lazy PLT resolver, run on a
// library's first call of each, does not keep r10. zlib's shared test
// suite crashed in build_tree that way (a first legitimate call for a
// partial granule returned with r10 destroyed).
// RUN: %sleuth_cc -fPIC -O1 -DLIB -c %s -o %t.o
// RUN: %llvm_objdump -dr %t.o | FileCheck %s --check-prefix=RELOC
// RELOC-NOT: R_X86_64_PLT32 __sleuth_report
// RELOC-NOT: R_X86_64_PLT32 __sleuth_check
// RELOC: R_X86_64_GOTPCRELX __sleuth_report_load4
// RELOC-NOT: R_X86_64_PLT32 __sleuth_report
// RELOC-NOT: R_X86_64_PLT32 __sleuth_check
// As a library of an instrumented program: its legitimate partial-granule
// reads (the last 4 bytes of a 12-byte block) take the call and return.
// RUN: %sleuth_cc -fPIC -O1 -shared -DLIB %s -o %t.so
// RUN: %sleuth_cc -O1 %s %t.so -Wl,-rpath,%T -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: not %run %t 3 2>&1 | FileCheck %s --check-prefix=BAD
// OK-NOT: ERROR
// OK: sum 30
// BAD: ERROR: Sleuth: heap-buffer-overflow
// BAD-NEXT: READ of size 4
// BAD-NEXT: {{#0 0x[0-9a-f]+ in get .*}}shared-library-report-calls-via-got.c:[[@LINE+4]]
#ifdef LIB
__attribute__((noinline)) int get(const int *p, long i) {
  // i = 2 reads the last granule's first 4 bytes (a partial granule).
  return p[i];
}
#else
#include <stdio.h>
#include <stdlib.h>
int get(const int *p, long i);
int main(int argc, char **argv) {
  int *p = malloc(12);
  p[0] = 7, p[1] = 11, p[2] = 12;
  long last = argc > 1 ? atol(argv[1]) : 2;
  int s = 0;
  for (long i = 0; i <= last; i++)
    s += get(p, i);
  printf("sum %d\n", s);
  free(p);
  return 0;
}
#endif
