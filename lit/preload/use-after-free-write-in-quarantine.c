// Uninstrumented code writes into a block after freeing it (a plain store,
// which nothing checks). While the block waits in quarantine its bytes
// hold Sleuth's record (free stack, quarantine link, check word) and a
// pattern; when it leaves the quarantine the change is found and reported
// as heap-use-after-free with the free and allocation stacks. A write over
// the record itself is caught the same way: the runtime never follows the
// overwritten link (no crash), and the free stack comes from the copy kept
// after the record.
// RUN: %clang -O2 -g -fomit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=1:guard_pages=0 not %sleuth_run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=1:guard_pages=0 not %sleuth_run %t record 2>&1 | FileCheck %s --check-prefix=RECORD
// RUN: env SLEUTH_OPTIONS=quarantine_size_mb=1:guard_pages=0 not %sleuth_run %t copy 2>&1 | FileCheck %s --check-prefix=COPY
#include <stdlib.h>
#include <string.h>

static char *volatile dangling;

__attribute__((noinline)) static char *make(size_t n) {
  char *p = malloc(n);
  __asm__ volatile("");
  return p;
}

__attribute__((noinline)) static void release(char *p) {
  free(p);
  __asm__ volatile("");
}

int main(int argc, char **argv) {
  char *p = make(64);
  memset(p, 0, 64);
  release(p);
  dangling = p;
  if (argc > 1 && argv[1][0] == 'c')
    dangling[17] = 'x'; // the copy of the free stack after the record
  else if (argc > 1)
    dangling[2] = 'x'; // inside the record: the free stack's id
  else
    dangling[40] = 'x';
  // Push the block through the 1 MiB quarantine.
  for (int i = 0; i < 100000; i++) {
    char *q = malloc(100);
    __asm__ volatile("" ::"r"(q) : "memory");
    free(q);
  }
  return 0;
}
// CHECK: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]], detected in quarantine
// CHECK-NEXT: WRITE to the freed block, made after it was freed
// CHECK-EMPTY:
// CHECK-NEXT: [[ADDR]] is located 40 bytes inside of 64-byte region
// CHECK-NEXT: freed by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in free
// CHECK-NEXT: #1 {{.*}} in release {{.*}}use-after-free-write-in-quarantine.c:25
// CHECK-NEXT: #2 {{.*}} in main {{.*}}use-after-free-write-in-quarantine.c:32
// CHECK: previously allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in make {{.*}}use-after-free-write-in-quarantine.c:19
// CHECK-NEXT: #2 {{.*}} in main {{.*}}use-after-free-write-in-quarantine.c:30
// CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}use-after-free-write-in-quarantine.c:25
// RECORD: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]], detected in quarantine
// RECORD-NEXT: WRITE to the freed block's first 16 bytes, made after it was freed
// RECORD: [[ADDR]] is located 0 bytes inside of 64-byte region
// RECORD-NEXT: freed by thread T0 here:
// RECORD-NEXT: #0 {{.*}} in free
// RECORD-NEXT: #1 {{.*}} in release {{.*}}use-after-free-write-in-quarantine.c:25
// RECORD: previously allocated by thread T0 here:
// RECORD-NEXT: #0 {{.*}} in malloc
// RECORD-NEXT: #1 {{.*}} in make {{.*}}use-after-free-write-in-quarantine.c:19
// RECORD-NOT: Sleuth: SEGV
// COPY: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]], detected in quarantine
// COPY-NEXT: WRITE to the freed block, made after it was freed
// COPY: [[ADDR]] is located 17 bytes inside of 64-byte region
// COPY-NEXT: freed by thread T0 here:
// COPY-NEXT: #0 {{.*}} in free
// COPY-NEXT: #1 {{.*}} in release {{.*}}use-after-free-write-in-quarantine.c:25
