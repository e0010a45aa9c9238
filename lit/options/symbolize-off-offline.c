// symbolize=0 prints each frame's address as ASan does: a return address
// less one (inside the call), so an offline symbolizer given the module and
// offset (llvm-symbolizer, asan_symbolize.py) names the call's line, also
// for a frame whose call is the last instruction of its function, in a
// shared library as in the executable.
// RUN: %sleuth_cc -O0 -DLIB -fPIC -shared %s -o %t-lib.so
// RUN: %sleuth_cc -O0 %s %t-lib.so -Wl,-rpath,%T -o %t
// RUN: env SLEUTH_OPTIONS=symbolize=0 not %run %t > %t.out 2>&1
// RUN: sed -n 's/^ *#\([01]\) 0x[0-9a-f]*  (\(.*\)+\(0x[0-9a-f]*\))$/\2 \3/p' %t.out | head -2 > %t.frames
// RUN: while read mod off; do %llvm_symbolizer --obj=$mod $off; done < %t.frames | FileCheck %s
#include <stdlib.h>

#ifdef LIB
void store_last(char *p, int i) {
  p[i] = 1; // line 15: the library frame, #0
}
#else
void store_last(char *p, int i);

int main(int argc, char **argv) {
  char *p = (char *)malloc(8);
  store_last(p, argc + 7); // line 22: the executable's frame, #1
  free(p);
  return 0;
}
#endif
// CHECK: store_last
// CHECK-NEXT: symbolize-off-offline.c:15
// CHECK: main
// CHECK-NEXT: symbolize-off-offline.c:22
