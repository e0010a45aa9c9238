// Addresses of a dump that is not symbolized are resolved through its
// MAPPED_LIBRARIES (module + offset; PIE, non-PIE and a shared library) by
// one llvm-symbolizer run. This program writes such a dump of its own
// return addresses and /proc/self/maps.
// RUN: %clang -g -O0 -fPIC -shared %report_inputs/symbolize-lib.c -o %t.lib.so
// RUN: %clang -g -O0 %s %t.lib.so -Wl,-rpath,$(dirname %t) -o %t.pie && %t.pie %t.pie.heap
// RUN: %sleuth_report --lines %t.pie.heap | FileCheck %s -DLIBLINE=$(grep -n LIB_SITE %report_inputs/symbolize-lib.c | cut -d: -f1)
// RUN: %clang -g -O0 -fno-pie -no-pie %s %t.lib.so -Wl,-rpath,$(dirname %t) -o %t.nopie && %t.nopie %t.nopie.heap
// RUN: %sleuth_report --lines %t.nopie.heap | FileCheck %s -DLIBLINE=$(grep -n LIB_SITE %report_inputs/symbolize-lib.c | cut -d: -f1)
// Without a symbolizer (or with --no-symbolize): module+offset, one warning.
// RUN: env SLEUTH_SYMBOLIZER_PATH=/nonexistent/llvm-symbolizer %sleuth_report %t.pie.heap 2>&1 | FileCheck %s --check-prefix=NOSYM
// NOSYM: sleuth-report: warning: llvm-symbolizer not found (set SLEUTH_SYMBOLIZER_PATH); frames are shown as module+offset
// NOSYM-NOT: warning
// NOSYM: {{^ +}}64 {{.*}} symbolize.c.tmp.pie+0x{{[0-9a-f]+$}}
// NOSYM: {{^ +}}32 {{.*}} symbolize.c.tmp.lib.so+0x{{[0-9a-f]+$}}
// RUN: %sleuth_report --no-symbolize %t.pie.heap 2>&1 | FileCheck %s --check-prefix=NOSYM2 --implicit-check-not=warning
// NOSYM2: {{^ +}}64 {{.*}} symbolize.c.tmp.pie+0x{{[0-9a-f]+$}}
// By source directory: the library's source is in Inputs/.
// RUN: %sleuth_report --by-dir %t.pie.heap 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: 64 {{.*}}66.67% {{.*}}/lit/report/{{$}}
// DIR: 32 {{.*}}33.33% {{.*}}/lit/report/Inputs/{{$}}
// CHECK: Total: 96 bytes
// CHECK-DAG: 64 {{.*}} grow_cache {{.*}}symbolize.c:[[@LINE+19]]
// CHECK-DAG: 32 {{.*}} lib_site {{.*}}symbolize-lib.c:[[LIBLINE]]
// CHECK-DAG: 0 {{.*}} 64 {{.*}} main {{.*}}symbolize.c:[[@LINE+26]]
// CHECK-DAG: 0 {{.*}} 32 {{.*}} main {{.*}}symbolize.c:[[@LINE+26]]
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *lib_site(void *(*where)(void));

static void *pcs[4];

/* The return address into the caller: a pc inside the caller, at the line
 * of the call, as in a real allocation stack. */
__attribute__((noinline)) static void *ret_addr(void) {
  return __builtin_return_address(0);
}

__attribute__((noinline)) static void grow_cache(void) {
  pcs[0] = ret_addr();
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *out = fopen(argv[1], "w");
  if (!out)
    return 1;
  grow_cache(); pcs[1] = ret_addr();
  pcs[2] = lib_site(ret_addr); pcs[3] = ret_addr();
  fprintf(out, "heap_v2/1\n  t*: 2: 96 [2: 96]\n  t0: 2: 96 [2: 96]\n");
  fprintf(out, "@ %p %p\n  t*: 1: 64 [1: 64]\n  t0: 1: 64 [1: 64]\n", pcs[0], pcs[1]);
  fprintf(out, "@ %p %p\n  t*: 1: 32 [1: 32]\n  t0: 1: 32 [1: 32]\n", pcs[2], pcs[3]);
  fprintf(out, "\nMAPPED_LIBRARIES:\n");
  FILE *maps = fopen("/proc/self/maps", "r");
  int c;
  while (maps && (c = fgetc(maps)) != EOF)
    fputc(c, out);
  fclose(out);
  return 0;
}
