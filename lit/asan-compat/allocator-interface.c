// RUN: %sleuth_cc -E %s | FileCheck --check-prefix=HDR %s
// HDR: include/sleuth/compat/sanitizer/allocator_interface.h
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <sanitizer/allocator_interface.h>
#include <stdio.h>
#include <stdlib.h>

#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c))                                                                  \
      fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c);                   \
  } while (0)

static const volatile void *hook_alloc, *hook_free;
static size_t hook_size;
static char order[16];
static int norder;

void __sanitizer_malloc_hook(const volatile void *p, size_t n) {
  hook_alloc = p;
  hook_size = n;
  if (norder < 15)
    order[norder++] = 'm';
}
void __sanitizer_free_hook(const volatile void *p) {
  hook_free = p;
  if (norder < 15)
    order[norder++] = 'f';
}
static void alloc1(const volatile void *p, size_t n) {
  (void)p, (void)n;
  if (norder < 15)
    order[norder++] = '1';
}
static void free1(const volatile void *p) {
  (void)p;
  if (norder < 15)
    order[norder++] = '2';
}
static void alloc2(const volatile void *p, size_t n) {
  (void)p, (void)n;
  if (norder < 15)
    order[norder++] = '3';
}
static void free2(const volatile void *p) {
  (void)p;
  if (norder < 15)
    order[norder++] = '4';
}

static void *thread_alloc(void *arg) {
  (void)arg;
  return malloc(300);
}

int main(void) {
  EXPECT(__sanitizer_get_estimated_allocated_size(100) == 100);
  EXPECT(__sanitizer_get_unmapped_bytes() == 0);
  size_t before = __sanitizer_get_current_allocated_bytes();

  char *p = malloc(1000);
  EXPECT(hook_alloc == p && hook_size == 1000);
  EXPECT(__sanitizer_get_current_allocated_bytes() == before + 1000);
  EXPECT(__sanitizer_get_ownership(p));
  EXPECT(!__sanitizer_get_ownership(p + 16));
  EXPECT(!__sanitizer_get_ownership(&before));
  EXPECT(!__sanitizer_get_ownership(NULL));
  EXPECT(__sanitizer_get_allocated_size(p) == 1000);
  EXPECT(__sanitizer_get_allocated_size(NULL) == 0);
  size_t heap = __sanitizer_get_heap_size();
  EXPECT(heap >= before + 1000);
  EXPECT(__sanitizer_get_free_bytes() < heap);

  // A large block: its own mapping, counted in the heap size until freed.
  char *big = malloc(1 << 20);
  EXPECT(__sanitizer_get_allocated_size(big) == 1 << 20);
  EXPECT(__sanitizer_get_heap_size() >= heap + (1 << 20));
  EXPECT(__sanitizer_get_current_allocated_bytes() == before + 1000 + (1 << 20));
  free(big);
  EXPECT(hook_free == big);
  EXPECT(!__sanitizer_get_ownership(big));
  EXPECT(__sanitizer_get_current_allocated_bytes() == before + 1000);

  // Allocated by one thread and freed by another: the counts still add up.
  pthread_t th;
  void *q;
  pthread_create(&th, 0, thread_alloc, 0);
  pthread_join(th, &q);
  EXPECT(__sanitizer_get_ownership(q));
  // glibc keeps the exited thread's TLS vector (malloc'ed) for reuse.
  size_t with_q = __sanitizer_get_current_allocated_bytes();
  EXPECT(with_q >= before + 1300);
  free(q);
  size_t settled = __sanitizer_get_current_allocated_bytes();
  EXPECT(settled == with_q - 300);

  // Installed pairs run after the program's own hooks, in order; at most 5.
  EXPECT(__sanitizer_install_malloc_and_free_hooks(alloc1, free1) == 1);
  EXPECT(__sanitizer_install_malloc_and_free_hooks(alloc2, free2) == 2);
  EXPECT(__sanitizer_install_malloc_and_free_hooks(0, free2) == 0);
  norder = 0;
  void *volatile small = malloc(8); // kept at -O2
  free(small);
  order[norder] = 0;
  fprintf(stderr, "order %s\n", order);
  // CHECK: order m13f24
  EXPECT(__sanitizer_install_malloc_and_free_hooks(alloc2, free2) == 3);
  EXPECT(__sanitizer_install_malloc_and_free_hooks(alloc2, free2) == 4);
  EXPECT(__sanitizer_install_malloc_and_free_hooks(alloc2, free2) == 5);
  EXPECT(__sanitizer_install_malloc_and_free_hooks(alloc2, free2) == 0);

  // A freed block waits in quarantine (not free) until the purge.
  free(p);
  EXPECT(!__sanitizer_get_ownership(p));
  EXPECT(__sanitizer_get_current_allocated_bytes() == settled - 1000);
  size_t free_before = __sanitizer_get_free_bytes();
  __sanitizer_purge_allocator();
  EXPECT(__sanitizer_get_free_bytes() >= free_before + 1000);
  fprintf(stderr, "done\n");
  return 0;
}
// CHECK-NOT: FAILED
// CHECK: done

// Every function of <sanitizer/allocator_interface.h> (Sleuth's own header,
// found before clang's) on the checking allocator: ownership and sizes of
// live blocks, the heap statistics across threads and for large blocks, the
// program's hooks and installed pairs, and the quarantine purge. Each failed
// check prints its line.
