/* Profile-only mode when the program brings its own allocator: which one
 * the program's calls would reach without Sleuth, how sysheap.c reaches it,
 * and how its blocks are measured.
 *
 * Without Sleuth, a program linked with -ltcmalloc or -ljemalloc (or run
 * with one of them in LD_PRELOAD) has its malloc, free and the rest bound
 * to that library. Preloaded in front, libsleuth.so takes those calls, and
 * sysheap.c used to pass them on to glibc's __libc_malloc family. That is
 * wrong both ways:
 *  - tcmalloc defines the __libc_* names too, so the calls did reach it,
 *    but its blocks have no glibc chunk header: the word sysheap_chunk_bytes
 *    read below a block was the end of the neighbouring block, and the
 *    timeline's heap in use summed garbage ("now 4868682.3 TiB"), with an
 *    alert at every allocation;
 *  - jemalloc does not, so the program silently ran on glibc's heap, and
 *    its realloc and malloc_usable_size asked jemalloc about glibc's blocks
 *    (a crash).
 *
 * So init asks the dynamic linker which module the next definition of
 * malloc comes from. glibc's: its __libc_* names and chunk sizes, as
 * before. Another one: its own malloc, free, calloc, realloc and memalign
 * (all from that one module, else it is not used: the program then runs on
 * glibc's, and a line says so), and every block is measured with its own
 * malloc_usable_size, the same way at malloc and at free: heap in use is
 * what it gives the program's live blocks, the figure its own statistics
 * call allocated (jemalloc's stats.allocated, tcmalloc's
 * generic.current_allocated_bytes), and a line says so. Without a
 * malloc_usable_size heap in use cannot be measured: it is not counted, the
 * timeline's header says so, and the growth triggers and alerts, which
 * would fire from a figure that is not the program's heap, stay off. The
 * same holds when malloc itself is not ours (an allocator preloaded in
 * front of libsleuth.so): the program's calls never reach the counters.
 *
 * The lookups run from sysheap_init, before the first block is handed out
 * (the first malloc starts the runtime); successful dlsym and dladdr calls
 * allocate nothing. */
#include "sysheap.h"

#include <gnu/libc-version.h>

#include "interception.h"
#include "options.h"
#include "report.h"

int sysheap_foreign;
sysheap_allocator sysheap_real;
/* tcmalloc's malloc_usable_size asks MallocExtension::instance(), which
 * the first time allocates it with operator new: that allocation, ours,
 * would measure itself again without end. Measured while the thread is
 * inside the allocator's own size function, a block counts 0 (the one
 * object that instance is, never freed). */
static __thread int measuring __attribute__((tls_model("initial-exec")));

/* 0: heap in use is not counted (heap_not_measured). */
static int counting = 1;

size_t sysheap_foreign_bytes(const void *block) {
  if (!counting || !sysheap_real.usable_size || measuring)
    return 0;
  measuring = 1;
  size_t n = sysheap_real.usable_size((void *)block);
  measuring = 0;
  return n;
}

/* The loaded object that holds addr (its base), and its file name's last
 * component ("" for the main program); 0 when none does. */
static uptr module_of(const void *addr, const char **name) {
  Dl_info info;
  if (!addr || !dladdr(addr, &info) || !info.dli_fbase)
    return 0;
  const char *n = info.dli_fname ? info.dli_fname : "";
  for (const char *c = n; *c; c++)
    if (*c == '/')
      n = c + 1;
  *name = n;
  return (uptr)info.dli_fbase;
}

/* The definition of name that handle (RTLD_NEXT: the next after
 * libsleuth.so; RTLD_DEFAULT: the program's) finds, if module holds it. */
static void *from_module(void *handle, const char *name, uptr module) {
  const char *ignored;
  void *f = dlsym(handle, name);
  return module_of(f, &ignored) == module ? f : 0;
}

static void note_source(const char *kind, const char *allocator,
                        int measured, int sampled) {
  char desc[160];
  sl_snprintf(desc, sizeof desc, "%s:%s", kind, allocator);
  heapprof_set_heap_source(desc, measured, sampled);
}

/* sampled 0: the program does not call Sleuth's malloc, and a sampled
 * block (16 bytes into its allocation) that it freed with its own free
 * would crash it: nothing is sampled either. */
static void heap_not_measured(const char *why, const char *allocator,
                              int sampled) {
  counting = 0;
  note_source("unmeasured", allocator, 0, sampled);
  if (sl_opt.heap_profile)
    report_raw("WARNING: Sleuth: %s (%s): heap in use is not counted and "
               "heap_profile_inuse_interval, heap_profile_peak and "
               "heap_profile_alert_mb are off; %s",
               why, allocator,
               sampled ? "sampled profiles still work"
                       : "nothing is sampled (the program's calls do not "
                         "reach Sleuth)");
}

static int use_foreign(void *handle, uptr module) {
  sysheap_allocator a = {
      (void *(*)(size_t))from_module(handle, "malloc", module),
      (void (*)(void *))from_module(handle, "free", module),
      (void *(*)(size_t, size_t))from_module(handle, "calloc", module),
      (void *(*)(void *, size_t))from_module(handle, "realloc", module),
      (void *(*)(size_t, size_t))from_module(handle, "memalign", module),
      (size_t(*)(void *))from_module(handle, "malloc_usable_size", module)};
  if (!a.malloc || !a.free || !a.calloc || !a.realloc || !a.memalign)
    return 0;
  sysheap_real = a;
  __atomic_store_n(&sysheap_foreign, 1, __ATOMIC_RELEASE);
  return 1;
}

void sysheap_detect_allocator(void) {
  const char *libc_name = "", *ours_name = "", *next_name = "",
             *malloc_name = "";
  uptr libc = module_of((const void *)gnu_get_libc_version, &libc_name);
  uptr ours = module_of((const void *)sysheap_detect_allocator, &ours_name);
  uptr malloc_mod = module_of(dlsym(RTLD_DEFAULT, "malloc"), &malloc_name);
  if (malloc_mod && malloc_mod != ours) {
    heap_not_measured("malloc is not Sleuth's: it resolves to a module "
                      "loaded before libsleuth.so",
                      *malloc_name ? malloc_name : "the program", 0);
    /* Only calls that reach Sleuth's own interceptors get here (strdup,
     * say): their blocks come from the program's allocator, which frees
     * them, uncounted; glibc's when it lacks one of the five. */
    if (!use_foreign(RTLD_DEFAULT, malloc_mod))
      sysheap_real = (sysheap_allocator){__libc_malloc, __libc_free,
                                         __libc_calloc, __libc_realloc,
                                         __libc_memalign, 0};
    __atomic_store_n(&sysheap_foreign, 1, __ATOMIC_RELEASE);
    return;
  }
  uptr next = module_of(dlsym(RTLD_NEXT, "malloc"), &next_name);
  if (!next || next == libc)
    return; /* glibc's: its chunk sizes (sysheap.h) */
  if (!*next_name)
    next_name = "the program itself";
  if (!use_foreign(RTLD_NEXT, next)) {
    if (sl_opt.heap_profile)
      report_raw("WARNING: Sleuth: the program's allocator %s lacks one of "
                 "malloc, free, calloc, realloc, memalign: under Sleuth the "
                 "program runs on glibc's allocator instead",
                 next_name);
    return;
  }
  if (!sysheap_real.usable_size) {
    heap_not_measured("the program's allocator has no malloc_usable_size",
                      next_name, 1);
    return;
  }
  note_source("usable", next_name, 1, 1);
  if (sl_opt.heap_profile)
    report_raw("Sleuth: the program's allocator is %s, not glibc's: heap in "
               "use counts the bytes it gives each block (its "
               "malloc_usable_size), as its own statistics do",
               next_name);
}
