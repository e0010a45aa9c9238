/* Unit test of the symbolizer client and module map (stacks/symbolize.c,
 * stacks/modules.c in runtime/). Built with -g -O2 so that inl_helper is
 * really inlined; exits 0 on success and prints one line per failure.
 * SLEUTH_TEST_SYMBOLIZER selects the llvm-symbolizer (else the built-in
 * default). */
#include "../../runtime/stacks/symbol_cache.h"
#include "../../runtime/stacks/symbolize.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      failures++;                                                              \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
    }                                                                          \
  } while (0)

static volatile int sink;
static int known_line, inl_line, outer_line;

SL_NOINLINE static uptr capture(void) {
  sink++;
  return (uptr)__builtin_return_address(0);
}

/* Each call records its own line: the return address minus one must map to
 * exactly that line. */
SL_NOINLINE uptr known_fn(void) {
  uptr ra = (known_line = __LINE__, capture());
  sink++; /* keeps the call from becoming a tail call */
  return ra;
}

static inline __attribute__((always_inline)) uptr inl_helper(void) {
  uptr ra = (inl_line = __LINE__, capture());
  sink++;
  return ra;
}

SL_NOINLINE uptr outer_fn(void) {
  uptr ra = (outer_line = __LINE__, inl_helper());
  sink++;
  return ra;
}

/* Distinct pcs for the concurrency and fork checks. */
SL_NOINLINE int worker_a(int x) { return x * 3 + sink; }
SL_NOINLINE int worker_b(int x) { return x * 5 + sink; }
SL_NOINLINE int worker_c(int x) { return x * 7 + sink; }
SL_NOINLINE int worker_d(int x) { return x * 11 + sink; }

extern char _start[];

static int ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* llvm-symbolizer children of this process. */
static int symbolizer_children(int *pid_out) {
  int count = 0;
  DIR *d = opendir("/proc");
  struct dirent *de;
  while (d && (de = readdir(d))) {
    char path[300], buf[512];
    snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
    FILE *f = fopen(path, "r");
    if (!f)
      continue;
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = 0;
    char *rp = strrchr(buf, ')');
    char state;
    int ppid;
    if (!rp || sscanf(rp + 2, "%c %d", &state, &ppid) != 2)
      continue;
    if (ppid == getpid() && strstr(buf, "(llvm-symbolize") && state != 'Z') {
      count++;
      if (pid_out)
        *pid_out = atoi(de->d_name);
    }
  }
  if (d)
    closedir(d);
  return count;
}

static int environ_has(int pid, const char *var) {
  char path[64], buf[65536];
  snprintf(path, sizeof(path), "/proc/%d/environ", pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  size_t n = fread(buf, 1, sizeof(buf), f);
  fclose(f);
  for (size_t i = 0; i < n; i += strlen(buf + i) + 1)
    if (strncmp(buf + i, var, strlen(var)) == 0)
      return 1;
  return 0;
}

static void check_one(uptr pc, const char *fn) {
  sl_frame_info f[8];
  int n = symbolize_pc(pc, f, 8);
  CHECK(n >= 1 && f[0].function && strcmp(f[0].function, fn) == 0,
        "pc %#lx: want %s, got %d frames, %s", (unsigned long)pc, fn, n,
        n ? f[0].function : "-");
}

static void *thread_main(void *arg) {
  (void)arg;
  for (int i = 0; i < 50; i++) {
    check_one((uptr)worker_a + 1, "worker_a");
    check_one((uptr)worker_b + 1, "worker_b");
    check_one((uptr)worker_c + 1, "worker_c");
  }
  return 0;
}

/* Without any working symbolizer, names come from the ELF symbol table. */
static void test_fallback(uptr ra_known) {
  fflush(0);
  pid_t pid = fork();
  if (pid == 0) {
    symbolizer_set_path("/nonexistent/llvm-symbolizer");
    sl_frame_info f[8];
    int n = symbolize_pc(ra_known - 1, f, 8);
    CHECK(n == 1 && f[0].function && strcmp(f[0].function, "known_fn") == 0 &&
              !f[0].file,
          "fallback gave %d frames, %s", n, n ? f[0].function : "-");
    const char *mod;
    uptr bias;
    CHECK(module_for_pc(ra_known, &mod, &bias), "no module");
    char want[4200], got[8192];
    /* A return address prints as the call's address, one less (as ASan
     * prints frames), with its module offset. */
    snprintf(want, sizeof(want), "    #0 %#lx in known_fn (%s+%#lx)\n",
             (unsigned long)(ra_known - 1), mod,
             (unsigned long)(ra_known - 1 - bias));
    sbuf_t b;
    sbuf_init(&b, got, sizeof(got));
    print_stack(&b, &ra_known, 1, 0);
    CHECK(strcmp(got, want) == 0, "fallback line\n got: %s want: %s", got,
          want);
    CHECK(symbolizer_children(0) == 0, "a symbolizer was started");
    fflush(0);
    _exit(failures ? 1 : 0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "fallback child failed");
}

int main(void) {
  uptr ra_known = known_fn();
  uptr ra_outer = outer_fn();

  test_fallback(ra_known);

  /* The symbolizer process itself is under test: no answers from the
   * cache of earlier processes (lit/report/symbol-cache.c tests that). */
  symbol_cache_disable();
  /* The symbolizer must not inherit a preloaded runtime. */
  setenv("LD_PRELOAD", "libsleuth-test-never-loaded.so", 1);
  symbolizer_set_path(getenv("SLEUTH_TEST_SYMBOLIZER"));

  const char *exe, *mod;
  uptr bias, bias2;
  CHECK(module_for_pc((uptr)main, &exe, &bias), "main has no module");
  CHECK(exe[0] == '/', "main module path %s", exe);
  CHECK(module_for_pc((uptr)&fopen, &mod, &bias2) && strstr(mod, "libc"),
        "fopen's module %s", mod);
  CHECK(!module_for_pc(16, &mod, &bias2), "module for address 16");

  /* A plain call site. */
  sl_frame_info f[8];
  int n = symbolize_pc(ra_known - 1, f, 8);
  CHECK(n == 1, "known_fn: %d frames", n);
  CHECK(n >= 1 && f[0].function && strcmp(f[0].function, "known_fn") == 0,
        "function %s", n >= 1 ? f[0].function : "-");
  CHECK(n >= 1 && f[0].file && ends_with(f[0].file, "/symbolize_test.c"),
        "file %s", n >= 1 ? f[0].file : "-");
  CHECK(n >= 1 && f[0].line == known_line && f[0].column > 0,
        "line %d:%d, want %d", f[0].line, f[0].column, known_line);
  int symbolizer_pid = 0;
  CHECK(symbolizer_children(&symbolizer_pid) == 1, "symbolizer not running");
  CHECK(environ_has(symbolizer_pid, "LD_PRELOAD=") == 0,
        "symbolizer inherited LD_PRELOAD");

  /* An inlined call: two frames, innermost first. */
  sl_frame_info g[8];
  int m = symbolize_pc(ra_outer - 1, g, 8);
  CHECK(m == 2, "outer_fn: %d frames", m);
  if (m == 2) {
    CHECK(strcmp(g[0].function, "inl_helper") == 0 && g[0].line == inl_line,
          "inner %s:%d", g[0].function, g[0].line);
    CHECK(strcmp(g[1].function, "outer_fn") == 0 && g[1].line == outer_line,
          "outer %s:%d", g[1].function, g[1].line);
  }
  CHECK(symbolize_pc(ra_outer - 1, g, 1) == 1, "max is not honoured");

  /* print_stack, every line shape; return addresses print as the call's
   * address, one less. */
  uptr pcs[2] = {ra_known, ra_outer};
  char got[8192], want[8192];
  sbuf_t b;
  sbuf_init(&b, got, sizeof(got));
  print_stack(&b, pcs, 2, 0);
  if (n == 1 && m == 2) {
    snprintf(want, sizeof(want),
             "    #0 %#lx in known_fn %s:%d:%d\n"
             "    #1 %#lx in inl_helper %s:%d:%d\n"
             "    #2 %#lx in outer_fn %s:%d:%d\n",
             (unsigned long)ra_known - 1, f[0].file, known_line, f[0].column,
             (unsigned long)ra_outer - 1, g[0].file, inl_line, g[0].column,
             (unsigned long)ra_outer - 1, g[1].file, outer_line, g[1].column);
    CHECK(strcmp(got, want) == 0, "stack\n got:\n%s want:\n%s", got, want);
  }

  /* Exact pcs: no symbol (the ELF header), no debug info (crt1's _start),
   * no module at all. */
  uptr odd[3] = {bias + 16, (uptr)_start + 1, 16};
  char w0[4200], w1[4200];
  snprintf(w0, sizeof(w0), "    #0 %#lx (%s+0x10)\n", (unsigned long)odd[0],
           exe);
  snprintf(w1, sizeof(w1), "    #0 %#lx in _start (%s+%#lx)\n",
           (unsigned long)odd[1], exe, (unsigned long)(odd[1] - bias));
  sbuf_init(&b, got, sizeof(got));
  print_stack(&b, &odd[0], 1, 1);
  CHECK(strcmp(got, w0) == 0, "no symbol\n got: %s want: %s", got, w0);
  sbuf_init(&b, got, sizeof(got));
  print_stack(&b, &odd[1], 1, 1);
  CHECK(strcmp(got, w1) == 0, "no debug info\n got: %s want: %s", got, w1);
  sbuf_init(&b, got, sizeof(got));
  print_stack(&b, &odd[2], 1, 1);
  CHECK(strcmp(got, "    #0 0x10 (<unknown module>)\n") == 0,
        "no module\n got: %s", got);

  /* Threads share one symbolizer. */
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], 0, thread_main, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);

  /* A forked child starts its own symbolizer instead of using ours. */
  fflush(0);
  pid_t pid = fork();
  if (pid == 0) {
    check_one((uptr)worker_d + 1, "worker_d");
    CHECK(symbolizer_children(0) == 1, "child has no symbolizer of its own");
    fflush(0);
    _exit(failures ? 1 : 0);
  }
  check_one((uptr)worker_d + 2, "worker_d");
  int st = 0;
  waitpid(pid, &st, 0);
  CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "fork child failed");

  /* A symbolizer that died is replaced, and writing to it is no SIGPIPE. */
  CHECK(symbolizer_children(&symbolizer_pid) == 1, "symbolizer count");
  kill(symbolizer_pid, SIGKILL);
  usleep(100 * 1000);
  check_one((uptr)worker_d + 3, "worker_d");
  CHECK(symbolizer_children(0) == 1, "symbolizer not restarted");

  if (failures)
    fprintf(stderr, "%d failure(s)\n", failures);
  else
    printf("symbolize_test: OK\n");
  return failures ? 1 : 0;
}
