#include "symbolize.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

#ifndef SLEUTH_DEFAULT_SYMBOLIZER
#define SLEUTH_DEFAULT_SYMBOLIZER "/usr/lib/llvm-14/bin/llvm-symbolizer"
#endif

/* ---- ELF: file offset -> virtual address, cached per module ---- */

typedef struct {
  char *path;
  int ok;
  Elf64_Phdr *ph;
  size_t nph;
} elf_info;

static elf_info *elf_cache;
static size_t elf_n, elf_cap;

static elf_info *elf_load(const char *path) {
  for (size_t i = 0; i < elf_n; i++)
    if (strcmp(elf_cache[i].path, path) == 0)
      return &elf_cache[i];
  GROW(elf_cache, elf_cap, elf_n);
  elf_info *e = &elf_cache[elf_n++];
  e->path = xstrdup(path);
  FILE *f = fopen(path, "rb");
  if (!f)
    return e;
  Elf64_Ehdr eh;
  if (fread(&eh, sizeof(eh), 1, f) == 1 && memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
      eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_phentsize == sizeof(Elf64_Phdr) &&
      eh.e_phnum > 0 && fseek(f, (long)eh.e_phoff, SEEK_SET) == 0) {
    e->ph = xcalloc(eh.e_phnum, sizeof(Elf64_Phdr));
    if (fread(e->ph, sizeof(Elf64_Phdr), eh.e_phnum, f) == eh.e_phnum) {
      e->nph = eh.e_phnum;
      e->ok = 1;
    }
  }
  fclose(f);
  return e;
}

uint64_t elf_vaddr(const char *module, uint64_t off) {
  elf_info *e = elf_load(module);
  for (size_t i = 0; e->ok && i < e->nph; i++) {
    const Elf64_Phdr *p = &e->ph[i];
    if (p->p_type == PT_LOAD && off >= p->p_offset && off < p->p_offset + p->p_filesz)
      return off - p->p_offset + p->p_vaddr;
  }
  return off;
}

/* ---- finding and running llvm-symbolizer ---- */

static char *find_on_path(const char *name) {
  const char *path = getenv("PATH");
  while (path && *path) {
    const char *end = strchr(path, ':');
    size_t n = end ? (size_t)(end - path) : strlen(path);
    strbuf b = {0};
    sb_putn(&b, n ? path : ".", n ? n : 1);
    sb_printf(&b, "/%s", name);
    if (access(b.s, X_OK) == 0)
      return sb_take(&b);
    free(b.s);
    path = end ? end + 1 : NULL;
  }
  return NULL;
}

static char *find_symbolizer(void) {
  const char *env = getenv("SLEUTH_SYMBOLIZER_PATH");
  if (env && *env)
    return access(env, X_OK) == 0 ? xstrdup(env) : NULL; /* explicit: not second-guessed */
  char *p = find_on_path("llvm-symbolizer");
  if (p)
    return p;
  if (access(SLEUTH_DEFAULT_SYMBOLIZER, X_OK) == 0)
    return xstrdup(SLEUTH_DEFAULT_SYMBOLIZER);
  return NULL;
}

/* Runs the symbolizer with stdin from a file holding every request: the
 * child reads at its own pace while we read its output, so a batch of any
 * size cannot deadlock on full pipes. Returns its whole stdout, or NULL. */
static char *run_symbolizer(const char *exe, FILE *requests) {
  int out[2];
  if (pipe(out) < 0)
    return NULL;
  fflush(requests);
  rewind(requests);
  pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    return NULL;
  }
  if (pid == 0) {
    int devnull = open("/dev/null", O_WRONLY);
    if (dup2(fileno(requests), 0) < 0 || dup2(out[1], 1) < 0)
      _exit(127);
    if (devnull >= 0)
      dup2(devnull, 2); /* "cannot open file" noise for vanished modules */
    close(out[0]);
    execl(exe, exe, "--inlining", "--demangle", "--functions=linkage",
          "--output-style=LLVM", (char *)NULL);
    _exit(127);
  }
  close(out[1]);
  strbuf b = {0};
  char chunk[65536];
  for (;;) {
    ssize_t n = read(out[0], chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    sb_putn(&b, chunk, (size_t)n);
  }
  close(out[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    free(b.s);
    return NULL;
  }
  return sb_take(&b);
}

/* "file:line:column" (file may itself hold colons): splits from the right. */
static void parse_location(const char *s, sym_frame *f) {
  const char *c2 = strrchr(s, ':');
  const char *c1 = NULL;
  if (c2)
    for (const char *p = c2 - 1; p >= s; p--)
      if (*p == ':') {
        c1 = p;
        break;
      }
  if (!c1 || !c2)
    return;
  if (!(c1 - s == 2 && strncmp(s, "??", 2) == 0))
    f->file = xstrndup(s, (size_t)(c1 - s));
  f->line = atoi(c1 + 1);
  f->column = atoi(c2 + 1);
  if (f->line == 0 && f->file) {
    free(f->file);
    f->file = NULL;
  }
}

void symbolize_batch(sym_query *q, size_t n) {
  if (n == 0)
    return;
  static int warned;
  char *exe = find_symbolizer();
  if (!exe) {
    if (!warned++)
      fprintf(stderr, "sleuth-report: warning: llvm-symbolizer not found (set "
                      "SLEUTH_SYMBOLIZER_PATH); frames are shown as module+offset\n");
    return;
  }
  FILE *req = tmpfile();
  if (!req)
    die("cannot create a temporary file for the symbolizer: %s", strerror(errno));
  for (size_t i = 0; i < n; i++)
    fprintf(req, "\"%s\" 0x%llx\n", q[i].module, (unsigned long long)q[i].address);
  char *outp = run_symbolizer(exe, req);
  fclose(req);
  if (!outp) {
    if (!warned++)
      fprintf(stderr, "sleuth-report: warning: %s failed; frames are shown as "
                      "module+offset\n", exe);
    free(exe);
    return;
  }
  /* One block per request: pairs of lines "function" / "file:line:col",
   * ended by an empty line. */
  char *cur = outp, *line;
  size_t i = 0;
  size_t cap = 0;
  while (i < n && (line = next_line(&cur))) {
    if (!*line) {
      i++;
      cap = 0;
      continue;
    }
    char *loc = next_line(&cur);
    if (!loc)
      break;
    sym_query *r = &q[i];
    GROW(r->frames, cap, r->nframes);
    sym_frame *f = &r->frames[r->nframes++];
    if (strcmp(line, "??") != 0)
      f->function = xstrdup(line);
    parse_location(loc, f);
    if (!f->function && !f->file)
      r->nframes--; /* nothing known: the caller prints module+offset */
  }
  free(outp);
  free(exe);
}
