/* One re-execution with address randomisation off. The shadow offset is
 * compiled into every check and the heap wants its usual place, so both sit
 * at fixed addresses; a kernel with vm.mmap_rnd_bits=32 may put the
 * executable or its brk heap there. Like LLVM's TSan, the runtime then sets
 * ADDR_NO_RANDOMIZE and executes the program again before anything of it
 * has run, which gives the classic layout. An environment marker makes it
 * once only: a kernel or security profile that drops the flag across exec
 * cannot make it loop. The marker is removed from the environment before
 * main, and the flag from the persona, so the program's own children start
 * randomised as usual.
 *
 * The program is executed by the name it was started with (AT_EXECFN), not
 * /proc/self/exe: $ORIGIN in its RUNPATH resolves against that name, and
 * /proc may be missing; /proc/self/exe is the second try. Where
 * personality() is refused (Docker's default seccomp profile) this returns
 * and the caller falls back: the heap moves (heap/allocator.c). */
#include "aslr_reexec.h"

#include <stdarg.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "options.h"
#include "sys.h"

#define ADDR_NO_RANDOMIZE_FLAG 0x0040000UL
#define MARKER "SLEUTH_REEXEC_NO_ASLR"

static char **saved_argv, **saved_envp;
static int reexecuted;

int aslr_reexec_was_reexecuted(void) { return reexecuted; }

static void say(const char *fmt, ...) {
  char line[400];
  sbuf_t b;
  sbuf_init(&b, line, sizeof line - 1);
  sbuf_printf(&b, "==%d==", sys_getpid());
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  line[b.len] = '\n';
  sys_write_all(2, line, b.len + 1);
}

static int is_marker(const char *e) {
  return sl_strncmp(e, MARKER "=", sizeof MARKER) == 0;
}

void aslr_reexec_start(char **argv, char **envp) {
  saved_argv = argv;
  saved_envp = envp;
  if (!envp)
    return;
  /* Shift the rest of envp down over the marker, in place: envp is the
   * array libc's environ points at. */
  char **w = envp;
  for (char **e = envp; *e; e++) {
    if (is_marker(*e)) {
      /* "1": the runtime set the flag; it goes again for the children. */
      if (!reexecuted && (*e)[sizeof MARKER] == '1') {
        long cur = sys_personality(0xffffffffUL);
        if (cur >= 0 && (cur & ADDR_NO_RANDOMIZE_FLAG))
          sys_personality((unsigned long)cur & ~ADDR_NO_RANDOMIZE_FLAG);
      }
      reexecuted = 1;
      continue;
    }
    *w++ = *e;
  }
  *w = 0;
}

/* argv when the initialiser was not handed it (the runtime started from an
 * early malloc): the NUL-separated /proc/self/cmdline. */
static char **argv_from_proc(void) {
  size_t len;
  char *buf = sys_read_file("/proc/self/cmdline", &len);
  if (!buf || !len)
    return 0;
  size_t n = 0;
  for (size_t i = 0; i < len; i++)
    n += buf[i] == 0;
  char **v = ialloc((n + 1) * sizeof(char *));
  size_t k = 0;
  for (size_t i = 0; i < len && k < n; k++) {
    v[k] = buf + i;
    i += sl_strlen(buf + i) + 1;
  }
  v[k] = 0;
  return v;
}

void aslr_reexec_or_return(const char *what) {
  if (reexecuted) {
    if (sl_opt.verbosity)
      say("Sleuth: %s is in use also after re-executing without address "
          "randomisation",
          what);
    return;
  }
  long cur = sys_personality(0xffffffffUL);
  if (cur < 0 || (cur & ADDR_NO_RANDOMIZE_FLAG))
    return; /* no persona to change, or randomisation is off already */
  char **argv = saved_argv ? saved_argv : argv_from_proc();
  char **envp = saved_envp ? saved_envp : environ;
  if (!argv || !argv[0])
    return;
  long r = sys_personality((unsigned long)cur | ADDR_NO_RANDOMIZE_FLAG);
  if (r < 0) {
    if (sl_opt.verbosity)
      say("Sleuth: %s is in use and personality(ADDR_NO_RANDOMIZE) was "
          "refused (errno %ld)",
          what, -r);
    return;
  }
  size_t n = 0;
  while (envp && envp[n])
    n++;
  char **env = ialloc((n + 2) * sizeof(char *));
  for (size_t i = 0; i < n; i++)
    env[i] = envp[i];
  env[n] = MARKER "=1";
  env[n + 1] = 0;
  if (sl_opt.verbosity)
    say("Sleuth: %s is in use (high-entropy ASLR?); re-executing once with "
        "address randomisation off",
        what);
  const char *execfn = (const char *)getauxval(AT_EXECFN);
  if (execfn)
    sys_execve(execfn, argv, env); /* returns only on failure */
  long err = sys_execve("/proc/self/exe", argv, env);
  /* Still here: put the persona back and let the caller fall back. */
  sys_personality((unsigned long)cur);
  ifree(env);
  if (sl_opt.verbosity)
    say("Sleuth: re-executing %s failed (errno %ld)", argv[0], -err);
}
