// __asan_locate_address on a local variable: "stack" with the variable's
// name (without the ":LINE" of the frame layout), its start and size, from
// any byte of it, in the frame that calls and in a caller's frame, and on
// the fake stack (detect_stack_use_after_return=1). A frame's redzone gives
// "stack" with no name and no region. The shadow's parts have ASan's names.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | FileCheck %s
#include <sanitizer/asan_interface.h>
#include <stdint.h>
#include <stdio.h>

static void show(const char *what, void *addr) {
  char name[64] = "unset";
  void *region = (void *)1;
  size_t size = 1;
  const char *kind = __asan_locate_address(addr, name, sizeof name, &region, &size);
  fprintf(stderr, "%s: %s '%s' %+ld %zu\n", what, kind, name,
          region ? (long)((char *)addr - (char *)region) : -1L, size);
}

__attribute__((noinline)) static void callee(char *callers_buf) {
  long counter[3];
  __asm__ volatile("" : : "r"(counter) : "memory");
  // CHECK: own: stack 'counter' +12 24
  show("own", (char *)counter + 12);
  // CHECK-NEXT: caller's: stack 'caller_buf' +7 40
  show("caller's", callers_buf + 7);
}

int main(void) {
  char caller_buf[40];
  int local_var;
  __asm__ volatile("" : : "r"(caller_buf), "r"(&local_var) : "memory");
  callee(caller_buf);
  // CHECK-NEXT: first byte: stack 'local_var' +0 4
  show("first byte", &local_var);
  // CHECK-NEXT: last byte: stack 'local_var' +3 4
  show("last byte", (char *)&local_var + 3);
  // The 32-byte redzone after caller_buf (rounded to 48 with its tail).
  // CHECK-NEXT: redzone: stack '' -1 0
  show("redzone", caller_buf + 44);
  size_t scale, offset;
  __asm__ volatile("" : : "r"(caller_buf) : "memory");
  __asan_get_shadow_mapping(&scale, &offset);
  uintptr_t shadow = ((uintptr_t)caller_buf >> scale) + offset;
  uintptr_t gap = (shadow >> scale) + offset;
  // CHECK-NEXT: high shadow
  // CHECK-NEXT: shadow gap
  fprintf(stderr, "%s\n%s\n", __asan_locate_address((void *)shadow, 0, 0, 0, 0),
          __asan_locate_address((void *)gap, 0, 0, 0, 0));
  return 0;
}
