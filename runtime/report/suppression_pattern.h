/* How a suppression rule's pattern matches a name (a function, a source
 * file or a module path): as ASan's and LSan's rules do, so their files
 * work unchanged. */
#ifndef SLEUTH_SUPPRESSION_PATTERN_H
#define SLEUTH_SUPPRESSION_PATTERN_H

/* Whether pattern matches somewhere in name: a substring match where `*`
 * stands for any run of characters (also '/'), a leading `^` anchors the
 * match at the name's start and a trailing `$` at its end; every other
 * character is literal. An empty or NULL name matches nothing. */
int suppression_pattern_match(const char *pattern, const char *name);
#endif
