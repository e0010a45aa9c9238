// log_path on a full disk (an 8 KiB tmpfs in a private mount namespace):
// every report in the file is whole (each JSON line parses; one cut short
// by the disk is cut back off), the loss is said once on stderr, the exit
// status is kept, and a heap dump that could not be written whole is
// removed rather than left partial (jeprof would read it as a smaller heap).
// REQUIRES: root-unshare-tmpfs
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: rm -rf %t.mnt && mkdir %t.mnt
// RUN: unshare -m sh -c 'mount -t tmpfs -o size=8k tmpfs %t.mnt && env SLEUTH_OPTIONS=halt_on_error=0:log_path=%t.mnt/r:log_format=json:heap_profile=1:heap_profile_sample=1 %t %t.mnt/d.heap > %t.stdout 2> %t.stderr; echo "rc=$?" >> %t.stdout; ls %t.mnt > %t.files; for f in %t.mnt/r.*; do python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]; print(\"lines parse\")" "$f" >> %t.stdout; grep -c heap-buffer-overflow "$f" >> %t.stdout; done'
// RUN: FileCheck %s < %t.stdout
// RUN: FileCheck %s --check-prefix=ERR < %t.stderr
// RUN: FileCheck %s --check-prefix=FILES < %t.files
// CHECK: dump -1
// CHECK: rc=1
// CHECK: lines parse
// CHECK-NEXT: {{^[1-9]$}}
// ERR: ERROR: Sleuth: a report could not be written to {{.*}}/r.{{[0-9]+}} (errno 28: no space left on device); it and later ones to the same place may be lost
// ERR-NOT: could not be written
// ERR: WARNING: Sleuth: cannot write the heap profile '{{.*}}d.heap' (write failed, disk full?; the partial file was removed)
// FILES-NOT: d.heap
#include <stdio.h>
#include <stdlib.h>

int sleuth_heap_profile_dump(const char *path);

#define F(n) __attribute__((noinline)) void f##n(void) { char *volatile p = malloc(16); p[16] = 1; free(p); }
F(0) F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9)

int main(int argc, char **argv) {
  void (*fs[])(void) = {f0, f1, f2, f3, f4, f5, f6, f7, f8, f9};
  for (int i = 0; i < 10; i++)
    fs[i](); // ten reports of about 2 KiB each: more than the disk holds
  void *keep[2000];
  for (int i = 0; i < 2000; i++)
    keep[i] = malloc(100 + i);
  printf("dump %d\n", argc > 1 ? sleuth_heap_profile_dump(argv[1]) : 0);
  for (int i = 0; i < 2000; i++)
    free(keep[i]);
  return 0;
}
