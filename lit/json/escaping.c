// JSON strings are escaped: a source directory whose name holds a quote, a
// backslash, a tab, a control character, bytes that are not UTF-8 (0xff,
// and 0xc3 not followed by a continuation byte) and a valid UTF-8 "é"
// comes out as \", \\, \t, \u0001, \ufffd, \ufffd and é, and every line
// still parses.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cd %t.dir && mkdir "$(printf 'w"q\\b\tx\001\377\303(z\303\251')" && cd w* && cp %s esc.c && %sleuth_cc -O0 -g esc.c -o %t
// RUN: env SLEUTH_OPTIONS=log_format=json not %run %t 2> %t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s
// RUN: grep -qF '"file":"%t.dir/w\"q\\b\tx\u0001\ufffd\ufffd(z'$(printf '\303\251')'/esc.c","line":' %t.json
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  char *p = (char *)malloc(4);
  p[argc + 3] = 1;
  return 0;
}
// CHECK: kind: heap-buffer-overflow
// CHECK: stack #0 main {{.*}}esc.c:16:
// CHECK: summary: heap-buffer-overflow {{.*}}esc.c:16:{{[0-9]+}} in main
