// color=always paints text reports with ANSI escapes (bold red ERROR line,
// blue access line and function names, green locations, magenta stack
// headings, blue leak records); never, and auto into a pipe or a log file,
// paint nothing; JSON is never painted. auto on a terminal (script(1)
// gives the program a pty) paints.
// RUN: %sleuth_cc -O0 -g %s -o %t
// RUN: env SLEUTH_OPTIONS=color=always not %run %t 2>&1 | FileCheck %s --check-prefix=ALWAYS
// RUN: env SLEUTH_OPTIONS=color=always not %run %t leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: env SLEUTH_OPTIONS=color=never not %run %t 2> %t.never
// RUN: FileCheck %s --check-prefix=PLAIN < %t.never
// RUN: not grep -q $'\033' %t.never
// RUN: env SLEUTH_OPTIONS=color=auto not %run %t 2> %t.pipe
// RUN: FileCheck %s --check-prefix=PLAIN < %t.pipe
// RUN: not grep -q $'\033' %t.pipe
// RUN: rm -f %t.log.*
// RUN: env SLEUTH_OPTIONS=color=auto:log_path=%t.log not %run %t
// RUN: FileCheck %s --check-prefix=PLAIN < %t.log.$(ls %t.log.* | sed 's/.*\.//')
// RUN: not grep -q $'\033' %t.log.*
// RUN: env SLEUTH_OPTIONS=color=always:log_format=json not %run %t 2> %t.json
// RUN: %python %S/Inputs/check_json.py %t.json > /dev/null
// RUN: not grep -q $'\033' %t.json
// RUN: env SLEUTH_OPTIONS=color=auto script -qec %t /dev/null > %t.tty || true
// RUN: FileCheck %s --check-prefix=ALWAYS < %t.tty
#include <stdlib.h>
#include <string.h>

void *volatile sink;

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "leak")) {
    sink = malloc(33);
    sink = 0;
    return 0;
  }
  char *p = (char *)malloc(8);
  free(p);
  return p[argc + 2];
}
// ALWAYS: {{.\[1m.\[31m==[0-9]+==ERROR: Sleuth: heap-use-after-free on address .*.\[0m}}
// ALWAYS: {{.\[1m.\[34mREAD of size 1 at 0x[0-9a-f]+ thread T0.\[0m}}
// ALWAYS: {{#0 0x[0-9a-f]+ in .\[1m.\[34mmain.\[0m .\[1m.\[32m.*color.c:37:[0-9]+.\[0m}}
// ALWAYS: {{.\[1m.\[32m0x[0-9a-f]+ is located 3 bytes inside of 8-byte region .*.\[0m}}
// ALWAYS: {{.\[1m.\[35mfreed by thread T0 here:.\[0m}}
// ALWAYS: {{.\[1m.\[35mpreviously allocated by thread T0 here:.\[0m}}
// ALWAYS: SUMMARY: Sleuth: heap-use-after-free

// LEAK: {{.\[1m.\[31m==[0-9]+==ERROR: Sleuth: detected memory leaks.\[0m}}
// LEAK: {{.\[1m.\[34mDirect leak of 33 byte\(s\) in 1 object\(s\) allocated from:.\[0m}}

// PLAIN: {{^}}=={{[0-9]+}}==ERROR: Sleuth: heap-use-after-free
// PLAIN-NEXT: {{^}}READ of size 1
// PLAIN: {{^}}SUMMARY: Sleuth: heap-use-after-free
