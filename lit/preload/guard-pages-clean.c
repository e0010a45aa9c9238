// A correct program under guard_pages=1 (every allocation that fits a slot
// is guarded, until the pool's 256 slots are all in use) is silent: sizes,
// realloc growing and shrinking across guarded and ordinary blocks, calloc
// zeroing a reused slot, the aligned allocators (up to a page guarded,
// above a page never), malloc_usable_size, a fork child with its own pool,
// and a list whose ordinary nodes are reachable only through guarded ones
// (the leak scan reads guarded blocks).
// RUN: %clang -O1 -g -fno-omit-frame-pointer %s -o %t
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run --profile %t 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=guard_pages=3 %sleuth_run %t 2>&1 | FileCheck %s
// RUN: %clang -O1 -g -fomit-frame-pointer %s -o %t.nofp
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run %t.nofp 2>&1 | FileCheck %s
// RUN: env SLEUTH_OPTIONS=guard_pages=1 %sleuth_run --profile %t.nofp 2>&1 | FileCheck %s
// CHECK-NOT: Sleuth
// CHECK: clean: all checks passed
// CHECK-NOT: Sleuth
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct node {
  struct node *next;
  char pad[40];
};
static struct node *head;

static int failures;
#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c);                   \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static void fill_and_check(unsigned char *p, size_t n, unsigned char v) {
  memset(p, v, n);
  for (size_t i = 0; i < n; i++)
    if (p[i] != v) {
      failures++;
      return;
    }
}

static void sizes(void) {
  static const size_t ns[] = {0, 1, 15, 16, 17, 100, 4095, 4096, 4097, 8192,
                              8193, 100000};
  for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
    unsigned char *p = malloc(ns[k]);
    EXPECT(p != 0);
    EXPECT(((uintptr_t)p & 15) == 0);
    EXPECT(malloc_usable_size(p) >= ns[k]);
    fill_and_check(p, ns[k], 0xab);
    free(p);
  }
}

static void reallocs(void) {
  unsigned char *p = malloc(10);
  for (int i = 0; i < 10; i++)
    p[i] = (unsigned char)i;
  static const size_t grow[] = {20, 5000, 9000, 30, 7};
  for (size_t k = 0; k < sizeof grow / sizeof grow[0]; k++) {
    p = realloc(p, grow[k]);
    EXPECT(p != 0);
    EXPECT(malloc_usable_size(p) >= grow[k]);
    for (int i = 0; i < 7; i++)
      EXPECT(p[i] == (unsigned char)i);
    if (grow[k] > 10)
      memset(p + 10, 0, grow[k] - 10);
  }
  free(p);
  EXPECT(realloc(0, 33) != 0 || 0); // a fresh block through realloc
}

static void callocs(void) {
  for (int round = 0; round < 600; round++) { // more than the pool: reuse
    unsigned char *p = calloc(37, 3);
    for (int i = 0; i < 111; i++)
      EXPECT(p[i] == 0);
    memset(p, 0xff, 111);
    free(p);
  }
}

static void aligned(void) {
  static const size_t al[] = {16, 32, 64, 256, 4096, 8192, 65536};
  for (size_t k = 0; k < sizeof al / sizeof al[0]; k++) {
    void *p = 0;
    EXPECT(posix_memalign(&p, al[k], 100) == 0);
    EXPECT(((uintptr_t)p & (al[k] - 1)) == 0);
    EXPECT(malloc_usable_size(p) >= 100);
    fill_and_check(p, 100, 1);
    free(p);
    p = aligned_alloc(al[k], al[k] * 2);
    EXPECT(p && ((uintptr_t)p & (al[k] - 1)) == 0);
    fill_and_check(p, al[k] * 2, 2);
    free(p);
    p = memalign(al[k], 24);
    EXPECT(p && ((uintptr_t)p & (al[k] - 1)) == 0);
    fill_and_check(p, 24, 3);
    free(p);
  }
}

static void list(void) {
  for (int i = 0; i < 400; i++) { // past the 256 slots: ordinary nodes too
    struct node *n = malloc(sizeof *n);
    n->next = head;
    head = n;
  }
}

static void child(void) {
  pid_t pid = fork();
  if (pid == 0) {
    for (int i = 0; i < 300; i++) {
      char *p = malloc(64);
      fill_and_check((unsigned char *)p, 64, 9);
      free(p);
    }
    _exit(failures ? 3 : 0);
  }
  int st = 0;
  EXPECT(waitpid(pid, &st, 0) == pid);
  EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int main(void) {
  list(); // first, so some nodes are guarded
  sizes();
  reallocs();
  callocs();
  aligned();
  child();
  char *s = strdup("guarded string");
  EXPECT(strcmp(s, "guarded string") == 0);
  free(s);
  if (failures)
    return 1;
  fprintf(stderr, "clean: all checks passed\n");
  return 0;
}
