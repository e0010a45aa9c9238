// RUN: %clang -DPLAIN_LIB -fPIC -shared %s -o %t-plain.so
// RUN: %sleuth_cc -DSLEUTH_LIB -fPIC -shared %s -o %t-lib.so
// RUN: %sleuth_cc %s %t-plain.so %t-lib.so -Wl,-rpath,%T -o %t
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: not %run %t past-end 2>&1 | FileCheck %s

#if defined(PLAIN_LIB)
long slot_a = 1;
long slot_b = 2;
long lib_load(long *p);
long plain_sum(void) { return lib_load(&slot_a) + lib_load(&slot_b); }

#elif defined(SLEUTH_LIB)
long slot_a = 10;
long lib_only[2] = {5, 6};
long lib_load(long *p) { return *p; }
long lib_past_end(int i) { return lib_load(&lib_only[i]); }

#else
#include <stdio.h>
long plain_sum(void);
long lib_past_end(int i);
int main(int argc, char **argv) {
  (void)argv;
  printf("sum %ld\n", plain_sum());
  if (argc > 1)
    printf("past end %ld\n", lib_past_end(argc));
  return 0;
}
#endif

// CLEAN-NOT: Sleuth
// CLEAN: sum 3
// CLEAN-NOT: Sleuth

// CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: READ of size 8 at [[ADDR]] thread T0
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in lib_load {{.*}}interposed-global.c:16
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in lib_past_end {{.*}}interposed-global.c:17
// CHECK-NEXT: #2 0x{{[0-9a-f]+}} in main {{.*}}interposed-global.c:27
// CHECK: [[ADDR]] is located 0 bytes after global variable 'lib_only' defined in '{{.*}}interposed-global.c:15{{.*}}' ({{0x[0-9a-f]+}}) of size 16
// CHECK: SUMMARY: Sleuth: global-buffer-overflow

// An instrumented shared library defines slot_a, which an uninstrumented
// library loaded before it defines too, next to slot_b. The library's
// reference to slot_a binds to the first definition: registering that
// address would poison a redzone over the plain library's slot_b, and its
// read of slot_b would be a false global-buffer-overflow. The library
// registers its own copy instead (a private alias). Its default-visibility
// global lib_only is registered the same way and still has its redzone:
// reading one element past its end is reported.
