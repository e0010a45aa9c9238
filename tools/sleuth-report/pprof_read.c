/* A reader for the part of pprof's profile.proto that the live view uses:
 * sample types (to find inuse_space), samples (location ids and values),
 * locations (their first Line's function), functions (name) and the
 * string table. Written for heap_profile_format=pprof, whose dumps are the
 * only ones a run then leaves: their values are estimates, scaled before
 * writing (pprof does not rescale), and carry no sample counts, so a
 * growth read from them has no error bar. Wire format: each field is a key
 * varint (number << 3 | wire type) followed by a varint (type 0), 8 bytes
 * (1), a length and that many bytes (2) or 4 bytes (5); repeated scalars
 * may come packed (type 2) or one by one. Bad input gives NULL, never an
 * exit: a dump can be cut short by a full disk while the view runs. */
#include "pprof_read.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "util.h"

typedef struct {
  const uint8_t *p, *end;
} cursor;

static int varint(cursor *c, uint64_t *v) {
  *v = 0;
  for (int shift = 0; shift < 64 && c->p < c->end; shift += 7) {
    uint8_t b = *c->p++;
    *v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      return 1;
  }
  return 0;
}

/* The next field: its number, wire type, varint value or bytes. */
typedef struct {
  uint64_t num, type, v;
  cursor bytes;
} field;

static int next_field(cursor *c, field *f) {
  uint64_t key;
  if (c->p >= c->end || !varint(c, &key))
    return 0;
  f->num = key >> 3;
  f->type = key & 7;
  switch (f->type) {
  case 0:
    return varint(c, &f->v);
  case 1:
  case 5: {
    size_t n = f->type == 1 ? 8 : 4;
    if ((size_t)(c->end - c->p) < n)
      return 0;
    c->p += n;
    return 1;
  }
  case 2: {
    uint64_t n;
    if (!varint(c, &n) || n > (uint64_t)(c->end - c->p))
      return 0;
    f->bytes = (cursor){c->p, c->p + n};
    c->p += n;
    return 1;
  }
  default:
    return 0;
  }
}

/* The values of a repeated varint field, packed or not, appended. */
static void scalars(const field *f, uint64_t **out, size_t *n, size_t *cap) {
  if (f->type == 0) {
    GROW(*out, *cap, *n);
    (*out)[(*n)++] = f->v;
    return;
  }
  cursor c = f->bytes;
  uint64_t v;
  while (c.p < c.end && varint(&c, &v)) {
    GROW(*out, *cap, *n);
    (*out)[(*n)++] = v;
  }
}

static uint8_t *read_all(const char *path, size_t *len) {
  gzFile gz = gzopen(path, "rb");
  if (!gz)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = xmalloc(cap);
  int got;
  while ((got = gzread(gz, buf + n, (unsigned)(cap - n))) > 0) {
    n += (size_t)got;
    if (n == cap)
      buf = xrealloc(buf, cap *= 2);
  }
  int bad = got < 0;
  gzclose(gz);
  if (bad) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

typedef struct {
  uint64_t id, function; /* function of the first Line; 0: none */
} location;

typedef struct {
  uint64_t id, name;
} function;

pprof_profile *pprof_read(const char *path) {
  size_t len;
  uint8_t *data = read_all(path, &len);
  if (!data)
    return NULL;
  cursor top = {data, data + len};
  const char **strings = NULL;
  size_t *string_len = NULL, nstrings = 0, scap = 0, lcap = 0;
  uint64_t *types = NULL; /* sample types' type string index */
  size_t ntypes = 0, tcap = 0;
  cursor *samples = NULL;
  size_t nsamples = 0, samcap = 0;
  location *locs = NULL;
  size_t nlocs = 0, loccap = 0;
  function *funcs = NULL;
  size_t nfuncs = 0, fcap = 0;
  field f;
  int ok = 1;
  while (ok && top.p < top.end) {
    if (!(ok = next_field(&top, &f)))
      break;
    if (f.type != 2)
      continue;
    cursor c = f.bytes;
    field g;
    if (f.num == 1) { /* ValueType: 1 type */
      uint64_t type = 0;
      while (next_field(&c, &g))
        if (g.num == 1 && g.type == 0)
          type = g.v;
      GROW(types, tcap, ntypes);
      types[ntypes++] = type;
    } else if (f.num == 2) {
      GROW(samples, samcap, nsamples);
      samples[nsamples++] = c;
    } else if (f.num == 4) { /* Location: 1 id, 4 line (1 function_id) */
      location l = {0, 0};
      while (next_field(&c, &g)) {
        if (g.num == 1 && g.type == 0)
          l.id = g.v;
        else if (g.num == 4 && g.type == 2 && !l.function) {
          field h;
          cursor lc = g.bytes;
          while (next_field(&lc, &h))
            if (h.num == 1 && h.type == 0)
              l.function = h.v;
        }
      }
      GROW(locs, loccap, nlocs);
      locs[nlocs++] = l;
    } else if (f.num == 5) { /* Function: 1 id, 2 name */
      function fn = {0, 0};
      while (next_field(&c, &g)) {
        if (g.num == 1 && g.type == 0)
          fn.id = g.v;
        else if (g.num == 2 && g.type == 0)
          fn.name = g.v;
      }
      GROW(funcs, fcap, nfuncs);
      funcs[nfuncs++] = fn;
    } else if (f.num == 6) {
      GROW(strings, scap, nstrings);
      GROW(string_len, lcap, nstrings);
      strings[nstrings] = (const char *)c.p;
      string_len[nstrings++] = (size_t)(c.end - c.p);
    }
  }
  size_t inuse = (size_t)-1;
  for (size_t i = 0; i < ntypes; i++)
    if (types[i] < nstrings && string_len[types[i]] == 11 &&
        !memcmp(strings[types[i]], "inuse_space", 11))
      inuse = i;
  pprof_profile *p = NULL;
  if (ok && inuse != (size_t)-1) {
    p = xcalloc(1, sizeof *p);
    p->sites = xcalloc(nsamples ? nsamples : 1, sizeof(pprof_site));
    for (size_t i = 0; i < nsamples; i++) {
      uint64_t *ids = NULL, *vals = NULL;
      size_t nids = 0, icap = 0, nvals = 0, vcap = 0;
      cursor c = samples[i];
      field g;
      while (next_field(&c, &g)) {
        if (g.num == 1)
          scalars(&g, &ids, &nids, &icap);
        else if (g.num == 2)
          scalars(&g, &vals, &nvals, &vcap);
      }
      const char *name = "<unknown>";
      size_t name_len = 9;
      for (size_t l = 0; nids && l < nlocs; l++) {
        if (locs[l].id != ids[0])
          continue;
        for (size_t k = 0; k < nfuncs; k++)
          if (funcs[k].id == locs[l].function && funcs[k].name < nstrings) {
            name = strings[funcs[k].name];
            name_len = string_len[funcs[k].name];
          }
        break;
      }
      if (inuse < nvals && nids) {
        pprof_site *s = &p->sites[p->nsites++];
        s->name = xmalloc(name_len + 1);
        memcpy(s->name, name, name_len);
        s->name[name_len] = 0;
        s->inuse = (double)(int64_t)vals[inuse];
      }
      free(ids);
      free(vals);
    }
  }
  free(strings);
  free(string_len);
  free(types);
  free(samples);
  free(locs);
  free(funcs);
  free(data);
  return p;
}
