/* Timeline chart as one static SVG: panels over one time axis, each with
 * its own scale, so that a heap of a few MiB is not drawn flat under an RSS
 * that Sleuth's shadow and quarantine make hundreds of MiB:
 *   1. heap in use (counted: the program's requested bytes, glibc's chunk
 *      bytes in profile-only mode, another allocator's block sizes as the
 *      header's heap= says; the legend names which), split by age
 *      into stacked areas when the file has the lifetime columns: the
 *      estimated share allocated less than heap_profile_temporary_ms ago
 *      (what will be temporary if freed soon) and older (long-lived so far,
 *      or never freed), scaled so that the two sum to the counted line;
 *   2. Sleuth's own overhead, stacked: quarantine, the heap's shadow, the
 *      stack depot (files written before the runtime recorded it say so);
 *      left out in profile-only mode (the header's checker=0, or an older
 *      file whose quarantine and shadow are all 0), where it means nothing;
 *   3. allocations per second (the runtime's rate column);
 *   4. RSS (anonymous + file, anonymous alone) and the rest of RSS, i.e.
 *      RSS minus heap in use minus the overhead (libc, code, stacks, ...).
 * A vertical mark crosses all panels at every dump, one per dump (with
 * heap_profile_format=both older timelines list the .heap and the .pb.gz
 * of a dump: one mark), labelled with the dump's number (`.3.heap` ->
 * "3") and why it was written ("3 interval"); labels that would overlap
 * go one under the other; hovering shows the time, reason and file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeline.h"
#include "timeline_svg.h"
#include "util.h"

enum { W = 1000, LEFT = 90, RIGHT = 40, TOP = 50, PANEL_H = 150, GAP = 56, BOTTOMPAD = 50 };
enum { LABEL_ROWS = 4 }; /* dump labels stacked at most this deep */
static int npanels; /* of this chart */
#define H (TOP + npanels * PANEL_H + (npanels - 1) * GAP + BOTTOMPAD)

typedef struct {
  double t0, t1;
} tscale;

static double sx(const tscale *s, double t) {
  double span = s->t1 > s->t0 ? s->t1 - s->t0 : 1;
  return LEFT + (t - s->t0) / span * (W - LEFT - RIGHT);
}

static int panel_top(int p) { return TOP + p * (PANEL_H + GAP); }

static double sy(int p, double vmax, double v) {
  return panel_top(p) + PANEL_H * (1 - (vmax > 0 ? v / vmax : 0));
}

static double overhead(const timeline_sample *x) { return x->quarantine + x->shadow + x->depot; }

static double rss(const timeline_sample *x) { return x->rss_anon + x->rss_file; }

/* RSS that is neither the program's heap nor Sleuth's overhead. Heap in use
 * counts requested bytes, which are not all resident, so this can only be
 * an estimate; it is never drawn below 0. */
static double rest(const timeline_sample *x) {
  double r = rss(x) - x->heap_inuse - overhead(x);
  return r > 0 ? r : 0;
}

/* A round step (1, 2 or 5 times a power of ten) giving about n ticks. */
static double nice_step(double range, int n) {
  double raw = range / n, p = pow(10, floor(log10(raw > 0 ? raw : 1)));
  double r = raw / p;
  return (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * p;
}

/* A count per second: "950/s", "12.5k/s", "3.2M/s". */
static const char *human_rate(double v, char *buf, size_t len) {
  if (v >= 1e6)
    snprintf(buf, len, "%.1fM/s", v / 1e6);
  else if (v >= 1e4)
    snprintf(buf, len, "%.1fk/s", v / 1e3);
  else if (v >= 10 || v == floor(v))
    snprintf(buf, len, "%.0f/s", v);
  else
    snprintf(buf, len, "%.1f/s", v);
  return buf;
}

/* Ticks at round numbers: of KiB, MiB, ... (not of 1000s) for bytes, of
 * 10s for rates; returns the top of the scale (a whole number of steps at
 * or above vmax). */
static double y_axis_of(FILE *out, int p, double vmax, int bytes) {
  double unit = 1;
  while (bytes && vmax / unit >= 1024)
    unit *= 1024;
  double step = nice_step(vmax > 0 ? vmax / unit : 1, 4) * unit;
  double top = vmax > 0 ? ceil(vmax / step - 1e-9) * step : step;
  for (double v = 0; v <= top + 1e-9; v += step) {
    char h[32];
    fprintf(out, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                 "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            LEFT, sy(p, top, v), W - RIGHT, sy(p, top, v), LEFT - 6, sy(p, top, v) + 4,
            bytes ? human_bytes(v, h, sizeof(h)) : human_rate(v, h, sizeof(h)));
  }
  fprintf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
               "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
          LEFT, panel_top(p) + PANEL_H, W - RIGHT, panel_top(p) + PANEL_H, LEFT, panel_top(p),
          LEFT, panel_top(p) + PANEL_H);
  return top;
}

static double y_axis(FILE *out, int p, double vmax) { return y_axis_of(out, p, vmax, 1); }

static void panel_title(FILE *out, int p, const char *title, double last) {
  char h[32];
  fprintf(out, "<text class=\"ptitle\" x=\"%d\" y=\"%d\">%s", LEFT, panel_top(p) - 8, title);
  if (last >= 0)
    fprintf(out, " \xe2\x80\x94 now %s", human_bytes(last, h, sizeof(h)));
  fputs("</text>\n", out);
}

typedef double (*getter)(const timeline_sample *);
static double g_heap(const timeline_sample *x) { return x->heap_inuse; }
static double g_rss(const timeline_sample *x) { return rss(x); }
static double g_anon(const timeline_sample *x) { return x->rss_anon; }
static double g_quarantine(const timeline_sample *x) { return x->quarantine; }
static double g_shadow(const timeline_sample *x) { return x->shadow; }
static double g_depot(const timeline_sample *x) { return x->depot; }
/* The age split is estimated from samples (-1 when not recorded) and the
 * line is counted: the bands show the estimated shares of the counted
 * heap, so they sum to the line instead of stacking above or below it. */
static double age_share(const timeline_sample *x, double part) {
  double y = x->young > 0 ? x->young : 0, o = x->old > 0 ? x->old : 0;
  return y + o > 0 && part > 0 ? x->heap_inuse * part / (y + o) : 0;
}
static double g_young(const timeline_sample *x) { return age_share(x, x->young); }
static double g_old(const timeline_sample *x) { return age_share(x, x->old); }

static void line(FILE *out, const timeline *t, const tscale *s, int p, double top, getter g,
                 const char *cls, const char *name) {
  fprintf(out, "<polyline class=\"%s\" points=\"", cls);
  for (size_t i = 0; i < t->nsamples; i++)
    fprintf(out, "%s%.1f,%.1f", i ? " " : "", sx(s, t->samples[i].t_ms),
            sy(p, top, g(&t->samples[i])));
  fprintf(out, "\"><title>%s</title></polyline>\n", name);
}

static int by_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Which samples the rate line draws. The runtime's rate is over the time
 * since its previous sample; a sample taken right after another (the
 * sampler catching up after a slow dump, or the exit sample) measures a
 * millisecond or so and reads 0 or a spike: samples closer than half the
 * usual spacing to the last one drawn are left out. keep[i] is set for
 * the drawn ones; returns the last drawn one's index (0 without samples). */
static size_t rate_kept(const timeline *t, char *keep) {
  double *gaps = xmalloc((t->nsamples ? t->nsamples : 1) * sizeof(double));
  size_t n = 0, last_i = 0;
  for (size_t i = 1; i < t->nsamples; i++)
    gaps[n++] = t->samples[i].t_ms - t->samples[i - 1].t_ms;
  qsort(gaps, n, sizeof(double), by_double);
  double min_gap = n ? gaps[n / 2] / 2 : 0;
  free(gaps);
  double last = -1e300;
  for (size_t i = 0; i < t->nsamples; i++) {
    keep[i] = t->samples[i].t_ms - last >= min_gap;
    if (keep[i]) {
      last = t->samples[i].t_ms;
      last_i = i;
    }
  }
  return last_i;
}

static void rate_line(FILE *out, const timeline *t, const char *keep, const tscale *s, int p,
                      double top) {
  fputs("<polyline class=\"rate\" points=\"", out);
  const char *sep = "";
  for (size_t i = 0; i < t->nsamples; i++)
    if (keep[i]) {
      const timeline_sample *x = &t->samples[i];
      fprintf(out, "%s%.1f,%.1f", sep, sx(s, x->t_ms), sy(p, top, x->allocs_per_s));
      sep = " ";
    }
  fputs("\"><title>allocations per second</title></polyline>\n", out);
}

/* The band between the sum of the first k getters and the sum of the first
 * k+1, as a closed polygon (stacked areas). */
static double sum_of(const timeline_sample *x, const getter *g, int k) {
  double v = 0;
  for (int i = 0; i < k; i++)
    v += g[i](x);
  return v;
}

static void band(FILE *out, const timeline *t, const tscale *s, int p, double top,
                 const getter *g, int k, const char *cls, const char *name) {
  fprintf(out, "<polygon class=\"%s\" points=\"", cls);
  for (size_t i = 0; i < t->nsamples; i++)
    fprintf(out, "%s%.1f,%.1f", i ? " " : "", sx(s, t->samples[i].t_ms),
            sy(p, top, sum_of(&t->samples[i], g, k + 1)));
  for (size_t i = t->nsamples; i-- > 0;)
    fprintf(out, " %.1f,%.1f", sx(s, t->samples[i].t_ms), sy(p, top, sum_of(&t->samples[i], g, k)));
  fprintf(out, "\"><title>%s</title></polygon>\n", name);
}

static void legend(FILE *out, int p, int k, const char *cls, const char *name, int area) {
  int x = W - RIGHT - 560 + k * 190, y = panel_top(p) - 8;
  if (area)
    fprintf(out, "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"22\" height=\"9\"/>", cls, x, y - 8);
  else
    fprintf(out, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", cls, x, y - 4,
            x + 22, y - 4);
  fprintf(out, "<text x=\"%d\" y=\"%d\">", x + 28, y);
  xml_escape(out, name); /* the heap line's may name an allocator's file */
  fputs("</text>\n", out);
}

/* The dump's number as its file names it: "<prefix>.<pid>.<seq>.heap"
 * (or .pb.gz) -> "<seq>" (written to buf); a path not of that form gives
 * its file name. */
static const char *dump_label(const char *path, char *buf, size_t len) {
  const char *name = base_name(path);
  size_t n = strlen(name);
  size_t ext = n > 5 && strcmp(name + n - 5, ".heap") == 0    ? 5
               : n > 6 && strcmp(name + n - 6, ".pb.gz") == 0 ? 6
                                                              : 0;
  if (ext) {
    size_t end = n - ext, beg = end;
    while (beg > 0 && name[beg - 1] >= '0' && name[beg - 1] <= '9')
      beg--;
    if (beg < end && beg > 0 && name[beg - 1] == '.' && end - beg < len) {
      memcpy(buf, name + beg, end - beg);
      buf[end - beg] = 0;
      return buf;
    }
  }
  snprintf(buf, len, "%s", name);
  return buf;
}

/* Profile-only mode: the header says so, or (older files) the overhead
 * columns are there and hold no quarantine or shadow. */
static int profile_only(const timeline *t) {
  if (t->checker >= 0)
    return !t->checker;
  int have = 0;
  for (size_t i = 0; i < t->nsamples; i++) {
    if (!t->samples[i].overhead)
      continue;
    if (t->samples[i].quarantine > 0 || t->samples[i].shadow > 0)
      return 0;
    have = 1;
  }
  return have;
}

static void dump_marks(FILE *out, const timeline *t, const tscale *s, int bottom) {
  double label_end[LABEL_ROWS];
  for (int r = 0; r < LABEL_ROWS; r++)
    label_end[r] = -1e9;
  char prev[64] = "";
  for (size_t i = 0; i < t->ndumps; i++) {
    const timeline_dump *d = &t->dumps[i];
    char num[64], text[128];
    dump_label(d->path, num, sizeof(num));
    /* The same dump's other file (both formats, older timelines). */
    if (i && strcmp(num, prev) == 0 && d->t_ms - t->dumps[i - 1].t_ms < 1000)
      continue;
    snprintf(prev, sizeof(prev), "%s", num);
    snprintf(text, sizeof(text), "%s%s%s", num, d->why ? " " : "", d->why ? d->why : "");
    double x = sx(s, d->t_ms);
    /* Near the right edge the label goes to the left of its mark. */
    double width = 7 * (double)strlen(text);
    int left = x + 5 + width > W - 2;
    double start = left ? x - 5 - width : x + 5;
    /* The first row where the label does not overlap the one before it
     * (7 px a character); when all are taken, the one that ends first. */
    int row = 0;
    for (int r = 0; r < LABEL_ROWS; r++)
      if (label_end[r] < start - 2) {
        row = r;
        break;
      } else if (label_end[r] < label_end[row]) {
        row = r;
      }
    label_end[row] = start + width;
    fprintf(out, "<g class=\"dump\" data-path=\"");
    xml_escape(out, d->path);
    fputs("\"><title>dump ", out);
    xml_escape(out, num);
    fprintf(out, " at %.3fs", d->t_ms / 1000);
    if (d->why) {
      fputs(" (", out);
      xml_escape(out, d->why);
      fputc(')', out);
    }
    fputs(": ", out);
    xml_escape(out, d->path);
    fprintf(out, "</title><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                 "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\"/><text x=\"%.1f\" y=\"%d\"%s>",
            x, TOP, x, bottom, x, TOP, left ? x - 5 : x + 5, TOP + 12 + 12 * row,
            left ? " text-anchor=\"end\"" : "");
    xml_escape(out, text);
    fputs("</text></g>\n", out);
  }
}

void write_timeline_svg(FILE *out, const timeline *t) {
  tscale s = {0, 0};
  double vheap = 0, vover = 0, vrss = 0, vrate = 0;
  int first = 1, have_overhead = 0, have_age = 0;
  for (size_t i = 0; i < t->nsamples; i++) {
    const timeline_sample *x = &t->samples[i];
    if (first || x->t_ms < s.t0)
      s.t0 = x->t_ms;
    if (first || x->t_ms > s.t1)
      s.t1 = x->t_ms;
    first = 0;
    vheap = fmax(vheap, x->heap_inuse);
    if (x->young >= 0 && x->old >= 0)
      have_age = 1;
    vover = fmax(vover, overhead(x));
    vrss = fmax(vrss, rss(x));
    vrate = fmax(vrate, x->allocs_per_s);
    have_overhead |= x->overhead;
  }
  for (size_t i = 0; i < t->ndumps; i++) {
    if (first || t->dumps[i].t_ms < s.t0)
      s.t0 = t->dumps[i].t_ms;
    if (first || t->dumps[i].t_ms > s.t1)
      s.t1 = t->dumps[i].t_ms;
    first = 0;
  }
  int show_overhead = !profile_only(t);
  npanels = show_overhead ? 4 : 3;
  int p_heap = 0, p_over = show_overhead ? 1 : -1, p_rate = show_overhead ? 2 : 1,
      p_rss = npanels - 1;
  const timeline_sample *last = t->nsamples ? &t->samples[t->nsamples - 1] : NULL;
  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\">\n",
          W, H, W, H);
  fputs("<style>text{font-family:sans-serif;font-size:12px}.axis{stroke:#444}"
        ".ptitle{font-weight:bold}.note{fill:#777}"
        ".grid{stroke:#ddd}.heap{fill:none;stroke:#c0392b;stroke-width:2}"
        "rect.heap{fill:#c0392b;stroke:none}"
        ".young{fill:#f5b7b1;stroke:none}.old{fill:#922b21;fill-opacity:.55;stroke:none}"
        ".rss{fill:none;stroke:#2471a3;stroke-width:2}.anon{fill:none;stroke:#7fb3d5;"
        "stroke-width:1.5;stroke-dasharray:4 3}.rest{fill:none;stroke:#8e44ad;stroke-width:2}"
        ".quarantine{fill:#f5b041;stroke:none}.shadow{fill:#85929e;stroke:none}"
        ".depot{fill:#48c9b0;stroke:none}.rate{fill:none;stroke:#117a65;stroke-width:1.5}"
        ".dump line{stroke:#27ae60;stroke-dasharray:3 3}"
        ".dump circle{fill:#27ae60}.dump text{fill:#1e8449}</style>\n",
        out);
  fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", W, H);
  fprintf(out, "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" style=\"font-size:15px\">"
               "Heap in use, %sallocations per second and RSS over time",
          W / 2, show_overhead ? "Sleuth's overhead, " : "");
  if (t->pid >= 0)
    fprintf(out, " (pid %ld%s)", t->pid, show_overhead ? "" : ", profile-only");
  fputs("</text>\n", out);

  /* The program's heap, on its own scale. */
  double top = y_axis(out, p_heap, vheap);
  panel_title(out, p_heap, "Heap in use", last ? last->heap_inuse : -1);
  /* By age, stacked under the exact line: the older band at the bottom,
   * so a leak or a growing cache is a rising floor and churn sits above
   * it. The split is estimated from samples, the line is counted. */
  static const getter ag[] = {g_old, g_young};
  static const char *const acls[] = {"old", "young"};
  static const char *const anames[] = {"older (long-lived or live)", "young (may be temporary)"};
  if (have_age && t->nsamples) {
    for (int k = 0; k < 2; k++)
      band(out, t, &s, p_heap, top, ag, k, acls[k], anames[k]);
    for (int k = 0; k < 2; k++)
      legend(out, p_heap, k, acls[k], anames[k], 1);
  }
  if (t->nsamples)
    line(out, t, &s, p_heap, top, g_heap, "heap", "heap in use");
  char what[200], label[256];
  snprintf(label, sizeof label, "heap in use (%s)", timeline_heap_measure(t, what, sizeof what));
  legend(out, p_heap, 2, "heap", label, 0);

  /* Sleuth's own memory, stacked (not in profile-only mode). */
  if (show_overhead) {
    top = y_axis(out, p_over, vover);
    panel_title(out, p_over, "Sleuth's overhead", have_overhead && last ? overhead(last) : -1);
    static const getter og[] = {g_quarantine, g_shadow, g_depot};
    static const char *const ocls[] = {"quarantine", "shadow", "depot"};
    static const char *const onames[] = {"quarantine", "shadow (heap/8)", "stack depot (mapped)"};
    if (have_overhead && t->nsamples)
      for (int k = 0; k < 3; k++)
        band(out, t, &s, p_over, top, og, k, ocls[k], onames[k]);
    else
      fprintf(out, "<text class=\"note\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">not recorded in "
                   "this timeline (written by an older runtime)</text>\n",
              (W + LEFT) / 2, panel_top(p_over) + PANEL_H / 2);
    for (int k = 0; k < 3; k++)
      legend(out, p_over, k, ocls[k], onames[k], 1);
  }

  /* Allocations per second: the runtime's rate between two samples. */
  top = y_axis_of(out, p_rate, vrate, 0);
  {
    char h[32];
    char *keep = xmalloc(t->nsamples ? t->nsamples : 1);
    /* "now" is the line's last point, not a sample it leaves out. */
    const timeline_sample *now = t->nsamples ? &t->samples[rate_kept(t, keep)] : NULL;
    fprintf(out, "<text class=\"ptitle\" x=\"%d\" y=\"%d\">Allocations per second", LEFT,
            panel_top(p_rate) - 8);
    if (now)
      fprintf(out, " \xe2\x80\x94 now %s, %.0f since start",
              human_rate(now->allocs_per_s, h, sizeof(h)), last->alloc_count);
    fputs("</text>\n", out);
    if (t->nsamples)
      rate_line(out, t, keep, &s, p_rate, top);
    free(keep);
  }
  legend(out, p_rate, 2, "rate", "allocation calls per second", 0);

  /* RSS and what of it is neither. */
  top = y_axis(out, p_rss, vrss);
  panel_title(out, p_rss, "RSS", last ? rss(last) : -1);
  static const getter rg[] = {g_rss, g_anon, rest};
  static const char *const rcls[] = {"rss", "anon", "rest"};
  static const char *const rnames[] = {"RSS (anonymous + file)", "RSS anonymous",
                                       "rest of RSS"};
  for (int k = 0; k < 3 && t->nsamples; k++)
    line(out, t, &s, p_rss, top, rg[k], rcls[k], rnames[k]);
  for (int k = 0; k < 3; k++)
    legend(out, p_rss, k, rcls[k],
           k < 2 ? rnames[k]
           : show_overhead ? "rest (RSS \xe2\x88\x92 heap \xe2\x88\x92 overhead)"
                           : "rest (RSS \xe2\x88\x92 heap)",
           0);

  /* Time axis, below the last panel; its grid crosses every panel. */
  int bottom = panel_top(npanels - 1) + PANEL_H;
  double span_s = (s.t1 - s.t0) / 1000;
  double xstep = nice_step(span_s > 0 ? span_s : 1, 8);
  for (double v = ceil(s.t0 / 1000 / xstep) * xstep; v <= s.t1 / 1000 + 1e-9; v += xstep) {
    for (int p = 0; p < npanels; p++)
      fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>",
              sx(&s, v * 1000), panel_top(p), sx(&s, v * 1000), panel_top(p) + PANEL_H);
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%gs</text>\n", sx(&s, v * 1000),
            bottom + 16, v);
  }
  fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time since start</text>\n",
          (W + LEFT) / 2, bottom + 34);
  dump_marks(out, t, &s, bottom);
  fputs("</svg>\n", out);
}
