// RUN: %sleuth_cc -O0 %s -o %t && not %run %t 2>&1 | FileCheck %s
// RUN: %sleuth_cc -O0 -DGOOD %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=GOOD --allow-empty
#include <stdio.h>

const char *__lsan_default_suppressions(void) {
#ifdef GOOD
  return "leak:nothing_here\n";
#else
  return "leak:fine\nnot a rule\n";
#endif
}

int main(void) {
  fputs("main ran\n", stderr);
  return 0;
}
// CHECK: {{^==[0-9]+==ERROR: Sleuth: failed to parse suppressions: the program's default suppressions line 2: expected KIND:PATTERN}}
// CHECK-NOT: main ran
// GOOD-NOT: ERROR
// GOOD: main ran

// A line of the program's compiled-in suppressions that does not parse stops
// the program before main with one line that starts as ASan's does
// ("failed to parse suppressions") and names the line. Good rules run main.
