/* Reads the note segments (PT_NOTE) named by the program headers: that is
 * where the loader and every build-id consumer look, and it needs no
 * section headers (which stripped files may lack). */
#include "build_id.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_NOTES (1u << 20) /* a note segment larger than this is not real */

static char *hex_of(const unsigned char *p, size_t n) {
  char *s = xmalloc(2 * n + 1);
  for (size_t i = 0; i < n; i++)
    snprintf(s + 2 * i, 3, "%02x", p[i]);
  s[2 * n] = 0;
  return s;
}

/* Walks one note segment's Elf64_Nhdr records (4-byte aligned fields). */
static char *find_in_notes(const unsigned char *p, size_t n) {
  size_t at = 0;
  while (at + sizeof(Elf64_Nhdr) <= n) {
    Elf64_Nhdr h;
    memcpy(&h, p + at, sizeof h);
    size_t name_at = at + sizeof h;
    size_t desc_at = name_at + ((h.n_namesz + 3u) & ~3u);
    size_t next = desc_at + ((h.n_descsz + 3u) & ~3u);
    if (desc_at > n || h.n_descsz > n - desc_at || next < at)
      return NULL;
    if (h.n_type == NT_GNU_BUILD_ID && h.n_namesz == 4 && memcmp(p + name_at, "GNU", 4) == 0 &&
        h.n_descsz > 0)
      return hex_of(p + desc_at, h.n_descsz);
    at = next;
  }
  return NULL;
}

static char *read_build_id(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *id = NULL;
  Elf64_Ehdr eh;
  if (fread(&eh, sizeof eh, 1, f) != 1 || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phentsize != sizeof(Elf64_Phdr))
    goto out;
  for (unsigned i = 0; i < eh.e_phnum && !id; i++) {
    Elf64_Phdr ph;
    if (fseek(f, (long)(eh.e_phoff + i * sizeof ph), SEEK_SET) != 0 ||
        fread(&ph, sizeof ph, 1, f) != 1)
      break;
    if (ph.p_type != PT_NOTE || ph.p_filesz == 0 || ph.p_filesz > MAX_NOTES)
      continue;
    unsigned char *notes = xmalloc(ph.p_filesz);
    if (fseek(f, (long)ph.p_offset, SEEK_SET) == 0 && fread(notes, 1, ph.p_filesz, f) == ph.p_filesz)
      id = find_in_notes(notes, ph.p_filesz);
    free(notes);
  }
out:
  fclose(f);
  return id;
}

const char *elf_build_id(const char *path) {
  static strmap index;
  static char **ids;
  static size_t n, cap;
  size_t i = strmap_get(&index, path);
  if (i != (size_t)-1)
    return ids[i];
  GROW(ids, cap, n);
  ids[n] = read_build_id(path);
  strmap_put(&index, path, n);
  return ids[n++];
}
