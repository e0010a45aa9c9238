/* Sleuth's version of the sanitizers' allocator interface: the same function
 * names and signatures as compiler-rt 14's <sanitizer/allocator_interface.h>,
 * so code written for ASan builds unchanged with sleuth-cc (which puts this
 * directory ahead of clang's own headers). Every function is implemented by
 * the Sleuth runtime on its checking allocator; docs/asan-compat.md says what
 * each one counts there. */
#ifndef SANITIZER_ALLOCATOR_INTERFACE_H
#define SANITIZER_ALLOCATOR_INTERFACE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the allocator reserves for a request of size bytes: size itself
 * (redzones are not the program's to use). */
size_t __sanitizer_get_estimated_allocated_size(size_t size);

/* 1 if p is the start of a block malloc (or new) returned and that is not
 * freed yet, else 0. */
int __sanitizer_get_ownership(const volatile void *p);

/* The size the block at p was allocated with; p must be owned or NULL
 * (0 for NULL and for a pointer the allocator does not own). */
size_t __sanitizer_get_allocated_size(const volatile void *p);

/* Bytes the program allocated and has not freed yet (requested sizes). */
size_t __sanitizer_get_current_allocated_bytes(void);

/* Bytes of memory the allocator has mapped for blocks: carved slots of the
 * size classes (redzones included) and the mappings of large blocks. */
size_t __sanitizer_get_heap_size(void);

/* Of the heap size, the bytes in slots that hold neither a live block nor a
 * block waiting in quarantine. */
size_t __sanitizer_get_free_bytes(void);

/* Bytes of the heap released to the system: always 0 (free slots stay
 * mapped; large blocks are unmapped and leave the heap size). */
size_t __sanitizer_get_unmapped_bytes(void);

/* Optional hooks the program may define: called right after each allocation
 * with the block and its size, and right before each deallocation. */
void __sanitizer_malloc_hook(const volatile void *ptr, size_t size);
void __sanitizer_free_hook(const volatile void *ptr);

/* Installs one more pair of hooks (up to 5), called in order after the two
 * above. Returns how many pairs are installed, or 0 when a hook is NULL or
 * the table is full. Call it before starting threads. */
int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *));

/* Empties the quarantine: every freed block waiting there becomes reusable
 * (large ones are unmapped). */
void __sanitizer_purge_allocator(void);

#ifdef __cplusplus
}
#endif
#endif
