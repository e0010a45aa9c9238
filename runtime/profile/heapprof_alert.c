/* heap_profile_alert_mb's outputs, on the service thread: the log line
 * (report_heap_alert) and heap_profile_alert_cmd.
 *
 * The command runs as `/bin/sh -c CMD` in a grandchild, made by a double
 * fork of raw clones: the service thread makes a child whose exit signal
 * is 0, not SIGCHLD; that child makes the grandchild and exits at once;
 * the grandchild, orphaned, belongs to init and execs the shell. A child
 * with exit signal 0 is a "clone child" to the kernel: the program's
 * wait(), waitpid(-1) and SIGCHLD handler never see it (they would reap or
 * count a child the program did not make), only waitpid with __WCLONE,
 * which this file reaps it with. It must not exec itself: execve gives a
 * process SIGCHLD as its exit signal again. (A program that made itself a
 * child subreaper would be handed the orphan; that is the one case where
 * it sees the command.) No libc fork: the service thread may be a raw
 * thread glibc does not know, and fork's atfork handlers belong to the
 * program. Between clone and execve the children make raw system calls
 * only. Nobody waits for the command. */
#include "heapprof.h"

#include <signal.h>
#include <sys/syscall.h>

#include "heapprof_internal.h"
#include "options.h"
#include "report.h"

#define MAX_CHILDREN 8
#define WCLONE_FLAG 0x80000000 /* __WCLONE */
#define WNOHANG_FLAG 1

extern char **environ;

static int children[MAX_CHILDREN];
static int n_children;
static int warned_busy;

int heapprof_alert_children(void) { return n_children; }

void heapprof_alert_reap(void) {
  for (int i = 0; i < n_children;) {
    int st;
    int r = sys_waitpid(children[i], &st, WNOHANG_FLAG | WCLONE_FLAG);
    if (r == 0) {
      i++;
      continue;
    }
    /* Ended (r == pid) or not ours any more (an error): forget it. */
    children[i] = children[--n_children];
  }
}

void heapprof_alert_after_fork_child(void) {
  n_children = 0; /* the parent's commands are the parent's */
  warned_busy = 0;
}

/* LD_PRELOAD without the runtime (sleuth-run preloads libsleuth.so, and
 * the command is not the program being profiled), or NULL if nothing is
 * left; entries are separated by ':' or ' ', as ld.so reads them. */
static char *preload_without_runtime(const char *v) {
  size_t n = sl_strlen(v), k = 0;
  char *out = ialloc(n + 1);
  if (!out)
    return 0;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && v[j] != ':' && v[j] != ' ')
      j++;
    size_t b = i; /* the item's base name starts after its last '/' */
    for (size_t q = i; q < j; q++)
      if (v[q] == '/')
        b = q + 1;
    int ours = j - b == 12 && !sl_strncmp(v + b, "libsleuth.so", 12);
    if (j > i && !ours) {
      if (k)
        out[k++] = ':';
      sl_memcpy(out + k, v + i, j - i);
      k += j - i;
    }
    i = j + 1;
  }
  if (!k) {
    ifree(out);
    return 0;
  }
  return out;
}

/* environ without any SLEUTH_ALERT_* of its own and with the runtime out of
 * LD_PRELOAD, then the variables in own[] (internal memory, the caller
 * frees them and the array; own[4] is set here). */
static char **alert_env(char *own[5]) {
  size_t n = 0;
  while (environ && environ[n])
    n++;
  char **env = ialloc((n + 5) * sizeof *env);
  if (!env)
    return 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (!sl_strncmp(environ[i], "SLEUTH_ALERT_", 13))
      continue;
    if (!sl_strncmp(environ[i], "LD_PRELOAD=", 11)) {
      char *rest = preload_without_runtime(environ[i] + 11);
      if (rest && (own[4] = ialloc(sl_strlen(rest) + 12))) {
        sl_memcpy(own[4], "LD_PRELOAD=", 11);
        sl_memcpy(own[4] + 11, rest, sl_strlen(rest));
        env[k++] = own[4];
      }
      ifree(rest);
      continue;
    }
    env[k++] = environ[i];
  }
  for (int i = 0; i < 4; i++)
    if (own[i])
      env[k++] = own[i];
  env[k] = 0;
  return env;
}

static char *env_entry(const char *name, unsigned long long v) {
  char buf[96];
  sl_snprintf(buf, sizeof buf, "%s=%llu", name, v);
  return istrdup(buf);
}

static void run_cmd(int64_t inuse, int64_t level, const char *dump) {
  const char *cmd = sl_opt.heap_profile_alert_cmd;
  heapprof_alert_reap();
  if (n_children == MAX_CHILDREN) {
    if (!warned_busy)
      report_raw("WARNING: Sleuth: %d heap_profile_alert_cmd commands still "
                 "running; not starting another",
                 MAX_CHILDREN);
    warned_busy = 1;
    return;
  }
  char *own[5] = {
      env_entry("SLEUTH_ALERT_PID", (unsigned long long)sys_getpid()),
      env_entry("SLEUTH_ALERT_INUSE", (unsigned long long)inuse),
      env_entry("SLEUTH_ALERT_THRESHOLD", (unsigned long long)level), 0, 0};
  size_t dl = sl_strlen(dump ? dump : "");
  if ((own[3] = ialloc(dl + 19))) {
    sl_memcpy(own[3], "SLEUTH_ALERT_DUMP=", 18);
    sl_memcpy(own[3] + 18, dump ? dump : "", dl);
  }
  char **env = alert_env(own);
  char *argv[] = {"sh", "-c", (char *)cmd, 0};
  long pid = sys_call6(SYS_clone, 0 /* no flags, exit signal 0 */, 0, 0, 0,
                       0, 0);
  if (pid == 0) {
    if (sys_fork() == 0) {
      /* The grandchild: the service thread blocked every signal, the
       * command must not inherit that. */
      unsigned long none = 0;
      sys_call6(SYS_rt_sigprocmask, SIG_SETMASK, (long)&none, 0, 8, 0, 0);
      sys_execve("/bin/sh", argv, env ? env : environ);
      sys_call6(SYS_exit_group, 127, 0, 0, 0, 0, 0);
    }
    sys_call6(SYS_exit_group, 0, 0, 0, 0, 0, 0);
  }
  ifree(env);
  for (int i = 0; i < 5; i++)
    ifree(own[i]);
  if (pid < 0) {
    report_raw("WARNING: Sleuth: cannot start heap_profile_alert_cmd (errno "
               "%ld)",
               -pid);
    return;
  }
  children[n_children++] = (int)pid;
}

void heapprof_alert(int64_t inuse, int64_t level, const char *dump) {
  report_heap_alert((unsigned long long)(inuse < 0 ? 0 : inuse),
                    (unsigned long long)level,
                    (unsigned long long)sl_opt.heap_profile_alert_mb, dump);
  if (sl_opt.heap_profile_alert_cmd && sl_opt.heap_profile_alert_cmd[0])
    run_cmd(inuse, level, dump);
}
