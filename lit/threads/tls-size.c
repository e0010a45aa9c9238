// The runtime's static TLS stays under 1 KiB, linked in (the executable's
// PT_TLS: this program has no TLS of its own) and preloaded (libsleuth.so's
// PT_TLS). glibc takes static TLS out of every thread's stack; ASan's is
// under 100 bytes.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | FileCheck %s --check-prefix=LINKED
// RUN: %clang -O0 %s -o %t.plain && %sleuth_run %t.plain 2>&1 | FileCheck %s --check-prefix=PRELOAD
// RUN: readelf -lW %sleuth_lib | FileCheck %s --check-prefix=ELF
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <string.h>

static int visit(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  (void)arg;
  const char *name = info->dlpi_name[0] ? info->dlpi_name : "executable";
  int runtime = !info->dlpi_name[0] || strstr(name, "libsleuth");
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_TLS && runtime) {
      unsigned long n = (unsigned long)info->dlpi_phdr[i].p_memsz;
      printf("%s TLS %s 1 KiB (%lu bytes)\n",
             strstr(name, "libsleuth") ? "libsleuth.so" : name,
             n < 1024 ? "under" : "OVER", n);
    }
  return 0;
}

int main(void) {
  dl_iterate_phdr(visit, 0);
  return 0;
}
// LINKED: executable TLS under 1 KiB
// LINKED-NOT: OVER
// PRELOAD: libsleuth.so TLS under 1 KiB
// PRELOAD-NOT: OVER
// The TLS header's MemSiz (the sixth column) has at most three hex digits
// past 0x000, below 0x400.
// ELF: {{^ *TLS +0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0x000[0-3][0-9a-f][0-9a-f] }}
