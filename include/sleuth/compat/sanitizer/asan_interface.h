/* Sleuth's version of <sanitizer/asan_interface.h>: the functions of
 * compiler-rt 14's header, with the same names and signatures, all
 * implemented by the Sleuth runtime (docs/asan-compat.md). */
#ifndef SANITIZER_ASAN_INTERFACE_H
#define SANITIZER_ASAN_INTERFACE_H

#include <sanitizer/common_interface_defs.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the 8-byte granules wholly inside [addr, addr+size) unaddressable;
 * an instrumented access there is reported as use-after-poison. */
void __asan_poison_memory_region(void const volatile *addr, size_t size);
/* Makes [addr, addr+size) addressable again. */
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);

/* sleuth-cc defines __SANITIZE_ADDRESS__, so these call the runtime. */
#if __has_feature(address_sanitizer) || defined(__SANITIZE_ADDRESS__)
#define ASAN_POISON_MEMORY_REGION(addr, size)                                  \
  __asan_poison_memory_region((addr), (size))
#define ASAN_UNPOISON_MEMORY_REGION(addr, size)                                \
  __asan_unpoison_memory_region((addr), (size))
#else
#define ASAN_POISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#define ASAN_UNPOISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#endif

/* 1 if the byte at addr is unaddressable (redzone, freed, poisoned). */
int __asan_address_is_poisoned(void const volatile *addr);
/* The first unaddressable byte of [beg, beg+size), or NULL. */
void *__asan_region_is_poisoned(void *beg, size_t size);

/* Prints what addr is (heap block with its stacks, stack, global). */
void __asan_describe_address(void *addr);

/* The last error report, for a death or report callback to inspect:
 * present is 1 once a report was made; access_type 1 = write, 0 = read;
 * the description is the kind, e.g. "heap-buffer-overflow". */
int __asan_report_present(void);
void *__asan_get_report_pc(void);
void *__asan_get_report_bp(void);
void *__asan_get_report_sp(void);
void *__asan_get_report_address(void);
int __asan_get_report_access_type(void);
size_t __asan_get_report_access_size(void);
const char *__asan_get_report_description(void);

/* What addr is: "heap", "stack", "global", "shadow-low", "shadow-gap",
 * "shadow-high", "low memory", "high memory" or "wild"; for a heap block
 * or a global, *region_address and *region_size give its bounds and name
 * (name_size bytes, globals only) its name. */
const char *__asan_locate_address(void *addr, char *name, size_t name_size,
                                  void **region_address, size_t *region_size);

/* Copies up to size frames of the heap block's allocation (free) stack
 * into trace; returns the number copied (0 if addr is no heap block or the
 * stack is unknown). *thread_id gets the thread number, or -1. */
size_t __asan_get_alloc_stack(void *addr, void **trace, size_t size,
                              int *thread_id);
size_t __asan_get_free_stack(void *addr, void **trace, size_t size,
                             int *thread_id);

/* shadow = (addr >> *shadow_scale) + *shadow_offset. */
void __asan_get_shadow_mapping(size_t *shadow_scale, size_t *shadow_offset);

/* Reports a bad access at addr as if an instrumented check had failed. */
void __asan_report_error(void *pc, void *bp, void *sp, void *addr, int is_write,
                         size_t access_size);

/* Runs callback just before the process exits after an error report. */
void __asan_set_death_callback(void (*callback)(void));
/* Runs callback with each report's full text after it is printed. */
void __asan_set_error_report_callback(void (*callback)(const char *));

/* Called at the start of each error report; a program may define it to
 * set a breakpoint or log (the runtime's own definition is weak). */
void __asan_on_error(void);

/* Prints the allocator's statistics to the report destination. */
void __asan_print_accumulated_stats(void);

/* A program may define this to supply default options (not read by this
 * version of Sleuth's runtime unless it implements the hook). */
const char *__asan_default_options(void);

/* The calling thread's use-after-return fake stack (NULL when
 * detect_stack_use_after_return=0), and whether addr is in one of its
 * live frames: returns the address and sets *beg, *end to that frame. */
void *__asan_get_current_fake_stack(void);
void *__asan_addr_is_in_fake_stack(void *fake_stack, void *addr, void **beg,
                                   void **end);

/* Call before a function that does not return (a custom longjmp, a
 * context switch): clears the stale stack redzones below the caller. */
void __asan_handle_no_return(void);

/* Replaces the heap block's allocation stack with the caller's stack;
 * 1 if addr is a live heap block, else 0. */
int __asan_update_allocation_context(void *addr);

#ifdef __cplusplus
}
#endif
#endif
