/* Quarantine: freed blocks wait in a FIFO before reuse, so a dangling
 * pointer keeps hitting poison. Each thread gathers frees in a local batch
 * (no lock per free); full batches join the global FIFO, which evicts its
 * oldest blocks once it holds more than quarantine_size_mb. Blocks are
 * linked through their own (dead) memory, so the only bytes held are the
 * blocks themselves, and that is what is counted: slot sizes, redzones
 * included. */
#include "allocator_internal.h"

#include "options.h"

#define THREAD_BATCH_BYTES (256u << 10)

static spin_t lock;
static quarantine_batch global;

static inline uptr *link_of(uptr ub) { return &((freed_info *)ub)->next; }

static size_t limit(void) { return (size_t)sl_opt.quarantine_size_mb << 20; }

/* Recycles the oldest blocks until the FIFO is within its limit. */
static void evict(void *cache) {
  size_t max = limit();
  for (;;) {
    uptr head = 0, tail = 0;
    int n = 0;
    spin_lock(&lock);
    while (global.bytes > max && global.head && n < 256) {
      uptr ub = global.head;
      global.head = *link_of(ub);
      if (!global.head)
        global.tail = 0;
      global.bytes -= chunk_footprint(ub);
      *link_of(ub) = 0;
      if (tail)
        *link_of(tail) = ub;
      else
        head = ub;
      tail = ub;
      n++;
    }
    spin_unlock(&lock);
    if (!head)
      return;
    /* Recycle outside the lock; the next link is read before recycling. */
    for (uptr ub = head; ub;) {
      uptr next = *link_of(ub);
      chunk_recycle(ub, cache);
      ub = next;
    }
  }
}

static void push_batch(quarantine_batch *b) {
  if (!b->head)
    return;
  spin_lock(&lock);
  if (global.tail)
    *link_of(global.tail) = b->head;
  else
    global.head = b->head;
  global.tail = b->tail;
  global.bytes += b->bytes;
  spin_unlock(&lock);
  b->head = b->tail = 0;
  b->bytes = 0;
}

void quarantine_put(void *cache, quarantine_batch *b, uptr ub, size_t bytes) {
  *link_of(ub) = 0;
  if (b->tail)
    *link_of(b->tail) = ub;
  else
    b->head = ub;
  b->tail = ub;
  b->bytes += bytes;
  size_t max = limit();
  if (b->bytes >= THREAD_BATCH_BYTES || b->bytes > max) {
    push_batch(b);
    if (__atomic_load_n(&global.bytes, __ATOMIC_RELAXED) > max)
      evict(cache);
  }
}

void quarantine_flush_thread(quarantine_batch *b) { push_batch(b); }

size_t quarantine_bytes(void) {
  return __atomic_load_n(&global.bytes, __ATOMIC_RELAXED);
}
void quarantine_lock(void) { spin_lock(&lock); }
void quarantine_unlock(void) { spin_unlock(&lock); }
