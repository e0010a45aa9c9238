/* The MAPPED_LIBRARIES section of a heap dump (/proc/<pid>/maps lines) and
 * the address -> (module, offset) translation the symbolizer needs. */
#ifndef SLEUTH_REPORT_MAPS_H
#define SLEUTH_REPORT_MAPS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

typedef struct {
  uint64_t start, end, file_offset;
  bool exec;
  char *path; /* "" for anonymous mappings */
} mapping;

typedef struct {
  mapping *v;
  size_t n, cap;
} mapping_list;

/* Parses one maps line; false when it is not one. */
bool maps_parse_line(const char *line, mapping *out);
void maps_add(mapping_list *l, const mapping *m);
/* The file-backed mapping holding addr, or NULL. */
const mapping *maps_find(const mapping_list *l, uint64_t addr);

/* Where addr lies in its module's file: offset = addr - start + file
 * offset, which is what a PIE or shared library needs. */
uint64_t maps_file_offset(const mapping *m, uint64_t addr);

#endif
