// A real jemalloc heap profile (prof:true, one sample per 4 KiB on average)
// is read as it is: jemalloc's own leading frames are dropped, and the
// scaled totals and the top function equal what jeprof computes.
// REQUIRES: jemalloc
// RUN: %clang -g -O1 -fno-omit-frame-pointer %s -o %t
// RUN: rm -f %t.prof.*.heap
// RUN: env MALLOC_CONF=prof:true,prof_accum:true,prof_final:true,lg_prof_sample:12,prof_prefix:%t.prof LD_PRELOAD=%libjemalloc %t
// RUN: jeprof --text --show_bytes %t %t.prof.*.heap 2>/dev/null > %t.jeprof
// RUN: %sleuth_report %t.prof.*.heap > %t.ours
// RUN: FileCheck %s --input-file %t.ours -DTOTAL=$(awk '/^Total:/ {print $2; exit}' %t.jeprof) \
// RUN:   -DTOPV=$(awk 'NR==2 {print $1}' %t.jeprof) -DTOPF=$(awk 'NR==2 {print $6}' %t.jeprof)
// CHECK: Type: inuse_space, sample interval 4096 bytes
// CHECK: Total: [[TOTAL]] bytes
// CHECK: flat
// CHECK-NEXT: {{^ +}}[[TOPV]] {{.*}} [[TOPF]]{{$}}
// RUN: jeprof --text --show_bytes --alloc_space %t %t.prof.*.heap 2>/dev/null > %t.jeprof.alloc
// RUN: %sleuth_report --alloc-space %t.prof.*.heap | FileCheck %s --check-prefix=ALLOC \
// RUN:   -DTOTAL=$(awk '/^Total:/ {print $2; exit}' %t.jeprof.alloc)
// ALLOC: Total: [[TOTAL]] bytes
#include <stdlib.h>

void *keep[4000];

__attribute__((noinline)) void big_blocks(int i) { keep[i] = malloc(1000 + i); }
__attribute__((noinline)) void small_blocks(int i) { keep[i] = malloc(48); }

int main(void) {
  for (int i = 0; i < 500; i++)
    big_blocks(i);
  for (int i = 500; i < 4000; i++)
    small_blocks(i);
  for (int i = 0; i < 4000; i += 3) {
    free(keep[i]);
    keep[i] = 0;
  }
  return 0;
}
