// ASan's intercept_<name>=0 switches: each call below overflows its
// argument and is reported by default (kind and size as ASan 14); with the
// function's switch off the same call is not checked and prints nothing.
// (intercept_intrin covers memset/memcpy/memmove, intercept_strcmp the
// strcmp family, intercept_strchr strchr/strchrnul/strrchr.)
// RUN: %sleuth_cc -O0 %s -o %t
// RUN: not %run %t strstr 2>&1 | FileCheck %s -DFN=strstr -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRSTR
// RUN: env SLEUTH_OPTIONS=intercept_strstr=0 %run %t strstr 2>&1 | count 0
// RUN: not %run %t strspn 2>&1 | FileCheck %s -DFN=strspn -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRSPN
// RUN: env SLEUTH_OPTIONS=intercept_strspn=0 %run %t strspn 2>&1 | count 0
// RUN: not %run %t strtok 2>&1 | FileCheck %s -DFN=strtok -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRTOK
// RUN: env SLEUTH_OPTIONS=intercept_strtok=0 %run %t strtok 2>&1 | count 0
// RUN: not %run %t strpbrk 2>&1 | FileCheck %s -DFN=strpbrk -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRPBRK
// RUN: env SLEUTH_OPTIONS=intercept_strpbrk=0 %run %t strpbrk 2>&1 | count 0
// RUN: not %run %t strcmp 2>&1 | FileCheck %s -DFN=strcmp -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRCMP
// RUN: env SLEUTH_OPTIONS=intercept_strcmp=0 %run %t strcmp 2>&1 | count 0
// RUN: not %run %t strlen 2>&1 | FileCheck %s -DFN=strlen -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRLEN
// RUN: env SLEUTH_OPTIONS=intercept_strlen=0 %run %t strlen 2>&1 | count 0
// RUN: not %run %t strndup 2>&1 | FileCheck %s -DFN=strndup -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRNDUP
// RUN: env SLEUTH_OPTIONS=intercept_strndup=0 %run %t strndup 2>&1 | count 0
// RUN: not %run %t strchr 2>&1 | FileCheck %s -DFN=strchr -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STRCHR
// RUN: env SLEUTH_OPTIONS=intercept_strchr=0 %run %t strchr 2>&1 | count 0
// RUN: not %run %t memcmp 2>&1 | FileCheck %s -DFN=memcmp -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,MEMCMP
// RUN: env SLEUTH_OPTIONS=intercept_memcmp=0 %run %t memcmp 2>&1 | count 0
// RUN: not %run %t memmem 2>&1 | FileCheck %s -DFN=memmem -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,MEMMEM
// RUN: env SLEUTH_OPTIONS=intercept_memmem=0 %run %t memmem 2>&1 | count 0
// RUN: not %run %t intrin 2>&1 | FileCheck %s -DFN=memset -DACCESS=WRITE -DSIZE=9 --check-prefixes=CHECK,INTRIN
// RUN: env SLEUTH_OPTIONS=intercept_intrin=0 %run %t intrin 2>&1 | count 0
// RUN: not %run %t stat 2>&1 | FileCheck %s -DFN=stat -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,STAT
// RUN: env SLEUTH_OPTIONS=intercept_stat=0 %run %t stat 2>&1 | count 0
// RUN: not %run %t send 2>&1 | FileCheck %s -DFN=send -DACCESS=READ -DSIZE=9 --check-prefixes=CHECK,SEND
// RUN: env SLEUTH_OPTIONS=intercept_send=0 %run %t send 2>&1 | count 0
// RUN: not %run %t intrinsic 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: env SLEUTH_OPTIONS=intercept_intrin=0 %run %t intrinsic 2>&1 | count 0
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

// CHECK: ERROR: Sleuth: {{global|heap}}-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: [[ACCESS]] of size [[SIZE]] at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_

// Unterminated (its zeroed redzone ends every scan at byte 8).
char word[8] = {'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'};
char same[9] = "aaaaaaaa";
volatile long sink;
volatile size_t n9 = 9;
// Through pointers, so the compiler keeps the calls.
size_t (*volatile len)(const char *) = strlen;
char *(*volatile chr)(const char *, int) = strchr;
void *(*volatile set)(void *, int, size_t) = memset;

int main(int argc, char **argv) {
  (void)argc;
  const char *c = argv[1];
  char *blk = (char *)calloc(8, 1), *blk2 = (char *)calloc(16, 1);
  struct stat st;
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
    return 2;
  // STRSTR-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strstr"))
    sink = (long)strstr(word, "zz");
  // STRSPN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strspn"))
    sink = (long)strspn(word, "a");
  // STRTOK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strtok"))
    sink = (long)strtok(word, ",");
  // STRPBRK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strpbrk"))
    sink = (long)strpbrk(word, "yz");
  // STRCMP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strcmp"))
    sink = strcmp(word, same);
  // STRLEN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strlen"))
    sink = (long)len(word);
  // STRNDUP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strndup"))
    free(strndup(word, 20));
  // STRCHR-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "strchr"))
    sink = (long)chr(word, 'z');
  // MEMCMP-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "memcmp"))
    sink = memcmp(blk, blk2, 9);
  // MEMMEM-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "memmem"))
    sink = (long)memmem(blk, 9, "z", 1);
  // INTRIN-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "intrin"))
    set(blk, 0, n9);
  // STAT-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "stat"))
    sink = stat(word, &st);
  // SEND-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "send"))
    sink = send(fds[0], blk, 9, 0);
  // The instrumented intrinsic (frame #0 is the runtime's entry point, as
  // ASan's __asan_memset, #1 the caller) obeys the switch too.
  // INLINE: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // INLINE-NEXT: WRITE of size 9 at [[ADDR]] thread T0
  // INLINE-NEXT: {{#0 0x[0-9a-f]+ in __sleuth_memset}}
  // INLINE-NEXT: {{#1 0x[0-9a-f]+ in main .*}}intercept-switches.c:[[@LINE+2]]
  if (!strcmp(c, "intrinsic"))
    memset(blk, 0, n9);
  free(blk);
  free(blk2);
  return 0;
}
