// The clean twin of use-after-poison.c: an arena that poisons what it has
// not handed out and unpoisons each piece before use prints nothing.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <sanitizer/asan_interface.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  char *arena = malloc(256);
  ASAN_POISON_MEMORY_REGION(arena, 256);
  volatile char *v = arena;
  int sum = 0;
  for (int piece = 0; piece < 8; piece++) {
    ASAN_UNPOISON_MEMORY_REGION(arena + piece * 32, 32);
    for (int i = 0; i < 32; i++)
      v[piece * 32 + i] = (char)(i + argc);
    sum += v[piece * 32 + 31];
  }
  ASAN_POISON_MEMORY_REGION(arena, 256);
  ASAN_UNPOISON_MEMORY_REGION(arena, 256);
  free(arena);
  return sum == 12345;
}
