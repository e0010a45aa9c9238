/* The runtime's private allocator. It never calls into the user-facing
 * allocator (which it would recurse into) and keeps its memory out of the
 * user heap, so leak scans and heap profiles never see runtime data.
 * Power-of-two classes from 16 bytes to 32 KiB with a 16-byte header; larger
 * requests get their own mapping. Cold paths only: stack depot nodes,
 * symbolizer strings, module tables. */
#include "sys.h"

#include <sys/mman.h>

#define IA_MIN_SHIFT 4
#define IA_MAX_SHIFT 15
#define IA_CLASSES (IA_MAX_SHIFT - IA_MIN_SHIFT + 1)
#define IA_SLAB (1u << 20)

typedef struct ia_header {
  uint64_t size; /* class shift, or mapping length for large blocks */
  uint64_t large;
} ia_header;

typedef struct ia_free {
  struct ia_free *next;
} ia_free;

static struct {
  spin_t lock;
  ia_free *free;
  char *bump, *end;
} ia_class[IA_CLASSES];

/* The reserve: one mapping of address space (nothing resident until it is
 * used), made at the first ialloc, from which slabs and big blocks are cut
 * when the kernel refuses a new mapping (memory or vm.max_map_count
 * exhausted). The runtime then still has the memory to write an
 * out-of-memory report, symbolize it and finish what it was doing; its
 * callers see NULL only once the reserve is gone too. Never given back:
 * a big block cut from it is marked so ifree does not unmap it. */
#define IA_RESERVE (16u << 20)
#define IA_FROM_RESERVE 2 /* ia_header.large: cut from the reserve */
static struct {
  spin_t lock;
  char *bump, *end;
  int tried;
} reserve;

static void *reserve_take(size_t len) {
  spin_lock(&reserve.lock);
  if (!reserve.tried) {
    reserve.tried = 1;
    long r = (long)sys_mmap(0, IA_RESERVE, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                            0);
    if (!(r < 0 && r > -4096)) {
      reserve.bump = (char *)r;
      reserve.end = (char *)r + IA_RESERVE;
    }
  }
  void *p = 0;
  len = (len + 4095) & ~(size_t)4095;
  if (reserve.bump && (size_t)(reserve.end - reserve.bump) >= len) {
    p = reserve.bump;
    reserve.bump += len;
  }
  spin_unlock(&reserve.lock);
  return p;
}

/* A fresh mapping, else a piece of the reserve (*from_reserve set). */
static void *map_or_reserve(size_t len, int *from_reserve) {
  void *p = sys_map_anon(len);
  *from_reserve = !p;
  return p ? p : reserve_take(len);
}

/* Taking nothing maps the reserve if that was not tried yet. */
void ialloc_init_reserve(void) { reserve_take(0); }

static int class_shift(size_t n) {
  int s = IA_MIN_SHIFT;
  while (((size_t)1 << s) < n)
    s++;
  return s;
}

void *ialloc(size_t n) {
  size_t need = n + sizeof(ia_header);
  if (need > ((size_t)1 << IA_MAX_SHIFT)) {
    size_t len = (need + 4095) & ~(size_t)4095;
    int from_reserve;
    ia_header *h = map_or_reserve(len, &from_reserve);
    if (!h)
      return 0;
    h->size = len;
    h->large = from_reserve ? IA_FROM_RESERVE : 1;
    return h + 1;
  }
  int s = class_shift(need);
  size_t sz = (size_t)1 << s;
  int c = s - IA_MIN_SHIFT;
  spin_lock(&ia_class[c].lock);
  ia_header *h;
  if (ia_class[c].free) {
    h = (ia_header *)ia_class[c].free;
    ia_class[c].free = ia_class[c].free->next;
  } else {
    if (ia_class[c].bump + sz > ia_class[c].end) {
      int from_reserve;
      char *slab = map_or_reserve(IA_SLAB, &from_reserve);
      if (!slab) {
        spin_unlock(&ia_class[c].lock);
        return 0;
      }
      ia_class[c].bump = slab;
      ia_class[c].end = slab + IA_SLAB;
    }
    h = (ia_header *)ia_class[c].bump;
    ia_class[c].bump += sz;
  }
  spin_unlock(&ia_class[c].lock);
  sl_memset(h, 0, sz);
  h->size = (uint64_t)s;
  h->large = 0;
  return h + 1;
}

void ifree(void *p) {
  if (!p)
    return;
  ia_header *h = (ia_header *)p - 1;
  if (h->large) {
    if (h->large != IA_FROM_RESERVE)
      sys_munmap(h, h->size);
    return;
  }
  int c = (int)h->size - IA_MIN_SHIFT;
  ia_free *f = (ia_free *)h;
  spin_lock(&ia_class[c].lock);
  f->next = ia_class[c].free;
  ia_class[c].free = f;
  spin_unlock(&ia_class[c].lock);
}

static size_t usable(void *p) {
  ia_header *h = (ia_header *)p - 1;
  return h->large ? h->size - sizeof(ia_header)
                  : ((size_t)1 << h->size) - sizeof(ia_header);
}

void *irealloc(void *p, size_t n) {
  if (!p)
    return ialloc(n);
  size_t old = usable(p);
  if (n <= old)
    return p;
  void *q = ialloc(n);
  if (q) {
    sl_memcpy(q, p, old);
    ifree(p);
  }
  return q;
}

void ialloc_lock_all(void) {
  for (int c = 0; c < IA_CLASSES; c++)
    spin_lock(&ia_class[c].lock);
  spin_lock(&reserve.lock); /* taken inside a class lock (ialloc) */
}

void ialloc_unlock_all(void) {
  spin_unlock(&reserve.lock);
  for (int c = IA_CLASSES - 1; c >= 0; c--)
    spin_unlock(&ia_class[c].lock);
}

char *istrdup(const char *s) {
  size_t n = sl_strlen(s) + 1;
  char *d = ialloc(n);
  if (d)
    sl_memcpy(d, s, n);
  return d;
}
