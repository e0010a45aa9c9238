// The contiguous-container calls by hand: an access to the annotated
// unused part is container-overflow; verify and find_bad_address agree
// with the annotation; moving mid back and forth leaves the used part
// addressable. Checked before the faulting write, so any failed check
// prints its line.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <sanitizer/common_interface_defs.h>
#include <stdio.h>
#include <stdlib.h>

#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c))                                                                  \
      fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c);                            \
  } while (0)

int main(int argc, char **argv) {
  char *buf = malloc(64);
  // In use: [buf, buf+64). Shrink to 21 bytes, then grow to 30.
  __sanitizer_annotate_contiguous_container(buf, buf + 64, buf + 64, buf + 21);
  EXPECT(__sanitizer_verify_contiguous_container(buf, buf + 21, buf + 64));
  EXPECT(!__sanitizer_verify_contiguous_container(buf, buf + 30, buf + 64));
  EXPECT(__sanitizer_contiguous_container_find_bad_address(
             buf, buf + 30, buf + 64) == buf + 21);
  EXPECT(__sanitizer_contiguous_container_find_bad_address(
             buf, buf + 10, buf + 64) == buf + 10);
  __sanitizer_annotate_contiguous_container(buf, buf + 64, buf + 21, buf + 30);
  EXPECT(__sanitizer_verify_contiguous_container(buf, buf + 30, buf + 64));
  for (int i = 0; i < 30; i++)
    buf[i] = (char)i;
  fputs("checks done\n", stderr);
  // CHECK-NOT: FAILED
  // CHECK: checks done
  ((volatile char *)buf)[argc + 31] = 1;
  // CHECK: ERROR: Sleuth: container-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}container-annotations.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 32 bytes inside of 64-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}container-annotations.c:[[@LINE-23]]
  free(buf);
  return 0;
}
