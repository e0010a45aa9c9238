// The exit status with leaks: exitcode (default 1) when a kind listed in
// leak_kinds_fail (default direct,indirect) is present; the program's own
// status otherwise. detect_leaks=0 turns the exit scan off entirely.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t 2>&1; test $? = 1
// RUN: env SLEUTH_OPTIONS=exitcode=23 %run %t 2>/dev/null; test $? = 23
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=none %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=none %run %t 2>/dev/null; test $? = 0
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=possible %run %t 2>/dev/null; test $? = 0
// RUN: env SLEUTH_OPTIONS=leak_kinds_fail=all %run %t 2>/dev/null; test $? = 1
// RUN: env SLEUTH_OPTIONS=detect_leaks=0 %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_leaks=0 %run %t; test $? = 0
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void leak(void) {
  char *volatile p = malloc(12);
  p = 0;
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory"); // keep the memset
}

int main(void) {
  leak();
  scrub();
  return 0;
}
// CHECK: Direct leak of 12 byte(s) in 1 object(s)
// CHECK: SUMMARY: Sleuth: 12 byte(s) leaked in 1 allocation(s).
