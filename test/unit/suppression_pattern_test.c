/* ASan's suppression patterns: a substring match, `*` any run, `^` and
 * `$` anchors (the cases checked against clang -fsanitize=address). */
#include "check.h"
#include "suppression_pattern.h"

int main(void) {
  /* Substring anywhere. */
  CHECK(suppression_pattern_match("Extension::Reg",
                                  "MallocExtension::Register(void*)"));
  CHECK(suppression_pattern_match("libc", "/lib/x86_64-linux-gnu/libc.so.6"));
  CHECK(!suppression_pattern_match("libz", "/lib/libc.so.6"));
  /* Anchors. */
  CHECK(suppression_pattern_match("^copy_in$", "copy_in"));
  CHECK(!suppression_pattern_match("^copy_in$", "copy_in2"));
  CHECK(!suppression_pattern_match("^opy", "copy_in"));
  CHECK(!suppression_pattern_match("strcp$", "strcpy"));
  CHECK(suppression_pattern_match("^other_alloc(", "other_alloc(unsigned long)"));
  CHECK(!suppression_pattern_match("^other_alloc(", "other_alloc_too(long)"));
  /* `*` in the middle, at the ends, with anchors. */
  CHECK(suppression_pattern_match("cop*in", "my_copy_in_place"));
  CHECK(suppression_pattern_match("^other*$", "other_alloc"));
  CHECK(suppression_pattern_match("*/vendor/*", "/src/vendor/z.c"));
  CHECK(!suppression_pattern_match("^a*c$", "abcd"));
  /* Where ASan's non-backtracking matcher gives up, this one does not. */
  CHECK(suppression_pattern_match("^a*b$", "abab"));
  /* Nothing matches an empty or missing name. */
  CHECK(!suppression_pattern_match("x", ""));
  CHECK(!suppression_pattern_match("x", 0));
  CHECK(suppression_pattern_match("*", "anything"));
  /* A pattern longer than the matcher's stack buffer. */
  char longpat[600], name[700];
  for (int i = 0; i < 599; i++)
    longpat[i] = 'a';
  longpat[599] = 0;
  for (int i = 0; i < 699; i++)
    name[i] = 'a';
  name[699] = 0;
  CHECK(suppression_pattern_match(longpat, name));
  CHECK_DONE("suppression_pattern_test");
}
