// AFL++ with Sleuth: afl-cc with AFL_CC=sleuth-cc builds the target with
// AFL++'s instrumentation and Sleuth's, and afl-fuzz runs it through its
// fork server (a stdin program) and in persistent mode (__AFL_LOOP).
// afl-fuzz exports ASAN_OPTIONS (abort_on_error=1:symbolize=0:...), which
// Sleuth reads when SLEUTH_OPTIONS is unset: a report ends in SIGABRT,
// which afl-fuzz counts as a crash, and costs no symbolization. The saved
// crash reproduces Sleuth's report. Bounded by -E (executions); the seed
// is one bit away from the bug, which afl-fuzz's deterministic stage (-D) flips early.
// REQUIRES: afl
// RUN: rm -rf %t.dir && mkdir -p %t.dir/in && printf 'bug ' > %t.dir/in/seed
// RUN: env AFL_CC=%sleuth_cc afl-cc -O1 %s -o %t.fork
// RUN: env AFL_CC=%sleuth_cc afl-cc -O1 -DPERSISTENT %s -o %t.persist
// RUN: env AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_BENCH_UNTIL_CRASH=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
// RUN:   afl-fuzz -i %t.dir/in -o %t.dir/fork -D -E 100000 -- %t.fork > %t.fork.log 2>&1
// RUN: ls %t.dir/fork/default/crashes | FileCheck %s --check-prefix=SAVED
// RUN: not %run %t.fork < %t.dir/fork/default/crashes/id:000000* 2>&1 | FileCheck %s
// RUN: env AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_BENCH_UNTIL_CRASH=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
// RUN:   afl-fuzz -i %t.dir/in -o %t.dir/persist -D -E 100000 -- %t.persist > %t.persist.log 2>&1
// RUN: ls %t.dir/persist/default/crashes | FileCheck %s --check-prefix=SAVED
// RUN: not %run %t.persist < %t.dir/persist/default/crashes/id:000000* 2>&1 | FileCheck %s
#include <stdlib.h>
#include <unistd.h>

static char *volatile block;

static void check(const unsigned char *d, long n) {
  if (n >= 4 && d[0] == 'b' && d[1] == 'u' && d[2] == 'g' && d[3] == '!') {
    block = malloc(16);
    free(block);
    block[2] = 1;
  }
}

#ifdef PERSISTENT
__AFL_FUZZ_INIT();
int main(void) {
  __AFL_INIT();
  unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
  while (__AFL_LOOP(10000))
    check(buf, __AFL_FUZZ_TESTCASE_LEN);
  return 0;
}
#else
int main(void) {
  unsigned char buf[64];
  check(buf, read(0, buf, sizeof buf));
  return 0;
}
#endif
// SAVED: id:000000,sig:06,
// CHECK: ERROR: Sleuth: heap-use-after-free
// CHECK: WRITE of size 1 at
// CHECK-NEXT: #0 {{.*}} in check {{.*}}afl-forkserver-persistent.c:[[@LINE-23]]
// CHECK: freed by thread T0 here:
// CHECK: #1 {{.*}} in check {{.*}}afl-forkserver-persistent.c:[[@LINE-26]]
