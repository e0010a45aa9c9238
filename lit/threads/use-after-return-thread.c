// Each thread has its own fake stack: a use after return in thread T1 names
// T1's frame. Threads that used their fake stacks and exited leave no stale
// poison behind (memory mapped later at the same addresses is clean).
// RUN: %sleuth_cc -O0 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && env SLEUTH_OPTIONS=detect_stack_use_after_return=1 not %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

__attribute__((noinline)) static long rec(int n) {
  long a[20];
  for (int i = 0; i < 20; i++)
    a[i] = n + i;
  __asm__ volatile("" : : "r"(a) : "memory");
  return n ? rec(n - 1) + a[19] - a[18] : 0;
}

static void *busy(void *arg) {
  return (void *)rec((int)(long)arg);
}

__attribute__((noinline)) static char *dangling(int n) {
  char name[24];
  snprintf(name, sizeof name, "thread %d", n);
  __asm__ volatile("" : : "r"(name) : "memory");
  return name + n;
}

// CHECK: clean rounds done
static void *bad(void *arg) {
  char *p = dangling((int)(long)arg);
  return (void *)(long)*p;
  // CHECK: ERROR: Sleuth: stack-use-after-return on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T[[T:[0-9]+]]
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in bad .*}}use-after-return-thread.c:[[@LINE-3]]
  // CHECK: Address [[ADDR]] is located in stack of thread T[[T]] at offset 35 in frame
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in dangling .*}}use-after-return-thread.c:23
  // CHECK: [32, 56) 'name' (line 24) <== Memory access at offset 35 is inside this variable
}

int main(void) {
  for (int round = 0; round < 6; round++) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
      pthread_create(&t[i], 0, busy, (void *)(long)(50 + i));
    for (int i = 0; i < 4; i++)
      pthread_join(t[i], 0);
    // Fresh mappings, likely where exited threads' fake stacks were.
    size_t len = 16 << 20;
    char *m = mmap(0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    memset(m, 1, len);
    munmap(m, len);
  }
  fprintf(stderr, "clean rounds done\n");
  pthread_t t;
  pthread_create(&t, 0, bad, (void *)3L);
  pthread_join(t, 0);
  return 0;
}
