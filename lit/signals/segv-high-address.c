// A load from a non-canonical address (beyond the 48-bit address space) is
// a general-protection fault: the kernel gives si_code SI_KERNEL and si_addr
// 0. The report says the address is unknown, not that it is in the zero
// page, with ASan's hint and the registers (one holds the address); a real
// null dereference keeps the zero-page hint.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 0x4141414141414141 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 0xffffffffffffffff 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: env SLEUTH_OPTIONS=print_scariness=1 not %run %t 0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t 0x4141414141414141 2>&1 | FileCheck %s --check-prefix=JSON
#include <stdint.h>
#include <stdlib.h>

__attribute__((noinline)) static uint64_t load(uint64_t *where) {
  return *where;
}

int main(int argc, char **argv) {
  uint64_t *addr = (uint64_t *)strtoull(argv[1], 0, 16);
  return (int)load(addr);
  // CHECK: ERROR: Sleuth: SEGV on unknown address (pc 0x{{[0-9a-f]+}} bp
  // CHECK-NEXT: The signal is caused by a READ memory access.
  // CHECK-NEXT: Hint: this fault was caused by a dereference of a high value address (see register values below).  Disassemble the provided pc to learn which register was used.
  // CHECK-NOT: zero page
  // CHECK-NEXT: SCARINESS: 20 (wild-addr-read)
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in load .*}}segv-high-address.c:[[@LINE-11]]
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}segv-high-address.c:[[@LINE-7]]
  // CHECK: Register values:
  // CHECK: = 0x4141414141414141
  // CHECK: Sleuth can not provide additional info.
  // CHECK-NEXT: SUMMARY: Sleuth: SEGV {{.*}}segv-high-address.c:[[@LINE-16]]:{{[0-9]+}} in load
  // MAX: ERROR: Sleuth: SEGV on unknown address (pc
  // MAX: Hint: this fault was caused by a dereference of a high value address
  // MAX-NEXT: SCARINESS: 20 (wild-addr-read)
  // MAX: = 0xffffffffffffffff
  // ZERO: ERROR: Sleuth: SEGV on unknown address 0x000000000000 (pc
  // ZERO-NEXT: The signal is caused by a READ memory access.
  // ZERO-NEXT: Hint: address points to the zero page.
  // ZERO-NEXT: SCARINESS: 10 (null-deref)
  // ZERO-NOT: high value address
  // ZERO-NOT: Register values
  // JSON: "kind":"SEGV"
  // JSON-NOT: "access"
  // JSON-SAME: "details":"The signal is caused by a READ memory access.\nHint: this fault was caused by a dereference of a high value address
}
