// REQUIRES: root-unshare-hides-proc
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t 2>&1 | FileCheck %s --implicit-check-not='<main executable>' --implicit-check-not='  ('
// RUN: not unshare -m sh -c 'mount -t tmpfs none /proc && exec %t' 2>&1 | FileCheck %s --implicit-check-not='<main executable>' --implicit-check-not='  ('
// RUN: cd $(dirname %t) && not unshare -m sh -c "mount -t tmpfs none /proc && exec ./$(basename %t) chdir" 2>&1 | FileCheck %s --implicit-check-not='<main executable>' --implicit-check-not='  ('
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) static char *make(void) { return malloc(10); }

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "chdir") && chdir("/") != 0)
    return 2;
  char *p = make();
  free(p);
  return p[3];
}
// CHECK: ERROR: Sleuth: heap-use-after-free on address
// CHECK-NEXT: READ of size 1 at {{0x[0-9a-f]+}} thread T0
// CHECK-NEXT: {{^    #0 0x[0-9a-f]+ in main .*}}no-proc-symbolized.c:17:10
// CHECK: freed by thread T0 here:
// CHECK-NEXT: {{^    #0 0x[0-9a-f]+ in free .*}}interceptors_malloc.c
// CHECK-NEXT: {{^    #1 0x[0-9a-f]+ in main .*}}no-proc-symbolized.c:16:3
// CHECK: previously allocated by thread T0 here:
// CHECK-NEXT: {{^    #0 0x[0-9a-f]+ in malloc .*}}interceptors_malloc.c
// CHECK-NEXT: {{^    #1 0x[0-9a-f]+ in make .*}}no-proc-symbolized.c:10:{{[0-9]+}}
// CHECK-NEXT: {{^    #2 0x[0-9a-f]+ in main .*}}no-proc-symbolized.c:15:13
// CHECK: SUMMARY: Sleuth: heap-use-after-free {{.*}}no-proc-symbolized.c:17:10 in main
//
// A report in a process without /proc (a container or sandbox that has
// none, here an empty tmpfs mounted over it in a private mount namespace):
// the main program's frames are symbolized as usual. Its file comes from
// the name execve was given (AT_EXECFN), made absolute at start-up, so a
// relative start followed by chdir still finds it (third run). Before,
// they printed "#0 0x...  (<main executable>+0x...)", unsymbolized and
// with two spaces. The first run, with /proc, is the twin.
