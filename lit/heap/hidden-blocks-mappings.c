// Hidden quarantined blocks (heap/README.md) must fault on access. With
// the kernel's guard markers (Linux 6.13+) that costs the heap's mapping
// nothing: 300 hidden 64 KiB blocks, none next to another, leave the
// number of mappings in /proc/self/maps as it was. With mprotect
// (quarantine_guard_markers=0, or an older kernel) each of them splits
// the mapping, two more lines each. Either way a use after free of one of
// them is reported with its stacks, instrumented and under sleuth-run.
// REQUIRES: guard-markers
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=print_stats=1 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,GUARD
// RUN: env SLEUTH_OPTIONS=print_stats=1:quarantine_guard_markers=0 not %run %t 2>&1 | FileCheck %s --check-prefixes=CHECK,MPROTECT
// RUN: %clang -O1 -g %s -o %t.plain
// RUN: env SLEUTH_OPTIONS=print_stats=1 not %sleuth_run %t.plain 2>&1 | FileCheck %s --check-prefixes=CHECK,GUARD
// RUN: env SLEUTH_OPTIONS=print_stats=1:quarantine_guard_markers=0 not %sleuth_run %t.plain 2>&1 | FileCheck %s --check-prefixes=CHECK,MPROTECT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 << 10)
#define N 600

static int maps_lines(void) {
  FILE *f = fopen("/proc/self/maps", "r");
  int n = 0, c;
  while ((c = fgetc(f)) != EOF)
    n += c == '\n';
  fclose(f);
  return n;
}

static char *blocks[N];

__attribute__((noinline)) static void make_all(void) {
  for (int i = 0; i < N; i++) {
    blocks[i] = malloc(BLOCK); // ALLOC
    memset(blocks[i], 1, BLOCK);
  }
}

__attribute__((noinline)) static void free_every_other(void) {
  for (int i = 0; i < N; i += 2)
    free(blocks[i]); // FREE
}

int main(void) {
  make_all();
  int before = maps_lines();
  free_every_other();
  // 4 MiB more of frees: every batch above has joined the quarantine.
  for (int i = 0; i < 64; i++) {
    char *q = malloc(BLOCK);
    memset(q, 2, BLOCK);
    free(q);
  }
  int grew = maps_lines() - before;
  // GUARD: mappings grew by at most 5: yes
  // MPROTECT: mappings grew by at most 5: no
  printf("mappings grew by at most 5: %s\n", grew <= 5 ? "yes" : "no");
  // MPROTECT: mappings grew by at least 300: yes
  if (grew > 5)
    printf("mappings grew by at least 300: %s\n", grew >= 300 ? "yes" : "no");
  fflush(stdout);
  volatile char *p = blocks[100];
  return p[5000]; // USE
  // CHECK: ERROR: Sleuth: heap-use-after-free on address
  // CHECK: READ of size 1 at {{.*}}
  // CHECK: #0 {{.*}} in main {{.*}}hidden-blocks-mappings.c:[[@LINE-3]]
  // CHECK: freed by thread T0 here:
  // CHECK: in free_every_other {{.*}}hidden-blocks-mappings.c:42
  // CHECK: previously allocated by thread T0 here:
  // CHECK: in make_all {{.*}}hidden-blocks-mappings.c:35
  // GUARD: Stats: quarantine: {{[1-9][0-9][0-9]+}} blocks hidden now ({{[0-9]+}} protected, by guard markers)
  // MPROTECT: Stats: quarantine: {{[1-9][0-9][0-9]+}} blocks hidden now ({{[0-9]+}} protected, by mprotect)
}
