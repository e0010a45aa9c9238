// poll, select, getaddrinfo, the pthread getters and the multibyte
// conversions given a heap block too small for what they read or store:
// kind and size as ASan 14 reports them (poll: its events field; ASan does
// not check select's sets, which the kernel copies in whole longs), the
// interceptor as frame #0, the call as #1, the allocation stack.
// RUN: %sleuth_cc -O0 %s -o %t -pthread
// RUN: not %run %t poll 2>&1 | FileCheck %s -DFN=poll -DACCESS=READ -DSIZE=2 -DBLOCK=4 --check-prefixes=CHECK,POLL
// RUN: not %run %t select 2>&1 | FileCheck %s -DFN=select -DACCESS=READ -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,SELECT
// RUN: not %run %t getaddrinfo 2>&1 | FileCheck %s -DFN=getaddrinfo -DACCESS=WRITE -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,GETADDRINFO
// RUN: not %run %t stacksize 2>&1 | FileCheck %s -DFN=pthread_attr_getstacksize -DACCESS=WRITE -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,STACKSIZE
// RUN: not %run %t key 2>&1 | FileCheck %s -DFN=pthread_key_create -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,KEY
// RUN: not %run %t mutextype 2>&1 | FileCheck %s -DFN=pthread_mutexattr_gettype -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,MUTEXTYPE
// RUN: not %run %t wcrtomb 2>&1 | FileCheck %s -DFN=wcrtomb -DACCESS=WRITE -DSIZE=2 -DBLOCK=1 --check-prefixes=CHECK,WCRTOMB
// RUN: not %run %t mbstowcs 2>&1 | FileCheck %s -DFN=mbstowcs -DACCESS=WRITE -DSIZE=16 -DBLOCK=8 --check-prefixes=CHECK,MBSTOWCS
// RUN: not %run %t wcstombs 2>&1 | FileCheck %s -DFN=wcstombs -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,WCSTOMBS
// RUN: %sleuth_cc -O2 %s -o %t -pthread
// RUN: not %run %t poll 2>&1 | FileCheck %s -DFN=poll -DACCESS=READ -DSIZE=2 -DBLOCK=4 --check-prefixes=CHECK,POLL
// RUN: not %run %t select 2>&1 | FileCheck %s -DFN=select -DACCESS=READ -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,SELECT
// RUN: not %run %t getaddrinfo 2>&1 | FileCheck %s -DFN=getaddrinfo -DACCESS=WRITE -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,GETADDRINFO
// RUN: not %run %t stacksize 2>&1 | FileCheck %s -DFN=pthread_attr_getstacksize -DACCESS=WRITE -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,STACKSIZE
// RUN: not %run %t key 2>&1 | FileCheck %s -DFN=pthread_key_create -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,KEY
// RUN: not %run %t mutextype 2>&1 | FileCheck %s -DFN=pthread_mutexattr_gettype -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,MUTEXTYPE
// RUN: not %run %t wcrtomb 2>&1 | FileCheck %s -DFN=wcrtomb -DACCESS=WRITE -DSIZE=2 -DBLOCK=1 --check-prefixes=CHECK,WCRTOMB
// RUN: not %run %t mbstowcs 2>&1 | FileCheck %s -DFN=mbstowcs -DACCESS=WRITE -DSIZE=16 -DBLOCK=8 --check-prefixes=CHECK,MBSTOWCS
// RUN: not %run %t wcstombs 2>&1 | FileCheck %s -DFN=wcstombs -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,WCSTOMBS
// Preloaded into a plain -O2 build:
// RUN: %clang -O2 -g %s -o %t.plain -pthread
// RUN: not %sleuth_run %t.plain poll 2>&1 | FileCheck %s -DFN=poll -DACCESS=READ -DSIZE=2 -DBLOCK=4 --check-prefixes=CHECK,POLL
// RUN: not %sleuth_run %t.plain select 2>&1 | FileCheck %s -DFN=select -DACCESS=READ -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,SELECT
// RUN: not %sleuth_run %t.plain getaddrinfo 2>&1 | FileCheck %s -DFN=getaddrinfo -DACCESS=WRITE -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,GETADDRINFO
// RUN: not %sleuth_run %t.plain stacksize 2>&1 | FileCheck %s -DFN=pthread_attr_getstacksize -DACCESS=WRITE -DSIZE=8 -DBLOCK=4 --check-prefixes=CHECK,STACKSIZE
// RUN: not %sleuth_run %t.plain key 2>&1 | FileCheck %s -DFN=pthread_key_create -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,KEY
// RUN: not %sleuth_run %t.plain mutextype 2>&1 | FileCheck %s -DFN=pthread_mutexattr_gettype -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,MUTEXTYPE
// RUN: not %sleuth_run %t.plain wcrtomb 2>&1 | FileCheck %s -DFN=wcrtomb -DACCESS=WRITE -DSIZE=2 -DBLOCK=1 --check-prefixes=CHECK,WCRTOMB
// RUN: not %sleuth_run %t.plain mbstowcs 2>&1 | FileCheck %s -DFN=mbstowcs -DACCESS=WRITE -DSIZE=16 -DBLOCK=8 --check-prefixes=CHECK,MBSTOWCS
// RUN: not %sleuth_run %t.plain wcstombs 2>&1 | FileCheck %s -DFN=wcstombs -DACCESS=WRITE -DSIZE=4 -DBLOCK=2 --check-prefixes=CHECK,WCSTOMBS
#define _GNU_SOURCE
#include <locale.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <wchar.h>

// CHECK: ERROR: Sleuth: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
// CHECK-NEXT: [[ACCESS]] of size [[SIZE]] at [[ADDR]] thread T0
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in }}[[FN]] {{.*}}interceptors_

static size_t block_size(const char *c) {
  if (!strcmp(c, "poll"))
    return 4;
  if (!strcmp(c, "select"))
    return 4;
  if (!strcmp(c, "getaddrinfo"))
    return 4;
  if (!strcmp(c, "stacksize"))
    return 4;
  if (!strcmp(c, "key"))
    return 2;
  if (!strcmp(c, "mutextype"))
    return 2;
  if (!strcmp(c, "wcrtomb"))
    return 1;
  if (!strcmp(c, "mbstowcs"))
    return 8;
  if (!strcmp(c, "wcstombs"))
    return 2;
  return 0;
}

int main(int argc, char **argv) {
  (void)argc;
  const char *c = argv[1];
  char *blk = (char *)calloc(block_size(c), 1);
  struct timeval tv = {0, 0};
  struct addrinfo hints;
  memset(&hints, 0, sizeof hints);
  hints.ai_flags = AI_NUMERICHOST; // no name service needed
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_mutexattr_t mattr;
  pthread_mutexattr_init(&mattr);
  if (!setlocale(LC_ALL, "C.UTF-8"))
    return 2;
  // POLL-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "poll"))
    poll((struct pollfd *)blk, 1, 0);
  // SELECT-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "select"))
    select(1, (fd_set *)blk, 0, 0, &tv);
  // GETADDRINFO-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "getaddrinfo"))
    getaddrinfo("127.0.0.1", 0, &hints, (struct addrinfo **)blk);
  // STACKSIZE-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "stacksize"))
    pthread_attr_getstacksize(&attr, (size_t *)blk);
  // KEY-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "key"))
    pthread_key_create((pthread_key_t *)blk, 0);
  // MUTEXTYPE-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "mutextype"))
    pthread_mutexattr_gettype(&mattr, (int *)blk);
  // WCRTOMB-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "wcrtomb"))
    wcrtomb(blk, L'\u00e9', 0); // two bytes in UTF-8
  // MBSTOWCS-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "mbstowcs"))
    mbstowcs((wchar_t *)blk, "abc", 8); // three and the terminator
  // WCSTOMBS-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:[[@LINE+2]]
  if (!strcmp(c, "wcstombs"))
    wcstombs(blk, L"abc", 8);
  __asm__ volatile("" : : "r"(blk) : "memory");
  free(blk);
  return 0;
}
// CHECK: [[ADDR]] is located 0 bytes after [[BLOCK]]-byte region
// CHECK-NEXT: allocated by thread T0 here:
// CHECK-NEXT: {{#0 0x[0-9a-f]+ in calloc}}
// CHECK-NEXT: {{#1 0x[0-9a-f]+ in main .*}}sys-overflow.c:76
// CHECK: SUMMARY: Sleuth: heap-buffer-overflow {{.*}} in [[FN]]
