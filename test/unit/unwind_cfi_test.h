/* Shared by the CFI unwinder test's files. */
#ifndef SLEUTH_UNWIND_CFI_TEST_H
#define SLEUTH_UNWIND_CFI_TEST_H

typedef void (*leaf_fn)(void);
/* A library function that calls back (unwind_cfi_lib.c, unwind_cfi_asm.S). */
typedef void (*lib_call_fn)(leaf_fn);

/* Compares the CFI walk with libgcc's from its caller up. */
void unwind_cfi_check_here(void);
/* No frame pointers (unwind_cfi_chain.c): ends in lib_call(check). */
int unwind_cfi_chain(int vla_size, int depth, lib_call_fn lib_call);

#endif
