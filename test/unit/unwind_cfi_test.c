/* The cached-CFI unwinder (runtime/stacks/unwind_cfi.c) against libgcc's
 * _Unwind_Backtrace, frame for frame, through code without frame pointers
 * (unwind_cfi_chain.c, a dlopen'd library), from several threads at once;
 * a walk ending, as libgcc's does, in code without call-frame information;
 * and the rule cache forgetting a library's call sites at dlclose, so a
 * different library loaded in its place is walked right. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "cfi_cache.h"
#include "check.h"
#include "unwind.h"
#include "unwind_cfi_test.h"

#define MAX_PCS 64
#define THREADS 4
#define ROUNDS 300

static int mismatches, fallbacks, short_walks;
/* The return address into lib_call seen by the last check. */
static __thread uptr lib_return;
/* How many frames the chain being walked has at least. */
static __thread int chain_frames;

static void print_pcs(const char *what, const uptr *pcs, int n) {
  fprintf(stderr, "  %s (%d frames):\n", what, n);
  for (int i = 0; i < n; i++) {
    Dl_info info;
    const char *name = dladdr((void *)(pcs[i] - 1), &info) && info.dli_sname
                           ? info.dli_sname
                           : "?";
    fprintf(stderr, "    #%d 0x%lx %s\n", i, (unsigned long)pcs[i], name);
  }
}

__attribute__((noinline)) void unwind_cfi_check_here(void) {
  uptr fp = (uptr)__builtin_frame_address(0);
  uptr cfi[MAX_PCS], gcc[MAX_PCS];
  int n = unwind_cfi_from_frame(cfi, MAX_PCS, fp);
  int m = unwind_slow(gcc, MAX_PCS, (uptr)__builtin_return_address(0));
  if (n < 0) {
    if (__atomic_fetch_add(&fallbacks, 1, __ATOMIC_RELAXED) == 0)
      print_pcs("the CFI walk gave up; libgcc's walk", gcc, m);
    return;
  }
  int same = n == m;
  for (int i = 0; same && i < n; i++)
    same = cfi[i] == gcc[i];
  if (!same && __atomic_fetch_add(&mismatches, 1, __ATOMIC_RELAXED) < 2) {
    fprintf(stderr, "CFI walk differs from libgcc's:\n");
    print_pcs("CFI", cfi, n);
    print_pcs("libgcc", gcc, m);
  }
  if (n < chain_frames)
    __atomic_fetch_add(&short_walks, 1, __ATOMIC_RELAXED);
  lib_return = cfi[0];
}

static void run_chain(int vla_size, int depth, lib_call_fn lib_call) {
  /* lib_call, recurse x (depth + 1), with_vla, unwind_cfi_chain, and
   * this function's caller. */
  chain_frames = depth + 5;
  unwind_cfi_chain(vla_size, depth, lib_call);
}

static lib_call_fn load_fn(const char *path, void **handle, const char *name) {
  *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!*handle) {
    fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
    return 0;
  }
  return (lib_call_fn)(uintptr_t)dlsym(*handle, name);
}

static lib_call_fn load(const char *path, void **handle) {
  return load_fn(path, handle, "lib_call");
}

static lib_call_fn c_lib_call;

static void *thread_main(void *arg) {
  int seed = (int)(uintptr_t)arg;
  for (int i = 0; i < ROUNDS; i++)
    run_chain(16 + (i * 7 + seed) % 200, (i + seed) % 9, c_lib_call);
  return 0;
}

/* A library's call sites are forgotten at dlclose: another library built
 * to have the same call site with a different frame size, loaded in its
 * place, is walked by its own rules. */
static void check_reload(void) {
  void *ha, *hb;
  lib_call_fn a = load(UNWIND_CFI_ASM_A, &ha);
  CHECK(a != 0);
  if (!a)
    return;
  run_chain(32, 2, a);
  uptr in_a = lib_return;
  CHECK(cfi_cache_get(in_a) != 0);
  dlclose(ha);
  CHECK(cfi_cache_get(in_a) == 0);
  lib_call_fn b = load(UNWIND_CFI_ASM_B, &hb);
  CHECK(b != 0);
  if (!b)
    return;
  run_chain(32, 2, b);
  if (lib_return != in_a)
    printf("note: the second library was not loaded at the first one's "
           "address; the stale-rule case was not exercised\n");
  dlclose(hb);
}

/* libgcc ends a walk at a return address no FDE covers (after reporting
 * it); so must the CFI walk, without handing the stack back to libgcc. */
static void check_no_cfi(void) {
  void *h;
  lib_call_fn f = load_fn(UNWIND_CFI_ASM_A, &h, "lib_call_no_cfi");
  CHECK(f != 0);
  if (!f)
    return;
  chain_frames = 1;
  f(unwind_cfi_check_here);
  dlclose(h);
}

int main(void) {
  void *hc;
  c_lib_call = load(UNWIND_CFI_LIB, &hc);
  CHECK(c_lib_call != 0);
  if (!c_lib_call)
    CHECK_DONE("unwind_cfi_test");
  run_chain(40, 3, c_lib_call);
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    CHECK(pthread_create(&t[i], 0, thread_main, (void *)(uintptr_t)i) == 0);
  thread_main((void *)(uintptr_t)THREADS);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  check_reload();
  check_no_cfi();
  CHECK(mismatches == 0);
  CHECK(fallbacks == 0);
  CHECK(short_walks == 0);
  CHECK_DONE("unwind_cfi_test");
}
