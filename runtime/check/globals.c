/* Global redzones (abi.h): every instrumented module registers its table of
 * globals from its constructor; each global's redzone is poisoned with f9.
 * The registry (tables, not copies) names the global in reports. A module's
 * destructor (dlclose, exit) unregisters its table and clears the shadow. */
#include "abi.h"

#include "globals.h"
#include "interception.h"
#include "options.h"
#include "report.h"
#include "shadow.h"
#include "unwind.h"

typedef struct {
  __sleuth_global *g;
  uptr n;
  int init_started; /* its dynamic initialisers began (init-order checks) */
  uint32_t reg_stack; /* where it was registered (detect_odr_violation) */
} gtable;

static spin_t glock;
static gtable *tables;
static uptr ntables, cap_tables;

/* ---- ODR violations (detect_odr_violation) ---------------------------
 * Each module registers its own copy of every global (pass: ownDefinition).
 * For a symbol another module may define too, it also hands over
 * {own copy, the address the dynamic linker bound the symbol to}: when
 * they differ, another module defines the same symbol and this copy is
 * never used, a violation of the One Definition Rule. It is reported once
 * the other definition is registered too (libraries' constructors run
 * before the executable's), with both names, sizes and registration
 * stacks; detect_odr_violation=1 only when the sizes differ, as ASan. */
typedef struct {
  uptr own, sym;
  uint32_t stack;
} odr_pair;
static odr_pair *pending;
static uptr npending, cap_pending;

static const __sleuth_global *find_global_locked(uptr beg, uint32_t *stack) {
  for (uptr t = 0; t < ntables; t++)
    for (uptr i = 0; i < tables[t].n; i++)
      if (tables[t].g[i].beg == beg &&
          !(tables[t].g[i].flags & SLEUTH_GLOBAL_LEFT_GUARD)) {
        *stack = tables[t].reg_stack;
        return &tables[t].g[i];
      }
  return 0;
}

static void odr_definition_of(odr_definition *d, const __sleuth_global *g,
                              uint32_t stack) {
  d->addr = g->beg;
  d->size = g->size;
  d->name = g->name;
  d->location = g->location;
  d->stack = stack;
}

/* Reports the pending pairs whose other definition is registered now, one
 * at a time, without the lock (a report may stop the process). */
static void odr_resolve(void) {
  for (;;) {
    odr_definition used, unused;
    int found = 0;
    spin_lock(&glock);
    for (uptr i = 0; i < npending && !found;) {
      uint32_t us = 0, ss = 0;
      const __sleuth_global *a = find_global_locked(pending[i].own, &us);
      const __sleuth_global *b = a ? find_global_locked(pending[i].sym, &ss) : 0;
      if (a && !b) { /* the other module is not registered (yet) */
        i++;
        continue;
      }
      if (a && (sl_opt.detect_odr_violation >= 2 || a->size != b->size)) {
        odr_definition_of(&used, b, ss);
        odr_definition_of(&unused, a, pending[i].stack);
        found = 1;
      }
      pending[i] = pending[--npending];
    }
    spin_unlock(&glock);
    if (!found)
      return;
    report_odr_violation(&used, &unused);
  }
}

SL_INTERFACE void __sleuth_register_odr(const uintptr_t *pairs, uintptr_t n) {
  if (!sl_opt.detect_odr_violation || !pairs)
    return;
  uptr differ = 0;
  for (uptr i = 0; i < n; i++)
    differ += pairs[2 * i] != pairs[2 * i + 1];
  if (!differ) /* this module's definitions are the ones in use */
    return;
  uint32_t stack = stack_capture_id(CALLER_PC_HERE(), FRAME_HERE());
  spin_lock(&glock);
  for (uptr i = 0; i < n; i++) {
    if (pairs[2 * i] == pairs[2 * i + 1])
      continue;
    if (npending == cap_pending) {
      uptr nc = cap_pending ? cap_pending * 2 : 16;
      odr_pair *np = irealloc(pending, nc * sizeof *np);
      if (!np)
        break;
      pending = np;
      cap_pending = nc;
    }
    pending[npending++] = (odr_pair){pairs[2 * i], pairs[2 * i + 1], stack};
  }
  spin_unlock(&glock);
  odr_resolve();
}

SL_INTERFACE void __sleuth_register_globals(__sleuth_global *g, uintptr_t n) {
  ENSURE_INIT();
  if (!g || !n)
    return;
  /* Where the module registered, for an ODR report naming it later. */
  uint32_t reg_stack = sl_opt.detect_odr_violation
                           ? stack_capture_id(CALLER_PC_HERE(), FRAME_HERE())
                           : 0;
  for (uptr i = 0; i < n; i++) {
    uptr beg = g[i].beg, size = g[i].size, total = g[i].size_with_redzone;
    if (beg & 7 || total < size)
      continue;
    shadow_unpoison(beg, shadow_object_span(size));
    uptr rz = (size + SHADOW_GRANULE - 1) & ~(uptr)(SHADOW_GRANULE - 1);
    if (total > rz)
      shadow_poison(beg + rz, total - rz, SH_GLOBAL_REDZONE);
  }
  spin_lock(&glock);
  if (ntables == cap_tables) {
    uptr nc = cap_tables ? cap_tables * 2 : 16;
    gtable *nt = irealloc(tables, nc * sizeof *nt);
    if (!nt) {
      spin_unlock(&glock);
      return;
    }
    tables = nt;
    cap_tables = nc;
  }
  tables[ntables].g = g;
  tables[ntables].n = n;
  tables[ntables].init_started = 0;
  tables[ntables].reg_stack = reg_stack;
  ntables++;
  spin_unlock(&glock);
  if (npending)
    odr_resolve();
}

SL_INTERFACE void __sleuth_unregister_globals(__sleuth_global *g, uintptr_t n) {
  if (!g || !n)
    return;
  spin_lock(&glock);
  for (uptr i = 0; i < ntables; i++)
    if (tables[i].g == g) {
      tables[i] = tables[--ntables];
      break;
    }
  /* Pending ODR pairs of the module: its copies are gone. */
  for (uptr i = 0; i < npending;) {
    uptr own = pending[i].own;
    int mine = 0;
    for (uptr k = 0; k < n && !mine; k++)
      mine = g[k].beg == own;
    if (mine)
      pending[i] = pending[--npending];
    else
      i++;
  }
  spin_unlock(&glock);
  for (uptr i = 0; i < n; i++)
    if (!(g[i].beg & 7) && g[i].size_with_redzone >= g[i].size)
      shadow_poison(g[i].beg, g[i].size_with_redzone, 0);
}

/* Init-order checking (pass/InitOrder.cpp brackets each module's dynamic
 * initialisers with these two calls). While module M's initialisers run,
 * the dynamically initialised globals of every module whose initialisers
 * have not started are poisoned f6: reading one reads a value not computed
 * yet. With strict_init_order=1, modules that already ran are poisoned too
 * (an order that works by the linker's choice is reported as well). The
 * module is named by its globals table (or another address of its own). */
static void poison_dynamic_globals(const gtable *t, int poison) {
  for (uptr i = 0; i < t->n; i++) {
    const __sleuth_global *g = &t->g[i];
    if (!(g->flags & SLEUTH_GLOBAL_DYNAMIC_INIT) || (g->beg & 7))
      continue;
    if (poison)
      shadow_poison(g->beg, (g->size + 7) & ~(uptr)7, SH_INIT_ORDER);
    else
      shadow_unpoison(g->beg, shadow_object_span(g->size)); /* not its redzone */
  }
}

static uptr init_order_module; /* the module whose initialisers run, or 0 */
static int init_order_stopped;  /* exit() was called */

void globals_stop_init_order_checking(void) {
  if (!sl_opt.check_initialization_order || init_order_stopped)
    return;
  spin_lock(&glock);
  init_order_stopped = 1;
  for (uptr t = 0; t < ntables; t++) {
    if (!tables[t].init_started || sl_opt.strict_init_order)
      poison_dynamic_globals(&tables[t], 0);
    tables[t].init_started = 1;
  }
  init_order_module = 0;
  spin_unlock(&glock);
}

SL_INTERFACE void __sleuth_before_dynamic_init(uintptr_t module) {
  if (!sl_opt.check_initialization_order || init_order_stopped)
    return;
  spin_lock(&glock);
  init_order_module = module;
  for (uptr t = 0; t < ntables; t++) {
    if ((uptr)tables[t].g == module) {
      if (!sl_opt.strict_init_order)
        tables[t].init_started = 1;
      continue;
    }
    if (!tables[t].init_started)
      poison_dynamic_globals(&tables[t], 1);
  }
  spin_unlock(&glock);
}

SL_INTERFACE void __sleuth_after_dynamic_init(void) {
  if (!sl_opt.check_initialization_order || init_order_stopped)
    return;
  spin_lock(&glock);
  for (uptr t = 0; t < ntables; t++)
    if (!tables[t].init_started && (uptr)tables[t].g != init_order_module)
      poison_dynamic_globals(&tables[t], 0);
  init_order_module = 0;
  spin_unlock(&glock);
}

#ifndef SLEUTH_SHARED
/* Runs after the executable's other constructors (the wrapper links the
 * runtime last), so after every initialiser of the modules loaded at
 * start-up. A library dlopen'ed later then runs its initialisers with their
 * globals addressable, strict_init_order=1 included: they are initialised,
 * and ASan, too, stops strict checking at the first dlopen. */
static void startup_initialisers_done(void) {
  spin_lock(&glock);
  for (uptr t = 0; t < ntables; t++)
    tables[t].init_started = 1;
  spin_unlock(&glock);
}
__attribute__((section(".init_array"), used)) static void (
    *startup_initialisers_done_ctor)(void) = startup_initialisers_done;
#endif

int globals_find(uptr addr, uptr *beg, uptr *size, const char **name,
                 const char **location) {
  int found = 0;
  spin_lock(&glock);
  for (uptr t = 0; t < ntables && !found; t++)
    for (uptr i = 0; i < tables[t].n; i++) {
      const __sleuth_global *g = &tables[t].g[i];
      if (addr >= g->beg && addr < g->beg + g->size_with_redzone &&
          !(g->flags & SLEUTH_GLOBAL_LEFT_GUARD)) {
        *beg = g->beg;
        *size = g->size;
        *name = g->name;
        *location = g->location;
        found = 1;
        break;
      }
    }
  spin_unlock(&glock);
  return found;
}


/* A global whose bytes are a C string (printable ASCII up to a NUL in its
 * last byte, more than one byte): its text, as ASan prints it, since that
 * is how a reader knows a string literal or a char array from its name. */
static void print_if_ascii_string(sbuf_t *b, const __sleuth_global *g) {
  if (g->size < 2 || *(const char *)(g->beg + g->size - 1) != 0)
    return;
  for (uptr p = g->beg; p < g->beg + g->size - 1; p++) {
    unsigned char c = *(const unsigned char *)p;
    if (c == 0 || c >= 128)
      return;
  }
  sbuf_printf(b, "  '%s' is ascii string '%s'\n", g->name,
              (const char *)g->beg);
}

int globals_describe(sbuf_t *b, uptr addr) {
  const __sleuth_global *best = 0;
  int after = 0;
  uptr best_dist = ~(uptr)0;
  spin_lock(&glock);
  for (uptr t = 0; t < ntables; t++)
    for (uptr i = 0; i < tables[t].n; i++) {
      const __sleuth_global *g = &tables[t].g[i];
      if (addr >= g->beg && addr < g->beg + g->size &&
          !(g->flags & SLEUTH_GLOBAL_LEFT_GUARD)) {
        best = g; /* inside a variable */
        after = 1;
        goto found;
      }
      /* In a redzone: name the nearer neighbour, the variable that ends
       * before it (an overflow) or the one that starts after it (an
       * underflow; a left guard only ever has one after it). */
      if (addr >= g->beg + g->size && addr < g->beg + g->size_with_redzone &&
          !(g->flags & SLEUTH_GLOBAL_LEFT_GUARD) &&
          addr - (g->beg + g->size) <= best_dist) {
        best = g;
        after = 1;
        best_dist = addr - (g->beg + g->size);
      }
      if (addr < g->beg && g->beg - addr < 64 && g->beg - addr < best_dist &&
          !(g->flags & SLEUTH_GLOBAL_LEFT_GUARD)) {
        best = g;
        after = 0;
        best_dist = g->beg - addr;
      }
    }
found:
  if (best) {
    sbuf_printf(b, "%p is located ", (void *)addr);
    if (!after)
      sbuf_printf(b, "%lu bytes before", (unsigned long)(best->beg - addr));
    else if (addr >= best->beg + best->size)
      sbuf_printf(b, "%lu bytes after",
                  (unsigned long)(addr - best->beg - best->size));
    else
      sbuf_printf(b, "%lu bytes inside of", (unsigned long)(addr - best->beg));
    sbuf_printf(b, " global variable '%s' defined in '%s' (%p) of size %lu\n",
                best->name, best->location, (void *)best->beg,
                (unsigned long)best->size);
    print_if_ascii_string(b, best);
  }
  spin_unlock(&glock);
  return best != 0;
}
