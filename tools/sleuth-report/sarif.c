/* SARIF 2.1.0 writer. Mapping from a JSON report line (CONTRACTS.md A):
 *   result.ruleId    = kind, or leak-<leak_kind> for leak records
 *   result.locations = the faulting frame: for an error the first frame of
 *                      "stack" with a source file, for a leak the first
 *                      frame of "alloc_stack" below the allocator; frames of
 *                      Sleuth's own runtime (interceptors) are skipped in
 *                      both, as users cannot fix code there. An error found
 *                      after the fact has no stack of its own (a redzone
 *                      checked at free or exit, a freed block checked in
 *                      quarantine): it points at the program's call of free
 *                      ("free_stack" below the allocator), else of malloc
 *   result.codeFlows = one codeFlow whose threadFlows are the stacks (the
 *                      error's, allocation, free, thread creation), each
 *                      listed outermost call first with its nestingLevel
 *   with --merge     one result per group of the same kind and stacks
 *                    (reports.h): result.occurrenceCount, and the report
 *                    lines it stands for in result.provenance.
 *                    conversionSources (file URI and startLine)
 * leak-summary lines are totals, heap-alert lines events of a run, neither
 * is a finding: they go to run.properties (leakSummaries, heapAlerts). */
#include "sarif.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "reports.h"
#include "sarif_rules.h"
#include "util.h"

#ifndef SLEUTH_VERSION
#define SLEUTH_VERSION "0"
#endif
#ifndef SLEUTH_RUNTIME_SRC
#define SLEUTH_RUNTIME_SRC "/nonexistent/"
#endif

static const char *const allocators[] = {
    "malloc", "calloc", "realloc", "reallocarray", "free", "aligned_alloc", "posix_memalign",
    "memalign", "valloc", "pvalloc", "strdup", "__strdup", "strndup", "__strndup", "wcsdup",
    "getline", "getdelim", "__getdelim", "asprintf", "vasprintf", "__asprintf", "realpath",
    "open_memstream", "open_wmemstream", "tempnam", "get_current_dir_name", "getcwd",
    "scandir", NULL};

static bool is_allocator(const char *fn) {
  if (!fn)
    return false;
  if (strncmp(fn, "__interceptor_", 14) == 0)
    fn += 14;
  else if (strncmp(fn, "__libc_", 7) == 0)
    fn += 7;
  if (strncmp(fn, "operator new", 12) == 0 || strncmp(fn, "operator delete", 15) == 0)
    return true;
  for (int i = 0; allocators[i]; i++)
    if (strcmp(fn, allocators[i]) == 0)
      return true;
  return false;
}

static bool in_runtime(const json *frame) {
  const char *file = json_get_str(frame, "file");
  return file && strncmp(file, SLEUTH_RUNTIME_SRC, strlen(SLEUTH_RUNTIME_SRC)) == 0;
}

static bool has_line(const json *frame) {
  return json_get_str(frame, "file") && json_get_num(frame, "line", 0) >= 1;
}

/* The frame a result points at, or NULL. */
static const json *primary_frame(const json *stack, bool leak) {
  if (!stack || stack->type != J_ARR)
    return NULL;
  size_t i = 0;
  while (i < stack->n && (in_runtime(stack->items[i]) ||
                          (leak && is_allocator(json_get_str(stack->items[i], "function")))))
    i++;
  for (; i < stack->n; i++)
    if (has_line(stack->items[i]))
      return stack->items[i];
  return NULL;
}

/* RFC 3986: keep unreserved characters and '/', percent-encode the rest. */
static void uri_path(FILE *out, const char *p) {
  for (; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
        strchr("-._~/", c))
      fputc(c, out);
    else
      fprintf(out, "%%%02X", c);
  }
}

static void artifact(FILE *out, const char *file, const char *srcroot) {
  fputs("\"artifactLocation\":{\"uri\":\"", out);
  size_t rl = srcroot ? strlen(srcroot) : 0;
  while (rl > 1 && srcroot[rl - 1] == '/')
    rl--;
  if (rl && strncmp(file, srcroot, rl) == 0 && file[rl] == '/') {
    uri_path(out, file + rl + 1);
    fputs("\",\"uriBaseId\":\"SRCROOT\"}", out);
    return;
  }
  if (file[0] == '/') {
    fputs("file://", out);
    uri_path(out, file);
  } else {
    uri_path(out, file);
  }
  fputs("\"}", out);
}

static void physical(FILE *out, const json *frame, const char *srcroot) {
  fputs("\"physicalLocation\":{", out);
  artifact(out, json_get_str(frame, "file"), srcroot);
  int line = (int)json_get_num(frame, "line", 0);
  int col = (int)json_get_num(frame, "column", 0);
  if (line >= 1) {
    fprintf(out, ",\"region\":{\"startLine\":%d", line);
    if (col >= 1)
      fprintf(out, ",\"startColumn\":%d", col);
    fputc('}', out);
  }
  fputc('}', out);
}

static void logical(FILE *out, const json *frame) {
  const char *fn = json_get_str(frame, "function");
  if (!fn)
    return;
  fputs(",\"logicalLocations\":[{\"name\":", out);
  json_string(out, fn);
  fputs(",\"kind\":\"function\"}]", out);
}

/* "#N function file:line:col" or with (module+offset) when no source. */
static void frame_text(FILE *out, const json *frame, size_t n) {
  strbuf b = {0};
  const char *fn = json_get_str(frame, "function");
  const char *file = json_get_str(frame, "file");
  const char *pc = json_get_str(frame, "pc");
  sb_printf(&b, "#%zu %s in %s", n, pc ? pc : "?", fn ? fn : "??");
  if (file) {
    sb_printf(&b, " %s", file);
    if (json_get_num(frame, "line", 0) >= 1)
      sb_printf(&b, ":%.0f", json_get_num(frame, "line", 0));
    if (json_get_num(frame, "column", 0) >= 1)
      sb_printf(&b, ":%.0f", json_get_num(frame, "column", 0));
  } else if (json_get_str(frame, "module")) {
    sb_printf(&b, " (%s+%s)", json_get_str(frame, "module"),
              json_get_str(frame, "offset") ? json_get_str(frame, "offset") : "?");
  }
  json_string(out, b.s);
  free(b.s);
}

static void thread_flow(FILE *out, const json *stack, const char *what, bool *first,
                        const char *srcroot) {
  if (!stack || stack->type != J_ARR || stack->n == 0)
    return;
  fputs(*first ? "" : ",", out);
  *first = false;
  fputs("{\"message\":{\"text\":", out);
  json_string(out, what);
  fputs("},\"locations\":[", out);
  /* Execution order: the outermost call (main) first. */
  for (size_t k = stack->n; k-- > 0;) {
    const json *f = stack->items[k];
    fputs(k + 1 == stack->n ? "" : ",", out);
    fputs("{\"location\":{", out);
    if (json_get_str(f, "file")) {
      physical(out, f, srcroot);
      fputc(',', out);
    }
    fputs("\"message\":{\"text\":", out);
    frame_text(out, f, k);
    fputc('}', out);
    logical(out, f);
    fprintf(out, "},\"nestingLevel\":%zu", stack->n - 1 - k);
    if (json_get_str(f, "module")) {
      fputs(",\"module\":", out);
      json_string(out, json_get_str(f, "module"));
    }
    fputc('}', out);
  }
  fputs("]}", out);
}

static char *leak_message(const json *j, const char *leak_kind) {
  static const char *const names[][2] = {{"direct", "Direct leak"},
                                         {"indirect", "Indirect leak"},
                                         {"possible", "Possible leak"},
                                         {"reachable", "Reachable block(s)"},
                                         {"growth", "Growing allocation site"}};
  const char *name = leak_kind;
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (strcmp(names[i][0], leak_kind) == 0)
      name = names[i][1];
  strbuf b = {0};
  sb_printf(&b, "%s of %.0f byte(s) in %.0f object(s)", name, json_get_num(j, "bytes", 0),
            json_get_num(j, "objects", 0));
  if (json_get(j, "rate_bytes_per_s"))
    sb_printf(&b, ", growing at %.1f bytes/s over %.0f checks",
              json_get_num(j, "rate_bytes_per_s", 0), json_get_num(j, "checks", 0));
  const json *at = primary_frame(json_get(j, "alloc_stack"), true);
  if (at)
    sb_printf(&b, ", allocated in %s at %s:%.0f",
              json_get_str(at, "function") ? json_get_str(at, "function") : "??",
              json_get_str(at, "file"), json_get_num(at, "line", 0));
  return sb_take(&b);
}

static bool nonempty(const json *stack) { return stack && stack->type == J_ARR && stack->n; }

/* SARIF requires a codeFlow to hold at least one threadFlow. */
static bool has_flow(const json *j, bool leak) {
  if ((!leak && nonempty(json_get(j, "stack"))) || nonempty(json_get(j, "alloc_stack")) ||
      nonempty(json_get(j, "free_stack")))
    return true;
  const json *threads = json_get(j, "threads");
  for (size_t i = 0; threads && threads->type == J_ARR && i < threads->n; i++)
    if (nonempty(json_get(threads->items[i], "stack")))
      return true;
  return false;
}

static void code_flow(FILE *out, const json *j, const char *rule, bool leak,
                      const char *srcroot) {
  bool first = true;
  strbuf what = {0};
  if (!leak) {
    const char *thread = json_get_str(j, "thread");
    const json *access = json_get(j, "access");
    if (access && json_get_str(access, "type"))
      sb_printf(&what, "%s of size %.0f", json_get_str(access, "type"),
                json_get_num(access, "size", 0));
    else
      sb_puts(&what, rule);
    if (thread)
      sb_printf(&what, " in thread %s", thread);
    thread_flow(out, json_get(j, "stack"), what.s, &first, srcroot);
    free(sb_take(&what));
  }
  const char *at_thread = json_get_str(j, "alloc_thread");
  sb_printf(&what, "allocated%s%s here", at_thread ? " by thread " : "", at_thread ? at_thread : "");
  thread_flow(out, json_get(j, "alloc_stack"), what.s, &first, srcroot);
  free(sb_take(&what));
  const char *free_thread = json_get_str(j, "free_thread");
  sb_printf(&what, "freed%s%s here", free_thread ? " by thread " : "",
            free_thread ? free_thread : "");
  thread_flow(out, json_get(j, "free_stack"), what.s, &first, srcroot);
  free(sb_take(&what));
  const json *threads = json_get(j, "threads");
  for (size_t i = 0; threads && threads->type == J_ARR && i < threads->n; i++) {
    const json *t = threads->items[i];
    sb_printf(&what, "thread %s created by thread %s here",
              json_get_str(t, "thread") ? json_get_str(t, "thread") : "?",
              json_get_str(t, "created_by") ? json_get_str(t, "created_by") : "?");
    thread_flow(out, json_get(t, "stack"), what.s, &first, srcroot);
    free(sb_take(&what));
  }
}

/* result.provenance.conversionSources: the report lines (file and line)
 * this result was converted from, all of them when merged. */
static void provenance(FILE *out, const report_line *r) {
  fputs(",\"provenance\":{\"conversionSources\":[", out);
  bool first = true;
  for (size_t i = 0; i < r->nsources; i++) {
    const char *f = r->sources[i].file;
    bool seen = false; /* SARIF wants the items unique */
    for (size_t k = 0; k < i && !seen; k++)
      seen = r->sources[k].line == r->sources[i].line && strcmp(r->sources[k].file, f) == 0;
    if (seen)
      continue;
    fputs(!first ? ",{\"artifactLocation\":{\"uri\":\"" : "{\"artifactLocation\":{\"uri\":\"", out);
    if (strcmp(f, "-") == 0) {
      fputs("stdin", out);
    } else {
      if (f[0] == '/')
        fputs("file://", out);
      uri_path(out, f);
    }
    fprintf(out, "\"},\"region\":{\"startLine\":%ld}}", r->sources[i].line);
    first = false;
  }
  fputs("]}", out);
}

static void result(FILE *out, const report_line *r, size_t rule_index, const char *srcroot,
                   bool merged) {
  const json *j = r->j;
  /* By the record's kind, not the rule's name: an unknown kind such as
   * "leak-x" is an error record with no leak_kind. */
  bool leak = strcmp(json_get_str(j, "kind"), "leak") == 0;
  sarif_rule rule = sarif_rule_for(r->rule);
  fprintf(out, "{\"ruleId\":");
  json_string(out, r->rule);
  fprintf(out, ",\"ruleIndex\":%zu,\"level\":\"%s\",\"message\":{\"text\":", rule_index, rule.level);
  if (leak) {
    char *m = leak_message(j, json_get_str(j, "leak_kind"));
    json_string(out, m);
    free(m);
  } else {
    strbuf b = {0};
    const char *msg = json_get_str(j, "message");
    sb_puts(&b, msg ? msg : r->rule);
    if (json_get_str(j, "location"))
      sb_printf(&b, ". %s", json_get_str(j, "location"));
    json_string(out, b.s);
    free(b.s);
  }
  fputs("},\"locations\":[", out);
  const json *stack = json_get(j, leak ? "alloc_stack" : "stack");
  const json *at = primary_frame(stack, leak);
  if (!leak && !nonempty(stack)) {
    at = primary_frame(json_get(j, "free_stack"), true);
    if (!at)
      at = primary_frame(json_get(j, "alloc_stack"), true);
  }
  if (at) {
    fputc('{', out);
    physical(out, at, srcroot);
    logical(out, at);
    fputc('}', out);
  }
  fputc(']', out);
  if (has_flow(j, leak)) {
    fputs(",\"codeFlows\":[{\"threadFlows\":[", out);
    code_flow(out, j, r->rule, leak, srcroot);
    fputs("]}]", out);
  }
  if (merged || r->count > 1)
    fprintf(out, ",\"occurrenceCount\":%zu", r->count);
  if (merged)
    provenance(out, r);
  fputs(",\"properties\":{", out);
  static const char *const keep[] = {"pid", "kind", "leak_kind", "access", "thread",
                                     "summary", "bytes", "objects", "rate_bytes_per_s",
                                     "checks", NULL};
  bool any = false;
  for (int i = 0; keep[i]; i++) {
    const json *v = json_get(j, keep[i]);
    if (!v)
      continue;
    fprintf(out, "%s\"%s\":", any ? "," : "", keep[i]);
    json_write(out, v);
    any = true;
  }
  fputs("}}", out);
}

void write_sarif(FILE *out, const char *const *inputs, int ninputs, const char *srcroot,
                 bool merge) {
  report_set set = {0};
  for (int i = 0; i < ninputs; i++)
    reports_load(&set, inputs[i]);
  if (merge)
    reports_merge(&set);
  report_line *reports = set.v;
  size_t n = set.n;
  json **summaries = set.summaries;
  size_t nsum = set.nsum;

  /* Rules in order of first use; results point at them by index. */
  strmap rule_index = {0};
  const char **rules = NULL;
  size_t nrules = 0, rcap = 0;
  for (size_t i = 0; i < n; i++)
    if (strmap_get(&rule_index, reports[i].rule) == (size_t)-1) {
      strmap_put(&rule_index, reports[i].rule, nrules);
      GROW(rules, rcap, nrules);
      rules[nrules++] = reports[i].rule;
    }

  fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        "  \"version\": \"2.1.0\",\n  \"runs\": [{\n",
        out);
  fputs("    \"tool\": {\"driver\": {\"name\": \"Sleuth\", \"version\": \"" SLEUTH_VERSION "\","
        " \"rules\": [",
        out);
  for (size_t i = 0; i < nrules; i++) {
    sarif_rule r = sarif_rule_for(rules[i]);
    fputs(i ? ",\n      " : "\n      ", out);
    fputs("{\"id\":", out);
    json_string(out, r.id);
    fputs(",\"shortDescription\":{\"text\":", out);
    json_string(out, r.short_description);
    fputs("},\"fullDescription\":{\"text\":", out);
    json_string(out, r.help);
    fputs("},\"help\":{\"text\":", out);
    json_string(out, r.help);
    fprintf(out, "},\"defaultConfiguration\":{\"level\":\"%s\"}}", r.level);
  }
  fputs("]}},\n", out);
  if (srcroot) {
    fputs("    \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": \"file://", out);
    uri_path(out, srcroot);
    fputs(srcroot[0] && srcroot[strlen(srcroot) - 1] == '/' ? "\"}},\n" : "/\"}},\n", out);
  }
  if (nsum || set.nalerts) {
    fputs("    \"properties\": {", out);
    if (nsum) {
      fputs("\"leakSummaries\": [", out);
      for (size_t i = 0; i < nsum; i++) {
        fputs(i ? "," : "", out);
        json_write(out, summaries[i]);
      }
      fputs(set.nalerts ? "], " : "]", out);
    }
    if (set.nalerts) {
      fputs("\"heapAlerts\": [", out);
      for (size_t i = 0; i < set.nalerts; i++) {
        fputs(i ? "," : "", out);
        json_write(out, set.alerts[i]);
      }
      fputs("]", out);
    }
    fputs("},\n", out);
  }
  fputs("    \"results\": [", out);
  for (size_t i = 0; i < n; i++) {
    fputs(i ? ",\n      " : "\n      ", out);
    result(out, &reports[i], strmap_get(&rule_index, reports[i].rule), srcroot, merge);
  }
  fputs(n ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n", out);

  reports_free(&set);
  free(rules);
  strmap_free(&rule_index);
}
