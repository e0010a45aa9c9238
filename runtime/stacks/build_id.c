/* Reads the note segments (PT_NOTE) the program headers name, as the
 * loader and every build-id consumer do; no section headers needed. Each
 * segment is scanned in pieces of a stack buffer (build-id notes are
 * near the start, and a segment rarely exceeds a few hundred bytes). */
#include "build_id.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/syscall.h>


static int hex_out(const uint8_t *id, size_t n, char *out, size_t cap) {
  static const char digits[] = "0123456789abcdef";
  if (2 * n + 1 > cap)
    return 0;
  for (size_t i = 0; i < n; i++) {
    out[2 * i] = digits[id[i] >> 4];
    out[2 * i + 1] = digits[id[i] & 15];
  }
  out[2 * n] = 0;
  return (int)(2 * n);
}

/* The notes of one segment, read whole if it fits the buffer. */
static int scan_notes(int fd, const Elf64_Phdr *ph, char *out, size_t cap) {
  uint8_t buf[1024];
  size_t n = ph->p_filesz < sizeof buf ? ph->p_filesz : sizeof buf;
  if (!sys_pread_full(fd, buf, n, ph->p_offset))
    return 0;
  size_t at = 0;
  while (at + sizeof(Elf64_Nhdr) <= n) {
    Elf64_Nhdr h;
    sl_memcpy(&h, buf + at, sizeof h);
    size_t name_at = at + sizeof h;
    size_t desc_at = name_at + ((h.n_namesz + 3u) & ~3u);
    size_t next = desc_at + ((h.n_descsz + 3u) & ~3u);
    if (desc_at > n || h.n_descsz > n - desc_at)
      return 0;
    if (h.n_type == NT_GNU_BUILD_ID && h.n_namesz == 4 &&
        sl_strncmp((const char *)buf + name_at, "GNU", 4) == 0)
      return hex_out(buf + desc_at, h.n_descsz, out, cap);
    at = next;
  }
  return 0;
}

int elf_build_id_hex(const char *path, char *out, size_t cap) {
  int fd = sys_open(path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return 0;
  int len = 0;
  Elf64_Ehdr eh;
  if (sys_pread_full(fd, &eh, sizeof eh, 0) &&
      sl_strncmp((const char *)eh.e_ident, ELFMAG, SELFMAG) == 0 &&
      eh.e_ident[EI_CLASS] == ELFCLASS64 &&
      eh.e_phentsize == sizeof(Elf64_Phdr))
    for (unsigned i = 0; i < eh.e_phnum && !len; i++) {
      Elf64_Phdr ph;
      if (!sys_pread_full(fd, &ph, sizeof ph, eh.e_phoff + i * sizeof ph))
        break;
      if (ph.p_type == PT_NOTE && ph.p_filesz)
        len = scan_notes(fd, &ph, out, cap);
    }
  sys_close(fd);
  return len;
}
