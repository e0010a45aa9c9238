#include "timeline.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int timeline_sniff(const char *text) { return strncmp(text, "# sleuth-timeline", 17) == 0; }

int timeline_body_sniff(const char *text) {
  return strncmp(text, "sample ", 7) == 0 || strncmp(text, "dump ", 5) == 0 ||
         text[0] == '#';
}

/* A time, a size or a count of the runtime's: a finite decimal number,
 * not negative. strtod alone also takes "nan", "inf" and hex floats,
 * which would be drawn as nonsense. Returns the end, or NULL. */
static const char *parse_value(const char *p, double *out) {
  while (*p == ' ' || *p == '\t')
    p++;
  if (!isdigit((unsigned char)*p))
    return NULL;
  for (const char *q = p; *q && *q != ' ' && *q != '\t'; q++)
    if (*q == 'x' || *q == 'X')
      return NULL;
  char *end;
  errno = 0;
  *out = strtod(p, &end);
  if (end == p || errno || !isfinite(*out))
    return NULL;
  return end;
}

/* At least min and at most max such numbers separated by blanks; more
 * are checked but not kept (columns a newer runtime may add). Returns how
 * many were kept, 0 when the line is malformed. */
static int parse_numbers(const char *p, double *out, int min, int max) {
  int n = 0;
  for (;;) {
    while (*p == ' ' || *p == '\t')
      p++;
    if (!*p)
      break;
    double v;
    const char *end = parse_value(p, &v);
    if (!end || (*end && *end != ' ' && *end != '\t'))
      return 0;
    if (n < max)
      out[n] = v;
    n++;
    p = end;
  }
  return n < min ? 0 : n < max ? n : max;
}

static timeline *parse(const char *path, char *text);

timeline *timeline_load(const char *path) {
  return parse(path, read_file(path, NULL));
}

timeline *timeline_load_live(const char *path) {
  char *text = read_file(path, NULL);
  /* The runtime writes whole lines; what follows the last newline is a
   * line it has not finished yet. */
  char *nl = strrchr(text, '\n');
  if (!nl) {
    free(text);
    return NULL;
  }
  nl[1] = 0;
  return parse(path, text);
}

static timeline *parse(const char *path, char *text) {
  timeline *t = xcalloc(1, sizeof(*t));
  t->path = xstrdup(path);
  t->pid = -1;
  t->checker = -1;
  char *cur = text, *line;
  long lineno = 0;
  while ((line = next_line(&cur))) {
    lineno++;
    if (lineno == 1 && !timeline_sniff(line))
      die_input(path, 1, "not a timeline: the first line must be '# sleuth-timeline 1 ...'");
    if (lineno == 1) {
      const char *p = strstr(line, "sample=");
      double v;
      if (p && !parse_value(p + 7, &v))
        die_input(path, 1, "malformed header: sample= must be a number of bytes");
      if (p)
        t->sample = v;
      if ((p = strstr(line, "pid=")))
        t->pid = strtol(p + 4, NULL, 10);
      if ((p = strstr(line, " checker=")))
        t->checker = p[9] == '1';
      if ((p = strstr(line, " heap=")))
        t->heap = xstrndup(p + 6, strcspn(p + 6, " \t\r\n"));
      continue;
    }
    if (line[0] == '#')
      continue;
    if (!*line)
      continue;
    if (strncmp(line, "sample ", 7) == 0) {
      /* 6 columns (old timelines), 9 with Sleuth's overhead, 11 with the
       * heap in use by age; more are checked and ignored. */
      double v[11] = {0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1};
      int n = parse_numbers(line + 7, v, 6, 11);
      if (!n)
        die_input(path, lineno, "malformed sample line: expected 'sample <t_ms> <heap_inuse> "
                                "<rss_anon> <rss_file> <alloc_count> <allocs_per_s> "
                                "[<quarantine> <shadow> <depot>]'");
      GROW(t->samples, t->scap, t->nsamples);
      timeline_sample *s = &t->samples[t->nsamples++];
      *s = (timeline_sample){v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], n >= 9,
                             v[9], v[10]};
      continue;
    }
    if (strncmp(line, "dump ", 5) == 0) {
      double ms;
      const char *end = parse_value(line + 5, &ms);
      if (!end || *end != ' ' || !end[1])
        die_input(path, lineno, "malformed dump line: expected 'dump <t_ms> [why=<reason>] <path>'");
      const char *file = end + 1;
      char *why = NULL;
      if (strncmp(file, "why=", 4) == 0) {
        const char *sp = strchr(file, ' ');
        if (!sp || sp == file + 4 || !sp[1])
          die_input(path, lineno, "malformed dump line: expected 'dump <t_ms> why=<reason> <path>'");
        why = xstrndup(file + 4, (size_t)(sp - file - 4));
        file = sp + 1;
      }
      GROW(t->dumps, t->dcap, t->ndumps);
      t->dumps[t->ndumps].t_ms = ms;
      t->dumps[t->ndumps].why = why;
      t->dumps[t->ndumps++].path = xstrdup(file);
      continue;
    }
    die_input(path, lineno, "malformed line: expected a 'sample', 'dump' or '#' line");
  }
  if (lineno == 0)
    die_input(path, 0, "empty file, not a timeline");
  free(text);
  return t;
}

double timeline_dump_time(const timeline *t, const char *path) {
  for (size_t i = 0; i < t->ndumps; i++)
    if (strcmp(t->dumps[i].path, path) == 0)
      return t->dumps[i].t_ms;
  for (size_t i = 0; i < t->ndumps; i++)
    if (strcmp(base_name(t->dumps[i].path), base_name(path)) == 0)
      return t->dumps[i].t_ms;
  return -1;
}

const char *timeline_heap_measure(const timeline *t, char *buf, size_t cap) {
  const char *h = t->heap ? t->heap : "";
  if (!strncmp(h, "usable:", 7))
    snprintf(buf, cap, "%s's block sizes", h + 7);
  else if (!strncmp(h, "unmeasured:", 11))
    snprintf(buf, cap, "not measured under %s", h + 11);
  else if (t->checker == 0)
    snprintf(buf, cap, "glibc's chunk bytes");
  else
    snprintf(buf, cap, "requested bytes");
  return buf;
}

void timeline_free(timeline *t) {
  for (size_t i = 0; i < t->ndumps; i++) {
    free(t->dumps[i].path);
    free(t->dumps[i].why);
  }
  free(t->dumps);
  free(t->samples);
  free(t->heap);
  free(t->path);
  free(t);
}
