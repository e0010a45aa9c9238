// sleuth-run's own interface: --help, --version, a missing program (exit
// status 127, as a shell gives), an unknown option, and a program that
// runs cleanly (silent, exit 0).
// RUN: %sleuth_run --help | FileCheck --check-prefix=HELP %s
// RUN: %sleuth_run --version | FileCheck --check-prefix=VERSION %s
// RUN: not %sleuth_run 2>&1 | FileCheck --check-prefix=NOPROG %s
// RUN: %sleuth_run %t.does-not-exist > %t.err 2>&1; test $? = 127
// RUN: FileCheck --check-prefix=MISSING %s < %t.err
// RUN: not %sleuth_run --bogus %t 2>&1 | FileCheck --check-prefix=BADOPT %s
// RUN: %clang -O2 -g %s -o %t
// RUN: %sleuth_run -- %t a b 2>&1 | FileCheck --check-prefix=CLEAN %s
// HELP: Usage: sleuth-run [--profile] [--] PROGRAM [ARGS...]
// VERSION: Sleuth {{[0-9]+\.[0-9]+\.[0-9]+}}
// NOPROG: sleuth-run: no program given
// MISSING: sleuth-run: {{.*}}does-not-exist: program not found
// BADOPT: sleuth-run: unknown option '--bogus'
// CLEAN-NOT: Sleuth
// CLEAN: args 2 ok
// CLEAN-NOT: Sleuth
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  char *s = malloc(16);
  strcpy(s, argv[argc - 1]);
  printf("args %d %s\n", argc - 1, strcmp(s, "b") ? "bad" : "ok");
  free(s);
  return 0;
}
