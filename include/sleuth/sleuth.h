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

#define SLEUTH_POISON(addr, size) __sleuth_poison_memory_region((addr), (size))
#define SLEUTH_UNPOISON(addr, size)                                            \
  __sleuth_unpoison_memory_region((addr), (size))
#else
#define SLEUTH_POISON(addr, size) ((void)(addr), (void)(size))
#define SLEUTH_UNPOISON(addr, size) ((void)(addr), (void)(size))
#define sleuth_address_is_poisoned(addr) ((void)(addr), 0)
#endif

#ifdef __cplusplus
}
#endif
#endif
