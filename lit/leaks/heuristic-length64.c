// A length-prefixed buffer: the program keeps a pointer 8 bytes into the
// block, whose first word is the length of the rest. It counts as a start
// pointer (Valgrind's "length64" heuristic): still reachable when a global
// holds it, a direct leak when nothing does. A prefix that is not the
// remaining length leaves the pointer interior: possibly lost.
// RUN: %sleuth_cc -O0 %s -o %t && not env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not env SLEUTH_OPTIONS=show_reachable=1 %run %t 2>&1 | FileCheck %s
// Without the heuristic (leak_check_heuristics lists others, or none), the
// kept buffer is possibly lost; the one nothing points at stays direct.
// RUN: not env SLEUTH_OPTIONS=show_reachable=1:leak_check_heuristics=newarray,stdstring %run %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: not env SLEUTH_OPTIONS=show_reachable=1:leak_check_heuristics=none %run %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <stdlib.h>
#include <string.h>

char *kept, *mislabelled;

__attribute__((noinline)) static char *lstr_new(size_t len, size_t label) {
  size_t *p = malloc(sizeof(size_t) + len);
  p[0] = label;
  memset(p + 1, 'x', len);
  return (char *)(p + 1);
}

__attribute__((noinline)) static void keep(void) { kept = lstr_new(100, 100); }

__attribute__((noinline)) static void lose(void) {
  char *volatile s = lstr_new(40, 40);
  s = 0;
}

__attribute__((noinline)) static void mislabel(void) {
  mislabelled = lstr_new(56, 55);
}

// f runs 2 KiB down the stack, so the start pointers that malloc leaves in
// dead frames lie where scrub() then writes zeros (the redzones around
// scrub's buffer, right under main's frame, are never written).
__attribute__((noinline)) static void below_pad(void (*f)(void)) {
  volatile char pad[2048];
  pad[0] = 0;
  f();
  __asm__ volatile("" : : "r"(pad) : "memory");
}

__attribute__((noinline)) static void scrub(void) {
  volatile char buf[8192];
  memset((char *)buf, 0, sizeof buf);
  __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void) {
  below_pad(keep);
  below_pad(lose);
  below_pad(mislabel);
  scrub();
  return 0;
}
// CHECK: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in lstr_new .*}}heuristic-length64.c:18:
// CHECK-NEXT: {{#2 0x[0-9a-f]+ in lose .*}}heuristic-length64.c:27:
// CHECK: Possible leak of 64 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in lstr_new .*}}heuristic-length64.c:18:
// CHECK-NEXT: {{#2 0x[0-9a-f]+ in mislabel .*}}heuristic-length64.c:32:
// CHECK: Reachable: 108 byte(s) in 1 object(s) allocated from:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in lstr_new .*}}heuristic-length64.c:18:
// CHECK-NEXT: {{#2 0x[0-9a-f]+ in keep .*}}heuristic-length64.c:24:
// CHECK: definitely lost: 48 bytes in 1 blocks
// CHECK-NEXT: indirectly lost: 0 bytes in 0 blocks
// CHECK-NEXT: possibly lost: 64 bytes in 1 blocks
// OFF: Direct leak of 48 byte(s) in 1 object(s) allocated from:
// OFF: Possible leak of 108 byte(s) in 1 object(s) allocated from:
// OFF: Possible leak of 64 byte(s) in 1 object(s) allocated from:
// OFF: definitely lost: 48 bytes in 1 blocks
// OFF-NEXT: indirectly lost: 0 bytes in 0 blocks
// OFF-NEXT: possibly lost: 172 bytes in 2 blocks
