// A program run with LD_LIBRARY_PATH naming its own build of a library
// that llvm-symbolizer also links (zlib here; libtool's wrappers do this
// for every package with a shared library): the symbolizer must not load
// it in place of the system's, or every frame loses its file and line.
// The program itself still finds its libraries on the path.
// RUN: rm -rf %t.d %t.z && mkdir -p %t.d %t.z
// RUN: %sleuth_cc -fPIC -shared -Wl,-soname,libz.so.1 %S/Inputs/not-zlib.c -o %t.z/libz.so.1
// RUN: %sleuth_cc -fPIC -shared -Wl,-soname,libfill.so %S/Inputs/fill-lib.c -o %t.d/libfill.so
// RUN: %sleuth_cc -O0 %s -L%t.d -lfill -o %t
// RUN: not env LD_LIBRARY_PATH=%t.d:%t.z SLEUTH_OPTIONS=symbolize_cache=0 %run %t 2>&1 | FileCheck %s -DLIBLINE=$(grep -n FILL_OVERFLOW %S/Inputs/fill-lib.c | cut -d: -f1)
// A symbolizer that works only with the path (installed where only
// LD_LIBRARY_PATH finds its libraries) is started again with it.
// RUN: printf '#!/bin/sh\n[ -n "$LD_LIBRARY_PATH" ] || exit 1\nexec %llvm_symbolizer "$@"\n' > %t.d/needs-path && chmod +x %t.d/needs-path
// RUN: not env LD_LIBRARY_PATH=%t.d SLEUTH_OPTIONS=external_symbolizer_path=%t.d/needs-path:symbolize_cache=0 %run %t 2>&1 | FileCheck %s -DLIBLINE=$(grep -n FILL_OVERFLOW %S/Inputs/fill-lib.c | cut -d: -f1)
// CHECK: ERROR: Sleuth: heap-buffer-overflow
// CHECK: WRITE of size 1
// CHECK: #0 {{.*}} in fill {{.*}}fill-lib.c:[[LIBLINE]]:
// CHECK: #1 {{.*}} in main {{.*}}symbolizer-library-path.c:[[@LINE+10]]
// CHECK: allocated by thread T0 here:
// CHECK-NEXT: #0 {{.*}} in malloc
// CHECK-NEXT: #1 {{.*}} in main {{.*}}symbolizer-library-path.c:[[@LINE+6]]
#include <stdlib.h>

void fill(char *p, int n);

int main(void) {
  char *p = malloc(16);
  fill(p, 16);
  free(p);
  return 0;
}
