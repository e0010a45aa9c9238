// With libstdc++ linked statically there is no shared __cxa_throw for the
// runtime's interceptor to hand on to (a throw used to jump to pc 0):
// throws from the program and from libstdc++ itself (std::stoi), and a
// rethrow, are caught, the frames they abandon are left unpoisoned (deep
// stack use after them is clean), and errors after them are reported as
// usual. With an argument, main then overflows a local array.
// RUN: %sleuth_cxx -O0 -static-libstdc++ %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t bad 2>&1 | FileCheck %s
// RUN: %sleuth_cxx -O2 -static-libstdc++ %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t bad 2>&1 | FileCheck %s
// RUN: nm %t | FileCheck %s --check-prefix=SYMS
// CLEAN-NOT: ERROR
// CLEAN: caught 3 throws
// CLEAN-NOT: ERROR
// SYMS: T __wrap___cxa_throw
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

__attribute__((noinline)) static int parse_in_frame(const char *text) {
  char buf[64];
  strncpy(buf, text, sizeof buf - 1);
  buf[sizeof buf - 1] = 0;
  __asm__ volatile("" : : "r"(buf) : "memory");
  return std::stoi(buf); // throws from inside libstdc++
}

__attribute__((noinline)) static void user_throw(int n) {
  char pad[48];
  memset(pad, n, sizeof pad);
  __asm__ volatile("" : : "r"(pad) : "memory");
  throw std::runtime_error("user");
}

__attribute__((noinline)) static void rethrow(int n) {
  char pad[80];
  memset(pad, n, sizeof pad);
  __asm__ volatile("" : : "r"(pad) : "memory");
  try {
    user_throw(n);
  } catch (...) {
    throw;
  }
}

// Walks the stack region the abandoned frames used.
__attribute__((noinline)) static int deep(int n) {
  char block[256];
  memset(block, n, sizeof block);
  __asm__ volatile("" : : "r"(block) : "memory");
  return n ? deep(n - 1) + block[n] : block[0];
}

// A frame made after the throws: its redzones are poisoned on entry (the
// catching frames' were cleared with the rest of the stack, as in ASan).
__attribute__((noinline)) static int overflow_after(int bad) {
  char local[12];
  memset(local, 0, sizeof local);
  __asm__ volatile("" : : "r"(local) : "memory");
  volatile int i = bad ? 12 : 11;
  local[i] = 1;
  // CHECK: caught 3 throws
  // CHECK: ERROR: Sleuth: stack-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in overflow_after.*}}throw-static-libstdcxx.cpp:[[@LINE-4]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}throw-static-libstdcxx.cpp:[[@LINE+29]]
  // CHECK: Address [[ADDR]] is located in stack of thread T0 at offset {{[0-9]+}} in frame
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in overflow_after.*}}throw-static-libstdcxx.cpp
  // CHECK: 'local' (line [[@LINE-12]]) <== Memory access at offset {{[0-9]+}} overflows this variable
  // CHECK: SUMMARY: Sleuth: stack-buffer-overflow {{.*}}throw-static-libstdcxx.cpp:[[@LINE-9]]:{{[0-9]+}} in overflow_after
  __asm__ volatile("" : : "r"(local) : "memory");
  return 0;
}

int main(int argc, char **argv) {
  int caught = 0;
  try {
    parse_in_frame("not a number");
  } catch (const std::invalid_argument &) {
    caught++;
  }
  try {
    user_throw(1);
  } catch (const std::exception &) {
    caught++;
  }
  try {
    rethrow(2);
  } catch (const std::exception &) {
    caught++;
  }
  if (deep(20) < 0)
    return 2;
  fprintf(stderr, "caught %d throws\n", caught);
  return overflow_after(argc > 1);
}
