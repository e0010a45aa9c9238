// A read from a 64 KiB block freed 100 MB of frees earlier is still a
// use-after-free with the default quarantine (256 MB, counted in bytes
// freed). While the block waits it is hidden (heap/README.md): its pages
// and their shadow went back to the kernel (print_stats shows how much),
// the slot is PROT_NONE, its header and free stack are in a side table;
// the instrumented read faults and is reported exactly (kind, size, line,
// both stacks). Under sleuth-run, uninstrumented, it is caught the same way.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=print_stats=1 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: %clang -O1 -g %s -o %t.plain
// RUN: not %sleuth_run %t.plain 2>&1 | FileCheck %s
// With halt_on_error=0 the program goes on after the one report: the read
// completes (the page given back reads as zero), in both builds.
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %sleuth_run %t.plain 2>&1 | FileCheck %s --check-prefix=GOON
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 << 10)

__attribute__((noinline)) static char *make(void) {
  char *p = (char *)malloc(BLOCK);
  __asm__ volatile("" ::"r"(p) : "memory");
  return p;
}

__attribute__((noinline)) static void release(char *p) {
  free(p);
  __asm__ volatile("" ::"r"(p) : "memory");
}

static char *volatile dangling;

int main(int argc, char **argv) {
  char *p = make();
  memset(p, 'a', BLOCK);
  release(p);
  dangling = p;
  // 1600 more 64 KiB blocks, written and freed: 100 MB of frees.
  for (int i = 0; i < 1600; i++) {
    char *q = (char *)malloc(BLOCK);
    memset(q, i, BLOCK);
    __asm__ volatile("" ::"r"(q) : "memory");
    free(q);
  }
  int r = dangling[40000 + argc];
  printf("read %d\n", r);
  // CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-after-100mb-of-frees.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 40001 bytes inside of 65536-byte region
  // CHECK-NEXT: freed by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in free}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in release .*}}uaf-after-100mb-of-frees.c:29
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}uaf-after-100mb-of-frees.c:38
  // CHECK: previously allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in make .*}}uaf-after-100mb-of-frees.c:23
  // CHECK-NEXT: {{#2 0x[0-9a-f]+ in main .*}}uaf-after-100mb-of-frees.c:36
  // CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}uaf-after-100mb-of-frees.c:[[@LINE-14]]
  // GOON: ERROR: Sleuth: heap-use-after-free
  // GOON-NOT: ERROR: Sleuth
  // GOON: read 0
  // GOON-NOT: ERROR: Sleuth
  // STATS: Stats: quarantine: {{[1-9][0-9][0-9][0-9][0-9]+}} KiB of quarantined blocks' pages returned to the kernel so far ({{[0-9]+}} blocks)
  // STATS-NEXT: Stats: quarantine: {{[1-9][0-9]+}} blocks hidden now ({{[0-9]+}} protected, by {{guard markers|mprotect}}), {{[1-9][0-9][0-9][0-9]+}} KiB of their shadow returned to the kernel so far
  return 0;
}
