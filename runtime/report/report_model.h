/* What a report says, apart from how it is written. report.c fills one
 * report_model per error (its kind, headline, access, stacks, what the
 * address is, the frame the SUMMARY names); report_text.c renders it as
 * DESIGN.md §3's text and report_json.c as one JSON line (contract A), so a
 * new report kind gets both formats by filling the model. The same split
 * holds for the leak report's pieces (leak records, LEAK SUMMARY). */
#ifndef SLEUTH_REPORT_MODEL_H
#define SLEUTH_REPORT_MODEL_H

#include "report.h"
#include "scariness.h"
#include "stackdepot.h"

#define MODEL_MAX_THREADS 16

typedef struct {
  const char *kind;
  sbuf_t message;  /* the headline after "ERROR: Sleuth: ", kind first */
  sbuf_t details;  /* whole lines between the headline and the stack */
  int details_pid; /* text: each details line starts with "==PID==" */
  const char *access_type; /* "READ" / "WRITE"; NULL: no access */
  uptr access_size;        /* 0: unknown */
  uptr access_addr;
  int access_line; /* text: "<TYPE> of size N at ADDR thread Tn" line */
  unsigned tid;    /* the thread the error happened on */
  int deadly_signal; /* text: ASan's "Sleuth:DEADLYSIGNAL" line first */
  uptr *pcs; /* the error's stack: DEPOT_MAX_FRAMES, report.c's, locked */
  int npcs;
  int first_exact; /* pcs[0] is the faulting pc, not a return address */
  int no_error_stack; /* text: no stack after the headline (odr-violation) */
  sbuf_t location; /* what the address is; may be empty or several lines */
  int has_alloc, has_free; /* the heap block's stacks, when known */
  uint32_t alloc_stack, free_stack;
  unsigned alloc_tid, free_tid;
  /* An overflow of a live block that landed in a freed one: the freed
   * block's description and stacks, after the live block's. */
  sbuf_t landed;
  int has_landed;
  uint32_t landed_alloc_stack, landed_free_stack;
  unsigned landed_alloc_tid, landed_free_tid;
  /* A second address (invalid-pointer-pair): what it is, and its heap
   * block's stacks, after the first's. */
  sbuf_t second;
  int has_second, second_has_alloc, second_has_free;
  uint32_t second_alloc_stack, second_free_stack;
  unsigned second_alloc_tid, second_free_tid;
  uint32_t threads[MODEL_MAX_THREADS]; /* threads whose creation to show */
  int nthreads;
  uptr shadow_addr;    /* text: shadow bytes around it (0: none) */
  const char *trailer; /* text: a line before the SUMMARY */
  uptr summary_pc;     /* the frame the SUMMARY names (0: none) */
  sbuf_t summary_note; /* without summary_pc: "KIND: NOTE" instead */
  int summary_exact;
  const char *hint; /* text: a line after the SUMMARY */
  scariness_t scariness; /* print_scariness=1 (score 0: not shown) */
  const char *command; /* print_cmdline=1: argv joined by spaces */
} report_model;

/* "KIND FILE:LINE:COL in FUNCTION" (or "(MODULE+0xOFF)"): the SUMMARY
 * line's text without its "SUMMARY: Sleuth: " prefix. */
void report_summary_text(sbuf_t *b, const report_model *m);
/* The length of s without its trailing newlines. */
size_t report_trimmed_len(const sbuf_t *s);

/* Text (report_text.c); color adds ANSI colours as ASan does. */
void text_render(sbuf_t *b, const report_model *m, int color);
void text_leak_header(sbuf_t *b, int color);
void text_leak_record(sbuf_t *b, const char *leak_kind, uptr bytes,
                      uptr objects, uint32_t stack,
                      const leak_growth_info *growth, int color);
void text_leak_summary(sbuf_t *b, const leak_totals *t);
void text_growth_header(sbuf_t *b, int is_error, int color);
void text_growth_summary(sbuf_t *b, uptr bytes, uptr objects, unsigned checks);

/* JSON Lines (report_json.c): each call appends one object and '\n'. */
void json_render(sbuf_t *b, const report_model *m);
void json_leak_record(sbuf_t *b, const char *leak_kind, uptr bytes,
                      uptr objects, uint32_t stack,
                      const leak_growth_info *growth);
void json_leak_summary(sbuf_t *b, const leak_totals *t);
void json_heap_alert(sbuf_t *b, unsigned long long inuse,
                     unsigned long long threshold, unsigned long long alert_mb,
                     const char *dump);
#endif
