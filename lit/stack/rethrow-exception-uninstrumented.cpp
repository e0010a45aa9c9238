// std::rethrow_exception called from code without checks (no handle-no-return
// call before it) raises its exception without __cxa_throw: the frames it
// abandons must still be unpoisoned, or later frames in the same stack
// bytes hit stale redzones (a false stack-buffer-overflow). Also with
// libstdc++ linked statically, where the call goes through the wrapper's
// --wrap. With an argument, a real overflow after the catch is reported.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t bad 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %sleuth_cxx -O0 -static-libstdc++ %s -o %t.static && %run %t.static 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t.static bad 2>&1 | FileCheck %s
// RUN: nm %t.static | FileCheck %s --check-prefix=SYMS
// CLEAN-NOT: ERROR
// CLEAN: poisoned after catch: 0
// CLEAN-NOT: ERROR
// SYMS: T __wrap__ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE
#include <cstdio>
#include <cstring>
#include <exception>
#include <sanitizer/asan_interface.h>

__attribute__((no_sanitize("address"), noinline)) static void
plain_rethrow(const std::exception_ptr &e) {
  std::rethrow_exception(e);
}

static char *below, *above;

__attribute__((noinline)) static void redzoned_frame(const std::exception_ptr &e) {
  char a[100];
  memset(a, 1, sizeof a);
  below = a - 1;
  above = a + sizeof a;
  __asm__ volatile("" : : "r"(a) : "memory");
  plain_rethrow(e);
}

__attribute__((noinline)) static int overflow_after(int bad) {
  char local[12];
  memset(local, 0, sizeof local);
  volatile int i = bad ? 12 : 11;
  local[i] = 1;
  // CHECK: poisoned after catch: 0
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in overflow_after.*}}rethrow-exception-uninstrumented.cpp:[[@LINE-4]]
  // CHECK: 'local' (line [[@LINE-8]]) <== Memory access at offset {{[0-9]+}} overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow
  __asm__ volatile("" : : "r"(local) : "memory");
  return 0;
}

int main(int argc, char **argv) {
  // Made before the redzones exist (making one may throw).
  std::exception_ptr e = std::make_exception_ptr(42);
  int caught = 0;
  try {
    redzoned_frame(e);
  } catch (int) {
    caught = 1;
  }
  fprintf(stderr, "poisoned after catch: %d\n",
          caught ? __asan_region_is_poisoned(below, above - below + 1) != 0 : -1);
  return overflow_after(argc > 1);
}
