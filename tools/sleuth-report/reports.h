/* The runtime's JSON report files (log_format=json, one object per line)
 * loaded into memory, for --sarif and --merge: findings (error and leak
 * records), leak summaries and heap-profiler alerts apart, and the merge
 * that makes one finding of every group with the same kind and stacks. */
#ifndef SLEUTH_REPORT_REPORTS_H
#define SLEUTH_REPORT_REPORTS_H

#include <stddef.h>
#include <stdio.h>

#include "json.h"

/* Where a finding was read: a file and its line. */
typedef struct {
  char *file;
  long line;
} report_source;

typedef struct {
  json *j;
  char *rule; /* kind, or leak-<leak_kind> */
  char *key;  /* rule and stacks by function, file and line (reports_merge) */
  size_t count; /* occurrences: 1, or a merged input's occurrence_count */
  report_source *sources;
  size_t nsources, scap;
} report_line;

typedef struct {
  report_line *v;
  size_t n, cap;
  json **summaries; /* "leak-summary" lines: totals, not findings */
  size_t nsum, sumcap;
  json **alerts; /* "heap-alert" lines: events of a run, not findings */
  size_t nalerts, alertcap;
} report_set;

/* Reads one file ("-": standard input); bad input is one line naming the
 * file and line, exit 1. */
void reports_load(report_set *s, const char *path);
/* Whether the file starts like a JSON report file (its first non-blank
 * character is '{'), for --merge to tell report files from heap dumps. */
int reports_sniff(const char *head);
/* One finding per group of the same rule and the same stacks ("stack",
 * "alloc_stack", "free_stack", thread creation stacks) compared by
 * function, file and line, never by pc, which address randomisation
 * changes; frames without a source line compare by module and offset. The
 * first finding in input order stands for its group, with the counts
 * added up and the sources of all. */
void reports_merge(report_set *s);
/* --merge without --sarif: the merged findings as JSON Lines, each object
 * as read plus "occurrence_count" and "sources" (["FILE:LINE", ...]), then
 * one "leak-summary" with the totals added up, then the alerts as read. */
void reports_write_jsonl(FILE *out, const report_set *s);
void reports_free(report_set *s);

#endif
