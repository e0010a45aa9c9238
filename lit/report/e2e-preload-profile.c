// End to end: an uninstrumented program (plain clang, no frame pointers)
// under sleuth-run --profile; sleuth-report names the top site and line
// from the real dump, symbolizing it from the dump's mapped libraries, and
// the API dump taken half-way gives the exact growth (sample=1).
// RUN: %clang -O1 -g -fomit-frame-pointer %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=1:heap_profile_prefix=%t.d/p %sleuth_run --profile %t
// RUN: %sleuth_report --top 2 --lines %t.d/p.*.1.heap | FileCheck %s
// CHECK: Type: inuse_space, sample interval 1 byte (exact counts)
// CHECK: flat
// CHECK-NEXT: {{^ +}}204800 {{.*}} table_add {{.*}}e2e-preload-profile.c:[[@LINE+20]]
// CHECK-NEXT: {{^ +}}3200 {{.*}} note {{.*}}e2e-preload-profile.c:[[@LINE+24]]
// RUN: %sleuth_report --base %t.d/p.*.0.heap %t.d/p.*.1.heap | FileCheck %s --check-prefix=BASE
// BASE: Total: 102400 bytes
// BASE: {{^ +}}102400 100.00% {{.*}} table_add
// BASE-NOT: note
#include <dlfcn.h>
#include <stdlib.h>

void *volatile keep[256];
static int n;

// sleuth_heap_profile_dump exists only when the runtime is loaded.
static void dump(void) {
  int (*d)(const char *) = (int (*)(const char *))dlsym(RTLD_DEFAULT, "sleuth_heap_profile_dump");
  if (d)
    d(0);
}

__attribute__((noinline)) void table_add(void) {
  keep[n++] = malloc(1024);
  __asm__ volatile("");
}

__attribute__((noinline)) void note(void) {
  keep[200 + n % 50] = malloc(32);
  __asm__ volatile("");
}

int main(void) {
  for (int i = 0; i < 100; i++) {
    table_add();
    note();
  }
  dump(); // dump 0
  for (int i = 0; i < 100; i++)
    table_add();
  return 0; // dump 1 at exit
}
