/* Client for llvm-symbolizer: every address of a report is resolved in one
 * batch (one child process, one request per line), never one process per
 * address. Found as the runtime finds it: $SLEUTH_SYMBOLIZER_PATH, then
 * llvm-symbolizer on PATH, then the one of the LLVM Sleuth was built with. */
#ifndef SLEUTH_REPORT_SYMBOLIZE_H
#define SLEUTH_REPORT_SYMBOLIZE_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  char *function; /* NULL when unknown */
  char *file;     /* NULL when unknown */
  int line, column;
} sym_frame;

typedef struct {
  const char *module; /* path of the ELF file */
  uint64_t address;   /* virtual address inside the module (see elf_vaddr) */
  sym_frame *frames;  /* out: inlined chain, innermost first; NULL if none */
  size_t nframes;
} sym_query;

/* Resolves every query; queries the symbolizer cannot answer get nframes 0.
 * Warns once on stderr if no symbolizer can be run. */
void symbolize_batch(sym_query *q, size_t n);

/* Turns a file offset inside module into the virtual address the
 * symbolizer expects (they differ when a PT_LOAD's p_vaddr != p_offset).
 * Returns the offset itself when the file cannot be read as ELF. */
uint64_t elf_vaddr(const char *module, uint64_t file_offset);

#endif
