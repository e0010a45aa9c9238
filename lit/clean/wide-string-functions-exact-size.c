// The wide-character string and memory functions on blocks of exactly the
// size their data needs: nothing is reported and the results are right.
// RUN: %sleuth_cc -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cc -O2 %s -o %t && %run %t 2>&1 | count 0
#include <stdlib.h>
#include <wchar.h>

static wchar_t *wide(size_t n) { return (wchar_t *)malloc(n * sizeof(wchar_t)); }

int main(int argc, char **argv) {
  int bad = 0;
  wchar_t *a = wide(4), *b = wide(7), *c = wide(3);
  wcscpy(a, L"abc");
  bad |= wcslen(a) != 3 || wcsnlen(a, 2) != 2 || wcsnlen(a, 10) != 3;
  wcscpy(b, a);
  wcscat(b, L"def");
  bad |= wcscmp(b, L"abcdef") != 0 || wcsncmp(b, L"abcxyz", 3) != 0;
  bad |= wcscmp(a, b) >= 0;
  wcsncpy(c, L"xyz", 3); // no NUL: exactly 3 elements written
  bad |= wmemcmp(c, L"xyz", 3) != 0;
  bad |= wcschr(a, L'b') != a + 1 || wcschr(a, L'q') != 0 || wcsrchr(b, L'd') != b + 3;
  wmemset(c, L'-', 3);
  wmemcpy(a, c, 3);
  wmemmove(b + 1, b, 5);
  bad |= a[0] != L'-' || b[1] != L'a' || b[6] != 0;
  free(a), free(b), free(c);
  return bad;
}
