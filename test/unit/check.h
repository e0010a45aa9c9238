/* Minimal assertion helpers for the unit tests: each failed CHECK prints
 * one line and the test exits 1 at the end. */
#ifndef SLEUTH_TEST_CHECK_H
#define SLEUTH_TEST_CHECK_H
#include <stdio.h>

static int check_failures;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);          \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)
#define CHECK_DONE(name)                                                       \
  do {                                                                         \
    if (check_failures) {                                                      \
      fprintf(stderr, "%s: %d failure(s)\n", name, check_failures);            \
      return 1;                                                                \
    }                                                                          \
    printf("%s: OK\n", name);                                                  \
    return 0;                                                                  \
  } while (0)
#endif
