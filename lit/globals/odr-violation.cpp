// Two shared libraries define the same global (and a class's key function,
// so its vtable too): the dynamic linker binds every reference to the first
// library's, and the second's copy is never used, a violation of the One
// Definition Rule. Reported as odr-violation when the modules register
// their globals, before main, with both definitions' sizes, names and
// modules and where each was registered (detect_odr_violation=2, the
// default; 1: only when the sizes differ; 0: never). Hidden symbols, which
// each library keeps to itself, are no violation.
// RUN: %sleuth_cxx -DLIB1 -fPIC -shared %s -o %t-1.so
// RUN: %sleuth_cxx -DLIB2 -fPIC -shared %s -o %t-2.so
// RUN: %sleuth_cxx -DLIB2 -DOTHER_SIZE -fPIC -shared %s -o %t-2big.so
// RUN: %sleuth_cxx -DLIB2 -fvisibility=hidden -fPIC -shared %s -o %t-2hidden.so
// RUN: %sleuth_cxx %s -o %t-same %t-1.so %t-2.so -Wl,-rpath,%T
// RUN: %sleuth_cxx %s -o %t-big %t-1.so %t-2big.so -Wl,-rpath,%T
// RUN: %sleuth_cxx %s -o %t-hidden %t-1.so %t-2hidden.so -Wl,-rpath,%T
// RUN: not %run %t-same 2>&1 | FileCheck %s --check-prefixes=CHECK,SAME
// RUN: env SLEUTH_OPTIONS=detect_odr_violation=1 %run %t-same 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env SLEUTH_OPTIONS=detect_odr_violation=1 not %run %t-big 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: env SLEUTH_OPTIONS=detect_odr_violation=0 %run %t-same 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %run %t-hidden 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env -u SLEUTH_OPTIONS ASAN_OPTIONS=detect_odr_violation=2 not %run %t-same 2>&1 | FileCheck %s --check-prefix=ASAN-HINT
// The class alone: its vtable, named as C++ names it.
// RUN: %sleuth_cxx -DLIB1 -DNO_TABLE -fPIC -shared %s -o %t-v1.so
// RUN: %sleuth_cxx -DLIB2 -DNO_TABLE -fPIC -shared %s -o %t-v2.so
// RUN: %sleuth_cxx -DNO_TABLE %s -o %t-vtable %t-v1.so %t-v2.so -Wl,-rpath,%T
// RUN: not %run %t-vtable 2>&1 | FileCheck %s --check-prefix=VTABLE

#if defined(LIB1) || defined(LIB2)
#if defined(NO_TABLE)
namespace cfg { __attribute__((visibility("hidden"))) int table[1] = {1}; }
#else
namespace cfg {
#if defined(OTHER_SIZE)
int table[8] = {1};
#else
int table[4] = {1};
#endif
} // namespace cfg
#endif
struct Shape {
  virtual int sides();
};
int Shape::sides() { return 0; }
#if defined(LIB1)
int lib1_sides() { return Shape().sides() + cfg::table[0]; }
#else
int lib2_sides() { return Shape().sides() + cfg::table[0]; }
#endif

#else
#include <stdio.h>
int lib1_sides();
int main() {
  printf("main ran %d\n", lib1_sides());
  return 0;
}
#endif

// CHECK: ERROR: Sleuth: odr-violation ([[A:0x[0-9a-f]+]]):
// SAME-NEXT: [1] size=16 'cfg::table' {{.*}}odr-violation.cpp:36:{{[0-9]+}} in {{.*}}odr-violation.cpp.tmp-1.so
// SAME-NEXT: [2] size=16 'cfg::table' {{.*}}odr-violation.cpp:36:{{[0-9]+}} in {{.*}}odr-violation.cpp.tmp-2.so
// CHECK: These globals were registered at these points:
// CHECK-NEXT: [1]:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in __sleuth_register_globals
// CHECK: [2]:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in __sleuth_register_odr
// CHECK: SUMMARY: Sleuth: odr-violation: global 'cfg::table' at {{.*}}odr-violation.cpp:36
// CHECK-NOT: main ran

// VTABLE: ERROR: Sleuth: odr-violation
// VTABLE-NEXT: [1] size=24 'vtable for Shape' {{.*}}odr-violation.cpp{{(:[0-9]+)?}} in {{.*}}tmp-v1.so
// VTABLE-NEXT: [2] size=24 'vtable for Shape' {{.*}}odr-violation.cpp{{(:[0-9]+)?}} in {{.*}}tmp-v2.so
// VTABLE: SUMMARY: Sleuth: odr-violation: global 'vtable for Shape'

// CLEAN-NOT: odr-violation
// CLEAN: main ran 1

// BIG: ERROR: Sleuth: odr-violation
// BIG-NEXT: [1] size=16 'cfg::table'
// BIG-NEXT: [2] size=32 'cfg::table'
// BIG-NOT: vtable for Shape

// ASAN-HINT: HINT: if you don't care about these errors you may set ASAN_OPTIONS=detect_odr_violation=0
