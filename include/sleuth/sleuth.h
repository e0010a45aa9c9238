/* Sleuth's public interface. Include it unconditionally: without Sleuth
 * (no sleuth-cc, no -D__SLEUTH__) the macros compile to nothing. */
#ifndef SLEUTH_SLEUTH_H
#define SLEUTH_SLEUTH_H

#include <stddef.h>

#if defined(__SLEUTH__)
#define SLEUTH_ENABLED 1
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef SLEUTH_ENABLED
/* Marks [addr, addr+size) unaddressable: any instrumented access reports
 * use-after-poison. Whole 8-byte granules are poisoned; a partial last
 * granule stays addressable. */
void __sleuth_poison_memory_region(const volatile void *addr, size_t size);
/* Makes [addr, addr+size) addressable again. */
void __sleuth_unpoison_memory_region(const volatile void *addr, size_t size);
/* 1 if the byte at addr is poisoned (redzone, freed, or user-poisoned). */
int sleuth_address_is_poisoned(const volatile void *addr);

/* Runs a leak scan now (DESIGN.md §4), prints the report (nothing if no
 * leak) and returns the bytes definitely, indirectly or possibly lost. The
 * exit status is not affected. It briefly stops every other thread with
 * signal 62: a nanosleep, poll or epoll_wait there may return EINTR. */
size_t sleuth_leak_check(void);
/* Like sleuth_leak_check, but prints only the records that are new or grew
 * since the previous check, and returns their bytes. */
size_t sleuth_leak_check_new(void);
/* One growth check: a leak scan whose still-reachable bytes per allocation
 * stack are compared with the previous checks'. With leak_growth_checks=N
 * it counts as one of the N checks, and the N-th prints the stacks that
 * grew at every check ("Growing: ..." records); without it, they are
 * printed at exit if at least two checks ran. Returns the bytes held by
 * stacks that grew at every check so far (0 after the first check and
 * once the N checks are done). Stops other threads as sleuth_leak_check. */
size_t sleuth_leak_growth_check(void);

/* Custom memory pools (in the manner of Valgrind's mempool requests). A
 * pool is named by any address (its control structure, say); its memory
 * comes from anywhere, and the pool keeps what it has not handed out
 * poisoned (SLEUTH_POISON). Blocks get the caller's stack, are reported
 * like heap blocks (heap-buffer-overflow into the redzone_bytes poisoned
 * on each side, heap-use-after-free with both stacks) and are blocks of
 * their own in the leak scan; a malloc'd superblock holding pool blocks is
 * not reported itself. */
void sleuth_pool_create(const volatile void *pool, size_t redzone_bytes);
void sleuth_pool_alloc(const volatile void *pool, const volatile void *addr,
                       size_t size);
void sleuth_pool_free(const volatile void *pool, const volatile void *addr);
/* Forgets every block of the pool; poisons and unpoisons nothing. */
void sleuth_pool_destroy(const volatile void *pool);

/* Heap profiler (heap_profile=1; DESIGN.md §6). Writes a heap_v2 dump to
 * path, or to the next <heap_profile_prefix>.<pid>.<seq>.heap when path is
 * NULL. Returns 0, or -1 if profiling is off or the file cannot be
 * written. */
int sleuth_heap_profile_dump(const char *path_or_null);
/* Turns sampling on (1) or off (0) at run time, as jemalloc's prof.active;
 * blocks sampled earlier are still accounted when freed. Returns the
 * previous state (0 when profiling is off). */
int sleuth_heap_profile_active(int on);

#define SLEUTH_POISON(addr, size) __sleuth_poison_memory_region((addr), (size))
#define SLEUTH_POOL_CREATE(pool, redzone_bytes)                                \
  sleuth_pool_create((pool), (redzone_bytes))
#define SLEUTH_POOL_ALLOC(pool, addr, size)                                    \
  sleuth_pool_alloc((pool), (addr), (size))
#define SLEUTH_POOL_FREE(pool, addr) sleuth_pool_free((pool), (addr))
#define SLEUTH_POOL_DESTROY(pool) sleuth_pool_destroy((pool))
#define SLEUTH_UNPOISON(addr, size)                                            \
  __sleuth_unpoison_memory_region((addr), (size))
/* Put before a function (or a global variable) that must not be checked:
 * hand-written allocators, stack scanners, code that reads past an object
 * on purpose. The function gets no checks and no stack redzones and is
 * never inlined into checked code (nor checked code into it); a global gets
 * no redzone. `__attribute__((no_sanitize("address")))` and
 * `no_sanitize_address` mean the same under sleuth-cc. */
#define SLEUTH_NO_CHECK __attribute__((annotate("sleuth.no_check")))
#else
#define SLEUTH_NO_CHECK
#define SLEUTH_POISON(addr, size) ((void)(addr), (void)(size))
#define SLEUTH_UNPOISON(addr, size) ((void)(addr), (void)(size))
#define SLEUTH_POOL_CREATE(pool, redzone_bytes)                                \
  ((void)(pool), (void)(redzone_bytes))
#define SLEUTH_POOL_ALLOC(pool, addr, size)                                    \
  ((void)(pool), (void)(addr), (void)(size))
#define SLEUTH_POOL_FREE(pool, addr) ((void)(pool), (void)(addr))
#define SLEUTH_POOL_DESTROY(pool) ((void)(pool))
#define sleuth_address_is_poisoned(addr) ((void)(addr), 0)
#define sleuth_leak_check() ((size_t)0)
#define sleuth_leak_check_new() ((size_t)0)
#define sleuth_leak_growth_check() ((size_t)0)
#define sleuth_heap_profile_dump(path_or_null) ((void)(path_or_null), -1)
#define sleuth_heap_profile_active(on) ((void)(on), 0)
#endif

#ifdef __cplusplus
}
#endif
#endif
