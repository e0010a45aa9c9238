// A quarantined 64 KiB block is "hidden" once its batch of frees joins the
// quarantine (heap/README.md): all of its slot's pages go back to the
// kernel and are made PROT_NONE, its header and free stack wait in a side
// table, and the shadow pages over it go back too (they read 0, as if
// addressable). In an instrumented build a use after free of it is still
// reported exactly: the check lets the access through, it faults, and the
// SIGSEGV handler reports heap-use-after-free with the access's size and
// line and both of the block's stacks. Libc interceptors (memcpy, read)
// check the side table when the shadow says addressable, a double free
// finds the header, and with halt_on_error=0 the program goes on.
// RUN: %sleuth_cc -O1 %s -o %t
// RUN: env SLEUTH_OPTIONS=print_stats=1 not %run %t read 2>&1 | FileCheck %s --check-prefixes=READ,STACKS,STATS
// RUN: not %run %t write 2>&1 | FileCheck %s --check-prefixes=WRITE,STACKS
// RUN: not %run %t memcpy 2>&1 | FileCheck %s --check-prefixes=MEMCPY,STACKS
// RUN: not %run %t readfd 2>&1 | FileCheck %s --check-prefixes=READFD,STACKS
// RUN: not %run %t asm 2>&1 | FileCheck %s --check-prefixes=ASM,STACKS
// RUN: not %run %t double 2>&1 | FileCheck %s --check-prefixes=DOUBLE,STACKS
// RUN: not %run %t fork 2>&1 | FileCheck %s --check-prefixes=READ,STACKS,FORK
// RUN: not %run %t ownsegv 2>&1 | FileCheck %s --check-prefixes=READ,STACKS
// RUN: env SLEUTH_OPTIONS=halt_on_error=0 not %run %t goon 2>&1 | FileCheck %s --check-prefix=GOON
// The same with mprotect instead of the kernel's guard markers.
// RUN: env SLEUTH_OPTIONS=quarantine_guard_markers=0:print_stats=1 not %run %t read 2>&1 | FileCheck %s --check-prefixes=READ,STACKS,STATS
// RUN: env SLEUTH_OPTIONS=quarantine_guard_markers=0 not %run %t memcpy 2>&1 | FileCheck %s --check-prefixes=MEMCPY,STACKS
// RUN: env SLEUTH_OPTIONS=quarantine_guard_markers=0 not %run %t fork 2>&1 | FileCheck %s --check-prefixes=READ,STACKS,FORK
// RUN: env SLEUTH_OPTIONS=quarantine_guard_markers=0:halt_on_error=0 not %run %t goon 2>&1 | FileCheck %s --check-prefix=GOON
// Without Sleuth's SIGSEGV handler nothing is hidden: the shadow reports it.
// RUN: env SLEUTH_OPTIONS=handle_segv=0:print_stats=1 not %run %t read 2>&1 | FileCheck %s --check-prefixes=READ,STACKS,NOHIDE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define BLOCK (64 << 10)

__attribute__((noinline)) static char *make(void) {
  char *p = (char *)malloc(BLOCK); // ALLOC
  __asm__ volatile("" ::"r"(p) : "memory");
  return p;
}

__attribute__((noinline)) static void release(char *p) {
  free(p); // FREE
  __asm__ volatile("" ::"r"(p) : "memory");
}

// 1 MiB more of frees: the victim's batch joins the quarantine.
__attribute__((noinline)) static void push_out(void) {
  for (int i = 0; i < 16; i++) {
    char *q = (char *)malloc(BLOCK);
    memset(q, i, BLOCK);
    __asm__ volatile("" ::"r"(q) : "memory");
    free(q);
  }
}

static void own_handler(int sig) {
  (void)sig;
  fprintf(stderr, "the program's own handler ran\n");
  _exit(3);
}

static char buf[256];

int main(int argc, char **argv) {
  char *p = make();
  memset(p, 'a', BLOCK);
  release(p);
  push_out();
  const char *mode = argc > 1 ? argv[1] : "read";
  if (!strcmp(mode, "fork")) {
    pid_t pid = fork();
    if (pid > 0) {
      int st = 0;
      waitpid(pid, &st, 0);
      fprintf(stderr, "child exited with %d\n", WEXITSTATUS(st));
      return WEXITSTATUS(st);
    }
    mode = "read";
  }
  if (!strcmp(mode, "ownsegv")) {
    signal(SIGSEGV, own_handler);
    mode = "read";
  }
  if (!strcmp(mode, "read"))
    return p[40000 + argc] == 'a'; // READ-LINE
  if (!strcmp(mode, "write")) {
    *(long *)(p + 32768) = argc; // WRITE-LINE
    return 0;
  }
  if (!strcmp(mode, "memcpy")) {
    memcpy(buf, p + 20000, 100); // MEMCPY-LINE
    return buf[argc];
  }
  if (!strcmp(mode, "readfd")) {
    int fd = open("/dev/zero", O_RDONLY);
    long n = read(fd, p + 50000, 200); // READFD-LINE
    return n == 200;
  }
  if (!strcmp(mode, "asm")) {
    char c;
    // Uninstrumented: the protected page faults.
    __asm__ volatile("movb (%1), %0" : "=r"(c) : "r"(p + 12345) : "memory"); // ASM-LINE
    return c;
  }
  if (!strcmp(mode, "double")) {
    free(p); // DOUBLE-LINE
    return 0;
  }
  if (!strcmp(mode, "goon")) {
    int r = p[100 + argc]; // GOON-READ
    p[60000] = (char)r;    // GOON-WRITE
    memcpy(buf, p + 30000, 64); // GOON-MEMCPY
    printf("went on: %d %d\n", r, buf[0]);
    return 1;
  }
  return 0;
}
// READ: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
// READ-NEXT: READ of size 1 at [[ADDR]] thread T0
// READ-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:88
// READ: [[ADDR]] is located 40002 bytes inside of 65536-byte region
// WRITE: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
// WRITE-NEXT: WRITE of size 8 at [[ADDR]] thread T0
// WRITE-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:90
// WRITE: [[ADDR]] is located 32768 bytes inside of 65536-byte region
// MEMCPY: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
// MEMCPY-NEXT: READ of size 100 at [[ADDR]] thread T0
// MEMCPY-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
// MEMCPY-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:94
// MEMCPY: [[ADDR]] is located 20000 bytes inside of 65536-byte region
// READFD: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
// READFD-NEXT: WRITE of size 200 at [[ADDR]] thread T0
// READFD-NEXT: {{#0 0x[0-9a-f]+ in read}}
// READFD-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:99
// READFD: [[ADDR]] is located 50000 bytes inside of 65536-byte region
// ASM: ERROR: Sleuth: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]] at pc
// ASM-NEXT: READ of size 1 at [[ADDR]] thread T0
// ASM-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:105
// ASM: [[ADDR]] is located 12345 bytes inside of 65536-byte region
// DOUBLE: ERROR: Sleuth: double-free: attempting double-free on [[ADDR:0x[0-9a-f]+]] in thread T0:
// DOUBLE-NEXT: {{#0 0x[0-9a-f]+ in free}}
// DOUBLE-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:109
// DOUBLE: [[ADDR]] is located 0 bytes inside of 65536-byte region
// STACKS: freed by thread T0 here:
// STACKS-NEXT: {{#0 0x[0-9a-f]+ in free}}
// STACKS-NEXT: {{#1 0x[0-9a-f]+ in release .*}}uaf-hidden-block.c:45
// STACKS-NEXT: {{#2 0x[0-9a-f]+ in main }}
// STACKS: previously allocated by thread T0 here:
// STACKS-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// STACKS-NEXT: {{#1 0x[0-9a-f]+ in make .*}}uaf-hidden-block.c:39
// STACKS-NEXT: {{#2 0x[0-9a-f]+ in main }}
// STATS: Stats: quarantine: {{[0-9]+}} blocks hidden now ({{[0-9]+}} protected, by {{guard markers|mprotect}}), {{[1-9][0-9]+}} KiB of their shadow returned to the kernel so far
// NOHIDE: Stats: quarantine: 0 blocks hidden now (0 protected), 0 KiB of their shadow returned to the kernel so far
// FORK-NOT: the program's own handler
// FORK: child exited with 1
// GOON: ERROR: Sleuth: heap-use-after-free on address {{.*}}
// GOON-NEXT: READ of size 1 at
// GOON-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:113
// GOON: ERROR: Sleuth: heap-use-after-free on address {{.*}}
// GOON-NEXT: WRITE of size 1 at
// GOON-NEXT: {{#0 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:114
// GOON: ERROR: Sleuth: heap-use-after-free on address {{.*}}
// GOON-NEXT: READ of size 64 at
// GOON-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memcpy}}
// GOON-NEXT: {{#1 0x[0-9a-f]+ in main .*}}uaf-hidden-block.c:115
// GOON-NOT: ERROR: Sleuth
// GOON: went on: 0 0
// GOON-NOT: ERROR: Sleuth
