// sleuth_leak_check_new reports only records that are new or grew since
// the previous check; sleuth_leak_check reports them all. Neither changes
// the exit status; the exit scan does.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void leak_a(void) { (void)malloc(10); }
__attribute__((noinline)) static void leak_b(void) { (void)malloc(30); }

int main(void) {
  leak_a();
  fprintf(stderr, "first: %zu\n", sleuth_leak_check_new());
  // CHECK: Direct leak of 10 byte(s) in 1 object(s)
  // CHECK-NEXT: #0
  // CHECK-NEXT: {{#1 .* in leak_a}}
  // CHECK: first: 10
  fprintf(stderr, "again: %zu\n", sleuth_leak_check_new());
  // CHECK-NOT: leak of
  // CHECK: again: 0
  leak_b();
  leak_a();
  fprintf(stderr, "third: %zu\n", sleuth_leak_check_new());
  // CHECK: Direct leak of 30 byte(s) in 1 object(s)
  // CHECK-NEXT: #0
  // CHECK-NEXT: {{#1 .* in leak_b}}
  // The second leak_a call has its own stack (another line in main):
  // CHECK: Direct leak of 10 byte(s) in 1 object(s)
  // CHECK-NEXT: #0
  // CHECK-NEXT: {{#1 .* in leak_a}}
  // CHECK-NEXT: {{#2 .* in main .*}}leak-check-new.c:[[@LINE-9]]
  // CHECK-NOT: leak of
  // CHECK: third: 40
  fprintf(stderr, "all: %zu\n", sleuth_leak_check());
  // CHECK: all: 50
  // The exit scan reports them all again, and the status is 1.
  return 0;
}
