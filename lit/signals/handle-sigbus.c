// A read of a file mapping past the file's end (truncated after mmap) is
// SIGBUS: reported as BUS by default; handle_sigbus=0 (ASan's option, also
// from ASAN_OPTIONS) installs no SIGBUS handler, so the process dies of the
// signal with no report, while SIGSEGV is still reported.
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t %t.map 2>&1 | FileCheck %s --check-prefix=BUS
// RUN: env SLEUTH_OPTIONS=handle_sigbus=0 not --crash %run %t %t.map 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: env ASAN_OPTIONS=handle_sigbus=0 not --crash %run %t %t.map 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: env SLEUTH_OPTIONS=handle_sigbus=0 not %run %t %t.map segv 2>&1 | FileCheck %s --check-prefix=SEGV
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc > 2)
    return *(volatile int *)(long)(argc - 3);
  // SEGV: ERROR: Sleuth: SEGV on unknown address 0x000000000000
  // SEGV-NEXT: The signal is caused by a READ memory access.
  // SEGV: {{#0 0x[0-9a-f]+ in main .*}}handle-sigbus.c:[[@LINE-3]]
  static char page[4096];
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || write(fd, page, sizeof page) != sizeof page)
    return 2;
  volatile char *map = mmap(0, sizeof page, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED || ftruncate(fd, 0))
    return 3;
  return map[42];
  // BUS: Sleuth:DEADLYSIGNAL
  // BUS-NEXT: ===
  // BUS-NEXT: ERROR: Sleuth: BUS on unknown address
  // BUS: {{#0 0x[0-9a-f]+ in main .*}}handle-sigbus.c:[[@LINE-4]]
  // BUS: SUMMARY: Sleuth: BUS {{.*}}handle-sigbus.c:[[@LINE-5]]
  // OFF-NOT: Sleuth
}
