/* The GNU build id (NT_GNU_BUILD_ID note) of an ELF file, for the heap
 * profiler's pprof mappings: it names the exact binary a profile came
 * from, so tools can find its debug information. */
#ifndef SLEUTH_BUILD_ID_H
#define SLEUTH_BUILD_ID_H

#include "sys.h"

/* Writes the build id of the file at path as lower-case hex into out
 * (NUL-terminated) and returns its length; 0 if the file cannot be read,
 * is not a 64-bit ELF file, has no build id or out is too small. Raw
 * syscalls and a stack buffer only. */
int elf_build_id_hex(const char *path, char *out, size_t cap);

#endif
