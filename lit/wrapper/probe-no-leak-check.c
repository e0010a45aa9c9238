// Probe executables of configure scripts and build systems (autoconf's
// conftest, CMake's cmTC_*, Meson's meson-private/tmp*) start with leak
// detection off: a probe that leaks on purpose exits as it would without
// Sleuth, so configure concludes the same. A memory error in a probe is
// still reported, SLEUTH_OPTIONS still wins, SLEUTH_CC_PROBE_LEAKS=1 keeps
// the leak check, and any other program keeps it.
// RUN: rm -rf %t.d && mkdir -p %t.d/CMakeFiles/CMakeScratch/TryCompile-x
// RUN: %sleuth_cc %s -o %t.d/conftest && %t.d/conftest leak
// RUN: %sleuth_cc %s -o %t.d/CMakeFiles/CMakeScratch/TryCompile-x/cmTC_1a2b3 && %t.d/CMakeFiles/CMakeScratch/TryCompile-x/cmTC_1a2b3 leak
// RUN: not %t.d/conftest overflow 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: env SLEUTH_OPTIONS=detect_leaks=1 not %t.d/conftest leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: env SLEUTH_CC_PROBE_LEAKS=1 %sleuth_cc %s -o %t.d/conftest && not %t.d/conftest leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: %sleuth_cc %s -o %t.d/prog && not %t.d/prog leak 2>&1 | FileCheck %s --check-prefix=LEAK
// ERR: ERROR: Sleuth: heap-buffer-overflow
// LEAK: ERROR: Sleuth: detected memory leaks
// LEAK: Direct leak of 24 byte(s) in 1 object(s) allocated from:
#include <stdlib.h>
#include <string.h>

void *volatile kept;

int main(int argc, char **argv) {
  char *p = malloc(24);
  if (argc > 1 && !strcmp(argv[1], "overflow"))
    p[24] = 1;
  kept = p; // leaked below, as iconv probes leak their iconv_t
  kept = 0;
  return 0;
}
