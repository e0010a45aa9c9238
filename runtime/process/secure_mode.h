/* Secure mode (AT_SECURE): options that name files or commands are
 * ignored (secure_mode.c). */
#ifndef SLEUTH_SECURE_MODE_H
#define SLEUTH_SECURE_MODE_H

/* After the options are parsed: drops what secure mode forbids. */
void secure_mode_apply(void);
/* 1 under AT_SECURE (after secure_mode_apply). */
int secure_mode(void);
#endif
