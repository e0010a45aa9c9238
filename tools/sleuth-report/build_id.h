/* The GNU build id of an ELF file (its NT_GNU_BUILD_ID note), which pprof
 * records per mapping so that a profile names the exact binaries it came
 * from (and symbol servers can find their debug information). */
#ifndef SLEUTH_REPORT_BUILD_ID_H
#define SLEUTH_REPORT_BUILD_ID_H

/* Lower-case hex of the build id, or NULL when the file cannot be read or
 * has none. Cached per path; the string lives as long as the process. */
const char *elf_build_id(const char *path);

#endif
