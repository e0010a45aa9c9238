/* Timeline chart as one static SVG: three panels over one time axis, each
 * with its own byte scale, so that a heap of a few MiB is not drawn flat
 * under an RSS that Sleuth's shadow and quarantine make hundreds of MiB:
 *   1. heap in use (the program's requested bytes), split by age into
 *      stacked areas when the file has the lifetime columns: allocated
 *      less than heap_profile_temporary_ms ago (what will be temporary if
 *      freed soon) and older (long-lived so far, or never freed);
 *   2. Sleuth's own overhead, stacked: quarantine, the heap's shadow, the
 *      stack depot (files written before the runtime recorded it say so);
 *   3. RSS (anonymous + file, anonymous alone) and the rest of RSS, i.e.
 *      RSS minus heap in use minus the overhead (libc, code, stacks, ...).
 * A vertical mark crosses all panels at every dump, labelled with the
 * dump's file number (`.3.heap` -> "3"); hovering shows the file. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "timeline.h"
#include "timeline_svg.h"
#include "util.h"

enum { W = 1000, LEFT = 90, RIGHT = 40, TOP = 50, PANEL_H = 150, GAP = 56, BOTTOMPAD = 50 };
enum { NPANELS = 3 };
#define H (TOP + NPANELS * PANEL_H + (NPANELS - 1) * GAP + BOTTOMPAD)

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

/* Byte ticks at round numbers of KiB, MiB, ... (not of 1000s); returns the
 * top of the scale (a whole number of steps at or above vmax). */
static double y_axis(FILE *out, int p, double vmax) {
  double unit = 1;
  while (vmax / unit >= 1024)
    unit *= 1024;
  double step = nice_step(vmax > 0 ? vmax / unit : 1, 4) * unit;
  double top = vmax > 0 ? ceil(vmax / step - 1e-9) * step : step;
  for (double v = 0; v <= top + 1e-9; v += step) {
    char h[32];
    fprintf(out, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                 "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            LEFT, sy(p, top, v), W - RIGHT, sy(p, top, v), LEFT - 6, sy(p, top, v) + 4,
            human_bytes(v, h, sizeof(h)));
  }
  fprintf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
               "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
          LEFT, panel_top(p) + PANEL_H, W - RIGHT, panel_top(p) + PANEL_H, LEFT, panel_top(p),
          LEFT, panel_top(p) + PANEL_H);
  return top;
}

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
/* Sampled estimates: -1 when not recorded, never drawn below 0. */
static double g_young(const timeline_sample *x) { return x->young > 0 ? x->young : 0; }
static double g_old(const timeline_sample *x) { return x->old > 0 ? x->old : 0; }

static void line(FILE *out, const timeline *t, const tscale *s, int p, double top, getter g,
                 const char *cls, const char *name) {
  fprintf(out, "<polyline class=\"%s\" points=\"", cls);
  for (size_t i = 0; i < t->nsamples; i++)
    fprintf(out, "%s%.1f,%.1f", i ? " " : "", sx(s, t->samples[i].t_ms),
            sy(p, top, g(&t->samples[i])));
  fprintf(out, "\"><title>%s</title></polyline>\n", name);
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
  fprintf(out, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 28, y, name);
}

/* The dump's number as its file names it: "<prefix>.<pid>.<seq>.heap" ->
 * "<seq>" (written to buf); a path not of that form gives its file name. */
static const char *dump_label(const char *path, char *buf, size_t len) {
  const char *name = base_name(path);
  size_t n = strlen(name);
  if (n > 5 && strcmp(name + n - 5, ".heap") == 0) {
    size_t end = n - 5, beg = end;
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

void write_timeline_svg(FILE *out, const timeline *t) {
  tscale s = {0, 0};
  double vheap = 0, vover = 0, vrss = 0;
  int first = 1, have_overhead = 0, have_age = 0;
  for (size_t i = 0; i < t->nsamples; i++) {
    const timeline_sample *x = &t->samples[i];
    if (first || x->t_ms < s.t0)
      s.t0 = x->t_ms;
    if (first || x->t_ms > s.t1)
      s.t1 = x->t_ms;
    first = 0;
    vheap = fmax(vheap, x->heap_inuse);
    if (x->young >= 0 && x->old >= 0) {
      have_age = 1;
      vheap = fmax(vheap, g_young(x) + g_old(x));
    }
    vover = fmax(vover, overhead(x));
    vrss = fmax(vrss, rss(x));
    have_overhead |= x->overhead;
  }
  for (size_t i = 0; i < t->ndumps; i++) {
    if (first || t->dumps[i].t_ms < s.t0)
      s.t0 = t->dumps[i].t_ms;
    if (first || t->dumps[i].t_ms > s.t1)
      s.t1 = t->dumps[i].t_ms;
    first = 0;
  }
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
        ".depot{fill:#48c9b0;stroke:none}"
        ".dump line{stroke:#27ae60;stroke-dasharray:3 3}"
        ".dump circle{fill:#27ae60}</style>\n",
        out);
  fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", W, H);
  fprintf(out, "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" style=\"font-size:15px\">"
               "Heap in use, Sleuth's overhead and RSS over time",
          W / 2);
  if (t->pid >= 0)
    fprintf(out, " (pid %ld)", t->pid);
  fputs("</text>\n", out);

  /* Panel 1: the program's heap, on its own scale. */
  double top = y_axis(out, 0, vheap);
  panel_title(out, 0, "Heap in use", last ? last->heap_inuse : -1);
  /* By age, stacked under the exact line: the older band at the bottom,
   * so a leak or a growing cache is a rising floor and churn sits above
   * it. The bands are estimates from samples, the line is counted. */
  static const getter ag[] = {g_old, g_young};
  static const char *const acls[] = {"old", "young"};
  static const char *const anames[] = {"older (long-lived or live)", "young (may be temporary)"};
  if (have_age && t->nsamples) {
    for (int k = 0; k < 2; k++)
      band(out, t, &s, 0, top, ag, k, acls[k], anames[k]);
    for (int k = 0; k < 2; k++)
      legend(out, 0, k, acls[k], anames[k], 1);
  }
  if (t->nsamples)
    line(out, t, &s, 0, top, g_heap, "heap", "heap in use");
  legend(out, 0, 2, "heap", "heap in use (requested bytes)", 0);

  /* Panel 2: Sleuth's own memory, stacked. */
  top = y_axis(out, 1, vover);
  panel_title(out, 1, "Sleuth's overhead", have_overhead && last ? overhead(last) : -1);
  static const getter og[] = {g_quarantine, g_shadow, g_depot};
  static const char *const ocls[] = {"quarantine", "shadow", "depot"};
  static const char *const onames[] = {"quarantine", "shadow (heap/8)", "stack depot (mapped)"};
  if (have_overhead && t->nsamples)
    for (int k = 0; k < 3; k++)
      band(out, t, &s, 1, top, og, k, ocls[k], onames[k]);
  else
    fprintf(out, "<text class=\"note\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">not recorded in "
                 "this timeline (written by an older runtime)</text>\n",
            (W + LEFT) / 2, panel_top(1) + PANEL_H / 2);
  for (int k = 0; k < 3; k++)
    legend(out, 1, k, ocls[k], onames[k], 1);

  /* Panel 3: RSS and what of it is neither. */
  top = y_axis(out, 2, vrss);
  panel_title(out, 2, "RSS", last ? rss(last) : -1);
  static const getter rg[] = {g_rss, g_anon, rest};
  static const char *const rcls[] = {"rss", "anon", "rest"};
  static const char *const rnames[] = {"RSS (anonymous + file)", "RSS anonymous",
                                       "rest of RSS"};
  for (int k = 0; k < 3 && t->nsamples; k++)
    line(out, t, &s, 2, top, rg[k], rcls[k], rnames[k]);
  for (int k = 0; k < 3; k++)
    legend(out, 2, k, rcls[k], k == 2 ? "rest (RSS \xe2\x88\x92 heap \xe2\x88\x92 overhead)"
                                      : rnames[k], 0);

  /* Time axis, below the last panel; its grid crosses every panel. */
  int bottom = panel_top(NPANELS - 1) + PANEL_H;
  double span_s = (s.t1 - s.t0) / 1000;
  double xstep = nice_step(span_s > 0 ? span_s : 1, 8);
  for (double v = ceil(s.t0 / 1000 / xstep) * xstep; v <= s.t1 / 1000 + 1e-9; v += xstep) {
    for (int p = 0; p < NPANELS; p++)
      fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>",
              sx(&s, v * 1000), panel_top(p), sx(&s, v * 1000), panel_top(p) + PANEL_H);
    fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%gs</text>\n", sx(&s, v * 1000),
            bottom + 16, v);
  }
  fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time since start</text>\n",
          (W + LEFT) / 2, bottom + 34);

  double prev_x = -1e9;
  int row = 0;
  for (size_t i = 0; i < t->ndumps; i++) {
    double x = sx(&s, t->dumps[i].t_ms);
    char num[64];
    /* Labels of dumps close together go one under the other. */
    row = x - prev_x < 24 ? row + 1 : 0;
    prev_x = x;
    fprintf(out, "<g class=\"dump\" data-path=\"");
    xml_escape(out, t->dumps[i].path);
    fprintf(out, "\"><title>dump at %.3fs: ", t->dumps[i].t_ms / 1000);
    xml_escape(out, t->dumps[i].path);
    fprintf(out, "</title><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                 "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\"/><text x=\"%.1f\" y=\"%d\">",
            x, TOP, x, bottom, x, TOP, x + 5, TOP + 12 + 12 * row);
    xml_escape(out, dump_label(t->dumps[i].path, num, sizeof(num)));
    fputs("</text></g>\n", out);
  }
  fputs("</svg>\n", out);
}
