// Profile-only mode (sleuth-run --profile) on a C++ program built without
// Sleuth: operator new, new[], nothrow and aligned new and every delete
// reach glibc through the profiled entry points. With every allocation
// sampled (heap_profile_sample=1) the exit dump's counts are exact: the
// site that keeps 100 objects of 48 bytes and 10 arrays of 4000 bytes, and
// the churned blocks all freed again. (Heap in use against glibc's own
// count is profile-only-exact-threads.c's: here the main thread's tcache
// holds churned blocks that glibc counts as in use.)
// RUN: %clangxx -O1 -g -fno-omit-frame-pointer %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/a:heap_profile_sample=1 %sleuth_run --profile %t > %t.d/a.out
// RUN: %sleuth_build/bin/sleuth-report --lines %t.d/a.*.0.heap | FileCheck %s --check-prefix=LINES
// RUN: %sleuth_build/bin/sleuth-report --lines --inuse-objects %t.d/a.*.0.heap | FileCheck %s --check-prefix=OBJ
// (libstdc++'s own emergency pool and stdio's buffer are live too.)
// LINES: exact counts
// LINES-DAG: {{^ +}}40000 {{.*}} keep_arrays() {{.*}}profile-only-cxx.cpp:[[@LINE+32]]
// LINES-DAG: {{^ +}}4800 {{.*}} keep_objects() {{.*}}profile-only-cxx.cpp:[[@LINE+27]]
// LINES-NOT: churn
// OBJ-DAG: {{^ +}}10 {{.*}} keep_arrays()
// OBJ-DAG: {{^ +}}100 {{.*}} keep_objects()
// OBJ-NOT: churn
//
// A throwing new that glibc cannot satisfy is reported, as a C runtime
// cannot throw std::bad_alloc, with the program's stack.
// RUN: env SLEUTH_OPTIONS=heap_profile_prefix=%t.d/c not %sleuth_run --profile %t huge 2>&1 | FileCheck %s --check-prefix=OOM
// OOM: ERROR: Sleuth: out-of-memory: allocator is trying to allocate 0x4000000000000000 bytes
// OOM: #1 {{.*}} in huge_new() {{.*}}profile-only-cxx.cpp:[[@LINE+36]]
#include <new>
#include <stdio.h>
#include <string.h>

struct Obj {
  char bytes[48];
};
struct alignas(64) Wide {
  char bytes[128];
};

static Obj *objects[100];
static char *arrays[10];

__attribute__((noinline)) void keep_objects() {
  for (int i = 0; i < 100; i++)
    objects[i] = new Obj();
}
__attribute__((noinline)) void keep_arrays() {
  for (int i = 0; i < 10; i++)
    arrays[i] = new char[4000];
}
__attribute__((noinline)) void churn() {
  for (int i = 0; i < 1000; i++) {
    Obj *o = new Obj();
    char *a = new (std::nothrow) char[i + 1];
    Wide *w = new Wide();
    memset(a, 1, i + 1);
    delete w;
    delete[] a;
    delete o;
  }
}
static volatile size_t huge = (size_t)1 << 62;
__attribute__((noinline)) void huge_new() {
  char *p = new char[huge];
  printf("%p\n", (void *)p);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "huge")) {
    huge_new();
    return 0;
  }
  churn();
  keep_objects();
  keep_arrays();
  return 0;
}
