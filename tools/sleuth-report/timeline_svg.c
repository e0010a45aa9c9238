/* Timeline chart: heap in use and RSS (anonymous + file-backed, and
 * anonymous alone) against time, with a marked vertical line at every dump,
 * as one static SVG (hovering a mark shows the dump's file in its title). */
#include <math.h>
#include <stdio.h>

#include "timeline.h"
#include "timeline_svg.h"
#include "util.h"

enum { W = 1000, H = 420, LEFT = 90, RIGHT = 40, TOP = 40, BOTTOMPAD = 60 };

typedef struct {
  double t0, t1, vmax;
} scale;

static double sx(const scale *s, double t) {
  double span = s->t1 > s->t0 ? s->t1 - s->t0 : 1;
  return LEFT + (t - s->t0) / span * (W - LEFT - RIGHT);
}

static double sy(const scale *s, double v) {
  return TOP + (H - TOP - BOTTOMPAD) * (1 - (s->vmax > 0 ? v / s->vmax : 0));
}

static double series(const timeline_sample *x, int which) {
  switch (which) {
  case 0: return x->heap_inuse;
  case 1: return x->rss_anon + x->rss_file;
  default: return x->rss_anon;
  }
}

/* A round step (1, 2 or 5 times a power of ten) giving about n ticks. */
static double nice_step(double range, int n) {
  double raw = range / n, p = pow(10, floor(log10(raw > 0 ? raw : 1)));
  double r = raw / p;
  return (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * p;
}

void write_timeline_svg(FILE *out, const timeline *t) {
  scale s = {0, 0, 0};
  int first = 1;
  for (size_t i = 0; i < t->nsamples; i++) {
    const timeline_sample *x = &t->samples[i];
    if (first || x->t_ms < s.t0)
      s.t0 = x->t_ms;
    if (first || x->t_ms > s.t1)
      s.t1 = x->t_ms;
    first = 0;
    for (int k = 0; k < 3; k++)
      if (series(x, k) > s.vmax)
        s.vmax = series(x, k);
  }
  for (size_t i = 0; i < t->ndumps; i++) {
    if (first || t->dumps[i].t_ms < s.t0)
      s.t0 = t->dumps[i].t_ms;
    if (first || t->dumps[i].t_ms > s.t1)
      s.t1 = t->dumps[i].t_ms;
    first = 0;
  }
  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\">\n",
          W, H, W, H);
  fputs("<style>text{font-family:sans-serif;font-size:12px}.axis{stroke:#444}"
        ".grid{stroke:#ddd}.heap{fill:none;stroke:#c0392b;stroke-width:2}"
        ".rss{fill:none;stroke:#2471a3;stroke-width:2}.anon{fill:none;stroke:#7fb3d5;"
        "stroke-width:1.5;stroke-dasharray:4 3}.dump line{stroke:#27ae60;stroke-dasharray:3 3}"
        ".dump circle{fill:#27ae60}</style>\n",
        out);
  fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", W, H);
  fprintf(out, "<text x=\"%d\" y=\"22\" text-anchor=\"middle\" style=\"font-size:15px\">Heap in use and RSS over time",
          W / 2);
  if (t->pid >= 0)
    fprintf(out, " (pid %ld)", t->pid);
  fputs("</text>\n", out);

  /* Axes with ticks: seconds across, bytes up. */
  /* Byte ticks at round numbers of KiB, MiB, ... (not of 1000s). */
  double unit = 1;
  while (s.vmax / unit >= 1024)
    unit *= 1024;
  double ystep = nice_step(s.vmax > 0 ? s.vmax / unit : 1, 5) * unit;
  for (double v = 0; v <= s.vmax + 1e-9 && s.vmax > 0; v += ystep) {
    char h[32];
    fprintf(out, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                 "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            LEFT, sy(&s, v), W - RIGHT, sy(&s, v), LEFT - 6, sy(&s, v) + 4,
            human_bytes(v, h, sizeof(h)));
  }
  double span_s = (s.t1 - s.t0) / 1000;
  double xstep = nice_step(span_s > 0 ? span_s : 1, 8);
  for (double v = ceil(s.t0 / 1000 / xstep) * xstep; v <= s.t1 / 1000 + 1e-9; v += xstep)
    fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                 "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%gs</text>\n",
            sx(&s, v * 1000), TOP, sx(&s, v * 1000), H - BOTTOMPAD, sx(&s, v * 1000),
            H - BOTTOMPAD + 16, v);
  fprintf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
               "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
          LEFT, H - BOTTOMPAD, W - RIGHT, H - BOTTOMPAD, LEFT, TOP, LEFT, H - BOTTOMPAD);
  fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time since start</text>\n",
          (W + LEFT) / 2, H - BOTTOMPAD + 34);

  static const char *const cls[] = {"heap", "rss", "anon"};
  static const char *const names[] = {"heap in use", "RSS (anonymous + file)", "RSS anonymous"};
  for (int k = 0; k < 3 && t->nsamples; k++) {
    fprintf(out, "<polyline class=\"%s\" points=\"", cls[k]);
    for (size_t i = 0; i < t->nsamples; i++)
      fprintf(out, "%s%.1f,%.1f", i ? " " : "", sx(&s, t->samples[i].t_ms),
              sy(&s, series(&t->samples[i], k)));
    fprintf(out, "\"><title>%s</title></polyline>\n", names[k]);
  }
  for (size_t i = 0; i < t->ndumps; i++) {
    double x = sx(&s, t->dumps[i].t_ms);
    fprintf(out, "<g class=\"dump\" data-path=\"");
    xml_escape(out, t->dumps[i].path);
    fprintf(out, "\"><title>dump at %.3fs: ", t->dumps[i].t_ms / 1000);
    xml_escape(out, t->dumps[i].path);
    fprintf(out, "</title><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                 "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\"/><text x=\"%.1f\" y=\"%d\" "
                 "text-anchor=\"middle\">dump %zu</text></g>\n",
            x, TOP, x, H - BOTTOMPAD, x, TOP, x, TOP - 6, i + 1);
  }
  /* Legend. */
  for (int k = 0; k < 3; k++)
    fprintf(out, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
                 "<text x=\"%d\" y=\"%d\">%s</text>\n",
            cls[k], LEFT + k * 230, H - 12, LEFT + 30 + k * 230, H - 12, LEFT + 36 + k * 230,
            H - 8, names[k]);
  fputs("</svg>\n", out);
}
