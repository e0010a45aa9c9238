/* sleuth-report: command line. Reads heap dumps, the timeline and JSON
 * report lines, and hands them to the output chosen by the options. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "by_module.h"
#include "errors.h"
#include "graphs.h"
#include "growth_hint.h"
#include "heap_dump.h"
#include "lifetimes.h"
#include "peak.h"
#include "pprof.h"
#include "profile.h"
#include "reports.h"
#include "sarif.h"
#include "text.h"
#include "timeline.h"
#include "timeline_svg.h"
#include "util.h"
#include "watch.h"

#ifndef SLEUTH_VERSION
#define SLEUTH_VERSION "0"
#endif
#ifndef SLEUTH_DEFAULT_SYMBOLIZER
#define SLEUTH_DEFAULT_SYMBOLIZER "/usr/lib/llvm-14/bin/llvm-symbolizer"
#endif

/* The heap_v2 dumps a timeline lists (with heap_profile_format=both each
 * dump is listed twice, as .heap and .pb.gz). */
static size_t heap_dumps_listed(const timeline *t) {
  size_t n = 0;
  for (size_t i = 0; i < t->ndumps; i++) {
    size_t len = strlen(t->dumps[i].path);
    n += !(len > 6 && strcmp(t->dumps[i].path + len - 6, ".pb.gz") == 0);
  }
  return n;
}

static const char usage[] =
    "usage: sleuth-report [options] PROFILE.heap [PROFILE.timeline]\n"
    "       sleuth-report --merge [options] A.heap B.heap...\n"
    "       sleuth-report --timeline OUT.svg PROFILE.timeline\n"
    "       sleuth-report --watch PREFIX [--interval S] [--window S] [--top N]\n"
    "       sleuth-report --sarif [REPORTS.jsonl...] > out.sarif   (none or '-': stdin)\n"
    "       sleuth-report --merge [--sarif] REPORTS.jsonl... > merged\n"
    "\n"
    "Heap profiles (heap_v2 dumps of Sleuth or jemalloc):\n"
    "  --text               functions by flat and cumulative value (the default)\n"
    "  --top N              only the first N rows\n"
    "  --stacks             one entry per allocation stack\n"
    "  --lines              group by function and source line\n"
    "  --threads            split by thread (tN: lines of the dump)\n"
    "  --inuse-space        bytes in use (the default)\n"
    "  --inuse-objects      objects in use\n"
    "  --alloc-space        bytes allocated since start\n"
    "  --alloc-objects      objects allocated since start\n"
    "  --base OLD.heap      subtract an older dump: show the growth since it\n"
    "  --error-bars         sampled estimates with their 2-sigma error and sample\n"
    "                       count: on the Total line, and as columns before each\n"
    "                       row's name (--text/--top, --by-module), after each\n"
    "                       stack's value (--stacks); with --base a\n"
    "                       '~' marks growth within the noise (without the flag a\n"
    "                       note on stderr says how many rows are)\n"
    "  --lifetimes          per site: bytes freed within heap_profile_temporary_ms\n"
    "                       (temporary), freed later (long-lived) and live, with\n"
    "                       error bars, by churn (temporary bytes/s) and retention\n"
    "  --peak               the heap's high-water mark (exact: the in-use watch or\n"
    "                       the timeline) and the sites holding the heap at its\n"
    "                       highest (as the runtime recorded them), with bytes,\n"
    "                       objects, error bars and calls\n"
    "  --sizes              allocations by size class (powers of two), estimated\n"
    "                       without bias from the samples (exact at sample=1)\n"
    "  --focus REGEX        keep stacks with a function matching REGEX\n"
    "  --ignore REGEX       drop stacks with a function matching REGEX\n"
    "  --by-module          group by module, with bytes per second\n"
    "  --by-dir             group by source directory, with bytes per second\n"
    "  --limit BYTES        with --by-module/--by-dir: time until the heap reaches\n"
    "                       BYTES (suffixes K, M, G, T: powers of 1024)\n"
    "  --flamegraph OUT.svg interactive flame graph (hover, click to zoom)\n"
    "  --collapsed          folded stacks 'outer;...;inner value' for other tools\n"
    "  --pprof OUT.pb.gz    pprof's profile.proto, gzipped (go tool pprof, Pyroscope,\n"
    "                       Parca): alloc/inuse objects/space, symbolized\n"
    "  --merge              the dumps of many processes as one profile: stacks\n"
    "                       matched by function, file and line, estimates summed\n"
    "  --no-symbolize       do not run llvm-symbolizer: frames as module+offset\n"
    "Timeline (<prefix>.<pid>.timeline; found next to the dump when not given):\n"
    "  --timeline OUT.svg   heap in use, Sleuth's overhead (not in profile-only mode),\n"
    "                       allocations per second and RSS over time; each dump\n"
    "                       marked with its number and why it was written\n"
    "Live view of a running program (heap_profile_prefix=PREFIX):\n"
    "  --watch PREFIX       follow the newest PREFIX.<pid>.timeline and its dumps:\n"
    "                       heap in use, rates, top growing sites (--top N, 5)\n"
    "                       from the oldest dump read, noise last ('~');\n"
    "                       ends when the process does\n"
    "  --interval S         seconds between refreshes (default 2)\n"
    "  --window S           growth over the dumps of the last S seconds at most\n"
    "                       (unless its largest growth is not yet twice its\n"
    "                       error bar; default: every dump read)\n"
    "JSON reports (log_format=json):\n"
    "  --sarif              convert to SARIF 2.1.0 on stdout\n"
    "  --srcroot DIR        with --sarif: URIs relative to DIR (uriBaseId SRCROOT)\n"
    "  --merge              many processes' or CI shards' report files as one: the\n"
    "                       same kind and stacks (function, file, line) is one\n"
    "                       finding with its count and sources (JSON Lines, or\n"
    "                       SARIF occurrenceCount with --sarif)\n"
    "Other:\n"
    "  --version, --help\n"
    "Rates (--by-module): the time span between --base and the dump comes from\n"
    "the timeline's 'dump' lines, else from the two files' modification times;\n"
    "without --base, the time since the process started (timeline only).\n"
    "Symbolizer: $SLEUTH_SYMBOLIZER_PATH, else llvm-symbolizer on PATH, else\n"
    SLEUTH_DEFAULT_SYMBOLIZER ".\n";

typedef struct {
  metric m;
  bool text, stacks, threads, lines, collapsed, by_module, by_dir, sarif, symbolize, merge;
  bool error_bars, lifetimes, peak, sizes;
  size_t top;
  const char *base, *focus, *ignore, *flamegraph, *timeline_svg, *srcroot, *pprof, *watch;
  double limit, interval, window;
  const char **inputs;
  int ninputs;
} options;

static size_t parse_count_arg(const char *opt, const char *v) {
  char *end;
  errno = 0;
  unsigned long long n = strtoull(v, &end, 10);
  if (errno || end == v || *end || v[0] == '-')
    die("%s: '%s' is not a non-negative integer", opt, v);
  return (size_t)n;
}

static double parse_bytes_arg(const char *opt, const char *v) {
  char *end;
  errno = 0;
  double n = strtod(v, &end);
  if (errno || end == v || n < 0)
    die("%s: '%s' is not a byte count", opt, v);
  static const char units[] = "KMGT";
  const char *u = *end ? strchr(units, *end >= 'a' ? *end - 32 : *end) : NULL;
  if (*end && !u)
    die("%s: '%s' has an unknown unit (use K, M, G or T)", opt, v);
  if (u) {
    for (const char *k = units; k <= u; k++)
      n *= 1024;
    end++;
    if (*end == 'i')
      end++;
    if (*end == 'B')
      end++;
  }
  if (*end)
    die("%s: '%s' is not a byte count", opt, v);
  return n;
}

static void parse_args(int argc, char **argv, options *o) {
  o->m = M_INUSE_SPACE;
  o->symbolize = true;
  o->inputs = xcalloc((size_t)argc, sizeof(char *));
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (a[0] != '-' || strcmp(a, "-") == 0) {
      o->inputs[o->ninputs++] = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      while (++i < argc)
        o->inputs[o->ninputs++] = argv[i];
      break;
    }
    /* --name=value or --name value */
    char *eq = strchr(a, '=');
    char name[64];
    snprintf(name, sizeof(name), "%.*s", eq ? (int)(eq - a) : (int)strlen(a), a);
    const char *val = eq ? eq + 1 : NULL;
#define FLAG(n) (strcmp(name, n) == 0 && !val)
#define VALUE(n)                                                                                   \
  (strcmp(name, n) == 0 &&                                                                         \
   (val || (i + 1 < argc ? (val = argv[++i], 1) : (die("%s needs a value", n), 0))))
    if (FLAG("--help") || FLAG("-h")) {
      fputs(usage, stdout);
      exit(0);
    } else if (FLAG("--version")) {
      printf("sleuth-report %s\n", SLEUTH_VERSION);
      exit(0);
    } else if (FLAG("--text")) {
      o->text = true;
    } else if (VALUE("--top")) {
      o->top = parse_count_arg("--top", val);
      o->text = true;
    } else if (FLAG("--stacks")) {
      o->stacks = true;
    } else if (FLAG("--lines")) {
      o->lines = true;
    } else if (FLAG("--threads")) {
      o->threads = true;
    } else if (FLAG("--inuse-space")) {
      o->m = M_INUSE_SPACE;
    } else if (FLAG("--inuse-objects")) {
      o->m = M_INUSE_OBJECTS;
    } else if (FLAG("--alloc-space")) {
      o->m = M_ALLOC_SPACE;
    } else if (FLAG("--alloc-objects")) {
      o->m = M_ALLOC_OBJECTS;
    } else if (VALUE("--base")) {
      o->base = val;
    } else if (VALUE("--focus")) {
      o->focus = val;
    } else if (VALUE("--ignore")) {
      o->ignore = val;
    } else if (FLAG("--error-bars")) {
      o->error_bars = true;
    } else if (FLAG("--lifetimes")) {
      o->lifetimes = true;
    } else if (FLAG("--peak")) {
      o->peak = true;
    } else if (FLAG("--sizes")) {
      o->sizes = true;
    } else if (FLAG("--by-module")) {
      o->by_module = true;
    } else if (FLAG("--by-dir")) {
      o->by_dir = true;
    } else if (VALUE("--limit")) {
      o->limit = parse_bytes_arg("--limit", val);
    } else if (VALUE("--flamegraph")) {
      o->flamegraph = val;
    } else if (FLAG("--collapsed")) {
      o->collapsed = true;
    } else if (VALUE("--timeline")) {
      o->timeline_svg = val;
    } else if (FLAG("--sarif")) {
      o->sarif = true;
    } else if (FLAG("--merge")) {
      o->merge = true;
    } else if (VALUE("--srcroot")) {
      o->srcroot = val;
    } else if (VALUE("--pprof")) {
      o->pprof = val;
    } else if (VALUE("--watch")) {
      o->watch = val;
    } else if (VALUE("--window")) {
      char *end;
      errno = 0;
      o->window = strtod(val, &end);
      if (errno || end == val || *end || !(o->window > 0) || o->window > 31536000)
        die("--window: '%s' is not a number of seconds (more than 0, at most 31536000)", val);
    } else if (VALUE("--interval")) {
      char *end;
      errno = 0;
      o->interval = strtod(val, &end);
      if (errno || end == val || *end || !(o->interval > 0) || o->interval > 86400)
        die("--interval: '%s' is not a number of seconds (more than 0, at most 86400)", val);
    } else if (FLAG("--no-symbolize")) {
      o->symbolize = false;
    } else {
      die("unknown option '%s' (see --help)", a);
    }
#undef FLAG
#undef VALUE
  }
}

/* First bytes of a file, to tell dumps from timelines. */
static char *head_of(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die_input(path, 0, "cannot open: %s", strerror(errno));
  char *buf = xcalloc(1, 64);
  size_t n = fread(buf, 1, 63, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

/* <prefix>.<pid>.<seq>.heap -> <prefix>.<pid>.timeline, if it exists. */
static char *timeline_beside(const char *dump) {
  size_t n = strlen(dump);
  if (n < 6 || strcmp(dump + n - 5, ".heap") != 0)
    return NULL;
  char *s = xstrndup(dump, n - 5);
  char *dot = strrchr(s, '.');
  if (!dot || dot == s || strspn(dot + 1, "0123456789") != strlen(dot + 1) ||
      strchr(dot, '/')) {
    free(s);
    return NULL;
  }
  strbuf b = {0};
  sb_putn(&b, s, (size_t)(dot - s));
  sb_puts(&b, ".timeline");
  free(s);
  if (access(b.s, R_OK) == 0)
    return sb_take(&b);
  free(b.s);
  return NULL;
}

static FILE *open_out(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    die("%s: cannot write: %s", path, strerror(errno));
  return f;
}

static void close_out(FILE *f, const char *path) {
  if (ferror(f) | (fclose(f) != 0))
    die("%s: write failed: %s", path, strerror(errno));
}

static void time_span(const heap_dump *d, const heap_dump *base,
                      const timeline *tl, module_options *mo) {
  static char how[4200];
  if (tl) {
    double t1 = timeline_dump_time(tl, d->path);
    double t0 = base ? timeline_dump_time(tl, base->path) : 0;
    if (t1 >= 0 && t0 >= 0) {
      mo->span_s = (t1 - t0) / 1000;
      snprintf(how, sizeof(how), "%s, from the timeline %s",
               base ? "between the two dumps" : "since the process started", tl->path);
      mo->span_how = how;
      if (mo->span_s > 0)
        return;
    }
  }
  if (base) {
    mo->span_s = d->mtime - base->mtime;
    mo->span_how = mo->span_s > 0 ? "between the dumps' file modification times"
                                  : "the dumps' modification times do not increase";
    return;
  }
  mo->span_how = "give --base OLD.heap, or keep the .timeline file beside the dump";
}

/* --merge of JSON report files (the inputs' first character is '{'):
 * SARIF with --sarif, else JSON Lines. Returns false when the inputs are
 * not report files (heap dumps merge elsewhere). */
static bool is_report_file(const char *path) {
  if (strcmp(path, "-") == 0)
    return true;
  char *head = head_of(path);
  bool yes = reports_sniff(head);
  free(head);
  return yes;
}

static bool merge_reports(const options *o) {
  if (o->ninputs == 0 || !is_report_file(o->inputs[0]))
    return false;
  for (int i = 1; i < o->ninputs; i++)
    if (!is_report_file(o->inputs[i]))
      die_input(o->inputs[i], 0, "not a JSON report file, and --merge combines files of one kind "
                                 "(%s is one)", o->inputs[0]);
  if (o->sarif) {
    write_sarif(stdout, o->inputs, o->ninputs, o->srcroot, true);
  } else {
    report_set set = {0};
    for (int i = 0; i < o->ninputs; i++)
      reports_load(&set, o->inputs[i]);
    reports_merge(&set);
    reports_write_jsonl(stdout, &set);
    reports_free(&set);
  }
  if (fflush(stdout) != 0)
    die("writing the merged output failed: %s", strerror(errno));
  return true;
}

int main(int argc, char **argv) {
  options o = {0};
  parse_args(argc, argv, &o);

  if (o.watch) {
    if (o.ninputs)
      die("--watch takes the prefix, not files (%s given)", o.inputs[0]);
    watch_options wo = {o.watch, o.interval > 0 ? o.interval : 2, o.window, o.top ? o.top : 5,
                        o.symbolize};
    return watch(&wo);
  }
  if (o.interval > 0)
    die("--interval needs --watch");
  if (o.window > 0)
    die("--window needs --watch");
  if (o.merge && merge_reports(&o))
    return 0;
  if (o.sarif) {
    static const char *const from_stdin[] = {"-"};
    if (o.ninputs == 0 && isatty(0))
      die("--sarif needs the JSON report files (log_format=json output), or them on standard input");
    if (o.ninputs == 0)
      write_sarif(stdout, from_stdin, 1, o.srcroot, false);
    else
      write_sarif(stdout, o.inputs, o.ninputs, o.srcroot, false);
    if (fflush(stdout) != 0)
      die("writing the SARIF output failed: %s", strerror(errno));
    return 0;
  }

  const char *dump_path = NULL, *timeline_path = NULL;
  const char **dump_paths = xcalloc((size_t)o.ninputs + 1, sizeof(char *));
  size_t ndumps = 0;
  for (int i = 0; i < o.ninputs; i++) {
    char *head = head_of(o.inputs[i]);
    if (heap_dump_sniff(head)) {
      if (dump_path && !o.merge)
        die("two heap dumps given (%s, %s): report one, use --base OLD.heap for growth, "
            "or --merge for the dumps of several processes",
            dump_path, o.inputs[i]);
      if (!dump_path)
        dump_path = o.inputs[i];
      dump_paths[ndumps++] = o.inputs[i];
    } else if (timeline_sniff(head)) {
      timeline_path = o.inputs[i];
    } else if (timeline_body_sniff(head)) {
      /* Timeline lines without the header: name the timeline's format. */
      timeline_load(o.inputs[i]);
    } else {
      /* Let the parser name the problem on line 1. */
      heap_dump_load(o.inputs[i]);
    }
    free(head);
  }
  if (!dump_path && !timeline_path)
    die("no input: give a heap dump (.heap) or a timeline (see --help)");
  char *found = NULL;
  if (!timeline_path && dump_path)
    timeline_path = found = timeline_beside(dump_path);
  timeline *tl = timeline_path ? timeline_load(timeline_path) : NULL;

  if (o.timeline_svg) {
    if (!tl)
      die("--timeline needs a timeline file (<prefix>.<pid>.timeline)");
    FILE *f = open_out(o.timeline_svg);
    write_timeline_svg(f, tl);
    close_out(f, o.timeline_svg);
  }
  bool want_text = (o.text && !o.lifetimes && !o.peak) || o.stacks || o.threads;
  /* The text report is the default for a dump unless another output of
   * the dump was asked for (the timeline chart is not one). */
  bool other = o.collapsed || o.by_module || o.by_dir || o.flamegraph || o.pprof || o.lifetimes ||
               o.peak || o.sizes;
  if (!dump_path) {
    if (want_text || other || o.base || o.merge)
      die("no heap dump given (only the timeline %s)", timeline_path);
    return 0;
  }

  if (o.merge && o.threads)
    die("--merge and --threads do not combine: thread numbers of different processes "
        "are not the same threads");
  if (o.merge)
    merge_warn_same_process(dump_paths, ndumps);
  if (o.lifetimes && (o.base || o.merge || o.threads))
    die("--lifetimes reads one dump: it does not combine with %s",
        o.base ? "--base" : o.merge ? "--merge" : "--threads");
  if ((o.peak || o.sizes) && (o.base || o.merge || o.threads))
    die("%s reads one dump: it does not combine with %s", o.peak ? "--peak" : "--sizes",
        o.base ? "--base" : o.merge ? "--merge" : "--threads");
  heap_dump **dumps = xcalloc(ndumps, sizeof(heap_dump *));
  for (size_t i = 0; i < ndumps; i++)
    dumps[i] = heap_dump_load(dump_paths[i]);
  heap_dump *d = dumps[0];
  heap_dump *base = o.base ? heap_dump_load(o.base) : NULL;
  profile p = {0};
  if (base) {
    char *a = process_of(base->path), *b = process_of(d->path);
    p.same_process = a && b && strcmp(a, b) == 0;
    free(a);
    free(b);
  }
  for (size_t i = 0; i < ndumps; i++)
    profile_add_dump(&p, dumps[i], +1, o.threads);
  if (base)
    profile_add_dump(&p, base, -1, o.threads);
  profile_merge(&p);
  profile_resolve(&p, o.symbolize);
  if (o.merge)
    profile_merge_by_source(&p);
  profile_filter(&p, o.focus, o.ignore);

  char merged_name[4200];
  if (ndumps > 1) {
    snprintf(merged_name, sizeof merged_name, "%s and %zu more (%zu dumps merged)", dump_path,
             ndumps - 1, ndumps);
    dump_path = merged_name;
  }
  text_options to = {o.m, o.top, o.lines, dump_path, o.base, o.error_bars};
  if (o.threads)
    text_threads(stdout, &p, &to);
  else if (o.stacks)
    text_stacks(stdout, &p, &to);
  else if (want_text || !other)
    text_report(stdout, &p, &to);
  /* A first run's only dump, at exit, from a handful of samples (the
   * defaults: 512 KiB a sample, no interval): it says what is in use, not
   * what grows; say which settings would. */
  if (!base && ndumps == 1 && tl && heap_dumps_listed(tl) == 1 && d->interval > 65536 &&
      d->total.objs < 100)
    growth_hint(stderr, d->interval, true);
  if (o.lifetimes)
    lifetimes_report(stdout, &p, d, o.top);
  if (o.peak)
    peak_report(stdout, &p, d, tl, o.top);
  if (o.sizes) {
    if (o.peak)
      fputc('\n', stdout);
    sizes_report(stdout, d);
  }
  if (o.collapsed)
    write_collapsed(stdout, &p, o.m);
  if (o.by_module || o.by_dir) {
    module_options mo = {o.m, o.by_dir && !o.by_module, base != NULL, 0, "", o.limit,
                         dump_inuse_bytes(d), o.error_bars};
    time_span(d, base, tl, &mo);
    by_module_report(stdout, &p, &mo);
    if (o.by_module && o.by_dir) {
      mo.by_dir = true;
      fputc('\n', stdout);
      by_module_report(stdout, &p, &mo);
    }
  }
  if (o.flamegraph) {
    char title[4400], sub[4600];
    snprintf(title, sizeof(title), "%s%s: %s%s%s", metric_names[o.m], o.base ? " growth" : "",
             base_name(dump_path), o.base ? " minus " : "", o.base ? base_name(o.base) : "");
    /* A growth says over how long, and how fast in all (the rate is the
     * growth of the stacks that grew less what shrank, as --by-module). */
    if (base) {
      module_options mo = {o.m, false, true, 0, "", 0, 0, false};
      time_span(d, base, tl, &mo);
      double total = profile_total(&p, o.m), e = errors_two_sigma(errors_total_variance(&p, o.m));
      char h[32], he[32];
      bool space = metric_is_space(o.m);
      if (space)
        human_bytes(fabs(total), h, sizeof(h)), human_bytes(e, he, sizeof(he));
      else
        snprintf(h, sizeof(h), "%.0f objects", whole(fabs(total))),
            snprintf(he, sizeof(he), "%.0f", whole(e));
      if (mo.span_s > 0) {
        char r[32];
        if (space)
          human_bytes(fabs(total) / mo.span_s, r, sizeof(r));
        else
          snprintf(r, sizeof(r), "%.1f objects", fabs(total) / mo.span_s);
        /* The timeline by its file name: a long path would not fit. */
        const char *how = mo.span_how, *at = strstr(how, " from the timeline ");
        char shorter[4400];
        if (at) {
          snprintf(shorter, sizeof(shorter), "%.*s from the timeline %s", (int)(at - how), how,
                   base_name(at + 19));
          how = shorter;
        }
        snprintf(sub, sizeof(sub), "%s%s +- %s in %.3f s (%s): %s%s/s", total < 0 ? "-" : "+", h,
                 he, mo.span_s, how, total < 0 ? "-" : "+", r);
      } else {
        snprintf(sub, sizeof(sub), "%s%s +- %s; time span unknown (%s)", total < 0 ? "-" : "+",
                 h, he, mo.span_how);
      }
    }
    FILE *f = open_out(o.flamegraph);
    write_flamegraph(f, &p, o.m, title, base ? sub : NULL, base != NULL);
    close_out(f, o.flamegraph);
  }
  if (o.pprof)
    write_pprof(o.pprof, &p, dumps, ndumps, o.merge);
  free(found);
  if (fflush(stdout) != 0)
    die("writing the report failed: %s", strerror(errno));
  return 0;
}
