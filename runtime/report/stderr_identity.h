/* Whether fd 2 is still the program's stderr (stderr_identity.c). */
#ifndef SLEUTH_STDERR_IDENTITY_H
#define SLEUTH_STDERR_IDENTITY_H

#include "sys.h"

/* Records what fd 2 is now: at start-up, and after the program put a file
 * there on purpose (the dup2/dup3/freopen interceptors). */
void stderr_note_identity(void);
/* 1 if fd 2 is open and is the file last recorded (or nothing was
 * recorded yet: before start-up fd 2 is taken for stderr). */
int stderr_still_stderr(void);
#endif
