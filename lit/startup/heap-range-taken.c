// RUN: %sleuth_cc -O0 -no-pie -Wl,--section-start=.taken=0x600000001000 %s -o %t
// RUN: env KEEP_ME=yes SLEUTH_OPTIONS=verbosity=1 %run %t "a b" 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %run %t x overflow 2>&1 | FileCheck %s
// Without personality() (a container's seccomp profile): no re-execution.
// RUN: %clang %S/Inputs/no-personality.c -o %t.np
// RUN: env KEEP_ME=yes SLEUTH_OPTIONS=verbosity=1 %run %t.np %t "a b" 2>&1 | FileCheck %s --check-prefix=NOPERS
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %run %t.np %t x overflow 2>&1 | FileCheck %s
// The preloaded runtime (sleuth-run) on a program built without Sleuth.
// RUN: %clang -g -O0 -no-pie -Wl,--section-start=.taken=0x600000001000 %s -o %t.plain
// RUN: env KEEP_ME=yes SLEUTH_OPTIONS=verbosity=1 %sleuth_run %t.plain "a b" 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=verbosity=1 not %sleuth_run %t.plain x overflow 2>&1 | FileCheck %s --check-prefix=PRELOAD
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>

__attribute__((section(".taken"), used)) static char taken[4096] = {1};

int main(int argc, char **argv) {
  printf("argc=%d argv1=%s marker=%s keep=%s norandom=%d\n", argc,
         argc > 1 ? argv[1] : "",
         getenv("SLEUTH_REEXEC_NO_ASLR") ? "seen" : "none", getenv("KEEP_ME"),
         (personality(0xffffffff) & ADDR_NO_RANDOMIZE) != 0);
  fflush(stdout);
  char *p = malloc(10);
  if (argc > 2)
    p[10] = 1;
  free(p);
  return 0;
}
// CLEAN: Sleuth: the heap range [0x600000000000, 0x{{[0-9a-f]+}}) is in use (high-entropy ASLR?); re-executing once with address randomisation off
// CLEAN: Sleuth: the heap range [0x600000000000, {{.*}}) is in use also after re-executing without address randomisation
// CLEAN: Sleuth: the heap range [0x600000000000, {{.*}}) is in use; the heap is at 0x{{[0-9a-f]+}} instead
// CLEAN-NOT: ERROR
// CLEAN: argc=2 argv1=a b marker=none keep=yes norandom=0
// CLEAN-NOT: ERROR

// CHECK: the heap is at
// CHECK: ERROR: Sleuth: heap-buffer-overflow on address
// CHECK: WRITE of size 1 at
// CHECK: #0 {{.*}} in main {{.*}}heap-range-taken.c:27
// CHECK: is located 0 bytes after 10-byte region
// CHECK: allocated by thread T0 here:
// CHECK: #1 {{.*}} in main {{.*}}heap-range-taken.c:25
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}}heap-range-taken.c:27

// PRELOAD: re-executing once
// PRELOAD: the heap is at
// PRELOAD: ERROR: Sleuth: heap-buffer-overflow on address {{.*}}, detected when the block was freed
// PRELOAD: #1 {{.*}} in main {{.*}}heap-range-taken.c:28
// PRELOAD: is located 0 bytes after 10-byte region
// PRELOAD: #1 {{.*}} in main {{.*}}heap-range-taken.c:25

// NOPERS-NOT: re-executing once
// NOPERS: Sleuth: the heap range [0x600000000000, {{.*}}) is in use and personality(ADDR_NO_RANDOMIZE) was refused (errno 1)
// NOPERS: the heap is at 0x{{[0-9a-f]+}} instead
// NOPERS-NOT: ERROR
// NOPERS: argc=2 argv1=a b marker=none keep=yes norandom=0

// A non-PIE executable with a section at 0x600000001000 takes the start of
// the heap's usual range at every start, as high-entropy ASLR sometimes
// does (vm.mmap_rnd_bits=32, test/startup/high-entropy-aslr.sh): the
// runtime re-executes once without address randomisation (which cannot help
// here: the address is fixed), the marker stops a second one, and the heap
// moves to where the kernel has room. The program sees its own argv and
// environment, not the marker, and its children get randomisation back.
// The same holds for the preloaded runtime, whose re-execution keeps
// LD_PRELOAD (the overflow is then found in the redzone when freed).
