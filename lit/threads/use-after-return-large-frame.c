// A use after return of a frame of more than 4 KiB (fake-stack classes
// above 4 KiB) names the thread and the returned frame, on thread T1 and on
// the main thread, like small frames do; it used to say "wild pointer".
// Without an argument the frames are only used while live: no output.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t thread8k 2>&1 | FileCheck %s --check-prefixes=CHECK,T1,K8
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t thread40k 2>&1 | FileCheck %s --check-prefixes=CHECK,T1,K40
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t main40k 2>&1 | FileCheck %s --check-prefixes=CHECK,T0,K40
// RUN: %sleuth_cc -O2 %s -o %t
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 %run %t 2>&1 | count 0
// RUN: env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t thread40k 2>&1 | FileCheck %s --check-prefixes=CHECK,T1,K40
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int dangle;

__attribute__((noinline)) static char *frame_8k(int n, int *sum) {
  char buf8k[8000];
  memset(buf8k, n, sizeof buf8k);
  __asm__ volatile("" : : "r"(buf8k) : "memory");
  *sum += buf8k[100];
  return dangle ? buf8k + 100 : NULL;
}

__attribute__((noinline)) static char *frame_40k(int n, int *sum) {
  char buf40k[40000];
  memset(buf40k, n, sizeof buf40k);
  __asm__ volatile("" : : "r"(buf40k) : "memory");
  *sum += buf40k[100];
  return dangle ? buf40k + 100 : NULL;
}

static int use(char *(*make)(int, int *)) {
  int sum = 0;
  char *p = make(1, &sum);
  if (p)
    sum += *(volatile char *)p;
  // CHECK: ERROR: Sleuth: stack-use-after-return on address [[ADDR:0x[0-9a-f]+]] at pc
  // T1-NEXT: READ of size 1 at [[ADDR]] thread T1
  // T0-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in use .*}}use-after-return-large-frame.c:[[@LINE-4]]
  // T1: Address [[ADDR]] is located in stack of thread T1 at offset 132 in frame
  // T0: Address [[ADDR]] is located in stack of thread T0 at offset 132 in frame
  // K8-NEXT: {{#0 0x[0-9a-f]+ in frame_8k .*}}use-after-return-large-frame.c:19
  // K40-NEXT: {{#0 0x[0-9a-f]+ in frame_40k .*}}use-after-return-large-frame.c:27
  // K8: [32, 8032) 'buf8k' (line 20) <== Memory access at offset 132 is inside this variable
  // K40: [32, 40032) 'buf40k' (line 28) <== Memory access at offset 132 is inside this variable
  // T1: Thread T1 created by T0 here:
  // CHECK: SUMMARY: Sleuth: stack-use-after-return {{.*}}use-after-return-large-frame.c:[[@LINE-12]]:{{[0-9]+}} in use
  return sum;
}

static void *thread_main(void *arg) {
  return (void *)(long)use((char *(*)(int, int *))arg);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  dangle = *mode != 0;
  if (!*mode || !strcmp(mode, "main40k"))
    use(frame_40k);
  if (!*mode || !strcmp(mode, "thread8k") || !strcmp(mode, "thread40k")) {
    pthread_t t;
    pthread_create(&t, NULL, thread_main,
                   !strcmp(mode, "thread8k") ? (void *)frame_8k : (void *)frame_40k);
    pthread_join(t, NULL);
  }
  return 0;
}
