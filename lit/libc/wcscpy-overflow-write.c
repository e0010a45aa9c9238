// wcscpy of L"hello" (6 wide characters with the NUL, 24 bytes) into a
// block of 5 wchar_t: reported before the copy, from wcscpy.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t 2>&1 | FileCheck %s
#include <stdlib.h>
#include <wchar.h>

int main(int argc, char **argv) {
  wchar_t *dst = (wchar_t *)malloc(5 * sizeof(wchar_t));
  wcscpy(dst, argc > 5 ? L"" : L"hello");
  // CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: WRITE of size 24 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in wcscpy }}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wcscpy-overflow-write.c:[[@LINE-4]]
  // CHECK: [[ADDR]] is located 0 bytes after 20-byte region
  // CHECK-NEXT: allocated by thread T0 here:
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in malloc}}
  // CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}wcscpy-overflow-write.c:[[@LINE-9]]
  // CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in wcscpy
  int r = (int)wcslen(dst);
  free(dst);
  return r;
}
