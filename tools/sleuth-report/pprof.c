/* profile.proto (github.com/google/pprof/proto/profile.proto), the fields
 * used here:
 *   Profile  1 sample_type (ValueType)  2 sample  3 mapping  4 location
 *            5 function  6 string_table  9 time_nanos  11 period_type
 *            12 period  13 comment  14 default_sample_type
 *   ValueType 1 type  2 unit                       (string table indexes)
 *   Sample   1 location_id (packed, leaf first)  2 value (packed)  3 label
 *   Label    1 key  3 num
 *   Mapping  1 id  2 memory_start  3 memory_limit  4 file_offset
 *            5 filename  6 build_id  7-10 has_functions, _filenames,
 *            _line_numbers, _inline_frames
 *   Location 1 id  2 mapping_id  3 address  4 line (innermost first: the
 *            last Line is the function the others were inlined into)
 *   Line     1 function_id  2 line  3 column
 *   Function 1 id  2 name  3 system_name  4 filename
 * pprof does not rescale heap samples, so values are the estimates every
 * other output shows (profile.c), rounded to whole objects and bytes; the
 * sampling interval is recorded as period (space/bytes) for information.
 * Locations are symbolized here; those the symbolizer could not name get
 * no Line, so pprof can still symbolize them from the mapping. */
#include "pprof.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "build_id.h"
#include "protobuf.h"
#include "util.h"

typedef struct {
  strmap index;
  pb_buf out; /* the string_table fields, in index order */
  size_t n;
} strtab;

static int64_t str_id(strtab *t, const char *s) {
  if (!s)
    s = "";
  size_t i = strmap_get(&t->index, s);
  if (i != (size_t)-1)
    return (int64_t)i;
  strmap_put(&t->index, s, t->n);
  pb_bytes_field(&t->out, 6, s, strlen(s));
  return (int64_t)t->n++;
}

typedef struct {
  const mapping *m; /* as in the dump it was first seen in */
  bool all_named, any_file, used;
} out_mapping;

typedef struct {
  strtab strs;
  out_mapping *maps;
  size_t nmaps, mcap;
  strmap map_index; /* "path@file offset" -> index in maps */
  strmap loc_index; /* location key -> pprof id - 1 */
  size_t nlocs;
  strmap func_index; /* "name\x1ffile" -> pprof id - 1 */
  size_t nfuncs;
  pb_buf prof, msg, sub, fn; /* the profile; scratch for nested messages */
} writer;

static bool is_code_mapping(const mapping *m) {
  return m->exec && m->path[0] && m->path[0] != '[';
}

static size_t mapping_id(writer *w, const mapping *m) {
  char key[4200];
  snprintf(key, sizeof key, "%s@%llx", m->path, (unsigned long long)m->file_offset);
  size_t i = strmap_get(&w->map_index, key);
  if (i != (size_t)-1)
    return i;
  GROW(w->maps, w->mcap, w->nmaps);
  w->maps[w->nmaps] = (out_mapping){m, true, false, false};
  strmap_put(&w->map_index, key, w->nmaps);
  return w->nmaps++;
}

static uint64_t function_id(writer *w, const frame *f) {
  strbuf key = {0};
  sb_printf(&key, "%s\x1f%s", f->name, f->file ? f->file : "");
  size_t i = strmap_get(&w->func_index, key.s);
  if (i == (size_t)-1) {
    i = w->nfuncs++;
    strmap_put(&w->func_index, key.s, i);
    pb_reset(&w->fn);
    pb_varint_field(&w->fn, 1, i + 1);
    int64_t name = str_id(&w->strs, f->name);
    pb_varint_field(&w->fn, 2, (uint64_t)name);
    pb_varint_field(&w->fn, 3, (uint64_t)name);
    pb_varint_field(&w->fn, 4, (uint64_t)str_id(&w->strs, f->file));
    pb_message(&w->prof, 5, &w->fn);
  }
  free(key.s);
  return i + 1;
}

/* Merged profiles: one location per source-level frame chain, since the
 * processes' addresses differ (and their binaries may be other builds, at
 * other paths); it keeps the address and mapping of the first seen.
 * Otherwise, and for frames without a name, one per profile location
 * (module + offset). */
static char *location_key(const location *l, size_t id, bool merged) {
  strbuf b = {0};
  bool named = l->nframes > 0 && l->frames[0].named;
  if (!merged || !named) {
    sb_printf(&b, "#%zu", id);
    return sb_take(&b);
  }
  for (size_t k = 0; k < l->nframes; k++)
    sb_printf(&b, "\x1e%s\x1f%s\x1f%d", l->frames[k].name, l->frames[k].file ? l->frames[k].file : "",
              l->frames[k].line);
  return sb_take(&b);
}

static uint64_t location_id(writer *w, const profile *p, size_t id, bool merged) {
  const location *l = &p->locs[id];
  char *key = location_key(l, id, merged);
  size_t i = strmap_get(&w->loc_index, key);
  if (i != (size_t)-1) {
    free(key);
    return i + 1;
  }
  i = w->nlocs++;
  strmap_put(&w->loc_index, key, i);
  free(key);
  pb_reset(&w->msg);
  pb_varint_field(&w->msg, 1, i + 1);
  out_mapping *om = NULL;
  if (l->map && is_code_mapping(l->map)) {
    size_t m = mapping_id(w, l->map);
    om = &w->maps[m];
    om->used = true;
    pb_varint_field(&w->msg, 2, m + 1);
    /* The same offset into the mapping as first written, so a merged
     * profile's addresses all fall in its one mapping per module. */
    pb_varint_field(&w->msg, 3, om->m->start + (l->pc - l->map->start));
  } else {
    pb_varint_field(&w->msg, 3, l->pc);
  }
  bool named = l->nframes > 0 && l->frames[0].named;
  if (om && !named)
    om->all_named = false;
  for (size_t k = 0; named && k < l->nframes; k++) {
    const frame *f = &l->frames[k];
    if (om && f->file)
      om->any_file = true;
    pb_reset(&w->sub);
    pb_varint_field(&w->sub, 1, function_id(w, f));
    pb_varint_field(&w->sub, 2, (uint64_t)(int64_t)f->line);
    pb_varint_field(&w->sub, 3, (uint64_t)(int64_t)f->column);
    pb_message(&w->msg, 4, &w->sub);
  }
  pb_message(&w->prof, 4, &w->msg);
  return i + 1;
}

static void value_type(writer *w, int field, const char *type, const char *unit) {
  pb_reset(&w->sub);
  pb_varint_field(&w->sub, 1, (uint64_t)str_id(&w->strs, type));
  pb_varint_field(&w->sub, 2, (uint64_t)str_id(&w->strs, unit));
  pb_message(&w->prof, field, &w->sub);
}

static void write_mappings(writer *w) {
  for (size_t i = 0; i < w->nmaps; i++) {
    const out_mapping *om = &w->maps[i];
    const mapping *m = om->m;
    pb_reset(&w->msg);
    pb_varint_field(&w->msg, 1, i + 1);
    pb_varint_field(&w->msg, 2, m->start);
    pb_varint_field(&w->msg, 3, m->end);
    pb_varint_field(&w->msg, 4, m->file_offset);
    pb_varint_field(&w->msg, 5, (uint64_t)str_id(&w->strs, m->path));
    pb_varint_field(&w->msg, 6, (uint64_t)str_id(&w->strs, elf_build_id(m->path)));
    /* Only a mapping whose every location is named tells pprof not to
     * symbolize it again (unused mappings: nothing to symbolize). */
    bool named = om->all_named;
    pb_varint_field(&w->msg, 7, named);
    pb_varint_field(&w->msg, 8, named && om->any_file);
    pb_varint_field(&w->msg, 9, named && om->any_file);
    pb_varint_field(&w->msg, 10, named);
    pb_message(&w->prof, 3, &w->msg);
  }
}

static int64_t rounded(double v) { return (int64_t)llround(v); }

static void write_samples(writer *w, const profile *p, bool merged) {
  /* pprof's heap order; the last (inuse_space) is the default view. */
  static const metric order[4] = {M_ALLOC_OBJECTS, M_ALLOC_SPACE, M_INUSE_OBJECTS, M_INUSE_SPACE};
  uint64_t *ids = NULL;
  size_t cap = 0;
  for (size_t i = 0; i < p->nsamples; i++) {
    const sample *s = &p->samples[i];
    int64_t v[4];
    bool any = false;
    for (int k = 0; k < 4; k++) {
      v[k] = rounded(s->v[order[k]]);
      any |= v[k] != 0;
    }
    if (!any)
      continue;
    GROW(ids, cap, s->nlocs);
    for (size_t k = 0; k < s->nlocs; k++)
      ids[k] = location_id(w, p, s->locs[k], merged);
    pb_reset(&w->msg);
    pb_reset(&w->sub);
    for (size_t k = 0; k < s->nlocs; k++)
      pb_varint(&w->sub, ids[k]);
    pb_message(&w->msg, 1, &w->sub);
    pb_reset(&w->sub);
    for (int k = 0; k < 4; k++)
      pb_varint(&w->sub, (uint64_t)v[k]);
    pb_message(&w->msg, 2, &w->sub);
    if (s->thread != THREAD_ALL) {
      pb_reset(&w->sub);
      pb_varint_field(&w->sub, 1, (uint64_t)str_id(&w->strs, "thread"));
      pb_varint_field(&w->sub, 3, (uint64_t)(int64_t)s->thread);
      pb_message(&w->msg, 3, &w->sub);
    }
    pb_message(&w->prof, 2, &w->msg);
  }
  free(ids);
}

void write_pprof(const char *path, const profile *p, heap_dump *const *dumps, size_t ndumps,
                 bool merged) {
  writer w = {0};
  str_id(&w.strs, ""); /* string_table[0] must be "" */
  value_type(&w, 1, "alloc_objects", "count");
  value_type(&w, 1, "alloc_space", "bytes");
  value_type(&w, 1, "inuse_objects", "count");
  value_type(&w, 1, "inuse_space", "bytes");
  /* The main dump's code mappings first and in order: pprof names a
   * profile after its first mapping (the executable). */
  for (size_t i = 0; i < dumps[0]->maps.n; i++)
    if (is_code_mapping(&dumps[0]->maps.v[i]))
      mapping_id(&w, &dumps[0]->maps.v[i]);
  write_samples(&w, p, merged);
  write_mappings(&w);

  double newest = 0;
  for (size_t i = 0; i < ndumps; i++)
    if (dumps[i]->mtime > newest)
      newest = dumps[i]->mtime;
  pb_varint_field(&w.prof, 9, (uint64_t)(int64_t)(newest * 1e9));
  value_type(&w, 11, "space", "bytes");
  pb_varint_field(&w.prof, 12, (uint64_t)rounded(p->interval));
  strbuf c = {0};
  if (merged)
    sb_printf(&c, "Sleuth heap profile: %zu dumps merged, estimates from samples", ndumps);
  else
    sb_printf(&c, "Sleuth heap profile %s: estimates from samples", base_name(dumps[0]->path));
  if (p->interval > 1)
    sb_printf(&c, " (one per %.0f bytes allocated; %s)", p->interval,
              p->unbiased_objects ? "bytes scaled as jeprof does, objects unbiased"
                                  : "scaled as jeprof does");
  else
    sb_puts(&c, " (every allocation, exact)");
  pb_varint_field(&w.prof, 13, (uint64_t)str_id(&w.strs, c.s));
  free(c.s);
  pb_varint_field(&w.prof, 14, (uint64_t)str_id(&w.strs, "inuse_space"));

  gzFile gz = gzopen(path, "wb");
  if (!gz)
    die("%s: cannot write", path);
  const pb_buf *parts[2] = {&w.prof, &w.strs.out};
  for (int k = 0; k < 2; k++) {
    const uint8_t *d = parts[k]->data;
    size_t left = parts[k]->len;
    while (left) {
      unsigned chunk = left > (1u << 30) ? 1u << 30 : (unsigned)left;
      if (gzwrite(gz, d, chunk) != (int)chunk) {
        int err;
        die("%s: write failed: %s", path, gzerror(gz, &err));
      }
      d += chunk;
      left -= chunk;
    }
  }
  if (gzclose(gz) != Z_OK)
    die("%s: write failed", path);
  pb_free(&w.prof);
  pb_free(&w.msg);
  pb_free(&w.sub);
  pb_free(&w.fn);
  pb_free(&w.strs.out);
  strmap_free(&w.strs.index);
  strmap_free(&w.map_index);
  strmap_free(&w.loc_index);
  strmap_free(&w.func_index);
  free(w.maps);
}
