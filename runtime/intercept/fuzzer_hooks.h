/* libFuzzer's comparison hooks, called by the interceptors of memcmp, bcmp,
 * strcmp, strncmp, strcasecmp, strncasecmp, strstr, strcasestr and memmem
 * after each call, with the caller's pc, the operands and the result, as
 * ASan's interceptors call them: libFuzzer's definitions (FuzzerTracePC)
 * feed the operands to its dictionary for CMP-guided mutation and to
 * -use_value_profile=1. Without a fuzzer linked these are the runtime's
 * weak no-ops (process/sanitizer_api.c). libFuzzer ignores calls made
 * outside the target's callback (its own comparisons). */
#ifndef SLEUTH_FUZZER_HOOKS_H
#define SLEUTH_FUZZER_HOOKS_H

#include <stddef.h>

void __sanitizer_weak_hook_memcmp(void *pc, const void *a, const void *b,
                                  size_t n, int r);
void __sanitizer_weak_hook_strncmp(void *pc, const char *a, const char *b,
                                   size_t n, int r);
void __sanitizer_weak_hook_strncasecmp(void *pc, const char *a, const char *b,
                                       size_t n, int r);
void __sanitizer_weak_hook_strcmp(void *pc, const char *a, const char *b,
                                  int r);
void __sanitizer_weak_hook_strcasecmp(void *pc, const char *a, const char *b,
                                      int r);
void __sanitizer_weak_hook_strstr(void *pc, const char *a, const char *b,
                                  char *r);
void __sanitizer_weak_hook_strcasestr(void *pc, const char *a, const char *b,
                                      char *r);
void __sanitizer_weak_hook_memmem(void *pc, const void *a, size_t an,
                                  const void *b, size_t bn, void *r);

/* The interceptor's caller: the compare site libFuzzer keys on. */
#define FUZZER_HOOK_PC() __builtin_return_address(0)

#endif
