// A program built without Sleuth asks for heap profile dumps at points of
// its choosing under `sleuth-run --profile`: the preloaded runtime exports
// sleuth_heap_profile_dump and sleuth_heap_profile_active, which the
// program finds at run time with dlsym(RTLD_DEFAULT, ...). Run without
// Sleuth, the lookup finds nothing and the program goes on. Each dump
// holds what was live when it was asked for: 200 blocks of 64 KiB held
// by keep_batch after the first batch, 400 after the second.
// RUN: %clang -O1 -g %s -o %t -ldl
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=1:heap_profile_prefix=p %sleuth_run --profile %t > out.txt
// RUN: FileCheck %s < out.txt
// CHECK: dump to batch1.heap: 0
// CHECK-NEXT: dump to the next numbered file: 0
// CHECK-NEXT: sampling off: was 1
// RUN: FileCheck %s --check-prefix=ONE < batch1.heap
// ONE: heap_v2/1
// ONE: @ [[STACK:.*]]
// ONE-NEXT: t*: 200: 13107200 [200: 13107200]
// RUN: FileCheck %s --check-prefix=TWO < p.*.0.heap
// TWO: heap_v2/1
// TWO: t*: 200: 13107200 [200: 13107200]
// TWO: t*: 200: 13107200 [200: 13107200]
// The timeline lists both dumps, and the exit dump after them.
// RUN: FileCheck %s --check-prefix=LINES < p.*.timeline
// LINES: dump {{[0-9]+}} why=api batch1.heap
// LINES: dump {{[0-9]+}} why=api p.{{[0-9]+}}.0.heap
// LINES: dump {{[0-9]+}} why=exit p.{{[0-9]+}}.1.heap
// RUN: %sleuth_build/bin/sleuth-report --top 1 p.*.0.heap | FileCheck %s --check-prefix=TOP
// TOP: {{^ +}}26214400 {{.*}} 26214400 {{.*}}  keep_batch
// Without Sleuth: no function to call, no file.
// RUN: %t > plain.txt && FileCheck %s --check-prefix=PLAIN < plain.txt
// PLAIN: not run under Sleuth: no dumps
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *kept[400];

__attribute__((noinline)) static void keep_batch(int from) {
  for (int i = from; i < from + 200; i++) {
    kept[i] = malloc(64 << 10);
    memset(kept[i], 1, 64 << 10);
  }
}

int main(void) {
  int (*dump)(const char *) =
      (int (*)(const char *))dlsym(RTLD_DEFAULT, "sleuth_heap_profile_dump");
  int (*active)(int) =
      (int (*)(int))dlsym(RTLD_DEFAULT, "sleuth_heap_profile_active");
  keep_batch(0);
  if (!dump || !active) {
    printf("not run under Sleuth: no dumps\n");
    return 0;
  }
  printf("dump to batch1.heap: %d\n", dump("batch1.heap"));
  keep_batch(200);
  printf("dump to the next numbered file: %d\n", dump(NULL));
  printf("sampling off: was %d\n", active(0));
  return 0;
}
