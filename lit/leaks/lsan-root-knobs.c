// LSan's root knobs, in an on-demand check while a global, a local of
// main, a __thread variable and an unaligned field of a packed global each
// hold the only pointer to a block: use_globals=0, use_stacks=0 and
// use_tls=0 make the blocks those roots hold direct leaks (the packed
// struct is a global too); the unaligned
// pointer is missed by default (as in LSan) and found with
// use_unaligned=1. report_objects=1 lists each object; max_leaks=N prints
// the N largest records. Everything is freed before exit.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: env SLEUTH_OPTIONS=use_unaligned=1 %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=use_unaligned=1:use_globals=0 %run %t 2>&1 | FileCheck %s --check-prefix=GLOBALS
// RUN: env SLEUTH_OPTIONS=use_unaligned=1:use_stacks=0 %run %t 2>&1 | FileCheck %s --check-prefix=STACKS
// RUN: env SLEUTH_OPTIONS=use_unaligned=1:use_tls=0 %run %t 2>&1 | FileCheck %s --check-prefix=TLS
// RUN: env SLEUTH_OPTIONS=report_objects=1 %run %t 2>&1 | FileCheck %s --check-prefix=OBJECTS
// RUN: env ASAN_OPTIONS=use_globals=0:max_leaks=1 %run %t 2>&1 | FileCheck %s --check-prefix=MAX
// (-O0 only, see the end of the file.)
// (The knobs are runtime options: one build serves them all, and the
// clean twin below is built without the unaligned pointer.)
// The clean twin: no unaligned pointer; nothing is printed.
// RUN: %sleuth_cc -O0 -DCLEAN %s -o %t.clean
// RUN: %run %t.clean 2>&1 | count 0
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *global_ptr;
static __thread char *tls_ptr; __attribute__((noinline)) static void hold_in_tls(void);
struct __attribute__((packed)) {
  char tag;
  char *ptr; // 1 byte in: unaligned
} packed;

__attribute__((noinline)) static char *block(size_t n) {
  char *p = malloc(n); // every block comes from here
  memset(p, 5, n);
  return p;
}

int main(void) {
  global_ptr = block(11);
  char *volatile local = block(22);
  hold_in_tls(); // no copy of the pointer left in main's frame
#ifndef CLEAN
  packed.ptr = block(44);
#endif
  sleuth_leak_check();
  free(global_ptr);
  free(local);
  free(tls_ptr);
  free(packed.ptr);
  return 0;
}
// UNALIGNED: ERROR: Sleuth: detected memory leaks
// UNALIGNED-EMPTY:
// UNALIGNED-NEXT: Direct leak of 44 byte(s) in 1 object(s) allocated from:
// UNALIGNED-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// UNALIGNED-NEXT: {{#1 0x[0-9a-f]+ in block .*}}lsan-root-knobs.c:36
// UNALIGNED-NOT: Direct leak
// UNALIGNED: definitely lost: 44 bytes in 1 blocks

// GLOBALS: Direct leak of 44 byte(s) in 1 object(s) allocated from:
// GLOBALS: Direct leak of 11 byte(s) in 1 object(s) allocated from:
// GLOBALS-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// GLOBALS-NEXT: {{#1 0x[0-9a-f]+ in block .*}}lsan-root-knobs.c:36
// GLOBALS: definitely lost: 55 bytes in 2 blocks

// STACKS: Direct leak of 22 byte(s) in 1 object(s) allocated from:
// STACKS-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// STACKS-NEXT: {{#1 0x[0-9a-f]+ in block .*}}lsan-root-knobs.c:36
// STACKS: definitely lost: 22 bytes in 1 blocks

// TLS: Direct leak of 33 byte(s) in 1 object(s) allocated from:
// TLS-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
// TLS-NEXT: {{#1 0x[0-9a-f]+ in block .*}}lsan-root-knobs.c:36
// TLS: definitely lost: 33 bytes in 1 blocks

// OBJECTS: Direct leak of 44 byte(s) in 1 object(s) allocated from:
// OBJECTS: #2 {{.*}} in main
// OBJECTS: {{^$}}
// OBJECTS-NEXT: Objects leaked above:
// OBJECTS-NEXT: {{^0x[0-9a-f]+ \(44 bytes\)$}}

// MAX: ERROR: Sleuth: detected memory leaks
// MAX-EMPTY:
// MAX-NEXT: The 1 top leak(s):
// MAX-NEXT: Direct leak of 44 byte(s) in 1 object(s) allocated from:
// MAX-NOT: Direct leak of 11
// MAX: Omitting 1 more leak(s).
// MAX: definitely lost: 55 bytes in 2 blocks

// (Why -O0 only: at -O2 a stale copy of a block's pointer can stay in a
// callee-saved register or a dead stack slot of main, which are roots,
// depending on the compiler and the environment's size, so use_stacks=0 and
// use_tls=0 would not reliably make a leak; LSan's own tests avoid -O2 too.)

// The TLS block is made in a frame of its own, so that no spill slot of
// main keeps a second copy of its pointer.
__attribute__((noinline)) static void hold_in_tls(void) { tls_ptr = block(33); }
