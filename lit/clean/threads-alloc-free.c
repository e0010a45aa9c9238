// 8 threads each doing 100000 malloc/free operations of mixed sizes, half
// of the blocks freed by a different thread than the one that allocated
// them: no report, no crash, and contents stay intact.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define OPS 100000
#define SLOTS 64

// Blocks handed from each thread to the next one, which frees them.
static struct {
  pthread_mutex_t lock;
  void *items[SLOTS];
  int count;
} mailbox[THREADS];

static int failures;

static void *worker(void *arg) {
  long id = (long)arg;
  unsigned seed = (unsigned)id * 2654435761u;
  void *mine[SLOTS] = {0};
  size_t sizes[SLOTS] = {0};
  for (int op = 0; op < OPS; op++) {
    seed = seed * 1103515245 + 12345;
    int k = (seed >> 16) % SLOTS;
    if (mine[k]) {
      unsigned char *b = (unsigned char *)mine[k];
      if (b[0] != (unsigned char)id || b[sizes[k] - 1] != (unsigned char)id)
        __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
      if (op & 1) {
        free(b);
      } else {
        int to = (id + 1) % THREADS;
        pthread_mutex_lock(&mailbox[to].lock);
        if (mailbox[to].count < SLOTS) {
          mailbox[to].items[mailbox[to].count++] = b;
          b = NULL;
        }
        pthread_mutex_unlock(&mailbox[to].lock);
        free(b);
      }
      mine[k] = NULL;
    } else {
      size_t size = 1 + (seed >> 8) % ((seed & 0x100) ? 64 : 4096);
      mine[k] = malloc(size);
      sizes[k] = size;
      memset(mine[k], (int)id, size);
    }
    if ((op & 15) == 0) {
      pthread_mutex_lock(&mailbox[id].lock);
      while (mailbox[id].count > 0)
        free(mailbox[id].items[--mailbox[id].count]);
      pthread_mutex_unlock(&mailbox[id].lock);
    }
  }
  for (int k = 0; k < SLOTS; k++)
    free(mine[k]);
  return NULL;
}

int main(void) {
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++) {
    pthread_mutex_init(&mailbox[i].lock, NULL);
    pthread_create(&t[i], NULL, worker, (void *)i);
  }
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < THREADS; i++)
    while (mailbox[i].count > 0)
      free(mailbox[i].items[--mailbox[i].count]);
  if (failures)
    printf("%d corrupted blocks\n", failures);
  return failures != 0;
}
