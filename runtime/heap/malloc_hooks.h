/* The program's allocation hooks (<sanitizer/allocator_interface.h>): the
 * weak __sanitizer_malloc_hook/__sanitizer_free_hook a program may define,
 * then the pairs it installed with __sanitizer_install_malloc_and_free_hooks,
 * called by the checking allocator after each allocation and before each
 * deallocation. malloc_hooks_on keeps the common case to one load. */
#ifndef SLEUTH_MALLOC_HOOKS_H
#define SLEUTH_MALLOC_HOOKS_H

#include <stddef.h>

extern int malloc_hooks_on;

/* At start-up: notes whether the program defines either weak hook. */
void malloc_hooks_init(void);
/* Returns the number of installed pairs, 0 if a hook is NULL or the table
 * is full. */
int malloc_hooks_install(void (*on_alloc)(const volatile void *, size_t),
                         void (*on_free)(const volatile void *));
void malloc_hooks_after_alloc(void *p, size_t size);
void malloc_hooks_before_free(void *p);
#endif
