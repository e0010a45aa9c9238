/* Allocation hooks, as ASan calls them: the program's own weak-linked pair
 * first, then the installed pairs in installation order. The table is
 * written before the program starts threads (the interface says so), and
 * each entry is published before the count that makes it visible. */
#include "malloc_hooks.h"

#define MAX_HOOK_PAIRS 5

/* Defined by the program, or not at all (then their addresses are 0). */
extern void __sanitizer_malloc_hook(const volatile void *ptr, size_t size)
    __attribute__((weak));
extern void __sanitizer_free_hook(const volatile void *ptr)
    __attribute__((weak));

int malloc_hooks_on;

static struct {
  void (*on_alloc)(const volatile void *, size_t);
  void (*on_free)(const volatile void *);
} pairs[MAX_HOOK_PAIRS];
static int n_pairs;

void malloc_hooks_init(void) {
  if (__sanitizer_malloc_hook || __sanitizer_free_hook)
    __atomic_store_n(&malloc_hooks_on, 1, __ATOMIC_RELEASE);
}

int malloc_hooks_install(void (*on_alloc)(const volatile void *, size_t),
                         void (*on_free)(const volatile void *)) {
  int n = __atomic_load_n(&n_pairs, __ATOMIC_ACQUIRE);
  if (!on_alloc || !on_free || n == MAX_HOOK_PAIRS)
    return 0;
  pairs[n].on_alloc = on_alloc;
  pairs[n].on_free = on_free;
  __atomic_store_n(&n_pairs, n + 1, __ATOMIC_RELEASE);
  __atomic_store_n(&malloc_hooks_on, 1, __ATOMIC_RELEASE);
  return n + 1;
}

void malloc_hooks_after_alloc(void *p, size_t size) {
  if (__sanitizer_malloc_hook)
    __sanitizer_malloc_hook(p, size);
  int n = __atomic_load_n(&n_pairs, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; i++)
    pairs[i].on_alloc(p, size);
}

void malloc_hooks_before_free(void *p) {
  if (__sanitizer_free_hook)
    __sanitizer_free_hook(p);
  int n = __atomic_load_n(&n_pairs, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; i++)
    pairs[i].on_free(p);
}
