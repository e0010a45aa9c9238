/* One runtime per process. An instrumented program has the runtime linked
 * in; were libsleuth.so preloaded into it as well (a program run under
 * sleuth-run that starts an instrumented one, say), two runtimes would
 * claim one shadow and one heap. The linked one wins: it re-executes the
 * program once with libsleuth.so taken out of LD_PRELOAD, before anything
 * else runs. A preloaded copy that still finds another runtime in the
 * process stays inactive. */
#include <dlfcn.h>

#include "interception.h"
#include "one_runtime.h"
#include "report.h"

static int is_sleuth_lib(const char *s, size_t n) {
  static const char name[] = "libsleuth.so";
  size_t k = sizeof name - 1;
  return n >= k && !sl_strncmp(s + n - k, name, k) &&
         (n == k || s[n - k - 1] == '/');
}

/* LD_PRELOAD without its libsleuth.so entries ("LD_PRELOAD=" + the rest,
 * or NULL when none was there). */
static char *preload_without_sleuth(const char *lp, int *found) {
  size_t len = sl_strlen(lp);
  char *out = ialloc(len + sizeof "LD_PRELOAD=");
  sl_memcpy(out, "LD_PRELOAD=", 11);
  size_t o = 11;
  *found = 0;
  for (const char *p = lp; *p;) {
    while (*p == ':' || *p == ' ')
      p++;
    const char *e = p;
    while (*e && *e != ':' && *e != ' ')
      e++;
    if (e == p)
      break;
    if (is_sleuth_lib(p, (size_t)(e - p))) {
      *found = 1;
    } else {
      if (o > 11)
        out[o++] = ':';
      sl_memcpy(out + o, p, (size_t)(e - p));
      o += (size_t)(e - p);
    }
    p = e;
  }
  out[o] = 0;
  return out;
}

void one_runtime_drop_preloaded(char **argv, char **envp) {
  const char *lp = sl_getenv("LD_PRELOAD");
  if (!lp || !argv || !envp)
    return;
  int found;
  char *kept = preload_without_sleuth(lp, &found);
  if (!found) {
    ifree(kept);
    return;
  }
  size_t n = 0;
  while (envp[n])
    n++;
  char **env = ialloc((n + 2) * sizeof(char *));
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (sl_strncmp(envp[i], "LD_PRELOAD=", 11))
      env[k++] = envp[i];
  if (kept[11])
    env[k++] = kept;
  env[k] = 0;
  int err = sys_execve("/proc/self/exe", argv, env);
  char line[200];
  size_t len = sl_snprintf(line, sizeof line,
                           "==%d==WARNING: Sleuth: libsleuth.so is preloaded "
                           "into an instrumented program and re-executing "
                           "without it failed (errno %d)\n",
                           sys_getpid(), -err);
  sys_write_all(2, line, len);
}

#ifndef SLEUTH_VERSION
#define SLEUTH_VERSION "0"
#endif

SL_INTERFACE const char *__sleuth_runtime_version(void) {
  return SLEUTH_VERSION;
}

/* This copy's own marker, whatever the dynamic linker binds the name to. */
extern __typeof(__sleuth_runtime_version) own_marker
    __attribute__((alias("__sleuth_runtime_version"), visibility("hidden")));

int one_runtime_another_is_loaded(void) {
  void *first = dlsym(RTLD_DEFAULT, "__sleuth_runtime_version");
  return first && first != (void *)own_marker;
}
