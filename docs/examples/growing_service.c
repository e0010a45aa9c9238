/* A toy service for docs/heap-profiling.md: it answers "requests" in a loop.
 * Each request parses into a scratch buffer and builds a response, both
 * freed again (normal churn), and looks its user up in a session cache.
 * The cache is the bug: its key includes the request id, so no lookup
 * ever hits, every request adds an entry and nothing evicts. The heap
 * grows by one entry per request while everything stays reachable (no
 * leak at exit, only growth).
 *
 * Usage: growing_service [REQUESTS [MS_PER_REQUEST]]  (default 3000, 1) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct session {
  struct session *next;
  char key[56];
  char token[192];
};

static struct session *sessions; /* the cache: a list nothing trims */
static char *config_blob;        /* loaded once, steady */

static void load_config(void) {
  config_blob = malloc(256 << 10);
  memset(config_blob, 'c', 256 << 10);
}

static struct session *session_for(unsigned user, unsigned request) {
  char key[sizeof(((struct session *)0)->key)];
  snprintf(key, sizeof(key), "user-%u/req-%u", user, request);
  for (struct session *s = sessions; s; s = s->next)
    if (strcmp(s->key, key) == 0)
      return s;
  struct session *s = calloc(1, sizeof(*s));
  memcpy(s->key, key, sizeof(key));
  snprintf(s->token, sizeof(s->token), "tok-%u", user);
  s->next = sessions;
  sessions = s;
  return s;
}

static char *parse_request(unsigned id) {
  char *scratch = malloc(4096);
  snprintf(scratch, 4096, "GET /item/%u", id);
  return scratch;
}

static char *build_response(const char *req, const struct session *s) {
  size_t n = 1024 + (strlen(req) & 511);
  char *resp = malloc(n);
  snprintf(resp, n, "200 OK %s for %s", req, s->token);
  return resp;
}

static unsigned long handle(unsigned id) {
  char *req = parse_request(id);
  struct session *s = session_for(id % 500, id);
  char *resp = build_response(req, s);
  unsigned long sum = strlen(resp);
  free(resp);
  free(req);
  return sum;
}

int main(int argc, char **argv) {
  unsigned requests = argc > 1 ? (unsigned)atoi(argv[1]) : 3000;
  long ms = argc > 2 ? atol(argv[2]) : 1;
  struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
  load_config();
  unsigned long bytes = 0;
  for (unsigned id = 0; id < requests; id++) {
    bytes += handle(id);
    nanosleep(&pause, NULL);
  }
  printf("served %u requests, %lu bytes\n", requests, bytes);
  return 0;
}
